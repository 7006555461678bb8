"""How long a student waits in the offline lab: from opening it to chapter 04's first cell.

Run from the course folder with the course's Python (``.venv/bin/python bench/site.py``);
it writes ``bench/site.md``. It builds the lab of chapter 04 with Pyodide bundled
(``coursekit site --no-book --offline --only 04``), serves it on localhost and opens it
in headless Chromium with every request off the machine aborted, then measures, for a
fresh browser each time (nothing cached), the seconds from asking for the page to

1. the Pyodide kernel being idle (Pyodide, micropip, IPython and the kernel loaded);
2. the end of the first code cell (coursekit and its wheels installed from the site),
   started by "Run All" as soon as the kernel is idle.
"""

from __future__ import annotations

import datetime
import functools
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from machine import describe

ROOT = Path(__file__).resolve().parent.parent
NOTE = ROOT / "bench" / "site.md"
REPEATS = 3
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
CURRENT = "window.jupyterapp && window.jupyterapp.shell.currentWidget"
IDLE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const session = panel && panel.sessionContext && panel.sessionContext.session;
  return Boolean(session && session.kernel && session.kernel.status === "idle");
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def build(out: Path) -> float:
    start = time.perf_counter()
    command = [sys.executable, "-m", "coursekit", "site", "--out", str(out), "--no-book",
               "--offline", "--only", "04"]  # fmt: skip
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def one_run(playwright, base: str) -> tuple[float, float]:
    """(kernel idle, first cell done) seconds after asking for the page, in a fresh browser."""
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
    try:
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        context.route(
            "**/*",
            lambda route: (
                route.continue_()
                if route.request.url.startswith((base, "data:", "blob:"))
                else route.abort()
            ),
        )
        page = context.new_page()
        start = time.perf_counter()
        page.goto(f"{base}lab/lab/index.html?path=notebooks/04_alphabeta.ipynb")
        page.wait_for_function(IDLE, timeout=300_000)
        idle = time.perf_counter() - start
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(
            f"() => {CURRENT}.content.model.cells.get(0).executionCount > 0",
            timeout=300_000,
            polling=50,
        )
        return idle, time.perf_counter() - start
    finally:
        browser.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        build_seconds = build(out)
        handler = functools.partial(Quiet, directory=str(out))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}/"
        with sync_playwright() as playwright:
            runs = [one_run(playwright, base) for _ in range(REPEATS)]
        server.shutdown()
    idle, first = ([r[k] for r in runs] for k in (0, 1))
    row = lambda xs: f"{statistics.median(xs):.1f} | {', '.join(f'{x:.1f}' for x in xs)}"  # noqa: E731
    today = datetime.date.today().isoformat()
    NOTE.write_text(
        f"""# The offline lab: time to the first executed cell

Measured by `bench/site.py` on {today}: {describe()}.
The lab of chapter 04 built with Pyodide bundled (`coursekit site --no-book --offline
--only 04`, {build_seconds:.0f} s with warm caches), served on localhost, opened in a fresh
headless Chromium each time with every request off the machine aborted; "Run All" as soon
as the kernel is idle. Seconds after asking for the page, {REPEATS} runs:

| what | median | runs |
|---|---:|---|
| Pyodide kernel idle | {row(idle)} |
| first code cell done (coursekit installed from the site) | {row(first)} |

Goal: under 15 s on these machines.
""",
        encoding="utf-8",
    )
    print(NOTE.read_text())


if __name__ == "__main__":
    main()
