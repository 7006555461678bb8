"""A student's function, called from the grader, running in a sandbox of its own.

The grader runs a function part's check in its own process. The check calls
the student's function as usual, but what it calls is a
:class:`StudentFunction`: the arguments travel as data to a sandboxed
interpreter in which only the student's cells ran (``python -m
coursekit.tools.inside answer``), over a pipe, one JSON line each way. The
student's code never shares a process with the check, the reference answers
or the grader's bookkeeping, so it cannot switch a recorder off or read a
hidden case before it is asked; and the package it sees lacks the
algorithms the part withholds.

Example (inside the grader)::

    with StudentFunction(sandbox, inputs, part, seconds=60) as function:
        verdict = judge_function(part, function, seed)
"""

from __future__ import annotations

import ast
import base64
import json
import pickle
import time
from pathlib import Path
from typing import Any

from coursekit.checks.parts import (
    MAX_BYTES,
    MAX_DEPTH,
    Function,
    Stopped,
    answer_value,
    public_name,
)
from coursekit.text import say
from coursekit.tools.notebooks.exercise import python_source
from coursekit.tools.sandbox.limits import WALL_FACTOR, CellClock
from coursekit.tools.sandbox.process import INPUT, Sandbox, SandboxedProcess, python

STARTUP_SECONDS = 30
"""Time the student's cells may take to run before the first call (beyond the part's time)."""

CALL_WALL_SECONDS = 0.05
"""Wall-clock seconds each call adds to the part's cap: the round trip through the pipes and
the wait for a processor on a busy machine (a part's check makes thousands of calls; a function
that sleeps instead of thinking gains at most this much a call)."""


class NotReady(Exception):
    """The student's function could not be set up (missing, not callable, its process died).

    ``how`` is "failed", "timed out" or "died" (the student's code ended its process).
    """

    def __init__(self, message: str, how: str = "failed") -> None:
        super().__init__(message)
        self.how = how


def _tree(source: str) -> ast.Module | None:
    try:
        return ast.parse(python_source(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError, SystemError):
        return None


def bound_names(source: str) -> set[str]:
    r"""The names a cell binds at its top level (``def``, ``class``, assignments, imports, loops).

    >>> sorted(bound_names("import math\ndef f(x):\n    y = 1\nfor i in range(3):\n    z = i"))
    ['f', 'i', 'math', 'z']
    """
    tree = _tree(source)
    if tree is None:
        return set()
    found: set[str] = set()
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif not isinstance(node, ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))
    return found


def used_names(source: str) -> set[str]:
    r"""Every name a cell reads anywhere, inside its functions too.

    >>> sorted(used_names("def f(x):\n    return helper(x) + K"))
    ['K', 'helper', 'x']
    """
    tree = _tree(source)
    if tree is None:
        return set()
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def cells_for(sources: list[tuple[str, bool]], name: str) -> list[str] | None:
    """The code to run to define ``name``, and nothing the function does not need.

    ``sources`` are the notebook's code cells in order as (source, is an answer
    cell); graded cells are left out by the caller. Kept, in order: every
    set-up cell (the instructor's) up to the last answer cell that defines
    ``name``, that cell, and each earlier answer cell that binds a name those
    kept answer cells use (and so on). An unrelated answer cell that loops,
    exits or crashes cannot disturb the function. ``None`` when no answer cell
    defines ``name``.
    """
    defining = [i for i, (s, answer) in enumerate(sources) if answer and name in bound_names(s)]
    if not defining:
        return None
    last = defining[-1]
    kept = {last}
    wanted = used_names(sources[last][0])
    for index in range(last - 1, -1, -1):
        source, answer = sources[index]
        if answer and bound_names(source) & wanted:
            kept.add(index)
            wanted |= used_names(source)
    return [s for i, (s, answer) in enumerate(sources[: last + 1]) if not answer or i in kept]


