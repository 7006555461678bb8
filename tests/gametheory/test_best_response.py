"""coursekit.gametheory.best_response: best responses and the exact equilibrium test,
checked against their definitions on matrices."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.gametheory.best_response import (
    best_responses,
    best_responses_to_each,
    is_equilibrium,
    pure_equilibria,
    values_against,
)
from tests.gametheory.conftest import games


@given(games(max_size=4))
@settings(max_examples=100, deadline=None)
def test_best_responses_to_pure_strategies_are_the_largest_payoffs(game):
    A, B = game.exact_A, game.exact_B
    m, n = game.shape
    for j, rows in enumerate(best_responses_to_each(A, 0)):
        column = [A[i][j] for i in range(m)]
        assert rows == [i for i in range(m) if column[i] == max(column)]
    for i, cols in enumerate(best_responses_to_each(B, 1)):
        assert cols == [j for j in range(n) if B[i][j] == max(B[i])]


@given(games(max_size=4))
@settings(max_examples=100, deadline=None)
def test_pure_equilibria_are_the_pure_profiles_that_pass_the_exact_test(game):
    A, B = game.exact_A, game.exact_B
    m, n = game.shape

    def pure(k, size):
        return [Fraction(int(k == t)) for t in range(size)]

    expected = [
        (i, j) for i in range(m) for j in range(n) if is_equilibrium(A, B, pure(i, m), pure(j, n))
    ]
    assert pure_equilibria(A, B) == expected


@given(games(max_size=3), st.data())
@settings(max_examples=100, deadline=None)
def test_a_best_response_to_a_mix_earns_the_most(game, data):
    A = game.exact_A
    m, n = game.shape
    weights = data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n).filter(any))
    mix = [Fraction(w, sum(weights)) for w in weights]
    values = values_against(A, 0, mix)
    best = best_responses(A, 0, mix)
    assert best and all(values[i] == max(values) for i in best)
    assert all(values[i] < max(values) for i in range(m) if i not in best)


def test_the_test_is_exact():
    A, B = ((1, -1), (-1, 1)), ((-1, 1), (1, -1))
    half = [Fraction(1, 2)] * 2
    assert is_equilibrium(A, B, half, half)
    nearly = [Fraction(1, 2) + Fraction(1, 10**12), Fraction(1, 2) - Fraction(1, 10**12)]
    assert not is_equilibrium(A, B, half, nearly)
