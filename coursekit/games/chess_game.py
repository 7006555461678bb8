"""Chess as a game of the course, on the rules of python-chess.

White is MAX and Black is MIN, whoever is to move in the position given: a
position is written in Forsyth–Edwards Notation (FEN), and the searches of the
course run on it like on any other game. Finished games are worth +∞ (White
has mated), −∞ (Black has mated) or 0 (a draw by stalemate, insufficient
material or the 75-move rule).

Chess is far too large to search to the end (the course's 10^120 nodes), so
searches on it are cut off at a depth and an evaluation function EVAL takes
the place of UTILITY (不完美的实时决策, chapter 5). :meth:`Chess.evaluate` is
the simplest one, the material balance with the course's values; the
weighted, positional evaluations are in :mod:`coursekit.evaluation`.

>>> game = Chess()
>>> s = game.parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
>>> game.to_move(s), game.evaluate(s), len(game.actions(s))
(MAX, 1, 6)
>>> game.to_text(game.result(s, game.move(s, "e2e4")))
'4k3/8/8/8/4P3/8/8/4K3 b - - 0 1'
"""

from __future__ import annotations

import math
from collections.abc import Hashable

import chess
import chess.polyglot

from coursekit.errors import CoursekitError
from coursekit.games.base import MAX, MIN, Player
from coursekit.text import say

PIECE_VALUES: dict[chess.PieceType, int] = {
    chess.PAWN: 1,
    chess.KNIGHT: 3,
    chess.BISHOP: 3,
    chess.ROOK: 5,
    chess.QUEEN: 9,
    chess.KING: 0,
}
"""The course's material values: pawn 1, knight and bishop 3, rook 5, queen 9."""


class ChessError(CoursekitError):
    """A position or move that is not legal chess; the message says which and why."""


class ChessState:
    """A chess position that never changes once made (a python-chess board kept private).

    Two states are equal when they are the same position for the rules
    (pieces, side to move, castling rights, en-passant square), whatever the
    move counters say; that is what a transposition table needs.
    """

    __slots__ = ("_board", "_key")

    def __init__(self, board: chess.Board) -> None:
        self._board = board
        self._key: int | None = None

    @property
    def board(self) -> chess.Board:
        """The position as a python-chess board, to read: never push a move on it.

        The state shares this board with every search that holds the state (no
        copy is made, for speed); to play on from here, take ``board.copy()``.
        """
        return self._board

    @property
    def fen(self) -> str:
        """The position in Forsyth–Edwards Notation."""
        return self._board.fen()

    @property
    def key(self) -> int:
        """The position's Zobrist hash (python-chess's polyglot hash), computed once."""
        if self._key is None:
            self._key = chess.polyglot.zobrist_hash(self._board)
        return self._key

    def __hash__(self) -> int:
        return self.key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChessState):
            return NotImplemented
        mine, theirs = self._board, other._board
        return self.key == other.key and (
            mine.board_fen() == theirs.board_fen()
            and mine.turn == theirs.turn
            and mine.castling_rights == theirs.castling_rights
            and mine.ep_square == theirs.ep_square
        )

    def __repr__(self) -> str:
        return f"ChessState({self.fen!r})"


