"""Learning the weights of an evaluation function from positions whose value is known.

Hand-chosen weights are guesses. In a small game the guesses can be
checked: a solver gives the exact value of many positions (win, draw or
loss with perfect play), and the weights that make Σ wᵢ·fᵢ(s) closest to
those values are found by least squares. The learned function is then put
to the test the only way that counts: a seeded match against the
hand-written one at the same search depth (``bench/learned_evaluation.py``).

>>> from coursekit.games import TicTacToe
>>> from coursekit.evaluation.tictactoe_features import tictactoe_features
>>> game = TicTacToe()
>>> positions, labels = exact_labels(game, count=400, seed=0)
>>> learned = fit_weights(tictactoe_features(game), positions, labels)
>>> learned.names == tictactoe_features(game).names
True
"""

from __future__ import annotations

import math
from typing import Any

from coursekit.evaluation.weighted_linear import EvaluationError, WeightedLinear, fit_weights
from coursekit.games.base import Game
from coursekit.games.playout import random_positions
from coursekit.search import solve
from coursekit.text import say

__all__ = ["exact_labels", "fit_weights", "learn_weights"]


def exact_labels(
    game: Game, *, count: int = 2000, seed: int = 0, plies: tuple[int, int] = (0, 8)
) -> tuple[list[Any], list[int]]:
    """Distinct random unfinished positions with their exact values: +1 MAX wins, 0, −1.

    Parameters
    ----------
    game : Game
        A game small enough to solve from its initial position.
    count : int
        Random positions drawn (repeats are dropped, so fewer may come back).
    seed, plies :
        As for :func:`~coursekit.games.playout.random_positions`.

    Returns
    -------
    (positions, labels)
        Two lists of the same length.
    """
    solution = solve(game)
    positions, labels = [], []
    seen = set()
    for state in random_positions(game, count, seed=seed, plies=plies):
        if state in seen or game.is_terminal(state):
            continue
        seen.add(state)
        value = solution.value_of(state)
        positions.append(state)
        labels.append(0 if value == 0 else int(math.copysign(1, value)))
    return positions, labels


def learn_weights(
    game: Game, evaluation: WeightedLinear, *, count: int = 2000, seed: int = 0
) -> WeightedLinear:
    """``evaluation``'s features with weights fitted to exactly labelled positions of ``game``.

    Raises
    ------
    EvaluationError
        When no unfinished position could be drawn.
    """
    positions, labels = exact_labels(game, count=count, seed=seed)
    if not positions:
        raise EvaluationError(say("errors.evaluation.nothing_to_learn"))
    return fit_weights(evaluation, positions, labels)
