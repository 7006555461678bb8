"""Connect Four solved fast in pure Python: bitboards, threats, a table and null windows.

Chapter 6 puts its enhancements of α-β together here, on one game, and measures
each of them (:func:`enhancement_table`). The solver gives Pascal Pons' *score*
of a position, from the side of the player to move: positive when that player
wins, ``1 + ⌊empty cells left at the end / 2⌋`` (22 − the winner's stones on
the 6×7 board, so the sooner the larger), 0 for a draw, negative for a loss.
A *weak* solve only gets the sign right, and is much cheaper.

Sources: the bitboard with a spare bit on top of every column is John Tromp's
(Fhourstones, 1996); threats, the moves that create them and the idea of
searching only moves that do not lose at once go back to L. V. Allis, *A
Knowledge-Based Approach of Connect-Four* (1988); the combination measured
here, and the test positions, follow P. Pons, *Solving Connect 4: how to build
a perfect AI* (blog.gamesolver.org, 2017). The code is written for this course.

The steps, as :class:`Connect4Solver` follows them:

1. **Bitboards.** A position is two integers: ``mine``, the stones of the
   player to move, and ``taken``, every stone. Each column owns ``rows + 1``
   bits from the bottom up, the top one always empty, so lines never wrap
   from one column into the next. Playing in a column is one addition
   (``taken + bottom`` carries up to the first empty cell); after a move the
   other player's stones are ``mine ^ taken``.
2. **Threats** (:func:`threat_finder`): the empty cells that would complete
   four for a player, for all lines at once in a few shifts and ANDs per
   direction.
3. **Only moves that do not lose at once.** The parent hands each child the
   cells where the player who just moved threatens to win. The player to
   move must block such a cell when it is playable (two of them: lost), and
   never plays just below one (the opponent would win on top). With no move
   left, the position is lost with the opponent's next stone. Since no move
   ever lets the opponent win at once, no position searched has a win at once.
4. **Bounds from the clock.** A player who cannot win at once wins at best
   with the stone after next; one with a move that does not lose at once
   loses at worst to the opponent's stone after next. The window (α, β) is
   narrowed to what is still possible before any search.
5. **Move ordering.** Moves that leave the most threats first, then columns
   from the centre outwards. The boards after every candidate move are laid
   side by side in one integer (Python's integers have no size limit), so a
   single call of the threat finder scores them all, and the child gets its
   opponent's threats from there.
6. **A transposition table** (置换表) of fixed size: three flat arrays (key,
   lower bound, upper bound) indexed by ``key % size``, a prime; a new entry
   replaces the old one. The key of a position, ``mine + taken``, is unique.
7. **Null windows** (零窗口): the root asks yes/no questions "is the score
   above g?" with the window (g, g + 1), each cutting the interval of scores
   still possible, as MTD(f) narrows its bounds; a weak solve asks about 0
   and at most once more about −1.

On Pons' test positions this visits the same nodes as his C++ solver
(bench/RESULTS.md). In Python every operation on an integer costs tens of
nanoseconds, so the search is one closure whose constants are local
variables, the threats of a child are computed once (by its parent), and the
table is reset by changing a number mixed into every key instead of being
cleared.

>>> solver = Connect4Solver()
>>> solver.solve_moves("5554224333234511764415115")  # Pons' Test_L2_R1, line 1
4
>>> solver.solve_moves("5554224333234511764415115", weak=True)  # a win: weakly 1
1
"""

from __future__ import annotations

import functools
import math
import time
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from coursekit.games.connectfour import ConnectFour
from coursekit.search.connect4_fast import NodeLimit, fast_search, new_columns
from coursekit.search.connect4_threats import region_threat_finder, threat_finder
from coursekit.search.core import SearchError
from coursekit.text import say

__all__ = [
    "ENHANCEMENTS",
    "PONS_SAMPLE",
    "TABLE_SIZE",
    "Connect4Solver",
    "EnhancementRow",
    "NodeLimit",
    "enhancement_table",
    "shared_solver",
    "threat_finder",
]

