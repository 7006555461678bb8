"""The errors of :mod:`coursekit.andor`: one base type, two special cases.

Every bad input to the AND/OR part of the package (a malformed rule text, a
negative cost, an infinite h, a start node that is not in the graph, a
``max_cycles`` of 2.5 …) raises an :class:`AndOrError`, whose message names
the argument and what was expected. It derives from
:class:`~coursekit.errors.CoursekitError` (itself a ``ValueError``), so
``except CoursekitError`` catches it together with the other parts' errors.

>>> from coursekit.andor import AndOrGraph
>>> try:
...     AndOrGraph.from_rules("n0 -> n1", h={"n1": -2})
... except AndOrError as error:
...     print(error)
h(n1) must be a finite number ≥ 0, got -2
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from coursekit.errors import CoursekitError
from coursekit.text import say


class AndOrError(CoursekitError):
    """Bad input to an AND/OR graph, a solution graph or AO*."""


class RuleSyntaxError(AndOrError):
    """A rule text that cannot be read; ``line`` is its line number (1-based).

    ``message`` says what is wrong and ``text`` is the line as it was written.
    """

    def __init__(self, line: int, message: str, text: str = "") -> None:
        self.line = line
        self.message = message
        self.text = text
        shown = say("errors.rules.in", text=text.strip()) if text.strip() else ""
        super().__init__(say("errors.rules.line", line=line, message=message) + shown)


class CyclicGraphError(AndOrError):
    """The graph has a cycle where the course's definitions need a graph without loops.

    ``cycle`` lists the nodes of one cycle, first node repeated at the end.
    """

    def __init__(self, message: str, cycle: Sequence[Hashable]) -> None:
        super().__init__(message)
        self.cycle = list(cycle)
