"""The value of a zero-sum game (零和博弈的值) by linear programming, made exact.

Von Neumann's minimax theorem (1928): in a finite zero-sum game the row
player can guarantee at least v whatever the column player does, and the
column player can hold the row player to at most v. Each guarantee is a
linear program (Dantzig, 1951). The steps (:func:`solve_zero_sum`):

1. scale the payoffs into [-1, 1] (exactly, then to floats), so that payoffs
   near the float range cannot overflow; scaling changes no optimal strategy;
2. solve both linear programs in floats with scipy's HiGHS solver:
   maximise v subject to Σᵢ pᵢ·A[i][j] ≥ v for every column j, Σ p = 1, p ≥ 0
   (and the same for the column player on −Aᵀ);
3. read off the float answer's *structure*: which strategies are played and
   which of the opponent's strategies are tight (earn exactly v);
4. solve the equations of that structure exactly with fractions (the
   optimal strategies are a vertex of the polytope, so they are determined by
   it);
5. check exactly that p guarantees the row player at least v and q holds it
   to at most the same v: then both are optimal and v is the value.

If step 5 ever failed, the float answer would be returned with
``exact=False`` rather than an unproven fraction.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from coursekit.gametheory.errors import PayoffError
from coursekit.gametheory.exact import Matrix, dot
from coursekit.text import say

TIGHT = 1e-7
"""A float constraint within this of v (payoffs scaled into [-1, 1]) counts as tight."""


@dataclass(frozen=True)
class ZeroSumSolution:
    """The row player's value and an optimal mixed strategy for each player."""

    value: Fraction | float
    """The value of the game (博弈值) for the row player."""
    p: tuple
    """An optimal mixed strategy of the row player."""
    q: tuple
    """An optimal mixed strategy of the column player."""
    exact: bool
    """True when the numbers are fractions proven optimal (each strategy guarantees
    ``value`` exactly); otherwise they are HiGHS's floats."""


def _guarantee(payoffs: np.ndarray) -> np.ndarray:
    """Step 2: a mix over the rows of ``payoffs`` that maximises the worst column: (mix…, v)."""
    from scipy.optimize import linprog  # imported when first needed: it takes a moment

    m, n = payoffs.shape
    cost = np.zeros(m + 1)
    cost[-1] = -1.0  # maximise v
    # for every column j:  v − Σᵢ xᵢ·payoffs[i, j] ≤ 0
    upper = np.hstack([-payoffs.T, np.ones((n, 1))])
    equal = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    bounds = [(0, None)] * m + [(None, None)]
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(n), A_eq=equal, b_eq=[1.0], bounds=bounds)
    if not result.success:  # payoffs are scaled into [-1, 1]: a finite game always solves
        raise RuntimeError(f"the linear program failed: {result.message}")
    return result.x


def _exact_mixes(
    payoffs: Matrix, float_mix: np.ndarray, value: float, opponent_mix: np.ndarray
) -> Iterator[tuple[Fraction, ...]]:
    """Steps 3–4: exact mixes over the rows of ``payoffs`` with the float answer's structure.

    Unknowns: the probabilities of the rows played, and v. Equations: the
    probabilities add up to 1, and the opponent's *tight* strategies earn
    exactly v. Which ones are tight is read from the floats in two ways: the
    strategies the opponent plays (complementary slackness: they must be
    tight), and every strategy within :data:`TIGHT` of v. Near-ties that are
    not exact ties can make the second system inconsistent, and a degenerate
    game can leave the first one underdetermined, so both are tried.
    """
    played = [i for i, x in enumerate(float_mix) if x > TIGHT]
    n = len(payoffs[0])
    earned = [sum(float_mix[i] * float(payoffs[i][j]) for i in played) for j in range(n)]
    candidates = [
        [j for j in range(n) if opponent_mix[j] > TIGHT],
        [j for j in range(n) if earned[j] <= value + TIGHT],
    ]
    found = set()
    for tight in candidates:
        equations = [[payoffs[i][j] for i in played] + [Fraction(-1)] for j in tight]
        equations.append([Fraction(1)] * len(played) + [Fraction(0)])
        rhs = [Fraction(0)] * len(tight) + [Fraction(1)]
        solution = _solve_any(equations, rhs)
        if solution is None:
            continue
        mix = [Fraction(0)] * len(payoffs)
        for i, x in zip(played, solution, strict=False):
            mix[i] = x
        if all(x >= 0 for x in mix) and tuple(mix) not in found:
            found.add(tuple(mix))
            yield tuple(mix)


