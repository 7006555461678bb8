"""Mixed Nash equilibria by support enumeration (支撑集枚举).

The *support* of a mixed strategy is the set of pure strategies it plays
with positive probability. At an equilibrium every strategy in a player's
support earns the same, best, payoff against the other player's mix (the
indifference principle, 无差异原则). So for each pair of supports (I, J) one
solves two small linear systems,

    A[I, J] q = v·1,  Σ q = 1      (the row player is indifferent on I)
    p B[I, J] = u·1,  Σ p = 1      (the column player is indifferent on J)

and keeps the solutions that are probabilities and best responses against
every strategy, not only those in the support. In a non-degenerate game an
equilibrium's supports have equal size, so only pairs with |I| = |J| are
needed (Nisan et al., *Algorithmic Game Theory*, 2007, ch. 3; von Stengel,
"Computing equilibria for two-person games", 2002).

Speed without giving up exactness: strategies that are strictly dominated
are never played, so they are removed first; the systems of every support
pair of one size are solved together in floating point (numpy), which
screens out almost all pairs; each pair that survives the screen (or whose
system is too ill-conditioned to judge in floats) is solved again with
fractions and accepted only if it is exactly an equilibrium.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from coursekit.gametheory import exact
from coursekit.gametheory.exact import format_fraction
from coursekit.gametheory.linear import TOLERANCE, solve_many, subset_pairs

if TYPE_CHECKING:
    from coursekit.gametheory.game import NormalFormGame


class Equilibrium(NamedTuple):
    """A mixed-strategy profile: ``p`` for the row player, ``q`` for the column player.

    >>> e = Equilibrium((Fraction(1, 3), Fraction(2, 3)), (Fraction(1), Fraction(0)))
    >>> print(e)
    p = (1/3, 2/3), q = (1, 0)
    >>> e.supports, e.is_pure()
    (((0, 1), (0,)), False)
    """

    p: tuple[Fraction, ...]
    q: tuple[Fraction, ...]

    @property
    def supports(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The strategies each player uses with positive probability."""
        return (
            tuple(i for i, x in enumerate(self.p) if x > 0),
            tuple(j for j, y in enumerate(self.q) if y > 0),
        )

    def is_pure(self) -> bool:
        """True when both players play one strategy for sure."""
        return all(len(s) == 1 for s in self.supports)

    def __str__(self) -> str:
        def text(mix: tuple[Fraction, ...]) -> str:
            return "(" + ", ".join(format_fraction(v, decimals=False) for v in mix) + ")"

        return f"p = {text(self.p)}, q = {text(self.q)}"


def order(equilibria: set[Equilibrium]) -> list[Equilibrium]:
    """Smaller supports first; pure equilibria in (row, column) order."""
    return sorted(
        equilibria,
        key=lambda e: (len(e.supports[0]), [-x for x in e.p], [-y for y in e.q]),
    )


def support_enumeration(game: NormalFormGame) -> list[Equilibrium]:
    """All equilibria whose supports have equal size and nonsingular indifference systems.

    For a non-degenerate game that is every equilibrium.

    >>> from coursekit.gametheory import NormalFormGame
    >>> g = NormalFormGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])   # battle of the sexes
    >>> [str(e) for e in support_enumeration(g)]
    ['p = (1, 0), q = (1, 0)', 'p = (0, 1), q = (0, 1)', 'p = (3/5, 2/5), q = (2/5, 3/5)']
    """
    reduced = game.eliminate_dominated(strict=True)
    rows, cols = np.array(reduced.rows), np.array(reduced.cols)
    A = _unit_range(game.A[np.ix_(rows, cols)])
    B = _unit_range(game.B[np.ix_(rows, cols)])
    found: set[Equilibrium] = set()
    for k in range(1, min(len(rows), len(cols)) + 1):
        for row_sets, col_sets in subset_pairs(len(rows), len(cols), k):
            for t in np.flatnonzero(_screen(A, B, row_sets, col_sets)):
                equilibrium = confirm(game, rows[row_sets[t]].tolist(), cols[col_sets[t]].tolist())
                if equilibrium is not None:
                    found.add(equilibrium)
    return order(found)


def _unit_range(payoffs: np.ndarray) -> np.ndarray:
    """Payoffs moved into [0, 1]: the same best responses, better-conditioned systems."""
    low, high = payoffs.min(), payoffs.max()
    return (payoffs - low) / (high - low if high > low else 1.0)


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

    A boolean mask:

    True where the float solution passes every test up to a tolerance, and
    where the systems are too ill-conditioned for floats to judge.
    """
    block = (row_sets[:, :, None], col_sets[:, None, :])
    q, v, good_q = _indifference(A[block])
    p, u, good_p = _indifference(B[block].transpose(0, 2, 1))
    tolerance = TOLERANCE  # payoffs are in [0, 1]
    with np.errstate(invalid="ignore"):
        row_values = np.einsum("mtk,tk->tm", A[:, col_sets], q)  # each row's payoff against q
        col_values = np.einsum("tkn,tk->tn", B[row_sets, :], p)  # each column's against p
        passes = (
            (q > -TOLERANCE).all(axis=1)
            & (p > -TOLERANCE).all(axis=1)
            & (row_values <= (v + tolerance)[:, None]).all(axis=1)
            & (col_values <= (u + tolerance)[:, None]).all(axis=1)
        )
    return passes | ~(good_q & good_p)


def confirm(game: NormalFormGame, rows: list[int], cols: list[int]) -> Equilibrium | None:
    """The equilibrium with supports exactly ``rows`` and ``cols``, in fractions, or ``None``."""
    m, n = game.shape
    k = len(rows)
    q_system = [[game.exact_A[i][j] for j in cols] + [Fraction(-1)] for i in rows]
    p_system = [[game.exact_B[i][j] for i in rows] + [Fraction(-1)] for j in cols]
    ones = [Fraction(1)] * k + [Fraction(0)]
    rhs = [Fraction(0)] * k + [Fraction(1)]
    q_part = exact.solve([*q_system, ones], rhs)
    p_part = exact.solve([*p_system, ones], rhs)
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
    if not game.is_equilibrium(p, q):
        return None
    return Equilibrium(tuple(p), tuple(q))
