"""Dominated strategies (劣势策略) and their iterated elimination (重复剔除).

A strategy s is *strictly dominated* by s′ when s′ pays its player more than
s against every strategy of the opponent; *weakly dominated* when s′ pays at
least as much everywhere and more somewhere. A rational player never plays a
strictly dominated strategy, so it can be crossed out, and once it is gone,
other strategies may become dominated in turn (Osborne and Rubinstein, *A
Course in Game Theory*, 1994, §4.2).

The steps of iterated elimination (:func:`eliminate`), on exact payoff
matrices:

1. list the dominated strategies of the row player among the rows and
   columns still in play (:func:`dominated_strategies`); if there are none,
   those of the column player;
2. cross out the first one and record the step;
3. repeat until no strategy is dominated; what is left is the reduced game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from coursekit.gametheory.exact import Matrix
from coursekit.text import say

Labels = tuple[tuple[str, ...], tuple[str, ...]]
"""The row labels and the column labels."""


@dataclass(frozen=True)
class Domination:
    """Strategy ``strategy`` of ``player`` (0 = row, 1 = column) is dominated by ``by``.

    Indices refer to the original game's strategies, counted from 0.
    """

    player: int
    """0 for the row player, 1 for the column player."""
    strategy: int
    """The dominated strategy."""
    by: int
    """A strategy that dominates it."""
    strict: bool
    """True for strict dominance, False for weak."""
    names: tuple[str, str, str] = field(compare=False, repr=False)
    """The player's name and the two strategies' labels, for messages."""

    def __str__(self) -> str:
        who, strategy, by = self.names
        key = "captions.strictly_dominated" if self.strict else "captions.weakly_dominated"
        return say(key, who=who, strategy=strategy, by=by)


@dataclass(frozen=True)
class Elimination:
    """The result of iterated elimination: the steps in order and what is left."""

    steps: tuple[Domination, ...]
    """The strategies crossed out, in order."""
    rows: tuple[int, ...]
    """The rows left at the end."""
    cols: tuple[int, ...]
    """The columns left at the end."""
    strict: bool
    """True for strict dominance, False for weak."""

    def remaining_after(self, k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The rows and columns still in play after the first ``k`` steps.

        >>> from coursekit.gametheory import NormalFormGame
        >>> e = NormalFormGame([[3, 0], [5, 1]], [[3, 5], [0, 1]]).eliminate_dominated()
        >>> e.remaining_after(0), e.remaining_after(1), e.remaining_after(2)
        (((0, 1), (0, 1)), ((1,), (0, 1)), ((1,), (1,)))
        """
        gone = self.steps[:k]
        m, n = self.game_shape
        rows = tuple(i for i in range(m) if all(s.player != 0 or s.strategy != i for s in gone))
        cols = tuple(j for j in range(n) if all(s.player != 1 or s.strategy != j for s in gone))
        return rows, cols

    @property
    def game_shape(self) -> tuple[int, int]:
        """The shape of the original game."""
        rows = len(self.rows) + sum(s.player == 0 for s in self.steps)
        cols = len(self.cols) + sum(s.player == 1 for s in self.steps)
        return rows, cols

    def __str__(self) -> str:
        if not self.steps:
            return say("captions.none_dominated")
        return "\n".join(
            say("captions.elimination_step", k=k, step=step)
            for k, step in enumerate(self.steps, start=1)
        )


def dominates(mine: Sequence, other: Sequence, strict: bool) -> bool:
    """True when the payoffs ``mine`` dominate ``other`` (same opponent strategies, in order).

    >>> dominates([3, 2], [1, 2], strict=True), dominates([3, 2], [1, 2], strict=False)
    (False, True)
    """
    if strict:
        return all(a > b for a, b in zip(mine, other, strict=True))
    pairs = list(zip(mine, other, strict=True))
    return all(a >= b for a, b in pairs) and any(a > b for a, b in pairs)


def _payoff_lines(
    payoffs: Matrix, player: int, rows: Sequence[int], cols: Sequence[int]
) -> dict[int, list]:
    """For each of the player's remaining strategies, its payoffs against the opponent's."""
    if player == 0:
        return {i: [payoffs[i][j] for j in cols] for i in rows}
    return {j: [payoffs[i][j] for i in rows] for j in cols}


def _dominated_of(
    payoffs: Matrix,
    player: int,
    rows: Sequence[int],
    cols: Sequence[int],
    strict: bool,
    labels: Labels,
    players: tuple[str, str],
) -> list[Domination]:
    lines = _payoff_lines(payoffs, player, rows, cols)
    mine_labels = labels[player]
    found = []
    for s, mine in lines.items():
        by = next((t for t, other in lines.items() if dominates(other, mine, strict)), None)
        if by is not None:
            names = (players[player], mine_labels[s], mine_labels[by])
            found.append(Domination(player, s, by, strict, names))
    return found


def dominated_strategies(
    A: Matrix,
    B: Matrix,
    labels: Labels,
    players: tuple[str, str],
    rows: Iterable[int],
    cols: Iterable[int],
    strict: bool = True,
) -> list[Domination]:
    """Step 1: dominated strategies of both players when only ``rows`` and ``cols`` are left.

    >>> A, B = ((3, 0), (5, 1)), ((3, 5), (0, 1))
    >>> labels = (("C", "D"), ("C", "D"))
    >>> [str(d) for d in dominated_strategies(A, B, labels, ("R", "K"), [0, 1], [0, 1])]
    ["R's C is strictly dominated by D", "K's C is strictly dominated by D"]
    """
    rows, cols = list(rows), list(cols)
    return _dominated_of(A, 0, rows, cols, strict, labels, players) + _dominated_of(
        B, 1, rows, cols, strict, labels, players
    )


def eliminate(
    A: Matrix,
    B: Matrix,
    labels: Labels | None = None,
    players: tuple[str, str] = ("row player", "column player"),
    strict: bool = True,
) -> Elimination:
    """Cross out dominated strategies one at a time until none is left (steps 1–3).

    The order is fixed so that a class gets the same steps: at each step the
    first dominated strategy of the row player is removed, or, when the row
    player has none, the first one of the column player. With strict
    dominance the end result does not depend on the order; with weak
    dominance it can, and it may remove equilibria.

    >>> e = eliminate(((3, 0), (5, 1)), ((3, 5), (0, 1)), (("C", "D"), ("C", "D")), ("R", "K"))
    >>> e.rows, e.cols
    ((1,), (1,))
    """
    rows, cols = list(range(len(A))), list(range(len(A[0])))
    if labels is None:
        labels = (tuple(f"r{i + 1}" for i in rows), tuple(f"c{j + 1}" for j in cols))
    steps = []
    while True:
        found = _dominated_of(A, 0, rows, cols, strict, labels, players) or _dominated_of(
            B, 1, rows, cols, strict, labels, players
        )
        if not found:
            break
        step = found[0]
        (rows if step.player == 0 else cols).remove(step.strategy)
        steps.append(step)
    return Elimination(tuple(steps), tuple(rows), tuple(cols), strict)
