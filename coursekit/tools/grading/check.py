"""Check an exercise notebook: every graded cell is one test, and the summary reads like a score.

``coursekit check exercises/02_and_or_graphs.ipynb`` (or ``./course check …``)
runs ``pytest --nbval-lax`` on the notebook in a fresh kernel, with the
:mod:`coursekit.tools.grading.nbval_cells` plugin: all cells run top to bottom, only
graded cells count as tests, and the run ends with the points of each part::

    ✔ part 1 (cell 4): 1/1
    ✘ part 2 (cell 6): 0/2
    score: 1 of 3 points
    ==================== 1 failed, 1 passed in 3.12s ====================

The same machinery, writing a JSON report instead, is what ``coursekit
grade`` runs on every submission (:func:`run_cells`).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.text import say
from coursekit.tools.sandbox.process import python

if TYPE_CHECKING:
    from coursekit.tools.sandbox.process import Sandbox

DEFAULT_TIMEOUT = 60
"""Seconds a cell may run before it is interrupted and counted as failed."""


UNANSWERED = "NotImplementedError"
"""What the stub of an unanswered answer cell raises."""

CHECK_FAILURES = ("CheckFailed", "AssertionError")
"""What a graded cell raises when its check finds the answer wrong (a hint, not a bug)."""


@dataclass
class CellResult:
    """What happened to one code cell in a run (``index``: its position in the notebook, from 0)."""

    index: int
    cell_id: str | None
    kind: str  # "graded", "answer" or "other"
    points: float
    outcome: str  # "passed", "failed", "skipped" or "error" (could not even start)
    ename: str | None = None
    evalue: str | None = None
    timed_out: bool = False
    kernel_alive: bool = True
    seconds: float = 0.0


# `python -m pytest`, without the slow optional import of every notebook read (see
# coursekit.tools.skip_slow_optional_imports).
PYTEST = (
    "import sys; from coursekit.tools import skip_slow_optional_imports; "
    "skip_slow_optional_imports(); import pytest; sys.exit(pytest.main())"
)


class CheckError(RuntimeError):
    """The notebook could not be run at all (pytest or nbval missing, pytest crashed)."""


def pytest_command(
    notebook: Path,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    score: bool = False,
    report: Path | None = None,
    rootdir: Path | None = None,
    confine: bool = False,
) -> list[str]:
    """The ``pytest --nbval-lax`` command line that checks ``notebook``.

    The project's own pytest settings are left out (``-c`` an empty file), so
    the run is the same wherever it is started; run it with :func:`pytest_env`.
    ``confine``: the kernel confines itself before it runs a cell (in a sandbox).
    """
    command = [
        python(),
        "-c",
        PYTEST,
        str(notebook),
        "-c",
        os.devnull,
        "--rootdir",
        str(rootdir or Path.cwd()),
        "-p",
        "nbval",
        "-p",
        "coursekit.tools.grading.nbval_cells",
        "-p",
        "no:cacheprovider",
        "--nbval-lax",
        "--nbval-current-env",
        f"--nbval-cell-timeout={timeout:g}",
        "-W",
        "ignore::DeprecationWarning",
    ]
    if score:
        command += ["--coursekit-score", "-rN", "--no-header", "-o", "console_output_style=classic"]
    if report is not None:
        command += ["--coursekit-report", str(report), "-q", "--tb=no"]
    if confine:
        command.append("--coursekit-confine")
    return command


def pytest_env() -> dict[str, str]:
    """The environment of a :func:`pytest_command`: only the plugins it names are loaded.

    Finding every installed pytest plugin (and importing them) cost a second a run.
    """
    return {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}


def require_nbval() -> None:
    """Fail with an install hint when pytest or nbval is missing."""
    import importlib.util

    missing = [name for name in ("pytest", "nbval") if importlib.util.find_spec(name) is None]
    if missing:
        raise CheckError(
            say(
                "score.needs",
                missing=say("score.and").join(missing),
                python=sys.executable,
            )
        )


def run_cells(
    notebook: Path,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    deadline: float | None = None,
    sandbox: Sandbox | None = None,
    collect: Sequence[str] = (),
) -> tuple[list[CellResult], dict[str, str | None]]:
    """Run ``notebook`` under nbval in a fresh kernel; return every code cell's result.

    The notebook's folder holds the run's inputs (the notebook alone); the run
    happens in a folder of its own (with a ``sandbox``, sealed off: see
    :mod:`coursekit.tools.sandbox.process`; without, as a plain process). What it
    gives back is data only: the report of the cells and the texts of the
    files named in ``collect`` that the run wrote (``None`` for a file not
    written or too large), read through :mod:`coursekit.tools.inside`.
    ``deadline`` bounds the whole run in seconds (a safety net on top of the
    per-cell ``timeout``); when it passes, :class:`CheckError` is raised.
    """
    from coursekit.tools.sandbox.process import INPUT, Sandbox, SandboxedProcess

    require_nbval()
    notebook = Path(notebook).resolve()
    sandbox = sandbox or Sandbox(sealed=False)
    seen = (INPUT if sandbox.sealed else notebook.parent) / notebook.name
    run = [python(), "-m", "coursekit.tools.inside", "run", str(seen), REPORT, *collect]
    check = pytest_command(
        Path(notebook.name),
        timeout=timeout,
        report=Path(REPORT),
        rootdir=Path("."),
        confine=sandbox.sealed,
    )
    sandbox.prepare(notebook.parent)
    process = SandboxedProcess(sandbox, [*run, "--", *check], notebook.parent)
    finished = process.wait(deadline if deadline is not None else 24 * 3600)
    if finished.timed_out:
        raise CheckError(f"the run took longer than {deadline:g} s and was stopped")
    try:
        bundle = json.loads(finished.stdout)
        files = {name: bundle["files"].get(name) for name in collect}
        report, tail = bundle["files"][REPORT], str(bundle.get("tail", ""))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        why = "its output was cut" if finished.output_cut else "its output is damaged"
        if finished.out_of_memory:
            why = "it ran out of memory"
        raise CheckError(f"the run gave nothing back: {why}") from None
    if not isinstance(report, str):
        lines = tail.strip().splitlines()[-3:]
        raise CheckError(f"pytest stopped without a report: {' / '.join(lines)}")
    try:
        return [CellResult(**entry) for entry in json.loads(report)], files
    except (ValueError, TypeError, RecursionError) as error:  # the run could write anything there
        raise CheckError(f"the run's report is damaged ({type(error).__name__})") from None


REPORT = "report.json"
"""The file a grading run writes its cells' results to (in its own folder)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("notebook", type=Path, metavar="NOTEBOOK", help="an exercise notebook")
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help=f"seconds a cell may run (default {DEFAULT_TIMEOUT})",
    )


def run(args: argparse.Namespace) -> int:
    from coursekit.tools.notebooks.exercise import read_notebook

    notebook: Path = args.notebook
    if not notebook.is_file():
        print(say("score.no_notebook", notebook=notebook), file=sys.stderr)
        return 2
    if notebook.suffix != ".ipynb":
        print(say("score.not_a_notebook", notebook=notebook), file=sys.stderr)
        return 2
    try:
        read_notebook(notebook)
        require_nbval()
    except (ValueError, CheckError) as error:
        print(f"coursekit check: {notebook}: {error}", file=sys.stderr)
        return 2
    command = pytest_command(notebook, timeout=args.timeout, score=True)
    return subprocess.run(command, stdin=subprocess.DEVNULL, env=pytest_env()).returncode
