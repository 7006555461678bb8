"""solve(): exact values over the state-space graph, checked against minimax and the literature."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, ConnectFour, GameTree, Grundy, TicTacToe
from coursekit.games.grundy import GrundyState
from coursekit.search import alphabeta, minimax, solve
from coursekit.search.solve import tabulate

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


# --- chapter 6: α-β with a table and zero windows agrees with plain minimax ------------------


@given(st.data())
@settings(max_examples=30, deadline=None)
def test_fresh_solve_agrees_with_minimax_from_tic_tac_toe_positions(data):
    state = GAME.initial
    for _ in range(data.draw(st.integers(1, 7))):
        if GAME.is_terminal(state):
            break
        state = GAME.result(state, data.draw(st.sampled_from(GAME.actions(state))))
    exact, plain = solve(GAME, state), minimax(GAME, state)
    assert exact.value == plain.value
    # The line of perfect play keeps the value to the end.
    for move in exact.pv:
        state = GAME.result(state, move)
    assert GAME.is_terminal(state) and GAME.utility(state) == exact.value


@given(st.integers(0, 10**6), st.sampled_from([MAX, MIN]), st.integers(1, 4))
@settings(max_examples=60, deadline=None)
def test_solve_agrees_with_minimax_on_wide_random_trees(seed, root, spread):
    # Few distinct leaf values (spread) make many ties: the zero windows must still be exact.
    tree = GameTree.random(
        branching=(1, 4), depth=5, seed=seed, root=root, values=(-spread, spread)
    )
    exact = solve(tree)
    assert exact.value == minimax(tree).value
    for node in list(tree.actions(tree.initial))[:3]:
        child = tree.result(tree.initial, node)
        assert exact.value_of(child) == minimax(tree, child).value


@given(st.data())
@settings(max_examples=25, deadline=None)
def test_solve_agrees_with_tabulated_minimax_on_small_connect_four(data):
    rows, cols = data.draw(st.sampled_from([(3, 4), (4, 4), (4, 5)]))
    game = ConnectFour(rows, cols, 3)
    state = game.initial
    for _ in range(data.draw(st.integers(rows * cols // 2, rows * cols - 2))):
        if game.is_terminal(state):
            break
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))
    table = tabulate(game, state)
    exact = solve(game, state)
    assert exact.value == table[state]
    if not game.is_terminal(state):
        assert exact.move in exact.best_moves(state)


@given(st.data())
@settings(max_examples=80, deadline=None)
def test_solve_agrees_with_tabulated_minimax_near_the_end_of_6x7_connect_four(data):
    """Wins found at once and safe moves (the game's tactics) against a plain search."""
    game = ConnectFour()
    state = game.initial
    for _ in range(data.draw(st.integers(28, 36))):  # random moves that do not end the game
        children = [game.result(state, c) for c in game.actions(state)]
        going_on = [child for child in children if not game.is_terminal(child)]
        if not going_on:
            break
        state = data.draw(st.sampled_from(going_on))
    assert solve(game, state).value == tabulate(game, state)[state]


@pytest.mark.parametrize("coins", range(1, 21))
@pytest.mark.parametrize("first", [MAX, MIN])
def test_grundy_solve_agrees_with_memoised_minimax(coins, first):
    game = Grundy(coins, first=first)
    exact, table = solve(game), tabulate(game)
    assert exact.value == table[game.initial]
    assert {exact.value_of(s) for s in list(table)[:50]} <= {-1, 1}
    for state in list(table)[:50]:
        assert exact.value_of(state) == table[state]
    if coins <= 9:
        assert exact.value == minimax(game).value


@settings(max_examples=60, deadline=None)
@given(
    heaps=st.lists(st.integers(1, 9), min_size=1, max_size=4),
    twin=st.integers(3, 7),
    first=st.sampled_from([MAX, MIN]),
)
def test_grundy_twins_cancel_as_the_plain_search_finds(heaps, twin, first):
    """The solver drops pairs of equal heaps (grundy_key); a plain search keeps them."""
    game = Grundy(sum(heaps), first=first)
    for position in (heaps, [*heaps, twin, twin]):
        state = GrundyState(tuple(position), first)
        assert solve(game, state).value == tabulate(game, state)[state]


# n ≤ 60 whose Grundy value is 0 (OEIS A002188: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, ...).
A002188_ZEROS = [0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53]


def test_grundy_losses_match_oeis_a002188():
    last = 45  # the suite stops at 45 coins; bench/beyond.py goes to 60
    losses = [n for n in range(1, last + 1) if solve(Grundy(n, first=MAX)).value < 0]
    assert losses == [n for n in A002188_ZEROS if 1 <= n <= last]


def test_connect_four_issue_position_is_a_win_for_the_mover():
    # The 22-ply line of issue 14: x has three stacked in column 0, nobody blocked them.
    # OpenSpiel's alpha_beta_search and easyAI's Negamax also value it as a win (bench/RESULTS.md).
    game = ConnectFour()
    state = game.initial
    for c in "0306130541111243523314":
        state = game.result(state, int(c))
    exact = solve(game, state)
    assert exact.value == math.inf and exact.move == 0
    assert exact.best_moves(state)[0] == 0


def test_a_real_connect_four_endgame_agrees_with_alphabeta():
    game = ConnectFour()
    state = game.initial
    for c in "213500640240420055132652":  # 24 random plies without an immediate win
        state = game.result(state, int(c))
    exact = solve(game, state)
    assert exact.value == alphabeta(game, state, depth=None).value
