"""Solving small games exactly over their state-space graph (状态空间图).

A game tree repeats positions: in tic-tac-toe the same board arises after
different move orders, 549,946 tree nodes stand for only 5,478 positions.
:func:`solve` values every reachable *position* once (a memo keyed by the
position, or by ``game.key`` with ``symmetry=True``), so it finishes games
whose tree would be far too big: Grundy's game for dozens of coins,
tic-tac-toe in a blink, Connect Four on small boards.

>>> from coursekit.games import Grundy, MIN
>>> s = solve(Grundy(7, first=MIN))
>>> s.value, len(s)          # MAX wins the course's seven-coin game
(1, 14)
>>> s.best_moves(s.root)     # MIN's moves all lose: every one is "best"
[(7, 6, 1), (7, 5, 2), (7, 4, 3)]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from coursekit.games.base import MAX, Game
from coursekit.search.result import Stats


@dataclass
class Solution:
    """The exact value (MAX's point of view) of every position reachable from ``root``."""

    game: Game = field(repr=False)
    root: Any = field(repr=False)
    value: float
    values: dict[Hashable, float] = field(repr=False)
    stats: Stats
    symmetry: bool = False
    key: Callable[[Any], Hashable] = field(default=lambda state: state, repr=False)

    def __len__(self) -> int:
        """The number of distinct positions (symmetry classes with ``symmetry=True``)."""
        return len(self.values)

    def value_of(self, state: Any) -> float:
        """The exact value of a position reachable from the root."""
        try:
            return self.values[self.key(state)]
        except KeyError:
            raise KeyError(f"{state!r} cannot be reached from the solved position") from None

    def best_moves(self, state: Any) -> list:
        """Every move that keeps the value of ``state``: the moves of perfect play."""
        if self.game.is_terminal(state):
            return []
        target = self.value_of(state)
        result = self.game.result
        return [a for a in self.game.actions(state) if self.value_of(result(state, a)) == target]


def solve(game: Game, state: Any = None, *, symmetry: bool = False) -> Solution:
    """Value every position reachable from ``state`` (``game.initial``) by memoised minimax.

    Parameters
    ----------
    game:
        A game small enough for its positions to fit in memory.
    state:
        The starting position; ``game.initial`` when ``None``.
    symmetry:
        Count symmetric positions as one (memo keyed by ``game.key``).

    Returns
    -------
    Solution
        ``value`` (the root's exact value), ``values`` (every position's),
        ``best_moves(state)`` and statistics: ``nodes`` = positions visited,
        memo hits included, ``tt_hits`` = memo hits, ``leaves`` = finished
        games valued.

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> s = solve(TicTacToe())
    >>> s.value, len(s), len(solve(TicTacToe(), symmetry=True))
    (0, 5478, 765)
    """
    root = game.initial if state is None else state
    if symmetry and getattr(game, "key", None) is None:
        raise ValueError(f"{game!r} has no key(state) method, so symmetry cannot be used")
    key: Callable[[Any], Hashable] = game.key if symmetry else (lambda s: s)  # type: ignore[attr-defined]
    values: dict[Hashable, float] = {}
    stats = Stats()
    started = time.perf_counter()
    is_terminal, actions, result, to_move = (
        game.is_terminal, game.actions, game.result, game.to_move
    )  # fmt: skip

    def value(state: Any, ply: int) -> float:
        """The exact value of ``state``, from the memo when it has been met before."""
        stats.nodes += 1
        k = key(state)
        if k in values:
            stats.tt_hits += 1
            return values[k]
        if is_terminal(state):
            stats.leaves += 1
            stats.depth = max(stats.depth, ply)
            v = game.utility(state, MAX)
        else:
            child_values = [value(result(state, a), ply + 1) for a in actions(state)]
            v = max(child_values) if to_move(state) is MAX else min(child_values)
        values[k] = v
        return v

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))  # deep games (many coins) recurse deeply
    try:
        root_value = value(root, 0)
    finally:
        sys.setrecursionlimit(limit)
    stats.seconds = time.perf_counter() - started
    return Solution(game, root, root_value, values, stats, symmetry, key)
