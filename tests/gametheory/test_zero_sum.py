"""The value of zero-sum games by linear programming, against the minimax theorem."""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.gametheory import DegenerateGameWarning, NormalFormGame, catalog


@st.composite
def zero_sum_games(draw, max_size: int = 5):
    m, n = draw(st.integers(1, max_size)), draw(st.integers(1, max_size))
    bound = draw(st.sampled_from([9, 99]))
    rows = st.lists(st.integers(-bound, bound), min_size=n, max_size=n)
    return NormalFormGame.zero_sum(draw(st.lists(rows, min_size=m, max_size=m)))


@given(zero_sum_games())
@settings(max_examples=150, deadline=None)
def test_value_is_guaranteed_from_both_sides(game):
    s = game.zero_sum_value()
    p, q = np.array(s.p, float), np.array(s.q, float)
    assert np.isclose(p.sum(), 1) and np.isclose(q.sum(), 1)
    assert (p @ game.A).min() >= float(s.value) - 1e-7  # the row player gets at least v
    assert (game.A @ q).max() <= float(s.value) + 1e-7  # the column player concedes at most v
    assert s.exact  # integer payoffs always get the exact value
    columns = [sum(x * game.exact_A[i][j] for i, x in enumerate(s.p)) for j in range(game.shape[1])]
    rows = [sum(y * game.exact_A[i][j] for j, y in enumerate(s.q)) for i in range(game.shape[0])]
    assert min(columns) == s.value == max(rows)
    assert sum(s.p) == 1 == sum(s.q) and min(s.p) >= 0 and min(s.q) >= 0


def test_payoffs_up_to_99_get_an_exact_value():
    """A 6×7 game whose value has a large denominator: limit_denominator(10**6) lost it."""
    rng = np.random.default_rng(4)
    m, n = rng.integers(2, 8, size=2)
    game = NormalFormGame.zero_sum(rng.integers(-99, 99, size=(m, n), endpoint=True))
    s = game.zero_sum_value()
    assert s.exact and isinstance(s.value, Fraction)
    assert s.value.denominator > 10**6
    assert min(sum(x * game.exact_A[i][j] for i, x in enumerate(s.p)) for j in range(n)) == s.value


def test_payoffs_near_the_float_limit_get_their_value():
    big = 1.7e308
    s = NormalFormGame.zero_sum([[big, -big, 0], [-big, big, 0]]).zero_sum_value()
    assert s.exact and s.value == 0


@given(zero_sum_games(max_size=4))
@settings(max_examples=100, deadline=None)
def test_every_equilibrium_pays_the_value(game):
    s = game.zero_sum_value()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DegenerateGameWarning)
        for e in game.mixed_equilibria():
            assert game.expected_payoffs(e.p, e.q)[0] == pytest.approx(float(s.value), abs=1e-9)


def test_integer_games_get_exact_values():
    s = catalog.matching_pennies().zero_sum_value()
    assert s.exact and s.value == 0 and s.p == (Fraction(1, 2), Fraction(1, 2))


def test_constant_sum_games_are_accepted_and_others_refused():
    chess_like = NormalFormGame([[1, Fraction(1, 2)], [0, 1]], [[0, Fraction(1, 2)], [1, 0]])
    assert chess_like.zero_sum_value().value == Fraction(2, 3)
    with pytest.raises(ValueError, match="zero-sum"):
        catalog.prisoners_dilemma().zero_sum_value()


def test_floats_are_read_as_decimals_and_solved_exactly():
    g = NormalFormGame.zero_sum([[0.1234567, -1], [-1, 0.7654321]])
    s = g.zero_sum_value()
    assert s.exact
    assert s.value == (Fraction("0.1234567") * Fraction("0.7654321") - 1) / (
        Fraction("0.1234567") + Fraction("0.7654321") + 2
    )
    assert s.value == pytest.approx((0.1234567 * 0.7654321 - 1) / (0.1234567 + 0.7654321 + 2))


def test_near_ties_in_decimal_payoffs_do_not_lose_exactness():
    """Sevenths written as decimals: three rows earn v to 1e-16 but only two exactly."""
    A = np.array([[-5, -2], [-3, 4], [3, -5], [-5, 3], [1, -2], [-3, 2]]) / 7.0
    game = NormalFormGame.zero_sum(A)
    s = game.zero_sum_value()
    assert s.exact
    rows = [sum(y * a for y, a in zip(s.q, line, strict=True)) for line in game.exact_A]
    columns = [
        sum(x * a for x, a in zip(s.p, line, strict=True))
        for line in zip(*game.exact_A, strict=True)
    ]
    assert max(rows) == s.value == min(columns)
