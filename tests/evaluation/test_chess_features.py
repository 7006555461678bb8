"""Chess features: colour symmetry on random positions, and the course's material values."""

from __future__ import annotations

import random

import chess
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.evaluation import chess_evaluation
from coursekit.evaluation.chess_features import phase
from coursekit.games.chess_game import Chess, ChessState


def random_position(seed: int, plies: int) -> ChessState:
    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return ChessState(board.copy(stack=False))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 80))
def test_every_feature_changes_sign_when_the_colours_swap(seed, plies):
    """White's number minus Black's: the mirrored position (colours swapped) negates each term."""
    state = random_position(seed, plies)
    mirrored = ChessState(state.board.mirror())
    evaluate = chess_evaluation()
    ours = {t.name: t.value for t in evaluate.terms(state)}
    theirs = {t.name: t.value for t in evaluate.terms(mirrored)}
    assert ours == {name: -value for name, value in theirs.items()}
    assert phase(state) == phase(mirrored)


def test_the_bishop_pair_is_worth_more_in_the_endgame():
    evaluate = chess_evaluation()
    crowded = Chess("rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").initial
    empty = Chess("4k3/8/8/8/8/8/8/2BBK3 w - - 0 1").initial
    weight = {
        s: next(t.weight for t in evaluate.terms(s) if t.name == "bishop pair")
        for s in (crowded, empty)
    }
    assert weight[empty] > weight[crowded] >= 0.5


def test_a_weakened_pawn_structure_costs_half_a_pawn_each():
    evaluate = chess_evaluation(mobility_weight=0)
    good = Chess("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1").initial  # three connected passed pawns
    doubled = Chess("4k3/8/8/8/8/P7/P1P5/4K3 w - - 0 1").initial  # a doubled, c isolated
    terms = lambda s: {t.name: t.value for t in evaluate.terms(s)}  # noqa: E731
    assert terms(good)["pawn structure"] == 3
    assert terms(doubled)["pawn structure"] == 3 - 1 - 1 - 2  # passed 3, doubled 1, isolated a,a,c
    assert evaluate(good) - evaluate(doubled) == 0.5 * (
        terms(good)["pawn structure"] - terms(doubled)["pawn structure"]
    )
