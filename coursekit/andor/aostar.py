"""AO*, the heuristic search of AND/OR graphs (Nilsson), as the course states it.

AO* grows an explicit graph G from the start node s. Every node of G has a
cost estimate q(n) (q := h when the node is generated), every expanded node
a *marked* connector (the one that currently looks cheapest), and some nodes
are labelled SOLVED. Following the marked connectors from s gives the
partial solution graph G′ (局部解图). Each cycle has two phases:

**Top-down** (steps 4–6): compute G′, pick a non-terminal leaf n of G′ and
expand it: add all its connectors to G; a successor new to G gets q := h,
and SOLVED if it is a terminal node.

**Bottom-up** (steps 7–12): S := {n}. Until S is empty, remove from S a node
m none of whose descendants in G is in S, and revise it:
q(m) := min over m's connectors of c + q(n₁) + … + q(n_k); mark the connector
giving the minimum (erasing the old mark); label m SOLVED if all successors of
that connector are SOLVED. If m became SOLVED or q(m) changed, put into S the
parents of m that reach m through their *marked* connector.

The search stops when s is SOLVED: the marked connectors from s then form a
solution graph of cost q(s). A node without successors (a dead end) gets the
futility value q = ∞, so no solution graph through it is chosen; when q(s)
itself reaches the futility value, s is unsolvable. With an admissible and
monotone h, AO* ends with an optimal solution graph.

Choices the course leaves open are made deterministically:

- **the leaf**: G′ is walked depth-first from s, each marked connector's
  successors in the order the connector lists them, skipping SOLVED parts;
  the first node not yet expanded is expanded;
- **the marked connector**: among connectors of equal lowest cost, the one
  listed first (in rule order);
- **the node taken from S**: the one that comes last in a topological order
  of G (kept up to date as G grows, see :mod:`coursekit.andor._toporder`); it
  has no descendant in S.

The course's graphs have no cycles. When an expansion would close a cycle in
G, AO* stops with a :class:`~coursekit.andor.graph.CyclicGraphError` naming
the cycle, instead of revising costs around it for ever.
"""

from __future__ import annotations

import heapq
import math
import sys
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from tqdm import tqdm

from coursekit.andor._toporder import CycleFound, TopologicalOrder
from coursekit.andor.errors import AndOrError, CyclicGraphError
from coursekit.andor.graph import AndOrGraph, Connector, Node, check_node, cycle_text
from coursekit.andor.implicit import DecomposableProblem, Entry, as_problem
from coursekit.andor.solution import SolutionGraph
from coursekit.text import node_text, number_text, say

FUTILITY = math.inf
"""The q value of a dead end: higher than the cost of any solution graph."""

SNAPSHOT_LIMIT = 3_000_000
"""The most q values all snapshots together may hold (about 400 MB of memory).

Each snapshot copies q, the marks, the SOLVED set and G′ for every node of G,
so snapshots grow as cycles × nodes, about 130 bytes per q value
(``bench/aostar_snapshots.md``): Grundy's game with 28 coins (2,788 cycles,
3,115 nodes) needs 5.1 million, 630 MB more memory and more than twice the
time. Past the limit AO* stops with an error that gives the size and
suggests ``snapshots=False``."""

PROGRESS_DELAY = 2.0
"""Seconds after which a long search shows a progress bar (``progress=None``)."""


class Revised(NamedTuple):
    """The outcome of revising one node: its new q, its marked connector, SOLVED or not."""

    q: float
    marked: Connector | None
    solved: bool


