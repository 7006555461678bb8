"""The checks of 00_start_here: right answers pass, wrong ones get a hint (not the answer)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.checks import ch00
from coursekit.checks.common import SUCCESS_LINE


def count_by_levels(b: int, m: int) -> tuple[int, int]:
    """An independent count: walk the levels of the complete tree."""
    level, nodes = 1, 1
    for _ in range(m):
        level *= b
        nodes += level
    return level, nodes


def test_a_right_function_passes(capsys):
    ch00.check_tree_size(count_by_levels)
    ch00.check_tree_size(lambda b, m: list(count_by_levels(b, m)))  # a list is a pair too
    assert capsys.readouterr().out.splitlines() == [SUCCESS_LINE, SUCCESS_LINE]


@pytest.mark.parametrize(
    "wrong, hint",
    [
        (lambda b, m: (b**m, b**m), "wrong result"),  # forgets the inner levels
        (lambda b, m: (b**m, sum(b**d for d in range(m))), "wrong result"),  # forgets the leaves
        (lambda b, m: (b * m, 1 + b * m), "wrong result"),
        (lambda b, m: b**m, "Return a pair"),
        (lambda b, m: (b**m, 1 / 0), "ZeroDivisionError"),
    ],
)
def test_typical_wrong_functions_fail_with_a_hint(wrong, hint):
    with pytest.raises(AssertionError, match=hint) as failure:
        ch00.check_tree_size(wrong)
    assert "Correct" not in str(failure.value)


def test_a_result_that_stops_being_a_pair_is_named_on_that_case():
    def pair_only_when_shallow(b, m):
        return count_by_levels(b, m) if m < 4 else count_by_levels(b, m)[1]

    with pytest.raises(AssertionError, match="Return a pair") as failure:
        ch00.check_tree_size(pair_only_when_shallow)
    assert "wrong result" not in str(failure.value)


def test_a_crash_names_the_tree_it_happened_on():
    def crashes_at_depth_3(b, m):
        return count_by_levels(b, m) if m != 3 else (b**m, 1 // 0)

    with pytest.raises(AssertionError, match=r"ZeroDivisionError.* on the complete tree with b = "):
        ch00.check_tree_size(crashes_at_depth_3)


def test_an_unanswered_function_fails_with_an_assertion():
    def unfinished(b, m):
        raise NotImplementedError  # your code here

    with pytest.raises(AssertionError, match="NotImplementedError"):
        ch00.check_tree_size(unfinished)
    with pytest.raises(AssertionError, match="no answer yet"):
        ch00.check_tree_size(None)


def test_a_wrong_function_is_caught_on_some_case_beyond_the_worked_example():
    # Right on b = 2, m = 1 (the first call) but wrong for deep narrow trees.
    def right_only_when_shallow(b, m):
        return count_by_levels(b, m) if m < 4 else (b**m, b**m)

    with pytest.raises(AssertionError, match="wrong result"):
        ch00.check_tree_size(right_only_when_shallow)


@given(b=st.integers(2, 60), budget=st.integers(1, 10**15))
def test_affordable_depth_accepts_exactly_the_greatest_depth_that_fits(b, budget):
    fits = [m for m in range(60) if b**m <= budget]
    best = max(fits)
    ch00.check_affordable_depth(b, budget, best)
    if best > 0:
        with pytest.raises(AssertionError, match="Too shallow"):
            ch00.check_affordable_depth(b, budget, best - 1)
    with pytest.raises(AssertionError, match="Too deep"):
        ch00.check_affordable_depth(b, budget, best + 1)


@pytest.mark.parametrize(
    "answer, hint", [(None, "no answer yet"), (7.0, "type int"), (-1, "negative")]
)
def test_affordable_depth_rejects_non_answers(answer, hint):
    with pytest.raises(AssertionError, match=hint) as failure:
        ch00.check_affordable_depth(40, 180 * 10**9, answer)
    assert "7" not in str(failure.value)  # the hint never gives the depth away
