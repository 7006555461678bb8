"""A topological order of a growing directed graph, kept up to date edge by edge.

AO*'s bottom-up phase must "remove from S a node none of whose descendants
in G is in S". Asking networkx for the descendants of each candidate costs
time proportional to the whole explicit graph G, again and again. Instead AO*
keeps a topological order of G (every node before its descendants): the node
of S that comes *last* in it has no descendant in S.

G only grows, so the order is repaired after each new edge with the
dynamic topological sort of Pearce and Kelly ("A dynamic topological sort
algorithm for directed acyclic graphs", ACM JEA 11, 2006): only the nodes
between the two ends of an edge that arrives out of order are renumbered. The
same search finds the cycle when an edge closes one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

Node = Hashable


class CycleFound(Exception):
    """Adding an edge closed a cycle; ``cycle`` is ``[a, b, …, a]``."""

    def __init__(self, cycle: list[Node]) -> None:
        super().__init__(cycle)
        self.cycle = cycle


class TopologicalOrder:
    """Positions for the nodes of a directed acyclic graph that only grows.

    ``successors`` and ``predecessors`` read the graph; call :meth:`add_node`
    for each new node and :meth:`add_edge` after each new edge.

    >>> edges = {"a": [], "b": [], "c": []}
    >>> order = TopologicalOrder(lambda n: edges[n], lambda n: [t for t in edges if n in edges[t]])
    >>> for node in "abc":
    ...     order.add_node(node)
    >>> edges["c"].append("a"); order.add_edge("c", "a")
    >>> order.position["c"] < order.position["a"]
    True
    >>> edges["a"].append("c"); order.add_edge("a", "c")
    Traceback (most recent call last):
    ...
    coursekit.andor._toporder.CycleFound: ['a', 'c', 'a']
    """

    def __init__(
        self,
        successors: Callable[[Node], Iterable[Node]],
        predecessors: Callable[[Node], Iterable[Node]],
    ) -> None:
        self.successors = successors
        self.predecessors = predecessors
        self.position: dict[Node, int] = {}
        self._next = 0

    def add_node(self, node: Node) -> None:
        """Give a new node the last position."""
        self.position[node] = self._next
        self._next += 1

    def add_edge(self, tail: Node, head: Node) -> None:
        """Repair the order after the edge ``tail → head`` was added to the graph."""
        position = self.position
        lower, upper = position[head], position[tail]
        if lower > upper:
            return  # already in order
        if tail == head:
            raise CycleFound([tail, tail])
        # Nodes reachable from head that sit before tail; reaching tail closes a cycle.
        forward: list[Node] = []
        came_from: dict[Node, Node | None] = {head: None}
        stack = [head]
        while stack:
            node = stack.pop()
            forward.append(node)
            for child in self.successors(node):
                if child == tail:
                    raise CycleFound(self._cycle(tail, node, came_from))
                if child not in came_from and position[child] < upper:
                    came_from[child] = node
                    stack.append(child)
        # Nodes that reach tail and sit after head.
        backward: list[Node] = []
        seen = {tail}
        stack = [tail]
        while stack:
            node = stack.pop()
            backward.append(node)
            for parent in self.predecessors(node):
                if parent not in seen and position[parent] > lower:
                    seen.add(parent)
                    stack.append(parent)
        # Reuse their positions: first the backward nodes, then the forward ones.
        moved = sorted(backward, key=position.__getitem__) + sorted(
            forward, key=position.__getitem__
        )
        slots = sorted(position[node] for node in moved)
        for node, slot in zip(moved, slots, strict=True):
            position[node] = slot

    @staticmethod
    def _cycle(tail: Node, last: Node, came_from: dict[Node, Node | None]) -> list[Node]:
        path = [last]
        while came_from[path[-1]] is not None:
            path.append(came_from[path[-1]])  # type: ignore[arg-type]
        return [tail, *reversed(path), tail]
