"""Learned weights: exact labels from the solver, a better fit, and a match won at equal depth."""

from __future__ import annotations

import numpy as np
import pytest

from coursekit.evaluation import (
    EvaluationError,
    exact_labels,
    learn_weights,
    tictactoe_features,
)
from coursekit.games import TicTacToe
from coursekit.search import minimax
from coursekit.search.match import MatchEngine, match


@pytest.fixture(scope="module")
def game():
    return TicTacToe()


@pytest.fixture(scope="module")
def labelled(game):
    return exact_labels(game, count=1500, seed=0)


def test_labels_are_the_values_of_perfect_play(game, labelled):
    positions, labels = labelled
    assert len(positions) == len(set(positions)) == len(labels) > 300
    for state, label in list(zip(positions, labels, strict=True))[::25]:
        value = minimax(game, state).value  # an independent full search
        assert label == (0 if value == 0 else (1 if value > 0 else -1))


def test_least_squares_fits_the_labels_better_than_the_course_e_p(game, labelled):
    positions, labels = labelled
    learned = learn_weights(game, tictactoe_features(game), count=1500, seed=0)
    y = np.array(labels, dtype=float)
    fitted_error = np.mean([(learned(s) - t) ** 2 for s, t in zip(positions, y, strict=True)])
    # the best multiple of e(p) alone, fitted the same way, for a fair comparison
    e = np.array([game.evaluate(s) for s in positions], dtype=float)
    scale = float(e @ y / (e @ e))
    e_error = np.mean((scale * e - y) ** 2)
    assert fitted_error < e_error


@pytest.mark.parametrize("depth", [1, 2])
def test_the_learned_evaluation_beats_e_p_at_the_same_depth(game, depth):
    learned = learn_weights(game, tictactoe_features(game), count=3000, seed=0)
    a = MatchEngine("learned", search="minimax", evaluate=learned, depth=depth)
    b = MatchEngine("e(p)", search="minimax", evaluate=game.evaluate, depth=depth)
    result = match(game, a, b, games=40, opening_plies=2, seed=1)
    assert result.points("learned") > result.points("e(p)")


def test_features_need_tic_tac_toe():
    with pytest.raises(EvaluationError, match="TicTacToe"):
        tictactoe_features("tic-tac-toe")
