"""Which cells a graded function's sandbox runs: the set-up, its own answer, what it needs."""

from __future__ import annotations

from coursekit.tools.grading.student_function import bound_names, cells_for, used_names

SETUP = ("from coursekit.games import MAX\nK = 3", False)
HELPER = ("def helper(x):\n    return x + K", True)
LOOP = ("answer_2 = None\nwhile True:\n    pass", True)
EXITS = ("import os\nos._exit(1)", True)
FUNCTION = ("def f(x):\n    return helper(x) * 2\nprint(f(1))", True)


def test_unrelated_answer_cells_are_not_run():
    cells = cells_for([SETUP, HELPER, LOOP, EXITS, FUNCTION], "f")
    assert cells == [SETUP[0], HELPER[0], FUNCTION[0]]


def test_what_a_needed_cell_needs_is_kept_too():
    base = ("def base():\n    return 1", True)
    helper = ("def helper(x):\n    return x + base()", True)
    cells = cells_for([SETUP, base, LOOP, helper, FUNCTION], "f")
    assert cells == [SETUP[0], base[0], helper[0], FUNCTION[0]]


def test_the_last_definition_wins_and_later_cells_are_left_out():
    again = ("def f(x):\n    return 0", True)
    assert cells_for([SETUP, FUNCTION, again, LOOP], "f") == [SETUP[0], again[0]]
    assert cells_for([SETUP, LOOP], "f") is None


def test_names_bound_and_used():
    assert bound_names("x, (y, z) = 1, (2, 3)\nclass C: pass") == {"x", "y", "z", "C"}
    assert bound_names("def f(:") == set()
    assert used_names("print(a.b)") == {"print", "a"}