ENHANCEMENTS = ("centre first", "non-losing moves", "table", "threat order", "null window")
"""The enhancements of plain α-β negamax, in the order chapter 6 switches them on."""

TABLE_SIZE = 2_097_143
"""Entries of the default transposition table: the largest prime below 2²¹."""

PONS_SAMPLE: dict[str, tuple[tuple[str, int], ...]] = {
    "L3_R1": (
        ("562154564361751726662253737734213275114", 0),  # line 8
        ("5577777735365512235162362241426611", -3),  # line 30
        ("2166166176633734115273317322475724", -2),  # line 32
        ("67652627754667711122263741251355513444433", 0),  # line 43
        ("47344144255311355215566613617433267622277", 0),  # line 45
        ("5711457417462173563673656226153335724441", 0),  # line 46
        ("74335434411656772367437345716111256622255", 0),  # line 49
        ("5114752266375176254672271463763", 5),  # line 58
        ("26226627217273417775416514661414455", -2),  # line 59
        ("171231226144413625631766635232354", 0),  # line 61
        ("162763511717327445577335341162225", -1),  # line 77
        ("736432547357137433465775442162551", -3),  # line 102
        ("12514726155174536522772517671", -3),  # line 128
        ("5342133617653345412111327674525657676", 2),  # line 129
        ("13377634162752622457544414336266211", 1),  # line 131
        ("3676667731372526727121651543335", -2),  # line 133
        ("72266725371541716377235513522511644664334", 0),  # line 148
        ("2154161454476562367253251151743324", 0),  # line 160
        ("2316261177141456635241744767245562", 0),  # line 176
        ("36651326227232515767351624741116", -1),  # line 203
        ("61771566546513437644572641471", -2),  # line 206
        ("17227416631324662771525327416733165", -1),  # line 207
        ("635612533521556742126777167547612", 2),  # line 208
        ("235343157637264213475475514425311761766", 0),  # line 211
    ),
    "L2_R1": (
        ("4661237137541742643224", 8),  # line 9
        ("1231426213112346726266353", -7),  # line 22
        ("1667675535724753771415352132", 1),  # line 24
        ("5746741223753516274755", 8),  # line 30
        ("6561461362133747245312317267", 0),  # line 34
        ("3111642212167362762555645527", -2),  # line 35
        ("16773414341241421774376322", -5),  # line 46
        ("1456346777667336372", 11),  # line 50
        ("77426557613323765616122535", 2),  # line 69
        ("7646171641443471716532164", -2),  # line 84
        ("65644113777615216373313743", 7),  # line 99
        ("657341635416555625471", 9),  # line 104
    ),
}
"""Positions of two of Pons' test sets with their scores, for chapter 6's live table.

Drawn from the seeded sample of ``tests/search/fixtures/pons_sample.txt`` (line
numbers of his files beside them; a score is Pons', 22 − the winner's stones,
for the player to move): the first 24 of ``Test_L3_R1`` (end of the game), and
the first 12 of ``Test_L2_R1`` (middle of the game) that plain α-β negamax
solves weakly within 30,000 nodes. That keeps the chapter's table to a few
seconds; it also leaves out the hardest middle-game positions, on which plain
α-β takes up to millions of nodes — ``bench/connect4_enhancements.py`` runs
every position of both sets.
"""


def _largest_prime_at_most(n: int) -> int:
    """The largest prime ≤ ``n`` (n ≥ 2), by trial division: a table size spreads keys best."""
    while any(n % d == 0 for d in range(2, int(n**0.5) + 1)):
        n -= 1
    return n


