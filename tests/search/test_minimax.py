"""Minimax in both of the course's forms: the same answers, the textbook's numbers."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, GameTree, Grundy, TicTacToe
from coursekit.search import SearchError, minimax, minimax_two_phase

GAME = TicTacToe()


def reference(tree, label):
    """Minimax over a GameTree written without coursekit.search (value, first best child)."""
    kids = tree.children(label)
    if not kids:
        return tree.leaf_value(label)
    values = [reference(tree, kid) for kid in kids]
    return max(values) if tree.player(label) is MAX else min(values)


trees = st.builds(
    GameTree.random,
    branching=st.one_of(st.integers(1, 4), st.just((1, 3))),
    depth=st.integers(0, 4),
    seed=st.integers(0, 2**32),
    order=st.sampled_from(["random", "best", "worst"]),
    values=st.sampled_from([(-9, 9), (0, 2)]),  # (0, 2) makes many ties
    root=st.sampled_from([MAX, MIN]),
)


# --- the course's small example ---------------------------------------------------------------


def test_the_three_by_three_example():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MAX)
    r = minimax(tree, trace=True)
    assert (r.value, r.move, r.pv) == (3, "B", ("B", "B1"))
    assert (r.stats.nodes, r.stats.leaves, r.stats.depth, r.stats.cutoffs) == (13, 9, 2, 0)
    assert r.trace.evaluated_leaves() == list(tree.leaves)
    assert r.trace.pruned() == []
    values = r.trace.values()
    assert (values["B"], values["C"], values["D"], values["A"]) == (3, 2, 2, 3)


def test_min_at_the_root_takes_the_smallest():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MIN)
    r = minimax(tree)
    assert (r.value, r.move) == (6, "C")  # maxima 12, 6, 14; MIN picks 6


# --- the two forms agree (thousands of random trees) ------------------------------------------


@given(trees)
@settings(max_examples=2000, deadline=None)
def test_both_forms_agree_on_random_trees(tree):
    a = minimax(tree, trace=True)
    b = minimax_two_phase(tree, trace=True)
    assert a.value == b.value == reference(tree, tree.initial)
    assert (a.move, a.pv) == (b.move, b.pv)
    assert (a.stats.nodes, a.stats.leaves, a.stats.depth) == (
        b.stats.nodes,
        b.stats.leaves,
        b.stats.depth,
    )
    assert a.stats.nodes == len(tree) and a.stats.leaves == len(tree.leaves)
    # Same events, in another order: depth first versus breadth first then bottom up.
    assert Counter(a.trace) == Counter(b.trace)
    assert sorted(a.trace.evaluated_leaves(), key=tree.leaves.index) == list(tree.leaves)


@given(trees)
@settings(max_examples=300, deadline=None)
def test_the_principal_variation_is_a_line_of_best_play(tree):
    r = minimax(tree)
    label = tree.initial
    for move in r.pv:
        assert move in tree.children(label)
        assert reference(tree, move) == r.value  # every node on the line keeps the value
        label = move
    assert tree.is_terminal(label)
    if tree.children(tree.initial):
        first_best = next(k for k in tree.children(tree.initial) if reference(tree, k) == r.value)
        assert r.move == first_best


@given(trees)
@settings(max_examples=300, deadline=None)
def test_the_recursive_trace_is_depth_first_and_complete(tree):
    r = minimax(tree, trace=True)
    kinds = Counter(e.kind for e in r.trace)
    assert kinds["enter"] + kinds["leaf"] == r.stats.nodes
    assert kinds["leaf"] == r.stats.leaves and kinds["enter"] == kinds["exit"]
    stack = []
    for e in r.trace:
        assert e.alpha is None and e.beta is None  # minimax keeps no window
        assert e.player is tree.player(tree.path_label(e.path))
        if e.kind == "enter":
            assert not stack or e.path[:-1] == stack[-1]
            stack.append(e.path)
        elif e.kind == "exit":
            assert stack.pop() == e.path
            assert e.value == reference(tree, tree.path_label(e.path))
        else:
            assert e.kind == "leaf" and (not stack or e.path[:-1] == stack[-1])
            assert e.value == tree.leaf_value(tree.path_label(e.path))
    assert not stack


@given(trees)
@settings(max_examples=200, deadline=None)
def test_tracing_changes_nothing_but_the_trace(tree):
    quiet, loud = minimax(tree), minimax(tree, trace=True)
    assert quiet.trace is None and loud.trace is not None
    assert (quiet.value, quiet.pv, quiet.stats.nodes) == (loud.value, loud.pv, loud.stats.nodes)


# --- depth limits, evaluation, cut-off tests, ordering ----------------------------------------


def truncated_reference(tree, label, depth):
    """Minimax that stops at ``depth`` and uses the tree's static values there."""
    if tree.is_terminal(label) or depth == 0:
        return tree.evaluate(label)
    values = [truncated_reference(tree, kid, depth - 1) for kid in tree.children(label)]
    return max(values) if tree.player(label) is MAX else min(values)


