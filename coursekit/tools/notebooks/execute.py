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

from coursekit.tools.notebooks.speaker_notes import wrap_notes

DEFAULT_TIMEOUT = 120
# A kernel started here talks to us over localhost only: its start-up warning about
# "running over TCP without encryption" would be the only thing `coursekit doctor`,
# `slides` and `html` print besides their results. Its errors still show.
QUIET_KERNEL = ["--IPKernelApp.log_level=ERROR"]


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
            extra_arguments=QUIET_KERNEL,
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


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
STATIC_KINDS = ("text/html", "image/svg+xml", "image/png")


def run_for_export(
    notebook: Path, *, timeout: int = DEFAULT_TIMEOUT, say: Callable[[str], None] = _say
) -> nbformat.NotebookNode:
    """``notebook`` run in a fresh kernel in its own folder, widget state stored (for exports)."""
    nb = nbformat.read(notebook, as_version=4)
    return execute_notebook(
        nb,
        cwd=notebook.parent.resolve(),
        timeout=timeout,
        store_widget_state=True,
        name=str(notebook),
        say=say,
    )


def keep_static_pictures(nb: nbformat.NotebookNode) -> int:
    """Drop the widget view from outputs that also carry a static picture; return how many.

    Without stored widget state a widget view cannot be drawn when the notebook is
    opened (JupyterLab says "model not found"), while the static copy beside it (a
    picture's SVG) can: keep that one. Running the notebook brings the live widget back.

    >>> from nbformat.v4 import new_code_cell, new_notebook, new_output
    >>> view = {"model_id": "x", "version_major": 2, "version_minor": 0}
    >>> both = {WIDGET_VIEW: view, "text/html": "<svg/>", "text/plain": "a picture"}
    >>> nb = new_notebook(cells=[new_code_cell(outputs=[
    ...     new_output("execute_result", data=both, execution_count=1),
    ...     new_output("display_data", data={WIDGET_VIEW: view, "text/plain": "an explorer"}),
    ... ])])
    >>> keep_static_pictures(nb)
    1
    >>> [sorted(o.data) for o in nb.cells[0].outputs]
    [['text/html', 'text/plain'], ['application/vnd.jupyter.widget-view+json', 'text/plain']]
    """
    dropped = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and any(kind in data for kind in STATIC_KINDS):
                del data[WIDGET_VIEW]
                dropped += 1
    return dropped


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
            keep_static_pictures(done)
        wrap_notes(done)
        nbformat.write(done, path)
        print(f"executed {path}")
    return 0
