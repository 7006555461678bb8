"""Expectiminimax against brute force, minimax, a Pig solver, and the scale of values."""

import math
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, ChanceTree, GameTree, Pig
from coursekit.search import alphabeta, expectiminimax, minimax, scale_changes_decision, star1
from coursekit.search.core import SearchError
from coursekit.search.result import ENTER, EXIT, LEAF

# --- an independent brute force: every pair of pure strategies ----------------------------


def pure_strategies(tree: ChanceTree, player) -> list[dict]:
    """Every choice of one move at each of ``player``'s decision nodes."""
    nodes = [
        s
        for s in tree.states
        if not tree.is_chance(s) and not tree.is_terminal(s) and tree.to_move(s) is player
    ]
    options = [list(tree.actions(s)) for s in nodes]
    return [dict(zip(nodes, choice, strict=True)) for choice in product(*options)]


def expected_outcome(tree: ChanceTree, plan: dict) -> Fraction:
    """Σ P(leaf) · value(leaf) when both players follow ``plan`` (a move per decision node)."""
    total, open_paths = 0, [((), Fraction(1))]
    while open_paths:
        state, p = open_paths.pop()
        if tree.is_terminal(state):
            total += p * tree.utility(state)
        elif tree.is_chance(state):
            open_paths += [(tree.result(state, o), p * q) for o, q in tree.chance_outcomes(state)]
        else:
            open_paths.append((tree.result(state, plan[state]), p))
    return total


def brute_force_value(tree: ChanceTree) -> Fraction:
    """max over MAX's pure strategies of min over MIN's: the value of a game of perfect
    information with chance (backward induction gives both players a pure optimal strategy)."""
    mins = pure_strategies(tree, MIN)
    return max(
        min(expected_outcome(tree, {**sigma, **tau}) for tau in mins)
        for sigma in pure_strategies(tree, MAX)
    )


def count_strategies(tree: ChanceTree, player) -> int:
    n = 1
    for s in tree.states:
        if not tree.is_chance(s) and not tree.is_terminal(s) and tree.to_move(s) is player:
            n *= len(tree.actions(s))
    return n


chance_trees = st.builds(
    ChanceTree.random,
    st.integers(0, 4),
    branching=st.integers(1, 3),
    outcomes=st.integers(2, 3),
    chance=st.sampled_from([0.0, 0.3, 0.5, 1.0]),
    leaf=st.sampled_from([0.0, 0.2]),
    values=st.sampled_from([(-9, 9), (0, 2)]),  # (0, 2): many ties
    seed=st.integers(0, 10**6),
    root=st.sampled_from([MAX, MIN]),
)


@given(chance_trees)
@settings(max_examples=400, deadline=None)
def test_expectiminimax_equals_the_brute_force_expectation(tree):
    assume(count_strategies(tree, MAX) * count_strategies(tree, MIN) <= 4096)
    r = expectiminimax(tree)
    assert r.value == brute_force_value(tree)
    assert r.stats.nodes == len(tree)  # no pruning: every node once
    if r.move is not None:  # the move's own value is the root's
        assert expectiminimax(tree, tree.result((), r.move)).value == r.value


@given(st.integers(0, 10**6), st.sampled_from([MAX, MIN]))
@settings(max_examples=200, deadline=None)
def test_without_chance_nodes_it_is_minimax(seed, root):
    tree = GameTree.random(branching=(1, 3), depth=4, seed=seed, values=(0, 4), root=root)
    r, m = expectiminimax(tree, trace=True), minimax(tree, trace=True)
    assert (r.value, r.pv, r.stats.nodes, r.stats.leaves) == (
        m.value,
        m.pv,
        m.stats.nodes,
        m.stats.leaves,
    )
    assert list(r.trace) == list(m.trace)


def test_the_textbook_example_and_its_trace():
    tree = ChanceTree.from_nested([((0.9, 2), (0.1, 3)), ((0.9, 1), (0.1, 4))])
    r = expectiminimax(tree, trace=True)
    assert r.move == 0 and r.value == pytest.approx(2.1)
    kinds = [(e.kind, e.path, e.player) for e in r.trace]
    # chance takes no turn: below MAX's move and the roll, MIN would move
    assert kinds[:3] == [(ENTER, (), MAX), (ENTER, (0,), None), (LEAF, (0, 0), MIN)]
    assert kinds[-1] == (EXIT, (), MAX)
    exits = {e.path: e.value for e in r.trace if e.kind == EXIT}
    assert exits[(1,)] == pytest.approx(1.3)


def test_a_depth_limit_values_the_cut_by_e_p():
    game = Pig(target=6, turns=2)
    r = expectiminimax(game, depth=2)  # roll, then the die: e(p) after each face
    # holding keeps e = 0 (MIN's replies are cut at once); rolling: e = f/6 after a face
    # f >= 2, 0 after a 1, so 1/6 · (2 + 3 + 4 + 5 + 6)/6 = 5/9
    assert r.move == "roll" and r.value == Fraction(5, 9)


# --- the scale of the values matters at chance nodes ---------------------------------------


def test_an_order_preserving_transform_changes_the_decision():
    tree = ChanceTree.from_nested([((0.9, 2), (0.1, 3)), ((0.9, 1), (0.1, 4))])
    square = {1: 1, 2: 20, 3: 30, 4: 400}  # 1 < 2 < 3 < 4 stays in order
    assert scale_changes_decision(tree, square.get) == (0, 1)
    assert minimax_order_is_kept(tree, square.get)


