"""NormalFormGame: reading and checking payoffs, labels and mixed strategies; simple queries."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.gametheory import NormalFormGame, PayoffError
from tests.gametheory.conftest import games

PD_A = [[-0.5, -10], [0, -2]]
PD_B = [[-0.5, 0], [-10, -2]]


# ---------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("A", "message", "row", "column"),
    [
        ([], "have no rows", None, None),
        ([[1, 2], [3]], "row 2 has 1 entries but row 1 has 2", 1, None),
        ([[1, 2], []], "row 2 is empty", 1, None),
        ([[1, "x"], [3, 4]], "row 1, column 2: 'x' is not a number", 0, 1),
        ([[1, 2], [True, 4]], "row 2, column 1: True is not a number", 1, 0),
        ([[1, 2], [3, float("nan")]], "row 2, column 2: nan is not a finite number", 1, 1),
        ([[float("inf"), 2]], "row 1, column 1: inf is not a finite number", 0, 0),
        ([[1, None]], "row 1, column 2: None is not a number", 0, 1),
        ("12", "must be rows of numbers", None, None),
        ([1, 2], "row 1 is 1, not a row of numbers", 0, None),
        (np.zeros((2, 2, 2)), "not a 3-D array", None, None),
    ],
)
def test_bad_payoffs_raise_a_payoff_error_saying_where(A, message, row, column):
    with pytest.raises(PayoffError, match=message.replace("(", r"\(")) as error:
        NormalFormGame(A, [[0, 0], [0, 0]])
    assert isinstance(error.value, ValueError)
    assert (error.value.row, error.value.column) == (row, column)
    assert "row player's payoffs" in str(error.value) or row is None


def test_the_column_players_matrix_is_named_in_its_errors():
    with pytest.raises(PayoffError, match=r"B \(the column player's payoffs\): row 1, column 1"):
        NormalFormGame([[1]], [["a"]])


def test_shapes_must_agree():
    with pytest.raises(
        PayoffError, match=r"column player's payoffs\) is 2×1 but A \(the row player's\) is 1×2"
    ):
        NormalFormGame([[1, 2]], [[1], [2]])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"row_labels": ["a"]}, "1 row labels for 2 rows"),
        ({"col_labels": ["a", "b", "c"]}, "3 column labels for 2 columns"),
        ({"row_labels": ["a", "a"]}, "row label 'a' is used twice"),
        ({"col_labels": ["x", " "]}, "column label 2 must be a non-empty string"),
        ({"row_labels": "ab"}, "must be a list of strings"),
        ({"players": ("me",)}, "players must be two names"),
        ({"players": ("me", "me")}, "two different non-empty names"),
        ({"players": ("me", "")}, "two different non-empty names"),
    ],
)
def test_bad_labels_and_players(kwargs, message):
    with pytest.raises(PayoffError, match=message):
        NormalFormGame(PD_A, PD_B, **kwargs)


def test_duplicate_label_error_points_at_the_second_one():
    with pytest.raises(PayoffError) as error:
        NormalFormGame(PD_A, PD_B, col_labels=["x", "x"])
    assert (error.value.row, error.value.column) == (None, 1)


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ([[(1, 2), (3, 4, 5)]], "row 1, column 2 has 3 payoffs; it needs two"),
        ([[(1, 2)], ["12"]], "row 2, column 1: '12' is not a pair of payoffs"),
        ([[(1, 2), (3, 4)], [(5, 6)]], "row 2 has 1 entries but row 1 has 2"),
    ],
)
def test_from_pairs_checks_every_cell(pairs, message):
    with pytest.raises(PayoffError, match=message):
        NormalFormGame.from_pairs(pairs)


# ---------------------------------------------------------------------- exact reading
def test_payoffs_are_read_exactly():
    g = NormalFormGame([[0.1, Fraction(1, 3)], [np.int64(2), np.float64(-0.5)]], [[0, 0], [0, 0]])
    assert g.exact_A == ((Fraction(1, 10), Fraction(1, 3)), (Fraction(2), Fraction(-1, 2)))
    assert g.A.dtype == float and not g.A.flags.writeable
    assert g.A[0, 1] == pytest.approx(1 / 3)


@given(games())
@settings(deadline=None)
def test_pairs_and_zero_sum_constructors_agree_with_the_matrices(game):
    again = NormalFormGame.from_pairs(game.to_pairs())
    assert again == game and hash(again) == hash(game)
    zero = NormalFormGame.zero_sum(game.exact_A)
    assert zero.is_zero_sum() and zero.is_constant_sum()
    assert all(
        b == -a
        for ra, rb in zip(zero.exact_A, zero.exact_B, strict=True)
        for a, b in zip(ra, rb, strict=True)
    )


def test_constant_sum_is_not_zero_sum():
    chess = NormalFormGame([[1, 0.5], [0, 1]], [[0, 0.5], [1, 0]])
    assert chess.is_constant_sum() and not chess.is_zero_sum()


def test_random_games_are_seeded():
    assert NormalFormGame.random(3, 4, seed=7) == NormalFormGame.random(3, 4, seed=7)
    assert NormalFormGame.random(3, 4, seed=7) != NormalFormGame.random(3, 4, seed=8)
    g = NormalFormGame.random(3, 4, seed=7, low=-2, high=2)
    assert g.shape == (3, 4) and g.A.min() >= -2 and g.A.max() <= 2


def test_restrict_and_relabel_keep_what_they_should():
    g = NormalFormGame(PD_A, PD_B, ["s", "c"], ["S", "C"], ("A", "B"))
    small = g.restrict([1], [0, 1])
    assert small.exact_A == ((0, -2),) and small.row_labels == ("c",)
    assert g.relabel(players=("X", "Y")).players == ("X", "Y")
    assert g.relabel(players=("X", "Y")).exact_A == g.exact_A


def test_text_table_aligns_chinese_labels():
    g = NormalFormGame(PD_A, PD_B, ["沉默", "confess"], ["x", "y"])
    lines = str(g).splitlines()
    assert len(lines) == 3
    assert lines[1].startswith("沉默   ")  # two wide characters take the width of four


# ---------------------------------------------------------------------- queries
@given(games())
@settings(deadline=None)
def test_best_responses_are_the_maxima(game):
    m, n = game.shape
    table = game.best_responses("row")
    for j in range(n):
        best = max(game.exact_A[i][j] for i in range(m))
        assert table[j] == [i for i in range(m) if game.exact_A[i][j] == best]
    table = game.best_responses("column")
    for i in range(m):
        best = max(game.exact_B[i])
        assert table[i] == [j for j in range(n) if game.exact_B[i][j] == best]


@given(games(), st.data())
@settings(deadline=None)
def test_pure_equilibria_are_mutual_best_responses(game, data):
    m, n = game.shape
    expected = [
        (i, j)
        for i in range(m)
        for j in range(n)
        if game.exact_A[i][j] == max(game.exact_A[k][j] for k in range(m))
        and game.exact_B[i][j] == max(game.exact_B[i])
    ]
    assert game.pure_equilibria() == expected


@given(games())
@settings(deadline=None)
def test_pareto_optima_are_undominated_and_include_the_collective_optimum(game):
    optima = game.pareto_optimal()
    outcomes = [(i, j) for i in range(game.shape[0]) for j in range(game.shape[1])]
    for o in outcomes:
        a, b = game.payoff(*o)
        beaten = any(
            game.payoff(*x)[0] >= a and game.payoff(*x)[1] >= b and game.payoff(*x) != (a, b)
            for x in outcomes
        )
        assert (o in optima) == (not beaten)
    assert set(game.collective_optimum()) <= set(optima)


def test_player_references():
    g = NormalFormGame(PD_A, PD_B, players=("Tian Ji", "King"))
    assert [g.player(x) for x in (0, 1, "row", "column", "col", "Tian Ji", "King")] == [
        0, 1, 0, 1, 1, 0, 1,
    ]  # fmt: skip
    with pytest.raises(ValueError, match="unknown player 'queen'"):
        g.player("queen")


def test_expected_payoffs_exact_and_float():
    g = NormalFormGame(PD_A, PD_B)
    half = [Fraction(1, 2), Fraction(1, 2)]
    exact = g.expected_payoffs(half, half)
    assert exact == (Fraction(-25, 8), Fraction(-25, 8))
    floats = g.expected_payoffs([0.5, 0.5], [0.5, 0.5])
    assert all(isinstance(v, float) for v in floats) and floats[0] == pytest.approx(-3.125)


@given(games(max_size=4), st.data())
@settings(deadline=None)
def test_expected_payoffs_match_numpy(game, data):
    def mix(size):
        weights = data.draw(st.lists(st.integers(0, 5), min_size=size, max_size=size))
        if sum(weights) == 0:
            weights[0] = 1
        return [Fraction(w, sum(weights)) for w in weights]

    p, q = mix(game.shape[0]), mix(game.shape[1])
    a, b = game.expected_payoffs(p, q)
    fp, fq = np.array(p, dtype=float), np.array(q, dtype=float)
    assert math.isclose(float(a), fp @ game.A @ fq, abs_tol=1e-9)
    assert math.isclose(float(b), fp @ game.B @ fq, abs_tol=1e-9)


@pytest.mark.parametrize(
    ("p", "message"),
    [
        ([1], "1 probabilities for 2 strategies"),
        ([0.5, 0.6], "add up to 1.1, not exactly 1"),
        ([-0.5, 1.5], "negative probability"),
        (["a", 1], "'a' is not a number"),
        ("10", "must be a list of 2 probabilities"),
    ],
)
def test_bad_mixed_strategies(p, message):
    g = NormalFormGame(PD_A, PD_B)
    with pytest.raises(PayoffError, match=message):
        g.expected_payoffs(p, [1, 0])


# ---------------------------------------------------------------------- an immutable value
@pytest.mark.parametrize(
    "field", ["exact_A", "exact_B", "A", "B", "shape", "row_labels", "col_labels", "players"]
)
def test_a_game_cannot_be_changed(field):
    g = NormalFormGame([[1, 2]], [[3, 4]])
    before, answer = hash(g), g.pure_equilibria()
    with pytest.raises(AttributeError, match="immutable"):
        setattr(g, field, getattr(g, field))
    assert hash(g) == before and g.pure_equilibria() == answer


def test_the_float_arrays_are_not_writeable():
    g = NormalFormGame([[1, 2]], [[3, 4]])
    with pytest.raises(ValueError, match="read-only"):
        g.A[0, 0] = 5
    assert g.exact_A[0][0] == 1


@given(games(max_size=3))
@settings(max_examples=50, deadline=None)
def test_equal_games_hash_equal_and_survive_copying(game):
    import copy
    import pickle

    twin = NormalFormGame(game.exact_A, game.exact_B, game.row_labels, game.col_labels)
    assert twin == game and hash(twin) == hash(game)
    assert copy.deepcopy(game) == game == pickle.loads(pickle.dumps(game))
