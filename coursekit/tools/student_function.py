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

from coursekit.checks.parts import MAX_BYTES, Function, Stopped, answer_value, public_name
from coursekit.text import say
from coursekit.tools.sandbox import INPUT, Sandbox, SandboxedProcess, python

STARTUP_SECONDS = 30
"""Time the student's cells may take to run before the first call (beyond the part's time)."""


class NotReady(Exception):
    """The student's function could not be set up (missing, not callable, its process died).

    ``how`` is "failed", "timed out" or "died" (the student's code ended its process).
    """

    def __init__(self, message: str, how: str = "failed") -> None:
        super().__init__(message)
        self.how = how


def defines(source: str, name: str) -> bool:
    """Whether a cell's top level defines ``name`` (a ``def`` or an assignment)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return True
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True
    return False


def cells_up_to(sources: list[tuple[str, bool]], name: str) -> list[str] | None:
    """The code to run to define ``name``: the cells up to the last answer cell defining it.

    ``sources`` are the notebook's code cells in order as (source, is an answer
    cell); graded cells are left out by the caller. ``None`` when no answer cell
    defines ``name``.
    """
    last = max(
        (i for i, (s, answer) in enumerate(sources) if answer and defines(s, name)), default=None
    )
    return None if last is None else [source for source, _ in sources[: last + 1]]


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
        ready = self._reply(time.monotonic() + cells * (seconds + 1) + STARTUP_SECONDS)
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
        self.deadline = time.monotonic() + seconds

    def _reply(self, deadline: float) -> dict[str, Any] | None:
        return self.process.message(deadline, MAX_BYTES)

    def __call__(self, *args: Any) -> Any:
        ended = Stopped("died", say("grade.function_died"))
        if not self.process.alive():
            raise ended
        payload = base64.b64encode(pickle.dumps(args)).decode("ascii")
        try:
            self.process.send(json.dumps({"args": payload}).encode())
        except OSError:
            raise ended from None
        reply = self._reply(self.deadline)
        if reply is None:
            if time.monotonic() >= self.deadline:
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
