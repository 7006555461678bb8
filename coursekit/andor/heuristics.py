"""Checks of a heuristic h: the monotone restriction (单调限制) and admissibility.

The monotone restriction asks, for every connector from n to n₁ … n_k of cost c,

    h(n) ≤ c + h(n₁) + … + h(n_k).

With h = 0 on the terminal nodes it implies h(n) ≤ h*(n) for every node
(h is *admissible*). The course's theorem: when h is admissible and monotone,
AO* ends with an optimal solution graph.
"""

from __future__ import annotations

from dataclasses import dataclass

from coursekit.andor.graph import AndOrGraph, Connector, Node, check_graph
from coursekit.andor.solution import optimal_costs
from coursekit.text import node_text, number_text, say


@dataclass(frozen=True)
class MonotoneViolation:
    """A connector for which h(parent) > c + Σ h(successors)."""

    connector: Connector
    """The connector from n to n₁ … n_k."""
    h: float
    """h(n)."""
    bound: float
    """c + h(n₁) + … + h(n_k), which h(n) exceeds."""

    def __str__(self) -> str:
        c = self.connector
        terms = " + ".join([number_text(c.cost)] + [f"h({node_text(s)})" for s in c.successors])
        h, bound = number_text(self.h), number_text(self.bound)
        return f"{c.label}: h({node_text(c.parent)}) = {h} > {terms} = {bound}"


@dataclass(frozen=True)
class AdmissibilityViolation:
    """A node whose h overestimates h*, the cost of its optimal solution graph.

    ``connector`` is the first connector of an optimal solution graph from the
    node (``None`` for a terminal node, whose h* is 0).
    """

    node: Node
    """The node n."""
    h: float
    """h(n)."""
    h_star: float
    """h*(n), the cost of an optimal solution graph from n, which h(n) exceeds."""
    connector: Connector | None = None
    """The first connector of an optimal solution graph from n (``None`` if n is terminal)."""

    def __str__(self) -> str:
        node = node_text(self.node)
        text = f"h({node}) = {number_text(self.h)} > h*({node}) = {number_text(self.h_star)}"
        if self.connector is None:
            return text
        return say("andor.through", text=text, connector=self.connector.label)


def monotone_violations(graph: AndOrGraph) -> list[MonotoneViolation]:
    """Every connector that breaks the monotone restriction, in the graph's order.

    >>> g = AndOrGraph.from_rules("R5: n2 -> n6, n7\\nh: n2=4\\nterminals: n6, n7")
    >>> [str(v) for v in monotone_violations(g)]
    ['R5: h(n2) = 4 > 2 + h(n6) + h(n7) = 2']
    """
    check_graph(graph)
    found = []
    for connector in graph.connectors:
        h = graph.heuristic(connector.parent)
        bound = connector.cost + sum(graph.heuristic(s) for s in connector.successors)
        if h > bound:
            found.append(MonotoneViolation(connector, h, bound))
    return found


def is_monotone(graph: AndOrGraph) -> bool:
    """True when every connector satisfies the monotone restriction."""
    return not monotone_violations(graph)


def admissibility_violations(graph: AndOrGraph) -> list[AdmissibilityViolation]:
    """Every node with h(n) > h*(n) (the graph must have no cycle).

    >>> g = AndOrGraph.from_rules("n2 -> n6, n7\\nh: n2=4\\nterminals: n6, n7")
    >>> [str(v) for v in admissibility_violations(g)]
    ['h(n2) = 4 > h*(n2) = 2, through n2→n6,n7']
    """
    h_star = optimal_costs(graph)
    found = []
    for node in graph.nodes:
        if graph.heuristic(node) > h_star[node]:
            best = None
            if not graph.is_terminal(node):
                best = min(
                    graph.connectors_of(node),
                    key=lambda c: c.cost + sum(h_star[s] for s in c.successors),
                )
            found.append(AdmissibilityViolation(node, graph.heuristic(node), h_star[node], best))
    return found


def is_admissible(graph: AndOrGraph) -> bool:
    """True when h(n) ≤ h*(n) for every node."""
    return not admissibility_violations(graph)
