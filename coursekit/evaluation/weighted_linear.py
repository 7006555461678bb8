"""Weighted linear evaluation functions: EVAL(s) = w₁·f₁(s) + w₂·f₂(s) + … + wₙ·fₙ(s).

A search that stops before the end of the game needs a number for the
position where it stops: the evaluation function EVAL (评价函数, chapter 5).
The course builds it from *features* fᵢ(s) — numbers a person can read off a
position, such as the material balance or the number of open lines — each
with a weight wᵢ saying how much it matters.

The sum assumes that the features are independent: a bishop is worth three
pawns whatever else is on the board. Real games are not like that (two
bishops are worth more in the endgame), so a weight may also be a function of
the position — the weight of the bishop pair can grow as the pieces come off.
That makes EVAL nonlinear in the position while each term stays readable.

Weights can be chosen by hand or learned from positions whose value is known
(:func:`fit_weights`: least squares over many labelled positions).

>>> count = Feature("pieces", lambda s: len(s), 2.0)
>>> spread = Feature("spread", lambda s: max(s) - min(s), lambda s: 0.5 if len(s) > 2 else 0)
>>> evaluate = WeightedLinear([count, spread])
>>> evaluate((1, 4, 9))
10.0
>>> [(t.name, t.value, t.weight, t.score) for t in evaluate.terms((1, 4, 9))]
[('pieces', 3, 2.0, 6.0), ('spread', 8, 0.5, 4.0)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from numbers import Real
from typing import Any

import numpy as np

from coursekit.errors import CoursekitError
from coursekit.text import say, table

State = Any
Weight = float | Callable[[State], float]


class EvaluationError(CoursekitError):
    """An evaluation built or fitted from something that cannot make one."""


@dataclass(frozen=True)
class Feature:
    """One term of a weighted evaluation: a named number read off a position, and its weight."""

    name: str
    """What the feature measures, as it appears in tables and plots (``"material"``)."""

    function: Callable[[State], float]
    """fᵢ(s): the feature's value in a position, from MAX's point of view."""

    weight: Weight = 1.0
    """wᵢ: a number, or a function of the position (a weight that depends on the phase)."""

    description: str = ""
    """One sentence for people: what the feature rewards."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise EvaluationError(say("errors.evaluation.feature_name", name=self.name))
        if not callable(self.function):
            raise EvaluationError(say("errors.evaluation.not_callable", name=self.name))
        if not callable(self.weight) and not _is_number(self.weight):
            raise EvaluationError(
                say("errors.evaluation.weight", name=self.name, weight=self.weight)
            )

    def weight_in(self, state: State) -> float:
        """The weight in this position (the number itself when the weight is fixed)."""
        return self.weight(state) if callable(self.weight) else self.weight


def feature_label(name: str) -> str:
    """A feature's name as tables, plots and printed lines show it: the course's own
    features (chess, Connect Four, tic-tac-toe) in the chosen language, any other name
    as it is written.

    Parameters
    ----------
    name : str
        The feature's :attr:`Feature.name` (``"king safety"``).

    Returns
    -------
    str
        Its label (``"王的安全性"`` in Chinese), or ``name`` itself.

    Examples
    --------
    >>> from coursekit.text import speaking
    >>> feature_label("king safety"), feature_label("my feature")
    ('king safety', 'my feature')
    >>> with speaking("zh"):
    ...     feature_label("king safety")
    '王的安全性'
    """
    key = "printed.evaluation.feature." + name.replace(" ", "_")
    return say(key) if key in table("en") else name


@dataclass(frozen=True)
class Term:
    """One feature's share of an evaluation in one position (for tables and bar charts)."""

    name: str
    """The feature's name."""

    value: float
    """fᵢ(s)."""

    weight: float
    """wᵢ in this position."""

    score: float
    """wᵢ·fᵢ(s), the feature's contribution to EVAL(s)."""


