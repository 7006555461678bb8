"""Negamax (负极大值搜索): α-β written once, for both players, plus chapter 6's memory.

Knuth and Moore (1975) noticed that MAX-VALUE and MIN-VALUE are one function
seen from two sides. Value every node from the point of view of *the player
to move there*: then every node maximises, and a child's value is turned
into its parent's view by a minus sign, because what is good for one player
is exactly as bad for the other:

    value(n) = max over the children c of −value(c).

The window turns over too: a child is searched with (−β, −α). The course
still speaks from MAX's side, so the search converts back at the end (and in
its traces): for a node where MIN moves, MAX's value is −value(n).

The steps of NEGAMAX(s, d, α, β) (d: the plies still to search):

1. if CUTOFF-TEST(s): return the static value of s, from the mover's side;
2. (table) LOOKUP s: an entry at least d deep may answer at once, or narrow
   (α, β) (see :mod:`~coursekit.search.transposition`);
3. order the moves: previous PV move, table move, killers, history
   (see :mod:`~coursekit.search.ordering`), each only when switched on;
4. v := −∞; for each move a: v := max(v, −NEGAMAX(RESULT(s, a), d − 1, −β, −α));
   α := max(α, v); if α ≥ β: stop (a cut; the move becomes a killer and
   earns history);
5. (table) STORE v with its flag for the window searched and the best move;
6. return v (fail-soft: outside the window, v is still a bound on the right side).

With ``minimal_window=True`` step 4 becomes principal-variation search
(:func:`~coursekit.search.pvs.pvs`).

>>> from coursekit.games import GameTree
>>> from coursekit.search import minimax
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> r = negamax(tree, trace=True)
>>> r.value, r.move, r.stats.leaves, r.trace.pruned()
(3, 'B', 7, ['C2', 'C3'])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from coursekit.games.base import MAX, Game
from coursekit.search.alphabeta import ALPHA_CUT, BETA_CUT, _check_window
from coursekit.search.core import (
    Cutoff,
    Evaluate,
    Order,
    Search,
    SearchError,
    check_whole_game,
    unroll,
)
from coursekit.search.ordering import History, Killers, arrange
from coursekit.search.registry import register
from coursekit.search.result import CUTOFF, ENTER, EXIT, LEAF, Path, SearchResult
from coursekit.search.transposition import TranspositionTable, key_function
from coursekit.text import say

INF = math.inf


def _switch(value: Any, kind: type, name: str, what: str) -> Any:
    """An on/off option as a search takes it: ``True`` → a new ``kind()``, an
    instance → itself, ``None``/``False`` → ``None``; anything else is refused."""
    if value is None or value is False:
        return None
    if value is True:
        return kind()
    if isinstance(value, kind):
        return value
    raise SearchError(say("errors.search.option", name=name, what=what, value=value))


def as_table(table: Any) -> TranspositionTable | None:
    """``table`` as a search takes it: ``True`` → a new table, a table → itself, else ``None``."""
    return _switch(table, TranspositionTable, "table", "a TranspositionTable")


def as_killers(killers: Any) -> Killers | None:
    """``killers`` as a search takes it: ``True`` → new killers, :class:`Killers` → itself."""
    return _switch(killers, Killers, "killers", "Killers")


def as_history(history: Any) -> History | None:
    """``history`` as a search takes it: ``True`` → a new history, :class:`History` → itself."""
    return _switch(history, History, "history", "a History")


class Negamax:
    """One negamax α-β search set-up that can be run several times (passes share counters).

    The aspiration search and MTD(f) run it again and again on the same root
    with other windows; :meth:`run` returns MAX's value and the line, and
    :meth:`result` wraps up all runs in one :class:`SearchResult`.
    """

    def __init__(
        self,
        search: Search,
        *,
        table: TranspositionTable | None = None,
        killers: Killers | None = None,
        history: History | None = None,
        minimal_window: bool = False,
    ) -> None:
        self.search = search
        self.table = table
        self.killers = killers
        self.history = history
        self.minimal_window = minimal_window
        self.nodes = self.leaves = self.cutoffs = self.deepest = 0
        self.tt_hits = self.tt_stores = self.researches = 0
        self.fail_lows = self.fail_highs = 0

    def run(self, alpha: float = -INF, beta: float = INF, pv: Sequence = ()) -> tuple[float, list]:
        """Search the root with the window (``alpha``, ``beta``) of MAX's view.

        ``pv`` is a line to try first (the previous iteration's). Returns the
        root's fail-soft value from MAX's side and the line of best play found.
        """
        try:
            return self._run(alpha, beta, tuple(pv))
        except TypeError as error:  # a non-number from e(p), an order of the wrong shape, …
            raise self.search.explain(error) from None
        except RecursionError:
            raise SearchError(say("errors.search.recursion")) from None

    def _run(self, alpha: float, beta: float, hint: tuple) -> tuple[float, list]:
        search = self.search
        game = search.game
        cutoff_test, static_value, moves, result = (
            search.cutoff_test, search.eval, search.moves, game.result
        )  # fmt: skip
        to_move = game.to_move
        limit = search.depth
        table, killers, history = self.table, self.killers, self.history
        key = key_function(game) if table is not None else None
        ordering = bool(hint) or table is not None or killers is not None or history is not None
        minimal = self.minimal_window
        trace_ = search.trace
        traced = trace_ is not None
        line: dict[int, tuple | None] = {}
        # Tracing only: who set the α and the β (mover's view) a node at that ply holds now.
        alpha_by: dict[int, Path | None] = {-1: None}
        beta_by: dict[int, Path | None] = {-1: None}
        nodes = leaves = cutoffs = tt_hits = tt_stores = researches = 0
        deepest = self.deepest

        def view(sign: int, alpha: float, beta: float) -> tuple[float, float]:
            """The mover's window as MAX sees it."""
            return (alpha, beta) if sign > 0 else (-beta, -alpha)

        def value(
            state: Any, ply: int, alpha: float, beta: float, path: Path, on_pv: bool
        ) -> float:
            """NEGAMAX(s, α, β): steps 1–6 of the module docstring, from the mover's side."""
            nonlocal nodes, leaves, cutoffs, deepest, tt_hits, tt_stores, researches
            nodes += 1
            player = to_move(state)
            sign = 1 if player is MAX else -1
            if cutoff_test(state, ply):  # step 1
                leaves += 1
                if ply > deepest:
                    deepest = ply
                line[ply] = None
                v = static_value(state)
                if traced:
                    trace_.add(LEAF, path, player, v, *view(sign, alpha, beta))
                return sign * v
            draft = INF if limit is None else limit - ply
            table_move = None
            if table is not None:  # step 2
                k = key(state)
                if ply:
                    probe = table.lookup(k, draft, alpha, beta)
                    if probe.value is not None:  # answered: no search below
                        tt_hits += 1
                        line[ply] = None
                        if traced:
                            trace_.add(ENTER, path, player, None, *view(sign, alpha, beta))
                            trace_.add(EXIT, path, player, sign * probe.value,
                                       *view(sign, alpha, beta))  # fmt: skip
                        return probe.value
                    alpha, beta, table_move = probe.alpha, probe.beta, probe.move
                else:  # the root must choose a move: the table only suggests one
                    entry = table.entry(k)
                    table_move = None if entry is None else entry.move
            actions = moves(state)
            if ordering:  # step 3
                pv_move = hint[ply] if on_pv and ply < len(hint) else None
                actions = arrange(actions, sign > 0, ply, pv_move=pv_move, table_move=table_move,
                                  killers=killers, history=history)  # fmt: skip
            if traced:
                alpha_by[ply], beta_by[ply] = beta_by[ply - 1], alpha_by[ply - 1]
                trace_.add(ENTER, path, player, None, *view(sign, alpha, beta))
            searched_alpha = alpha
            v, best = -INF, None
            for a in actions:  # step 4
                child = result(state, a)
                child_path = (*path, a) if traced else path
                child_on_pv = on_pv and ply < len(hint) and a == hint[ply]
                if minimal and best is not None:
                    # PVS: is this move better than α? Ask with the smallest window above α.
                    w = -value(child, ply + 1, -math.nextafter(alpha, INF), -alpha, child_path,
                               child_on_pv)  # fmt: skip
                    if alpha < w < beta:  # it is: search it again for its value
                        researches += 1
                        w = -value(child, ply + 1, -beta, -alpha, child_path, child_on_pv)
                else:
                    w = -value(child, ply + 1, -beta, -alpha, child_path, child_on_pv)
                if best is None or w > v:
                    v, best = w, (a, line[ply + 1])
                    if v > alpha:
                        alpha = v
                        if traced:
                            alpha_by[ply] = path
                        if alpha >= beta:  # a cut: the opponent will not let the game come here
                            if killers is not None:
                                killers.add(ply, a)
                            if a != actions[-1]:
                                cutoffs += 1
                                if traced:
                                    cut(path, player, sign, v, alpha, beta, actions, a,
                                        beta_by[ply])  # fmt: skip
                            break
            line[ply] = best
            move = None if best is None else best[0]
            if history is not None and move is not None:
                history.add(sign > 0, move, draft)
            if table is not None:  # step 5
                table.store(k, v, depth=draft, alpha=searched_alpha, beta=beta, move=move)
                tt_stores += 1
            if traced:
                trace_.add(EXIT, path, player, sign * v, *view(sign, alpha, beta))
            return v  # step 6

        def cut(path: Path, player: Any, sign: int, v: float, alpha: float, beta: float,
                actions: Sequence, tried: Any, cause: Path | None) -> None:  # fmt: skip
            """Tracing only: the moves after ``tried`` are never generated."""
            pruned = tuple(actions[list(actions).index(tried) + 1 :])
            kind = BETA_CUT if sign > 0 else ALPHA_CUT
            trace_.add(CUTOFF, path, player, sign * v, *view(sign, alpha, beta), pruned, kind,
                       cause)  # fmt: skip

        root = search.root
        sign = 1 if to_move(root) is MAX else -1
        low, high = (alpha, beta) if sign > 0 else (-beta, -alpha)
        try:
            v = value(root, 0, low, high, (), True)
        finally:  # this run's work joins the earlier runs' (MTD(f)'s passes, re-searches)
            self.nodes += nodes
            self.leaves += leaves
            self.cutoffs += cutoffs
            self.deepest = deepest
            self.tt_hits += tt_hits
            self.tt_stores += tt_stores
            self.researches += researches
        return sign * v, unroll(line[0])

    def result(self, value: float, pv: Sequence, algorithm: str | None = None) -> SearchResult:
        """Wrap up every run so far: statistics summed, the trace of all runs."""
        r = self.search.result(
            value, pv, nodes=self.nodes, leaves=self.leaves, depth=self.deepest,
            cutoffs=self.cutoffs, tt_hits=self.tt_hits,
        )  # fmt: skip
        stats = replace(
            r.stats, tt_stores=self.tt_stores, researches=self.researches,
            fail_lows=self.fail_lows, fail_highs=self.fail_highs,
        )  # fmt: skip
        return replace(r, stats=stats, algorithm=algorithm or r.algorithm)


def prepare(
    game: Game, state: Any, *, depth: int | None, evaluate: Evaluate | None,
    cutoff: Cutoff | None, order: Order | None, symmetry: bool, trace: bool, algorithm: str,
    table: Any, killers: Any, history: Any, minimal_window: bool = False, force: bool = False,
) -> Negamax:  # fmt: skip
    """The shared set-up of the chapter-6 searches: the arguments checked, a :class:`Negamax`.

    A search to the end of the game (no ``depth``, no ``cutoff``) is first checked by
    :func:`~coursekit.search.core.check_whole_game` unless ``force`` is True.
    """
    search = Search(game, state, depth=depth, evaluate=evaluate, cutoff=cutoff, order=order,
                    symmetry=symmetry, trace=trace, algorithm=algorithm)  # fmt: skip
    if depth is None and cutoff is None:
        name = {"PVS": "pvs", "MTD(f)": "mtdf"}.get(algorithm, algorithm)
        check_whole_game(game, search.root, name, force)
    return Negamax(
        search, table=as_table(table), killers=as_killers(killers), history=as_history(history),
        minimal_window=minimal_window,
    )  # fmt: skip


@register(
    "negamax",
    chapter=6,
    description="α-β from the mover's side: value = max of the children's negated values",
)
def negamax(
    game: Game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    cutoff: Cutoff | None = None,
    order: Order | None = None,
    symmetry: bool = False,
    alpha: float = -INF,
    beta: float = INF,
    table: bool | TranspositionTable | None = None,
    killers: bool | Killers | None = None,
    history: bool | History | None = None,
    pv: Sequence = (),
    trace: bool = False,
    force: bool = False,
) -> SearchResult:
    """Search ``game`` from ``state`` by negamax with α-β pruning (fail-soft).

    Parameters
    ----------
    game, state, depth, evaluate, cutoff, order, symmetry :
        As for :func:`~coursekit.search.minimax`.
    alpha, beta :
        The root's window, from MAX's side (−∞, +∞: the exact value).
    table : bool or TranspositionTable, optional
        ``True``: remember positions in a new transposition table for this
        search; a :class:`~coursekit.search.TranspositionTable`: use (and fill)
        that one, e.g. across the iterations of iterative deepening. An entry
        answers a node only when it was searched at least as deep as the node
        needs now; a table kept from a *deeper* search of the same positions
        may thus answer with the deeper (better informed) value, which can
        differ from a fixed-depth minimax value.
    killers : bool or Killers, optional
        Try each ply's killer moves early (``True``: new ones).
    history : bool or History, optional
        Order the other moves by history score (``True``: a new history).
    pv : sequence of moves
        A line to try first (the previous iteration's principal variation).
    trace : bool
        Record the search's events, values and windows from MAX's side; a
        node answered from the table is an ``enter`` followed by an ``exit``.
    force : bool
        Search to the end of the game even when that is estimated to take
        hours (see :func:`~coursekit.search.core.check_whole_game`).

    Returns
    -------
    SearchResult
        Value from MAX's side, best move and line; ``stats`` counts ``tt_hits``
        (nodes answered by the table) and ``tt_stores`` too.

    Raises
    ------
    SearchError
        For a bad depth, window, table, killers or history, a depth limit
        without e(p), or a tree deeper than the recursion limit; for an e(p)
        that returns NaN or a non-number, or an ``order`` that is not
        ``order(state, actions)``; and, up front, for a search of a whole game
        too large to finish (pass ``depth``, or ``force=True``).

    See Also
    --------
    coursekit.search.alphabeta : the same search written for MAX and MIN apart.
    coursekit.search.pvs.pvs, coursekit.search.mtdf.mtdf : minimal windows.

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> plain, remembering = negamax(TicTacToe()), negamax(TicTacToe(), table=True)
    >>> plain.value, remembering.value, remembering.stats.nodes < plain.stats.nodes / 10
    (0, 0, True)
    """
    _check_window(alpha, beta)
    engine = prepare(
        game, state, depth=depth, evaluate=evaluate, cutoff=cutoff, order=order,
        symmetry=symmetry, trace=trace, algorithm="negamax", table=table, killers=killers,
        history=history, force=force,
    )  # fmt: skip
    value, line = engine.run(alpha, beta, pv)
    return engine.result(value, line)


negamax.takes_ordering = True  # type: ignore[attr-defined]  # iterative deepening may pass tables
