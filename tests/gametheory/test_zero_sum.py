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
    rows = st.lists(st.integers(-9, 9), min_size=n, max_size=n)
    return NormalFormGame.zero_sum(draw(st.lists(rows, min_size=m, max_size=m)))


@given(zero_sum_games())
@settings(max_examples=150, deadline=None)
def test_value_is_guaranteed_from_both_sides(game):
    s = game.zero_sum_value()
    p, q = np.array(s.p, float), np.array(s.q, float)
    assert np.isclose(p.sum(), 1) and np.isclose(q.sum(), 1)
    assert (p @ game.A).min() >= float(s.value) - 1e-7  # the row player gets at least v
    assert (game.A @ q).max() <= float(s.value) + 1e-7  # the column player concedes at most v
    if s.exact:
        columns = [
            sum(x * game.exact_A[i][j] for i, x in enumerate(s.p)) for j in range(game.shape[1])
        ]
        assert min(columns) == s.value


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


def test_irrational_looking_floats_fall_back_to_floats():
    g = NormalFormGame.zero_sum([[0.1234567, -1], [-1, 0.7654321]])
    s = g.zero_sum_value()
    assert s.value == pytest.approx((0.1234567 * 0.7654321 - 1) / (0.1234567 + 0.7654321 + 2))
