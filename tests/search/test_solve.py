"""solve(): exact values over the state-space graph, checked against minimax and the literature."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, ConnectFour, GameTree, TicTacToe
from coursekit.search import minimax, solve

GAME = TicTacToe()


@pytest.fixture(scope="module")
def tictactoe():
    return solve(GAME)


def test_tic_tac_toe_positions_and_value(tictactoe):
    assert tictactoe.value == 0
    assert len(tictactoe) == 5_478  # legal positions, the empty board included (published)
    assert len(solve(GAME, symmetry=True)) == 765  # "essentially different" positions
    # α-β with a table visits fewer nodes than there are positions.
    assert tictactoe.stats.tt_hits > 0 and tictactoe.stats.nodes < len(tictactoe)


def test_every_first_move_draws(tictactoe):
    # With perfect play from both sides every opening leads to a draw.
    assert tictactoe.best_moves(GAME.initial) == list(range(9))
    assert all(tictactoe.value_of(GAME.result(GAME.initial, a)) == 0 for a in range(9))


@given(st.data())
@settings(max_examples=40, deadline=None)
def test_solve_agrees_with_minimax_from_any_position(tictactoe, data):
    state = GAME.initial
    for _ in range(data.draw(st.integers(2, 8))):
        if GAME.is_terminal(state):
            break
        state = GAME.result(state, data.draw(st.sampled_from(GAME.actions(state))))
    r = minimax(GAME, state)
    assert tictactoe.value_of(state) == r.value
    if r.move is not None:
        assert r.move in tictactoe.best_moves(state)


def test_unreachable_positions_are_named():
    solution = solve(GAME, GAME.parse("x../.../..."))
    with pytest.raises(KeyError, match="cannot be reached"):
        solution.value_of(GAME.parse("o../x../..."))


@given(st.integers(0, 10**6), st.sampled_from([MAX, MIN]))
@settings(max_examples=100, deadline=None)
def test_solve_agrees_with_minimax_on_random_trees(seed, root):
    tree = GameTree.random(branching=(1, 3), depth=4, seed=seed, root=root)
    assert solve(tree).value == minimax(tree).value


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 3, 3), (2, 4, 2), (3, 4, 3)])
def test_small_connect_four_boards(rows, cols, k):
    game = ConnectFour(rows, cols, k)
    exact = solve(game)
    assert exact.value == solve(game, symmetry=True).value
    if rows * cols <= 9:
        assert exact.value == minimax(game).value
    else:  # check the solution one move deep instead of searching the whole tree
        for a in game.actions(game.initial):
            child = game.result(game.initial, a)
            assert exact.value_of(child) == solve(game, child).value
