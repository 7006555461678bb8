"""Solution graphs (解图), their cost k(n, N), solvable nodes (能解节点) and brute force.

The course defines a solution graph from a node n to the terminal set N of a
graph without loops recursively:

1. if n is in N, the solution graph is n alone;
2. if n has a connector to successors n₁ … n_k and each nᵢ has a solution
   graph to N, then n, that connector and the solution graphs of n₁ … n_k
   form a solution graph from n;
3. otherwise there is no solution graph from n.

Here a solution graph chooses **one** connector for every non-terminal node it
reaches and has no cycle. Its cost follows the course's recursion

    k(n, N) = 0                                  if n ∈ N
    k(n, N) = c + k(n₁, N) + … + k(n_k, N)        over n's connector of cost c

so a part of the graph shared by two successors is paid for each time it is
used, and a connector naming a node twice (6 → 3, 3) pays for it twice. The
optimal solution graph (最佳解图) has the lowest cost; its cost from n is h*(n).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

from coursekit.andor.errors import AndOrError, CyclicGraphError
from coursekit.andor.graph import AndOrGraph, Connector, Node, check_graph, check_node, cycle_text
from coursekit.text import node_text, say


@dataclass(frozen=True)
class SolutionGraph:
    """A (partial) solution graph: a root and one connector per non-leaf node.

    ``connectors`` lists the connectors depth-first from the root. AO*'s
    partial solution graph G′ is also a :class:`SolutionGraph`; its leaves may
    still be unexpanded.

    >>> g = AndOrGraph.from_rules("n0 -> n5, n4\\nn4 -> n8\\nn5 -> n7, n8\\nterminals: n7, n8")
    >>> sg = SolutionGraph.from_choice("n0", {c.parent: c for c in g.connectors})
    >>> sg.nodes
    ('n0', 'n5', 'n4', 'n7', 'n8')
    >>> sg.cost
    5
    """

    root: Node
    """The node the solution graph starts from."""
    connectors: tuple[Connector, ...]
    """One connector per non-leaf node, depth-first from the root."""

    def __post_init__(self) -> None:
        check_node(self.root, "root")
        connectors = self.connectors
        if isinstance(connectors, (str, bytes)) or not isinstance(connectors, Iterable):
            raise AndOrError(say("errors.andor.connectors", connectors=repr(connectors)))
        connectors = tuple(connectors)
        for connector in connectors:
            if not isinstance(connector, Connector):
                raise AndOrError(say("errors.andor.connectors_item", connector=repr(connector)))
        object.__setattr__(self, "connectors", connectors)

    @classmethod
    def from_choice(
        cls,
        root: Node,
        choice: Mapping[Node, Connector],
        stop: Callable[[Node], bool] = lambda node: False,
    ) -> SolutionGraph:
        """Follow ``choice[n]`` (a connector per node) from ``root``, depth-first.

        Nodes without a choice, and nodes for which ``stop`` is true, are leaves.
        """
        if not isinstance(choice, Mapping):
            raise AndOrError(say("errors.andor.choice", kind=type(choice).__name__))
        connectors: list[Connector] = []
        seen = {root}
        stack = [root]
        while stack:
            node = stack.pop()
            connector = None if stop(node) else choice.get(node)
            if connector is None:
                continue
            connectors.append(connector)
            for successor in reversed(connector.successors):
                if successor not in seen:
                    seen.add(successor)
                    stack.append(successor)
        return cls(root, tuple(connectors))

    @cached_property
    def choice(self) -> dict[Node, Connector]:
        """The connector chosen for each non-leaf node."""
        return {c.parent: c for c in self.connectors}

    @cached_property
    def nodes(self) -> tuple[Node, ...]:
        """Every node, the root first, in depth-first order."""
        order = [self.root]
        seen = {self.root}
        stack = [self.root]
        while stack:
            connector = self.choice.get(stack.pop())
            if connector is None:
                continue
            fresh = [s for s in dict.fromkeys(connector.successors) if s not in seen]
            seen.update(fresh)
            order.extend(fresh)
            stack.extend(reversed(fresh))
        return tuple(dict.fromkeys(order))

    @cached_property
    def leaves(self) -> tuple[Node, ...]:
        """The nodes without a connector (in a complete solution graph: terminal nodes)."""
        return tuple(n for n in self.nodes if n not in self.choice)

    def connector_of(self, node: Node) -> Connector | None:
        """The connector chosen at ``node`` (``None`` at a leaf)."""
        return self.choice.get(node)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Connector):
            return self.choice.get(item.parent) == item
        return item in self.nodes

    @cached_property
    def cost(self) -> float:
        """k(root, N) by the course's recursion: leaves cost 0, a node c + Σ k(successors).

        A successor shared by two connectors, or named twice by one, is counted
        every time. Raises :class:`CyclicGraphError` for a cyclic choice.
        """
        return self.costs()[self.root]

    def costs(self) -> dict[Node, float]:
        """k(n, N) for every node n of the solution graph."""
        k: dict[Node, float] = {}
        for node in reversed(self._topological_order()):
            connector = self.choice.get(node)
            k[node] = (
                0 if connector is None else connector.cost + sum(k[s] for s in connector.successors)
            )
        return k

    def _topological_order(self) -> list[Node]:
        """Nodes with every node before its successors (depth-first post-order, reversed)."""
        done: set[Node] = set()
        on_path: list[Node] = []
        order: list[Node] = []
        stack: list[tuple[Node, Iterator[Node]]] = [(self.root, self._children(self.root))]
        on_path.append(self.root)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                on_path.pop()
                done.add(node)
                order.append(node)
            elif child in on_path:
                cycle = [*on_path[on_path.index(child) :], child]
                raise CyclicGraphError(
                    say("errors.andor.solution_cycle", cycle=cycle_text(cycle)), cycle
                )
            elif child not in done:
                on_path.append(child)
                stack.append((child, self._children(child)))
        return order[::-1]

    def _children(self, node: Node) -> Iterator[Node]:
        connector = self.choice.get(node)
        return iter(() if connector is None else dict.fromkeys(connector.successors))

    def __str__(self) -> str:
        terminal = say("captions.aostar.terminal", node=node_text(self.root))
        return "; ".join(map(str, self.connectors)) or terminal


# --------------------------------------------------------------------- checks
def solution_graph_problems(graph: AndOrGraph, solution: SolutionGraph) -> list[str]:
    """What keeps ``solution`` from being a solution graph of ``graph`` (empty when none).

    >>> g = AndOrGraph.from_rules("n0 -> n1, n2\\nn0 -> n2\\nterminals: n1")
    >>> solution_graph_problems(g, SolutionGraph("n0", g.connectors_of("n0")[:1]))
    ['leaf n2 is not a terminal node']
    """
    check_graph(graph)
    if not isinstance(solution, SolutionGraph):
        raise AndOrError(say("errors.andor.solution_type", kind=type(solution).__name__))
    problems = []
    if solution.root not in graph:
        return [say("andor.root_not_in_graph", root=node_text(solution.root))]
    parents = [c.parent for c in solution.connectors]
    for connector in solution.connectors:
        if connector.parent not in graph or connector not in graph.connectors_of(connector.parent):
            problems.append(say("andor.not_a_connector", connector=connector))
        if parents.count(connector.parent) > 1:
            problems.append(say("andor.two_connectors", node=node_text(connector.parent)))
        elif connector.parent not in solution.nodes:
            problems.append(
                say("andor.unreachable", connector=connector, root=node_text(solution.root))
            )
        elif connector.parent in graph and graph.is_terminal(connector.parent):
            problems.append(say("andor.terminal_not_leaf", node=node_text(connector.parent)))
    for leaf in solution.leaves:
        if leaf not in graph or not graph.is_terminal(leaf):
            problems.append(say("andor.leaf_not_terminal", node=node_text(leaf)))
    try:
        solution._topological_order()
    except CyclicGraphError as error:
        problems.append(str(error))
    return list(dict.fromkeys(problems))


def is_solution_graph(graph: AndOrGraph, solution: SolutionGraph) -> bool:
    """True when ``solution`` is a solution graph of ``graph`` from its root to N."""
    return not solution_graph_problems(graph, solution)


# ------------------------------------------------------------ enumeration
def solution_graphs(graph: AndOrGraph, start: Node | None = None) -> Iterator[SolutionGraph]:
    """Every solution graph from ``start`` to the terminal set, by the recursive definition.

    The graph may have cycles (the solution graphs never do). The walk keeps
    its own stack, so graphs thousands of levels deep are fine; but the number
    of solution graphs grows exponentially with the number of choices, so this
    is meant for small graphs.

    Parameters
    ----------
    graph : AndOrGraph
    start : node, optional
        The root (default: ``graph.start``).

    Returns
    -------
    iterator of SolutionGraph
        In depth-first order of the choices, each node's connectors in rule order.

    Raises
    ------
    AndOrError
        When ``graph`` is not an :class:`AndOrGraph` or ``start`` is not one of its nodes.

    See Also
    --------
    optimal_solution_graph : the cheapest of them.
    coursekit.andor.aostar.ao_star : finds an optimal one without trying them all.

    Examples
    --------
    >>> g = AndOrGraph.from_rules("n0 -> n1\\nn0 -> n2\\nn1 -> n2\\nterminals: n2")
    >>> [str(s) for s in solution_graphs(g)]
    ['n0 → n1; n1 → n2', 'n0 → n2']
    """
    return _solution_graphs(graph, _start(graph, start))


def _solution_graphs(graph: AndOrGraph, start: Node) -> Iterator[SolutionGraph]:
    # Each entry: the connectors chosen so far and the nodes still to be given one.
    stack: list[tuple[dict[Node, Connector], tuple[Node, ...]]] = [({}, (start,))]
    while stack:
        choice, pending = stack.pop()
        i = 0
        while i < len(pending) and (pending[i] in choice or graph.is_terminal(pending[i])):
            i += 1
        if i == len(pending):
            yield SolutionGraph.from_choice(start, choice)
            continue
        node, rest = pending[i], pending[i + 1 :]
        branches = [
            ({**choice, node: connector}, rest + connector.successors)
            for connector in graph.connectors_of(node)
            if not _closes_cycle(choice, connector)
        ]
        stack.extend(reversed(branches))  # the first connector is tried first


def _closes_cycle(choice: Mapping[Node, Connector], connector: Connector) -> bool:
    """Would choosing ``connector`` let its parent reach itself through ``choice``?"""
    stack = list(connector.successors)
    seen: set[Node] = set()
    while stack:
        node = stack.pop()
        if node == connector.parent:
            return True
        if node not in seen:
            seen.add(node)
            if node in choice:
                stack.extend(choice[node].successors)
    return False


def optimal_solution_graph(graph: AndOrGraph, start: Node | None = None) -> SolutionGraph | None:
    """The cheapest solution graph from ``start``, found by trying them all (brute force).

    This is the oracle AO* is tested against.

    Parameters
    ----------
    graph : AndOrGraph
    start : node, optional
        The root (default: ``graph.start``).

    Returns
    -------
    SolutionGraph or None
        The first one enumerated wins a tie; ``None`` when ``start`` is not solvable.

    Raises
    ------
    AndOrError
        When ``graph`` is not an :class:`AndOrGraph` or ``start`` is not one of its nodes.

    See Also
    --------
    solution_graphs : all of them.
    optimal_costs : h*(n) for every node, bottom-up (no enumeration).
    coursekit.andor.aostar.ao_star : the heuristic search.

    Examples
    --------
    >>> g = AndOrGraph.from_rules("n0 -> n1\\nn0 -> n2, n3\\nn1 -> n2, n3\\nterminals: n2, n3")
    >>> best = optimal_solution_graph(g)
    >>> str(best), best.cost
    ('n0 → n2, n3', 2)
    """
    best: SolutionGraph | None = None
    for candidate in solution_graphs(graph, start):
        if best is None or candidate.cost < best.cost:
            best = candidate
    return best


# ---------------------------------------------------------- whole-graph values
def solvable_nodes(graph: AndOrGraph) -> frozenset[Node]:
    """The solvable nodes (能解节点), labelled as the course does.

    Terminal nodes are solvable; a node is solvable when one of its connectors
    leads to successors that are all solvable. (For a 1-connector: its one "OR"
    successor is solvable.) Works on graphs with cycles too.

    >>> g = AndOrGraph.from_rules("a -> b, c\\na -> d\\nb -> d\\nterminals: c, d")
    >>> sorted(solvable_nodes(g))
    ['a', 'b', 'c', 'd']
    """
    check_graph(graph)
    unsolved = {c: len(set(c.successors)) for c in graph.connectors}
    solved = set(graph.terminals)
    queue = list(solved)
    while queue:
        node = queue.pop()
        for connector in graph.connectors_into(node):
            unsolved[connector] -= 1
            if unsolved[connector] == 0 and connector.parent not in solved:
                solved.add(connector.parent)
                queue.append(connector.parent)
    return frozenset(solved)


def optimal_costs(graph: AndOrGraph) -> dict[Node, float]:
    """h*(n) for every node: the cost of an optimal solution graph from n (∞ if none).

    Computed bottom-up over a topological order; the graph must have no cycle.

    >>> g = AndOrGraph.from_rules("n0 -> n1\\nn0 -> n2, n3\\nn1 -> n2, n3\\nterminals: n2, n3")
    >>> optimal_costs(g)
    {'n0': 2, 'n1': 2, 'n2': 0, 'n3': 0}
    """
    check_graph(graph)
    graph.require_acyclic(say("errors.andor.why.h_star"))
    best: dict[Node, float] = {}
    for node in reversed(graph.topological_order()):
        if graph.is_terminal(node):
            best[node] = 0
        else:
            best[node] = min(
                (c.cost + sum(best[s] for s in c.successors) for c in graph.connectors_of(node)),
                default=math.inf,
            )
    return {n: best[n] for n in graph.nodes}


def _start(graph: AndOrGraph, start: Node | None) -> Node:
    check_graph(graph)
    start = graph.start if start is None else start
    if start is None:
        raise AndOrError(say("errors.andor.no_start_node"))
    check_node(start, "start")
    if start not in graph:
        raise AndOrError(say("errors.andor.start_not_in_graph", node=node_text(start)))
    return start
