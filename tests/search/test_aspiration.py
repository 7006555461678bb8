"""Aspiration windows: right even when the window fails, failures counted."""

from __future__ import annotations

import math

import pytest
from chapter6_cases import board_cases, check_value_and_move, tree_cases
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import ConnectFour, GameTree, TicTacToe
from coursekit.search import SearchError, TranspositionTable, alphabeta, aspiration, pvs

guesses = st.one_of(st.integers(-12, 12), st.floats(-12, 12), st.just(math.inf))
windows = st.sampled_from([1e-9, 0.01, 0.5, 1, 3])  # tiny windows fail almost always


@settings(max_examples=1500, deadline=None)
@given(tree_cases(), guesses, windows, st.sampled_from([None, True, 1, 16]))
def test_aspiration_agrees_with_minimax_on_random_trees(case, guess, window, table):
    game, state, depth = case
    if isinstance(table, int) and not isinstance(table, bool):
        table = TranspositionTable(size=table)
    r = aspiration(game, state, depth=depth, guess=guess, window=window, table=table)
    check_value_and_move(r, game, state, depth)
    assert r.stats.researches == r.stats.fail_lows + r.stats.fail_highs <= 2


@settings(max_examples=200, deadline=None)
@given(board_cases(), guesses, windows)
def test_aspiration_agrees_with_minimax_on_board_positions(case, guess, window):
    game, state, depth = case
    r = aspiration(game, state, depth=depth, guess=guess, window=window, table=True)
    check_value_and_move(r, game, state, depth)


@settings(max_examples=300, deadline=None)
@given(tree_cases(), guesses, windows)
def test_any_fail_soft_search_can_be_aspired(case, guess, window):
    game, state, depth = case
    for search, extra in ((pvs, {}), (alphabeta, {"fail_soft": True})):
        r = aspiration(game, state, guess=guess, window=window, search=search, **extra)
        check_value_and_move(r, game, state, depth)


def test_a_wrong_guess_fails_and_is_counted():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    low = aspiration(tree, guess=10, window=1)
    high = aspiration(tree, guess=-10, window=1)
    right = aspiration(tree, guess=3, window=1)
    assert (low.stats.fail_lows, low.stats.fail_highs) == (1, 0)
    assert (high.stats.fail_lows, high.stats.fail_highs) == (0, 1)
    assert right.stats.researches == 0 and low.value == high.value == right.value == 3


def test_a_right_guess_saves_nodes_on_connect_four():
    game = ConnectFour(rows=5, cols=5, k=4)
    full = aspiration(game, depth=5, guess=math.inf)  # no window at all
    narrow = aspiration(game, depth=5, guess=full.value, window=0.5)
    assert narrow.value == full.value and narrow.stats.nodes < full.stats.nodes
    assert aspiration(TicTacToe(), guess=0.5, window=0.25).value == 0


@pytest.mark.parametrize(
    "kwargs, words",
    [({"window": 0}, "window"), ({"window": -1}, "window"), ({"guess": "3"}, "guess")],
)
def test_bad_arguments_are_named(kwargs, words):
    with pytest.raises(SearchError, match=words):
        aspiration(GameTree.from_nested([1, 2]), **kwargs)
