"""MTD(f) (Plaat et al., about 1995): find the value by zero-window searches with memory.

A zero-window α-β search answers one yes/no question — "is the value at
least β?" — and cuts far more than a wide window. MTD(f), the
*Memory-enhanced Test Driver* starting from a guess f, finds the exact value
by asking such questions one after another, each answer moving a lower or
an upper bound, until they meet. A transposition table is what makes it
fast: each pass finds most of the tree it needs in the table, with the
bounds the earlier passes left there.

The steps of MTD(s, f):

1. g := f; lower := −∞; upper := +∞;
2. β := g⁺ if g = lower, else g (g⁺: the number just above g, g + 1 for whole numbers);
3. g := α-β(s, β⁻, β) — the zero window just below β, fail-soft, with the table;
4. if g < β: upper := g (a *fail low*: the value is at most g),
   else lower := g (a *fail high*: the value is at least g);
5. if lower < upper go to 2; else return g.

The best move is the one found by the last pass that failed high *for the
player to move at the root* (a fail high when MAX moves there, a fail low
when MIN does): that pass proved the move at least as good as the bound that
became the value. Driven by
iterative deepening (:func:`mtdf` with ``deepening=True``), the value found
at depth d − 1 is the first guess at depth d, and the table carries the
moves and bounds from one depth to the next.

>>> from coursekit.games import GameTree
>>> r = mtdf(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), guess=0)
>>> r.value, r.move, r.stats.fail_highs, r.stats.fail_lows
(3, 'B', 1, 1)
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from coursekit.games.base import MAX, Game
from coursekit.search.aspiration import _add, _number
from coursekit.search.core import Cutoff, Evaluate, Order, SearchError
from coursekit.search.negamax import Negamax, as_history, as_killers, as_table, prepare
from coursekit.search.ordering import History, Killers
from coursekit.search.registry import register
from coursekit.search.result import SearchResult, Stats
from coursekit.search.transposition import TranspositionTable
from coursekit.text import say

INF = math.inf


def mtd(engine: Negamax, guess: float) -> tuple[float, list]:
    """Steps 1–5 for one depth: the root's value from MAX's side and the best line."""
    search = engine.search
    max_moves = search.game.to_move(search.root) is MAX
    g, lower, upper = guess, -INF, INF
    line: list = []
    while lower < upper:
        beta = math.nextafter(g, INF) if g == lower else g  # step 2
        v, found = engine.run(math.nextafter(beta, -INF), beta)  # step 3
        if v < beta:  # step 4
            upper = v
            engine.fail_lows += 1
        else:
            lower = v
            engine.fail_highs += 1
        # The pass in which the player to move at the root failed high proved its move
        # (MAX's fail high, MIN's fail low); before one, keep any legal line.
        if (v >= beta) == max_moves or not line:
            line = found
        g = v
    return g, line


@register(
    "MTD(f)",
    chapter=6,
    description="zero-window α-β with a transposition table, bounds closing in on the value",
)
def mtdf(
    game: Game,
    state: Any = None,
    *,
    depth: int | None = None,
    guess: float = 0,
    deepening: bool = True,
    evaluate: Evaluate | None = None,
    cutoff: Cutoff | None = None,
    order: Order | None = None,
    symmetry: bool = False,
    table: bool | TranspositionTable | None = True,
    killers: bool | Killers | None = None,
    history: bool | History | None = None,
    trace: bool = False,
    force: bool = False,
) -> SearchResult:
    """Search ``game`` from ``state`` by MTD(f): zero-window passes until the bounds meet.

    Parameters
    ----------
    game, state, depth, evaluate, cutoff, order, symmetry :
        As for :func:`~coursekit.search.minimax`.
    guess : float
        The first guess f of the value, from MAX's side.
    deepening : bool
        With a ``depth``: run MTD(f) at depths 1, 2, …, ``depth``, each guessing
        the previous depth's value (sharing the table). Without a depth the
        search goes to the end of the game in one MTD(f).
    table : bool or TranspositionTable
        The memory (``True``: a new table, the default; ``False``: none —
        correct, but each pass searches again what the last one saw).
    killers, history, force :
        As for :func:`~coursekit.search.negamax.negamax`.
    trace : bool
        Record the last depth's passes, one after the other.

    Returns
    -------
    SearchResult
        Value (MAX's side), best move and line; ``stats`` sums every pass of
        every depth: ``fail_highs`` and ``fail_lows`` count the passes.

    Raises
    ------
    SearchError
        When ``guess`` is not a number, or as :func:`~coursekit.search.negamax.negamax`.

    See Also
    --------
    coursekit.search.pvs.pvs : minimal windows below a full-window first move.

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> r = mtdf(TicTacToe(), guess=1)
    >>> r.value, r.stats.fail_lows >= 1
    (0, True)
    """
    g = _number("guess", guess)
    tt, ks, hs = as_table(table), as_killers(killers), as_history(history)
    if not isinstance(deepening, bool):
        raise SearchError(say("errors.search.true_or_false", name="deepening", value=deepening))
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)):
        raise SearchError(say("errors.search.depth_type", depth=depth))
    depths = [depth] if depth is None or not deepening else list(range(1, depth + 1)) or [0]
    total = Stats()
    result = None
    for d in depths:
        engine = prepare(
            game, state, depth=d, evaluate=evaluate, cutoff=cutoff, order=order,
            symmetry=symmetry, trace=trace and d == depths[-1], algorithm="MTD(f)", table=tt,
            killers=ks, history=hs, force=force,
        )  # fmt: skip
        g, line = mtd(engine, g)
        result = engine.result(g, line)
        total = _add(total, result.stats)
    assert result is not None
    return replace(result, stats=total)
