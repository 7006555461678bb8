"""The value of a zero-sum game (零和博弈的值) by linear programming.

Von Neumann's minimax theorem (1928): in a finite zero-sum game the row
player can guarantee at least v whatever the column player does, and the
column player can hold the row player to at most v. Each guarantee is a
linear program; scipy's HiGHS solver solves both. The answer is then turned
into fractions and *checked* exactly: if the fractions guarantee the same
value from both sides, they are optimal, and the solution says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from coursekit.gametheory import exact

if TYPE_CHECKING:
    from coursekit.gametheory.game import NormalFormGame


@dataclass(frozen=True)
class ZeroSumSolution:
    """The row player's value and an optimal mixed strategy for each player.

    ``exact`` is True when the numbers are fractions proven optimal (each
    strategy guarantees ``value`` exactly); otherwise they are HiGHS's floats.
    """

    value: Fraction | float
    p: tuple
    q: tuple
    exact: bool


def _guarantee(payoffs: np.ndarray) -> np.ndarray:
    """A mix over the rows of ``payoffs`` that maximises the worst column: (mix…, value)."""
    from scipy.optimize import linprog  # imported when first needed: it takes a moment

    m, n = payoffs.shape
    cost = np.zeros(m + 1)
    cost[-1] = -1.0  # maximise v
    # for every column j:  v − Σᵢ xᵢ·payoffs[i, j] ≤ 0
    upper = np.hstack([-payoffs.T, np.ones((n, 1))])
    equal = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    bounds = [(0, None)] * m + [(None, None)]
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(n), A_eq=equal, b_eq=[1.0], bounds=bounds)
    if not result.success:  # cannot happen for a finite game; say so clearly if it does
        raise RuntimeError(f"the linear program failed: {result.message}")
    return result.x


def _as_mix(values: np.ndarray) -> tuple[Fraction, ...] | None:
    mix = tuple(Fraction(float(v)).limit_denominator(10**6) for v in np.clip(values, 0, None))
    return mix if sum(mix) == 1 else None


def solve(game: NormalFormGame) -> ZeroSumSolution:
    """Value and optimal strategies of a zero-sum (or constant-sum) game, for the row player.

    >>> from coursekit.gametheory import NormalFormGame
    >>> s = solve(NormalFormGame.zero_sum([[2, -1], [-1, 1]]))
    >>> s.value, s.p, s.q, s.exact
    (Fraction(1, 5), (Fraction(2, 5), Fraction(3, 5)), (Fraction(2, 5), Fraction(3, 5)), True)
    """
    if not game.is_constant_sum():
        raise ValueError(
            "the value is defined for zero-sum (or constant-sum) games only: here the "
            "payoffs of the outcomes do not add up to the same total"
        )
    row = _guarantee(game.A)
    col = _guarantee(-game.A.T)  # the column player maximises the row player's loss
    p, q = _as_mix(row[:-1]), _as_mix(col[:-1])
    if p is not None and q is not None:
        m, n = game.shape
        floor = min(exact.dot(p, exact.column(game.exact_A, j)) for j in range(n))
        ceiling = max(exact.dot(q, game.exact_A[i]) for i in range(m))
        if floor == ceiling:
            return ZeroSumSolution(floor, p, q, True)
    return ZeroSumSolution(float(row[-1]), tuple(row[:-1]), tuple(col[:-1]), False)
