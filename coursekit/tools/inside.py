"""What runs inside a sandbox, next to a student's code (see :mod:`coursekit.tools.sandbox`).

Nothing here is trusted by the grader: whatever these functions give back is
read as data, size-capped, by a process the student's code does not run in.

``python -m coursekit.tools.inside run NOTEBOOK FILE ... -- COMMAND ...``
    copies ``NOTEBOOK`` into the working folder, runs ``COMMAND`` there
    (pytest under nbval) with its output in a file, then writes one JSON
    object to its standard output: the exit code, the texts of the ``FILE``
    s it wrote (each at most :data:`FILE_BYTES`) and the tail of its output.

``python -m coursekit.tools.inside entry FILE GAME SEARCH SECONDS DEPTH``
    loads a tournament entry's ``evaluate`` from ``FILE``, says whether it is
    admitted (``{"ready": PROBLEM}``), then answers each ``{"state": [...]}``
    (the position: its fields, e.g. the two bitboards) with ``{"move": MOVE}``,
    searched with its ``evaluate``: deepening until ``SECONDS`` are over, or
    (``DEPTH`` above 0, the tournament's ``--depth``) to exactly ``DEPTH``
    plies, the same move on any machine at any load.

``python -m coursekit.tools.inside kernel -f CONNECTION_FILE``
    a notebook's kernel (``ipykernel``), confined before it runs a cell.

``python -m coursekit.tools.inside answer CELLS NAME ADAPT ENCODE SECONDS``
    runs the code cells listed in the JSON file ``CELLS`` (a student's set-up
    and answer cells, in order; a cell that raises or runs longer than
    ``SECONDS`` is interrupted and skipped), then answers
    calls of the function ``NAME``: each line in is ``{"args": PICKLE}`` (the
    grader's arguments, base64), each line out ``{"returned": DATA}`` or
    ``{"raised": [TYPE, MESSAGE]}``. ``ADAPT`` and ``ENCODE`` name functions of
    ``coursekit.checks.public`` (``module:name``, or empty) that view the
    student's function and turn its results into plain data.

Before the first line of student code runs, each of these processes confines
itself (:func:`coursekit.tools.sandbox.seccomp.confine`): it can start no process and
no program, and signal no process but itself, so the runner beside it cannot
be stopped or killed, and the conversation's own pipes are kept apart from
what student code can reach (standard input and output are ``/dev/null``).
"""

from __future__ import annotations

import base64
import importlib
import json
import os
import pickle
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from coursekit.tools.sandbox.seccomp import confine

FILE_BYTES = 1_000_000
"""The most of one file written by a run that is handed back."""

TAIL_BYTES = 2_000
"""The end of a run's output that is handed back (for the grader's error message)."""


def _read_capped(path: Path) -> str | None:
    try:
        with open(path, "rb") as file:
            data = file.read(FILE_BYTES + 1)
    except OSError:
        return None
    return None if len(data) > FILE_BYTES else data.decode("utf-8", "replace")


def run(notebook: str, files: list[str], command: list[str]) -> int:
    """Run ``command`` on a copy of ``notebook``; print what it wrote as one JSON object."""
    shutil.copyfile(notebook, Path.cwd() / Path(notebook).name)
    with open("/tmp/output.log", "wb") as log:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    tail = (_read_capped(Path("/tmp/output.log")) or "")[-TAIL_BYTES:]
    bundle = {
        "returncode": done.returncode,
        "files": {name: _read_capped(Path(name)) for name in files},
        "tail": tail,
    }
    sys.stdout.write(json.dumps(bundle))
    sys.stdout.flush()
    return 0


def _public(reference: str) -> Any:
    """The function ``module:name`` of ``coursekit.checks.public`` (and only from there)."""
    module, _, name = reference.partition(":")
    if not module.startswith("coursekit.checks.public."):
        raise ValueError(f"not a public adapter: {reference}")
    return getattr(importlib.import_module(module), name)


def _cell_code(source: str) -> str:
    """A cell's source as plain Python (IPython's ``%magic`` and ``!shell`` lines turned into calls
    that fail here: there is no IPython)."""
    if not any(line.lstrip().startswith(("%", "!")) for line in source.splitlines()):
        return source  # plain Python: no need to import IPython (a second per process)
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:
        return source
    return TransformerManager().transform_cell(source)


