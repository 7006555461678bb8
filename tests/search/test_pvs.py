"""PVS: minimax's value and a move worth it, with minimal windows and re-searches."""

from __future__ import annotations

from chapter6_cases import board_cases, check_value_and_move, tree_cases, trees
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import ConnectFour, TicTacToe
from coursekit.search import ENTER, LEAF, TranspositionTable, negamax, pvs

TABLES = [None, True, 1, 2, 16]


def table_of(kind):
    sized = isinstance(kind, int) and not isinstance(kind, bool)
    return TranspositionTable(size=kind) if sized else kind


@settings(max_examples=1500, deadline=None)
@given(tree_cases(), st.sampled_from(TABLES), st.booleans())
def test_pvs_agrees_with_minimax_on_random_trees(case, table, orderings):
    game, state, depth = case
    r = pvs(game, state, depth=depth, table=table_of(table), killers=orderings, history=orderings)
    check_value_and_move(r, game, state, depth)


@settings(max_examples=300, deadline=None)
@given(board_cases(), st.sampled_from(TABLES))
def test_pvs_agrees_with_minimax_on_board_positions(case, table):
    game, state, depth = case
    check_value_and_move(pvs(game, state, depth=depth, table=table_of(table)), game, state, depth)


@settings(max_examples=300, deadline=None)
@given(trees)
def test_traces_count_nodes_and_re_searched_nodes_twice(tree):
    r = pvs(tree, trace=True)
    kinds = [e.kind for e in r.trace]
    assert r.stats.nodes == kinds.count(ENTER) + kinds.count(LEAF)


def test_minimal_windows_are_exact_for_real_values():
    """Values that are not whole numbers: the window (α, α⁺) still tells better from not."""
    game = ConnectFour(rows=4, cols=5, k=4)

    def evaluate(state):
        return game.evaluate(state) / 3 + 0.001 * (state.x % 7)

    for depth in (1, 2, 3, 4):
        a = negamax(game, depth=depth, evaluate=evaluate)
        b = pvs(game, depth=depth, evaluate=evaluate, table=True)
        assert a.value == b.value


def test_pvs_re_searches_and_saves_nodes_on_tictactoe():
    r, plain = pvs(TicTacToe(), table=True), negamax(TicTacToe(), table=True)
    assert r.value == plain.value == 0
    assert r.stats.researches > 0
