"""Seeded random AND/OR graphs and heuristics, for tests, checks and benchmarks.

Every generator takes a ``seed`` so the same call always gives the same graph.
Graphs are acyclic: a node's connectors only lead to nodes with a larger number.
"""

from __future__ import annotations

import contextlib
import math
import random

from coursekit.andor.errors import AndOrError
from coursekit.andor.graph import AndOrGraph, Connector, Node
from coursekit.andor.solution import optimal_costs
from coursekit.text import say


def random_graph(
    seed: int,
    nodes: int = 8,
    *,
    max_connectors: int = 3,
    max_k: int = 3,
    terminal_share: float = 0.3,
    dead_end_share: float = 0.1,
    max_cost: int = 3,
    span: int | None = None,
) -> AndOrGraph:
    """A random acyclic AND/OR graph on ``n0 … n{nodes-1}``, searched from ``n0``.

    Node i has 1 to ``max_connectors`` connectors of 1 to ``max_k`` successors
    drawn from the next ``span`` nodes (all later nodes when ``None``);
    a successor may be drawn twice. Costs are k or a random whole number up to
    ``max_cost``. About ``terminal_share`` of the nodes are terminal and
    ``dead_end_share`` are dead ends; the last node is always terminal.

    >>> g = random_graph(seed=1, nodes=5)
    >>> g.start, len(g), g.is_acyclic()
    ('n0', 5, True)
    >>> random_graph(seed=1, nodes=5) == g
    True
    """
    if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1:
        raise AndOrError(say("errors.andor.nodes", nodes=repr(nodes)))
    rng = random.Random(seed)
    names = [f"n{i}" for i in range(nodes)]
    graph = AndOrGraph(start=names[0])
    for name in names:
        graph.add_node(name)
    for i, name in enumerate(names):
        later = names[i + 1 : len(names) if span is None else i + 1 + span]
        roll = rng.random()
        if not later or (i > 0 and roll < terminal_share):
            graph.add_node(name, terminal=True)
            continue
        if i > 0 and roll < terminal_share + dead_end_share:
            continue  # a dead end: no connectors, not terminal
        for _ in range(rng.randint(1, max_connectors)):
            successors = tuple(rng.choice(later) for _ in range(rng.randint(1, max_k)))
            cost = None if rng.random() < 0.5 else rng.randint(1, max_cost)
            with contextlib.suppress(AndOrError):  # the same successors twice: skip the repeat
                graph.add(Connector(name, successors, cost))
    return graph


def monotone_heuristic(graph: AndOrGraph, seed: int, scale: float = 1.0) -> dict[Node, float]:
    """Random whole-number h values that satisfy the monotone restriction (so h ≤ h*).

    Going from the deepest nodes up, h(n) is drawn between 0 and the smallest
    c + Σ h(successors) over n's connectors (times ``scale``); terminal nodes
    get 0 and dead ends any value up to 10.

    >>> g = random_graph(seed=3, nodes=6)
    >>> h = monotone_heuristic(g, seed=0)
    >>> from coursekit.andor.heuristics import is_monotone, is_admissible
    >>> is_monotone(g.with_h(h)), is_admissible(g.with_h(h))
    (True, True)
    """
    rng = random.Random(seed)
    h: dict[Node, float] = {}
    for node in reversed(graph.topological_order()):
        if graph.is_terminal(node):
            h[node] = 0
            continue
        bound = min(
            (c.cost + sum(h[s] for s in c.successors) for c in graph.connectors_of(node)),
            default=10,
        )
        h[node] = rng.randint(0, math.floor(bound * scale))
    return h


def overestimating_heuristic(graph: AndOrGraph, seed: int) -> dict[Node, float]:
    """Random h values, many of them above h* (inadmissible); terminal nodes get 0."""
    rng = random.Random(seed)
    h_star = optimal_costs(graph)
    h = {}
    for node in graph.nodes:
        top = h_star[node] if math.isfinite(h_star[node]) else 10
        h[node] = 0 if graph.is_terminal(node) else rng.randint(0, 2 * int(top) + 3)
    return h


class RandomProblem:
    """A big random acyclic AND/OR graph, generated node by node when AO* asks.

    Nodes are the numbers ``0 … nodes − 1``; node 0 is the start. Node i has
    1 to ``max_connectors`` connectors of 1 to ``max_k`` successors among the
    next ``span`` nodes. About ``terminal_share`` of the nodes are terminal and
    ``dead_end_share`` are dead ends; the last ``bottom`` share of the nodes
    (and the last node) are all terminal. Node i's connectors are drawn from a
    generator seeded by ``(seed, i)``, so the graph is the same however it is
    explored, and :meth:`build` makes the explicit :class:`AndOrGraph` of the
    same problem.

    h = 0, unless ``informed``: then h(i) = ⌈(b − i) / span⌉ for the first bottom
    node b, the least number of connectors (each costing at least 1) between
    node i and the bottom — admissible and monotone, and exact when only the
    bottom is terminal and every connector is a 1-connector of cost 1.
    """

    def __init__(
        self,
        nodes: int,
        seed: int = 0,
        *,
        max_connectors: int = 3,
        max_k: int = 3,
        span: int = 50,
        terminal_share: float = 0.3,
        dead_end_share: float = 0.05,
        bottom: float = 0.0,
        informed: bool = False,
    ) -> None:
        self.nodes = nodes
        self.seed = seed
        self.max_connectors = max_connectors
        self.max_k = max_k
        self.span = span
        self.terminal_share = terminal_share
        self.dead_end_share = dead_end_share
        self.first_bottom = min(nodes - 1, int(nodes * (1 - bottom)))
        self.informed = informed
        self.start = 0

    def _rng(self, node: int) -> random.Random:
        return random.Random(self.seed * 1_000_003 + node)

    def is_terminal(self, node: int) -> bool:
        if node >= self.first_bottom:
            return True
        return node > 0 and self._rng(node).random() < self.terminal_share

    def heuristic(self, node: int) -> float:
        if not self.informed:
            return 0
        return max(0, -(-(self.first_bottom - node) // self.span))

    def connectors_of(self, node: int) -> list[Connector]:
        if node >= self.first_bottom:
            return []
        rng = self._rng(node)
        roll = rng.random()
        if node > 0 and roll < self.terminal_share + self.dead_end_share:
            return []  # terminal (never expanded) or a dead end
        later = range(node + 1, min(self.nodes, node + 1 + self.span))
        if not later:
            return []
        connectors: dict[tuple[int, ...], Connector] = {}
        for _ in range(rng.randint(1, self.max_connectors)):
            successors = tuple(sorted(rng.choice(later) for _ in range(rng.randint(1, self.max_k))))
            connectors.setdefault(successors, Connector(node, successors))
        return list(connectors.values())

    def build(self) -> AndOrGraph:
        """The whole graph, made explicit."""
        graph = AndOrGraph(start=0)
        for node in range(self.nodes):
            graph.add_node(node, terminal=self.is_terminal(node), h=self.heuristic(node))
        for node in range(self.nodes):
            if not graph.is_terminal(node):
                for connector in self.connectors_of(node):
                    graph.add(connector)
        return graph