class CellTimeout(BaseException):
    """A set-up or answer cell ran longer than a cell may (a ``BaseException``, as
    ``KeyboardInterrupt`` is: a student's ``except Exception`` does not swallow it)."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise CellTimeout()


def run_cell(source: str, number: int, namespace: dict[str, Any], seconds: float) -> bool:
    """Run one cell's code in ``namespace``, interrupted after ``seconds``; whether it finished.

    The seconds are processor time (``ITIMER_PROF``), so a busy machine does not cut
    an honest cell short; the timer fires again every tenth of a second until the
    cell is over, so a cell that catches one interruption meets the next. (A cell
    that only sleeps is ended by the grader's wall-clock limit on the whole set-up.)
    """
    signal.signal(signal.SIGPROF, _on_alarm)
    try:
        signal.setitimer(signal.ITIMER_PROF, seconds, 0.1)
        exec(compile(_cell_code(source), f"<cell {number + 1}>", "exec"), namespace)
        return True
    except BaseException:  # the student's error, exit() or the timer: the next cell runs
        return False
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def conversation() -> tuple[BinaryIO, TextIO]:
    """The conversation's pipes, kept apart before student code runs.

    Returns private copies of standard input and output; the process's own
    standard streams (file descriptors 0, 1 and 2, and ``sys.stdin``,
    ``sys.stdout``, ``sys.stderr``) become ``/dev/null``, so nothing a student's
    code reads, closes or prints reaches the conversation.
    """
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    quiet = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(quiet, descriptor)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (for the whole run)
    sys.stdout = sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    return requests, replies


def _say(replies: TextIO, message: dict[str, Any]) -> None:
    replies.write(json.dumps(message) + "\n")
    replies.flush()


def answer(cells_file: str, name: str, adapt: str, encode: str, seconds: str) -> int:
    """Define the student's function from their cells, then answer calls line by line.

    Each cell may run ``seconds`` (then it is interrupted and skipped, as a
    kernel would interrupt it).
    """
    from coursekit.checks.parts import plain

    requests, replies = conversation()
    cells = json.loads(Path(cells_file).read_text(encoding="utf-8"))
    seen = _public(adapt) if adapt else None
    to_data = _public(encode) if encode else None
    confine()
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for number, source in enumerate(cells):
        run_cell(source, number, namespace, float(seconds))
    function = namespace.get(name)
    if function is None:
        _say(replies, {"missing": name})
        return 0
    if not callable(function):
        _say(replies, {"not callable": plain(function)})
        return 0
    _say(replies, {"ready": name})
    called: Callable[..., Any] = seen(function) if seen else function
    for line in requests:
        args = pickle.loads(base64.b64decode(json.loads(line)["args"]))
        try:
            value = called(*args)
            reply = {"returned": plain(to_data(value) if to_data else value)}
        except BaseException as error:
            reply = {"raised": [type(error).__name__, str(error)[:300]]}
        _say(replies, reply)
    return 0


def kernel(arguments: list[str]) -> int:
    """A notebook's kernel, confined before it runs a cell (see :func:`confine`)."""
    from ipykernel import kernelapp

    confine()
    sys.argv = ["ipykernel_launcher", *arguments]
    kernelapp.launch_new_instance()
    return 0


def entry(path: str, game_name: str, search: str, seconds: str, depth: str = "0") -> int:
    """A tournament entry's process: load it, check it, then answer move requests."""
    from coursekit.search import iterative_deepening
    from coursekit.search.registry import get
    from coursekit.tools.tournament.command import (
        GAMES,
        admission_problem,
        last_line,
        load_evaluate,
    )

    requests, replies = conversation()
    game = GAMES[game_name]()
    confine()
    try:
        evaluate = load_evaluate(Path(path))
        problem = admission_problem(evaluate, game)
    except BaseException as error:
        problem = last_line(error)
    _say(replies, {"ready": problem})
    if problem:
        return 0
    function = get(search).function
    for line in requests:
        try:
            state = type(game.initial)(*json.loads(line)["state"])
            if int(depth) > 0:
                r = function(game, state, depth=int(depth), evaluate=evaluate)
            else:
                r = iterative_deepening(
                    game, state, search=function, seconds=float(seconds), evaluate=evaluate
                )
            reply = {"move": r.move}
        except BaseException as error:
            reply = {"error": last_line(error)}
        _say(replies, reply)
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["run"]:
        split = argv.index("--")
        return run(argv[1], argv[2:split], argv[split + 1 :])
    if argv[:1] == ["answer"]:
        return answer(*argv[1:])
    if argv[:1] == ["entry"]:
        return entry(*argv[1:])
    if argv[:1] == ["kernel"]:
        return kernel(argv[1:])
    print("usage: python -m coursekit.tools.inside run|kernel|answer|entry ...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
