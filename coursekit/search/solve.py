"""Solving games exactly with chapter 6's α-β: a table, move ordering, zero windows.

:func:`solve` finds the exact value of a position by MTD(f) (零窗口搜索): a
few α-β searches with a *zero window* ("is the value at least β?"), all
sharing one transposition table (置换表) of proven bounds keyed by the
position. Every pass tries the table's best move first, so later passes
mostly walk one line; positions met again by another move order are read
from the table. Exact values of other positions are found lazily, on demand
(:meth:`Solution.value_of`, :meth:`Solution.best_moves`), with the same table.

>>> from coursekit.games import Grundy, MIN
>>> s = solve(Grundy(7, first=MIN))
>>> s.value, len(s)          # MAX wins the course's seven-coin game; 14 positions
(1, 14)
>>> s.best_moves(s.state)    # MIN's moves all lose: every one is "best"
[(7, 6, 1), (7, 5, 2), (7, 4, 3)]
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from coursekit.games.base import MAX, Game, move_text, moves_text
from coursekit.games.connectfour import ConnectFour
from coursekit.search.connect4_solver import NodeLimit, shared_solver
from coursekit.search.core import (
    SEARCH_LIMIT,
    Search,
    SearchError,
    check_position,
    check_whole_game,
)
from coursekit.search.labels import algorithm_label
from coursekit.search.result import Stats
from coursekit.text import say

_INF = math.inf


def _same(state: Any) -> Hashable:
    return state


def _table_key(game: Any, symmetry: bool) -> Callable[[Any], Hashable]:
    """The key of the solver's own table: the position, its symmetry class, or a canonical form.

    In Grundy's game heaps of 1 and 2 coins can never be split again, so two
    positions that differ only in them have the same value: dropping them
    makes the table tiny (the mover still matters).
    """
    from coursekit.games.grundy import Grundy

    if isinstance(game, Grundy):
        return lambda s: (tuple(h for h in s.heaps if h > 2), s.to_move)
    return game.key if symmetry else _same


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` returns: the contract of every search plus exact values on demand.

    Like a :class:`~coursekit.search.result.SearchResult` it has ``value``,
    ``move``, ``pv`` and ``stats``; it also gives the exact value of any
    position reachable from the root (:meth:`value_of`, :meth:`best_moves`),
    solving it with the same transposition table when it is not known yet.
    """

    value: float
    """The exact value of the root, from MAX's point of view."""

    pv: tuple = ()
    """A line of perfect play from the root: the first best move at every position."""

    stats: Stats = field(default_factory=Stats)
    """``nodes``: positions visited by the zero-window searches, table hits included;
    ``tt_hits``: visits answered by the table; ``tt_stores``: bounds stored;
    ``researches``: zero-window passes; ``leaves``: finished games valued;
    ``depth``: the deepest ply reached."""

    game: Any = field(default=None, repr=False, compare=False)
    """The game solved."""

    state: Any = field(default=None, repr=False, compare=False)
    """The position solved from (the root)."""

    symmetry: bool = False
    """True when symmetric positions were counted as one (keys from ``game.key``)."""

    key: Callable[[Any], Hashable] = field(default=_same, repr=False, compare=False)
    """How a position is looked up in :attr:`values`."""

    algorithm: str = "solve"
    """The name of the procedure, as for every search."""

    fastest: bool = False
    """True when values are scores in which a sooner win counts more (``game.score``)."""

    solver: Any = field(default=None, repr=False, compare=False)
    """The α-β solver and its table (kept for :meth:`value_of`)."""

    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.pv, tuple):
            object.__setattr__(self, "pv", tuple(self.pv))

    @property
    def move(self) -> Any:
        """The first move of :attr:`pv` (``None`` when the root is a finished game)."""
        return self.pv[0] if self.pv else None

    @property
    def root(self) -> Any:
        """The position solved from (the same as :attr:`state`)."""
        return self.state

    @property
    def values(self) -> Mapping[Hashable, float]:
        """Every reachable position's exact value, by :attr:`key` (built on first use).

        This walks the *whole* state-space graph (memoised minimax): fine for
        tic-tac-toe or small boards, slow for a Connect Four endgame.
        """
        if "values" not in self._cache:
            self._cache["values"] = MappingProxyType(
                tabulate(self.game, self.state, symmetry=self.symmetry, fastest=self.fastest)
            )
        return self._cache["values"]

    def __len__(self) -> int:
        """The number of distinct reachable positions (symmetry classes with ``symmetry=True``)."""
        return len(self.values)

    def value_of(self, state: Any) -> float:
        """The exact value of a position reachable from the root.

        Positions already proven are read from the table; others are solved
        now. Checking that an unknown position is reachable walks the graph
        once (see :attr:`values`).

        Raises
        ------
        SearchError
            (a ``KeyError`` too, for old callers) when ``state`` cannot be reached.
        """
        try:
            known = self.solver.known(state)
        except Exception:  # not even a position of this game
            known = None
        if known is None:
            reachable = getattr(self.solver, "reachable", None)  # a test without the graph
            try:
                if not (reachable(state) if reachable else self.key(state) in self.values):
                    raise KeyError(state)
            except (KeyError, TypeError, AttributeError):
                raise UnreachableError(say("errors.search.unreachable", state=state)) from None
        return self.solver.exact(state)

    def best_moves(self, state: Any) -> list:
        """Every move that keeps the value of ``state``: the moves of perfect play."""
        target = self.value_of(state)
        if self.game.is_terminal(state):
            return []
        result, exact = self.game.result, self.solver.exact
        return [a for a in self.game.actions(state) if exact(result(state, a)) == target]

    def __str__(self) -> str:
        from coursekit.text import number_text

        pv = moves_text(self.game, self.pv) or "—"
        value = number_text(self.value)
        head = say("stats.head", algorithm=algorithm_label("solve"))
        move = move_text(self.game, self.move)
        return say("stats.result", head=head, value=value, move=move, pv=pv, stats=self.stats)


