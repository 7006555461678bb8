"""The monotone restriction and admissibility, with the offenders named."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.andor import (
    admissibility_violations,
    is_admissible,
    is_monotone,
    monotone_violations,
    optimal_costs,
)
from coursekit.andor.examples import course_example, exercise_1, exercise_2
from coursekit.andor.generate import monotone_heuristic, random_graph
from coursekit.text import set_language


def test_the_course_example_and_exercise_2_have_monotone_admissible_h():
    for g in (course_example(), exercise_2()):
        assert is_monotone(g) and is_admissible(g)


def test_exercise_1_breaks_the_monotone_restriction_at_r5_and_r6():
    g = exercise_1()
    # R5: h(n2) = 4 but 2 + h(n6) + h(n7) = 2; R6: h(n3) = 4 but 2 + h(n5) + h(n6) = 3
    found = {(v.connector.name, v.h, v.bound) for v in monotone_violations(g)}
    assert found == {("R5", 4, 2), ("R6", 4, 3)}
    assert str(monotone_violations(g)[0]) == "R5: h(n2) = 4 > 2 + h(n6) + h(n7) = 2"
    over = {(v.node, v.h, v.h_star, v.connector.name) for v in admissibility_violations(g)}
    assert over == {("n2", 4, 2, "R5"), ("n3", 4, 3, "R6")}
    assert str(admissibility_violations(g)[0]) == "h(n2) = 4 > h*(n2) = 2, through R5"
    set_language("zh")
    try:
        assert str(admissibility_violations(g)[0]) == "h(n2) = 4 > h*(n2) = 2，经由 R5"
    finally:
        set_language(None)


def test_a_terminal_node_with_positive_h_is_not_admissible():
    g = course_example().with_h({"n7": 1})
    assert [(v.node, v.connector) for v in admissibility_violations(g)] == [("n7", None)]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**9), nodes=st.integers(1, 9))
def test_monotone_with_zero_terminals_implies_admissible(seed, nodes):
    g = random_graph(seed, nodes)
    h = monotone_heuristic(g, seed)
    g = g.with_h(h)
    assert is_monotone(g)
    h_star = optimal_costs(g)
    assert all(h[n] <= h_star[n] for n in g.nodes)
    assert is_admissible(g)
