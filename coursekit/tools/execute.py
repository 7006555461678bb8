"""Run notebooks top to bottom in a fresh kernel, with a timeout and one retry.

A cell that creates widgets occasionally stalls nbclient until its timeout (a
known nbclient problem), so every execution the project runs goes through
:func:`execute_notebook`: a per-cell timeout, and one retry — announced —
when a cell times out.
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Callable
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

DEFAULT_TIMEOUT = 120


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def execute_notebook(
    nb: nbformat.NotebookNode,
    *,
    cwd: Path | str,
    timeout: int = DEFAULT_TIMEOUT,
    retries: int = 1,
    store_widget_state: bool = True,
    allow_errors: bool = False,
    name: str = "notebook",
    say: Callable[[str], None] = _say,
) -> nbformat.NotebookNode:
    """Execute a copy of ``nb`` in a fresh kernel started in ``cwd`` and return it.

    A cell running longer than ``timeout`` seconds (or a kernel that dies) makes
    the whole run start again, at most ``retries`` times, and ``say`` reports
    it. Errors raised by cells are not retried (``CellExecutionError``).
    """
    for attempt in range(retries + 1):
        client = NotebookClient(
            copy.deepcopy(nb),
            timeout=timeout,
            kernel_name="python3",
            allow_errors=allow_errors,
            store_widget_state=store_widget_state,
            resources={"metadata": {"path": str(cwd)}},
        )
        try:
            return client.execute()
        except (CellTimeoutError, DeadKernelError) as error:
            if attempt == retries:
                raise
            reason = (
                "a cell timed out" if isinstance(error, CellTimeoutError) else "the kernel died"
            )
            say(f"{name}: {reason} (a known nbclient stall with widgets); retrying once")
    raise AssertionError("unreachable")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("notebooks", nargs="+", type=Path, metavar="NOTEBOOK")
    parser.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell")
    parser.add_argument(
        "--widget-state",
        action="store_true",
        help="store widget state in the notebook (off by default to keep files small)",
    )


def run(args: argparse.Namespace) -> int:
    for path in args.notebooks:
        nb = nbformat.read(path, as_version=4)
        done = execute_notebook(
            nb,
            cwd=path.parent,
            timeout=args.timeout,
            store_widget_state=args.widget_state,
            name=str(path),
        )
        if not args.widget_state:
            done.metadata.pop("widgets", None)
        nbformat.write(done, path)
        print(f"executed {path}")
    return 0
