"""SSS* and DUAL*: the minimax value, never a leaf that α-β skips."""

from __future__ import annotations

import chapter6_cases
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, GameTree
from coursekit.search import algorithms, alphabeta, minimax
from coursekit.search.sss_star import LIVE, SOLVED, dual_star, sss_star

SEARCHES = (sss_star, dual_star)

leaf = st.integers(-5, 5)
ragged = st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=25)


def test_registered() -> None:
    assert {"SSS*", "DUAL*"} <= set(algorithms())
    assert algorithms()["SSS*"].chapter == 6


def test_classic_tree_steps() -> None:
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = sss_star(tree, trace=True)
    assert (r.value, r.move) == (3, "B")
    cases = [s.case for s in r.trace.steps]
    assert cases[0] == "Γ2" and cases[-1] == "Γ6"
    assert set(cases) == {"Γ1", "Γ2", "Γ3", "Γ4", "Γ5", "Γ6"}
    last = r.trace.steps[-1].open
    assert [(e.node, e.status, e.merit) for e in last] == [("A", SOLVED, 3)]
    assert r.trace.steps[0].open[0].status == LIVE
    # D is never finished: D's leaves are looked at only while D's merit stays above 3
    assert set(r.trace.evaluated_leaves()) <= set(
        alphabeta(tree, trace=True).trace.evaluated_leaves()
    )


@settings(max_examples=600, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(0, 4),
    st.integers(0, 10**6),
    st.sampled_from(["random", "best", "worst"]),
    st.sampled_from([MAX, MIN]),
    st.sampled_from([(-2, 2), (-9, 9)]),
)
def test_uniform_trees(branching, depth, seed, order, root, values) -> None:
    tree = GameTree.random(branching, depth, seed=seed, order=order, root=root, values=values)
    exact = minimax(tree).value
    ab = alphabeta(tree, trace=True)
    ab_leaves = set(ab.trace.evaluated_leaves())
    for search in SEARCHES:
        r = search(tree, trace=True)
        assert r.value == exact
        seen = r.trace.evaluated_leaves()
        assert len(seen) == len(set(seen)) == r.stats.leaves
        assert set(seen) <= ab_leaves  # Stockman 1979 (and its dual)
        assert r.stats.leaves <= ab.stats.leaves
        check_pv(tree, r)


@settings(max_examples=600, deadline=None)
@given(ragged, st.sampled_from([MAX, MIN]))
def test_ragged_trees_with_ties(nested, root) -> None:
    tree = GameTree.from_nested(nested, root)
    exact = minimax(tree).value
    ab = alphabeta(tree, trace=True)
    for search in SEARCHES:
        r = search(tree, trace=True)
        assert r.value == exact
        assert set(r.trace.evaluated_leaves()) <= set(ab.trace.evaluated_leaves())
        assert r.stats.leaves <= ab.stats.leaves
        check_pv(tree, r)


def check_pv(tree: GameTree, r) -> None:
    """The line ends in a leaf worth the value, and its first move is a best move."""
    state = tree.initial
    for move in r.pv:
        state = tree.result(state, move)
    assert tree.is_terminal(state) and tree.utility(state) == r.value
    if r.pv:
        assert minimax(tree, tree.result(tree.initial, r.pv[0])).value == r.value


def test_depth_limited_tictactoe() -> None:
    from coursekit.games import TicTacToe

    game = TicTacToe()
    ev = lambda s: 0  # noqa: E731
    assert sss_star(game, depth=2, evaluate=ev).value == minimax(game, depth=2, evaluate=ev).value


@settings(max_examples=150, deadline=None)
@given(chapter6_cases.board_cases())
def test_board_positions(case) -> None:
    game, state, depth = case
    for search in SEARCHES:
        chapter6_cases.check_value_and_move(search(game, state, depth=depth), game, state, depth)


@settings(max_examples=300, deadline=None)
@given(chapter6_cases.tree_cases())
def test_shared_tree_cases(case) -> None:
    game, state, depth = case
    for search in SEARCHES:
        chapter6_cases.check_value_and_move(search(game, state, depth=depth), game, state, depth)
