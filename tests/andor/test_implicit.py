"""Implicit graphs: AO* generating a decomposable problem's graph on demand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.andor import AndOrGraph, Connector, ImplicitAndOrGraph, ao_star
from coursekit.andor.errors import AndOrError
from coursekit.andor.examples import splitting_problem
from coursekit.andor.generate import RandomProblem


@pytest.mark.parametrize("n", [2, 3, 6, 11, 30])
def test_rewriting_n_into_ones_costs_two_per_split(n):
    # any way of splitting n into n ones makes n − 1 splits, each a 2-connector
    r = ao_star(splitting_problem(), n)
    assert r.cost == 2 * (n - 1)
    assert sorted(r.solution.leaves) == [1]


def test_a_successor_function_with_h_and_terminals():
    r = ao_star(
        lambda n: [(n - 1,), (n - 2, n - 2)] if n > 1 else [],
        5,
        h={3: 1},
        is_terminal={0, 1},
    )
    assert r.solved and r.cost == 4  # 5 → 4 → 3 → 2 → 1, four 1-connectors


def test_entries_may_be_connectors_with_costs():
    problem = ImplicitAndOrGraph(
        lambda n: [Connector(n, ("t",), cost=7), Connector(n, ("t", "t"), cost=1)],
        is_terminal=lambda n: n == "t",
    )
    assert ao_star(problem, "s").cost == 1


def test_bad_successor_entries_are_reported():
    with pytest.raises(AndOrError, match="list of successors per connector"):
        ao_star(lambda n: ["ab"], "s")
    with pytest.raises(AndOrError, match="gave s the connector"):
        ao_star(lambda n: [Connector("x", ("y",))], "s")
    with pytest.raises(AndOrError, match="must be a function"):
        ImplicitAndOrGraph("not a function")
    with pytest.raises(AndOrError, match="repeats"):
        ao_star(lambda n: [("t",), ("t",)], "s", is_terminal={"t"})


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), nodes=st.integers(2, 400))
def test_implicit_and_explicit_searches_agree(seed, nodes):
    problem = RandomProblem(nodes, seed, span=10)
    implicit = ao_star(problem, 0, snapshots=False)
    explicit = ao_star(problem.build(), 0, snapshots=False)
    assert implicit.status == explicit.status
    assert implicit.cost == explicit.cost
    assert implicit.expansions == explicit.expansions
    assert set(implicit.graph.nodes) <= set(range(nodes))


def test_only_the_explored_part_of_a_big_problem_is_generated():
    problem = RandomProblem(100_000, seed=1)
    r = ao_star(problem, 0, snapshots=False)
    assert r.solved and len(r.graph) < 100_000
    assert isinstance(r.graph, AndOrGraph) and r.graph.is_acyclic()


@pytest.mark.parametrize("max_k", [1, 2])
def test_the_informed_heuristic_of_deep_random_graphs_is_monotone_and_admissible(max_k):
    from coursekit.andor import is_admissible, is_monotone

    problem = RandomProblem(
        300, 4, terminal_share=0.0, dead_end_share=0.0, bottom=0.05, max_k=max_k, informed=True
    )
    graph = problem.build()
    assert graph.terminals == set(range(problem.first_bottom, 300))
    assert is_monotone(graph) and is_admissible(graph)
    assert ao_star(problem, 0, snapshots=False).cost == ao_star(graph, 0, snapshots=False).cost