def revise(
    connectors: Sequence[Connector], q: Mapping[Node, float], solved: Collection[Node]
) -> Revised:
    """Step 11 of AO*: the new cost of a node from its connectors.

    q(m) is the lowest c + q(n₁) + … + q(n_k) over m's connectors (a successor
    named twice counts twice); the first connector reaching it is marked; m
    is SOLVED when all successors of the marked connector are. A node without
    connectors is a dead end: q = ∞, nothing marked, not SOLVED.

    >>> a, b = Connector("n0", ("n1",)), Connector("n0", ("n5", "n4"))
    >>> revise([a, b], {"n1": 2, "n4": 1, "n5": 1}, solved=set())
    Revised(q=3, marked=Connector('n0', ('n1',)), solved=False)
    >>> revise([], {}, set())
    Revised(q=inf, marked=None, solved=False)
    """
    best_q, best = math.inf, None
    try:
        for connector in connectors:
            cost = connector.cost + sum(q[n] for n in connector.successors)
            if cost < best_q:
                best_q, best = cost, connector
    except (KeyError, AttributeError, TypeError):
        raise AndOrError(
            say("errors.andor.revise_input", connectors=f"{connectors!r:.80}", q=f"{q!r:.80}")
        ) from None
    is_solved = best is not None and all(n in solved for n in best.successors)
    return Revised(best_q, best, is_solved)


@dataclass(frozen=True)
class Revision:
    """One node revised in a bottom-up phase: its q before and after, its mark, SOLVED."""

    node: Node
    """The node m taken from S."""
    old_q: float
    """q(m) before the revision."""
    q: float
    """q(m) after it."""
    marked: Connector | None
    """The connector marked at m (``None`` for a dead end)."""
    solved: bool
    """Whether m is labelled SOLVED after the revision."""


@dataclass(frozen=True)
class Snapshot:
    """The state of AO* after one cycle (``cycle`` 0 is the state before the first)."""

    cycle: int
    """The cycle number: 0 before the first cycle."""
    expanded: Node | None
    """The node expanded in this cycle (``None`` for cycle 0)."""
    generated: tuple[Node, ...]
    """The successors that were new to G in this cycle, in the order they came."""
    nodes: tuple[Node, ...]
    """The nodes of the explicit graph G, in the order they were generated."""
    expanded_nodes: frozenset[Node]
    """Every node of G expanded so far."""
    q: Mapping[Node, float]
    """q(n) for every node of G (read-only)."""
    marked: Mapping[Node, Connector]
    """The marked connector of every expanded node that has one (read-only)."""
    solved: frozenset[Node]
    """The nodes labelled SOLVED."""
    partial: SolutionGraph
    """The partial solution graph G′: the marked connectors followed from s."""
    revisions: tuple[Revision, ...]
    """The bottom-up revisions of this cycle, in order (empty for cycle 0)."""


@dataclass(frozen=True)
class AOStarResult:
    """What :func:`ao_star` found: a read-only record.

    >>> from coursekit.andor.examples import course_example
    >>> r = ao_star(course_example(), "n0")
    >>> r.status, r.cost, r.cycles
    ('solved', 5, 4)
    >>> r.cost = 0
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'cost'
    """

    start: Node
    """The start node s."""
    status: str
    """``"solved"``, ``"unsolvable"`` (q(s) reached the futility value: no solution
    graph exists) or ``"limit"`` (``max_cycles`` ran out)."""
    cost: float
    """q(s), the cost of the solution graph found (∞ unless solved)."""
    solution: SolutionGraph | None
    """The solution graph: the marked connectors from s (``None`` unless solved)."""
    q: Mapping[Node, float]
    """q(n) for every node of G at the end (read-only)."""
    marked: Mapping[Node, Connector]
    """The marked connector of every expanded node that has one, at the end (read-only)."""
    solved_nodes: frozenset[Node]
    """The nodes labelled SOLVED at the end."""
    graph: AndOrGraph
    """The explicit graph G that AO* built (the nodes generated and the connectors
    of the nodes expanded)."""
    expansions: tuple[Node, ...]
    """The node expanded in each cycle, in order."""
    snapshots: tuple[Snapshot, ...] = field(default=(), repr=False)
    """``snapshots[k]`` is the state after cycle k (``snapshots[0]`` before the
    first); empty when ``ao_star(..., snapshots=False)``."""
    revisions: int = 0
    """The number of cost revisions (step 11) over all cycles."""
    seconds: float = 0.0
    """The wall-clock time of the search."""

    @property
    def solved(self) -> bool:
        """True when the start node is SOLVED."""
        return self.status == "solved"

    @property
    def cycles(self) -> int:
        """The number of cycles (one node expanded in each)."""
        return len(self.expansions)

    @property
    def status_text(self) -> str:
        """:attr:`status` as a reader reads it, in the chosen language (能解 for ``"solved"``
        in Chinese); :attr:`status` itself stays the English word that code compares.

        >>> from coursekit.andor.examples import course_example
        >>> ao_star(course_example(), "n0").status_text
        'solved'
        """
        return say(f"andor.status.{self.status}")

    def __str__(self) -> str:
        s = node_text(self.start)
        if self.status == "solved":
            cost = number_text(self.cost)
            return say(
                "andor.result.solved",
                start=s,
                cycles=self.cycles,
                cost=cost,
                solution=self.solution,
            )
        if self.status == "unsolvable":
            return say("andor.result.unsolvable", start=s, cycles=self.cycles)
        return say("andor.result.stopped", start=s, cycles=self.cycles)


