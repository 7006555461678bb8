"""Connect Four on a board of any small size: drop pieces into columns, k in a line wins.

MAX plays ``x`` and moves first, MIN plays ``o``. A move is the number of a
column (0 is the leftmost); the piece falls to the lowest empty cell. The
board is kept as two integer bitboards in which every column owns
``rows + 1`` bits, from the bottom up, the extra bit staying empty so that
lines never wrap from one column into the next.

Small boards can be solved to the end (``solve(ConnectFour(rows=4, cols=4, k=3))``);
for larger ones :meth:`ConnectFour.evaluate` gives an e(p) in the course's
style: lines of k cells still open for MAX minus those still open for MIN.

>>> game = ConnectFour(rows=4, cols=5, k=4)
>>> s = game.result(game.result(game.initial, 2), 2)
>>> print(game.to_text(s))
. . . . .
. . . . .
. . o . .
. . x . .
>>> game.actions(s), game.to_move(s)
([0, 1, 2, 3, 4], MAX)

``ConnectFour(..., hashing="zobrist")`` is the same game whose states carry a
Zobrist hash (:mod:`coursekit.games.zobrist`), updated by one XOR per move
and used as the key of transposition tables:

>>> hashed = ConnectFour(rows=4, cols=5, k=4, hashing="zobrist")
>>> s = hashed.result(hashed.result(hashed.initial, 2), 2)
>>> hashed.key(s) == hashed.zobrist.hash_of(s.x, s.o)
True
"""

from __future__ import annotations

import math
from typing import NamedTuple

from coursekit.games.base import MAX, MIN, GameError, Player
from coursekit.games.zobrist import HASHINGS, HashedState, ZobristTable
from coursekit.text import say


class ConnectFourState(NamedTuple):
    """A position: bitboards of MAX's (x) and MIN's (o) pieces."""

    x: int
    o: int


