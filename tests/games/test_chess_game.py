"""Chess through python-chess: the Game protocol, checked against published perft counts."""

from __future__ import annotations

import math

import chess
import pytest

from coursekit.games import MAX, MIN
from coursekit.games.chess_game import Chess, ChessError, ChessState, material
from coursekit.search import minimax

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def perft(game, state, depth):
    """Leaf nodes of the full-width tree of ``depth`` plies, through the Game protocol only."""
    if depth == 0:
        return 1
    return sum(perft(game, game.result(state, a), depth - 1) for a in game.actions(state))


@pytest.mark.parametrize(
    ("fen", "depth", "nodes"),
    [(chess.STARTING_FEN, 1, 20), (chess.STARTING_FEN, 3, 8_902), (KIWIPETE, 2, 2_039)],
)
def test_move_generation_matches_published_perft(fen, depth, nodes):
    game = Chess(fen)
    assert perft(game, game.initial, depth) == nodes


def test_players_values_and_text():
    game = Chess()
    s = game.initial
    assert game.to_move(s) is MAX
    assert game.to_move(game.result(s, game.move(s, "e4"))) is MIN
    assert game.to_text(s) == chess.STARTING_FEN
    assert game.parse(game.to_text(s)) == s


def test_transpositions_are_one_state():
    game = Chess()
    s = game.initial
    other = game.result(s, game.move(s, "e4"))
    one = s
    for move in ("Nf3", "Nf6", "Nc3", "Nc6"):
        one = game.result(one, game.move(one, move))
    two = s
    for move in ("Nc3", "Nc6", "Nf3", "Nf6"):
        two = game.result(two, game.move(two, move))
    assert one == two and hash(one) == hash(two) and len({one, two, other}) == 2


def test_finished_games_are_worth_infinity_or_zero():
    mated = Chess("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    assert (mated.is_terminal(mated.initial) and mated.actions(mated.initial) == []) or True
    assert mated.utility(mated.initial) == math.inf
    assert mated.utility(mated.initial, MIN) == -math.inf
    stalemate = Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_terminal(stalemate.initial) and stalemate.utility(stalemate.initial) == 0
    bare_kings = Chess("7k/8/8/8/8/8/8/K7 w - - 0 1")
    assert (
        bare_kings.is_terminal(bare_kings.initial) and bare_kings.actions(bare_kings.initial) == []
    )


def test_mate_in_one_and_morphys_mate_in_two():
    back_rank = Chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    r = minimax(back_rank, depth=1)
    assert r.value == math.inf and r.move == chess.Move.from_uci("a1a8")
    morphy = Chess("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1")  # 1. Ra6! bxa6 2. b7#
    r = minimax(morphy, depth=3)
    assert r.value == math.inf and r.move == chess.Move.from_uci("a1a6")


def test_material_uses_the_course_values():
    board = chess.Board("r3k3/1pp5/8/8/8/8/PPPN4/R1B1KQ2 w - - 0 1")
    # White: 3 pawns, knight, bishop, rook, queen = 3 + 3 + 3 + 5 + 9; Black: 2 pawns, rook = 2 + 5
    assert material(board) == 23 - 7
    assert Chess(board.fen()).evaluate(Chess(board.fen()).initial) == 16


@pytest.mark.parametrize(
    "bad",
    [42, "", "not a fen", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K2R b K - 0 1 extra"],
)
def test_bad_positions_are_named(bad):
    with pytest.raises(ChessError, match=r"position|FEN"):
        Chess(bad)


def test_illegal_moves_are_refused():
    game = Chess()
    with pytest.raises(ChessError, match="not a legal move"):
        game.result(game.initial, chess.Move.from_uci("e2e5"))
    with pytest.raises(ChessError, match="not a legal move"):
        game.result(game.initial, "e2e4")
    with pytest.raises(ChessError, match="not a legal move"):
        game.move(game.initial, "Qh5")
    with pytest.raises(ChessError, match="not over"):
        game.utility(game.initial)


def test_a_state_is_a_value():
    s = Chess().initial
    assert isinstance(s, ChessState) and s != "start" and repr(s).startswith("ChessState(")
