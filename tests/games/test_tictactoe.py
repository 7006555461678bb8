"""Tic-tac-toe: rules, the course's e(p), symmetry, and the published counts of the game."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, Game, TicTacToe, TicTacToeState
from coursekit.games.tictactoe import LINES, SYMMETRIES

GAME = TicTacToe()
ROWS_COLS_DIAGONALS = [
    (0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6),
]  # fmt: skip


def cells(state):
    """The board as a list of 'x', 'o', '.' — a plain view to check the bitboards against."""
    return ["x" if state.x >> i & 1 else "o" if state.o >> i & 1 else "." for i in range(9)]


def lines_made_by_filling(board, mark):
    """The course's definition, literally: fill every empty cell with ``mark``, count lines."""
    filled = [mark if c == "." else c for c in board]
    return sum(all(filled[i] == mark for i in line) for line in ROWS_COLS_DIAGONALS)


def has_three(board, mark):
    return any(all(board[i] == mark for i in line) for line in ROWS_COLS_DIAGONALS)


@st.composite
def positions(draw):
    """A position reached by random legal play."""
    state = GAME.initial
    for _ in range(draw(st.integers(0, 9))):
        if GAME.is_terminal(state):
            break
        state = GAME.result(state, draw(st.sampled_from(GAME.actions(state))))
    return state


def test_is_a_game_with_max_first():
    assert isinstance(GAME, Game)
    assert GAME.to_move(GAME.initial) is MAX
    assert GAME.actions(GAME.initial) == list(range(9))


def test_the_course_examples_of_e():
    # × in the centre and ○ on the edge above it: 6 lines open for MAX, 4 for MIN.
    edge = GAME.parse(". o .\n. x .\n. . .")
    assert (GAME.open_lines(edge, MAX), GAME.open_lines(edge, MIN), GAME.evaluate(edge)) == (
        6,
        4,
        2,
    )
    # × in the centre and ○ in a corner: 5 − 4 = 1.
    corner = GAME.parse("o . .\n. x .\n. . .")
    assert (GAME.open_lines(corner, MAX), GAME.open_lines(corner, MIN)) == (5, 4)
    assert GAME.evaluate(corner) == 1


def test_won_positions_are_infinite():
    assert GAME.evaluate(GAME.parse("xxx/oo./...")) == math.inf
    assert GAME.evaluate(GAME.parse("xx./ooo/x..")) == -math.inf
    assert GAME.utility(GAME.parse("xx./ooo/x.."), MIN) == math.inf
    assert GAME.winner(GAME.parse("xxx/oo./...")) is MAX


@given(positions())
def test_bitboards_agree_with_a_plain_board(state):
    board = cells(state)
    x_won, o_won = has_three(board, "x"), has_three(board, "o")
    assert GAME.is_terminal(state) == (x_won or o_won or "." not in board)
    expected_moves = [] if x_won or o_won else [i for i, c in enumerate(board) if c == "."]
    assert GAME.actions(state) == expected_moves
    assert GAME.to_move(state) is (MAX if board.count("x") == board.count("o") else MIN)
    if x_won:
        assert GAME.evaluate(state) == math.inf
    elif o_won:
        assert GAME.evaluate(state) == -math.inf
    else:
        e = lines_made_by_filling(board, "x") - lines_made_by_filling(board, "o")
        assert GAME.evaluate(state) == e
    assert GAME.parse(GAME.to_text(state)) == state


def test_the_eight_symmetries_form_the_group_of_the_square():
    lines = {frozenset(line) for line in ROWS_COLS_DIAGONALS}
    as_tuples = set(SYMMETRIES)
    assert len(as_tuples) == 8
    for m in SYMMETRIES:
        assert sorted(m) == list(range(9)) and m[4] == 4  # a permutation fixing the centre
        assert {frozenset(m[i] for i in line) for line in lines} == lines  # lines go to lines
        for n in SYMMETRIES:
            assert tuple(n[m[i]] for i in range(9)) in as_tuples  # closed under composition
    assert {sum(1 << i for i in line) for line in ROWS_COLS_DIAGONALS} == set(LINES)


@given(positions())
def test_symmetric_positions_share_a_key_and_an_evaluation(state):
    images = GAME.symmetries(state)
    assert len(images) == 8
    assert {GAME.key(image) for image in images} == {GAME.key(state)}
    assert {GAME.evaluate(image) for image in images} == {GAME.evaluate(state)}
    assert GAME.canonical(state) in images
    assert GAME.key(GAME.canonical(state)) == GAME.key(state)


@given(positions(), positions())
def test_different_keys_mean_positions_that_are_not_symmetric(a, b):
    assert (GAME.key(a) == GAME.key(b)) == (b in GAME.symmetries(a))


