"""Features of a chess position and the course's weighted evaluation of it.

Material comes first, with the course's values (pawn 1, knight and bishop 3,
rook 5, queen 9); the positional features are worth about half a pawn each
when they matter, as the course says of a good pawn structure or a safe
king. Every feature is White's number minus Black's, so positive is good for
MAX (White).

The bishop pair shows why the linear sum is only a first step: two bishops
are worth more as the board empties, so its weight is a function of the game
phase (0 at the start, 1 when only kings and pawns are left).

>>> import chess
>>> from coursekit.games.chess_game import Chess
>>> game = Chess()
>>> start = game.initial
>>> [(t.name, t.value) for t in chess_evaluation().terms(start)]
[('material', 0), ('pawn structure', 0), ('king safety', 0), ('mobility', 0), ('bishop pair', 0)]
"""

from __future__ import annotations

import chess

from coursekit.evaluation.weighted_linear import Feature, WeightedLinear
from coursekit.games.chess_game import PIECE_VALUES, ChessState, material

OPENING_MATERIAL = 2 * (8 * 1 + 2 * 3 + 2 * 3 + 2 * 5 + 9) - 2 * 8
"""The pieces (pawns left out) both sides start with: 62 in the course's values."""


def material_balance(state: ChessState) -> int:
    """White's material minus Black's (pawn 1, knight and bishop 3, rook 5, queen 9)."""
    return material(state.board)


def phase(state: ChessState) -> float:
    """How far the game has gone: 0 with all pieces on the board, 1 with only kings and pawns.

    >>> from coursekit.games.chess_game import Chess
    >>> phase(Chess().initial), phase(Chess("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1").initial)
    (0.0, 1.0)
    """
    board = state.board
    pieces = 0
    for piece_type in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
        count = board.pieces_mask(piece_type, chess.WHITE) | board.pieces_mask(
            piece_type, chess.BLACK
        )
        pieces += PIECE_VALUES[piece_type] * count.bit_count()
    return max(0.0, 1.0 - pieces / OPENING_MATERIAL)


def pawn_weaknesses(board: chess.Board, colour: chess.Color) -> int:
    """Doubled pawns (a second pawn on a file) plus isolated pawns (no pawn on a file beside)."""
    pawns = board.pieces_mask(chess.PAWN, colour)
    per_file = [(pawns & chess.BB_FILES[f]).bit_count() for f in range(8)]
    doubled = sum(n - 1 for n in per_file if n > 1)
    isolated = sum(
        n
        for f, n in enumerate(per_file)
        if n and not (f > 0 and per_file[f - 1]) and not (f < 7 and per_file[f + 1])
    )
    return doubled + isolated


def passed_pawns(board: chess.Board, colour: chess.Color) -> int:
    """Pawns with no enemy pawn ahead of them on their own file or a file beside."""
    enemy = board.pieces_mask(chess.PAWN, not colour)
    passed = 0
    for square in chess.SquareSet(board.pieces_mask(chess.PAWN, colour)):
        file, rank = chess.square_file(square), chess.square_rank(square)
        ahead = range(rank + 1, 8) if colour == chess.WHITE else range(0, rank)
        blockers = 0
        for f in range(max(0, file - 1), min(7, file + 1) + 1):
            for r in ahead:
                blockers |= enemy & chess.BB_SQUARES[chess.square(f, r)]
        if not blockers:
            passed += 1
    return passed


def pawn_structure(state: ChessState) -> int:
    """(passed − doubled − isolated pawns) for White minus the same for Black."""
    board = state.board

    def score(colour: chess.Color) -> int:
        return passed_pawns(board, colour) - pawn_weaknesses(board, colour)

    return score(chess.WHITE) - score(chess.BLACK)


def pawn_shield(board: chess.Board, colour: chess.Color) -> int:
    """Own pawns on the three squares in front of the king (0–3)."""
    king = board.king(colour)
    if king is None:
        return 0
    file, rank = chess.square_file(king), chess.square_rank(king)
    front = rank + 1 if colour == chess.WHITE else rank - 1
    if not 0 <= front < 8:
        return 0
    pawns = board.pieces_mask(chess.PAWN, colour)
    return sum(
        1
        for f in range(max(0, file - 1), min(7, file + 1) + 1)
        if pawns & chess.BB_SQUARES[chess.square(f, front)]
    )


def king_safety(state: ChessState) -> int:
    """White's pawn shield minus Black's (it matters while queens are on the board)."""
    board = state.board
    return pawn_shield(board, chess.WHITE) - pawn_shield(board, chess.BLACK)


def mobility(state: ChessState) -> int:
    """White's pseudo-legal moves minus Black's (each side counted as if it were to move)."""
    board = state.board.copy(stack=False)
    mover = board.turn
    mine = board.pseudo_legal_moves.count()
    board.turn = not mover
    board.ep_square = None
    theirs = board.pseudo_legal_moves.count()
    return mine - theirs if mover == chess.WHITE else theirs - mine


def bishop_pair(state: ChessState) -> int:
    """+1 when only White has two bishops or more, −1 when only Black has, else 0."""
    board = state.board
    white = board.pieces_mask(chess.BISHOP, chess.WHITE).bit_count() >= 2
    black = board.pieces_mask(chess.BISHOP, chess.BLACK).bit_count() >= 2
    return int(white) - int(black)


def bishop_pair_weight(state: ChessState) -> float:
    """Half a pawn in the opening, growing to a whole pawn as the pieces come off."""
    return 0.5 + 0.5 * phase(state)


def chess_evaluation(
    *,
    material_weight: float = 1.0,
    pawn_structure_weight: float = 0.5,
    king_safety_weight: float = 0.5,
    mobility_weight: float = 0.1,
) -> WeightedLinear:
    """The course's chess EVAL: material plus a few positional features, in pawns.

    Parameters
    ----------
    material_weight, pawn_structure_weight, king_safety_weight, mobility_weight : float
        The fixed weights; the bishop pair's weight grows with :func:`phase`.

    Returns
    -------
    WeightedLinear
        Call it on a :class:`~coursekit.games.chess_game.ChessState`; ``.terms(s)``
        shows each feature's share.

    Examples
    --------
    >>> from coursekit.games.chess_game import Chess
    >>> s = Chess("4k3/8/8/8/8/8/8/2BBK3 w - - 0 1").initial
    >>> {t.name: t.value for t in chess_evaluation().terms(s)}  # doctest: +NORMALIZE_WHITESPACE
    {'material': 6, 'pawn structure': 0, 'king safety': 0, 'mobility': 13,
     'bishop pair': 1}
    >>> round(chess_evaluation()(s), 2)  # 6 + 0.1·13 + (0.5 + 0.5·56/62)·1
    8.25
    """
    return WeightedLinear(
        [
            Feature("material", material_balance, material_weight, "pieces, in pawns"),
            Feature(
                "pawn structure",
                pawn_structure,
                pawn_structure_weight,
                "passed pawns good; doubled and isolated pawns bad",
            ),
            Feature("king safety", king_safety, king_safety_weight, "pawns in front of the king"),
            Feature("mobility", mobility, mobility_weight, "moves available"),
            Feature(
                "bishop pair",
                bishop_pair,
                bishop_pair_weight,
                "two bishops, worth more as the board empties",
            ),
        ]
    )
