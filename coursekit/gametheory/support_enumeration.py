"""Mixed Nash equilibria by support enumeration (支撑集枚举).

The *support* of a mixed strategy is the set of pure strategies it plays
with positive probability. At an equilibrium every strategy in a player's
support earns the same, best, payoff against the other player's mix (the
indifference principle, 无差异原则). In a non-degenerate game an
equilibrium's supports have equal size (Nisan, Roughgarden, Tardos and
Vazirani, *Algorithmic Game Theory*, 2007, Algorithm 3.4; von Stengel,
"Computing equilibria for two-person games", 2002). The steps:

1. remove strictly dominated strategies: they are never played;
2. for each size k and each pair of supports (I, J) with |I| = |J| = k,
   solve the two indifference systems

       A[I, J] q = v·1,  Σ q = 1      (the row player is indifferent on I)
       p B[I, J] = u·1,  Σ p = 1      (the column player is indifferent on J)

   for all pairs of one size at once, in floating point (numpy);
3. screen: keep the pairs whose float solutions are probabilities and best
   responses against every strategy, not only those in the support (and the
   pairs too ill-conditioned for floats to judge);
4. confirm each kept pair with fractions: solve the systems exactly and
   accept the profile only if it is exactly an equilibrium.

Rounding in steps 2–3 can cost time but never correctness: every answer
comes from step 4. The number of support pairs grows like C(2n, n)
(:func:`support_pairs`); a game with more than :data:`MAX_PAIRS` of them is
refused unless the caller says ``force=True``, and a long run shows a
progress bar.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from coursekit.gametheory import exact
from coursekit.gametheory.best_response import Equilibrium, is_equilibrium, order
from coursekit.gametheory.dominance import eliminate
from coursekit.gametheory.errors import GameTooLargeError
from coursekit.gametheory.exact import Matrix
from coursekit.gametheory.linear import TOLERANCE, progress_bar, solve_many, subset_pairs
from coursekit.text import say

__all__ = ["MAX_PAIRS", "Equilibrium", "confirm", "support_enumeration", "support_pairs"]

MAX_PAIRS = 200_000
"""The most support pairs enumerated without ``force=True``.

Measured here (random games without dominated strategies, about 8 µs a pair):
a 10×10 game (184,755 pairs) takes about a second and a half, 11×11 (705,431)
about 6 s, 13×13 (10,400,599) about a minute and a half. ``mixed_equilibria()``
by default walks the vertices of the best-response polytopes instead
(:mod:`~coursekit.gametheory.vertex_walk`): 13×13 in a few seconds.
"""

PROGRESS_PAIRS = 100_000
"""From this many support pairs on (about a second), a progress bar shows how far it is."""


def support_pairs(m: int, n: int) -> int:
    """How many support pairs of equal size an m×n game has: Σₖ C(m, k)·C(n, k).

    >>> support_pairs(2, 2), support_pairs(8, 8), support_pairs(13, 13)
    (5, 12869, 10400599)
    """
    return sum(math.comb(m, k) * math.comb(n, k) for k in range(1, min(m, n) + 1))


def support_enumeration(
    A: Matrix, B: Matrix, *, force: bool = False, progress: bool | None = None
) -> list[Equilibrium]:
    """All equilibria whose supports have equal size and nonsingular indifference systems.

    For a non-degenerate game that is every equilibrium.

    Parameters
    ----------
    A, B : rows of fractions
        The row player's and the column player's payoffs, indexed [row][column].
    force : bool
        Enumerate even when the reduced game has more than :data:`MAX_PAIRS`
        support pairs (that can take minutes).
    progress : bool or None
        Show a progress bar (tqdm); ``None``: only for long enumerations.

    Returns
    -------
    list of Equilibrium
        Smaller supports first.

    Raises
    ------
    GameTooLargeError
        When the game is too large for a quick answer and ``force`` is False.

    Examples
    --------
    >>> A, B = ((3, 0), (0, 2)), ((2, 0), (0, 3))       # battle of the sexes
    >>> [str(e) for e in support_enumeration(A, B)]
    ['p = (1, 0), q = (1, 0)', 'p = (0, 1), q = (0, 1)', 'p = (3/5, 2/5), q = (2/5, 3/5)']
    """
    reduced = eliminate(A, B, strict=True)  # step 1
    rows, cols = np.array(reduced.rows), np.array(reduced.cols)
    total = support_pairs(len(rows), len(cols))
    if total > MAX_PAIRS and not force:
        raise GameTooLargeError(
            say(
                "errors.gametheory.support_too_large",
                m=len(A),
                n=len(A[0]),
                total=total,
                most=MAX_PAIRS,
                duration=duration(total),
            )
        )
    A_unit = _unit_range([[A[i][j] for j in cols] for i in rows])
    B_unit = _unit_range([[B[i][j] for j in cols] for i in rows])
    show = total >= PROGRESS_PAIRS if progress is None else progress
    found: set[Equilibrium] = set()
    with progress_bar(total, show, say("printed.progress.support")) as bar:
        for k in range(1, min(len(rows), len(cols)) + 1):
            for row_sets, col_sets in subset_pairs(len(rows), len(cols), k):  # step 2
                for t in np.flatnonzero(_screen(A_unit, B_unit, row_sets, col_sets)):  # step 3
                    support = rows[row_sets[t]].tolist(), cols[col_sets[t]].tolist()
                    equilibrium = confirm(A, B, *support)  # step 4
                    if equilibrium is not None:
                        found.add(equilibrium)
                bar.update(len(row_sets))
    return order(found)


def duration(pairs: int) -> str:
    """A rough running time for this many support pairs, in words."""
    seconds = pairs * 8e-6  # measured (see MAX_PAIRS)
    if seconds < 120:
        return say("errors.gametheory.seconds", seconds=f"{seconds:.0f}")
    return say("errors.gametheory.minutes", minutes=f"{seconds / 60:.0f}")


def _unit_range(payoffs: list[list[Fraction]]) -> np.ndarray:
    """Payoffs moved into [0, 1], exactly and then in floats: the same best responses,
    better-conditioned systems, and no overflow for payoffs near the float range.
    """
    low = min(min(row) for row in payoffs)
    spread = max(max(row) for row in payoffs) - low or Fraction(1)
    return np.array([[float((v - low) / spread) for v in row] for row in payoffs])


def _indifference(payoffs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Solve ``payoffs[t] @ x = v·1, Σ x = 1`` for a batch of k×k payoff blocks.

    Returns (x, v, good) as :func:`solve_many` does.
    """
    count, k, _ = payoffs.shape
    system = np.zeros((count, k + 1, k + 1))
    system[:, :k, :k] = payoffs
    system[:, :k, k] = -1.0
    system[:, k, :k] = 1.0
    rhs = np.zeros(k + 1)
    rhs[k] = 1.0
    solution, good = solve_many(system, rhs)
    return solution[:, :k], solution[:, k], good


