"""Evaluation functions (评价函数): what a search that stops early says a position is worth.

- :mod:`~coursekit.evaluation.weighted_linear` — EVAL(s) = Σ wᵢ·fᵢ(s) from named
  features, each term inspectable; weights fixed, phase-dependent or learned.
- :mod:`~coursekit.evaluation.chess_features` — material with the course's values
  plus pawn structure, king safety, mobility and the bishop pair.
- :mod:`~coursekit.evaluation.connectfour_features` — open twos and threes,
  playable threats and the centre.
- :mod:`~coursekit.evaluation.tictactoe_features` — the course's e(p) and a few
  more, for :mod:`~coursekit.evaluation.learning`: weights fitted to positions
  labelled exactly by the solver.

Every evaluation is a function of a state giving a number from MAX's point of
view, so it can be passed to any search as ``evaluate=``.
"""

from coursekit.evaluation.chess_features import chess_evaluation
from coursekit.evaluation.connectfour_features import connect_four_evaluation
from coursekit.evaluation.learning import exact_labels, learn_weights
from coursekit.evaluation.tictactoe_features import tictactoe_features
from coursekit.evaluation.weighted_linear import (
    EvaluationError,
    Feature,
    Term,
    WeightedLinear,
    feature_label,
    fit_weights,
)

__all__ = [
    "EvaluationError",
    "Feature",
    "Term",
    "WeightedLinear",
    "chess_evaluation",
    "connect_four_evaluation",
    "exact_labels",
    "feature_label",
    "fit_weights",
    "learn_weights",
    "tictactoe_features",
]