def ao_star(
    problem: AndOrGraph | DecomposableProblem | Callable[[Node], Iterable[Entry]],
    start: Node | None = None,
    *,
    h: Callable[[Node], float] | Mapping[Node, float] | None = None,
    is_terminal: Callable[[Node], bool] | Collection[Node] | None = None,
    futility: float = FUTILITY,
    max_cycles: int | None = None,
    snapshots: bool = True,
    revise: Callable[..., tuple[float, Connector | None, bool]] = revise,
    progress: bool | None = None,
) -> AOStarResult:
    """Search ``problem`` from ``start`` with AO* and return the solution graph found.

    Parameters
    ----------
    problem : AndOrGraph, DecomposableProblem or function
        An :class:`AndOrGraph`, any :class:`DecomposableProblem`, or a successor
        function ``node → connectors`` (then ``h`` and ``is_terminal`` describe
        the rest, see :class:`~coursekit.andor.implicit.ImplicitAndOrGraph`).
    start : node, optional
        The start node s (default: ``problem.start``).
    h, is_terminal : optional
        Only with a successor function: h(n) as a function or a mapping, and
        the terminal nodes as a predicate or a collection.
    futility : number, optional
        The q value of a dead end, > 0 (default ∞); AO* gives up when q(s)
        reaches it.
    max_cycles : int, optional
        Stop (status ``"limit"``) after this many cycles, a whole number ≥ 0;
        ``None``: no limit.
    snapshots : bool, optional
        Record a :class:`Snapshot` per cycle (default). Each snapshot copies q,
        so their size grows as cycles × nodes: a search whose snapshots would
        hold more than :data:`SNAPSHOT_LIMIT` q values stops with an
        :class:`AndOrError` that says so. Pass ``False`` for big searches.
    revise : function, optional
        The cost revision of one node (step 11), ``revise(connectors, q, solved)``
        returning ``(q, marked connector, solved)``; replaceable for exercises.
    progress : bool, optional
        Show a progress bar (cycles, nodes in G) on standard error: ``True``
        from the start, ``False`` never, ``None`` (default) only once the
        search has run for :data:`PROGRESS_DELAY` seconds.

    Returns
    -------
    AOStarResult
        The status, the cost q(s), the solution graph, the explicit graph G,
        the expansions and (with ``snapshots``) the state after every cycle.

    Raises
    ------
    AndOrError
        For a bad argument (a start node not in the graph, a ``max_cycles``
        that is not a whole number ≥ 0, a ``futility`` that is not a positive
        number, h values that are not finite numbers ≥ 0 …), or when the
        snapshots outgrow :data:`SNAPSHOT_LIMIT`.
    CyclicGraphError
        When an expansion closes a cycle of G (AO* is defined for graphs
        without cycles).

    See Also
    --------
    coursekit.andor.solution.optimal_solution_graph : brute force, the oracle.
    coursekit.andor.game_graph.winning_strategy : AO* on a game's AND/OR graph.
    coursekit.draw.andor.draw_cycle : the picture of one snapshot.

    Examples
    --------
    The course's worked example (rules n0 → n1; n0 → n5, n4; …):

    >>> from coursekit.andor.examples import course_example
    >>> r = ao_star(course_example(), "n0")
    >>> r.cost, r.solution.nodes
    (5, ('n0', 'n5', 'n4', 'n7', 'n8'))
    >>> [snapshot.q["n0"] for snapshot in r.snapshots]  # before cycle 1, after cycles 1–4
    [0, 3, 4, 5, 5]
    >>> r.expansions
    ('n0', 'n1', 'n5', 'n4')
    >>> ao_star(course_example(), "n0", max_cycles=2).status
    'limit'
    >>> ao_star(course_example(), "n0", max_cycles=2.5)
    Traceback (most recent call last):
    ...
    coursekit.andor.errors.AndOrError: max_cycles must be a whole number ≥ 0 or None, got 2.5
    """
    problem = as_problem(problem, h, is_terminal)
    if start is None:
        start = getattr(problem, "start", None)
        if start is None:
            raise AndOrError(say("errors.andor.no_start"))
    check_node(start, "start")
    if isinstance(problem, AndOrGraph) and start not in problem:
        raise AndOrError(say("errors.andor.start_not_in_graph", node=node_text(start)))
    if max_cycles is not None and (
        isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 0
    ):
        raise AndOrError(say("errors.andor.max_cycles", value=repr(max_cycles)))
    if isinstance(futility, bool) or not isinstance(futility, (int, float)) or not futility > 0:
        raise AndOrError(say("errors.andor.futility", value=repr(futility)))
    for name, flag in (("snapshots", snapshots), ("progress", progress)):
        if not isinstance(flag, bool) and not (name == "progress" and flag is None):
            raise AndOrError(say("errors.search.true_or_false", name=name, value=flag))
    if not callable(revise):
        raise AndOrError(say("errors.andor.revise_function", value=repr(revise)))
    search = AOStar(problem, start, futility=futility, record=snapshots, revise=revise)
    return search.run(max_cycles, progress=progress)