class UnreachableError(SearchError, KeyError):
    """A position asked of a :class:`Solution` that cannot be reached from its root."""

    __str__ = SearchError.__str__  # KeyError would quote the message


class _Solver:
    """α-β over a transposition table of proven bounds, driven by MTD(f).

    ``table[key] = (lower, upper, best move)``: the value is known to lie in
    ``[lower, upper]``; it is exact when they meet.
    """

    def __init__(self, game: Any, key: Callable[[Any], Hashable], fastest: bool = False) -> None:
        self.game, self.key = game, key
        # The value of a finished game: win/draw/loss, or a score in which sooner wins count more.
        self.leaf_value = game.score if fastest else lambda state: game.utility(state, MAX)
        # Optional members of the game: wins at once found without search, and the
        # moves that do not lose at once, best first (Connect Four has them).
        self.tactics = hasattr(game, "winning_moves") and hasattr(game, "safe_moves")
        self.table: dict[Hashable, tuple] = {}
        self.on_path: set[Hashable] = set()  # positions being searched (a cycle would loop)
        self.nodes = self.leaves = self.cutoffs = self.hits = self.stores = self.passes = (
            self.deepest
        ) = 0

    def known(self, state: Any) -> float | None:
        """The exact value of ``state`` if the table has proven it, else ``None``."""
        entry = self.table.get(self.key(state))
        if entry is not None and entry[0] == entry[1]:
            return entry[0]
        return None

    def exact(self, state: Any) -> float:
        """MTD(f): zero-window tests "value ≥ β?" until the bounds on the value meet."""
        entry = self.table.get(self.key(state))
        lower, upper = (entry[0], entry[1]) if entry is not None else (-_INF, _INF)
        g = lower if lower > -_INF else upper if upper < _INF else 0
        while lower < upper:
            # The smallest window above g (or just below it): one float apart.
            beta = math.nextafter(g, _INF) if g == lower else g
            self.passes += 1
            try:
                g = self.search(state, math.nextafter(beta, -_INF), beta, 0)
            except RecursionError:
                raise SearchError(say("errors.search.solve_recursion")) from None
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def search(self, state: Any, alpha: float, beta: float, ply: int) -> float:
        """Fail-soft α-β with the table: the value if inside (α, β), else a bound beyond it."""
        self.nodes += 1
        table, key = self.table, self.key
        k = key(state)
        entry = table.get(k)
        first = None
        if entry is not None:
            lower, upper, first = entry
            if lower >= beta or lower == upper:
                self.hits += 1
                return lower
            if upper <= alpha:
                self.hits += 1
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        else:
            lower, upper = -_INF, _INF
        game = self.game
        if game.is_terminal(state):
            self.leaves += 1
            self.deepest = max(self.deepest, ply)
            v = self.leaf_value(state)
            table[k] = (v, v, None)
            self.stores += 1
            return v
        if k in self.on_path:
            raise SearchError(say("errors.search.cycle", state=state))
        if self.tactics:
            wins = game.winning_moves(state)
            if wins:  # a win at once: nothing can be better for the mover
                v = self.leaf_value(game.result(state, wins[0]))
                table[k] = (v, v, wins[0])
                self.stores += 1
                return v
            # Every other move lets the opponent win at once; with none left all moves lose.
            moves = game.safe_moves(state) or game.actions(state)[:1]
        else:
            moves = game.actions(state)
        if first is not None and first in moves:  # move ordering: the table's move first
            moves = [first, *[m for m in moves if m != first]]
        result, search = game.result, self.search
        self.on_path.add(k)
        best = None
        if game.to_move(state) is MAX:
            g, a = -_INF, alpha
            for m in moves:
                v = search(result(state, m), a, beta, ply + 1)
                if v > g or best is None:
                    g, best = v, m
                    if g > a:
                        a = g
                        if g >= beta:
                            self.cutoffs += 1
                            break
        else:
            g, b = _INF, beta
            for m in moves:
                v = search(result(state, m), alpha, b, ply + 1)
                if v < g or best is None:
                    g, best = v, m
                    if g < b:
                        b = g
                        if g <= alpha:
                            self.cutoffs += 1
                            break
        self.on_path.discard(k)
        # What this search proved, against the window it searched.
        if g <= alpha:
            upper = min(upper, g)
        elif g >= beta:
            lower = max(lower, g)
        else:
            lower = upper = g
        table[k] = (lower, upper, best)
        self.stores += 1
        return g

    def line(self, state: Any) -> tuple:
        """A line of perfect play: from each position the first move that keeps the value."""
        game, moves, line = self.game, [], []
        while not game.is_terminal(state):
            target = self.exact(state)
            moves = game.actions(state)
            entry = self.table.get(self.key(state))
            if entry is not None and entry[2] in moves:
                moves = [entry[2], *[m for m in moves if m != entry[2]]]
            for m in moves:
                if self.exact(game.result(state, m)) == target:
                    break
            else:
                break
            line.append(m)
            state = game.result(state, m)
        return tuple(line)


