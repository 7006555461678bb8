"""The course's example trees: the AND/OR deck's α-β example S0 … U, read back from the
deck's numbers and checked by an α-β of its own and by the package's."""

from __future__ import annotations

import math
import string
from collections import Counter

from coursekit.games import MAX, MIN, GameTree
from coursekit.games.examples import DECK_BOUNDS, DECK_TIPS, deck_alphabeta_tree
from coursekit.search import alphabeta, minimax

NAMES = ["S0", *(c for c in string.ascii_uppercase[:21] if c != "O")]
"""The deck's 21 names: S0, A–N, P–U."""


def own_alphabeta(tree: GameTree, node: str, alpha: float, beta: float, seen: dict) -> float:
    """α-β (fail-soft), written apart from the package's; notes each node's value and cut.

    ``seen[node]`` is the value the node leaves with; ``seen["cuts"]`` the cut nodes with
    the α of the MAX nodes on their path when they are entered (``seen["alphas"]``).
    """
    if tree.is_terminal(node):
        seen[node] = tree.leaf_value(node)
        return seen[node]
    kids, maximising = tree.children(node), tree.player(node) is MAX
    seen.setdefault("alphas", {})[node] = alpha
    v = -math.inf if maximising else math.inf
    for i, kid in enumerate(kids):
        w = own_alphabeta(tree, kid, alpha, beta, seen)
        v = max(v, w) if maximising else min(v, w)
        alpha, beta = (max(alpha, v), beta) if maximising else (alpha, min(beta, v))
        if alpha >= beta:
            seen.setdefault("cuts", []).append((node, kids[i + 1 :]))
            break
    seen[node] = v
    return v


def test_the_tree_has_the_decks_names_and_tips():
    tree = deck_alphabeta_tree()
    named = [label for label in tree.labels if label in NAMES]
    assert sorted(named) == sorted(NAMES) and tree.initial == "S0"
    assert tree.player("S0") is MAX and tree.player("A") is MIN and tree.player("C") is MAX
    tips = [label for label in tree.leaves if label in NAMES]
    assert Counter(tree.leaf_value(t) for t in tips) == Counter(DECK_TIPS)
    assert len(NAMES) == len(DECK_TIPS) + len(DECK_BOUNDS) == 21  # one number a name


def test_an_own_alphabeta_finds_the_decks_cuts_and_its_eleven_bounds():
    tree = deck_alphabeta_tree()
    seen: dict = {}
    value = own_alphabeta(tree, "S0", -math.inf, math.inf, seen)
    cuts = {node: pruned for node, pruned in seen["cuts"]}
    assert set(cuts) == {"G", "D", "I"}
    assert tree.children("G").index(cuts["G"][0]) == 1  # G: the α cut under C the deck names
    assert tree.player("D") is MAX and tree.parent("D") == "A"  # the β cut under A
    pruned = {tip for tips in cuts.values() for tip in tips}
    assert not pruned & set(NAMES)  # every named tip is evaluated; × stands for the rest
    inner = [name for name in NAMES if not tree.is_terminal(name)]
    bounds = [seen[name] for name in inner if name != "S0"]
    bounds.append(seen["alphas"]["B"])  # the α S0 holds while it searches B
    assert Counter(bounds) == Counter(DECK_BOUNDS)
    assert value == seen["S0"] == 2 != seen["alphas"]["B"] == 1


def test_the_package_agrees_with_the_own_alphabeta():
    tree = deck_alphabeta_tree()
    r = alphabeta(tree, trace=True, fail_soft=True)
    assert r.value == minimax(tree).value == 2 and r.move == "B"
    assert [(c.node, c.kind, c.cause) for c in r.trace.cutoffs()] == [
        ("G", "alpha", "C"),  # the deck's α cut: the 与 node G cannot raise C's α
        ("D", "beta", "A"),  # the deck's β cut: the 或 node D cannot lower A's β
        ("I", "alpha", "S0"),  # deep: S0 is three levels above I
    ]
    assert r.trace.pruned() == ["G2", "D2", "I3"] and r.stats.leaves == len(DECK_TIPS)
    assert tree.leaf_value(r.pv[-1]) == r.value  # the root's value is a tip's static value
