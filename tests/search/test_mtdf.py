"""MTD(f): zero-window passes with memory meet at minimax's value, with a move worth it."""

from __future__ import annotations

import math

import pytest
from chapter6_cases import board_cases, check_value_and_move, tree_cases
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import ConnectFour, GameTree, TicTacToe
from coursekit.search import ENTER, LEAF, SearchError, TranspositionTable, mtdf

guesses = st.one_of(
    st.integers(-12, 12), st.floats(-12, 12), st.sampled_from([-math.inf, math.inf])
)


def table_of(kind):
    sized = isinstance(kind, int) and not isinstance(kind, bool)
    return TranspositionTable(size=kind) if sized else kind


@settings(max_examples=1500, deadline=None)
@given(tree_cases(), guesses, st.sampled_from([True, False, 1, 2, 16]), st.booleans())
def test_mtdf_agrees_with_minimax_on_random_trees(case, guess, table, orderings):
    game, state, depth = case
    r = mtdf(game, state, depth=depth, guess=guess, table=table_of(table), killers=orderings,
             history=orderings)  # fmt: skip
    check_value_and_move(r, game, state, depth)


@settings(max_examples=200, deadline=None)
@given(board_cases(), guesses, st.sampled_from([True, 2, 16]), st.booleans())
def test_mtdf_agrees_with_minimax_on_board_positions(case, guess, table, deepening):
    game, state, depth = case
    r = mtdf(game, state, depth=depth, guess=guess, table=table_of(table), deepening=deepening)
    check_value_and_move(r, game, state, depth)


def test_passes_are_counted_and_traced():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = mtdf(tree, guess=0, trace=True)
    assert r.value == 3 and r.stats.fail_highs + r.stats.fail_lows == 2
    kinds = [e.kind for e in r.trace]
    assert r.stats.nodes == kinds.count(ENTER) + kinds.count(LEAF)


def test_real_valued_evaluations_converge():
    game = ConnectFour(rows=4, cols=5, k=4)

    def evaluate(state):
        return game.evaluate(state) / 7

    from coursekit.search import minimax

    for depth in (1, 2, 3):
        assert (
            mtdf(game, depth=depth, evaluate=evaluate).value
            == minimax(game, depth=depth, evaluate=evaluate).value
        )


def test_memory_pays_on_tictactoe():
    with_table, without = mtdf(TicTacToe(), guess=1), mtdf(TicTacToe(), guess=1, table=False)
    assert with_table.value == without.value == 0
    assert with_table.stats.nodes < without.stats.nodes


@pytest.mark.parametrize(
    "kwargs, words",
    [({"guess": None}, "guess"), ({"deepening": 1}, "deepening"), ({"depth": 1.5}, "depth")],
)
def test_bad_arguments_are_named(kwargs, words):
    with pytest.raises(SearchError, match=words):
        mtdf(GameTree.from_nested([1, 2]), **kwargs)
