"""The checks of exercise set 04: right answers pass, typical mistakes get their own hints."""

from __future__ import annotations

import math
import re

import pytest

from coursekit.checks import ch04
from coursekit.checks.common import SUCCESS_LINE, CheckFailed
from coursekit.checks.public.ch04 import DECK_TREE, describe
from coursekit.games import MAX, MIN, GameTree
from coursekit.search import alphabeta, best_case_leaves, minimax, reorder
from coursekit.text import say

INF = math.inf
# The tree of parts 1 and 2 (the solution notebook's), worked by hand below.
TREE = GameTree.from_nested(
    [
        [[[6, 9], [5, 7]], [[7, 8], [4, 2]]],
        [[[2, 9], [1, 7]], [[3, 5], [8]]],
        [[[8, 7], [9, 3]], [[8, 9], [4]]],
    ]
)
# The tree of part 4: uniform, branching 3, depth 3, the distinct values 1 … 27.
ORDER_TREE = GameTree.from_nested(
    [
        [[14, 3, 22], [9, 26, 1], [17, 6, 11]],
        [[20, 2, 25], [7, 12, 18], [27, 5, 10]],
        [[4, 23, 15], [13, 21, 8], [16, 24, 19]],
    ]
)


def passes(capsys):
    return capsys.readouterr().out.strip() == SUCCESS_LINE


# --- part 1 -----------------------------------------------------------------------------------


def right_values():
    # By hand, bottom up: MIN nodes B1a … D2b take the smaller leaf, MAX nodes B1 … D2 the
    # larger child, MIN nodes B, C, D the smaller, and A the largest.
    return {
        "B1a": 6, "B1b": 5, "B2a": 7, "B2b": 2, "C1a": 2, "C1b": 1, "C2a": 3, "C2b": 8,
        "D1a": 7, "D1b": 3, "D2a": 8, "D2b": 4,
        "B1": 6, "B2": 7, "C1": 2, "C2": 8, "D1": 7, "D2": 8,
        "B": 6, "C": 2, "D": 7, "A": 7,
    }  # fmt: skip


def test_part1_right_answer_passes(capsys):
    ch04.check_backed_up(TREE, right_values(), "D")
    assert passes(capsys)


@pytest.mark.parametrize(
    ("change", "move", "hint"),
    [
        ({"C1": 9}, "D", "The value of C1 is wrong. C1 is a MAX node, so it takes the largest"),
        ({"D": 8}, "D", "The value of D is wrong. D is a MIN node, so it takes the smallest"),
        ({}, "B", "Moving to B does not give the root its backed-up value"),
        ({}, None, "no answer yet"),
    ],
)
def test_part1_mistakes_get_hints(change, move, hint):
    with pytest.raises(AssertionError, match=hint):
        ch04.check_backed_up(TREE, {**right_values(), **change}, move)


# --- part 2 -----------------------------------------------------------------------------------

# By hand, left to right: B1b stops after 5 ≤ α(B1) = 6; B2 after 7 ≥ β(B) = 6; C1a after 2 and
# C1b after 1, both ≤ α(A) = 6 (deep cuts: A is their great-grandparent); C after C1 (≤ 6); D2
# after D2a (8 ≥ β(D) = 7).
PRUNED = {"B1b2", "B2b", "C1a2", "C1b2", "C2", "D2b"}


def test_part2_the_tops_of_the_pruned_branches_pass(capsys):
    ch04.check_pruned(TREE, PRUNED)
    assert passes(capsys)


def test_part2_the_nodes_below_may_be_listed_too(capsys):
    below = {"C2a", "C2b", "C2a1", "C2a2", "C2b1", "B2b1", "B2b2", "D2b1"}
    ch04.check_pruned(TREE, sorted(PRUNED | below))
    assert passes(capsys)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (PRUNED - {"C1a2"}, "misses a pruned branch. Compare each node's bound with every"),
        (PRUNED - {"B1b2"}, "misses a pruned branch. Look for an α cut"),
        (PRUNED - {"B2b", "D2b"}, "misses 2 pruned branches. Look for a β cut"),
        (PRUNED | {"D2a2"}, "α-β does evaluate leaf D2a2"),
        (PRUNED | {"D1b"}, "α-β does generate node D1b"),
        (PRUNED | {"Z9"}, "The tree has no node Z9"),
        ("B2b", "should be of type set"),
        (None, "no answer yet"),
    ],
)
def test_part2_mistakes_get_hints(answer, hint):
    with pytest.raises(AssertionError, match=hint):
        ch04.check_pruned(TREE, answer)