@given(trees, st.integers(0, 4), st.integers(0, 1000))
@settings(max_examples=200, deadline=None)
def test_a_depth_limited_search_evaluates_at_the_limit(tree, depth, seed):
    static = {label: (hash((label, seed)) % 19) - 9 for label in tree.labels}
    tree = GameTree.from_labelled(
        tree.to_labelled(), tree.root_player, root_label=tree.initial, static=static
    )
    for search in (minimax, minimax_two_phase):
        r = search(tree, depth=depth, trace=True)
        assert r.value == truncated_reference(tree, tree.initial, depth)
        assert r.stats.depth <= depth
        assert all(len(e.path) <= depth for e in r.trace)


def test_depth_limits_need_an_evaluation():
    with pytest.raises(SearchError, match="needs a static evaluation"):
        minimax(Grundy(7), depth=2)
    with pytest.raises(SearchError, match="depth must be 0 or more"):
        minimax(GAME, depth=-1)
    for bad in (True, "2", 1.5):
        with pytest.raises(SearchError, match="depth must be a whole number or None"):
            minimax_two_phase(GAME, depth=bad)
    assert minimax(Grundy(7), depth=2, evaluate=lambda s: 0).value == 0


def test_an_explicit_evaluation_and_cutoff_test():
    r = minimax(GAME, evaluate=lambda s: 0, cutoff=lambda s, ply: ply >= 1)
    assert r.value == 0 and r.stats.nodes == 10 and r.stats.leaves == 9
    r = minimax(GAME, depth=3, cutoff=lambda s, ply: ply >= 1)  # the stricter limit wins
    assert r.stats.nodes == 10


def test_move_ordering_changes_the_order_not_the_value():
    tree = GameTree.random(branching=3, depth=3, seed=4)
    forward = minimax(tree, trace=True)
    backward = minimax(tree, order=lambda s, moves: list(reversed(moves)), trace=True)
    assert forward.value == backward.value
    assert backward.trace.evaluated_leaves() == list(reversed(forward.trace.evaluated_leaves()))


# --- tic-tac-toe ------------------------------------------------------------------------------


def test_the_full_tic_tac_toe_tree():
    r = minimax(GAME)
    assert r.value == 0  # a draw with best play
    assert r.stats.nodes == 549_946  # the published size of the game tree, root included
    assert r.stats.leaves == 255_168  # the published number of games
    assert r.stats.depth == 9
    reduced = minimax(GAME, symmetry=True)  # symmetric positions count as one, at every node
    assert reduced.value == 0 and reduced.stats.nodes < r.stats.nodes / 9
    assert reduced.stats.leaves == 26_830  # the published number of games up to symmetry


def test_symmetry_shrinks_the_tree_but_not_the_value():
    plain = minimax(GAME, depth=2)
    reduced = minimax(GAME, depth=2, symmetry=True, trace=True)
    assert plain.stats.nodes == 1 + 9 + 9 * 8
    assert reduced.stats.nodes == 1 + 3 + 12  # the course's first-stage tree
    assert [e.path for e in reduced.trace if e.kind == "enter" and len(e.path) == 1] == [
        (0,),
        (1,),
        (4,),
    ]
    assert plain.value == reduced.value


@pytest.mark.parametrize(
    "board",
    ["x../.o./...", ".o./.x./...", "x.o/.x./...", "xo./.../...", ".../.x./..."],
)
def test_symmetry_never_changes_a_value(board):
    state = GAME.parse(board)
    full, reduced = minimax(GAME, state), minimax(GAME, state, symmetry=True)
    assert full.value == reduced.value
    assert reduced.stats.nodes < full.stats.nodes


def test_symmetry_needs_a_key():
    class NoKey:
        initial = 0

        def to_move(self, s):
            return MAX

        def actions(self, s):
            return [1] if s == 0 else []

        def result(self, s, a):
            return 1

        def is_terminal(self, s):
            return s == 1

        def utility(self, s, p=MAX):
            return 0

    with pytest.raises(SearchError, match="no key"):
        minimax(NoKey(), symmetry=True)


def test_the_course_three_stages():
    """The course's depth-2 searches with symmetry (its figures of the three stages)."""
    first = minimax(GAME, depth=2, symmetry=True, trace=True)
    backed = {e.path: e.value for e in first.trace if e.kind == "exit" and len(e.path) == 1}
    assert backed == {(0,): -1, (1,): -2, (4,): 1}  # corner, edge, centre
    assert (first.value, first.move) == (1, 4)

    # MIN answers above the ×; the second search finds value 1 (two corners tie).
    second_root = GAME.parse(". o .\n. x .\n. . .")
    second = minimax(GAME, second_root, depth=2, symmetry=True, trace=True)
    backed = {e.path: e.value for e in second.trace if e.kind == "exit" and len(e.path) == 1}
    assert second.value == 1 and {m for m, v in backed.items() if v == 1} == {(0,), (6,)}

    # After × takes the lower-left corner and ○ blocks, only one move avoids a loss.
    third_root = GAME.parse(". o o\n. x .\nx . .")
    third = minimax(GAME, third_root, depth=2, symmetry=True, trace=True)
    backed = {e.path: e.value for e in third.trace if e.kind == "exit" and len(e.path) == 1}
    assert third.move == 0 and third.value == 1
    assert all(v == -math.inf for m, v in backed.items() if m != (0,))
