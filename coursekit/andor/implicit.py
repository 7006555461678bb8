"""Implicit AND/OR graphs: decomposable problems whose graph is generated on demand.

A decomposable production system (可分解产生式系统) defines an AND/OR graph
implicitly: the root is the initial database, and applying a rule or
splitting a database into parts gives the connectors of a node. AO* only
needs three things about a node, so a big problem is searched without
building its graph first:

- ``connectors_of(node)`` — its connectors (generated when AO* expands it),
- ``is_terminal(node)`` — whether it is in the terminal set N,
- ``heuristic(node)`` — h(node).

An :class:`~coursekit.andor.graph.AndOrGraph` has these three methods, and so
has :class:`ImplicitAndOrGraph`, which makes them from plain functions.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Protocol, Union, runtime_checkable

from coursekit.andor.errors import AndOrError
from coursekit.andor.graph import Connector, Node
from coursekit.text import node_text, say

Entry = Union[Connector, Sequence[Node]]  # noqa: UP007 (a runtime alias on Python 3.10)
"""What a successor function returns per connector: a Connector, or its successors (cost k)."""


@runtime_checkable
class DecomposableProblem(Protocol):
    """What AO* needs to know about a node of an AND/OR graph."""

    def connectors_of(self, node: Node) -> Sequence[Connector]:
        """The connectors leaving ``node`` (an empty list for a dead end)."""
        ...

    def is_terminal(self, node: Node) -> bool:
        """Whether ``node`` is a terminal node (solved at no cost)."""
        ...

    def heuristic(self, node: Node) -> float:
        """h(node), the estimate of the cost of an optimal solution graph from ``node``."""
        ...


class ImplicitAndOrGraph:
    """A decomposable problem given by a successor function.

    Parameters
    ----------
    successors:
        ``successors(node)`` returns one entry per connector of ``node``: a
        :class:`Connector`, or just the sequence of its successors (cost k).
    h:
        A function or a mapping giving h(node); missing means h = 0.
    is_terminal:
        A function, or a collection of the terminal nodes.

    Examples
    --------
    Rewriting a number into ones, n → a, n − a (the course's exercise 2 in general):

    >>> splits = lambda n: [(n - a, a) for a in range(1, n // 2 + 1)]
    >>> problem = ImplicitAndOrGraph(splits, h=lambda n: 0 if n == 1 else n, is_terminal={1})
    >>> [str(c) for c in problem.connectors_of(4)]
    ['4 → 3, 1', '4 → 2, 2']
    """

    def __init__(
        self,
        successors: Callable[[Node], Iterable[Entry]],
        *,
        h: Callable[[Node], float] | Mapping[Node, float] | None = None,
        is_terminal: Callable[[Node], bool] | Collection[Node] | None = None,
    ) -> None:
        if not callable(successors):
            raise AndOrError(say("errors.andor.successor_function", value=repr(successors)))
        if h is not None and not isinstance(h, Mapping) and not callable(h):
            raise AndOrError(say("errors.andor.h_function", value=repr(h)))
        if not (is_terminal is None or callable(is_terminal) or _is_collection(is_terminal)):
            raise AndOrError(say("errors.andor.is_terminal", value=repr(is_terminal)))
        self._successors = successors
        if h is None:
            self._h: Callable[[Node], float] = lambda node: 0
        elif isinstance(h, Mapping):
            self._h = lambda node: h.get(node, 0)
        else:
            self._h = h
        if is_terminal is None:
            self._terminal: Callable[[Node], bool] = lambda node: False
        elif callable(is_terminal):
            self._terminal = is_terminal
        else:
            terminals = frozenset(is_terminal)
            self._terminal = terminals.__contains__

    def connectors_of(self, node: Node) -> list[Connector]:
        """The connectors the successor function gives ``node``."""
        connectors = []
        entries = self._successors(node)
        if isinstance(entries, (str, bytes)) or not isinstance(entries, Iterable):
            raise AndOrError(
                say("errors.andor.connector_list", entries=repr(entries), node=node_text(node))
            )
        for entry in entries:
            if isinstance(entry, Connector):
                if entry.parent != node:
                    raise AndOrError(
                        say("errors.andor.gave_connector", node=node_text(node), entry=entry)
                    )
                connectors.append(entry)
            elif isinstance(entry, (str, bytes)) or not isinstance(entry, Iterable):
                raise AndOrError(
                    say("errors.andor.successor_list", entry=repr(entry), node=node_text(node))
                )
            else:
                connectors.append(Connector(node, tuple(entry)))
        return connectors

    def is_terminal(self, node: Node) -> bool:
        return bool(self._terminal(node))

    def heuristic(self, node: Node) -> float:
        return self._h(node)


def as_problem(
    problem: DecomposableProblem | Callable[[Node], Iterable[Entry]],
    h: Callable[[Node], float] | Mapping[Node, float] | None = None,
    is_terminal: Callable[[Node], bool] | Collection[Node] | None = None,
) -> DecomposableProblem:
    """``problem`` itself, or a successor function wrapped in an :class:`ImplicitAndOrGraph`."""
    if isinstance(problem, DecomposableProblem):
        if h is not None or is_terminal is not None:
            raise AndOrError(say("errors.andor.h_with_graph"))
        return problem
    if callable(problem):
        return ImplicitAndOrGraph(problem, h=h, is_terminal=is_terminal)
    raise AndOrError(say("errors.andor.problem", kind=type(problem).__name__))


def _is_collection(value: object) -> bool:
    return isinstance(value, Iterable) and not isinstance(value, (str, bytes))