class ConnectFour:
    """Connect Four with ``rows`` × ``cols`` cells, ``k`` in a line to win.

    Values follow the course: +∞ when MAX has won, −∞ when MIN has won,
    0 for a full board without a winner.

    ``hashing="zobrist"`` gives states that carry a Zobrist hash
    (:class:`~coursekit.games.zobrist.HashedState`), updated by one XOR in
    :meth:`result`, and makes :meth:`key` that hash instead of the exact pair
    of bitboards folded with its mirror image (``None``, the default).
    """

    def __init__(
        self, rows: int = 6, cols: int = 7, k: int = 4, *, hashing: str | None = None
    ) -> None:
        for name, value in (("rows", rows), ("cols", cols), ("k", k)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise GameError(say("errors.whole_at_least", name=name, least=1, value=repr(value)))
        if rows > 16 or cols > 16:
            raise GameError(say("errors.games.connect4.size", rows=rows, cols=cols))
        if k > max(rows, cols):
            raise GameError(say("errors.games.connect4.k", k=k, rows=rows, cols=cols))
        self.rows, self.cols, self.k = rows, cols, k
        self.height = rows + 1  # bits per column, one guard bit on top
        self._bottom = [1 << (c * self.height) for c in range(cols)]
        self._column = [((1 << rows) - 1) << (c * self.height) for c in range(cols)]
        self._top = [1 << (c * self.height + rows - 1) for c in range(cols)]
        self._full = sum(self._column)
        self._bottom_row = sum(self._bottom)
        middle = (cols - 1) / 2
        self._centre_first = sorted(range(cols), key=lambda c: (abs(c - middle), c))
        self._steps = (1, self.height, self.height - 1, self.height + 1)  # ↑ → ↘ ↗
        self._windows = self._all_windows()
        self.initial: ConnectFourState | HashedState = ConnectFourState(0, 0)
        if hashing not in HASHINGS:
            raise GameError(say("errors.games.hashing", hashing=repr(hashing)))
        self.hashing = hashing
        if hashing == "zobrist":
            self.zobrist = ZobristTable(squares=cols * self.height)  # squares are bit numbers
            self._moves_of_max, self._moves_of_min = self.zobrist.move
            self.initial = HashedState(0, 0, self.zobrist.hash_of(0, 0))
            # This game's states carry their hash: these two stand in for the plain
            # game's result and key (the plain game pays nothing for the option).
            self.result = self._hashed_result  # type: ignore[method-assign]
            self.key = self._hashed_key  # type: ignore[method-assign]

    def __repr__(self) -> str:
        hashing = "" if self.hashing is None else f", hashing={self.hashing!r}"
        return f"ConnectFour(rows={self.rows}, cols={self.cols}, k={self.k}{hashing})"

    def _bit(self, row: int, col: int) -> int:
        """The bit of the cell in ``row`` (0 = bottom) and ``col`` (0 = left)."""
        return 1 << (col * self.height + row)

    def _all_windows(self) -> list[int]:
        """Every line of k cells on the board, as a bit mask."""
        windows = []
        for row in range(self.rows):
            for col in range(self.cols):
                for dr, dc in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                    cells = [(row + i * dr, col + i * dc) for i in range(self.k)]
                    if all(0 <= r < self.rows and 0 <= c < self.cols for r, c in cells):
                        windows.append(sum(self._bit(r, c) for r, c in cells))
        return windows

    @property
    def windows(self) -> tuple[int, ...]:
        """Every line of k cells on the board as a bit mask (for evaluation features)."""
        return tuple(self._windows)

    def cell(self, row: int, col: int) -> int:
        """The bit of the cell in ``row`` (0 = bottom) and ``col`` (0 = left)."""
        return self._bit(row, col)

    def has_line(self, board: int) -> bool:
        """True when ``board`` holds k pieces in a row, a column or a diagonal."""
        for step in self._steps:
            line = board
            for i in range(1, self.k):
                line &= board >> (step * i)
            if line:
                return True
        return False

    # --- the formal game -------------------------------------------------------------

    def to_move(self, state: ConnectFourState) -> Player:
        return MAX if state.x.bit_count() == state.o.bit_count() else MIN

    def actions(self, state: ConnectFourState) -> list[int]:
        """The columns that are not full, left to right (none once the game is over)."""
        if self.is_terminal(state):
            return []
        taken = state.x | state.o
        return [c for c in range(self.cols) if not taken & self._top[c]]

    def result(self, state: ConnectFourState, action: int) -> ConnectFourState:
        """Drop the mover's piece into column ``action``."""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < self.cols:
            raise GameError(
                say("errors.games.connect4.not_a_column", column=repr(action), last=self.cols - 1)
            )
        taken = state.x | state.o
        if taken & self._top[action]:
            raise GameError(say("errors.games.connect4.full", column=action))
        # Adding the column's bottom bit carries through its pieces to the first empty cell.
        piece = (taken + self._bottom[action]) & self._column[action]
        if state.x.bit_count() == state.o.bit_count():
            return ConnectFourState(state.x | piece, state.o)
        return ConnectFourState(state.x, state.o | piece)

    def is_terminal(self, state: ConnectFourState) -> bool:
        """The player who just moved has k in a line, or the board is full."""
        just_moved = state.o if self.to_move(state) is MAX else state.x
        return self.has_line(just_moved) or (state.x | state.o) == self._full

    def utility(self, state: ConnectFourState, player: Player = MAX) -> float:
        """+∞ for a win of ``player``, −∞ for a loss, 0 for a draw (finished games only)."""
        if not self.is_terminal(state):
            raise GameError(say("errors.ttt.not_over", board=self.to_text(state)))
        return self.evaluate(state) * player.sign

    def score(self, state: ConnectFourState) -> int:
        """The score of a finished game in which a sooner win counts more, MAX's view.

        The winner gets one point plus one for every two cells left empty
        (``1 + empty // 2``): on the 6×7 board that is 22 − the number of stones
        the winner has played, so a win with the fourth stone scores 18 and a
        win with the last stone of the board 1. A draw scores 0; a win of MIN
        counts negative. This is Pascal Pons' score (his test positions give
        it from the side to move, :func:`~coursekit.search.solve` with
        ``fastest=True`` from MAX's side).

        Raises
        ------
        GameError
            When the game is not over yet.

        Examples
        --------
        >>> game = ConnectFour()
        >>> game.score(game.from_moves("1212121"))      # x wins with its 4th stone
        18
        >>> game.score(game.from_moves("21312131"))     # o wins with its 4th stone
        -18
        """
        if not self.is_terminal(state):
            raise GameError(say("errors.ttt.not_over", board=self.to_text(state)))
        value = self.evaluate(state)
        if value == 0:
            return 0
        empty = self.rows * self.cols - (state.x | state.o).bit_count()
        return (1 + empty // 2) * (1 if value > 0 else -1)

    def evaluate(self, state: ConnectFourState) -> float:
        """e(p): lines of k still open for MAX − lines still open for MIN; ±∞ once won."""
        if self.has_line(state.x):
            return math.inf
        if self.has_line(state.o):
            return -math.inf
        open_for_max = sum(1 for w in self._windows if not w & state.o)
        open_for_min = sum(1 for w in self._windows if not w & state.x)
        return open_for_max - open_for_min

    def noisy_moves(self, state: ConnectFourState) -> list[int]:
        """The columns that win at once, or stop the opponent from winning there at once.

        These are the moves that make a position *not quiet* for quiescence search.
        """
        taken = state.x | state.o
        mine, theirs = (state.x, state.o) if self.to_move(state) is MAX else (state.o, state.x)
        forcing = []
        for column in self.actions(state):
            piece = (taken + self._bottom[column]) & self._column[column]
            if self.has_line(mine | piece) or self.has_line(theirs | piece):
                forcing.append(column)
        return forcing

    # --- tactics for the exact solver --------------------------------------------------

    def winning_cells(self, board: int) -> int:
        """The cells that would complete k in a line for ``board``'s pieces.

        Along each direction, ``up[j]`` marks the cells with j of ``board``'s pieces
        right after them and ``down[j]`` those with j right before them; a cell
        wins when some ``up[j]`` and ``down[k - 1 - j]`` meet there (the guard bit
        on top of each column keeps lines from wrapping into the next column).

        >>> g = ConnectFour(rows=4, cols=4, k=3)
        >>> board = g.cell(0, 0) | g.cell(0, 1)      # two in the bottom row
        >>> g.winning_cells(board) == g.cell(0, 2)
        True
        """
        cells, last = 0, self.k - 1
        for step in self._steps:
            up, down = [-1], [-1]  # -1: all ones (no piece needed)
            for j in range(1, last + 1):
                up.append(up[-1] & board >> (j * step))
                down.append(down[-1] & board << (j * step))
            for j in range(last + 1):
                cells |= up[j] & down[last - j]
        return cells & self._full

    def winning_moves(self, state: ConnectFourState) -> list[int]:
        """The columns in which the player to move gets k in a line at once.

        An optional member of the game protocol: :func:`~coursekit.search.solve`
        knows the value of a position with a winning move without searching it.
        """
        if self.is_terminal(state):
            return []
        mine = state.x if self.to_move(state) is MAX else state.o
        taken = state.x | state.o
        playable = (taken + self._bottom_row) & self._full
        wins = self.winning_cells(mine) & playable
        return [c for c in range(self.cols) if wins & self._column[c]]

    def safe_moves(self, state: ConnectFourState) -> list[int]:
        """The moves after which the opponent cannot win at once, most promising first.

        An optional member of the game protocol, for :func:`~coursekit.search.solve`:
        every move left out loses at once (the opponent completes a line on the
        next move), so the exact value is found among these whenever there are
        any; an empty list means every move loses. The caller has already looked
        for :meth:`winning_moves`. The order: the moves that leave the most cells
        winning for the mover first, then the centre first.

        >>> g = ConnectFour(rows=4, cols=4, k=3)
        >>> s = g.initial
        >>> for column in (0, 3, 1):                  # x threatens the bottom row
        ...     s = g.result(s, column)
        >>> g.safe_moves(s)                           # o must block at 2
        [2]
        """
        if self.is_terminal(state):
            return []
        mine, theirs = (state.x, state.o) if self.to_move(state) is MAX else (state.o, state.x)
        taken = state.x | state.o
        playable = (taken + self._bottom_row) & self._full
        threats = self.winning_cells(theirs) & ~taken
        forced = threats & playable
        if forced & (forced - 1):  # two cells to block: every move loses
            return []
        candidates = forced or playable
        ranked = []
        for c in self._centre_first:
            piece = candidates & self._column[c]
            if not piece:
                continue
            if threats & (piece << 1) & self._column[c]:  # the cell above wins for them
                continue
            mine_after = mine | piece
            score = (self.winning_cells(mine_after) & ~(taken | piece)).bit_count()
            ranked.append((-score, len(ranked), c))
        ranked.sort()
        return [c for _, _, c in ranked]

    # --- symmetry ---------------------------------------------------------------------

    def mirror(self, state: ConnectFourState) -> ConnectFourState:
        """The position seen in a mirror (left and right swapped)."""
        return self._state(self._mirror(state.x), self._mirror(state.o))

    def _mirror(self, board: int) -> int:
        column = (1 << self.height) - 1
        out = 0
        for c in range(self.cols):
            out |= ((board >> (c * self.height)) & column) << ((self.cols - 1 - c) * self.height)
        return out

    def key(self, state: ConnectFourState) -> tuple[int, int]:
        """The same key for a position and its mirror image.

        With ``hashing="zobrist"`` the key is the state's Zobrist hash instead.
        """
        return min((state.x, state.o), (self._mirror(state.x), self._mirror(state.o)))

    # --- Zobrist hashing (ConnectFour(hashing="zobrist")) ------------------------------

    def _hashed_result(self, state: HashedState, action: int) -> HashedState:
        """:meth:`result` of a hashed game: the piece drops, the hash changes by one XOR."""
        try:
            x, o, code = state
        except (TypeError, ValueError):
            raise GameError(say("errors.games.hashed_state", state=repr(state))) from None
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < self.cols:
            raise GameError(
                say("errors.games.connect4.not_a_column", column=repr(action), last=self.cols - 1)
            )
        taken = x | o
        if taken & self._top[action]:
            raise GameError(say("errors.games.connect4.full", column=action))
        piece = (taken + self._bottom[action]) & self._column[action]
        square = piece.bit_length() - 1
        if x.bit_count() == o.bit_count():
            return HashedState(x | piece, o, code ^ self._moves_of_max[square])
        return HashedState(x, o | piece, code ^ self._moves_of_min[square])

    def _hashed_key(self, state: HashedState) -> int:
        """:meth:`key` of a hashed game: the Zobrist hash the state carries."""
        return state[2]

    def _state(self, x: int, o: int) -> ConnectFourState | HashedState:
        """The state with these bitboards (and its hash, from scratch, when the game hashes)."""
        if self.hashing is None:
            return ConnectFourState(x, o)
        return HashedState(x, o, self.zobrist.hash_of(x, o))

    # --- reading and writing boards ---------------------------------------------------

    def from_moves(self, moves: str) -> ConnectFourState:
        """The position after ``moves``, one digit per move, 1 = the leftmost column.

        This is the notation of Pascal Pons' Connect Four test positions (x moves
        first); :meth:`to_moves` writes it. Columns inside the game stay 0-based.

        Raises
        ------
        GameError
            When ``moves`` is not a string, a character is not a column of the
            board, a column is full, or a move comes after the game is over.

        Examples
        --------
        >>> game = ConnectFour(rows=4, cols=5)
        >>> print(game.to_text(game.from_moves("3345")))
        . . . . .
        . . . . .
        . . o . .
        . . x x o
        >>> game.from_moves("3345") == game.result(game.from_moves("334"), 4)
        True
        """
        self._check_digits()
        if not isinstance(moves, str):
            raise GameError(say("errors.games.connect4.moves", moves=repr(moves)))
        state = self.initial
        for i, mark in enumerate(moves.strip(), start=1):
            if not ("1" <= mark <= "9" and int(mark) <= self.cols):
                raise GameError(
                    say(
                        "errors.games.connect4.move_column", move=i, mark=repr(mark), cols=self.cols
                    )
                )
            if self.is_terminal(state):
                raise GameError(say("errors.games.connect4.move_after_end", move=i, mark=mark))
            if (state.x | state.o) & self._top[int(mark) - 1]:
                raise GameError(say("errors.games.connect4.move_full", move=i, mark=mark))
            state = self.result(state, int(mark) - 1)
        return state

    def to_moves(self, state: ConnectFourState) -> str:
        """A sequence of moves that reaches ``state``, in the notation of :meth:`from_moves`.

        A position can often be reached in several orders; this is the one found
        by taking back, from the end, the top piece of the leftmost column that
        allows it (the last mover's piece, never passing through a finished game).

        Raises
        ------
        GameError
            When no sequence of moves reaches ``state`` (e.g. both players have
            four in a line).

        Examples
        --------
        >>> game = ConnectFour()
        >>> game.to_moves(game.from_moves("4453"))
        '4453'
        >>> game.to_moves(game.initial)
        ''
        """
        self._check_digits()
        # Depth first over take-backs from the end, with an explicit stack; the
        # positions from which the empty board cannot be reached are remembered.
        frames = [(state.x, state.o, iter(self._take_backs(state.x, state.o)))]
        path: list[int] = []  # the columns taken back so far, the last move first
        dead: set[tuple[int, int]] = set()
        while frames:
            x, o, todo = frames[-1]
            if not x | o:
                moves = "".join(str(c + 1) for c in reversed(path))
                if self.from_moves(moves) == state:
                    return moves
                break  # pieces that no game could have placed
            column = next(todo, None)
            if column is None:  # a dead end: back to the position before it
                dead.add((x, o))
                frames.pop()
                if path:
                    path.pop()
                continue
            top = self._top_piece(x | o, column)
            before = (x & ~top, o & ~top)
            if before in dead or self.has_line(before[0]) or self.has_line(before[1]):
                continue  # a finished game cannot go on
            frames.append((*before, iter(self._take_backs(*before))))
            path.append(column)
        raise GameError(say("errors.games.connect4.unreachable", board=self.to_text(state)))

    def _check_digits(self) -> None:
        """Pons' notation writes a column as one digit: boards of at most 9 columns."""
        if self.cols > 9:
            raise GameError(say("errors.games.connect4.digits", cols=self.cols))

    def _top_piece(self, taken: int, column: int) -> int:
        """The bit of the highest piece in ``column`` (0 when it is empty)."""
        pieces = taken & self._column[column]
        return 1 << (pieces.bit_length() - 1) if pieces else 0

    def _take_backs(self, x: int, o: int) -> list[int]:
        """The columns whose top piece is the last mover's: the moves that can be taken back."""
        if x.bit_count() == o.bit_count() + 1:
            last = x
        elif x.bit_count() == o.bit_count():
            last = o
        else:
            return []
        return [c for c in range(self.cols) if self._top_piece(x | o, c) & last]

    def to_text(self, state: ConnectFourState) -> str:
        """The board from the top row down, ``x``, ``o`` and ``.``."""
        lines = []
        for row in reversed(range(self.rows)):
            marks = []
            for col in range(self.cols):
                bit = self._bit(row, col)
                marks.append("x" if state.x & bit else "o" if state.o & bit else ".")
            lines.append(" ".join(marks))
        return "\n".join(lines)

    def parse(self, text: str) -> ConnectFourState:
        """Read a board written as :meth:`to_text` writes it (spaces are optional)."""
        if not isinstance(text, str):
            raise GameError(say("errors.games.connect4.not_text", text=repr(text)))
        lines = [line.replace(" ", "") for line in text.splitlines() if line.strip()]
        if len(lines) != self.rows:
            raise GameError(say("errors.games.connect4.rows", rows=self.rows, lines=len(lines)))
        x = o = 0
        for i, line in enumerate(lines):
            row = self.rows - 1 - i
            if len(line) != self.cols:
                raise GameError(
                    say("errors.games.connect4.cells", line=i + 1, count=len(line), cols=self.cols)
                )
            for col, mark in enumerate(line):
                if mark in "xX":
                    x |= self._bit(row, col)
                elif mark in "oO":
                    o |= self._bit(row, col)
                elif mark != ".":
                    raise GameError(
                        say(
                            "errors.games.connect4.mark",
                            line=i + 1,
                            column=col + 1,
                            mark=repr(mark),
                        )
                    )
        taken = x | o
        for col in range(self.cols):
            for row in range(1, self.rows):
                if taken & self._bit(row, col) and not taken & self._bit(row - 1, col):
                    raise GameError(say("errors.games.connect4.floating", column=col + 1))
        if x.bit_count() - o.bit_count() not in (0, 1):
            raise GameError(say("errors.games.connect4.counts"))
        return self._state(x, o)
