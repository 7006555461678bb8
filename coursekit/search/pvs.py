"""Principal-variation search (PVS, 极小窗口搜索): prove the other moves worse with minimal windows.

With good move ordering the first move searched at a node is usually the
best. PVS trusts that: it searches the first move with the full window
(α, β), and asks of each later move only "is it better than α?" with a
*minimal* (zero) window (α, α⁺), which cuts far more than a wide window.
Only a move that answers "yes" is searched again, with the full window, for
its value.

The steps of PVS(s, α, β), in negamax form:

1. if CUTOFF-TEST(s): return the static value of s (the mover's side);
2. (table) LOOKUP s as negamax does;
3. search the first move with (α, β): v := −PVS(first child, −β, −α); α := max(α, v);
4. for each other move c:
   a. w := −PVS(c, −α⁺, −α) — the minimal window above α;
   b. if α < w < β: the move is better than α: search it again,
      w := −PVS(c, −β, −α) (counted in ``stats.researches``);
   c. v := max(v, w); α := max(α, v); if α ≥ β: stop (a cut);
5. (table) STORE v; return v.

α⁺ is the number just above α: α + 1 when values are whole numbers, as in
the textbook window (v, v + 1); for any real values coursekit uses the next
floating-point number after α (``math.nextafter``), so no value can fall
strictly between α and α⁺ and the test is exact.

>>> from coursekit.games import GameTree
>>> r = pvs(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> r.value, r.move
(3, 'B')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from coursekit.games.base import Game
from coursekit.search.alphabeta import _check_window
from coursekit.search.core import Cutoff, Evaluate, Order
from coursekit.search.negamax import prepare
from coursekit.search.ordering import History, Killers
from coursekit.search.registry import register
from coursekit.search.result import SearchResult
from coursekit.search.transposition import TranspositionTable

INF = math.inf


@register(
    "PVS",
    chapter=6,
    description="principal-variation search: minimal windows after the first move",
)
def pvs(
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
    """Search ``game`` from ``state`` by principal-variation search (fail-soft negamax α-β).

    Parameters
    ----------
    game, state, depth, evaluate, cutoff, order, symmetry, alpha, beta,
    table, killers, history, pv, trace, force :
        As for :func:`~coursekit.search.negamax.negamax`.

    Returns
    -------
    SearchResult
        The value from MAX's side, best move and line; ``stats.researches``
        counts the moves searched again after their minimal window failed high.

    Raises
    ------
    SearchError
        As :func:`~coursekit.search.negamax.negamax`.

    See Also
    --------
    coursekit.search.negamax.negamax, coursekit.search.mtdf.mtdf

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> from coursekit.search import alphabeta
    >>> r = pvs(TicTacToe(), table=True)
    >>> r.value, r.stats.researches > 0, r.stats.nodes < alphabeta(TicTacToe()).stats.nodes
    (0, True, True)
    """
    _check_window(alpha, beta)
    engine = prepare(
        game, state, depth=depth, evaluate=evaluate, cutoff=cutoff, order=order,
        symmetry=symmetry, trace=trace, algorithm="PVS", table=table, killers=killers,
        history=history, minimal_window=True, force=force,
    )  # fmt: skip
    value, line = engine.run(alpha, beta, pv)
    return engine.result(value, line)


pvs.takes_ordering = True  # type: ignore[attr-defined]