class Chess:
    """Chess from a starting position (the usual one unless ``fen`` says otherwise).

    Parameters
    ----------
    fen : str, optional
        The first position, in FEN; the standard starting position by default.

    Raises
    ------
    ChessError
        When ``fen`` is not a string or not a legal position.

    Examples
    --------
    >>> game = Chess("7k/8/8/8/8/8/8/R6K w - - 0 1")
    >>> game.evaluate(game.initial)
    5
    """

    def __init__(self, fen: str = chess.STARTING_FEN) -> None:
        self.initial = self.parse(fen)

    def __repr__(self) -> str:
        return f"Chess({self.initial.fen!r})"

    # --- the formal game -------------------------------------------------------------

    def to_move(self, state: ChessState) -> Player:
        """White (MAX) or Black (MIN)."""
        return MAX if state._board.turn == chess.WHITE else MIN

    def actions(self, state: ChessState) -> list[chess.Move]:
        """The legal moves, in python-chess's order (none once the game is over)."""
        board = state._board
        if board.is_insufficient_material() or board.halfmove_clock >= 150:
            return []
        return list(board.legal_moves)

    def result(self, state: ChessState, action: chess.Move) -> ChessState:
        """The position after ``action`` (a legal :class:`chess.Move`)."""
        board = state._board
        if not isinstance(action, chess.Move) or not board.is_legal(action):
            raise ChessError(
                say("errors.games.chess.illegal_move", move=repr(action), fen=state.fen)
            )
        after = board.copy(stack=False)
        after.push(action)
        return ChessState(after)

    def is_terminal(self, state: ChessState) -> bool:
        """Mate, stalemate, insufficient material or the 75-move rule."""
        board = state._board
        return (
            board.is_insufficient_material()
            or board.halfmove_clock >= 150
            or not any(board.generate_legal_moves())
        )

    def utility(self, state: ChessState, player: Player = MAX) -> float:
        """+∞ when ``player`` has mated, −∞ when mated, 0 for a draw (finished games only)."""
        if not self.is_terminal(state):
            raise ChessError(say("errors.games.chess.not_over", fen=state.fen))
        board = state._board
        if board.is_checkmate():
            white_won = board.turn == chess.BLACK
            return (math.inf if white_won else -math.inf) * player.sign
        return 0

    def evaluate(self, state: ChessState) -> float:
        """e(p): the material balance, White minus Black, with the course's values."""
        return material(state._board)

    def key(self, state: ChessState) -> Hashable:
        """The Zobrist hash, for transposition tables."""
        return state.key

    # --- reading and writing positions -------------------------------------------------

    def to_text(self, state: ChessState) -> str:
        """The position as FEN."""
        return state.fen

    def parse(self, text: str) -> ChessState:
        """A position from FEN.

        Raises
        ------
        ChessError
            When ``text`` is not a string, not FEN, or not a legal position
            (two kings, the side not to move not in check, …).
        """
        if not isinstance(text, str):
            raise ChessError(say("errors.games.chess.not_text", text=repr(text)))
        try:
            board = chess.Board(text.strip())
        except ValueError as error:
            raise ChessError(
                say("errors.games.chess.not_fen", text=repr(text), error=error)
            ) from None
        if not board.is_valid():
            problems = str(board.status()).removeprefix("Status.").replace("|", ", ")
            raise ChessError(
                say(
                    "errors.games.chess.illegal_position",
                    text=repr(text),
                    problems=problems.lower(),
                )
            )
        return ChessState(board)

    def move(self, state: ChessState, text: str) -> chess.Move:
        """A move written in UCI (``e2e4``) or SAN (``Nf3``, ``O-O``), checked for legality."""
        board = state._board
        try:
            return board.parse_uci(text)
        except ValueError:
            pass
        try:
            return board.parse_san(text)
        except ValueError:
            raise ChessError(
                say("errors.games.chess.illegal_move", move=repr(text), fen=state.fen)
            ) from None

    def noisy_moves(self, state: ChessState) -> list[chess.Move]:
        """The legal captures and promotions: the moves that make a position not quiet."""
        board = state._board
        return [m for m in board.legal_moves if board.is_capture(m) or m.promotion]


def material(board: chess.Board) -> int:
    """White's material minus Black's, with the course's values (kings count 0).

    >>> material(chess.Board())
    0
    >>> material(chess.Board("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"))
    9
    """
    balance = 0
    for piece_type, value in PIECE_VALUES.items():
        if value:
            white = board.pieces_mask(piece_type, chess.WHITE).bit_count()
            black = board.pieces_mask(piece_type, chess.BLACK).bit_count()
            balance += value * (white - black)
    return balance
