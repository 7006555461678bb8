"""Seeded random AND/OR graphs and heuristics."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.andor import AndOrError, is_admissible, is_monotone
from coursekit.andor.generate import (
    RandomProblem,
    monotone_heuristic,
    overestimating_heuristic,
    random_graph,
)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), nodes=st.integers(1, 15))
def test_random_graphs_are_acyclic_seeded_and_get_monotone_heuristics(seed, nodes):
    g = random_graph(seed, nodes)
    assert g.is_acyclic() and g == random_graph(seed, nodes) and g.start == "n0"
    with_h = g.with_h(monotone_heuristic(g, seed))
    assert is_monotone(with_h) and is_admissible(with_h)
    assert all(v >= 0 for v in overestimating_heuristic(g, seed).values())


@pytest.mark.parametrize("nodes", [0, -3, 2.5, True, "8"])
def test_a_graph_needs_a_whole_number_of_nodes(nodes):
    with pytest.raises(AndOrError, match="nodes"):
        random_graph(0, nodes)


def test_a_random_problem_built_explicitly_has_the_same_connectors():
    problem = RandomProblem(300, seed=2, span=10)
    g = problem.build()
    for node in range(0, 300, 7):
        if not g.is_terminal(node):
            assert list(g.connectors_of(node)) == problem.connectors_of(node)
