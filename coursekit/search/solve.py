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
>>> s.best_moves(s.state)    # MIN's moves all lose: every one is "best"
[(7, 6, 1), (7, 5, 2), (7, 4, 3)]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from coursekit.games.base import MAX, Game
from coursekit.search.core import Search, SearchError
from coursekit.search.result import Stats


def _same(state: Any) -> Hashable:
    return state


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` returns: the contract of every search plus the table of values.

    Like a :class:`~coursekit.search.result.SearchResult` it has ``value``,
    ``move``, ``pv`` and ``stats``; it also knows the exact value of every
    position reachable from the root (:meth:`value_of`, :meth:`best_moves`).
    """

    value: float
    """The exact value of the root, from MAX's point of view."""

    pv: tuple = ()
    """A line of perfect play from the root: the first best move at every position."""

    stats: Stats = field(default_factory=Stats)
    """``nodes``: positions visited, memo hits included; ``tt_hits``: memo hits;
    ``leaves``: finished games valued; ``depth``: the deepest ply reached."""

    values: Mapping[Hashable, float] = field(default_factory=dict, repr=False, compare=False)
    """Every reachable position's exact value, by position (by ``game.key`` with symmetry)."""

    game: Any = field(default=None, repr=False, compare=False)
    """The game solved."""

    state: Any = field(default=None, repr=False, compare=False)
    """The position solved from (the root)."""

    symmetry: bool = False
    """True when symmetric positions were counted as one (memo keyed by ``game.key``)."""

    key: Callable[[Any], Hashable] = field(default=_same, repr=False, compare=False)
    """How a position is looked up in :attr:`values`."""

    algorithm: str = "solve"
    """The name of the procedure, as for every search."""

    def __post_init__(self) -> None:
        if not isinstance(self.pv, tuple):
            object.__setattr__(self, "pv", tuple(self.pv))
        if not isinstance(self.values, MappingProxyType):
            object.__setattr__(self, "values", MappingProxyType(dict(self.values)))

    @property
    def move(self) -> Any:
        """The first move of :attr:`pv` (``None`` when the root is a finished game)."""
        return self.pv[0] if self.pv else None

    @property
    def root(self) -> Any:
        """The position solved from (the same as :attr:`state`)."""
        return self.state

    def __len__(self) -> int:
        """The number of distinct positions (symmetry classes with ``symmetry=True``)."""
        return len(self.values)

    def value_of(self, state: Any) -> float:
        """The exact value of a position reachable from the root.

        Raises
        ------
        SearchError
            (a ``KeyError`` too, for old callers) when ``state`` cannot be reached.
        """
        try:
            return self.values[self.key(state)]
        except (KeyError, TypeError, AttributeError):
            raise UnreachableError(
                f"state {state!r} cannot be reached from the solved position"
            ) from None

    def best_moves(self, state: Any) -> list:
        """Every move that keeps the value of ``state``: the moves of perfect play."""
        if self.game.is_terminal(state):
            return []
        target = self.value_of(state)
        result = self.game.result
        return [a for a in self.game.actions(state) if self.value_of(result(state, a)) == target]

    def __str__(self) -> str:
        from coursekit.text import number_text

        pv = " ".join(map(str, self.pv)) or "—"
        return f"solve: value {number_text(self.value)}, move {self.move}, pv {pv} ({self.stats})"


class UnreachableError(SearchError, KeyError):
    """A position asked of a :class:`Solution` that cannot be reached from its root."""

    __str__ = SearchError.__str__  # KeyError would quote the message


def solve(game: Game, state: Any = None, *, symmetry: bool = False) -> Solution:
    """Value every position reachable from ``state`` by memoised minimax.

    Each position is valued once: the first time it is met its children are
    valued (depth first, with an explicit stack, so very long games need no
    deep recursion), later meetings read the memo.

    Parameters
    ----------
    game : Game
        A game small enough for its positions to fit in memory.
    state : optional
        The starting position; ``game.initial`` when ``None``.
    symmetry : bool
        Count symmetric positions as one (memo keyed by ``game.key``).

    Returns
    -------
    Solution
        ``value`` (the root's exact value), ``move`` and ``pv`` (a line of
        perfect play), ``stats`` (``nodes`` = positions visited, memo hits
        included, ``tt_hits`` = memo hits, ``leaves`` = finished games valued),
        and the table: ``value_of(state)``, ``best_moves(state)``, ``len()``.

    Raises
    ------
    SearchError
        When ``game`` is not a game, ``state`` is not one of its positions, or
        ``symmetry=True`` for a game without ``key``.

    See Also
    --------
    coursekit.search.minimax : the same values by searching the tree itself.

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> s = solve(TicTacToe())
    >>> s.value, len(s), len(solve(TicTacToe(), symmetry=True))
    (0, 5478, 765)
    >>> s.stats.tt_hits > 0, s.move, len(s.pv)
    (True, 0, 9)
    """
    setup = Search(game, state, symmetry=symmetry, algorithm="solve")  # checks game and state
    root = setup.root
    key: Callable[[Any], Hashable] = game.key if symmetry else _same  # type: ignore[attr-defined]
    values: dict[Hashable, float] = {}
    started = time.perf_counter()
    is_terminal, actions, result, to_move, utility = (
        game.is_terminal, game.actions, game.result, game.to_move, game.utility
    )  # fmt: skip
    nodes = leaves = tt_hits = deepest = 0

    # Depth first with an explicit stack of [state, key, ply, children still to value, best].
    stack: list[list] = []
    open_keys: set[Hashable] = set()  # the positions on the stack (a cycle would loop forever)

    def meet(state: Any, ply: int) -> float | None:
        """Count a visit; the value when known at once (memo or finished game), else push."""
        nonlocal nodes, leaves, tt_hits, deepest
        nodes += 1
        k = key(state)
        if k in values:
            tt_hits += 1
            return values[k]
        if k in open_keys:
            raise SearchError(
                f"the game returns to position {state!r} while it is still being valued: "
                "solve needs a game without cycles"
            )
        if is_terminal(state):
            leaves += 1
            deepest = max(deepest, ply)
            values[k] = utility(state, MAX)
            return values[k]
        better = max if to_move(state) is MAX else min
        stack.append([state, k, ply, iter(actions(state)), None, better])
        open_keys.add(k)
        return None

    value = meet(root, 0)
    while stack:
        frame = stack[-1]
        state, k, ply, todo, best, better = frame
        for a in todo:
            v = meet(result(state, a), ply + 1)
            if v is None:  # a new position: value it first, then come back here
                break
            frame[4] = best = v if best is None else better(best, v)
        else:
            stack.pop()
            open_keys.discard(k)
            if best is None:  # no moves in an unfinished position: as minimax values it
                best = -math.inf if better is max else math.inf
            values[k] = best
            if stack:  # hand the value to the parent
                parent = stack[-1]
                parent[4] = best if parent[4] is None else parent[5](parent[4], best)
            else:
                value = best
    stats = Stats(
        nodes=nodes,
        leaves=leaves,
        tt_hits=tt_hits,
        depth=deepest,
        seconds=time.perf_counter() - started,
    )
    solution = Solution(value, (), stats, values, game, root, symmetry, key)
    return Solution(value, _perfect_line(solution, root), stats, values, game, root, symmetry, key)


def _perfect_line(solution: Solution, state: Any) -> tuple:
    """Follow the first best move from ``state`` to the end of the game."""
    line = []
    moves = solution.best_moves(state)
    while moves:
        line.append(moves[0])
        state = solution.game.result(state, moves[0])
        moves = solution.best_moves(state)
    return tuple(line)