class Connect4Solver:
    """Pons' score of Connect Four positions (four in a line) by α-β negamax, chapter 6's way.

    One solver keeps one transposition table, reused by every :meth:`solve`
    until :meth:`reset` (a table only stores proven bounds, so what it learnt
    from one position stays true for the next).

    Parameters
    ----------
    rows, cols : int
        The size of the board (6 × 7 by default), each from 1 to 16.
    enhancements : iterable of str
        Which of :data:`ENHANCEMENTS` to switch on (all by default); without
        any, the search is plain α-β negamax over bitboards, columns left to
        right, that looks for a win at once at every position.
    table_size : int
        Entries of the transposition table (made a prime; at least 2).
    max_nodes : int, optional
        Stop with :class:`NodeLimit` when one solve visits more positions (an
        attribute of the same name: it may be changed between solves).

    Raises
    ------
    SearchError
        For a size, enhancement, table size or node limit that is not allowed.

    Examples
    --------
    >>> plain = Connect4Solver(enhancements=())
    >>> plain.solve_moves("5554224333234511764415115", weak=True), plain.nodes
    (1, 9315)
    >>> fast = Connect4Solver()
    >>> fast.solve_moves("5554224333234511764415115", weak=True), fast.nodes
    (1, 30)
    """

    def __init__(
        self,
        rows: int = 6,
        cols: int = 7,
        *,
        enhancements: Iterable[str] = ENHANCEMENTS,
        table_size: int = TABLE_SIZE,
        max_nodes: int | None = None,
    ) -> None:
        for name, value in (("rows", rows), ("cols", cols)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 16:
                raise SearchError(say("errors.search.connect4.size", name=name, value=value))
        if isinstance(enhancements, str):
            raise SearchError(say("errors.search.connect4.enhancements", enhancements=enhancements))
        chosen = frozenset(enhancements)
        unknown = sorted(chosen - set(ENHANCEMENTS))
        if unknown:
            raise SearchError(
                say("errors.search.connect4.unknown", name=unknown[0], choices=ENHANCEMENTS)
            )
        for name, value, least in (("table_size", table_size, 2), ("max_nodes", max_nodes, 1)):
            if value is None and name == "max_nodes":
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise SearchError(
                    say("errors.search.whole_at_least", name=name, least=least, value=value)
                )
        self.rows, self.cols = rows, cols
        self.enhancements = tuple(e for e in ENHANCEMENTS if e in chosen)
        self.game = ConnectFour(rows, cols, min(4, max(rows, cols)))
        self.table_size = _largest_prime_at_most(table_size)
        self.max_nodes = max_nodes
        self.nodes = 0
        """Positions visited by the last :meth:`solve` (calls of the negamax)."""
        self.probes = 0
        """α-β searches of the root in the last :meth:`solve` (null windows: a few)."""
        self.width = cols * (rows + 1) + 3 * (rows + 2)
        """Bits between two boards side by side: a board and the farthest shift of a threat."""
        self._key_bits = cols * (rows + 1) + 1  # a key, mine + taken, is below 2 ** this
        self._generation = 1  # never 0: no key is 0, the value of an empty slot
        self._table = self._new_table() if "table" in chosen else ([], [], [])
        self._best = new_columns(self.table_size) if "table" in chosen else None
        h = rows + 1
        self._bottom = sum(1 << (c * h) for c in range(cols))  # the bottom cell of each column
        self._board = self._bottom * ((1 << rows) - 1)  # every cell
        self._threats = region_threat_finder(rows, cols)  # threat_finder's cells, cheaper
        self._columns = [((1 << rows) - 1) << (c * h) for c in range(cols)]
        middle = (cols - 1) / 2
        self._centre_first = sorted(range(cols), key=lambda c: (abs(c - middle), c))
        # Every enhancement on: the same search, cheaper per position (connect4_fast).
        self._search = fast_search(self) if self.enhancements == ENHANCEMENTS else self._build()

    def __repr__(self) -> str:
        return (
            f"Connect4Solver(rows={self.rows}, cols={self.cols}, "
            f"enhancements={self.enhancements!r})"
        )

    def reset(self) -> None:
        """Forget the table: every entry stored before is ignored from now on.

        The keys have a generation number mixed in, so this costs nothing
        (clearing two million entries would take longer than most solves);
        when the generations run out of the 64 bits of a key, the table is
        cleared for real.
        """
        self._generation += 1
        if isinstance(self._table[0], array) and self._generation >> (64 - self._key_bits):
            for column in self._table:
                column[:] = array(column.typecode, bytes(column.itemsize * len(column)))
            self._generation = 1

    def _new_table(self) -> tuple:
        """Three flat columns of ``table_size`` entries: key, lower bound, upper bound.

        Arrays of machine integers when a key with its generation fits in 64
        bits (6×7: 49 bits of board): unlike lists they hold no Python objects,
        so they cost 12 bytes an entry and nothing to the garbage collector,
        which would otherwise walk millions of entries at every full collection.
        """
        size = self.table_size
        if self._key_bits <= 56:  # at least 2**8 generations
            return (
                array("Q", bytes(8 * size)),
                array("h", bytes(2 * size)),
                array("h", bytes(2 * size)),
            )
        return [0] * size, [0] * size, [0] * size

    # --- the search -------------------------------------------------------------------

    def _build(self):
        """The negamax as a closure: the board's constants and the table are its locals."""
        rows, cols = self.rows, self.cols
        h = rows + 1
        cells = rows * cols
        bottom = sum(1 << (c * h) for c in range(cols))
        board = bottom * ((1 << rows) - 1)
        columns = [((1 << rows) - 1) << (c * h) for c in range(cols)]
        middle = (cols - 1) / 2
        on = set(self.enhancements)
        order = sorted(range(cols), key=lambda c: (abs(c - middle), c))
        order = [columns[c] for c in (order if "centre first" in on else range(cols))]
        nonlosing, use_table = "non-losing moves" in on, "table" in on
        threat_order = "threat order" in on
        find_threats = threat_finder(rows, cols)
        # Threat order: the boards after each move side by side, `width` bits apart.
        width = self.width
        slot = (1 << width) - 1
        slots = [(column, width * j) for j, column in enumerate(order)]  # board j: its offset
        copies = sum(1 << offset for _, offset in slots)  # a board times this: cols copies
        one_column_each = sum(column << offset for column, offset in slots)
        size = self.table_size
        keys, lows, highs = self._table
        shift = self._key_bits
        solver = self
        limit = self.max_nodes or 1 << 62
        nodes = salt = 0

        def negamax(mine: int, taken: int, moves: int, threats: int, alpha: int, beta: int) -> int:
            """The score of the player to move if inside (α, β), else a bound beyond it.

            ``threats``: the cells where the player who just moved would complete four.
            """
            nonlocal nodes
            nodes += 1
            if nodes > limit:
                raise NodeLimit(say("errors.search.connect4.node_limit", limit=f"{limit:,}"))
            playable = (taken + bottom) & board
            if nonlosing:
                forced = playable & threats
                if forced:
                    if forced & (forced - 1):  # two of their threats to block: lost
                        return -((cells - moves) // 2)
                    playable = forced
                playable &= ~(threats >> 1)  # never just below a cell where they win
                if not playable:  # every move lets them win at once
                    return -((cells - moves) // 2)
                if moves >= cells - 2:  # two stones left and neither can win: a draw
                    return 0
                worst = -((cells - 2 - moves) // 2)  # they cannot win with their next stone
            else:
                if not playable:  # the board is full
                    return 0
                if find_threats(mine, board ^ taken) & playable:  # a win at once
                    return (cells + 1 - moves) // 2
                worst = -((cells - moves) // 2)
            best = (cells - 1 - moves) // 2  # no win at once: at best with the stone after next
            if use_table:
                key = mine + taken + salt
                i = key % size
                if keys[i] == key:  # bounds proven before
                    if lows[i] > worst:
                        worst = lows[i]
                    if highs[i] < best:
                        best = highs[i]
            if alpha < worst:
                alpha = worst
                if alpha >= beta:
                    return alpha
            if beta > best:
                beta = best
                if alpha >= beta:
                    return beta
            # The moves, best first: (sort key, tie-break, move, the threats it leaves, -1: later).
            if threat_order and playable & (playable - 1):
                # Board j (one per column, in `order`) gets the move in the j-th column:
                # the threats after every move come out of one call of find_threats.
                spread = (playable * copies) & one_column_each
                found = find_threats(mine * copies + spread, (board ^ taken) * copies - spread)
                ranked = []
                for column, offset in slots:
                    move = playable & column
                    if move:
                        after = (found >> offset) & slot
                        ranked.append((-after.bit_count(), offset, move, after))
                ranked.sort()
            elif not playable & (playable - 1):  # one move only
                ranked = [(0, 0, playable, -1)]
            else:
                ranked = [(0, 0, playable & column, -1) for column in order if playable & column]
            theirs = mine ^ taken
            for _, _, move, after in ranked:
                if after < 0:
                    after = find_threats(mine | move, board ^ (taken | move)) if nonlosing else 0
                score = -negamax(theirs, taken | move, moves + 1, after, -beta, -alpha)
                if score >= beta:  # a refutation: a lower bound
                    if use_table:
                        if keys[i] != key:
                            keys[i], highs[i] = key, cells
                        lows[i] = score
                    return score
                if score > alpha:
                    alpha = score
            if use_table:  # every move searched: an upper bound
                if keys[i] != key:
                    keys[i], lows[i] = key, -cells
                highs[i] = alpha
            return alpha

        def root(mine: int, taken: int, low: int, high: int) -> int:
            """The score s of the player to move when low ≤ s ≤ high, else a bound beyond.

            A result r ≤ low means s ≤ r; r ≥ high means s ≥ r (as negamax promises).
            """
            nonlocal nodes, salt, limit
            nodes, salt = 0, solver._generation << shift
            limit = solver.max_nodes or 1 << 62  # as it is now: a caller may change it
            solver.probes = 0
            try:
                score, low, high, threats = solver._decided(mine, taken, low, high)
                if score is not None:
                    return score
                moves, threats = taken.bit_count(), threats if nonlosing else 0
                if "null window" not in on:
                    solver.probes = 1
                    return negamax(mine, taken, moves, threats, low, high)

                def probe(g: int) -> int:
                    solver.probes += 1
                    return negamax(mine, taken, moves, threats, g, g + 1)

                return solver.bisect(probe, low, high)
            finally:
                solver.nodes = nodes

        return root

    def _decided(self, mine: int, taken: int, low: int, high: int) -> tuple:
        """What the root knows before searching: ``(score, low, high, threats)``.

        ``score`` is the answer when no search is needed: a full board, a win at
        once, or a window that the clock rules out. Otherwise it is ``None``,
        [low, high] is narrowed to the scores the clock allows, and ``threats``
        are the cells where the opponent would win.
        """
        bottom, board, cells = self._bottom, self._board, self.rows * self.cols
        moves = taken.bit_count()
        playable = (taken + bottom) & board
        if not playable:  # a full board
            return 0, low, high, 0
        if self._threats(mine, board ^ taken) & playable:  # a win at once
            return (cells + 1 - moves) // 2, low, high, 0
        # What the clock allows: lost to their next stone … won with this one (ruled
        # out above, but halving this range puts the probes where they cost least).
        least, most = -((cells - moves) // 2), (cells + 1 - moves) // 2
        if most <= low or least >= high:
            return (most if most <= low else least), low, high, 0
        threats = self._threats(mine ^ taken, board ^ taken)
        return None, max(low, least), min(high, most), threats

    @staticmethod
    def bisect(search: Callable[[int], int], low: int, high: int) -> int:
        """The score s, known to lie in [low, high], from null-window questions.

        ``search(g)`` is the answer r of the window (g, g + 1), fail-soft: r ≤ g
        means s ≤ r, and r > g means s ≥ r.

        >>> asked = []
        >>> def search(g):  # a position whose score is 7: fail-soft answers of 7
        ...     asked.append(g)
        ...     return 7
        >>> Connect4Solver.bisect(search, -21, 21), asked
        (7, [-10, 14])
        """
        score = low
        while low < high:  # is the score above g? Narrow [low, high] from both ends
            g = (low + high) // 2
            # Probe farther out, at least halfway from 0 to the bound on g's side
            # (Pons' choice): a score far from the truth is cheap to refute, and
            # the fail-soft answer often jumps to the true score at once.
            g = min(g, -(-low // 2)) if g <= 0 else max(g, high // 2)
            score = search(g)
            if score <= g:
                high = score
            else:
                low = score
        return score

    # --- entry points -----------------------------------------------------------------

    def solve(self, mine: int, taken: int, *, weak: bool = False) -> int:
        """Pons' score of a position for the player to move (weak: −1, 0 or 1).

        Parameters
        ----------
        mine : int
            Bitboard of the stones of the player to move (bit ``c * (rows + 1) + row``).
        taken : int
            Bitboard of all the stones.
        weak : bool
            Only tell a win (1) from a draw (0) and a loss (−1).

        Raises
        ------
        SearchError
            When the bitboards are not a position of this board that is not over yet.
        NodeLimit
            When the solve visits more than ``max_nodes`` positions.
        """
        self._check(mine, taken)
        if weak:
            score = self._search(mine, taken, -1, 1)
            return (score > 0) - (score < 0)
        cells = self.rows * self.cols
        return self._search(mine, taken, -cells, cells)

    def is_above(self, mine: int, taken: int, score: int) -> bool:
        """True when the player to move scores more than ``score``: one null-window search.

        This is the question each pass of MTD(f) asks; :meth:`solve` asks a few.

        Raises
        ------
        SearchError
            As :meth:`solve`, and when ``score`` is not a whole number.

        Examples
        --------
        >>> solver, game = Connect4Solver(), ConnectFour()
        >>> s = game.from_moves("5554224333234511764415115")  # o to move, score 4
        >>> solver.is_above(s.o, s.x | s.o, 3), solver.is_above(s.o, s.x | s.o, 4)
        (True, False)
        """
        self._check(mine, taken)
        if isinstance(score, bool) or not isinstance(score, int):
            raise SearchError(say("errors.search.connect4.score", score=score))
        return self._search(mine, taken, score, score + 1) > score

    def solve_moves(self, moves: str, *, weak: bool = False) -> int:
        """:meth:`solve` for the position after ``moves`` (1-based column digits, Pons' notation).

        Raises
        ------
        GameError
            When ``moves`` is not a playable sequence (see :meth:`ConnectFour.from_moves`).
        """
        state = self.game.from_moves(moves)
        x, o = state.x, state.o
        return self.solve(x if x.bit_count() == o.bit_count() else o, x | o, weak=weak)

    def principal_variation(
        self, mine: int, taken: int, score: int, *, weak: bool = False
    ) -> list[int]:
        """A line of perfect play from a position whose score is known, as columns (0 = left).

        Call it right after :meth:`solve` of the same position gave ``score``:
        the table then holds, for most positions of the line, the move that
        proved the bound the line needs (the solver keeps each refutation's
        column beside its bounds). A position whose proof is not there (the
        entry overwritten, or the score known from the clock without a search)
        costs one null-window search per move tried, centre first, until one
        keeps the score. A position with a win at once ends the line with it.

        Parameters
        ----------
        mine, taken : int
            The position, as for :meth:`solve`.
        score : int
            Its score from :meth:`solve`, for the player to move (weak: −1, 0 or 1).
        weak : bool
            Keep only the win, the draw or the loss (any move of a lost position will do).

        Returns
        -------
        list of int
            The columns played, the mover's first, until the game is over.

        Raises
        ------
        SearchError
            As :meth:`solve`, for a position that is not one of this board.

        Examples
        --------
        >>> solver, game = Connect4Solver(), ConnectFour()
        >>> s = game.from_moves("5554224333234511764415115")  # o to move wins: score 4
        >>> mine, taken = s.o, s.x | s.o
        >>> line = solver.principal_variation(mine, taken, solver.solve(mine, taken))
        >>> len(line), game.score(game.from_moves("5554224333234511764415115" +
        ...                                       "".join(str(c + 1) for c in line)))
        (11, -4)
        """
        self._check(mine, taken)
        return self._line(mine, taken, score, weak)

    def _line(self, mine: int, taken: int, score: int, weak: bool) -> list[int]:
        """:meth:`principal_variation` of a position already checked."""
        line: list[int] = []
        while (taken + self._bottom) & self._board:  # until the board is full
            column = self._proven_move(mine, taken, score, weak)  # (a stored position has
            if column is None:  # no win at once: the search never stores one)
                wins = self._threats(mine, self._board ^ taken) & (taken + self._bottom)
                if wins:  # the line ends with a win at once
                    line.append(self._column_of(wins & -wins))
                    break
                column = self._searched_move(mine, taken, score, weak)
            line.append(column)
            move = (taken + self._bottom) & self._columns[column]
            mine, taken, score = mine ^ taken, taken | move, -score  # the other side to move
        return line

    def _needed(self, score: int, weak: bool) -> int | None:
        """The lower bound a move must prove to keep ``score``; ``None``: any move (a weak loss)."""
        if not weak:
            return score
        return None if score < 0 else score

    def _proven_move(self, mine: int, taken: int, score: int, weak: bool) -> int | None:
        """The table's column for this position if it proves what ``score`` needs, else None."""
        needed = self._needed(score, weak)
        if self._best is None or needed is None:  # any move: the first that does not lose at once
            return None
        key = mine + taken + (self._generation << self._key_bits)
        i = key % self.table_size
        keys, lows, _ = self._table
        if keys[i] != key or (needed is not None and lows[i] < needed):
            return None
        column = self._best[i]
        return column if (taken + self._bottom) & self._columns[column] else None

    def _searched_move(self, mine: int, taken: int, score: int, weak: bool) -> int:
        """A column that keeps ``score``, by one null-window search per move tried."""
        needed, board, bottom = self._needed(score, weak), self._board, self._bottom
        playable = (taken + bottom) & board
        threats = self._threats(mine ^ taken, board ^ taken)  # where they would win
        keep, forced = playable, playable & threats
        if forced:  # block it; with two to block every move loses
            keep = 0 if forced & (forced - 1) else forced
        keep &= ~(threats >> 1)  # never just below a cell where they win
        candidates = [c for c in self._centre_first if (keep or playable) & self._columns[c]]
        cells, moves = self.rows * self.cols, taken.bit_count()
        # Every move that does not lose at once scores at least what the clock leaves them:
        # a win with their stone after next, or a draw with two stones left.
        floor = 0 if moves >= cells - 2 else -((cells - 2 - moves) // 2)
        if needed is None or not keep or needed <= floor:  # (no keep: every move loses)
            return candidates[0]
        for column in candidates:
            move = playable & self._columns[column]
            if self._search(mine ^ taken, taken | move, -needed, 1 - needed) <= -needed:
                return column
        raise AssertionError(f"no move keeps the score {score}: it was not this position's")

    def _column_of(self, move: int) -> int:
        """The column of a one-bit move."""
        return (move.bit_length() - 1) // (self.rows + 1)

    def _check(self, mine: int, taken: int) -> None:
        bottom, board = self._bottom, self._board
        for name, value in (("mine", mine), ("taken", taken)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value & ~board:
                raise SearchError(
                    say(
                        "errors.search.connect4.bitboard", name=name, rows=self.rows, cols=self.cols
                    )
                )
        theirs = taken ^ mine
        if mine & ~taken:
            raise SearchError(say("errors.search.connect4.mine"))
        if (taken + bottom) & taken:  # adding a column's bottom bit carries over a gap
            raise SearchError(say("errors.search.connect4.floating"))
        if theirs.bit_count() - mine.bit_count() not in (0, 1):
            raise SearchError(say("errors.search.connect4.counts"))
        if self.game.has_line(theirs) or self.game.has_line(mine):
            raise SearchError(say("errors.search.connect4.over"))


@functools.lru_cache(maxsize=4)
def shared_solver(rows: int = 6, cols: int = 7) -> Connect4Solver:
    """One solver with every enhancement per board size, kept for the next call.

    Building a solver allocates its table (about 50 MB for the default size),
    which costs more than solving most endgames; :func:`coursekit.search.solve`
    reuses these. Small boards get a smaller table.
    """
    return Connect4Solver(rows, cols, table_size=min(TABLE_SIZE, 1 << max(8, rows * cols)))


@dataclass(frozen=True)
class EnhancementRow:
    """One line of :func:`enhancement_table`: a solver and what it cost per position."""

    enhancements: tuple[str, ...]
    """The enhancements switched on (the ones of the rows above and one more)."""
    positions: int
    """Positions solved (the others hit the node limit)."""
    stopped: int
    """Positions stopped by the node limit: the means then leave them out."""
    nodes: float
    """Mean positions visited per position solved."""
    seconds: float
    """Mean CPU seconds per position solved (table reset before each, untimed)."""

    @property
    def added(self) -> str:
        """The enhancement this row switches on ("α-β negamax" for the first row)."""
        return self.enhancements[-1] if self.enhancements else "α-β negamax"

    def __str__(self) -> str:
        values = {
            "added": self.added,
            "nodes": f"{self.nodes:,.0f}",
            "ms": f"{self.seconds * 1e3:.3f}",
            "positions": self.positions,
        }
        if self.stopped:
            return say("printed.enhancement.stopped", stopped=self.stopped, **values)
        return say("printed.enhancement.row", **values)


def enhancement_table(
    positions: Iterable[str],
    *,
    weak: bool = True,
    max_nodes: int = 2_000_000,
    rows: int = 6,
    cols: int = 7,
) -> list[EnhancementRow]:
    """Nodes and time per position with each enhancement of :data:`ENHANCEMENTS` on in turn.

    Row 0 is plain α-β negamax on bitboards; each next row switches on one
    more enhancement, in the order of :data:`ENHANCEMENTS`. Every position is
    solved by every solver, its table reset first (untimed); a solve that
    visits more than ``max_nodes`` positions is stopped and left out of that
    row's means (``stopped`` counts them). Times are CPU seconds of this
    process, so they vary a little from run to run; nodes do not.

    Parameters
    ----------
    positions : iterable of str
        Move sequences in Pons' notation (1-based column digits), e.g. lines
        of his test sets without the score.
    weak : bool
        Weak solves (win, draw or loss), as Pons' benchmark times them; else exact scores.
    max_nodes : int
        The node limit of one solve.
    rows, cols : int
        The size of the board.

    Returns
    -------
    list of EnhancementRow
        ``len(ENHANCEMENTS) + 1`` rows.

    Raises
    ------
    GameError
        When a position is not a playable sequence of moves.
    SearchError
        When a solver cannot be built with these arguments, or a position is over.

    Examples
    --------
    >>> table = enhancement_table(["5554224333234511764415115", "52753311433677442422121"])
    >>> [(row.added, row.nodes) for row in table]  # doctest: +NORMALIZE_WHITESPACE
    [('α-β negamax', 6666.5), ('centre first', 681.5), ('non-losing moves', 329.5),
     ('table', 193.0), ('threat order', 22.0), ('null window', 22.0)]
    >>> print(table[-1])  # doctest: +ELLIPSIS
    + null window: 22 nodes, ... ms per position (2 solved)
    """
    game = ConnectFour(rows, cols, min(4, max(rows, cols)))
    boards = []
    for moves in positions:
        state = game.from_moves(moves)
        x, o = state.x, state.o
        boards.append((x if x.bit_count() == o.bit_count() else o, x | o))
    table = []
    for k in range(len(ENHANCEMENTS) + 1):
        solver = Connect4Solver(rows, cols, enhancements=ENHANCEMENTS[:k], max_nodes=max_nodes)
        nodes, seconds, stopped = [], [], 0
        for mine, taken in boards:
            solver.reset()
            started = time.process_time()
            try:
                solver.solve(mine, taken, weak=weak)
            except NodeLimit:
                stopped += 1
                continue
            seconds.append(time.process_time() - started)
            nodes.append(solver.nodes)
        table.append(
            EnhancementRow(ENHANCEMENTS[:k], len(nodes), stopped, _mean(nodes), _mean(seconds))
        )
    return table


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else math.nan