class _ConnectFourSolver:
    """What :func:`solve` uses for Connect Four (four in a line): :class:`Connect4Solver`.

    The same interface as :class:`_Solver` (``known``, ``exact``, ``line``,
    counters), on the course's states: values from MAX's side, ±∞ and 0 for
    a weak solve, the score (``game.score``) with ``fastest``.
    """

    def __init__(self, game: Any, root: Any, fastest: bool, limit: int | None = None) -> None:
        self.game, self.root, self.fastest, self.limit = game, root, fastest, limit
        self.engine = shared_solver(game.rows, game.cols)
        self.engine.reset()  # statistics of this solve only (the table's facts stay true)
        self.nodes = self.passes = 0  # what the engine counts: positions and null windows
        self.leaves = self.cutoffs = self.hits = self.stores = self.deepest = 0
        self.solved: tuple = (None, 0)  # the last position solved and its engine score

    def _value(self, state: Any, score: int) -> float:
        """A score of the player to move as a value from MAX's side."""
        if self.game.to_move(state) is not MAX:
            score = -score
        if self.fastest:
            return score
        return _INF if score > 0 else -_INF if score < 0 else 0

    def known(self, state: Any) -> float | None:
        return self.exact(state) if self.game.is_terminal(state) else None

    def reachable(self, state: Any) -> bool:
        """True when ``state`` keeps the root's stones and is a position of the game."""
        x, o = state.x, state.o
        if self.root.x & ~x or self.root.o & ~o:
            return False
        self.game.to_moves(state)  # raises GameError when no game reaches it
        return True

    def exact(self, state: Any) -> float:
        game = self.game
        if game.is_terminal(state):
            return game.score(state) if self.fastest else game.utility(state, MAX)
        x, o = state.x, state.o
        mine = x if game.to_move(state) is MAX else o
        self.engine.max_nodes = self.limit  # the engine is shared: this solve's limit
        score = self.engine.solve(mine, x | o, weak=not self.fastest)
        self.nodes += self.engine.nodes
        self.passes += self.engine.probes
        self.solved = (state, score)
        return self._value(state, score)

    def line(self, state: Any) -> tuple:
        """A line of perfect play, read from the table the solve of ``state`` filled.

        The engine's table holds, beside each bound, the move that proved it
        (:meth:`~coursekit.search.connect4_solver.Connect4Solver.principal_variation`):
        most moves of the line are read from there; a position whose proof was
        overwritten is searched again.
        """
        if self.solved[0] is not state:  # (solved: a position that is not over)
            if self.game.is_terminal(state):
                return ()
            self.exact(state)
        x, o = state.x, state.o
        mine = x if x.bit_count() == o.bit_count() else o
        return tuple(self.engine._line(mine, x | o, self.solved[1], not self.fastest))


