"""Negamax: minimax's value and a move worth it, with or without table and orderings."""

from __future__ import annotations

import math

import pytest
from chapter6_cases import board_cases, check_value_and_move, tree_cases, trees
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import GameTree, TicTacToe
from coursekit.search import (
    CUTOFF,
    ENTER,
    EXIT,
    LEAF,
    History,
    Killers,
    SearchError,
    TranspositionTable,
    alphabeta,
    negamax,
)

INF = math.inf
OPTIONS = [
    {},
    {"table": True},
    {"table": "size 1"},
    {"table": "size 2"},
    {"table": "size 16"},
    {"killers": True, "history": True},
    {"table": True, "killers": True, "history": True},
]


def options(kind):
    kind = dict(kind)
    if isinstance(kind.get("table"), str):
        kind["table"] = TranspositionTable(size=int(kind["table"].split()[1]))
    return kind


@settings(max_examples=1500, deadline=None)
@given(tree_cases(), st.sampled_from(OPTIONS))
def test_negamax_agrees_with_minimax_on_random_trees(case, kind):
    game, state, depth = case
    check_value_and_move(negamax(game, state, depth=depth, **options(kind)), game, state, depth)


@settings(max_examples=300, deadline=None)
@given(board_cases(), st.sampled_from(OPTIONS), st.booleans())
def test_negamax_agrees_with_minimax_on_board_positions(case, kind, symmetry):
    game, state, depth = case
    r = negamax(game, state, depth=depth, symmetry=symmetry, **options(kind))
    check_value_and_move(r, game, state, depth)


@settings(max_examples=500, deadline=None)
@given(trees)
def test_without_memory_negamax_is_fail_soft_alphabeta_event_for_event(tree):
    mine, theirs = negamax(tree, trace=True), alphabeta(tree, fail_soft=True, trace=True)
    assert list(mine.trace) == list(theirs.trace)
    assert (mine.value, mine.pv, mine.stats.nodes, mine.stats.leaves, mine.stats.cutoffs) == (
        theirs.value, theirs.pv, theirs.stats.nodes, theirs.stats.leaves, theirs.stats.cutoffs,
    )  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(trees, st.sampled_from(OPTIONS[1:]))
def test_traces_count_what_the_statistics_say(tree, kind):
    r = negamax(tree, trace=True, **options(kind))
    kinds = [e.kind for e in r.trace]
    assert r.stats.nodes == kinds.count(ENTER) + kinds.count(LEAF)
    assert r.stats.leaves == kinds.count(LEAF)
    assert r.stats.cutoffs == kinds.count(CUTOFF)
    assert kinds.count(ENTER) == kinds.count(EXIT)
    hits = [i for i, e in enumerate(r.trace) if e.kind == ENTER and r.trace[i + 1].kind == EXIT]
    assert len(hits) >= r.stats.tt_hits


@settings(max_examples=300, deadline=None)
@given(trees, st.integers(-4, 4), st.integers(1, 4))
def test_a_window_gives_fail_soft_bounds(tree, low, width):
    true = negamax(tree).value
    v = negamax(tree, alpha=low, beta=low + width, table=True).value
    if v <= low:
        assert true <= v
    elif v >= low + width:
        assert true >= v
    else:
        assert v == true


def test_the_table_saves_work_on_tictactoe():
    plain, remembering = negamax(TicTacToe()), negamax(TicTacToe(), table=True)
    assert plain.value == remembering.value == 0
    assert remembering.stats.tt_hits > 0 and remembering.stats.tt_stores > 0
    assert remembering.stats.nodes < plain.stats.nodes / 10


def test_a_shared_table_answers_a_second_search_from_memory():
    table = TranspositionTable()
    first = negamax(TicTacToe(), table=table)
    second = negamax(TicTacToe(), table=table)
    assert first.value == second.value and second.stats.nodes < 20
    assert table.hits > 0 and table.stores == first.stats.tt_stores + second.stats.tt_stores


def test_killers_and_history_are_filled_and_kept():
    killers, history = Killers(), History()
    negamax(TicTacToe(), depth=4, killers=killers, history=history)
    assert killers.moves and history.scores


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"table": 3}, "table must be"),
        ({"killers": "yes"}, "killers must be"),
        ({"history": 1.5}, "history must be"),
        ({"alpha": 2, "beta": 1}, "alpha < beta"),
        ({"depth": -1}, "depth"),
    ],
)
def test_bad_arguments_are_named(kwargs, words):
    with pytest.raises(SearchError, match=words):
        negamax(GameTree.from_nested([1, 2]), **kwargs)


def test_a_tree_too_deep_for_recursion_is_refused_with_a_message():
    deep = 5
    for _ in range(3000):
        deep = [deep]
    with pytest.raises(SearchError, match="recursion"):
        negamax(GameTree.from_nested(deep))
