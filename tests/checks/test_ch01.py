"""The checks of exercise set 01: right answers pass, typical wrong ones get a useful hint,
and unanswered parts fail with an AssertionError (never a NameError or TypeError)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from coursekit.checks import ch01
from coursekit.checks.common import SUCCESS_LINE
from coursekit.gametheory import SmartPigs


def student_pure_nash(A, B):
    m, n = len(A), len(A[0])
    return [
        (i, j)
        for i in range(m)
        for j in range(n)
        if A[i][j] == max(A[k][j] for k in range(m)) and B[i][j] == max(B[i])
    ]


def student_mixed_2x2(A, B):
    # q makes the row player indifferent, p makes the column player indifferent
    (a, b), (c, d) = A
    (e, f), (g, h) = B
    q = Fraction(d - b, a - b - c + d)
    p = Fraction(h - g, e - f - g + h)
    return p, q


def not_yet(*args):
    raise NotImplementedError


def passes(check, *args, capsys):
    check(*args)
    assert capsys.readouterr().out.strip() == SUCCESS_LINE


def hint(check, *args) -> str:
    with pytest.raises(AssertionError) as error:
        check(*args)
    return str(error.value)


# ---------------------------------------------------------------------- right answers
def test_right_answers_pass(capsys):
    passes(ch01.check_pure_equilibria, student_pure_nash, capsys=capsys)
    passes(ch01.check_elimination, ["bottom", "right"], capsys=capsys)
    passes(ch01.check_optima, [("top", "right"), ("bottom", "right")], [("bottom", "right")],
           capsys=capsys)  # fmt: skip
    # the narrow trough's payoffs, worked out by hand from the rules (see the notebook):
    # PP (9.5, 5.5), PW (2.9, 4.6), WP (10, −2.5), WW (0, 0)
    p = Fraction(5, 2) / Fraction(34, 10)  # big pig: 5.5p − 2.5(1 − p) = 4.6p
    q = Fraction(29, 10) / Fraction(34, 10)  # small pig: 9.5q + 2.9(1 − q) = 10q
    passes(ch01.check_pigs_variant, SmartPigs(head_start=(10, 1)), (p, q), capsys=capsys)
    passes(ch01.check_pigs_variant, SmartPigs(head_start=(10, 1)), [float(p), float(q)],
           capsys=capsys)  # fmt: skip
    passes(ch01.check_mixed_2x2, student_mixed_2x2, capsys=capsys)
    passes(ch01.check_mixed_2x2, lambda A, B: tuple(map(float, student_mixed_2x2(A, B))),
           capsys=capsys)  # fmt: skip


# ---------------------------------------------------------------------- unanswered parts
@pytest.mark.parametrize(
    ("check", "args"),
    [
        (ch01.check_pure_equilibria, (None,)),
        (ch01.check_pure_equilibria, (not_yet,)),
        (ch01.check_elimination, (None,)),
        (ch01.check_optima, (None, None)),
        (ch01.check_pigs_variant, (None, None)),
        (ch01.check_pigs_variant, (SmartPigs(head_start=(10, 1)), None)),
        (ch01.check_mixed_2x2, (None,)),
        (ch01.check_mixed_2x2, (not_yet,)),
    ],
)
def test_unanswered_parts_fail_with_an_assertion(check, args):
    text = hint(check, *args)
    assert "no answer yet" in text or "NotImplementedError" in text


# ---------------------------------------------------------------------- wrong answers
def test_pure_equilibria_hints():
    def first_only(A, B):
        return student_pure_nash(A, B)[:1]

    def transposed(A, B):
        return [(j, i) for i, j in student_pure_nash(A, B)]

    def crashes(A, B):
        return A[5]

    assert "wrong result" in hint(ch01.check_pure_equilibria, first_only)
    assert "the game A = " in hint(ch01.check_pure_equilibria, transposed)
    assert "IndexError" in hint(ch01.check_pure_equilibria, crashes)
    assert "wrong result ('none')" in hint(ch01.check_pure_equilibria, lambda A, B: "none")
    assert "should be a function" in hint(ch01.check_pure_equilibria, 3)


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        (["middle"], "Step 1: 'middle' is not strictly dominated"),
        (["right", "bottom"], "Step 1: 'right' is not strictly dominated"),
        (["bottom"], "still strictly dominated"),
        ([], "still strictly dominated"),
        (["bottom", "bottom"], "Step 2: 'bottom' was already removed"),
        (["down"], "'down' is not a strategy of this game"),
        ("bottom, right", "as a list of labels"),
    ],
)
def test_elimination_hints(steps, message):
    assert message in hint(ch01.check_elimination, steps)


@pytest.mark.parametrize(
    ("pareto", "collective", "message"),
    [
        ([("top", "right"), ("bottom", "right"), ("top", "left")], [("bottom", "right")],
         "improves for one player"),
        ([("bottom", "right")], [("bottom", "right")], "is missing"),
        ([("top", "right"), ("bottom", "right")], [("top", "left")], "largest total payoff"),
        ([("top", "up")], [("bottom", "right")], "use a row label and a column label"),
        ("top, right", [("bottom", "right")], "list of (row label, column label) pairs"),
        ([("top",)], [("bottom", "right")], "is not a (row label, column label) pair"),
    ],
)  # fmt: skip
def test_optima_hints(pareto, collective, message):
    assert message in hint(ch01.check_optima, pareto, collective)


def test_pigs_hints():
    right = SmartPigs(head_start=(10, 1))
    assert "small pig's head start" in hint(ch01.check_pigs_variant, SmartPigs(), (0.5, 0.5))
    assert "the food per press" in hint(
        ch01.check_pigs_variant, SmartPigs(food=5, head_start=(10, 1)), (0, 0)
    )
    assert "where the dispenser is" in hint(
        ch01.check_pigs_variant, SmartPigs(head_start=(10, 1), dispenser="lever"), (0, 0)
    )
    assert "rules should be of type SmartPigs" in hint(
        ch01.check_pigs_variant, {"food": 10}, (0, 0)
    )
    assert "look at mixed strategies" in hint(ch01.check_pigs_variant, right, (1, 0))
    assert "big pig's probability" in hint(ch01.check_pigs_variant, right, (0.5, 0.5))
    assert "two numbers" in hint(ch01.check_pigs_variant, right, 0.5)
    assert "two numbers between 0 and 1" in hint(ch01.check_pigs_variant, right, ("a", "b"))


def test_mixed_hints():
    def complement(A, B):  # probabilities of the second strategies instead of the first
        p, q = student_mixed_2x2(A, B)
        return 1 - p, 1 - q

    def own_indifference(A, B):  # a classic slip: each player's mix from its own payoffs
        p, q = student_mixed_2x2(A, B)
        return q, p  # q was computed from A (the row player's payoffs), p from B

    assert "wrong result" in hint(ch01.check_mixed_2x2, complement)
    message = hint(ch01.check_mixed_2x2, own_indifference)
    assert "p and q are swapped" in message and "comes from B" in message
    assert "swapped" not in hint(ch01.check_mixed_2x2, complement)
    assert "wrong result (0.5)" in hint(ch01.check_mixed_2x2, lambda A, B: 0.5)


def test_checks_do_not_store_the_answers_in_clear():
    source = Path(ch01.__file__).read_text(encoding="utf-8")
    for answer in ("25/34", "29/34", "Fraction(25", 'bottom", "right'):
        assert answer not in source
