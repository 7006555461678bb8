"""Iterative deepening: the deepest finished iteration is the fixed-depth search at that depth."""

from __future__ import annotations

import math

import pytest
from chapter6_cases import board_cases, check_value_and_move
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import ConnectFour, TicTacToe
from coursekit.games.playout import random_positions
from coursekit.search import SearchError, alphabeta, minimax
from coursekit.search.iterative_deepening import iterative_deepening


def random_position(game, seed, plies):
    return random_positions(game, 1, seed=seed, plies=(plies, plies))[0]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 6), depth=st.integers(1, 4))
def test_unlimited_time_gives_the_fixed_depth_value(seed, plies, depth):
    for game in (TicTacToe(), ConnectFour(rows=4, cols=5, k=4)):
        state = random_position(game, seed, plies)
        if game.is_terminal(state):
            continue
        r = iterative_deepening(game, state, search=minimax, max_depth=depth)
        fixed = minimax(game, state, depth=r.depth_limit)
        assert (r.value, r.move) == (fixed.value, fixed.move)
        assert [i.depth for i in r.iterations] == list(range(1, r.depth_limit + 1))
        assert r.stats.nodes == sum(i.nodes for i in r.iterations)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(3, 8))
def test_without_limits_it_searches_to_the_end(seed, plies):
    game = TicTacToe()
    state = random_position(game, seed, plies)
    r = iterative_deepening(game, state, search=minimax)
    assert r.value == minimax(game, state).value and not r.timed_out


def test_a_proven_win_ends_the_deepening():
    game = TicTacToe()
    state = game.parse("xx.\noo.\n...")  # x to move wins at once
    r = iterative_deepening(game, state, search=minimax, max_depth=9)
    assert r.value == math.inf and r.depth_limit == 1 and r.move == 2


def test_a_time_budget_always_gives_a_legal_move():
    game = ConnectFour(rows=6, cols=7, k=4)
    r = iterative_deepening(game, search=minimax, seconds=0.05)
    assert r.move in game.actions(game.initial)
    assert r.timed_out and r.depth_limit == len(r.iterations) >= 1


def test_the_search_can_be_named():
    r = iterative_deepening(TicTacToe(), search="minimax", max_depth=2)
    assert r.algorithm == "iterative deepening (minimax)" and r.depth_limit == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seconds": 0}, "seconds must be a positive number"),
        ({"seconds": -1.0}, "seconds must be a positive number"),
        ({"seconds": True}, "seconds must be a positive number"),
        ({"seconds": "1"}, "seconds must be a positive number"),
        ({"max_depth": 0}, "max_depth must be a whole number"),
        ({"max_depth": 2.5}, "max_depth must be a whole number"),
        ({"max_depth": 2, "depth": 3}, "not both"),
        ({"search": "no such search"}, "no search algorithm called"),
        ({"search": 42}, "search must be a search function"),
    ],
)
def test_bad_options_are_named(options, message):
    with pytest.raises(SearchError, match=message):
        iterative_deepening(TicTacToe(), **options)


# --- chapter 6: orderings, table and aspiration, each a flag of its own ---------------------

ENHANCEMENTS = [
    {"pv_first": True},
    {"table": True},
    {"killers": True},
    {"history": True},
    {"aspiration": 0.5},
    {"aspiration": 1e-9, "table": True},
    {"pv_first": True, "table": True, "killers": True, "history": True},
    {"pv_first": True, "table": True, "killers": True, "history": True, "search": "PVS"},
]


@pytest.mark.parametrize("flags", ENHANCEMENTS, ids=str)
def test_each_enhancement_keeps_alphabetas_value_on_connect_four(flags):
    game = ConnectFour(rows=5, cols=5, k=4)
    state = game.initial
    for move in (2, 2, 1, 3):
        state = game.result(state, move)
    for depth in (1, 3, 5):
        r = iterative_deepening(game, state, max_depth=depth, **flags)
        assert r.value == alphabeta(game, state, depth=depth).value
        assert alphabeta(game, game.result(state, r.move), depth=depth - 1).value == r.value
        assert [i.depth for i in r.iterations] == list(range(1, depth + 1))


def test_the_enhancements_together_halve_the_nodes_on_six_by_seven_connect_four():
    game = ConnectFour()
    state = game.initial
    for move in (3, 3, 2, 4):
        state = game.result(state, move)
    plain = alphabeta(game, state, depth=6)
    all_on = iterative_deepening(game, state, max_depth=6, pv_first=True, table=True,
                                 killers=True, history=True)  # fmt: skip
    assert all_on.value == plain.value
    assert all_on.stats.nodes <= plain.stats.nodes / 2
    assert all_on.stats.tt_stores > 0 and all_on.stats.tt_hits > 0


def test_aspiration_failures_are_counted_over_the_iterations():
    game = ConnectFour(rows=5, cols=5, k=4)
    r = iterative_deepening(game, max_depth=5, aspiration=1e-9)
    assert r.stats.researches == r.stats.fail_lows + r.stats.fail_highs > 0


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"table": True, "search": "alpha-beta"}, "negamax or PVS"),
        ({"aspiration": 0}, "aspiration"),
        ({"table": "big"}, "table must be"),
    ],
)
def test_enhancements_refuse_what_they_cannot_use(kwargs, words):
    with pytest.raises(SearchError, match=words):
        iterative_deepening(TicTacToe(), max_depth=2, **kwargs)


@settings(max_examples=150, deadline=None)
@given(board_cases(), st.sampled_from(ENHANCEMENTS))
def test_enhanced_deepening_agrees_with_minimax_on_board_positions(case, flags):
    game, state, depth = case
    if depth is None:  # iterative deepening needs a last depth: the rest of the game
        depth = 9
    r = iterative_deepening(game, state, max_depth=depth, **flags)
    if r.depth_limit < depth:  # stopped early: nothing lay deeper
        depth = r.depth_limit
    check_value_and_move(r, game, state, depth)
