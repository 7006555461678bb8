"""Checks for exercise set 02: AND/OR graphs and AO*.

Exercises 1 and 2 are the course's: for each, the AND/OR graph, the q values
after every cycle of AO*, and the best solution graph with its cost.
Exercise 3 asks for AO*'s cost revision of one node, run on many random graphs.
Every expected answer is computed here from the exercise's data with
coursekit's own algorithms; hints say what is wrong, never the answer.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from coursekit.andor.aostar import AOStar, ao_star
from coursekit.andor.aostar import revise as reference_revise
from coursekit.andor.examples import exercise_1, exercise_2
from coursekit.andor.generate import monotone_heuristic, random_graph
from coursekit.andor.graph import AndOrGraph, Connector, Node
from coursekit.andor.solution import SolutionGraph, optimal_costs, solution_graph_problems
from coursekit.checks.by_hand import by_hand
from coursekit.checks.common import (
    answered,
    call_student,
    fail,
    is_number,
    passed,
    require,
    require_type,
    run_cases,
    same_number,
)
from coursekit.checks.parts import Function, Value
from coursekit.checks.public.ch02 import graph_data
from coursekit.text import say

EXERCISES = {1: exercise_1, 2: exercise_2}
RANDOM_GRAPHS = 300
"""How many random graphs a student's cost revision is tried on inside AO*."""


def _reference(exercise: int) -> AndOrGraph:
    return EXERCISES[exercise]()


# ------------------------------------------------------------------ graphs
def check_graph(exercise: int, graph: Any) -> None:
    """The AND/OR graph of exercise 1 or 2: connectors and costs, h values, terminals."""
    answered(graph)
    require_type(graph, AndOrGraph, say("ch02.your_graph"))
    expected = _reference(exercise)
    for node in expected.nodes:
        require(node in graph, say("ch02.missing_node", node=node))
    for node in graph.nodes:
        require(node in expected, say("ch02.extra_node", node=node))
    for node in expected.nodes:
        theirs = Counter(_shape(c) for c in graph.connectors_of(node))
        ours = Counter(_shape(c) for c in expected.connectors_of(node))
        require(
            len(graph.connectors_of(node)) == len(expected.connectors_of(node)),
            say("ch02.connector_count", node=node, count=len(graph.connectors_of(node))),
        )
        require(
            theirs == ours,
            say("ch02.wrong_connector", node=node),
        )
    require(
        graph.terminals == expected.terminals,
        say("ch02.wrong_terminals"),
    )
    for node in expected.nodes:
        require(
            graph.heuristic(node) == expected.heuristic(node),
            say("ch02.wrong_h", node=node),
        )
    passed()


def _shape(connector: Connector) -> tuple:
    return (connector.parent, tuple(sorted(Counter(connector.successors).items())), connector.cost)


# ---------------------------------------------------------------- q values
def check_cycles(exercise: int, q_after: Any) -> None:
    """The q values of every node of G after each cycle of AO* (cycle 1 first).

    The course's procedure lets each cycle expand *any* non-terminal leaf of
    G′, so there is more than one right answer: every sequence of q values that
    some legal choice of leaves produces is accepted (the marked connector
    among equally cheap ones is the one listed first, as the exercise says).
    """
    answered(q_after)
    require_type(q_after, (list, tuple), say("ch02.your_cycles"))
    for number, given in enumerate(q_after, start=1):
        require_type(given, Mapping, say("ch02.your_q_values", number=number))
    graph = _reference(exercise)
    traces: list[list] = [[]]  # the choices of leaves that agree with the answer so far
    for number, given in enumerate(q_after, start=1):
        given = {str(node): value for node, value in given.items()}
        unfinished = [t for t in traces if graph.start not in _replay(graph, t).solved]
        require(
            unfinished,
            say("ch02.too_many_cycles", count=len(q_after)),
        )
        candidates = [
            ([*trace, leaf], _replay(graph, [*trace, leaf]).q)
            for trace in unfinished
            for leaf in legal_leaves(_replay(graph, trace))
        ]
        traces = [trace for trace, q in candidates if _same_q(given, q)]
        if not traces:
            _explain(number, given, [q for _, q in candidates])
    require(
        any(graph.start in _replay(graph, trace).solved for trace in traces),
        say("ch02.not_finished", count=len(q_after)),
    )
    passed()


