"""Aspiration search (渴望搜索): start with a small window around a guess, widen it on failure.

α-β with the window (−∞, +∞) only learns its bounds as it goes. A window
around a good guess of the value cuts from the very first node. The guess
usually comes from the previous iteration of iterative deepening (the value
at depth d − 1 guesses the value at depth d).

The steps of ASPIRATION(s, guess, δ):

1. (α, β) := (guess − δ, guess + δ) (the full window when the guess is ±∞);
2. v := α-β(s, α, β), fail-soft;
3. if α < v < β (or v = ±∞, which no window can improve): return v;
4. fail low (v ≤ α): the true value is at most v: search again with
   (−∞, v⁺) and go to 3;
5. fail high (v ≥ β): the true value is at least v: search again with
   (v⁻, +∞) and go to 3.

v⁺ and v⁻ are the floating-point numbers just above and below v, so that v
itself lies inside the new window. The textbook re-searches with (−∞, α)
after a fail low and (β, +∞) after a fail high; fail-soft bounds v give a
narrower window, and the second search can no longer fail, so a move costs
at most three searches. Every failure is counted (``stats.fail_lows``,
``stats.fail_highs``, ``stats.researches``).

>>> from coursekit.games import GameTree
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> r = aspiration(tree, guess=10, window=1)
>>> r.value, r.move, r.stats.fail_lows, r.stats.researches
(3, 'B', 1, 1)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from numbers import Real
from typing import Any

from coursekit.games.base import Game
from coursekit.search.core import SearchError
from coursekit.search.negamax import negamax
from coursekit.search.registry import register
from coursekit.search.result import SearchResult, Stats
from coursekit.text import say

INF = math.inf


def _number(name: str, x: Any, *, positive: bool = False) -> float:
    if isinstance(x, bool) or not isinstance(x, Real) or math.isnan(x):
        raise SearchError(say("errors.search.number", name=name, value=x))
    if positive and not (x > 0):
        raise SearchError(say("errors.search.positive", name=name, value=x))
    return x


@register(
    "aspiration",
    chapter=6,
    description="α-β in a small window around a guess, searched again when it fails",
)
def aspiration(
    game: Game,
    state: Any = None,
    *,
    guess: float = 0,
    window: float = 1,
    search: Callable[..., SearchResult] | None = None,
    **options: Any,
) -> SearchResult:
    """Search with the window (guess − window, guess + window); widen and repeat on failure.

    Parameters
    ----------
    game, state :
        What to search.
    guess : float
        The expected value, from MAX's side (e.g. the previous iteration's).
    window : float
        δ > 0, half the width of the first window.
    search : function, optional
        A fail-soft search taking ``alpha`` and ``beta`` (default
        :func:`~coursekit.search.negamax.negamax`; :func:`~coursekit.search.pvs.pvs`
        works too, and α-β with ``fail_soft=True``).
    **options :
        Passed to every search (``depth``, ``evaluate``, ``table``, ``trace``, …).

    Returns
    -------
    SearchResult
        The value and move of the last (successful) search; ``stats`` sums
        every search and counts the failures. The trace, when asked for, is the
        last search's.

    Raises
    ------
    SearchError
        When ``guess`` or ``window`` is not a number (``window`` must be > 0),
        or as the search raises.

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> r = aspiration(TicTacToe(), guess=0.5, window=0.25, table=True)
    >>> r.value, r.stats.fail_lows + r.stats.fail_highs
    (0, 1)
    """
    guess = _number("guess", guess)
    window = _number("window", window, positive=True)
    if search is None:
        search = negamax
    if math.isinf(guess):
        alpha, beta = -INF, INF
    else:
        alpha, beta = guess - window, guess + window
        if not alpha < beta:  # a window too small to be seen next to a large guess
            alpha, beta = math.nextafter(guess, -INF), math.nextafter(guess, INF)
    total = Stats()
    while True:
        result = search(game, state, alpha=alpha, beta=beta, **options)
        total = _add(total, result.stats)
        v = result.value
        if v <= alpha and alpha > -INF and v > -INF:  # fail low: the value is at most v
            total = replace(total, fail_lows=total.fail_lows + 1, researches=total.researches + 1)
            alpha, beta = -INF, math.nextafter(v, INF)
        elif v >= beta and beta < INF and v < INF:  # fail high: the value is at least v
            total = replace(total, fail_highs=total.fail_highs + 1, researches=total.researches + 1)
            alpha, beta = math.nextafter(v, -INF), INF
        else:
            return replace(result, stats=replace(total, seconds=total.seconds),
                           algorithm=f"aspiration ({result.algorithm})")  # fmt: skip


def _add(a: Stats, b: Stats) -> Stats:
    """Two searches' work together (depth: the deeper)."""
    return Stats(
        nodes=a.nodes + b.nodes, leaves=a.leaves + b.leaves, cutoffs=a.cutoffs + b.cutoffs,
        tt_hits=a.tt_hits + b.tt_hits, depth=max(a.depth, b.depth),
        seconds=a.seconds + b.seconds, tt_stores=a.tt_stores + b.tt_stores,
        researches=a.researches + b.researches, fail_lows=a.fail_lows + b.fail_lows,
        fail_highs=a.fail_highs + b.fail_highs,
    )  # fmt: skip