def _screen(A: np.ndarray, B: np.ndarray, row_sets: np.ndarray, col_sets: np.ndarray) -> np.ndarray:
    """Which support pairs (row t of ``row_sets`` and ``col_sets``) may hold an equilibrium.

    A boolean mask: True where the float solution passes every test up to a
    tolerance, and where the systems are too ill-conditioned for floats to judge.
    """
    block = (row_sets[:, :, None], col_sets[:, None, :])
    q, v, good_q = _indifference(A[block])
    p, u, good_p = _indifference(B[block].transpose(0, 2, 1))
    with np.errstate(invalid="ignore"):
        row_values = np.einsum("mtk,tk->tm", A[:, col_sets], q)  # each row's payoff against q
        col_values = np.einsum("tkn,tk->tn", B[row_sets, :], p)  # each column's against p
        passes = (
            (q > -TOLERANCE).all(axis=1)
            & (p > -TOLERANCE).all(axis=1)
            & (row_values <= (v + TOLERANCE)[:, None]).all(axis=1)
            & (col_values <= (u + TOLERANCE)[:, None]).all(axis=1)
        )
    return passes | ~(good_q & good_p)


def confirm(A: Matrix, B: Matrix, rows: list[int], cols: list[int]) -> Equilibrium | None:
    """Step 4: the equilibrium with supports exactly ``rows`` and ``cols``, in fractions, or None.

    >>> print(confirm(((1, -1), (-1, 1)), ((-1, 1), (1, -1)), [0, 1], [0, 1]))
    p = (1/2, 1/2), q = (1/2, 1/2)
    """
    m, n = len(A), len(A[0])
    k = len(rows)
    q_system = [[A[i][j] for j in cols] + [Fraction(-1)] for i in rows]
    p_system = [[B[i][j] for i in rows] + [Fraction(-1)] for j in cols]
    ones = [Fraction(1)] * k + [Fraction(0)]
    rhs = [Fraction(0)] * k + [Fraction(1)]
    q_part = exact.solve_linear_system([*q_system, ones], rhs)
    p_part = exact.solve_linear_system([*p_system, ones], rhs)
    if q_part is None or p_part is None:
        return None
    if any(x <= 0 for x in q_part[:k]) or any(x <= 0 for x in p_part[:k]):
        return None
    p = [Fraction(0)] * m
    q = [Fraction(0)] * n
    for i, x in zip(rows, p_part[:k], strict=True):
        p[i] = x
    for j, y in zip(cols, q_part[:k], strict=True):
        q[j] = y
    if not is_equilibrium(A, B, p, q):
        return None
    return Equilibrium(tuple(p), tuple(q))
