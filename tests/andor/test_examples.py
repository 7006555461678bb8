"""The course's AND/OR graphs read as the course gives them."""

from __future__ import annotations

from coursekit.andor import ao_star, optimal_costs
from coursekit.andor.examples import course_example, exercise_1, exercise_2, splitting_problem


def test_the_course_example_and_the_exercises_read():
    g = course_example()
    assert g.start == "n0" and g.terminals == {"n7", "n8"} and len(g.connectors) == 12
    assert [c.name for c in exercise_1().connectors] == [f"R{i}" for i in range(1, 9)]
    assert exercise_2().start == "6" and exercise_2().terminals == {"1"}


def test_the_splitting_problem_agrees_with_exercise_2():
    # every way to split n into ones costs 2(n - 1): n - 1 splits of two successors each
    assert ao_star(splitting_problem(), 6).cost == optimal_costs(exercise_2())["6"] == 10
    for n in (2, 5, 9):
        assert ao_star(splitting_problem(), n, snapshots=False).cost == 2 * (n - 1)
