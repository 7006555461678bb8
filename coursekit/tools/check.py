"""Check an exercise notebook: every graded cell is one test, and the summary reads like a score.

``coursekit check exercises/02_and_or_graphs.ipynb`` (or ``./course check …``)
runs ``pytest --nbval-lax`` on the notebook in a fresh kernel, with the
:mod:`coursekit.tools.nbval_cells` plugin: all cells run top to bottom, only
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
import secrets
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coursekit.tools.sandbox import Sandbox

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
) -> list[str]:
    """The ``pytest --nbval-lax`` command line that checks ``notebook``.

    The project's own pytest settings are left out (``-c`` an empty file), so
    the run is the same wherever it is started; run it with :func:`pytest_env`.
    """
    command = [
        sys.executable,
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
        "coursekit.tools.nbval_cells",
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
            f"checking notebooks needs {' and '.join(missing)}: "
            f"run `{sys.executable} -m pip install pytest nbval` (or `./course setup`)"
        )


def run_cells(
    notebook: Path,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    deadline: float | None = None,
    sandbox: Sandbox | None = None,
) -> list[CellResult]:
    """Run ``notebook`` under nbval in a fresh kernel; return every code cell's result.

    ``deadline`` bounds the whole run in seconds (a safety net on top of the
    per-cell ``timeout``); when it passes, :class:`CheckError` is raised.
    With a ``sandbox`` the run is sealed off (:mod:`coursekit.tools.sandbox`)
    and the notebook's folder is the only place it can write: the report is
    written there too, and is read as data only.
    """
    require_nbval()
    notebook = Path(notebook).resolve()
    with tempfile.TemporaryDirectory(prefix="coursekit-run-") as folder:
        report = Path(folder) / "report.json"
        if sandbox is not None:
            report = notebook.parent / f"report-{secrets.token_hex(8)}.json"
        command = pytest_command(notebook, timeout=timeout, report=report, rootdir=notebook.parent)
        if sandbox is not None:
            sandbox.prepare(notebook.parent)
            command = sandbox.command(command, notebook.parent)
        try:
            done = subprocess.run(
                command,
                cwd=notebook.parent,
                capture_output=True,
                text=True,
                timeout=deadline,
                stdin=subprocess.DEVNULL,
                env=pytest_env(),
            )
        except subprocess.TimeoutExpired:
            raise CheckError(f"the run took longer than {deadline:g} s and was stopped") from None
        if not report.is_file():
            tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
            raise CheckError(f"pytest stopped without a report: {' / '.join(tail)}")
        try:
            return [CellResult(**entry) for entry in json.loads(report.read_text(encoding="utf-8"))]
        except (ValueError, TypeError) as error:  # a sandboxed run could write anything there
            raise CheckError(f"the run's report is damaged ({type(error).__name__})") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("notebook", type=Path, metavar="NOTEBOOK", help="an exercise notebook")
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help=f"seconds a cell may run (default {DEFAULT_TIMEOUT})",
    )


def run(args: argparse.Namespace) -> int:
    from coursekit.tools.exercise import read_notebook

    notebook: Path = args.notebook
    if not notebook.is_file():
        print(f"coursekit check: no such notebook: {notebook}", file=sys.stderr)
        return 2
    if notebook.suffix != ".ipynb":
        print(
            f"coursekit check: {notebook}: not a notebook (a notebook's name ends in .ipynb)",
            file=sys.stderr,
        )
        return 2
    try:
        read_notebook(notebook)
        require_nbval()
    except (ValueError, CheckError) as error:
        print(f"coursekit check: {notebook}: {error}", file=sys.stderr)
        return 2
    command = pytest_command(notebook, timeout=args.timeout, score=True)
    return subprocess.run(command, stdin=subprocess.DEVNULL, env=pytest_env()).returncode
