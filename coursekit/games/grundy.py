"""Grundy's game (the coin-splitting game of the course).

A position is a collection of heaps of coins. A move splits one heap into two
heaps of *different* sizes, so heaps of one or two coins can no longer be
split. The player who cannot move loses. The course starts from one heap of
seven coins with MIN to move and shows that MAX can always win.

>>> game = Grundy(7)
>>> game.initial
GrundyState(heaps=(7,), to_move=MIN)
>>> game.actions(game.initial)
[(7, 6, 1), (7, 5, 2), (7, 4, 3)]
>>> game.result(game.initial, (7, 4, 3)).label
'4-3'
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from coursekit.games.base import MAX, MIN, GameError, Player
from coursekit.text import say

Split = tuple[int, int, int]
"""A move ``(heap, bigger, smaller)``: split a heap into two unequal heaps."""


class _Position(NamedTuple):
    heaps: tuple[int, ...]
    to_move: Player


class GrundyState(_Position):
    """A position: the heaps, largest first, and the player to move.

    Heaps given in any order are sorted, and empty heaps (0 coins) dropped,
    so that equal positions are equal states:

    >>> GrundyState((2, 5, 0), MAX)
    GrundyState(heaps=(5, 2), to_move=MAX)
    >>> GrundyState((2, -1), MAX)
    Traceback (most recent call last):
      ...
    coursekit.games.base.GameError: heaps must be whole numbers of coins >= 0, got (2, -1)
    """

    __slots__ = ()

    def __new__(cls, heaps: tuple[int, ...], to_move: Player) -> GrundyState:
        if isinstance(heaps, (str, bytes)) or not hasattr(heaps, "__iter__"):
            raise GameError(say("errors.games.grundy.heaps_tuple", heaps=repr(heaps)))
        heaps = tuple(heaps)
        if not all(isinstance(h, int) and not isinstance(h, bool) and h >= 0 for h in heaps):
            raise GameError(say("errors.games.grundy.heaps_whole", heaps=repr(heaps)))
        if not isinstance(to_move, Player):
            raise GameError(say("errors.games.max_or_min", name="to_move", value=repr(to_move)))
        return _state(tuple(sorted((h for h in heaps if h), reverse=True)), to_move)

    @classmethod
    def _make(cls, iterable: Any) -> GrundyState:  # ``_replace`` checks its fields too
        return cls(*iterable)

    @property
    def label(self) -> str:
        """The course's notation: heap sizes joined by dashes, e.g. ``5-1-1``."""
        return "-".join(map(str, self.heaps)) or "0"

    def __repr__(self) -> str:
        return f"GrundyState(heaps={self.heaps}, to_move={self.to_move})"


def _state(heaps: tuple[int, ...], to_move: Player) -> GrundyState:
    """A state from heaps already sorted and checked (the fast path of :meth:`Grundy.result`)."""
    return tuple.__new__(GrundyState, (heaps, to_move))


