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
by ordering each iteration's moves by what the previous one found.

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
from coursekit.search.core import Evaluate, Order, SearchError
from coursekit.search.registry import get, register
from coursekit.search.result import SearchResult

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
    ``stats.nodes`` counts the nodes of every iteration, the unfinished last
    one included; ``stats.seconds`` is the whole run's time.
    """

    iterations: tuple[Iteration, ...] = ()
    """Every finished iteration, shallowest first."""

    timed_out: bool = False
    """True when the clock stopped an iteration before it finished."""


def _default_search() -> SearchFunction:
    try:
        return get("alpha-beta").function
    except KeyError:
        return get("minimax").function


@register("iterative deepening", chapter=5, description="depth 1, 2, 3, … until the time is up")
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
        clock runs out. ``None``: no clock.
    max_depth : int, optional
        The deepest iteration; ``None``: go on until the tree is exhausted.
        ``depth`` is accepted as another name for it (the explorers pass it).
    evaluate, order, trace, **options :
        Passed to every iteration's search (``evaluate`` is e(p) at the cut-off).

    Returns
    -------
    DeepeningResult
        The deepest finished iteration's value, move and principal variation,
        with ``depth_limit`` the depth reached and ``iterations`` the record.

    Raises
    ------
    SearchError
        When ``seconds`` is not a positive number, ``max_depth`` not a
        positive whole number, or ``search`` not a search.

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
            raise SearchError(f"give max_depth or depth, not both ({max_depth} and {depth})")
        max_depth = depth
    search = _resolve(search)
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
    ):
        raise SearchError(f"seconds must be a positive number of seconds, got {seconds!r}")
    if max_depth is not None and (
        isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1
    ):
        raise SearchError(f"max_depth must be a whole number >= 1, got {max_depth!r}")
    started = time.perf_counter()
    deadline = math.inf if seconds is None else started + seconds

    def clock(state: Any, ply: int) -> bool:
        if time.perf_counter() > deadline:
            raise _OutOfTime
        return False

    best: SearchResult | None = None
    iterations: list[Iteration] = []
    nodes = 0
    timed_out = False
    d = 1
    while True:
        began = time.perf_counter()
        try:
            result = search(
                game, state, depth=d, evaluate=evaluate, order=order, trace=trace,
                cutoff=None if d == 1 else clock, **options,
            )  # fmt: skip
        except _OutOfTime:
            timed_out = True
            break
        nodes += result.stats.nodes
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
    stats = replace(best.stats, nodes=nodes, seconds=time.perf_counter() - started)
    fields = {
        name: getattr(best, name) for name in ("value", "pv", "trace", "game", "state")
    }
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
        raise SearchError(f"search must be a search function or its name, got {search!r}")
    return search
