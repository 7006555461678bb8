"""Best responses (最优反应), pure equilibria and the exact equilibrium test.

A strategy is a *best response* to the opponent's (pure or mixed) strategy
when no other strategy of the player earns more against it. A profile is a
Nash equilibrium (纳什均衡) when each player's strategy is a best response to
the other's: the "mutual best responses" of the course (Nash, 1951; Osborne
and Rubinstein, *A Course in Game Theory*, 1994, §2.2).

The steps, on exact payoff matrices (rows of fractions, indexed
``[row][column]`` for both players):

1. the player's expected payoff of each pure strategy against the opponent's
   mix (:func:`values_against`);
2. the strategies whose payoff is the largest (:func:`best_responses`);
3. pure equilibria: cells in which the row is a best response to the
   column and the column to the row (:func:`pure_equilibria`);
4. a mixed profile is an equilibrium when every strategy played with
   positive probability is a best response (:func:`is_equilibrium`). Only
   fractions enter, so the test is exact: no tolerance.

These functions take matrices and trust them; ``NormalFormGame`` checks
what a user passes before calling them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from coursekit.gametheory.exact import Matrix, column, dot
from coursekit.text import number_text

Profile = tuple[int, int]
"""A pure outcome: (row index, column index), counted from 0."""


class Equilibrium(NamedTuple):
    """A mixed-strategy profile: ``p`` for the row player, ``q`` for the column player.

    >>> e = Equilibrium((Fraction(1, 3), Fraction(2, 3)), (Fraction(1), Fraction(0)))
    >>> print(e)
    p = (1/3, 2/3), q = (1, 0)
    >>> e.supports, e.is_pure()
    (((0, 1), (0,)), False)
    """

    p: tuple[Fraction, ...]
    """The row player's probabilities, one per row."""
    q: tuple[Fraction, ...]
    """The column player's probabilities, one per column."""

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
            return "(" + ", ".join(number_text(v) for v in mix) + ")"

        return f"p = {text(self.p)}, q = {text(self.q)}"


def order(equilibria: set[Equilibrium]) -> list[Equilibrium]:
    """Smaller supports first; pure equilibria in (row, column) order."""
    return sorted(
        equilibria,
        key=lambda e: (len(e.supports[0]), [-x for x in e.p], [-y for y in e.q]),
    )


def values_against(payoffs: Matrix, player: int, mix: Sequence[Fraction]) -> list[Fraction]:
    """Step 1: the player's expected payoff of each pure strategy against the opponent's mix.

    ``payoffs`` is the player's own matrix, indexed [row][column]; ``player``
    is 0 (rows) or 1 (columns).

    >>> values_against(((3, 0), (5, 1)), 0, [Fraction(1, 2), Fraction(1, 2)])
    [Fraction(3, 2), Fraction(3, 1)]
    """
    if player == 0:
        return [dot(mix, row) for row in payoffs]
    return [dot(mix, column(payoffs, j)) for j in range(len(payoffs[0]))]


def best_responses(payoffs: Matrix, player: int, mix: Sequence[Fraction]) -> list[int]:
    """Step 2: the player's pure strategies that earn the most against the opponent's mix.

    >>> best_responses(((3, 0), (5, 1)), 0, [1, 0])
    [1]
    """
    values = values_against(payoffs, player, mix)
    best = max(values)
    return [k for k, v in enumerate(values) if v == best]


def best_responses_to_each(payoffs: Matrix, player: int) -> list[list[int]]:
    """The player's best responses to each pure strategy of the opponent, in order.

    >>> best_responses_to_each(((3, 0), (5, 1)), 0)     # the row player against each column
    [[1], [1]]
    """
    lines = list(zip(*payoffs, strict=True)) if player == 0 else list(payoffs)
    return [[k for k, v in enumerate(line) if v == max(line)] for line in lines]


def pure_equilibria(A: Matrix, B: Matrix) -> list[Profile]:
    """Step 3: every cell (i, j) in which i and j are best responses to each other.

    >>> pure_equilibria(((3, 0), (5, 1)), ((3, 5), (0, 1)))     # the prisoner's dilemma
    [(1, 1)]
    """
    row_best = best_responses_to_each(A, 0)
    col_best = best_responses_to_each(B, 1)
    return [(i, j) for i in range(len(A)) for j in col_best[i] if i in row_best[j]]


def is_equilibrium(A: Matrix, B: Matrix, p: Sequence[Fraction], q: Sequence[Fraction]) -> bool:
    """Step 4: True when every strategy played with positive probability is a best response.

    >>> half = [Fraction(1, 2)] * 2
    >>> is_equilibrium(((1, -1), (-1, 1)), ((-1, 1), (1, -1)), half, half)
    True
    """
    for payoffs, player, mine, theirs in ((A, 0, p, q), (B, 1, q, p)):
        best = set(best_responses(payoffs, player, theirs))
        if any(w > 0 and k not in best for k, w in enumerate(mine)):
            return False
    return True
