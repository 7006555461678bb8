"""EVAL(s) = Σ wᵢ·fᵢ(s): terms add up, weights can depend on the position, least squares fits."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.evaluation import EvaluationError, Feature, WeightedLinear, fit_weights

weights = st.lists(st.integers(-5, 5), min_size=1, max_size=4)


def coordinate(i):
    return Feature(f"f{i}", lambda s, i=i: s[i])


@settings(max_examples=60, deadline=None)
@given(true=weights, seed=st.integers(0, 1000))
def test_least_squares_recovers_the_weights_that_made_the_targets(true, seed):
    rng = np.random.default_rng(seed)
    positions = [tuple(int(v) for v in rng.integers(-3, 4, len(true))) for _ in range(30)]
    targets = [sum(w * x for w, x in zip(true, p, strict=True)) for p in positions]
    evaluation = WeightedLinear(coordinate(i) for i in range(len(true)))
    matrix = np.array(positions, dtype=float)
    if np.linalg.matrix_rank(matrix) < len(true):  # not enough information to pin every weight
        return
    fitted = fit_weights(evaluation, positions, targets)
    assert [round(f.weight, 6) for f in fitted.features] == [float(w) for w in true]


@settings(max_examples=60, deadline=None)
@given(state=st.lists(st.integers(-9, 9), min_size=3, max_size=3), w=weights)
def test_the_value_is_the_sum_of_the_terms(state, w):
    evaluation = WeightedLinear(
        Feature(f"f{i}", lambda s, i=i: s[i % 3], weight) for i, weight in enumerate(w)
    )
    terms = evaluation.terms(state)
    assert evaluation(state) == sum(t.score for t in terms)
    assert [t.score for t in terms] == [t.weight * t.value for t in terms]


def test_a_weight_can_depend_on_the_position():
    endgame_bonus = Feature("bonus", lambda s: 1, lambda s: 0.5 if s["pieces"] > 10 else 1.0)
    evaluation = WeightedLinear([endgame_bonus])
    assert evaluation({"pieces": 30}) == 0.5 and evaluation({"pieces": 4}) == 1.0


def test_new_weights_by_name_or_in_order():
    evaluation = WeightedLinear([coordinate(0), coordinate(1)])
    assert evaluation.with_weights({"f1": 3})((2, 5)) == 2 + 15
    assert evaluation.with_weights([0, -1])((2, 5)) == -5
    assert "f0" in repr(evaluation) and evaluation.names == ["f0", "f1"]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: WeightedLinear([]), "at least one feature"),
        (lambda: WeightedLinear([coordinate(0), coordinate(0)]), "repeated: f0"),
        (lambda: WeightedLinear(["material"]), "Feature objects"),
        (lambda: Feature("", len), "needs a name"),
        (lambda: Feature("x", 3), "callable"),
        (lambda: Feature("x", len, "heavy"), "weight must be a number"),
        (lambda: Feature("x", len, True), "weight must be a number"),
        (lambda: WeightedLinear([coordinate(0)]).with_weights([1, 2]), "1 features need 1 weights"),
        (lambda: WeightedLinear([coordinate(0)]).with_weights({"g": 1}), "no feature called 'g'"),
        (lambda: fit_weights(WeightedLinear([coordinate(0)]), [(1,)], []), "1 positions but 0"),
        (lambda: fit_weights(WeightedLinear([coordinate(0)]), [], []), "at least one"),
        (lambda: fit_weights(WeightedLinear([coordinate(0)]), [(math.inf,)], [1]), "infinite"),
        (lambda: fit_weights(WeightedLinear([coordinate(0)]), [(1,)], [math.inf]), "finite"),
    ],
)
def test_bad_input_is_named(build, message):
    with pytest.raises(EvaluationError, match=message):
        build()


def test_every_course_feature_has_a_chinese_label(chinese):
    from coursekit.evaluation import (
        chess_evaluation,
        connect_four_evaluation,
        feature_label,
        tictactoe_features,
    )
    from coursekit.games import ConnectFour, TicTacToe

    evaluations = [
        chess_evaluation(),
        connect_four_evaluation(ConnectFour()),
        tictactoe_features(TicTacToe()),
    ]
    for name in {n for e in evaluations for n in e.names}:
        assert any("\u4e00" <= ch <= "\u9fff" for ch in feature_label(name)), name
    assert feature_label("my own feature") == "my own feature"  # a student's name stays