class Grundy:
    """Grundy's game starting from one heap of ``coins`` coins.

    Parameters
    ----------
    coins:
        The size of the starting heap (at least 1).
    first:
        Who moves first; the course lets MIN open the seven-coin game.
    """

    def __init__(self, coins: int, first: Player = MIN) -> None:
        if isinstance(coins, bool) or not isinstance(coins, int) or coins < 1:
            raise GameError(say("errors.games.grundy.coins", coins=repr(coins)))
        if not isinstance(first, Player):
            raise GameError(say("errors.games.max_or_min", name="first", value=repr(first)))
        self.coins = coins
        self.initial = GrundyState((coins,), first)

    def __repr__(self) -> str:
        return f"Grundy({self.coins}, first={self.initial.to_move})"

    def to_move(self, state: GrundyState) -> Player:
        return state.to_move

    def actions(self, state: GrundyState) -> list[Split]:
        """Every split of every distinct heap, largest heap and biggest part first."""
        moves = []
        for heap in sorted(set(state.heaps), reverse=True):
            for smaller in range(1, (heap + 1) // 2):
                moves.append((heap, heap - smaller, smaller))
        return moves

    def result(self, state: GrundyState, action: Split) -> GrundyState:
        if not (
            isinstance(action, tuple)
            and len(action) == 3
            and all(isinstance(n, int) and not isinstance(n, bool) for n in action)
        ):
            raise GameError(say("errors.games.grundy.action", action=repr(action)))
        heap, bigger, smaller = action
        if bigger + smaller != heap or bigger <= smaller or smaller < 1:
            raise GameError(say("errors.games.grundy.unequal", action=repr(action), heap=heap))
        heaps = list(state.heaps)
        try:
            heaps.remove(heap)
        except ValueError:
            raise GameError(
                say("errors.games.grundy.no_heap", heap=heap, state=state.label)
            ) from None
        heaps += (bigger, smaller)
        return _state(tuple(sorted(heaps, reverse=True)), state.to_move.opponent)

    def is_terminal(self, state: GrundyState) -> bool:
        """No heap of three or more coins is left."""
        return not state.heaps or state.heaps[0] < 3

    def utility(self, state: GrundyState, player: Player = MAX) -> float:
        """+1 if ``player`` has won the finished game, −1 if it has lost."""
        if not self.is_terminal(state):
            raise GameError(say("errors.games.grundy.not_finished", state=state.label))
        loser = state.to_move  # the player to move cannot move
        return -1 if loser is player else 1

    def to_text(self, state: GrundyState) -> str:
        """A position as text: the course's heaps and the player to move.

        >>> Grundy(7).to_text(GrundyState((4, 3), MAX))
        '4-3, MAX to move'
        """
        return f"{state.label}, {state.to_move} to move"

    def parse(self, text: str) -> GrundyState:
        """The position written as :meth:`to_text` writes it (``"4-3, MAX to move"``).

        >>> Grundy(7).parse("5-1-1 MIN")
        GrundyState(heaps=(5, 1, 1), to_move=MIN)
        """
        match = _POSITION.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise GameError(say("errors.games.grundy.text", text=repr(text)))
        heaps = tuple(int(h) for h in match["heaps"].split("-"))
        return GrundyState(heaps, MAX if match["player"].upper() == "MAX" else MIN)

    def key(self, state: GrundyState) -> GrundyState:
        """Sorted heaps already identify equivalent positions."""
        return state


_POSITION = re.compile(r"(?P<heaps>\d+(?:-\d+)*)\s*,?\s*(?P<player>MAX|MIN)(?:\s+to\s+move)?", re.I)

MAX_NIM_HEAP = 3_000
""":func:`sprague_grundy` refuses larger heaps: its table grows in quadratic time."""

_NIM_VALUES = [0, 0, 0]  # heaps of 0, 1 and 2 coins cannot be split


def sprague_grundy(heaps: int | tuple[int, ...]) -> int:
    """The Sprague–Grundy value (nim value) of a heap, or of a whole position.

    One heap: the smallest number that is not the value of a position one
    split away (the *mex*); several heaps: the exclusive-or of their values.
    The player to move wins exactly when the value is not 0.

    >>> [sprague_grundy(n) for n in range(1, 11)]
    [0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
    >>> sprague_grundy((7, 3)) == sprague_grundy(7) ^ sprague_grundy(3)
    True
    """
    if not isinstance(heaps, int) and isinstance(heaps, (tuple, list)):
        value = 0
        for heap in heaps:
            value ^= sprague_grundy(heap)
        return value
    if isinstance(heaps, bool) or not isinstance(heaps, int) or heaps < 0:
        raise GameError(say("errors.games.grundy.nim_heaps", heaps=repr(heaps)))
    if heaps > MAX_NIM_HEAP:
        raise GameError(say("errors.games.grundy.nim_too_big", heaps=heaps, most=MAX_NIM_HEAP))
    while len(_NIM_VALUES) <= heaps:
        n = len(_NIM_VALUES)
        reachable = {_NIM_VALUES[n - k] ^ _NIM_VALUES[k] for k in range(1, (n + 1) // 2)}
        _NIM_VALUES.append(next(v for v in range(len(reachable) + 1) if v not in reachable))
    return _NIM_VALUES[heaps]