REPLY_DEPTH = 2 * MAX_DEPTH + 8
"""How deeply a reply may nest: plain data of :data:`MAX_DEPTH` levels, tagged (``plain``)."""


def valid_reply(reply: dict[str, Any]) -> bool:
    """Whether a reply of the function's process has exactly the shape ``inside.answer`` sends.

    >>> valid_reply({"returned": [1]}), valid_reply({"raised": ["ValueError", "no"]})
    (True, True)
    >>> valid_reply({"raised": "ValueError"}), valid_reply({"returned": 1, "x": 2})
    (False, False)
    """
    if set(reply) == {"returned"}:
        return True
    raised = reply.get("raised") if set(reply) == {"raised"} else None
    return isinstance(raised, list) and len(raised) == 2 and all(isinstance(r, str) for r in raised)


class StudentFunction:
    """The student's function in its sandbox; calling it sends the arguments there.

    Raises :class:`~coursekit.checks.parts.Stopped` when the part's time is up
    or the function's process has ended, and what the student's function raised
    (by its type's name) otherwise.
    """

    def __init__(
        self,
        sandbox: Sandbox | None,
        inputs: Path,
        part: Function,
        *,
        seconds: float,
    ) -> None:
        self.part, self.seconds = part, seconds
        self.__name__ = part.name
        seen = INPUT if sandbox is not None and sandbox.sealed else inputs
        command = [
            python(),
            "-m",
            "coursekit.tools.inside",
            "answer",
            str(seen / "cells.json"),
            part.name,
            public_name(part.adapt),
            public_name(part.encode),
            repr(seconds),
        ]
        self.process = SandboxedProcess(sandbox or Sandbox(sealed=False), command, inputs)
        cells = len(json.loads((inputs / "cells.json").read_text(encoding="utf-8")))
        setting_up = cells * (seconds + 1) * WALL_FACTOR + STARTUP_SECONDS
        ready = self._reply(time.monotonic() + setting_up)
        if ready is None:
            died = not self.process.alive()
            self.close()
            if died:
                raise NotReady(say("grade.cells_died", name=part.name), "died")
            raise NotReady(say("grade.cells_timed_out", name=part.name), "timed out")
        if "missing" in ready:
            raise NotReady(say("grade.no_function", name=part.name))
        if "not callable" in ready:
            raise NotReady(say("grade.not_a_function", name=part.name))
        if "ready" not in ready:
            raise NotReady(say("grade.not_set_up", name=part.name))
        # the wall clock runs only while a call waits (the grader's own work between calls,
        # slow on a busy machine, is not the function's); processor time counts throughout
        self.clock = CellClock(seconds, self.process.processes, running=False)

    def _reply(self, deadline: float) -> dict[str, Any] | None:
        return self.process.message(deadline, MAX_BYTES, REPLY_DEPTH)

    def _answer(self) -> dict[str, Any] | None:
        """The next reply within the part's time (processor time: see ``CellClock``)."""
        while not self.clock.over() and self.process.alive():
            reply = self._reply(time.monotonic() + 0.5)
            if reply is not None:
                return reply
        return self._reply(time.monotonic())  # one sent just as the time ran out

    def __call__(self, *args: Any) -> Any:
        ended = Stopped("died", say("grade.function_died"))
        if not self.process.alive():
            raise ended
        payload = base64.b64encode(pickle.dumps(args)).decode("ascii")
        try:
            self.process.send(json.dumps({"args": payload}).encode())
        except OSError:
            raise ended from None
        self.clock.allow(CALL_WALL_SECONDS)
        self.clock.start()
        try:
            reply = self._answer()
        finally:
            self.clock.stop()
        if reply is not None and not valid_reply(reply):
            raise AssertionError(say("grade.damaged"))
        if reply is None:
            if self.clock.over():
                self.close()
                raise Stopped("timed out", say("grade.function_timed_out"))
            raise ended
        return answer_value(self.part, reply)

    def close(self) -> None:
        self.process.kill()

    def __enter__(self) -> StudentFunction:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
