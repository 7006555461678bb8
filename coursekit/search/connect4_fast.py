"""Connect4Solver's fast path: chapter 6's search with less work at every position.

:meth:`Connect4Solver._build <coursekit.search.connect4_solver.Connect4Solver._build>`
is the form chapter 6 reads: each enhancement a switch. With every enhancement
on — the default, and what :func:`coursekit.search.solve` uses — the solver
runs this module's search instead. It visits the same positions in the same
order, stores the same bounds and gives the same scores
(``tests/search/test_connect4_fast.py`` compares the two on random positions,
node for node). In CPython every operation on an integer costs a few hundred
machine instructions whatever it does, and most of a position's cost was
finding threats, so the changes cut operations:

1. **Null windows only.** With null windows every search asks "is the score
   above α?", the window (α, α + 1): β is not passed, and each bound test is one
   comparison.
2. **Tables by move number.** The bounds from the clock (lost with the next
   stone, won at best with the stone after next) are read from lists indexed by
   the number of stones, not computed.
3. **Threats in four directions at once** (:func:`region_threat_finder`): one
   multiplication copies a bitboard into four regions of one integer, each
   shifted along its own direction, so six multiplications and a dozen ANDs
   and ORs replace the thirty shifts of ``threat_finder``.
4. **A position's moves from a table.** The moves of a set of playable cells,
   centre first, are computed once and kept in a dictionary keyed by the set.
5. **The move order by the cheaper of two ways**: with at most
   :data:`FEW_MOVES` moves, each move's threats by the four-region finder; with
   more, chapter 6's one call of ``threat_finder`` on all boards side by side.
6. **The refutation's column kept** beside the bounds, so that a line of perfect
   play can be read from the table after a solve
   (:meth:`~coursekit.search.connect4_solver.Connect4Solver.principal_variation`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

from coursekit.search.connect4_threats import region_threat_finder, threat_finder
from coursekit.search.core import SearchError
from coursekit.text import say

FEW_MOVES = 3
"""Up to this many moves, each move's threats are found on its own board (step 5)."""

CACHE_LIMIT = 200_000
"""Playable sets kept in the move table before it is cleared (step 4); 6×7 has 823,543."""


class NodeLimit(SearchError):
    """A solve stopped because it visited more positions than its ``max_nodes``."""


def fast_search(solver: Any) -> Callable[[int, int, int, int], int]:
    """The root search of a :class:`~coursekit.search.connect4_solver.Connect4Solver` with
    every enhancement on, by this module's negamax.

    Returns a function ``root(mine, taken, low, high)`` that answers as the one
    ``Connect4Solver._build`` returns: the score s of the player to move when
    low ≤ s ≤ high, else a bound beyond.
    """
    ranked = _move_orderer(solver)
    negamax, begin, visited = _null_window_negamax(solver, ranked)

    def root(mine: int, taken: int, low: int, high: int) -> int:
        begin()
        solver.probes = 0
        try:
            score, low, high, threats = solver._decided(mine, taken, low, high)
            if score is not None:
                return score
            moves = taken.bit_count()

            def probe(g: int) -> int:
                solver.probes += 1
                return negamax(mine, taken, moves, threats, g)

            return solver.bisect(probe, low, high)
        finally:
            solver.nodes = visited()

    return root


