"""How long instructors and CI wait for slides: export all chapter slides, run the browser suite.

Run from the course folder with the course's Python (``.venv/bin/python
bench/slides.py``); it writes ``bench/slides.md``. Each step is timed as the
command a person would type, in a fresh process, so kernel and browser start-up
are included:

1. ``coursekit slides`` on every chapter notebook (public CDNs);
2. ``coursekit slides --offline`` with the assets already cached;
3. fetching the offline assets into an empty coursekit cache, then exporting
   offline (npm keeps its own download cache, which is warm here);
4. the browser suite, ``pytest -m browser tests/browser``.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from machine import describe

ROOT = Path(__file__).resolve().parent.parent
NOTE = ROOT / "bench" / "slides.md"
REPEATS = 3  # exports are repeated and the best time kept; the browser suite runs once


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    """Seconds ``command`` takes, run in the course folder; fails loudly if it fails."""
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=ROOT, env={**os.environ, **(env or {})}, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return seconds


def best_of(command: list[str], env: dict[str, str] | None = None) -> float:
    return min(timed(command, env) for _ in range(REPEATS))


def main() -> None:
    coursekit = str(Path(sys.executable).with_name("coursekit"))
    chapters = sorted((ROOT / "notebooks").glob("*.ipynb"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "slides"
        online = best_of([coursekit, "slides", "--out", str(out / "online")])
        timed([coursekit, "slides", "--fetch-assets"])  # make sure the cache is filled
        offline = best_of([coursekit, "slides", "--offline", "--out", str(out / "offline")])
        cold = timed(
            [coursekit, "slides", "--offline", "--out", str(out / "cold")],
            env={"COURSEKIT_CACHE": str(Path(tmp) / "empty-cache")},
        )
        vendor_mb = (
            sum(f.stat().st_size for f in (out / "offline" / "vendor").rglob("*") if f.is_file())
            / 1e6
        )
    browser = timed([sys.executable, "-m", "pytest", "-m", "browser", "-q", "tests/browser"])

    names = ", ".join(path.stem for path in chapters)
    NOTE.write_text(
        f"""# Slides and browser tests: how long they take

Measured by `bench/slides.py` on {datetime.date.today()}: {describe()} at the end,
cores shared with other work. Times are wall-clock seconds of the
whole command (kernel and browser start-up included); exports are the best of {REPEATS}.

Chapter notebooks: {len(chapters)} ({names}).

| what | seconds |
|---|---:|
| `coursekit slides` (all chapters, executed, public CDNs) | {online:.1f} |
| `coursekit slides --offline` (assets cached) | {offline:.1f} |
| `coursekit slides --offline` into an empty coursekit cache (npm's cache warm) | {cold:.1f} |
| `pytest -m browser tests/browser` (offline decks + JupyterLab, one run) | {browser:.1f} |

The offline `vendor/` folder copied beside the decks holds {vendor_mb:.1f} MB.
Most of an export is running the notebook in a fresh kernel; most of the browser
suite is JupyterLab starting and running each notebook.
"""
    )
    print(NOTE.read_text())


if __name__ == "__main__":
    main()
