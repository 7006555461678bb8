"""α-β pruning: the minimax value with fewer leaves, the course's cuts named and explained."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, GameTree, Grundy, TicTacToe
from coursekit.search import (
    CUTOFF,
    ENTER,
    EXIT,
    LEAF,
    SearchError,
    algorithms,
    alphabeta,
    best_case_leaves,
    distinct_uniform_tree,
    leaves_by_depth,
    minimax,
    reorder,
)

INF = math.inf
CLASSIC = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
# A deep cut: A gets α = 5 from B; deep down, C1a's first leaf 3 ≤ 5 prunes C1a2, although
# C1a's parent C1 has no value yet: the bound comes from A, two MAX levels up.
DEEP = [[5, 6], [[[3, 9], 7], 8]]


def reference_alphabeta(tree, label, alpha=-INF, beta=INF, evaluated=None):
    """α-β over a GameTree, fail-soft, written without coursekit.search: (value, leaves)."""
    evaluated = [] if evaluated is None else evaluated
    kids = tree.children(label)
    if not kids:
        evaluated.append(label)
        return tree.leaf_value(label), evaluated
    maximising = tree.player(label) is MAX
    v = -INF if maximising else INF
    for kid in kids:
        w, _ = reference_alphabeta(tree, kid, alpha, beta, evaluated)
        if maximising:
            v = max(v, w)
            alpha = max(alpha, v)
        else:
            v = min(v, w)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return v, evaluated


def minimax_value(tree, label):
    kids = tree.children(label)
    if not kids:
        return tree.leaf_value(label)
    values = [minimax_value(tree, kid) for kid in kids]
    return max(values) if tree.player(label) is MAX else min(values)


trees = st.builds(
    GameTree.random,
    branching=st.one_of(st.integers(1, 4), st.just((1, 3)), st.just((2, 4))),
    depth=st.integers(0, 5),
    seed=st.integers(0, 2**32),
    order=st.sampled_from(["random", "best", "worst"]),
    values=st.sampled_from([(-9, 9), (0, 2), (0, 0)]),  # (0, 2) and (0, 0): many ties
    root=st.sampled_from([MAX, MIN]),
)


# --- the course's classic tree -----------------------------------------------------------------


def test_the_classic_tree_prunes_c2_and_c3_by_an_alpha_cut_caused_by_a():
    tree = GameTree.from_nested(CLASSIC)
    for soft in (False, True):
        r = alphabeta(tree, fail_soft=soft, trace=True)
        assert (r.value, r.move, r.pv) == (3, "B", ("B", "B1"))
        assert r.trace.pruned() == ["C2", "C3"]
        assert r.trace.evaluated_leaves() == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]
        assert (r.stats.nodes, r.stats.leaves, r.stats.cutoffs) == (11, 7, 1)
        [cut] = r.trace.cutoffs()
        assert (cut.kind, cut.label, cut.node, cut.cause) == ("alpha", "α cut", "C", "A")
        assert (cut.pruned, cut.value, cut.bound) == (("C2", "C3"), 2, 3)
        assert str(cut) == "α cut at C: β = 2 ≤ α = 3 of A; pruned C2, C3"
        assert r.trace.upto(cut.step)[-1].kind == CUTOFF


def test_the_classic_tree_with_min_at_the_root_makes_beta_cuts():
    tree = GameTree.from_nested(CLASSIC, root=MIN)
    r = alphabeta(tree, trace=True)
    assert r.value == minimax_value(tree, "A") == 6
    cuts = r.trace.cutoffs()
    assert cuts and {c.kind for c in cuts} == {"beta"}
    for c in cuts:
        assert tree.player(c.node) is MAX and tree.player(c.cause) is MIN
        assert c.value >= c.bound
    assert r.trace.pruned() == [p for c in cuts for p in c.pruned]


def test_a_deep_cut_names_the_max_ancestor_two_levels_up():
    tree = GameTree.from_nested(DEEP)
    r = alphabeta(tree, trace=True)
    assert r.value == minimax_value(tree, "A") == 7
    [cut] = r.trace.cutoffs()
    assert (cut.kind, cut.node, cut.pruned) == ("alpha", "C1a", ("C1a2",))
    assert cut.cause == "A" and tree.parent(cut.node) != cut.cause  # not the parent C1
    assert tree.parent(tree.parent(tree.parent(cut.node))) == "A"
    assert cut.cause_path == () and cut.path == ("C", "C1", "C1a")


def test_a_deep_beta_cut_names_the_min_ancestor_two_levels_up():
    mirrored = [[-5, -6], [[[-3, -9], -7], -8]]
    tree = GameTree.from_nested(mirrored, root=MIN)
    r = alphabeta(tree, trace=True)
    assert r.value == -7
    [cut] = r.trace.cutoffs()
    assert (cut.kind, cut.label, cut.node, cut.cause) == ("beta", "β cut", "C1a", "A")


def test_a_cut_at_the_last_child_prunes_nothing_and_is_not_counted():
    # D3 = 2 ≤ α = 3 in the classic tree, but D has no children left to prune.
    r = alphabeta(GameTree.from_nested(CLASSIC), trace=True)
    assert [c.node for c in r.trace.cutoffs()] == ["C"]


def test_the_window_given_by_the_caller_is_a_cause_of_its_own():
    tree = GameTree.from_nested(CLASSIC)
    r = alphabeta(tree, alpha=4, trace=True)
    first = r.trace.cutoffs()[0]
    assert (first.node, first.cause, first.cause_path, first.bound) == ("B", None, None, 4)
    assert "the search window" in str(first)


# --- the trace ----------------------------------------------------------------------------------


def test_every_node_has_its_window_on_entry_and_exit():
    tree = GameTree.from_nested(DEEP)
    r = alphabeta(tree, trace=True)
    entered = {e.path: e for e in r.trace if e.kind == ENTER}
    exited = {e.path: e for e in r.trace if e.kind == EXIT}
    assert entered.keys() == exited.keys()
    for path, e in entered.items():
        assert e.alpha is not None and e.beta is not None and e.alpha < e.beta
        out = exited[path]
        if e.player is MAX:  # α never decreases, β is the parent's
            assert out.alpha >= e.alpha and out.beta == e.beta
        else:  # β never increases
            assert out.beta <= e.beta and out.alpha == e.alpha
    assert (entered[()].alpha, entered[()].beta) == (-INF, INF)
    assert (exited[()].alpha, exited[()].beta) == (7, INF)


def test_tracing_off_records_nothing_and_counts_the_same():
    tree = GameTree.random(3, 5, seed=4)
    bare, traced = alphabeta(tree), alphabeta(tree, trace=True)
    assert bare.trace is None
    assert (bare.value, bare.pv, bare.stats.nodes, bare.stats.leaves, bare.stats.cutoffs) == (
        traced.value,
        traced.pv,
        traced.stats.nodes,
        traced.stats.leaves,
        traced.stats.cutoffs,
    )


def test_it_is_registered_for_the_explorers():
    assert algorithms()["alpha-beta"].function is alphabeta
    assert algorithms()["alpha-beta"].chapter == 4


# --- thousands of random trees --------------------------------------------------------------------


@given(trees, st.booleans())
@settings(max_examples=2500, deadline=None)
def test_same_value_and_move_as_minimax_with_fewer_leaves(tree, soft):
    full = minimax(tree, trace=True)
    r = alphabeta(tree, fail_soft=soft, trace=True)
    assert r.value == full.value == minimax_value(tree, tree.initial)
    assert r.move == full.move and r.pv == full.pv
    if r.move is not None:  # the move chosen is worth the root's value
        assert minimax_value(tree, r.move) == r.value
    leaves = r.trace.evaluated_leaves()
    assert set(leaves) <= set(full.trace.evaluated_leaves())
    assert r.stats.leaves == len(leaves) <= full.stats.leaves
    assert r.stats.nodes <= full.stats.nodes
    # exactly the leaves of an independent α-β, left to right
    assert leaves == reference_alphabeta(tree, tree.initial)[1]
    # the trace agrees with the statistics, and pruned nodes are never searched
    kinds = [e.kind for e in r.trace]
    assert r.stats.nodes == kinds.count(ENTER) + kinds.count(LEAF)
    assert r.stats.cutoffs == kinds.count(CUTOFF) == len(r.trace.cutoffs())
    visited = set(r.trace.visited())
    for cut in r.trace.cutoffs():
        assert cut.pruned and not visited & set(cut.pruned)
        assert tree.children(cut.node)[-len(cut.pruned) :] == cut.pruned
        # the course's rule: compare MIN with MAX nodes, an ancestor's fixed bound
        if cut.cause is not None:
            assert cut.cause_path == cut.path[: len(cut.cause_path)] != cut.path
            assert tree.player(cut.cause) is not tree.player(cut.node)
        if cut.kind == "alpha":
            assert tree.player(cut.node) is MIN and cut.value <= cut.bound
        else:
            assert tree.player(cut.node) is MAX and cut.value >= cut.bound


@given(trees, st.integers(-10, 10), st.integers(1, 8))
@settings(max_examples=1500, deadline=None)
def test_a_window_gives_a_bound_on_the_correct_side(tree, low, width):
    alpha, beta = low, low + width
    true = minimax_value(tree, tree.initial)
    hard = alphabeta(tree, alpha=alpha, beta=beta).value
    soft = alphabeta(tree, alpha=alpha, beta=beta, fail_soft=True).value
    root_is_leaf = not tree.children(tree.initial)
    if alpha < true < beta or root_is_leaf:
        assert hard == soft == true
    elif true <= alpha:  # fails low: both are upper bounds, fail-soft's is tighter
        assert true <= soft <= alpha and hard == alpha
    else:  # fails high: both are lower bounds, fail-soft's is tighter
        assert beta <= soft <= true and hard == beta
    both = (
        alphabeta(tree, alpha=alpha, beta=beta, trace=True),
        alphabeta(tree, alpha=alpha, beta=beta, fail_soft=True, trace=True),
    )
    assert both[0].trace.evaluated_leaves() == both[1].trace.evaluated_leaves()
    assert (
        both[1].trace.evaluated_leaves() == reference_alphabeta(tree, tree.initial, alpha, beta)[1]
    )


# --- move ordering: the best case of Knuth & Moore ------------------------------------------


@pytest.mark.parametrize("branching", [1, 2, 3, 4, 5])
def test_perfect_order_evaluates_exactly_the_best_case_leaves(branching):
    for depth in range(9):
        if branching**depth > 100_000:  # 5^8: too large a tree for a unit test
            continue
        for seed in range(2 if branching**depth < 5000 else 1):
            tree = distinct_uniform_tree(branching, depth, seed=seed, ordering="best")
            leaves = alphabeta(tree).stats.leaves
            assert leaves == best_case_leaves(branching, depth), (branching, depth)
            assert leaves == len(reference_alphabeta(tree, tree.initial)[1])


class PerfectlyOrderedTree:
    """A uniform tree of branching B and depth D given by rules, not stored: every node's first
    child is its best one, and the B^D leaf values are distinct.

    A leaf's value is the sum over its levels of ∓ (the child index at that level) × B^(D-1-level),
    minus at MAX levels and plus at MIN levels: a level's digit outweighs everything below it,
    so the first child is the highest at a MAX node and the lowest at a MIN node.
    """

    initial = ()

    def __init__(self, branching, depth):
        self.b, self.d = branching, depth

    def to_move(self, path):
        return MAX if len(path) % 2 == 0 else MIN

    def actions(self, path):
        return range(self.b) if len(path) < self.d else ()

    def result(self, path, action):
        return (*path, action)

    def is_terminal(self, path):
        return len(path) == self.d

    def utility(self, path, player=MAX):
        value = sum(
            (-i if level % 2 == 0 else i) * self.b ** (self.d - 1 - level)
            for level, i in enumerate(path)
        )
        return value * player.sign


def test_perfect_order_for_every_branching_up_to_5_and_depth_up_to_8():
    for b in range(1, 6):
        for d in range(9):
            game = PerfectlyOrderedTree(b, d)
            if b**d <= 1000:  # small enough to check the rules: distinct leaves, best first
                tree = GameTree.from_nested(_nested(game, ()))
                values = [tree.leaf_value(leaf) for leaf in tree.leaves]
                assert len(set(values)) == len(values)
                assert reorder(tree, "best") == tree
            for soft in (False, True):
                r = alphabeta(game, fail_soft=soft)
                assert r.stats.leaves == best_case_leaves(b, d), (b, d)
                assert r.pv == (0,) * d  # the first child is the best all the way down


def _nested(game, path):
    if game.is_terminal(path):
        return game.utility(path)
    return [_nested(game, (*path, a)) for a in game.actions(path)]


@given(st.integers(1, 5), st.integers(0, 6), st.integers(0, 2**32))
@settings(max_examples=150, deadline=None)
def test_gametree_random_best_order_reaches_the_best_case(b, d, seed):
    if b**d > 20_000:
        return
    tree = GameTree.random(b, d, seed=seed, order="best", values=(-(10**9), 10**9))
    values = [tree.leaf_value(leaf) for leaf in tree.leaves]
    if len(set(values)) == len(values):  # distinct leaves (almost always, with this range)
        assert alphabeta(tree).stats.leaves == best_case_leaves(b, d)


def test_best_case_formula_for_both_parities():
    assert [best_case_leaves(2, d) for d in range(7)] == [1, 2, 3, 5, 7, 11, 15]
    for b in range(1, 7):
        for d in range(0, 12, 2):
            assert best_case_leaves(b, d) == 2 * b ** (d // 2) - 1
        for d in range(1, 12, 2):
            assert best_case_leaves(b, d) == b ** ((d + 1) // 2) + b ** ((d - 1) // 2) - 1
    with pytest.raises(SearchError, match="branching"):
        best_case_leaves(0, 3)
    with pytest.raises(SearchError, match="depth"):
        best_case_leaves(3, -1)


@given(st.integers(1, 4), st.integers(0, 5), st.integers(0, 1000))
@settings(max_examples=200, deadline=None)
def test_orderings_keep_the_value_and_rank_the_effort(b, d, seed):
    tree = distinct_uniform_tree(b, d, seed=seed)
    counts = {}
    for ordering in ("as typed", "worst", "random", "best"):
        arranged = reorder(tree, ordering, seed=seed)
        assert sorted(map(arranged.leaf_value, arranged.leaves)) == list(range(1, b**d + 1))
        r = alphabeta(arranged)
        assert r.value == minimax_value(tree, tree.initial)
        counts[ordering] = r.stats.leaves
    assert counts["best"] == best_case_leaves(b, d) <= min(counts.values())


def test_leaves_by_depth_gives_the_plot_its_data():
    data = leaves_by_depth(3, [1, 2, 3, 4], trials=2)
    assert data["depth"] == [1, 2, 3, 4]
    assert data["best"] == data["best case"] == [3, 5, 11, 17]
    assert data["minimax"] == [3, 9, 27, 81]
    for i in range(4):
        assert data["best"][i] <= data["random"][i] <= data["worst"][i] <= data["minimax"][i]
    with pytest.raises(SearchError, match="orderings"):
        leaves_by_depth(2, [1], ["sideways"])


def test_reorder_refuses_what_it_cannot_do():
    with pytest.raises(SearchError, match="ordering"):
        reorder(GameTree.from_nested(CLASSIC), "sideways")
    with pytest.raises(SearchError, match="GameTree"):
        reorder(TicTacToe(), "best")


# --- real games -----------------------------------------------------------------------------------


def test_tic_tac_toe_is_a_draw_with_far_fewer_nodes():
    game = TicTacToe()
    full = minimax(game)
    for soft in (False, True):
        r = alphabeta(game, fail_soft=soft)
        assert (r.value, r.move) == (0, full.move)
        assert r.stats.nodes < full.stats.nodes / 10
        assert r.stats.cutoffs > 0


def test_depth_limited_and_symmetric_searches_agree_with_minimax():
    game = TicTacToe()
    for depth in (1, 2, 3):
        full = minimax(game, depth=depth, symmetry=True)
        r = alphabeta(game, depth=depth, symmetry=True)
        assert (r.value, r.move, r.stats.depth) == (full.value, full.move, full.stats.depth)
    # the course's first stage: depth 2 from the empty board, symmetric moves once
    r = alphabeta(game, depth=2, symmetry=True, trace=True)
    assert (r.value, r.move) == (1, 4)
    assert r.stats.leaves < minimax(game, depth=2, symmetry=True).stats.leaves


def test_grundy_from_min_first():
    game = Grundy(7, first=MIN)
    assert alphabeta(game).value == minimax(game).value


def test_random_move_orders_keep_the_value():
    game = TicTacToe()
    rng = random.Random(3)

    def shuffled(state, actions):
        actions = list(actions)
        rng.shuffle(actions)
        return actions

    assert alphabeta(game, order=shuffled).value == 0


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("alpha", "beta", "words"),
    [(3, 3, "alpha < beta"), (5, 1, "alpha < beta"), ("0", 1, "alpha must"),
     (0, math.nan, "beta must"), (True, 2, "alpha must")],
)  # fmt: skip
def test_a_bad_window_is_refused(alpha, beta, words):
    with pytest.raises(SearchError, match=words):
        alphabeta(GameTree.from_nested(CLASSIC), alpha=alpha, beta=beta)


def test_a_depth_limit_needs_an_evaluation():
    with pytest.raises(SearchError, match="static evaluation"):
        alphabeta(Grundy(7), depth=2)


# --- deeper than Python's recursion limit -----------------------------------------------------


@given(trees, st.booleans(), st.integers(-3, 3), st.sampled_from([1, 3, 20]))
@settings(max_examples=800, deadline=None)
def test_the_explicit_stack_form_searches_event_for_event_alike(tree, soft, low, width):
    from coursekit.search.alphabeta import _alphabeta_with_stack, _recursive_alphabeta
    from coursekit.search.core import Search

    for alpha, beta in ((-INF, INF), (low, low + width)):
        a = _recursive_alphabeta(Search(tree, trace=True), soft, alpha, beta)
        b = _alphabeta_with_stack(Search(tree, trace=True), soft, alpha, beta)
        assert (a.value, a.pv, a.stats.nodes, a.stats.leaves, a.stats.cutoffs) == (
            b.value,
            b.pv,
            b.stats.nodes,
            b.stats.leaves,
            b.stats.cutoffs,
        )
        assert a.stats.depth == b.stats.depth
        assert list(a.trace) == list(b.trace)


def test_a_tree_deeper_than_the_recursion_limit():
    # a spine 3,000 plies deep with a leaf beside every inner node
    spec: object = 1
    for level in range(3000):
        spec = [spec, level % 7 - 3] if level % 2 else [level % 5 - 2, spec]
    tree = GameTree.from_nested(spec)
    for soft in (False, True):
        r = alphabeta(tree, fail_soft=soft)
        assert r.value == minimax(tree).value
        assert r.stats.depth == 3000 and r.stats.leaves <= minimax(tree).stats.leaves
    traced = alphabeta(tree, trace=True)
    assert traced.trace.evaluated_leaves() == reference_leaves_with_stack(tree)


def reference_leaves_with_stack(tree):
    """The leaves a left-to-right α-β evaluates, by an explicit stack (no recursion)."""
    evaluated = []
    # frame: [label, alpha, beta, v, children iterator]
    root = tree.initial
    stack = [
        [root, -INF, INF, -INF if tree.player(root) is MAX else INF, iter(tree.children(root))]
    ]
    returned = None
    while stack:
        frame = stack[-1]
        label, alpha, beta, v, kids = frame
        maximising = tree.player(label) is MAX
        if returned is not None:
            v = max(v, returned) if maximising else min(v, returned)
            alpha, beta = (max(alpha, v), beta) if maximising else (alpha, min(beta, v))
            frame[1:4] = alpha, beta, v
            returned = None
            if alpha >= beta:
                stack.pop()
                returned = v
                continue
        kid = next(kids, None)
        if kid is None:
            stack.pop()
            returned = v
        elif not tree.children(kid):
            evaluated.append(kid)
            returned = tree.leaf_value(kid)
        else:
            worst = -INF if tree.player(kid) is MAX else INF
            stack.append([kid, alpha, beta, worst, iter(tree.children(kid))])
    return evaluated


def test_reorder_takes_trees_deeper_than_the_recursion_limit():
    spec: object = 4
    for level in range(2500):
        spec = [level % 9 - 4, spec] if level % 3 else [spec, level % 5]
    tree = GameTree.from_nested(spec)
    best, worst = reorder(tree, "best"), reorder(tree, "worst")
    assert best.height == worst.height == tree.height == 2500
    value = minimax(tree).value
    assert alphabeta(best).value == alphabeta(worst).value == value
    assert alphabeta(best).stats.leaves <= alphabeta(worst).stats.leaves