def _null_window_negamax(solver: Any, ranked: Callable) -> tuple[Callable, ...]:
    """Steps 1, 2 and 6: negamax(mine, taken, moves, threats, α) for the window (α, α + 1).

    Returns it with ``begin()``, which starts a solve (counters, the table's
    generation, the node limit as it is now), and ``visited()``, the nodes so far.
    """
    rows, cols = solver.rows, solver.cols
    cells, h = rows * cols, rows + 1
    bottom = sum(1 << (c * h) for c in range(cols))
    board = bottom * ((1 << rows) - 1)
    lost = [-((cells - moves) // 2) for moves in range(cells + 1)]  # with their next stone
    worst_of = [-((cells - 2 - moves) // 2) for moves in range(cells + 1)]  # …the one after
    best_of = [(cells - 1 - moves) // 2 for moves in range(cells + 1)]  # with our stone after next
    size, (keys, lows, highs), columns = solver.table_size, solver._table, solver._best
    nodes = salt = 0
    limit = 1 << 62

    def negamax(mine: int, taken: int, moves: int, threats: int, alpha: int) -> int:
        """The score if it is above α (a lower bound), else an upper bound ≤ α."""
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            raise NodeLimit(say("errors.search.connect4.node_limit", limit=f"{limit:,}"))
        playable = (taken + bottom) & board
        forced = playable & threats
        if forced:
            if forced & (forced - 1):  # two of their threats to block: lost
                return lost[moves]
            playable = forced
        playable &= ~(threats >> 1)  # never just below a cell where they win
        if not playable:  # every move lets them win at once
            return lost[moves]
        if moves >= cells - 2:  # two stones left and neither can win: a draw
            return 0
        worst, best = worst_of[moves], best_of[moves]
        key = mine + taken + salt
        i = key % size
        if keys[i] == key:  # bounds proven before
            if lows[i] > worst:
                worst = lows[i]
            if highs[i] < best:
                best = highs[i]
        if worst > alpha:
            return worst
        if best <= alpha:
            return best
        theirs = mine ^ taken
        for _, move, after, column in ranked(mine, taken, playable):
            score = -negamax(theirs, taken | move, moves + 1, after, -1 - alpha)
            if score > alpha:  # a refutation: a lower bound, and the move that proves it
                if keys[i] != key:
                    keys[i], highs[i] = key, cells
                lows[i], columns[i] = score, column
                return score
        if keys[i] != key:  # every move searched: an upper bound
            keys[i], lows[i] = key, -cells
        highs[i] = alpha
        return alpha

    def begin() -> None:
        nonlocal nodes, salt, limit
        nodes, salt = 0, solver._generation << solver._key_bits
        limit = solver.max_nodes or 1 << 62  # as it is now: a caller may change it

    return negamax, begin, lambda: nodes


def _move_orderer(solver: Any) -> Callable[[int, int, int], list]:
    """Steps 3–5: ``ranked(mine, taken, playable)``, the moves best first.

    Each entry is ``(sort key, move, threats after it, column)``: the most
    threats first, then the column nearest the centre, as chapter 6 orders them.
    """
    rows, cols, width = solver.rows, solver.cols, solver.width
    h = rows + 1
    board = sum(1 << (c * h) for c in range(cols)) * ((1 << rows) - 1)
    middle = (cols - 1) / 2
    centre_first = sorted(range(cols), key=lambda c: (abs(c - middle), c))
    in_column = [((1 << rows) - 1) << (c * h) for c in centre_first]
    slot = (1 << width) - 1
    copies = sum(1 << (width * j) for j in range(cols))  # a board times this: cols copies
    one_column_each = sum(column << (width * j) for j, column in enumerate(in_column))
    threats, alone = threat_finder(rows, cols), region_threat_finder(rows, cols)
    table: dict[int, tuple] = {}

    def moves_of(playable: int) -> tuple:
        """(15 − rank from the centre, move, board offset, column) of each move, centre first."""
        if len(table) >= CACHE_LIMIT:
            table.clear()
        table[playable] = found = tuple(
            (15 - j, playable & column, width * j, centre_first[j])
            for j, column in enumerate(in_column)
            if playable & column
        )
        return found

    def ranked(mine: int, taken: int, playable: int) -> list:
        empty = board ^ taken
        if not playable & (playable - 1):  # one move
            return [(0, playable, alone(mine | playable, empty), _column(playable, h))]
        moves = []
        candidates = table.get(playable) or moves_of(playable)
        if len(candidates) <= FEW_MOVES:  # (the moved cell cannot be a threat: a win at once)
            for tie, move, _, column in candidates:
                after = alone(mine | move, empty)
                moves.append((after.bit_count() << 4 | tie, move, after, column))
        else:  # every board side by side: one call of threat_finder, as in chapter 6
            spread = (playable * copies) & one_column_each
            found = threats(mine * copies + spread, empty * copies - spread)
            for tie, move, offset, column in candidates:
                after = (found >> offset) & slot
                moves.append((after.bit_count() << 4 | tie, move, after, column))
        moves.sort(reverse=True)
        return moves

    return ranked


def _column(move: int, height: int) -> int:
    """The column of a one-bit move."""
    return (move.bit_length() - 1) // height


def new_columns(size: int) -> array:
    """The table's fourth column (step 6): the column of the move that proved each lower bound."""
    return array("b", bytes(size))