class WeightedLinear:
    """EVAL(s) = Σ wᵢ·fᵢ(s): call it on a position; :meth:`terms` shows every contribution.

    Parameters
    ----------
    features : iterable of Feature
        The terms, each with a distinct name.

    Raises
    ------
    EvaluationError
        When there is no feature, a name repeats, or an item is not a :class:`Feature`.

    See Also
    --------
    fit_weights : learn the weights from labelled positions.
    """

    def __init__(self, features: Iterable[Feature]) -> None:
        features = tuple(features)
        if not features:
            raise EvaluationError(say("errors.evaluation.no_features"))
        for feature in features:
            if not isinstance(feature, Feature):
                raise EvaluationError(say("errors.evaluation.not_a_feature", feature=feature))
        names = [f.name for f in features]
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise EvaluationError(say("errors.evaluation.repeated", names=", ".join(repeated)))
        self.features: tuple[Feature, ...] = features

    def __call__(self, state: State) -> float:
        total = 0.0
        for feature in self.features:
            weight = feature.weight(state) if callable(feature.weight) else feature.weight
            if weight:
                total += weight * feature.function(state)
        return total

    def terms(self, state: State) -> list[Term]:
        """Every feature's value, weight and contribution in ``state``, in order."""
        terms = []
        for feature in self.features:
            value = feature.function(state)
            weight = feature.weight_in(state)
            terms.append(Term(feature.name, value, weight, weight * value))
        return terms

    @property
    def names(self) -> list[str]:
        """The features' names, in order."""
        return [f.name for f in self.features]

    def with_weights(self, weights: Sequence[float] | dict[str, float]) -> WeightedLinear:
        """The same features with new fixed weights (a sequence in order, or a dict by name)."""
        if isinstance(weights, dict):
            unknown = sorted(set(weights) - set(self.names))
            if unknown:
                names = ", ".join(map(repr, unknown))
                raise EvaluationError(say("errors.evaluation.unknown", names=names))
            new = [weights.get(f.name, f.weight) for f in self.features]
        else:
            new = list(weights)
            if len(new) != len(self.features):
                raise EvaluationError(
                    say(
                        "errors.evaluation.weight_count",
                        features=len(self.features),
                        count=len(new),
                    )
                )
        return WeightedLinear(replace(f, weight=w) for f, w in zip(self.features, new, strict=True))

    def __repr__(self) -> str:
        parts = []
        for f in self.features:
            weight = "w(s)" if callable(f.weight) else f"{f.weight:g}"
            parts.append(f"{weight}·{f.name}")
        return f"WeightedLinear({' + '.join(parts)})"


def fit_weights(
    evaluation: WeightedLinear,
    positions: Sequence[State],
    targets: Sequence[float],
) -> WeightedLinear:
    """Learn fixed weights by least squares: the wᵢ that make Σ wᵢ·fᵢ(s) closest to the targets.

    Parameters
    ----------
    evaluation : WeightedLinear
        Gives the features; its own weights are ignored.
    positions : sequence of states
        Positions whose value is known (labelled exactly by a solver, or by game results).
    targets : sequence of float
        The value of each position (finite numbers, e.g. +1 win, 0 draw, −1 loss for MAX).

    Returns
    -------
    WeightedLinear
        The same features with the fitted weights.

    Raises
    ------
    EvaluationError
        When positions and targets differ in number, there are none, or a
        feature or target is not a finite number.

    Examples
    --------
    >>> features = WeightedLinear([Feature("a", lambda s: s[0]), Feature("b", lambda s: s[1])])
    >>> fitted = fit_weights(features, [(1, 0), (0, 1), (1, 1)], [2, -1, 1])
    >>> [round(f.weight, 6) for f in fitted.features]
    [2.0, -1.0]
    """
    if len(positions) != len(targets):
        raise EvaluationError(
            say("errors.evaluation.targets_count", positions=len(positions), targets=len(targets))
        )
    if not positions:
        raise EvaluationError(say("errors.evaluation.no_positions"))
    rows = [[f.function(s) for f in evaluation.features] for s in positions]
    X = np.array(rows, dtype=float)
    y = np.array(targets, dtype=float)
    if not np.isfinite(X).all():
        raise EvaluationError(say("errors.evaluation.infinite_feature"))
    if not np.isfinite(y).all():
        raise EvaluationError(say("errors.evaluation.targets"))
    weights, *_ = np.linalg.lstsq(X, y, rcond=None)
    return evaluation.with_weights([float(w) for w in weights])


def _is_number(value: object) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)
