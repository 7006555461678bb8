"""Tic-tac-toe (一字棋) on integer bitboards, with the course's static evaluation e(p).

MAX plays × and moves first, MIN plays ○. The nine cells are numbered row
by row, and a move is the number of the cell it fills::

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8

A state keeps one 9-bit integer per player (bit ``i`` set = a piece on cell
``i``), so copying, hashing and comparing states is cheap enough to search the
whole game: 549,946 nodes from the empty board. Every board is made once, when
the module is loaded (a table of 3⁹ = 19,683 states): :meth:`TicTacToe.result`
looks the new state up instead of building it. :meth:`TicTacToe.outcome` and
:meth:`TicTacToe.successors` answer two questions of the protocol in one call
each; searches to the end of the game use them (:mod:`coursekit.search.core`).

>>> game = TicTacToe()
>>> s = game.parse('''
...     . . .
...     . x .
...     . o .
... ''')
>>> game.to_move(s), game.actions(s)
(MAX, [0, 1, 2, 3, 5, 6, 8])
>>> game.open_lines(s, MAX), game.open_lines(s, MIN), game.evaluate(s)
(6, 4, 2)
>>> len({game.key(game.result(game.initial, a)) for a in game.actions(game.initial)})
3

``TicTacToe(hashing="zobrist")`` is the same game whose states carry a Zobrist
hash (:mod:`coursekit.games.zobrist`), updated by one XOR per move and used as
the key of transposition tables:

>>> hashed = TicTacToe(hashing="zobrist")
>>> s = hashed.result(hashed.result(hashed.initial, 4), 7)
>>> s.x, s.o, hashed.key(s) == hashed.zobrist.hash_of(s.x, s.o)
(16, 128, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

from coursekit.games.base import MAX, MIN, GameError, Player
from coursekit.games.zobrist import HASHINGS, HashedState, ZobristTable
from coursekit.text import say

CELLS = 9
FULL = (1 << CELLS) - 1
LINES: tuple[int, ...] = tuple(
    sum(1 << cell for cell in line)
    for line in (
        (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
        (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
        (0, 4, 8), (2, 4, 6),  # diagonals
    )
)  # fmt: skip
"""The eight lines (rows, columns, diagonals) as bit masks."""


def _cell_maps() -> tuple[tuple[int, ...], ...]:
    """The eight symmetries of the square as cell permutations: cell → image cell."""
    turn = (6, 3, 0, 7, 4, 1, 8, 5, 2)  # a quarter turn clockwise: (r, c) → (c, 2 − r)
    mirror = (2, 1, 0, 5, 4, 3, 8, 7, 6)  # left ↔ right
    maps = [tuple(range(CELLS))]
    for _ in range(3):
        maps.append(tuple(turn[cell] for cell in maps[-1]))
    maps += [tuple(mirror[m[cell]] for cell in range(CELLS)) for m in maps[:4]]
    return tuple(maps)


SYMMETRIES = _cell_maps()
"""Four rotations and four reflections, each a tuple mapping cell ``i`` to its image."""


def _bitboard_table(cell_map: tuple[int, ...]) -> tuple[int, ...]:
    """Every 9-bit board transformed by ``cell_map`` (a lookup table of 512 entries)."""
    return tuple(
        sum(1 << cell_map[cell] for cell in range(CELLS) if board >> cell & 1)
        for board in range(FULL + 1)
    )


_TRANSFORM = tuple(_bitboard_table(m) for m in SYMMETRIES)
_WON = tuple(any(board & line == line for line in LINES) for board in range(FULL + 1))
_FREE_CELLS = tuple(
    tuple(cell for cell in range(CELLS) if not board >> cell & 1) for board in range(FULL + 1)
)
"""``_FREE_CELLS[b]``: the empty cells, lowest first, when the cells in bitboard ``b`` are taken."""
_LINES_FREE_OF = tuple(sum(board & line == 0 for line in LINES) for board in range(FULL + 1))
"""``_LINES_FREE_OF[b]``: how many lines hold none of the pieces in bitboard ``b``."""
_MOVES_OF_X = tuple(tuple((cell, 1 << cell) for cell in free) for free in _FREE_CELLS)
"""``_MOVES_OF_X[b]``: (cell, the bit × adds to a position's code) for every free cell of ``b``."""
_MOVES_OF_O = tuple(tuple((cell, 1 << CELLS + cell) for cell in free) for free in _FREE_CELLS)
"""``_MOVES_OF_O[b]``: the same for ○, whose bitboard is the code's upper nine bits."""


_FULL_WIDTH = str.maketrans(
    {"．": ".", "／": "/", "　": " ", "ｘ": "x", "ｏ": "o", "Ｘ": "x", "Ｏ": "o"}
)
"""Full-width marks from a Chinese input method, read as their ASCII twins."""


class TicTacToeState(NamedTuple):
    """A position: bitboards of the × (MAX) and ○ (MIN) pieces."""

    x: int
    o: int

    def __str__(self) -> str:
        return TicTacToe.to_text(self)


def _every_position() -> list[TicTacToeState | None]:
    """Every board with no cell taken twice, made once: entry ``x | o << 9`` is ``(x, o)``.

    3⁹ = 19,683 boards (legal or not: :meth:`TicTacToe.result` does not judge the
    position it is given). A search then finds each new state in this list instead
    of building it, at every node.
    """
    table: list[TicTacToeState | None] = [None] * (1 << 2 * CELLS)
    for x in range(FULL + 1):
        free = FULL & ~x
        o = free
        while True:  # every subset o of the free cells, from all of them down to none
            table[x | o << CELLS] = tuple.__new__(TicTacToeState, (x, o))
            if o == 0:
                break
            o = (o - 1) & free
    return table


_POSITION = _every_position()
"""``_POSITION[x | o << 9]``: the state with × on bitboard ``x`` and ○ on ``o`` (made once)."""
_new_state = tuple.__new__


class TicTacToe:
    """The game of tic-tac-toe: three in a row wins, a full board without one is a draw.

    Values follow the course: +∞ when × (MAX) has won, −∞ when ○ (MIN) has won,
    0 for a draw; :meth:`evaluate` is the static evaluation e(p) of the course.

    Parameters
    ----------
    hashing : None or "zobrist"
        ``None`` (the default): states are :class:`TicTacToeState` and
        :meth:`key` is the smallest code of the position's eight symmetric
        images (exact, and one key per symmetry class). ``"zobrist"``: states
        are :class:`~coursekit.games.zobrist.HashedState` carrying a 64-bit
        Zobrist hash that :meth:`result` updates with one XOR, and
        :meth:`key` is that hash (one number per position, symmetric images
        apart, so ``symmetry=True`` in a search saves nothing; distinct
        positions may in principle share it, see :mod:`coursekit.games.zobrist`).

    Raises
    ------
    GameError
        When ``hashing`` is not one of :data:`~coursekit.games.zobrist.HASHINGS`.
    """

    initial: TicTacToeState | HashedState = TicTacToeState(0, 0)

    def __init__(self, hashing: str | None = None) -> None:
        if hashing not in HASHINGS:
            raise GameError(say("errors.games.hashing", hashing=repr(hashing)))
        self.hashing = hashing
        if hashing == "zobrist":
            self.zobrist = ZobristTable(squares=CELLS)
            self._moves_of_max, self._moves_of_min = self.zobrist.move
            self.initial = HashedState(0, 0, self.zobrist.hash_of(0, 0))
            # This game's states carry their hash: these two stand in for the plain
            # game's result and key (the plain game pays nothing for the option).
            self.result = self._hashed_result  # type: ignore[method-assign]
            self.key = self._hashed_key  # type: ignore[method-assign]
            self.successors = self._hashed_successors  # type: ignore[method-assign]

    def __repr__(self) -> str:
        return "TicTacToe()" if self.hashing is None else f"TicTacToe(hashing={self.hashing!r})"

    # --- the formal game -------------------------------------------------------------

    def to_move(self, state: TicTacToeState) -> Player:
        """× (MAX) when both have as many pieces, ○ (MIN) otherwise."""
        return MAX if state.x.bit_count() == state.o.bit_count() else MIN

    def actions(self, state: TicTacToeState) -> list[int]:
        """The empty cells, lowest number first (none once somebody has won)."""
        x, o = state[0], state[1]
        if _WON[x] or _WON[o]:
            return []
        return list(_FREE_CELLS[x | o])

    def result(self, state: TicTacToeState, action: int) -> TicTacToeState:
        """Put the mover's piece on cell ``action``."""
        x, o = state[0], state[1]
        # type(...) is int refuses True/False and floats in one test
        if type(action) is not int or not 0 <= action < CELLS or (x | o) >> action & 1:
            raise GameError(say("errors.ttt.not_empty", action=repr(action)))
        # every position exists already: look the new one up (this runs at every node)
        if x.bit_count() == o.bit_count():
            return _POSITION[(x | 1 << action) | o << CELLS]
        return _POSITION[x | (o | 1 << action) << CELLS]

    def is_terminal(self, state: TicTacToeState) -> bool:
        """Somebody has three in a row, or the board is full."""
        x, o = state[0], state[1]  # (indexing reads hashed states too, and is as fast)
        return _WON[x] or _WON[o] or (x | o) == FULL

    def utility(self, state: TicTacToeState, player: Player = MAX) -> float:
        """+∞ for a win of ``player``, −∞ for a loss, 0 for a draw (finished games only)."""
        x, o = state[0], state[1]
        if _WON[x]:
            value = math.inf
        elif _WON[o]:
            value = -math.inf
        elif (x | o) == FULL:
            value = 0
        else:
            raise GameError(say("errors.ttt.not_over", board=self.to_text(state)))
        return value if player is MAX else -value

    # --- the optional fast protocol of whole-game searches ------------------------------

    def outcome(self, state: TicTacToeState) -> float | None:
        """``utility(state, MAX)`` if the game is over, else ``None``: the two questions in one.

        >>> game = TicTacToe()
        >>> game.outcome(game.initial), game.outcome(game.parse("xxx/oo./..."))
        (None, inf)
        """
        x, o = state[0], state[1]
        if _WON[x]:
            return math.inf
        if _WON[o]:
            return -math.inf
        if (x | o) == FULL:
            return 0
        return None

    def successors(self, state: TicTacToeState) -> Iterator[tuple[int, TicTacToeState]]:
        """The pairs ``(a, result(state, a))`` for ``a`` in ``actions(state)``, one at a time.

        A generator: a search that stops early (an α-β cut) never makes the rest.

        >>> game = TicTacToe()
        >>> list(game.successors(game.parse("xox/oxo/.x.")))  # ○ to move: cells 6 and 8 are free
        [(6, TicTacToeState(x=149, o=106)), (8, TicTacToeState(x=149, o=298))]
        """
        x, o = state[0], state[1]
        if _WON[x] or _WON[o]:
            return
        code = x | o << CELLS
        moves = _MOVES_OF_X if x.bit_count() == o.bit_count() else _MOVES_OF_O
        for cell, bit in moves[x | o]:
            yield cell, _POSITION[code | bit]

    # --- the course's static evaluation -----------------------------------------------

    def open_lines(self, state: TicTacToeState, player: Player) -> int:
        """Lines still open for ``player``: rows, columns and diagonals without an enemy piece.

        This is the number of three-in-a-rows ``player`` would have if every
        empty cell were filled with its pieces.
        """
        return _LINES_FREE_OF[state.o if player is MAX else state.x]

    def evaluate(self, state: TicTacToeState) -> float:
        """The course's e(p): open lines for MAX − open lines for MIN; ±∞ for won positions."""
        x, o = state[0], state[1]
        if _WON[x]:
            return math.inf
        if _WON[o]:
            return -math.inf
        return _LINES_FREE_OF[o] - _LINES_FREE_OF[x]

    def winner(self, state: TicTacToeState) -> Player | None:
        """The player with three in a row, if any."""
        if _WON[state.x]:
            return MAX
        if _WON[state.o]:
            return MIN
        return None

    # --- symmetry ---------------------------------------------------------------------

    def symmetries(self, state: TicTacToeState) -> list[TicTacToeState]:
        """The eight images of ``state`` under rotations and reflections (some may be equal)."""
        return [self._state(t[state.x], t[state.o]) for t in _TRANSFORM]

    def key(self, state: TicTacToeState) -> int:
        """One number shared by all eight symmetric images of ``state`` (the smallest code).

        With ``hashing="zobrist"`` the key is the state's Zobrist hash instead.
        """
        x, o = state[0], state[1]
        return min(t[x] | t[o] << CELLS for t in _TRANSFORM)

    def canonical(self, state: TicTacToeState) -> TicTacToeState:
        """The representative of ``state``'s symmetry class (the image with the smallest key)."""
        x, o = state[0], state[1]
        code = min(t[x] | t[o] << CELLS for t in _TRANSFORM)
        return self._state(code & FULL, code >> CELLS)

    # --- Zobrist hashing (TicTacToe(hashing="zobrist")) --------------------------------

    def _hashed_result(self, state: HashedState, action: int) -> HashedState:
        """:meth:`result` of a hashed game: the piece goes down, the hash changes by one XOR."""
        try:
            x, o, code = state
        except (TypeError, ValueError):
            raise GameError(say("errors.games.hashed_state", state=repr(state))) from None
        if type(action) is not int or not 0 <= action < CELLS or (x | o) >> action & 1:
            raise GameError(say("errors.ttt.not_empty", action=repr(action)))
        bit = 1 << action
        if x.bit_count() == o.bit_count():
            return _new_state(HashedState, (x | bit, o, code ^ self._moves_of_max[action]))
        return _new_state(HashedState, (x, o | bit, code ^ self._moves_of_min[action]))

    def _hashed_successors(self, state: HashedState) -> Iterator[tuple[int, HashedState]]:
        """:meth:`successors` of a hashed game: each new state made by :meth:`result`."""
        for cell in self.actions(state):
            yield cell, self._hashed_result(state, cell)

    def _hashed_key(self, state: HashedState) -> int:
        """:meth:`key` of a hashed game: the Zobrist hash the state carries."""
        return state[2]

    def _state(self, x: int, o: int) -> TicTacToeState | HashedState:
        """The state with these bitboards (and its hash, from scratch, when the game hashes)."""
        if self.hashing is None:
            return TicTacToeState(x, o)
        return HashedState(x, o, self.zobrist.hash_of(x, o))

    # --- reading and writing boards ---------------------------------------------------

    @staticmethod
    def to_text(state: TicTacToeState) -> str:
        """Three lines of ``x``, ``o`` and ``.``, e.g. ``'x . o\\n. x .\\n. . .'``."""
        marks = ["x" if state.x >> i & 1 else "o" if state.o >> i & 1 else "." for i in range(9)]
        return "\n".join(" ".join(marks[row * 3 : row * 3 + 3]) for row in range(3))

    def parse(self, text: str) -> TicTacToeState:
        """Read a board from text: ``x``/``X``/``×`` for MAX, ``o``/``O``/``○`` for MIN, ``.`` or
        ``_`` for an empty cell, one row per line (spaces ignored) or nine marks on one line.

        >>> TicTacToe().parse("x.o/.x./...")
        TicTacToeState(x=17, o=4)
        """
        if not isinstance(text, str):
            raise GameError(say("errors.ttt.not_text", text=repr(text)))
        text = text.translate(_FULL_WIDTH)
        rows = [row.replace(" ", "") for row in text.replace("/", "\n").splitlines()]
        rows = [row for row in rows if row]
        if len(rows) == 1 and len(rows[0]) == CELLS:
            rows = [rows[0][i : i + 3] for i in (0, 3, 6)]
        if len(rows) != 3:
            raise GameError(say("errors.ttt.rows", count=len(rows)))
        x = o = 0
        for r, row in enumerate(rows):
            if len(row) != 3:
                raise GameError(say("errors.ttt.cells", row=r + 1, count=len(row), text=repr(row)))
            for c, mark in enumerate(row):
                bit = 1 << (3 * r + c)
                if mark in "xX×":
                    x |= bit
                elif mark in "oO○0":
                    o |= bit
                elif mark not in "._-":
                    raise GameError(
                        say("errors.ttt.mark", row=r + 1, column=c + 1, mark=repr(mark))
                    )
        return self.check(self._state(x, o))

    def check(self, state: TicTacToeState | HashedState) -> TicTacToeState | HashedState:
        """Return ``state`` if it can arise in a game (× moves first), else raise GameError.

        A hashed state must also carry the hash of its board.
        """
        kind = TicTacToeState if self.hashing is None else HashedState
        if not isinstance(state, kind) or not all(
            isinstance(b, int) and not isinstance(b, bool) and b >= 0 for b in state
        ):
            key = "plain" if kind is TicTacToeState else "hashed"
            raise GameError(say(f"errors.games.ttt.state.{key}", state=repr(state)))
        nx, no = state.x.bit_count(), state.o.bit_count()
        if state.x & state.o or (state.x | state.o) > FULL:
            raise GameError(say("errors.ttt.two_pieces"))
        if nx - no not in (0, 1):
            raise GameError(say("errors.ttt.counts", nx=nx, no=no))
        if _WON[state.x] and _WON[state.o]:
            raise GameError(say("errors.ttt.both_won"))
        if (_WON[state.x] and nx == no) or (_WON[state.o] and nx > no):
            raise GameError(say("errors.ttt.moved_after_win"))
        if isinstance(state, HashedState) and state.hash != self.zobrist.hash_of(state.x, state.o):
            raise GameError(say("errors.games.ttt.hash", hash=state.hash))
        return state
