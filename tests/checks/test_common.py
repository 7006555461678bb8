"""The shared parts of answer checks, and the warm-up checks of 00_start_here."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.checks import ch00
from coursekit.checks.common import (
    SUCCESS_LINE,
    answered,
    call_student,
    canonical,
    digest,
    require,
    run_cases,
    same_number,
)


def test_digest_ignores_representation_but_not_value():
    assert digest({3, 1}, "ex") == digest([1, 3], "ex")
    assert digest(2.0, "ex") == digest(2, "ex")
    assert digest(Fraction(1, 2), "ex") == digest(0.5, "ex")
    assert digest(2, "ex") != digest(3, "ex")
    assert digest(2, "ex") != digest(2, "other exercise")


def test_canonical_handles_infinities_and_nesting():
    assert canonical({"b": (1.5, float("inf")), "a": {2, 1}}) == {"a": [1, 2], "b": [1.5, "inf"]}
    with pytest.raises(TypeError, match="cannot compare"):
        canonical(object())


def test_require_and_answered_raise_assertion_errors_with_the_hint():
    with pytest.raises(AssertionError, match="the hint"):
        require(False, "the hint")
    require(True, "never shown")
    with pytest.raises(AssertionError, match="no answer yet"):
        answered(...)


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e9, max_value=1e9))
def test_same_number_accepts_rounding_but_not_other_values_or_types(x):
    assert same_number(x + 1e-12, x) and same_number(Fraction(x), x)
    assert not same_number(x + max(1, abs(x)) * 1e-6, x) and not same_number(str(x), x)
    assert not same_number(x, math.inf) and not same_number(-math.inf, math.inf)
    assert same_number(math.inf, math.inf) and not same_number(True, 1.0)


def test_run_cases_reports_the_case_not_the_expected_result():
    def describe(x):
        return f"x = {x}"

    assert run_cases(lambda x: x * x, lambda x: x**2, [(i,) for i in range(10)], describe) == 10
    with pytest.raises(AssertionError) as failure:
        run_cases(lambda x: x + x, lambda x: x**2, [(2,), (3,)], describe)
    assert "x = 3" in str(failure.value) and "9" not in str(failure.value)

    def unfinished(x):
        raise NotImplementedError

    with pytest.raises(AssertionError, match="NotImplementedError"):
        run_cases(unfinished, abs, [(1,)], describe)


def test_run_cases_asks_diagnose_for_a_hint_that_fits_the_mistake():
    def describe(x):
        return f"x = {x}"

    def diagnose(got, x):
        return "You doubled x instead of squaring it." if got == 2 * x else None

    with pytest.raises(AssertionError, match="doubled x") as failure:
        run_cases(lambda x: x + x, lambda x: x**2, [(1,), (3,)], describe, diagnose=diagnose)
    assert "9" not in str(failure.value)
    with pytest.raises(AssertionError, match=r"wrong result \(4\) on x = 3"):
        run_cases(lambda x: x + 1, lambda x: x**2, [(3,)], describe, diagnose=diagnose)


def test_call_student_names_the_case_of_a_crash_or_an_endless_recursion():
    def describe(n):
        return f"n = {n}"

    def forever(n):
        return forever(n - 1)

    assert call_student(abs, (-2,), describe) == 2
    with pytest.raises(AssertionError, match="recursed without end on n = 5"):
        call_student(forever, (5,), describe)
    with pytest.raises(AssertionError, match="raised KeyError: 'a' on n = 1"):
        call_student(lambda n: {}["a"], (1,), describe)

    def unfinished(n):
        raise NotImplementedError

    with pytest.raises(AssertionError, match="still raises NotImplementedError"):
        call_student(unfinished, (1,), describe)


def test_warm_up_checks(capsys):
    ch00.check_leaf_count(3, 4, 81)
    assert capsys.readouterr().out.strip() == SUCCESS_LINE
    with pytest.raises(AssertionError, match="Too few nodes") as failure:
        ch00.check_node_count(3, 4, 81)
    assert "121" not in str(failure.value)
    with pytest.raises(AssertionError, match="Too many leaves"):
        ch00.check_leaf_count(2, 3, 15)
    with pytest.raises(AssertionError, match="should be of type int"):
        ch00.check_leaf_count(2, 3, "8")


def test_a_failed_check_shows_its_hint_in_one_line_in_a_notebook():
    from coursekit.checks.common import CheckFailed, fail

    with pytest.raises(CheckFailed) as failure:
        fail("Too many leaves.")
    assert isinstance(failure.value, AssertionError)
    assert failure.value._render_traceback_() == ["✘ Too many leaves."]