def grundy_key(heaps: tuple[int, ...]) -> tuple[int, ...]:
    """The heaps that decide who wins Grundy's game, largest first.

    Heaps of one or two coins can never be split again, and a pair of equal
    heaps cancels out (the copycat argument of :class:`_GrundySolver`), so
    both are left out.

    >>> grundy_key((7, 2, 5, 7, 1, 3))
    (5, 3)
    >>> grundy_key((4, 4, 4))
    (4,)
    """
    kept: list[int] = []
    for heap in sorted(heaps, reverse=True):
        if heap < 3:
            break
        if kept and kept[-1] == heap:
            kept.pop()  # a twin: the pair cancels
        else:
            kept.append(heap)
    return tuple(kept)


def _toggled(key: tuple[int, ...], heap: int) -> tuple[int, ...]:
    """The :func:`grundy_key` of ``key`` with one more heap (its twin leaves instead).

    >>> _toggled((7, 4), 5), _toggled((7, 4), 4), _toggled((7, 4), 2)
    ((7, 5, 4), (7,), (7, 4))
    """
    if heap < 3:
        return key
    for i, h in enumerate(key):
        if h <= heap:
            if h == heap:
                return key[:i] + key[i + 1 :]
            return (*key[:i], heap, *key[i:])
    return (*key, heap)