class AOStar:
    """The state of one AO* search; :func:`ao_star` is the way to run it."""

    def __init__(
        self,
        problem: DecomposableProblem,
        start: Node,
        *,
        futility: float = FUTILITY,
        record: bool = True,
        revise: Callable[..., tuple[float, Connector | None, bool]] = revise,
    ) -> None:
        self.problem = problem
        self.start = start
        self.futility = futility
        self.record = record
        self.revise = revise
        self.G = AndOrGraph(start=start)  # the explicit graph
        self.q: dict[Node, float] = {}
        self.marked: dict[Node, Connector] = {}
        self.solved: set[Node] = set()
        self.expanded: list[Node] = []
        self._is_expanded: set[Node] = set()
        digraph = self._digraph = self.G.digraph  # problem node → connector → successors
        self.order = TopologicalOrder(
            successors=lambda n: (s for c in digraph.successors(n) for s in digraph.successors(c)),
            predecessors=lambda n: (
                p for c in digraph.predecessors(n) for p in digraph.predecessors(c)
            ),
        )
        self.snapshots: list[Snapshot] = []
        self._recorded = 0  # q values held by the snapshots
        self.revisions = 0
        self._generate(start)  # step 1: G := {s}, q(s) := h(s)

    # ------------------------------------------------------------------ cycles
    @staticmethod
    def _progress_bar(max_cycles: int | None, progress: bool | None) -> tqdm:
        """A bar of the cycles on standard error: at once, after a delay, or never."""
        return tqdm(
            desc=say("printed.progress.aostar"),
            total=max_cycles,
            unit=say("printed.progress.cycles"),
            file=sys.stderr,
            delay=0 if progress else PROGRESS_DELAY,
            disable=progress is False,
            leave=False,
        )

    def run(self, max_cycles: int | None = None, progress: bool | None = None) -> AOStarResult:
        """Cycle until s is SOLVED (step 2), unsolvable, or ``max_cycles`` is reached.

        ``progress``: show a bar of the cycles on standard error (``None``: only
        after :data:`PROGRESS_DELAY` seconds).
        """
        began = time.perf_counter()
        self._snapshot(None, (), ())
        status = "solved"
        with self._progress_bar(max_cycles, progress) as bar:
            while self.start not in self.solved:
                if self.q[self.start] >= self.futility:
                    status = "unsolvable"
                    break
                if max_cycles is not None and len(self.expanded) >= max_cycles:
                    status = "limit"
                    break
                n = self.choose_leaf()
                generated = self.expand(n)
                revisions = self.revise_costs(n)
                self._snapshot(n, generated, revisions)
                bar.update()
        return self._result(status, time.perf_counter() - began)

    def choose_leaf(self) -> Node:
        """Steps 4–5: walk G′ down the marked connectors from s to its first non-terminal leaf."""
        stack = [self.start]
        seen: set[Node] = set()
        while stack:
            node = stack.pop()
            if node in seen or node in self.solved:  # terminal leaves are SOLVED
                continue
            seen.add(node)
            if node not in self._is_expanded:
                return node
            connector = self.marked.get(node)
            if connector is not None:
                stack.extend(reversed(connector.successors))
        raise AndOrError(say("errors.andor.no_leaf"))

    def expand(self, n: Node) -> tuple[Node, ...]:
        """Step 6: add n's connectors to G; new successors get q := h (SOLVED if terminal)."""
        generated = []
        for connector in self.problem.connectors_of(n):
            if not isinstance(connector, Connector) or connector.parent != n:
                raise AndOrError(
                    say("errors.andor.not_leaving", node=node_text(n), connector=repr(connector))
                )
            for successor in connector.successors:
                if successor not in self.q:
                    self._generate(successor)
                    generated.append(successor)
            try:
                self.G.add(connector)
            except AndOrError as error:
                raise AndOrError(
                    say("errors.andor.expanding", node=node_text(n), error=error)
                ) from None
            for successor in dict.fromkeys(connector.successors):
                try:
                    self.order.add_edge(n, successor)
                except CycleFound as found:
                    raise CyclicGraphError(
                        say(
                            "errors.andor.closes_cycle",
                            node=node_text(n),
                            cycle=cycle_text(found.cycle),
                        ),
                        found.cycle,
                    ) from None
        self.expanded.append(n)
        self._is_expanded.add(n)
        return tuple(generated)

    def revise_costs(self, n: Node) -> tuple[Revision, ...]:
        """Steps 7–12: revise q, the marks and the SOLVED labels from n upwards."""
        revisions = []
        S = _NodeSet(self.order.position)
        S.add(n)
        while S:
            m = S.pop_last()  # no descendant of m in G is in S
            old_q, was_solved = self.q[m], m in self.solved
            q, marked, solved = self._revised(m)
            self.q[m] = min(q, self.futility)
            if marked is None:
                self.marked.pop(m, None)
            else:
                self.marked[m] = marked
            if solved:
                self.solved.add(m)
            self.revisions += 1
            revisions.append(Revision(m, old_q, self.q[m], marked, m in self.solved))
            if (solved and not was_solved) or self.q[m] != old_q:
                for connector in self._digraph.predecessors(m):  # the connectors into m
                    if self.marked.get(connector.parent) == connector:
                        S.add(connector.parent)
        return tuple(revisions)

    # ---------------------------------------------------------------- helpers
    def _revised(self, m: Node) -> tuple[float, Connector | None, bool]:
        """Step 11 by ``self.revise``; an exercise's own revise is checked first."""
        answer = self.revise(tuple(self._digraph.nodes[m]["connectors"]), self.q, self.solved)
        if self.revise is revise:
            return answer
        try:
            q, marked, solved = answer
        except (TypeError, ValueError):
            raise AndOrError(say("errors.andor.revise_answer", answer=repr(answer))) from None
        if isinstance(q, bool) or not isinstance(q, (int, float)) or q != q:
            raise AndOrError(say("errors.andor.revise_q", node=node_text(m), q=repr(q)))
        if marked is not None and marked not in self.G.connectors_of(m):
            raise AndOrError(
                say("errors.andor.revise_marked", marked=repr(marked), node=node_text(m))
            )
        return q, marked, bool(solved)

    def _generate(self, node: Node) -> None:
        """A node enters G: q := h(node); a terminal node is SOLVED at cost 0."""
        terminal = self.problem.is_terminal(node)
        h = self.problem.heuristic(node)
        try:
            self.G.add_node(node, terminal=terminal, h=h)
        except AndOrError as error:
            raise AndOrError(say("errors.at", where="problem", message=error)) from None
        self.q[node] = 0 if terminal else h
        if terminal:
            self.solved.add(node)
        self.order.add_node(node)

    def partial_solution_graph(self) -> SolutionGraph:
        """G′: the marked connectors followed from s."""
        return SolutionGraph.from_choice(self.start, self.marked)

    def _snapshot(
        self, n: Node | None, generated: tuple[Node, ...], revisions: tuple[Revision, ...]
    ) -> None:
        if not self.record:
            return
        self._recorded += len(self.q)
        if self._recorded > SNAPSHOT_LIMIT:
            cycles = len(self.expanded)
            raise AndOrError(
                say(
                    "errors.andor.snapshots",
                    cycles=cycles,
                    nodes=len(self.q),
                    values=self._recorded,
                    limit=SNAPSHOT_LIMIT,
                    first=max(cycles - 1, 0),
                )
            )
        self.snapshots.append(
            Snapshot(
                cycle=len(self.expanded),
                expanded=n,
                generated=generated,
                nodes=tuple(self.q),
                expanded_nodes=frozenset(self.expanded),
                q=MappingProxyType(dict(self.q)),
                marked=MappingProxyType(dict(self.marked)),
                solved=frozenset(self.solved),
                partial=self.partial_solution_graph(),
                revisions=revisions,
            )
        )

    def _result(self, status: str, seconds: float) -> AOStarResult:
        solved = status == "solved"
        return AOStarResult(
            start=self.start,
            status=status,
            cost=self.q[self.start] if solved else math.inf,
            solution=self.partial_solution_graph() if solved else None,
            q=MappingProxyType(self.q),
            marked=MappingProxyType(self.marked),
            solved_nodes=frozenset(self.solved),
            graph=self.G,
            expansions=tuple(self.expanded),
            snapshots=tuple(self.snapshots),
            revisions=self.revisions,
            seconds=seconds,
        )


class _NodeSet:
    """The set S of the bottom-up phase, ordered by a topological order of G."""

    def __init__(self, position: Mapping[Node, int]) -> None:
        self.position = position
        self.heap: list[tuple[int, Node]] = []
        self.members: set[Node] = set()

    def add(self, node: Node) -> None:
        if node not in self.members:
            self.members.add(node)
            heapq.heappush(self.heap, (-self.position[node], node))

    def pop_last(self) -> Node:
        """Remove and return the node of S that comes last in the order."""
        _, node = heapq.heappop(self.heap)
        self.members.remove(node)
        return node

    def __bool__(self) -> bool:
        return bool(self.members)