def legal_leaves(search: AOStar) -> list[Node]:
    """The leaves the course's procedure may expand next: every non-terminal leaf of G′.

    These are the nodes reached from s along marked connectors that are neither
    expanded nor SOLVED (terminal nodes are SOLVED), in the order AO* meets them.

    >>> from coursekit.andor.examples import exercise_1
    >>> graph = exercise_1()
    >>> legal_leaves(_replay(graph, ["n0"]))
    ['n1', 'n2']
    """
    leaves, seen, stack = [], set(), [search.start]
    while stack:
        node = stack.pop()
        if node in seen or node in search.solved:
            continue
        seen.add(node)
        if node not in search.expanded:
            leaves.append(node)
        elif node in search.marked:
            stack.extend(reversed(search.marked[node].successors))
    return leaves


def _replay(graph: AndOrGraph, leaves: Iterable[Node]) -> AOStar:
    """AO* on ``graph`` after expanding ``leaves`` in this order (one per cycle)."""
    search = AOStar(graph, graph.start, record=False)
    for leaf in leaves:
        search.expand(leaf)
        search.revise_costs(leaf)
    return search


def _same_q(given: Mapping[str, Any], q: Mapping[Node, float]) -> bool:
    return set(given) == {str(node) for node in q} and all(
        same_number(given[str(node)], value) for node, value in q.items()
    )


def _explain(number: int, given: Mapping[str, Any], candidates: list[Mapping[Node, float]]) -> None:
    """Fail with a hint for the q values of cycle ``number``, none of the ``candidates``.

    The candidates are the q values after each legal expansion, AO*'s own choice
    first; the hint is about the one closest to the answer.
    """
    with_same_nodes = [q for q in candidates if {str(n) for n in q} == set(given)]
    q = with_same_nodes[0] if with_same_nodes else candidates[0]
    for node in given:
        require(
            node in {str(n) for n in q},
            say("ch02.not_in_g", number=number, node=node),
        )
    for node in q:
        require(
            str(node) in given,
            say("ch02.missing_q", number=number),
        )
        answer = given[str(node)]
        require(
            is_number(answer),
            say("ch02.q_not_a_number", number=number, node=node),
        )
    closest = min(with_same_nodes, key=lambda q: _disagreements(given, q))
    wrong = next(node for node in closest if not same_number(given[str(node)], closest[node]))
    fail(say("ch02.wrong_q", number=number, node=wrong))


def _disagreements(given: Mapping[str, Any], q: Mapping[Node, float]) -> int:
    return sum(not same_number(given[str(node)], value) for node, value in q.items())


# ---------------------------------------------------------- solution graphs
def check_best_solution(exercise: int, connectors: Any, cost: Any) -> None:
    """The best solution graph (a list of its connectors) and its cost.

    A connector may be given by its rule name (``"R1"``), as text
    (``"n0 -> n1, n2"``) or as a :class:`Connector`; a
    :class:`SolutionGraph` is accepted as well.
    """
    answered(connectors)
    answered(cost)
    graph = _reference(exercise)
    solution = _as_solution_graph(graph, connectors)
    problems = solution_graph_problems(graph, solution)
    if problems:
        fail(say("ch02.not_a_solution_graph", start=graph.start, problem=problems[0]))
    require(
        solution.cost <= optimal_costs(graph)[graph.start],
        say("ch02.not_the_cheapest"),
    )
    require(
        is_number(cost),
        say("ch02.cost_not_a_number"),
    )
    require(
        cost == solution.cost,
        say("ch02.wrong_cost"),
    )
    passed()


def _as_solution_graph(graph: AndOrGraph, answer: Any) -> SolutionGraph:
    if isinstance(answer, SolutionGraph):
        return answer
    if isinstance(answer, (str, Connector)):
        answer = [answer]
    require_type(answer, (list, tuple, set), say("ch02.your_solution_graph"))
    chosen = [_find_connector(graph, item) for item in answer]
    require(chosen, say("ch02.no_connector"))
    return SolutionGraph(graph.start, tuple(chosen))


