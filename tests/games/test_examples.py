"""The course's example trees: chapter 4's six-level tree, checked by an α-β of its own."""

from __future__ import annotations

import math

from coursekit.games import MAX, GameTree
from coursekit.games.examples import SIX_LEVEL_TREE, six_level_tree
from coursekit.search import alphabeta, minimax


def own_alphabeta(tree: GameTree, node: str, alpha: float, beta: float, pruned: list) -> float:
    """Five lines of α-β (fail-soft), written apart from the package's; records pruned children."""
    if tree.is_terminal(node):
        return tree.leaf_value(node)
    kids, maximising = tree.children(node), tree.player(node) is MAX
    v = -math.inf if maximising else math.inf
    for i, kid in enumerate(kids):
        w = own_alphabeta(tree, kid, alpha, beta, pruned)
        v = max(v, w) if maximising else min(v, w)
        alpha, beta = (max(alpha, v), beta) if maximising else (alpha, min(beta, v))
        if alpha >= beta:
            pruned.extend(kids[i + 1 :])
            break
    return v


def test_the_six_level_tree_has_the_decks_form():
    tree = six_level_tree()
    assert tree.initial == "S0" and tree.player("S0") is MAX
    assert tree.height + 1 == 6  # six levels: S0 at the first, the tips at the sixth
    assert set(SIX_LEVEL_TREE) <= set(tree.labels)


def test_the_package_prunes_what_an_own_alphabeta_prunes():
    tree = six_level_tree()
    pruned: list[str] = []
    value = own_alphabeta(tree, tree.initial, -math.inf, math.inf, pruned)
    r = alphabeta(tree, trace=True, fail_soft=True)
    assert value == r.value == minimax(tree).value == 5
    assert pruned == r.trace.pruned() == ["L2", "N", "P2", "D2", "S", "U", "B2"]
    assert r.stats.leaves == 12 == len(tree.leaves) - 10  # 10 tips lie below the seven ×


def test_its_cuts_are_both_kinds_and_some_are_deep():
    cuts = alphabeta(six_level_tree(), trace=True).trace.cutoffs()
    kinds = [(c.node, c.kind, c.cause) for c in cuts]
    assert kinds == [
        ("L", "beta", "F"),
        ("G", "alpha", "C"),  # the deck's α cut: the 与 node G cannot raise C's α
        ("P", "beta", "A"),
        ("D", "beta", "A"),  # the deck's β cut: the 或 node D cannot lower A's β
        ("I", "alpha", "S0"),
        ("J", "alpha", "S0"),
        ("B", "alpha", "S0"),
    ]
