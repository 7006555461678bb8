"""Iterative deepening (迭代加深): search to depth 1, then 2, then 3, … until the time is up.

A program that must move within a time limit cannot know in advance how deep
it can search. Iterative deepening does not guess: it runs a complete
depth-limited search to depth 1, then to depth 2, and so on, and when the
clock runs out in the middle of an iteration it throws that unfinished
search away and plays the best move of the deepest *finished* one. It is an
*anytime* algorithm: stopped at any moment, it has an answer.

The repeated shallow searches cost little: with b moves per position the
last iteration alone searches about b^d nodes and all the earlier ones
together about b^d / (b − 1) more. Chapter 6 makes them pay for themselves
by ordering each iteration's moves by what the previous one found. Each of
chapter 6's enhancements is a keyword flag of its own, so that its effect can
be measured alone (``bench/enhancements.py``):

- ``pv_first=True``: try the previous iteration's principal variation first;
- ``table=True`` (or a :class:`~coursekit.search.TranspositionTable`): keep one
  transposition table for all iterations; its entries answer transpositions
  and its best moves are tried first;
- ``killers=True``: killer moves per ply, kept from one iteration to the next;
- ``history=True``: the history heuristic, scores kept across iterations;
- ``aspiration=δ``: search each iteration after the first with the window
  (v − δ, v + δ) around the previous iteration's value v, again on failure.

With any of them the iterations are searched by negamax (or ``search="PVS"``).

Steps
    1. d ← 1.
    2. Search to depth d with the chosen algorithm (α-β by default).
       If the clock runs out during the search, stop and go to 4.
    3. Keep the result of depth d. If the tree below the root is exhausted
       (no position was cut off at depth d), a win or loss is proven, or d is
       the depth limit, go to 4. Otherwise d ← d + 1 and go to 2.
    4. Answer with the result of the deepest finished iteration.

>>> from coursekit.games import TicTacToe
>>> from coursekit.search import minimax
>>> r = iterative_deepening(TicTacToe(), search=minimax, max_depth=3)
>>> r.depth_limit, [i.depth for i in r.iterations], r.value == minimax(TicTacToe(), depth=3).value
(3, [1, 2, 3], True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from coursekit.games.base import Game
from coursekit.search.aspiration import _number
from coursekit.search.aspiration import aspiration as run_aspiration
from coursekit.search.core import Evaluate, Order, SearchError, check_position, check_whole_game
from coursekit.search.negamax import as_history, as_killers, as_table, negamax
from coursekit.search.registry import get
from coursekit.search.result import SearchResult
from coursekit.search.transposition import TranspositionTable
from coursekit.text import say

SearchFunction = Callable[..., SearchResult]


class _OutOfTime(Exception):
    """Raised inside a search when the clock has run out (never leaves this module)."""


@dataclass(frozen=True)
class Iteration:
    """One finished depth-limited search of an iterative deepening run."""

    depth: int
    """The depth limit of this iteration."""

    value: float
    """The backed-up value (MAX's point of view)."""

    move: Any
    """The best move at the root."""

    nodes: int
    """The nodes this iteration searched."""

    seconds: float
    """How long this iteration took."""


@dataclass(frozen=True)
class DeepeningResult(SearchResult):
    """A :class:`SearchResult` from the deepest finished iteration, with the whole run's record.

    ``depth_limit`` is the depth of that iteration (the depth reached);
    ``stats.nodes`` (and the table and re-search counts) add up every finished
    iteration — an iteration abandoned when the clock ran out is not counted —
    and ``stats.seconds`` is the whole run's time, the abandoned iteration's included.
    """

    iterations: tuple[Iteration, ...] = ()
    """Every finished iteration, shallowest first."""

    timed_out: bool = False
    """True when the clock stopped an iteration before it finished."""


_SUMMED = ("nodes", "tt_hits", "tt_stores", "researches", "fail_lows", "fail_highs")
"""Statistics summed over the finished iterations (the others are the deepest one's)."""


# Not in the registry of tree searches: it drives one (depth 1, 2, 3, …) and needs an
# evaluation at every depth limit, which the explorers' textbook trees do not have.


def _default_search() -> SearchFunction:
    try:
        return get("alpha-beta").function
    except KeyError:
        return get("minimax").function


def iterative_deepening(
    game: Game,
    state: Any = None,
    *,
    search: SearchFunction | str | None = None,
    seconds: float | None = None,
    max_depth: int | None = None,
    evaluate: Evaluate | None = None,
    order: Order | None = None,
    depth: int | None = None,
    trace: bool = False,
    pv_first: bool = False,
    table: bool | TranspositionTable | None = None,
    killers: bool = False,
    history: bool = False,
    aspiration: float | None = None,
    force: bool = False,
    **options: Any,
) -> DeepeningResult:
    """Search deeper and deeper until ``seconds`` are spent or ``max_depth`` is searched.

    Parameters
    ----------
    game, state :
        What to search (``game.initial`` when ``state`` is ``None``).
    search : function or name, optional
        The depth-limited search of each iteration: a registered name
        (``"alpha-beta"``, ``"minimax"``) or a function with the search call
        shape; α-β when available, else minimax.
    seconds : float, optional
        The time budget. The first iteration (depth 1) always finishes, so a
        legal move is always returned; later iterations are abandoned when the
        clock runs out. ``None`` (or ``math.inf``): no clock.
    max_depth : int, optional
        The deepest iteration; ``None``: go on until the tree is exhausted.
        ``depth`` is accepted as another name for it (the explorers pass it).
        With neither a clock nor a deepest iteration the run is checked up
        front as a search of the whole game (:func:`~coursekit.search.core.check_whole_game`).
    evaluate, order, trace, **options :
        Passed to every iteration's search (``evaluate`` is e(p) at the cut-off).
    pv_first, table, killers, history, aspiration :
        Chapter 6's enhancements, each on its own (see the module docstring);
        all off by default. They need a search that takes them: negamax (the
        default when one is on) or PVS.
    force : bool
        Run without a clock or a deepest iteration even when going on until the
        tree is exhausted is estimated to take hours.

    Returns
    -------
    DeepeningResult
        The deepest finished iteration's value, move and principal variation,
        with ``depth_limit`` the depth reached and ``iterations`` the record.

    Raises
    ------
    SearchError
        When ``seconds`` is not a positive number, ``max_depth`` not a
        positive whole number, ``search`` not a search, ``aspiration`` not a
        number > 0, or an enhancement asked of a search that cannot use it;
        and, up front, when neither ``seconds`` nor ``max_depth`` bounds a run
        on a game too large to search to the end (unless ``force=True``).

    See Also
    --------
    coursekit.search.quiescence.quiescent : a cut-off that looks further at noisy positions.

    Examples
    --------
    >>> from coursekit.games import ConnectFour
    >>> r = iterative_deepening(ConnectFour(rows=4, cols=5, k=4), seconds=0.2)
    >>> r.depth_limit >= 1 and r.move in range(5)
    True
    """
    if depth is not None:
        if max_depth is not None and max_depth != depth:
            raise SearchError(say("errors.search.depth_twice", max_depth=max_depth, depth=depth))
        max_depth = depth
    enhanced = bool(pv_first or killers or history or aspiration is not None) or (
        table is not None and table is not False
    )
    if enhanced and search is None:
        search = negamax
    search = _resolve(search)
    extra: dict[str, Any] = {}
    if enhanced:
        if not getattr(search, "takes_ordering", False):
            name = getattr(search, "__name__", search)
            raise SearchError(say("errors.search.needs_ordering", search=name))
        extra = {"table": as_table(table), "killers": as_killers(killers),
                 "history": as_history(history)}  # fmt: skip
        if aspiration is not None:
            _number("aspiration", aspiration, positive=True)
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
    ):
        raise SearchError(say("errors.search.seconds", seconds=seconds))
    if seconds == math.inf:
        seconds = None  # no clock at all
    if max_depth is not None and (
        isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1
    ):
        raise SearchError(
            say("errors.search.whole_at_least", name="max_depth", least=1, value=max_depth)
        )
    if seconds is None and max_depth is None:  # nothing stops it before the tree is exhausted
        check_whole_game(game, check_position(game, state), "iterative_deepening", force)
    started = time.perf_counter()
    deadline = math.inf if seconds is None else started + seconds

    def clock(state: Any, ply: int) -> bool:
        if time.perf_counter() > deadline:
            raise _OutOfTime
        return False

    best: SearchResult | None = None
    searched: list[SearchResult] = []  # every finished iteration's result
    iterations: list[Iteration] = []
    timed_out = False
    d = 1
    while True:
        began = time.perf_counter()
        if pv_first and best is not None:
            extra["pv"] = best.pv
        try:
            if aspiration is not None and best is not None:
                result = run_aspiration(
                    game, state, guess=best.value, window=aspiration, search=search, depth=d,
                    evaluate=evaluate, order=order, trace=trace, cutoff=clock, **extra,
                    **options,
                )  # fmt: skip
            else:
                result = search(
                    game, state, depth=d, evaluate=evaluate, order=order, trace=trace,
                    cutoff=None if d == 1 else clock, **extra, **options,
                )  # fmt: skip
        except _OutOfTime:
            timed_out = True
            break
        searched.append(result)
        best = result
        iterations.append(
            Iteration(d, result.value, result.move, result.stats.nodes, time.perf_counter() - began)
        )
        exhausted = result.stats.depth < d  # no line reached the depth limit: nothing deeper
        if exhausted or math.isinf(result.value) or d == max_depth:
            break
        if time.perf_counter() >= deadline:
            timed_out = True
            break
        d += 1
    assert best is not None  # depth 1 is never abandoned
    stats = replace(
        best.stats, seconds=time.perf_counter() - started,
        **{name: sum(getattr(r.stats, name) for r in searched) for name in _SUMMED},
    )  # fmt: skip
    fields = {name: getattr(best, name) for name in ("value", "pv", "trace", "game", "state")}
    return DeepeningResult(
        **fields,
        stats=stats,
        algorithm=f"iterative deepening ({best.algorithm})",
        depth_limit=best.depth_limit,
        iterations=tuple(iterations),
        timed_out=timed_out,
    )


def _resolve(search: SearchFunction | str | None) -> SearchFunction:
    if search is None:
        return _default_search()
    if isinstance(search, str):
        try:
            return get(search).function
        except KeyError as error:
            raise SearchError(str(error.args[0])) from None
    if not callable(search):
        raise SearchError(say("errors.search.search_function", search=search))
    return search