def test_part2_the_tree_has_cuts_of_every_kind():
    cuts = alphabeta(TREE, trace=True).trace.cutoffs()
    assert {c.kind for c in cuts} == {"alpha", "beta"}
    assert any(TREE.depth_of(c.node) - TREE.depth_of(c.cause) > 1 for c in cuts)
    assert set(alphabeta(TREE, trace=True).trace.pruned()) == PRUNED


# --- part 3 -----------------------------------------------------------------------------------


def good_alphabeta(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) is MAX:
        v = -INF
        for a in game.actions(state):
            v = max(v, good_alphabeta(game, game.result(state, a), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = INF
    for a in game.actions(state):
        v = min(v, good_alphabeta(game, game.result(state, a), alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def fail_hard(game, state, alpha, beta):
    """The textbook's other form: the value clipped to the window."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    for a in game.actions(state):
        w = fail_hard(game, game.result(state, a), alpha, beta)
        if game.to_move(state) is MAX:
            alpha = max(alpha, w)
        else:
            beta = min(beta, w)
        if alpha >= beta:
            break
    return alpha if game.to_move(state) is MAX else beta


@pytest.mark.parametrize("function", [good_alphabeta, fail_hard])
def test_part3_right_alphabeta_passes(function, capsys):
    ch04.check_alphabeta_function(function)
    assert passes(capsys)


def parent_only(game, state, alpha, beta):
    """Each node hears only its parent's best value so far."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) is MAX:
        v = -INF
        for a in game.actions(state):
            v = max(v, parent_only(game, game.result(state, a), v, INF))
            if v >= beta:
                return v
        return v
    v = INF
    for a in game.actions(state):
        v = min(v, parent_only(game, game.result(state, a), -INF, v))
        if v <= alpha:
            return v
    return v


def swapped(game, state, alpha, beta):
    """β lowered at MAX nodes, α raised at MIN nodes."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) is MAX:
        v = -INF
        for a in game.actions(state):
            v = max(v, swapped(game, game.result(state, a), alpha, beta))
            if v >= beta:
                return v
            beta = min(beta, v)
        return v
    v = INF
    for a in game.actions(state):
        v = min(v, swapped(game, game.result(state, a), alpha, beta))
        if v <= alpha:
            return v
        alpha = max(alpha, v)
    return v


def not_passed(game, state, alpha=-INF, beta=INF):
    """Every child starts with a fresh window."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) is MAX:
        v = -INF
        for a in game.actions(state):
            v = max(v, not_passed(game, game.result(state, a)))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = INF
    for a in game.actions(state):
        v = min(v, not_passed(game, game.result(state, a)))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def strict(game, state, alpha, beta):
    """Prunes only when a bound passes the other."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) is MAX:
        v = -INF
        for a in game.actions(state):
            v = max(v, strict(game, game.result(state, a), alpha, beta))
            if v > beta:
                return v
            alpha = max(alpha, v)
        return v
    v = INF
    for a in game.actions(state):
        v = min(v, strict(game, game.result(state, a), alpha, beta))
        if v < alpha:
            return v
        beta = min(beta, v)
    return v


def plain_minimax(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [plain_minimax(game, game.result(state, a), alpha, beta) for a in game.actions(state)]
    return max(values) if game.to_move(state) is MAX else min(values)


def right_to_left(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    at_max = game.to_move(state) is MAX
    v = -INF if at_max else INF
    for a in reversed(game.actions(state)):
        w = right_to_left(game, game.result(state, a), alpha, beta)
        v = max(v, w) if at_max else min(v, w)
        if (at_max and v >= beta) or (not at_max and v <= alpha):
            return v
        alpha, beta = (max(alpha, v), beta) if at_max else (alpha, min(beta, v))
    return v


def wrong_value(game, state, alpha, beta):
    return good_alphabeta(game, state, alpha, beta) + 1


def twice(game, state, alpha, beta):
    if game.is_terminal(state):
        game.utility(state, MAX)
    return good_alphabeta(game, state, alpha, beta)


def not_yet(game, state, alpha, beta):
    raise NotImplementedError


@pytest.mark.parametrize(
    ("function", "hint"),
    [
        (parent_only, "compares each node's bound with its parent's only"),
        (swapped, "lowers β at MAX nodes"),
        (not_passed, "never prunes anything, like minimax. Pass the current α and β down"),
        (plain_minimax, "never prunes anything, like minimax"),
        (strict, "prunes only when one bound passes the other strictly"),
        (right_to_left, "in another order: take the moves left to right"),
        (wrong_value, "evaluates the right leaves but returns"),
        (twice, "more than once"),
        (not_yet, "still raises NotImplementedError"),
        (lambda game, state, alpha, beta: 0, "values no leaf with game.utility"),
        (None, "no answer yet"),
    ],
)
def test_part3_mistakes_get_hints(function, hint):
    with pytest.raises(AssertionError, match=hint):
        ch04.check_alphabeta_function(function)


@pytest.mark.parametrize("mistake", list(ch04.MISTAKES))
def test_part3_each_mistake_differs_from_alphabeta_and_from_the_others(mistake):
    trees = ch04.random_trees()
    leaves = [ch04.mistaken_alphabeta(t, t.initial, mistake)[1] for t in trees]
    assert leaves != [alphabeta(t, trace=True).trace.evaluated_leaves() for t in trees]
    for other in ch04.MISTAKES:
        if other != mistake:
            assert leaves != [ch04.mistaken_alphabeta(t, t.initial, other)[1] for t in trees]


def test_part3_checks_many_seeded_trees():
    trees = ch04.random_trees()
    assert len(trees) == 200 and trees == ch04.random_trees()
    assert {t.root_player for t in trees} == {MAX, MIN}
    assert max(t.height for t in trees) >= 5
    assert sum(len(t) for t in trees) > 10_000


def test_mistaken_alphabeta_refuses_unknown_mistakes():
    with pytest.raises(ValueError, match="mistake must be one of"):
        ch04.mistaken_alphabeta(TREE, TREE.initial, "typo")


# --- part 4 -----------------------------------------------------------------------------------


def by_hand_best(tree, label=None):
    """Best first, worked out from minimax values: MAX's highest child first, MIN's lowest."""
    label = tree.initial if label is None else label
    if tree.is_terminal(label):
        return tree.leaf_value(label)
    kids = sorted(
        tree.children(label),
        key=lambda kid: minimax(tree, kid).value,
        reverse=tree.player(label) is MAX,
    )
    return [by_hand_best(tree, kid) for kid in kids]


def test_part4_the_best_order_passes_with_the_fewest_leaves(capsys):
    ch04.check_best_order(ORDER_TREE, by_hand_best(ORDER_TREE))
    assert passes(capsys)
    best = GameTree.from_nested(by_hand_best(ORDER_TREE))
    assert alphabeta(best).stats.leaves == best_case_leaves(3, 3)


def test_part4_the_tree_is_uniform_with_distinct_values():
    values = sorted(ORDER_TREE.leaf_value(leaf) for leaf in ORDER_TREE.leaves)
    assert values == list(range(1, 28))
    assert alphabeta(ORDER_TREE).stats.leaves > best_case_leaves(3, 3)


def root_only(tree):
    kids = sorted(
        tree.children(tree.initial), key=lambda kid: minimax(tree, kid).value, reverse=True
    )
    return [tree.to_nested(kid) for kid in kids]


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (ORDER_TREE.to_nested(), "fewer are possible. Put first, at a MAX node"),
        (reorder(ORDER_TREE, "worst").to_nested(), "the most it can. You put the worst child"),
        (root_only(ORDER_TREE), "You reordered the root's children only"),
        ([[1, 2, 3]], "not the given tree reordered"),
        ([[[14, 3, 22]], []], "not a tree of nested lists"),
        ("[[1]]", "should be of type list"),
        (None, "no answer yet"),
    ],
)
def test_part4_mistakes_get_hints(answer, hint):
    with pytest.raises(AssertionError, match=hint):
        ch04.check_best_order(ORDER_TREE, answer)


def test_part4_hints_never_give_the_fewest_leaves():
    with pytest.raises(AssertionError) as error:
        ch04.check_best_order(ORDER_TREE, ORDER_TREE.to_nested())
    assert str(best_case_leaves(3, 3)) not in str(error.value)


def no_beta_cuts(game, state, alpha, beta):
    """Prunes at MIN nodes only."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) is MAX:
        v = -INF
        for a in game.actions(state):
            v = max(v, no_beta_cuts(game, game.result(state, a), alpha, beta))
            alpha = max(alpha, v)
        return v
    v = INF
    for a in game.actions(state):
        v = min(v, no_beta_cuts(game, game.result(state, a), alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def test_part3_an_extra_leaf_is_named():
    with pytest.raises(AssertionError, match=r"evaluates leaf \w+, which α-β never reaches"):
        ch04.check_alphabeta_function(no_beta_cuts)


# --- part 5: the decks' six-level tree ----------------------------------------------------------

# By hand, left to right (see the solution notebook): B1a1b (MIN, −3 ≤ α 0 of B1a1),
# C1a1b (MIN, −3 ≤ 1), C1b1a (MIN, −5 ≤ α 1 of C1, three plies up) and C1b (MIN, −5 ≤ 1)
# stop by α cuts; B1a2 (MAX, 3 ≥ β 0 of B1a), B2a1 (MAX, 2 ≥ β 0 of B, three plies up)
# and B2 (MAX, 2 ≥ 0) by β cuts. B is worth 0, C 1: the root is worth 1, MAX moves to C.
DECK_ALPHA = {"B1a1b2", "C1a1b2", "C1b1a2", "C1b2"}
DECK_BETA = {"B1a2b", "B1a2c", "B2a1b", "B2b"}
DECK_LEAVES = [0, 5, -3, 3, 3, -3, 0, 2, -2, 3, 5, 2, 5, -5, 0, 1, 5, 1, -3, 0, -5, 5, -3, 3, 2]


def own_alphabeta(tree, node, alpha, beta, cuts):
    """An α-β of this test's own: the value of ``node``; ``cuts`` gets each pruned child's kind."""
    if tree.is_terminal(node):
        return tree.leaf_value(node)
    at_max, kids = tree.player(node) is MAX, tree.children(node)
    v = -INF if at_max else INF
    for i, kid in enumerate(kids):
        w = own_alphabeta(tree, kid, alpha, beta, cuts)
        v, alpha, beta = (
            (max(v, w), max(alpha, w), beta) if at_max else (min(v, w), alpha, min(beta, w))
        )
        if alpha >= beta:
            cuts.update(dict.fromkeys(kids[i + 1 :], "beta" if at_max else "alpha"))
            break
    return v


def test_part5_the_deck_tree_has_six_plies_and_the_decks_tips():
    assert DECK_TREE.height == 6 and DECK_TREE.root_player is MAX
    assert [DECK_TREE.leaf_value(leaf) for leaf in DECK_TREE.leaves] == DECK_LEAVES
    assert {DECK_TREE.depth_of(leaf) for leaf in DECK_TREE.leaves} == {6}


def test_part5_prunings_and_value_agree_with_an_independent_alphabeta():
    cuts = {}
    value = own_alphabeta(DECK_TREE, DECK_TREE.initial, -INF, INF, cuts)
    assert value == minimax(DECK_TREE).value == alphabeta(DECK_TREE).value == 1
    assert cuts == dict.fromkeys(DECK_ALPHA, "alpha") | dict.fromkeys(DECK_BETA, "beta")
    assert {k: v for k, v in ch04.pruned_kinds(DECK_TREE).items() if k in cuts} == cuts


@pytest.mark.parametrize(
    ("alpha_cut", "beta_cut", "value", "move"),
    [
        (DECK_ALPHA, DECK_BETA, 1, "C"),
        (sorted(DECK_ALPHA), tuple(DECK_BETA), 1.0, "C"),
        (DECK_ALPHA, DECK_BETA | {"B1a2b1", "B1a2b2", "B1a2b3"}, 1, "C"),  # nodes below ×
    ],
)
def test_part5_every_right_answer_passes(alpha_cut, beta_cut, value, move, capsys):
    ch04.check_cut_kinds(DECK_TREE, alpha_cut, beta_cut, value, move)
    assert passes(capsys)


def parent_only_cuts(tree):
    cuts = {}
    ch04.mistaken_alphabeta(tree, tree.initial, "parent only", cuts)
    return {k for k, v in cuts.items() if v == "alpha"}, {k for k, v in cuts.items() if v == "beta"}


@pytest.mark.parametrize(
    ("alpha_cut", "beta_cut", "value", "move", "hint"),
    [
        (DECK_BETA, DECK_ALPHA, 1, "C", "Your α and β sets are swapped"),
        (DECK_ALPHA | {"B2b"}, DECK_BETA - {"B2b"}, 1, "C", "Node B2b is pruned, but not by an α"),
        (*parent_only_cuts(DECK_TREE), 1, "C", "compared with its parent only"),
        (DECK_ALPHA, DECK_BETA - {"B2a1b"}, 1, "C", "a deep cut"),
        (DECK_ALPHA | {"C2"}, DECK_BETA, 1, "C", "α-β does generate node C2"),
        (DECK_ALPHA, DECK_BETA | {"D"}, 1, "C", "The tree has no node D"),
        (DECK_ALPHA, DECK_BETA | {"C1b2"}, 1, "C", "Node C1b2 is in both sets"),
        (DECK_ALPHA, DECK_BETA, 0, "C", "The root's value is wrong"),
        (DECK_ALPHA, DECK_BETA, 1, "B", "Moving to B does not give the root its value"),
        (None, DECK_BETA, 1, "C", "no answer yet"),
        ("B2b", DECK_BETA, 1, "C", "should be of type"),
    ],
)
def test_part5_mistakes_get_hints(alpha_cut, beta_cut, value, move, hint):
    with pytest.raises(AssertionError, match=hint):
        ch04.check_cut_kinds(DECK_TREE, alpha_cut, beta_cut, value, move)


def test_part5_a_strict_reading_gets_its_hint_where_a_tie_prunes():
    tree = GameTree.from_nested([[3, 12, 8], [3, 4, 6], [14, 5, 2]])  # C1 = 3 ties α(A) = 3
    ch04.check_cut_kinds(tree, {"C2", "C3"}, set(), 3, "B")
    with pytest.raises(AssertionError, match="strict inequality"):
        ch04.check_cut_kinds(tree, set(), set(), 3, "B")


def test_part5_hints_never_name_the_right_sets():
    for alpha_cut, beta_cut in [(DECK_BETA, DECK_ALPHA), parent_only_cuts(DECK_TREE)]:
        with pytest.raises(AssertionError) as error:
            ch04.check_cut_kinds(DECK_TREE, alpha_cut, beta_cut, 1, "C")
        assert not any(label in str(error.value) for label in DECK_ALPHA | DECK_BETA)


def test_by_hand_parts_are_declared_so():
    assert [n for n, p in ch04.PARTS.items() if getattr(p, "by_hand", False)] == [1, 2, 4, 5]


# --- the hints in Chinese (set_language("zh"), as the Chinese notebooks set it) ------------------

ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{3,} [a-z]{2,} [a-z]{2,}\b")
"""Three English words in a row: a sentence left untranslated (code such as
``game.utility(state, MAX)`` has commas and dots between its words)."""


def part5(alpha_cut, beta_cut, value=1, move="C"):
    return lambda: ch04.check_cut_kinds(DECK_TREE, alpha_cut, beta_cut, value, move)


def strict_tie():
    tree = GameTree.from_nested([[3, 12, 8], [3, 4, 6], [14, 5, 2]])
    ch04.check_cut_kinds(tree, set(), set(), 3, "B")


@pytest.mark.parametrize(
    ("call", "hint"),
    [
        (lambda: ch04.check_pruned(TREE, PRUNED - {"C1a2"}), "漏掉了 1 个被剪掉的分枝。请把每个"),
        (lambda: ch04.check_pruned(TREE, PRUNED - {"B1b2"}), "找一找α剪枝：某个 MIN 节点"),
        (
            lambda: ch04.check_pruned(TREE, PRUNED - {"B2b", "D2b"}),
            "漏掉了 2 个被剪掉的分枝。找一找β",
        ),
        (lambda: ch04.check_pruned(TREE, PRUNED | {"D2a2"}), "确实会对叶节点 D2a2 估值：搜索到达"),
        (lambda: ch04.check_pruned(TREE, PRUNED | {"D1b"}), "确实会生成节点 D1b"),
        (lambda: ch04.check_pruned(TREE, PRUNED | {"Z9"}), "树中没有节点 Z9"),
        (lambda: ch04.check_pruned(TREE, "B2b"), "你的答案的类型应为"),
        (lambda: ch04.check_alphabeta_function(parent_only), "只把每个节点的界与父节点的界比较"),
        (lambda: ch04.check_alphabeta_function(swapped), "在 MAX 节点上降低 β"),
        (lambda: ch04.check_alphabeta_function(not_passed), "什么也不剪，和极小极大过程一样"),
        (lambda: ch04.check_alphabeta_function(strict), "严格越过另一个界时才剪枝"),
        (lambda: ch04.check_alphabeta_function(right_to_left), "估值叶节点的顺序不对"),
        (
            lambda: ch04.check_alphabeta_function(wrong_value),
            r"（根节点上轮到 MAX 走）上，你的函数",
        ),
        (lambda: ch04.check_alphabeta_function(twice), "估值了不止一次"),
        (lambda: ch04.check_alphabeta_function(no_beta_cuts), "根本到不了那里"),
        (lambda: ch04.check_alphabeta_function(lambda g, s, a, b: 0), "没有用 game.utility"),
        (lambda: ch04.check_alphabeta_function(3), "alphabeta_value 应当是一个函数"),
        (lambda: ch04.check_best_order(ORDER_TREE, ORDER_TREE.to_nested()), "还可以更少。在 MAX"),
        (
            lambda: ch04.check_best_order(ORDER_TREE, reorder(ORDER_TREE, "worst").to_nested()),
            "请反过来",
        ),
        (lambda: ch04.check_best_order(ORDER_TREE, root_only(ORDER_TREE)), "只调整了根节点"),
        (lambda: ch04.check_best_order(ORDER_TREE, [[1, 2, 3]]), "不是把给定的树换了顺序"),
        (lambda: ch04.check_best_order(ORDER_TREE, "[[1]]"), "你的树的类型应为 list 或 tuple"),
        (part5(DECK_BETA, DECK_ALPHA), "弄反了.*α剪枝发生在一个 MIN 节点之下"),
        (part5(DECK_ALPHA | {"B2b"}, DECK_BETA - {"B2b"}), "节点 B2b 确实被剪掉了，但不是由α剪枝"),
        (part5(*parent_only_cuts(DECK_TREE)), "只与父节点比较时"),
        (part5(DECK_ALPHA, DECK_BETA - {"B2a1b"}), "（深层剪枝）"),
        (part5(DECK_ALPHA | {"C2"}, DECK_BETA), "确实会生成节点 C2"),
        (part5(DECK_ALPHA, DECK_BETA | {"C1b2"}), "节点 C1b2 同时出现在两个集合中"),
        (part5(DECK_ALPHA, DECK_BETA, 0), "根节点的值不对"),
        (part5(DECK_ALPHA, DECK_BETA, 1, "Z"), "走步应当是根节点的某个子节点：B, C"),
        (part5(DECK_ALPHA, DECK_BETA, 1, "B"), "走向 B 得不到根节点的值"),
        (strict_tie, "只在严格不等时才停下"),
    ],
)
def test_hints_in_chinese(call, hint, chinese):
    with pytest.raises(CheckFailed, match=hint) as failure:
        call()
    assert not ENGLISH_WORDS.search(str(failure.value)), str(failure.value)


def test_a_large_tree_is_described_in_chinese(chinese):
    tree = GameTree.random(branching=3, depth=4, seed=1)
    assert describe(tree) == f"一棵有 {len(tree)} 个节点的随机树（根节点上轮到 MAX 走）"


def test_the_mistakes_have_hints_in_both_languages():
    for key in ch04.MISTAKES.values():
        assert say(key, lang="en").startswith("it ")
        assert say(key, lang="zh").startswith("它")
