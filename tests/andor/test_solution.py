"""Solution graphs, their cost k(n, N), enumeration, brute force and SOLVED labelling."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.andor import (
    AndOrGraph,
    CyclicGraphError,
    SolutionGraph,
    is_solution_graph,
    optimal_costs,
    optimal_solution_graph,
    solution_graph_problems,
    solution_graphs,
    solvable_nodes,
)
from coursekit.andor.examples import course_example
from coursekit.andor.generate import random_graph
from coursekit.text import set_language


def pick(graph: AndOrGraph, *texts: str) -> dict:
    """Connectors of ``graph`` chosen by their text ``"n0 → n5, n4"``."""
    by_text = {str(c): c for c in graph.connectors}
    return {by_text[t].parent: by_text[t] for t in texts}


# The course's three solution graphs a, b, c of the worked example, drawn in
# the seed: with a k-connector costing k, their costs are 8, 7 and 5.
COURSE_SOLUTIONS = {
    "a": (["n0 → n1", "n1 → n3", "n3 → n5, n6", "n5 → n7, n8", "n6 → n7, n8"], 8),
    "b": (["n0 → n5, n4", "n4 → n5", "n5 → n7, n8"], 7),
    "c": (["n0 → n5, n4", "n4 → n8", "n5 → n7, n8"], 5),
}


@pytest.mark.parametrize("name", COURSE_SOLUTIONS)
def test_the_course_solution_graphs_and_their_costs(name):
    g = course_example()
    texts, cost = COURSE_SOLUTIONS[name]
    sg = SolutionGraph.from_choice("n0", pick(g, *texts))
    assert is_solution_graph(g, sg)
    assert sg.cost == cost
    assert sg in list(solution_graphs(g, "n0"))


def test_the_course_example_has_twelve_solution_graphs_and_the_best_costs_five():
    g = course_example()
    every = list(solution_graphs(g, "n0"))
    assert len(every) == len({s.connectors for s in every}) == 12
    best = optimal_solution_graph(g, "n0")
    assert best.cost == 5 and {str(c) for c in best.connectors} == set(COURSE_SOLUTIONS["c"][0])


def test_a_successor_named_twice_is_paid_for_twice():
    g = AndOrGraph.from_rules("6 -> 3, 3\n3 -> 1 cost 5\nterminals: 1")
    (sg,) = solution_graphs(g, "6")
    assert sg.cost == 2 + 5 + 5
    assert sg.costs() == {"6": 12, "3": 5, "1": 0}


def test_a_shared_part_is_paid_for_each_time_it_is_used():
    g = AndOrGraph.from_rules("a -> b, c\nb -> d\nc -> d\nd -> t cost 10\nterminals: t")
    (sg,) = solution_graphs(g, "a")
    assert sg.cost == 2 + (1 + 10) + (1 + 10)


def test_a_terminal_start_is_its_own_solution_graph():
    g = AndOrGraph.from_rules("a -> b\nterminals: a, b")
    (sg,) = solution_graphs(g, "a")
    assert sg.nodes == ("a",) and sg.connectors == () and sg.cost == 0


@pytest.mark.parametrize(
    ("choice", "problem"),
    [
        (["n0 → n1"], "leaf n1 is not a terminal node"),
        (["n0 → n5, n4", "n4 → n8", "n5 → n7, n8", "n8 → n7"], "must be a leaf"),
        (["n0 → n5, n4", "n5 → n7, n8", "n4 → n8", "n2 → n3"], "cannot be reached"),
    ],
)
def test_problems_of_a_wrong_solution_graph_are_named(choice, problem):
    g = course_example()
    g.add_connector("n8", ["n7"])
    connectors = tuple(c for t in choice for c in g.connectors if str(c) == t)
    problems = solution_graph_problems(g, SolutionGraph("n0", connectors))
    assert any(problem in p for p in problems), problems


def test_two_connectors_for_one_node_or_a_foreign_connector_are_wrong():
    g = course_example()
    two = SolutionGraph("n0", tuple(g.connectors_of("n0")))
    assert any("more than one connector" in p for p in solution_graph_problems(g, two))
    other = AndOrGraph.from_rules("n0 -> n7\nterminals: n7")
    foreign = SolutionGraph("n0", other.connectors)
    assert any("not a connector of the graph" in p for p in solution_graph_problems(g, foreign))


def test_the_problems_are_named_in_chinese_when_the_language_is_chinese():
    g = course_example()
    two = SolutionGraph("n0", tuple(g.connectors_of("n0")))
    set_language("zh")
    try:
        problems = solution_graph_problems(g, two)
    finally:
        set_language(None)
    assert "n0 有不止一个连接符（解图在每个节点上只选一个连接符）" in problems
    assert "叶节点 n5 不是终止节点" in problems


def test_a_cyclic_choice_is_not_a_solution_graph_and_has_no_cost():
    g = AndOrGraph.from_rules("a -> b\nb -> a\nb -> t\nterminals: t")
    loop = SolutionGraph.from_choice("a", {"a": g.connectors[0], "b": g.connectors[1]})
    assert any("no cycles" in p for p in solution_graph_problems(g, loop))
    with pytest.raises(CyclicGraphError):
        _ = loop.cost
    # enumeration on a cyclic graph only gives the acyclic solution graphs
    assert [str(s) for s in solution_graphs(g, "a")] == ["a → b; b → t"]


def test_solvable_nodes_on_the_course_example_and_a_dead_end():
    assert solvable_nodes(course_example()) == set(course_example().nodes)
    g = AndOrGraph.from_rules("a -> b, c\na -> d\nb -> t\nc -> x\nterminals: t")
    assert solvable_nodes(g) == {"b", "t"}


def brute_force_solvable(graph: AndOrGraph) -> set:
    return {n for n in graph.nodes if next(solution_graphs(graph, n), None) is not None}


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 10**9), nodes=st.integers(1, 7))
def test_solvable_means_a_solution_graph_exists(seed, nodes):
    g = random_graph(seed, nodes)
    assert solvable_nodes(g) == brute_force_solvable(g)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 10**9), nodes=st.integers(1, 7))
def test_enumerated_solution_graphs_are_valid_distinct_and_h_star_is_their_minimum(seed, nodes):
    g = random_graph(seed, nodes)
    every = list(solution_graphs(g, "n0"))
    assert len({s.connectors for s in every}) == len(every)
    for sg in every:
        assert solution_graph_problems(g, sg) == []
    best = optimal_solution_graph(g, "n0")
    h_star = optimal_costs(g)["n0"]
    if every:
        assert best.cost == min(s.cost for s in every) == h_star
    else:
        assert best is None and h_star == math.inf


def test_cost_follows_the_recursive_definition_by_hand():
    # k(n0) = 2 + k(n5) + k(n4); k(n5) = 2 + 0 + 0; k(n4) = 1 + k(n8) = 1
    g = course_example()
    sg = SolutionGraph.from_choice("n0", pick(g, *COURSE_SOLUTIONS["c"][0]))
    assert sg.costs() == {"n0": 5, "n5": 2, "n4": 1, "n7": 0, "n8": 0}
    assert sg.leaves == ("n7", "n8") and sg.nodes[0] == "n0"
