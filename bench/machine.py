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