class _GrundySolver(_Solver):
    """Grundy's game from a table of won and lost positions.

    A position is its heaps of three or more coins, largest first (smaller
    heaps can never be split again); it is *won* for the player to move when
    some split leaves a lost position. Whose turn it is only decides the sign.

    Two equal heaps are dropped from the key as well (:func:`grundy_key`): they
    never change who wins. This is the *copycat* argument: whoever can win the
    other heaps plays there and answers any split of one twin by the same split
    of the other, so the twins run out of moves together. One table entry then
    stands for many positions (a fifth of the nodes on heaps 1–60).
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game, _table_key(game, False))
        self.won: dict[tuple[int, ...], bool] = {(): False}

    def known(self, state: Any) -> float | None:
        heaps = grundy_key(state.heaps)
        return self._value(state, self.won[heaps]) if heaps in self.won else None

    def _value(self, state: Any, mover_wins: bool) -> float:
        return 1 if mover_wins == (state.to_move is MAX) else -1

    def exact(self, state: Any) -> float:
        self.passes += 1
        return self._value(state, self.wins(grundy_key(state.heaps)))

    def wins(self, heaps: tuple[int, ...]) -> bool:
        """True when the player to move wins ``heaps`` (a :func:`grundy_key`)."""
        won = self.won
        if heaps in won:
            self.hits += 1
            return won[heaps]
        self.nodes += 1
        wins, previous = self.wins, 0
        for i, heap in enumerate(heaps):
            if heap == previous:  # the same split of an equal heap: already tried
                continue
            previous = heap
            rest = heaps[:i] + heaps[i + 1 :]
            for smaller in range(1, (heap + 1) // 2):
                if not wins(_toggled(_toggled(rest, heap - smaller), smaller)):
                    won[heaps] = True
                    return True
        won[heaps] = False
        self.leaves += heaps == ()
        return False


def solve(
    game: Game,
    state: Any = None,
    *,
    symmetry: bool = False,
    fastest: bool = False,
    force: bool = False,
) -> Solution:
    """The exact value of ``state`` and a line of perfect play, by α-β with a table and MTD(f).

    A transposition table of proven bounds (``lower ≤ value ≤ upper``) is
    shared by a few zero-window α-β passes (MTD(f)): each pass asks "is the
    value at least β?", tries the table's best move first at every position
    and stops as soon as the answer is known. Win/draw/loss games need two
    or three passes. Other positions are solved lazily by
    :meth:`Solution.value_of` with the same table.

    A game that knows its tactics (the optional members ``winning_moves`` and
    ``safe_moves``, as Connect Four has) is searched with them: a position with
    a win at once is valued without search, and only the moves that do not
    lose at once are searched, the most threatening first. Grundy's game is
    solved by a table of won and lost heaps instead (:func:`grundy_key`), and
    Connect Four (four in a line, any board up to 16 × 16) by chapter 6's
    bitboard solver, :class:`~coursekit.search.connect4_solver.Connect4Solver`.

    By default the value says who wins (a *weak* solve: +∞, 0 or −∞ for
    Connect Four, the game's utility in general). With ``fastest=True`` it
    is the exact score of a game that knows one (``game.score``): a sooner win
    counts more, a later loss less. For Connect Four that is Pascal Pons'
    score, ``1 + ⌊empty cells left at the end / 2⌋`` for the winner (22 − the
    winner's stones on the 6×7 board), given from MAX's side (Pons' test
    positions give it from the side to move). It takes more search.

    Parameters
    ----------
    game : Game
        A game without cycles.
    state : optional
        The starting position; ``game.initial`` when ``None``.
    symmetry : bool
        Count symmetric positions as one (table keyed by ``game.key``).
    fastest : bool
        Value sooner wins higher: the exact score (``game.score``) instead of
        who wins.
    force : bool
        Solve however long it takes. Otherwise a game whose tree is too large
        to solve in about half a minute even in the best move order is refused
        up front (:func:`~coursekit.search.core.check_whole_game`), and Connect
        Four, whose solver often proves a win in a tree of any size quickly, stops
        with a :class:`SearchError` after ``SEARCH_LIMIT`` positions.

    Returns
    -------
    Solution
        ``value`` (the root's exact value), ``move`` and ``pv`` (a line of
        perfect play), ``stats``, and exact values on demand:
        ``value_of(state)``, ``best_moves(state)``; ``len()`` and ``values``
        walk the whole state-space graph.

    Raises
    ------
    SearchError
        When ``game`` is not a game, ``state`` is not one of its positions,
        ``symmetry=True`` for a game without ``key``, ``fastest=True`` for a
        game without ``score``, or the game cycles; and, unless ``force``, for
        a game too large to solve (see ``force``).

    See Also
    --------
    tabulate : every reachable position's value by memoised minimax.
    coursekit.search.mtdf : MTD(f) to a depth limit, with a heuristic evaluation.

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> s = solve(TicTacToe())
    >>> s.value, s.move, len(s.pv)
    (0, 0, 9)
    >>> s.stats.tt_hits > 0, s.stats.nodes < 549_946
    (True, True)
    >>> len(s), len(solve(TicTacToe(), symmetry=True))   # the whole state-space graph
    (5478, 765)

    Connect Four, from a position of Pons' test set ``Test_L2_R1`` whose
    score there is 4 for the player to move, o: o wins with its 18th stone.

    >>> from coursekit.games import ConnectFour
    >>> game = ConnectFour()
    >>> position = game.from_moves("5554224333234511764415115")
    >>> solve(game, position).value, solve(game, position, fastest=True).value
    (-inf, -4)
    """
    root = _checked_root(game, state, symmetry)
    key: Callable[[Any], Hashable] = game.key if symmetry else _same  # type: ignore[attr-defined]
    if not isinstance(fastest, bool):
        raise SearchError(say("errors.search.true_or_false", name="fastest", value=fastest))
    if fastest and not callable(getattr(game, "score", None)):
        raise SearchError(say("errors.search.fastest_score", kind=type(game).__name__))
    started = time.perf_counter()
    from coursekit.games.grundy import Grundy

    if not isinstance(force, bool):
        raise SearchError(say("errors.search.true_or_false", name="force", value=force))
    if isinstance(game, ConnectFour) and game.k == 4:
        solver: Any = _ConnectFourSolver(game, root, fastest, None if force else SEARCH_LIMIT)
    elif isinstance(game, Grundy):  # a table of heaps: small however large the tree
        solver = _GrundySolver(game)
    else:
        check_whole_game(game, root, "solve", force, visits="fewest")
        solver = _Solver(game, _table_key(game, symmetry), fastest)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        try:
            value = solver.exact(root)
        except NodeLimit:
            most = f"{SEARCH_LIMIT:,}"
            raise SearchError(say("errors.search.solve_limit", game=game, limit=most)) from None
        stats = Stats(
            nodes=solver.nodes,
            leaves=solver.leaves,
            cutoffs=solver.cutoffs,
            tt_hits=solver.hits,
            tt_stores=solver.stores,
            researches=solver.passes,
            depth=solver.deepest,
            seconds=time.perf_counter() - started,
        )
        pv = solver.line(root)
    finally:
        sys.setrecursionlimit(limit)
    return Solution(value, pv, stats, game, root, symmetry, key, fastest=fastest, solver=solver)


def _checked_root(game: Any, state: Any, symmetry: bool) -> Any:
    """The position to solve from, once game and state are checked as every search checks them."""
    root = check_position(game, state)
    if symmetry and getattr(game, "key", None) is None:
        raise SearchError(say("errors.search.no_key", game=game))
    return root


def tabulate(
    game: Game, state: Any = None, *, symmetry: bool = False, fastest: bool = False
) -> dict[Hashable, float]:
    """Every position reachable from ``state`` with its exact value, by memoised minimax.

    With ``fastest=True`` finished games are valued by ``game.score`` (sooner
    wins count more), as :func:`solve` does with it.

    Each position is valued once: the first time it is met its children are
    valued (depth first, with an explicit stack, so very long games need no
    deep recursion), later meetings read the memo.

    Returns
    -------
    dict
        ``{position (or game.key(position) with symmetry): value}``.

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> len(tabulate(TicTacToe()))
    5478
    """
    setup = Search(game, state, symmetry=symmetry, algorithm="solve")
    root = setup.root
    key: Callable[[Any], Hashable] = game.key if symmetry else _same  # type: ignore[attr-defined]
    values: dict[Hashable, float] = {}
    is_terminal, actions, result, to_move, utility = (
        game.is_terminal, game.actions, game.result, game.to_move, game.utility
    )  # fmt: skip
    score = getattr(game, "score", None)
    if fastest and not callable(score):
        raise SearchError(say("errors.search.fastest_game", game=game))

    # Depth first with an explicit stack of [state, key, moves to value, best, max or min].
    stack: list[list] = []
    open_keys: set[Hashable] = set()  # the positions on the stack (a cycle would loop forever)

    def meet(state: Any) -> float | None:
        """The value when known at once (memo or finished game), else push the position."""
        k = key(state)
        if k in values:
            return values[k]
        if k in open_keys:
            raise SearchError(say("errors.search.cycle", state=state))
        if is_terminal(state):
            values[k] = score(state) if fastest else utility(state, MAX)
            return values[k]
        better = max if to_move(state) is MAX else min
        stack.append([state, k, iter(actions(state)), None, better])
        open_keys.add(k)
        return None

    meet(root)
    while stack:
        frame = stack[-1]
        state, k, todo, best, better = frame
        for a in todo:
            v = meet(result(state, a))
            if v is None:  # a new position: value it first, then come back here
                break
            frame[3] = best = v if best is None else better(best, v)
        else:
            stack.pop()
            open_keys.discard(k)
            if best is None:  # no moves in an unfinished position: as minimax values it
                best = -math.inf if better is max else math.inf
            values[k] = best
            if stack:  # hand the value to the parent
                parent = stack[-1]
                parent[3] = best if parent[3] is None else parent[4](parent[3], best)
    return values