def _find_connector(graph: AndOrGraph, item: Any) -> Connector:
    if isinstance(item, Connector):
        require(item in graph.connectors, say("ch02.not_a_connector", connector=item))
        return item
    require_type(item, str, say("ch02.each_connector"))
    text = item.strip()
    for connector in graph.connectors:
        if connector.name == text:
            return connector
    left, arrow, right = text.replace("→", "->").partition("->")
    require(bool(arrow), say("ch02.neither", text=item))
    successors = Counter(s.strip() for s in right.split(","))
    for connector in graph.connectors_of(left.strip()) if left.strip() in graph else ():
        if Counter(map(str, connector.successors)) == successors:
            return connector
    fail(say("ch02.text_not_a_connector", text=item))


# ---------------------------------------------------------- cost revision
def check_revise(student: Callable[..., Any], seed: int | None = None) -> None:
    """A student's ``revise(connectors, q, solved)``: first on single nodes, then inside AO*
    (``seed``: other random cases and graphs, as the grader uses)."""
    answered(student)
    require(callable(student), say("ch02.revise_not_a_function"))
    run_cases(
        student,
        reference_revise,
        _revise_cases(seed),
        _describe,
        same=_same_revision,
        diagnose=_forgotten_cost,
    )
    first = 0 if seed is None else 1000 + seed % 10**6
    for seed in range(first, first + RANDOM_GRAPHS):
        graph = random_graph(seed, nodes=7 + seed % 4)
        graph = graph.with_h(monotone_heuristic(graph, seed))
        best_cost = optimal_costs(graph)["n0"]  # h*(n0), ∞ when n0 is unsolvable
        try:
            result = ao_star(
                graph,
                "n0",
                revise=lambda c, q, s: _as_triple(call_student(student, (c, q, s), _describe)),
                snapshots=False,
                max_cycles=100,
            )
        except AssertionError:
            raise  # already a hint
        except Exception as error:  # AO* tripped over what your revise returned
            problem = f"{type(error).__name__}: {error}"
            fail(say("ch02.revise_crashed", seed=seed, problem=problem))
        if math.isinf(best_cost):
            require(
                result.status == "unsolvable",
                say("ch02.missed_unsolvable", seed=seed),
            )
        else:
            require(
                result.solved,
                say("ch02.never_solved", seed=seed),
            )
            require(
                result.cost == best_cost,
                say("ch02.not_optimal", seed=seed),
            )
    passed()


def _forgotten_cost(got: Any, connectors: Iterable[Connector], q: Mapping, solved) -> str | None:
    """The usual mistake: summing the successors' q values without the connector's cost."""
    sums = [(sum(q[n] for n in c.successors), i) for i, c in enumerate(connectors)]
    if not sums:
        return None
    q_free, first = min(sums)  # the first connector of the lowest sum
    try:
        got_q, got_marked, _ = got
    except (TypeError, ValueError):
        return None
    if same_number(got_q, q_free) and got_marked == list(connectors)[first]:
        return say("ch02.forgotten_cost", case=_describe(connectors, q, solved))
    return None


def _as_triple(value: Any) -> tuple:
    if not (isinstance(value, (tuple, list)) and len(value) == 3):  # say only on a failure:
        fail(say("ch02.not_a_triple"))  # this runs for every revision AO* makes
    return tuple(value)


def _same_revision(got: Any, expected: tuple) -> bool:
    q, marked, solved = _as_triple(got)
    want_q, want_marked, want_solved = expected
    return same_number(q, want_q) and marked == want_marked and bool(solved) == want_solved


def _revise_cases(seed: int | None = None) -> Iterator[tuple]:
    """Hand-made cases (a dead end, a tie, a successor named twice), then random ones."""
    a, b, c = "a", "b", "c"
    yield ((), {}, set())
    yield ((Connector("m", (a,)), Connector("m", (b, c))), {a: 3, b: 1, c: 0}, {c})
    yield ((Connector("m", (a,)), Connector("m", (b,))), {a: 2, b: 2}, {b})  # a tie
    yield ((Connector("m", (a, a)), Connector("m", (b,), cost=4)), {a: 1, b: 0}, {a, b})
    yield ((Connector("m", (a, b), cost=5),), {a: 0, b: 0}, {a})
    yield ((Connector("m", (a,)),), {a: math.inf}, set())
    rng = random.Random(2 if seed is None else seed)
    first = 0 if seed is None else 1000 + seed % 10**6
    for graph_seed in range(first, first + 200):
        graph = random_graph(graph_seed, nodes=6)
        for node in graph.nodes:
            connectors = graph.connectors_of(node)
            if connectors:
                q = {n: rng.choice([0, 1, 2, 3, 5, 8, math.inf]) for n in graph.nodes}
                solved = {n for n in graph.nodes if rng.random() < 0.4}
                yield (connectors, q, solved)


