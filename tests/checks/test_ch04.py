"""The checks of exercise set 04: right answers pass, typical mistakes get their own hints."""

from __future__ import annotations

import math

import pytest

from coursekit.checks import ch04
from coursekit.checks.common import SUCCESS_LINE
from coursekit.games import MAX, MIN, GameTree
from coursekit.search import alphabeta, best_case_leaves, minimax, reorder

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