def test_symmetry_leaves_three_first_moves_and_twelve_replies():
    classes = {GAME.key(GAME.result(GAME.initial, a)) for a in range(9)}
    assert len(classes) == 3  # corner, edge, centre
    replies = {
        GAME.key(GAME.result(GAME.result(GAME.initial, a), b))
        for a in range(9)
        for b in range(9)
        if a != b
    }
    assert len(replies) == 12  # the depth-2 tree of the course's first stage


def test_the_complete_game_matches_the_published_counts():
    """Every game of tic-tac-toe, enumerated with the game's own rules.

    Published counts (e.g. Schaefer's analysis, widely reproduced): 255,168
    games; 131,184 won by the first player, 77,904 by the second, 46,080
    drawn; 1,440 / 5,328 / 47,952 / 72,576 / 127,872 of them end after
    5 / 6 / 7 / 8 / 9 moves; the full game tree has 549,946 nodes.
    """
    outcomes, lengths, nodes = Counter(), Counter(), 0
    stack = [(GAME.initial, 0)]
    while stack:
        state, moves = stack.pop()
        nodes += 1
        if GAME.is_terminal(state):
            outcomes[GAME.winner(state)] += 1
            lengths[moves] += 1
            continue
        stack.extend((GAME.result(state, a), moves + 1) for a in GAME.actions(state))
    assert nodes == 549_946
    assert sum(outcomes.values()) == 255_168
    assert outcomes == {MAX: 131_184, MIN: 77_904, None: 46_080}
    assert lengths == {5: 1_440, 6: 5_328, 7: 47_952, 8: 72_576, 9: 127_872}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("xx/...", "3 rows"),
        ("xq./.../...", "row 1, column 2: 'q' is not x, o or ."),
        ("xx./.../...", "2 × and 0 ○ cannot happen"),
        ("xxx/ooo/...", "2 × and ... cannot happen|both players"),
        ("xxx/oo./o..", "a player moved after the other had already won"),
        ("x..../.../...", "row 1 has 5 cells"),
    ],
)
def test_bad_boards_are_refused_with_a_reason(text, message):
    with pytest.raises(ValueError, match=message):
        GAME.parse(text)


def test_moves_on_taken_cells_are_refused():
    state = GAME.result(GAME.initial, 4)
    with pytest.raises(ValueError, match="cell 4 is not an empty cell"):
        GAME.result(state, 4)
    with pytest.raises(ValueError, match="cell 9"):
        GAME.result(state, 9)
    with pytest.raises(ValueError, match="cell '4'"):
        GAME.result(state, "4")
    with pytest.raises(ValueError, match="not over yet"):
        GAME.utility(state)


def test_states_print_as_boards():
    state = TicTacToeState(x=0b000010001, o=0b000000100)
    assert str(state) == "x . o\n. x .\n. . ."


# --- the optional fast protocol: outcome and successors --------------------------------------


def every_reachable_position(game):
    """Every distinct position of legal play from the empty board (5,478 of them)."""
    seen, stack = {game.initial}, [game.initial]
    while stack:
        state = stack.pop()
        for action in game.actions(state):
            child = game.result(state, action)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen


def test_outcome_and_successors_answer_as_the_protocol_does_everywhere():
    positions_ = every_reachable_position(GAME)
    assert len(positions_) == 5_478  # the published count of legal positions
    for state in positions_:
        expected = GAME.utility(state, MAX) if GAME.is_terminal(state) else None
        assert GAME.outcome(state) == expected and type(GAME.outcome(state)) is type(expected)
        pairs = [(a, GAME.result(state, a)) for a in GAME.actions(state)]
        assert list(GAME.successors(state)) == pairs
        assert all(type(child) is TicTacToeState for _, child in GAME.successors(state))


@given(positions())
def test_the_hashed_game_answers_alike_with_hashed_states(state):
    hashed = TicTacToe(hashing="zobrist")
    s = hashed.check(hashed._state(state.x, state.o))
    assert hashed.outcome(s) == GAME.outcome(state)
    pairs = list(hashed.successors(s))
    assert pairs == [(a, hashed.result(s, a)) for a in hashed.actions(s)]
    assert [(a, (c.x, c.o)) for a, c in pairs] == [(a, tuple(c)) for a, c in GAME.successors(state)]


def test_new_states_are_the_positions_made_once_and_equal_to_fresh_ones():
    # result looks the new position up in a table of every board made at import time
    # (also boards no legal game reaches: result does not judge the position it is given)
    odd = TicTacToeState(0b111, 0)  # × has three and nobody has moved for ○
    child = GAME.result(odd, 8)
    assert child == TicTacToeState(0b111, 1 << 8) and type(child) is TicTacToeState
    assert GAME.result(GAME.initial, 4) is GAME.result(TicTacToeState(0, 0), 4)
    assert hash(child) == hash(TicTacToeState(0b111, 1 << 8))