def _solve_any(rows: Sequence[Sequence[Fraction]], rhs: Sequence[Fraction]) -> list | None:
    """A solution of a (possibly non-square) system, free unknowns set to 0; None if none.

    Gauss–Jordan elimination with fractions.
    """
    width = len(rows[0])
    table = [[Fraction(v) for v in row] + [Fraction(b)] for row, b in zip(rows, rhs, strict=True)]
    pivots: list[int] = []
    r = 0
    for c in range(width):
        pivot = next((k for k in range(r, len(table)) if table[k][c] != 0), None)
        if pivot is None:
            continue
        table[r], table[pivot] = table[pivot], table[r]
        head = table[r]
        table[r] = head = [v / head[c] for v in head]
        for k in range(len(table)):
            if k != r and table[k][c] != 0:
                factor = table[k][c]
                table[k] = [v - factor * h for v, h in zip(table[k], head, strict=True)]
        pivots.append(c)
        r += 1
    if any(row[-1] != 0 for row in table[r:]):
        return None  # inconsistent
    solution = [Fraction(0)] * width
    for k, c in enumerate(pivots):
        solution[c] = table[k][-1]
    return solution


def _scaled(A: Matrix) -> tuple[Matrix, np.ndarray]:
    """Step 1: the payoffs divided by the largest absolute payoff, exactly and in floats."""
    scale = max(abs(v) for row in A for v in row) or Fraction(1)
    rows = tuple(tuple(v / scale for v in row) for row in A)
    return rows, np.array([[float(v) for v in row] for row in rows])


def solve_zero_sum(A: Matrix) -> ZeroSumSolution:
    """Value and optimal strategies of the zero-sum game with row payoffs ``A`` (steps 1–5).

    Parameters
    ----------
    A : rows of fractions
        The row player's payoffs; the column player gets ``-A`` (or, in a
        constant-sum game, a constant minus ``A``: the same optimal strategies).

    Returns
    -------
    ZeroSumSolution
        Exact fractions, proven optimal (``exact=True``).

    Raises
    ------
    PayoffError
        When ``A`` has no entries.

    Examples
    --------
    >>> s = solve_zero_sum(((2, -1), (-1, 1)))
    >>> s.value, s.p, s.q, s.exact
    (Fraction(1, 5), (Fraction(2, 5), Fraction(3, 5)), (Fraction(2, 5), Fraction(3, 5)), True)
    """
    if not A or not A[0]:
        raise PayoffError(say("errors.gametheory.zero_sum_empty"))
    scaled, floats = _scaled(A)
    row = _guarantee(floats)
    col = _guarantee(-floats.T)  # the column player maximises the row player's loss
    negated_t = tuple(tuple(-v for v in line) for line in zip(*scaled, strict=True))
    floors = [(p, min(dot(p, col_j) for col_j in zip(*A, strict=True)))
              for p in _exact_mixes(scaled, row[:-1], row[-1], col[:-1])]  # fmt: skip
    ceilings = [(q, max(dot(q, row_i) for row_i in A))
                for q in _exact_mixes(negated_t, col[:-1], col[-1], row[:-1])]  # fmt: skip
    for p, floor in floors:
        for q, ceiling in ceilings:
            if floor == ceiling:  # step 5: p guarantees what q concedes
                return ZeroSumSolution(floor, p, q, True)
    scale = float(max(abs(v) for line in A for v in line) or 1)
    return ZeroSumSolution(float(row[-1]) * scale, tuple(row[:-1]), tuple(col[:-1]), False)
