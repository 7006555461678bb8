"""Where a benchmark ran, in one line, for the notes under bench/.

The scripts here run as ``python bench/NAME.py``, so this module imports as
``machine`` (Python puts the script's folder first on the path).
"""

from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name (from /proc/cpuinfo on Linux), else what platform knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def describe() -> str:
    """CPU, cores, system, Python and the load average now, e.g. for a note's first line."""
    text = (
        f"{cpu_model()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )
    try:
        return f"{text}, load average {os.getloadavg()[0]:.1f}"
    except OSError:  # no load average on this system
        return text


TICTACTOE_SECTION = "## Tic-tac-toe: minimax and α-β against OpenSpiel"
"""The section of RESULTS.md that bench/minimax_tictactoe.py and bench/alphabeta_tictactoe.py
share: one line each, kept by bench/beyond.py and bench/connect4_pons.py when they rewrite
their own sections (it stands between the two)."""


def record_goal(key: str, line: str) -> None:
    """Put ``- key: line`` into RESULTS.md's tic-tac-toe section, replacing the old ``key`` line.

    The section stands just before Pons' section (bench/connect4_pons.py), or at the end.
    """
    note = Path(__file__).with_name("RESULTS.md")
    text = note.read_text() if note.exists() else ""
    pons = "## Connect Four: Pons' test sets"
    text, tail = text.split(pons, 1) if pons in text else (text, None)
    head, _, body = text.partition(TICTACTOE_SECTION)
    bullets = [b for b in body.splitlines() if b.startswith("- ") and not b.startswith(f"- {key}:")]
    section = [
        TICTACTOE_SECTION,
        "",
        "Issue 26's goal: coursekit's plain minimax and α-β at least twice as fast as "
        "OpenSpiel's on the same nodes, timed bare in one run (CPU time, garbage collector "
        "on, the median of several interleaved runs). Each line is written by its benchmark; "
        "the tables are in bench/minimax.md and bench/alphabeta.md. The ratio depends on "
        "OpenSpiel's version: on this machine (2026-11-26) OpenSpiel 1.5 took about twice as "
        "long as 2.0.2 (minimax 1.31 s against 0.72 s, α-β 47 ms against 25 ms), which made "
        "the ratios 2.6× and 2.8×; measure against the newest.",
        "",
        *sorted([*bullets, f"- {key}: {line}"]),
        "",
    ]
    new = head.rstrip() + "\n\n" + "\n".join(section)
    note.write_text(new + ("\n" + pons + tail if tail is not None else ""))