def minimax_order_is_kept(tree, f):
    """Without chance, only the order of the leaves matters: the same move after ``f``."""
    deterministic = GameTree.from_nested([[2, 3], [1, 4]])
    mapped = GameTree.from_nested([[f(2), f(3)], [f(1), f(4)]])
    return minimax(deterministic).move == minimax(mapped).move


@given(chance_trees, st.integers(1, 5), st.integers(-10, 10))
@settings(max_examples=200, deadline=None)
def test_a_positive_linear_transform_never_changes_the_decision(tree, a, b):
    before, after = scale_changes_decision(tree, lambda v: a * v + b)
    assert before == after
    assert (
        expectiminimax(tree.map_values(lambda v: a * v + b)).value
        == a * expectiminimax(tree).value + b
    )


# --- Pig: exact values from an independent solver -------------------------------------------


@cache
def pig_value(target: int, me: int, other: int, pot: int, turns: int) -> Fraction:
    """The mover's expected result (+1 win, 0 draw, −1 loss) with optimal play, written
    from the rules straight: the mover may hold or roll; a 1 loses the pot."""
    if me + pot >= target:
        return Fraction(1)
    if turns == 0:
        return Fraction((me + pot > other) - (me + pot < other))
    hold = -pig_value(target, other, me + pot, 0, turns - 1)
    roll = Fraction(-1, 6) * pig_value(target, other, me, 0, turns - 1)
    for face in range(2, 7):
        roll += Fraction(1, 6) * pig_value(target, me, other, pot + face, turns)
    return max(hold, roll)


@pytest.mark.parametrize(("target", "turns"), [(2, 1), (4, 1), (5, 2), (8, 2), (10, 3), (12, 4)])
def test_pig_values_agree_with_a_solver_written_from_the_rules(target, turns):
    game = Pig(target=target, turns=turns)
    r = expectiminimax(game, memo=True)
    assert r.value == pig_value(target, 0, 0, 0, 2 * turns)
    if target <= 5:  # small enough to search without the memo: the same value and move
        plain = expectiminimax(game)
        assert (plain.value, plain.move) == (r.value, r.move)
        assert r.stats.nodes < plain.stats.nodes and r.stats.tt_hits > 0


@given(chance_trees, st.booleans())
@settings(max_examples=100, deadline=None)
def test_the_memo_changes_nothing_on_a_tree(tree, limited):
    # a tree's positions are all different: the memo never answers
    depth = 2 if limited else None
    plain = expectiminimax(tree, depth=depth, evaluate=lambda s: 0)
    memo = expectiminimax(tree, depth=depth, evaluate=lambda s: 0, memo=True)
    assert (memo.value, memo.pv, memo.stats.nodes, memo.stats.tt_hits) == (
        plain.value, plain.pv, plain.stats.nodes, 0,
    )  # fmt: skip


def test_pig_to_two_in_one_turn_each_by_hand():
    # MAX rolls: 5/6 a win at once; 1/6 a 1, then MIN rolls: 5/6 MIN wins, 1/6 a draw
    assert expectiminimax(Pig(target=2, turns=1)).value == Fraction(5, 6) - Fraction(
        1, 6
    ) * Fraction(5, 6)


# --- Star1: the same value and move, fewer nodes ---------------------------------------------


@given(chance_trees, st.sampled_from(["tight", "loose", "none"]))
@settings(max_examples=500, deadline=None)
def test_star1_agrees_with_expectiminimax(tree, bounds):
    low, high = min(tree.utility(s) for s in tree.states if tree.is_terminal(s)), 9
    chosen = {"tight": (min(low, -9), high), "loose": (-100, 100), "none": (-math.inf, math.inf)}
    full, pruned = expectiminimax(tree), star1(tree, bounds=chosen[bounds])
    assert (pruned.value, pruned.move) == (full.value, full.move)
    assert pruned.stats.nodes <= full.stats.nodes


@given(st.integers(0, 10**6), st.sampled_from([MAX, MIN]))
@settings(max_examples=200, deadline=None)
def test_star1_without_chance_is_alpha_beta(seed, root):
    tree = GameTree.random(branching=(1, 3), depth=4, seed=seed, values=(0, 4), root=root)
    r, m = star1(tree), minimax(tree)
    assert (r.value, r.move) == (m.value, m.move)
    assert r.stats.leaves == alphabeta(tree).stats.leaves


@pytest.mark.parametrize(("target", "turns"), [(4, 1), (5, 2)])
def test_star1_prunes_pig(target, turns):
    game = Pig(target=target, turns=turns)
    full, pruned = expectiminimax(game), star1(game, bounds=(-1, 1))
    assert (pruned.value, pruned.move) == (full.value, full.move)
    assert pruned.stats.nodes < full.stats.nodes  # Pig to 5, 2 turns: 14,008 of 22,841


def test_star1_refuses_a_leaf_outside_its_bounds():
    with pytest.raises(SearchError, match="outside the bounds"):
        star1(ChanceTree.from_nested([1, 20]), bounds=(0, 10))
    with pytest.raises(SearchError, match="bounds must be a pair"):
        star1(ChanceTree.from_nested([1, 2]), bounds=(10, 0))
