"""Quiescence search: no verdict in the middle of an exchange."""

from __future__ import annotations

import math

import chess
import pytest

from coursekit.games import ConnectFour, GameTree
from coursekit.games.chess_game import Chess
from coursekit.search import SearchError, minimax
from coursekit.search.quiescence import quiescent

HANGING = "6k1/8/4p3/3p4/8/8/8/3Q2K1 w - - 0 1"  # d5 is defended by e6: Qxd5?? exd5


def test_a_depth_limited_search_without_quiescence_takes_the_poisoned_pawn():
    game = Chess(HANGING)
    greedy = minimax(game, depth=1)
    assert greedy.move == chess.Move.from_uci("d1d5")  # the horizon hides ...exd5
    q = quiescent(game)
    careful = minimax(game, depth=1, evaluate=q)
    assert careful.move != chess.Move.from_uci("d1d5") and careful.value == 7
    assert q.nodes > 0


def test_the_recapture_is_found_one_ply_deeper_too():
    game = Chess("6k1/8/4p3/3p4/8/8/3Q4/3R2K1 w - - 0 1")  # now the rook backs the queen up
    assert minimax(game, depth=1).move == chess.Move.from_uci("d2d5")  # the blunder
    q = quiescent(game)
    r = minimax(game, depth=1, evaluate=q)
    # Qxd5 exd5 Rxd5: queen (9) for two pawns (2): worse than keeping 14 − 2 = 12 material.
    assert r.move != chess.Move.from_uci("d2d5") and r.value == 12
    after = game.result(game.initial, chess.Move.from_uci("d2d5"))
    assert q(after) == 5  # rook and nothing against nothing: 5 − 0


def test_quiet_positions_are_valued_by_eval():
    game = Chess()
    q = quiescent(game)
    assert q(game.initial) == game.evaluate(game.initial) == 0 and q.nodes == 1


def test_stand_pat_lets_the_mover_decline_a_bad_capture():
    # White to move may take the defended pawn, but need not: the value stays the static one.
    game = Chess(HANGING)
    assert quiescent(game)(game.initial) == game.evaluate(game.initial) == 7


def test_connect_four_threats_are_noisy():
    game = ConnectFour(rows=4, cols=5, k=3)
    state = game.parse(". . . . .\n. . . . .\n. . . . .\nx x . o o")
    # x to move: column 2 wins at once for x (and would win for o too)
    assert game.noisy_moves(state) == [2]
    q = quiescent(game)
    assert q(state) == math.inf


def test_node_counts_reset():
    game = Chess(HANGING)
    q = quiescent(game)
    q(game.initial)
    assert q.nodes >= 1
    q.reset()
    assert q.nodes == 0


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: quiescent(GameTree.from_nested([1, 2])), "does not say which moves are noisy"),
        (lambda: quiescent(Chess(), max_depth=-1), "max_depth must be a whole number"),
        (lambda: quiescent(Chess(), max_depth=1.5), "max_depth must be a whole number"),
    ],
)
def test_bad_input_is_named(build, message):
    with pytest.raises(SearchError, match=message):
        build()