def _describe(connectors: Iterable[Connector], q: Mapping, solved: Iterable) -> str:
    if not connectors:
        return say("ch02.dead_end")
    parts = _listed(say("ch02.connector_cost", connector=c, cost=f"{c.cost:g}") for c in connectors)
    used = {n for c in connectors for n in c.successors}
    values = _listed(f"q({n}) = {q[n]}" for n in sorted(used, key=str))
    done = sorted(n for n in used if n in solved)
    return say("ch02.case", connectors=parts, values=values, solved=", ".join(done))


def _listed(items: Iterable[str]) -> str:
    """Items one after another, as the language lists them ("a, b, c"; "a、b、c")."""
    return functools.reduce(
        lambda first, then: say("ch02.list_more", first=first, then=then), items
    )


# ------------------------------------------------------------ named checks
def check_exercise_1_graph(graph: Any) -> None:
    """Exercise 1 (1): the AND/OR graph of the rules R1–R8 with h and the terminal set."""
    check_graph(1, graph)


@by_hand("q_cycles_1")
def check_exercise_1_cycles(q_after: Any) -> None:
    """Exercise 1 (2): q(n) for every node of G after each cycle."""
    check_cycles(1, q_after)


@by_hand("best_1", "cost_1")
def check_exercise_1_solution(connectors: Any, cost: Any) -> None:
    """Exercise 1 (2): the best solution graph from n0 to {n6, n7} and its cost."""
    check_best_solution(1, connectors, cost)


def check_exercise_2_graph(graph: Any) -> None:
    """Exercise 2: the AND/OR graph of the rewrite rules of 6 into ones."""
    check_graph(2, graph)


@by_hand("q_cycles_2")
def check_exercise_2_cycles(q_after: Any) -> None:
    """Exercise 2: q(n) for every node of G after each cycle."""
    check_cycles(2, q_after)


@by_hand("best_2", "cost_2")
def check_exercise_2_solution(connectors: Any, cost: Any) -> None:
    """Exercise 2: the best solution graph from 6 and its cost."""
    check_best_solution(2, connectors, cost)


# --- how the instructor's grader reads each part (see coursekit.checks.parts) ---------------


def _graph_object(value: Any) -> Any:
    """Fresh graphs and connectors from ``public.ch02.graph_data`` (in the grader)."""
    if isinstance(value, dict) and set(value) == {"Connector"}:
        parent, successors, cost, name = value["Connector"]
        return Connector(parent, tuple(successors), cost, name)
    if isinstance(value, dict) and set(value) == {"AndOrGraph"}:
        data = value["AndOrGraph"]
        connectors = [_graph_object(c) for c in data["connectors"]]
        return AndOrGraph(connectors, h=data["h"], terminals=data["terminals"], start=data["start"])
    if isinstance(value, (tuple, list)):
        return type(value)(_graph_object(v) for v in value)
    return value


EXERCISE = "02_and_or_graphs"
PARTS = {
    1: Value(("graph_1",), check_exercise_1_graph, encode=graph_data, decode=_graph_object),
    2: Value(("q_cycles_1",), check_exercise_1_cycles, by_hand=True),
    3: Value(("best_1", "cost_1"), check_exercise_1_solution, by_hand=True),
    4: Value(("graph_2",), check_exercise_2_graph, encode=graph_data, decode=_graph_object),
    5: Value(("q_cycles_2",), check_exercise_2_cycles, by_hand=True),
    6: Value(("best_2", "cost_2"), check_exercise_2_solution, by_hand=True),
    7: Function(
        "revise",
        check_revise,
        encode=graph_data,
        decode=_graph_object,
        forbidden=("coursekit.andor.",),
    ),
}
