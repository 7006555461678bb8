"""The comparison widget: every registered algorithm on the tree the controls describe."""

from __future__ import annotations

import pytest

from coursekit.errors import CoursekitError
from coursekit.games import GameTree
from coursekit.search import algorithms, alphabeta, best_case_leaves, minimax, reorder
from coursekit.widgets.algorithm_comparison import AlgorithmComparison

CLASSIC = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def test_every_exact_algorithm_gets_a_row():
    w = AlgorithmComparison(branching=2, depth=3)
    for name, algorithm in algorithms().items():
        counted = algorithm.exact and "deterministic" in algorithm.games
        assert (f">{name}</td>" in w.table.value) == counted, name


def test_counts_are_the_searches_own():
    w = AlgorithmComparison(branching=3, depth=4, seed=5, ordering="worst")
    tree = reorder(GameTree.random(branching=3, depth=4, seed=5), "worst", seed=5)
    assert w.counts["minimax"] == (minimax(tree).stats.nodes, minimax(tree).stats.leaves)
    assert w.counts["alpha-beta"][1] == alphabeta(tree).stats.leaves


@pytest.mark.parametrize(("b", "d"), [(2, 1), (2, 4), (3, 3), (4, 2)])
def test_best_order_alpha_beta_meets_the_minimal_tree(b, d):
    w = AlgorithmComparison(branching=b, depth=d, ordering="best")
    assert w.minimal_leaves == best_case_leaves(b, d)
    assert w.counts["alpha-beta"][1] == w.minimal_leaves
    assert f"<i>{w.minimal_leaves:,}</i>" in w.table.value


def test_the_ordering_changes_the_counts_at_once():
    w = AlgorithmComparison(branching=3, depth=4, seed=2, ordering="best")
    best = w.counts["alpha-beta"]
    w.ordering.value = "worst"
    assert w.counts["alpha-beta"][1] > best[1]
    assert w.counts["alpha-beta"][1] <= w.counts["minimax"][1] == 3**4


def test_sliders_switch_back_to_the_random_tree():
    w = AlgorithmComparison(CLASSIC, ordering="as typed")
    assert w.source.value == "typed"
    assert w.counts["minimax"] == (13, 9)
    w.depth.value = 2
    assert w.source.value == "random"
    assert w.counts["minimax"][1] == w.branching.value**2


def test_a_ragged_tree_has_no_minimal_tree_row():
    w = AlgorithmComparison("[[1, 2], 3]", ordering="as typed")
    assert w.minimal_leaves is None
    assert "minimal tree" not in w.table.value


@pytest.mark.parametrize("text", ["[[1, 2", "", "[[1, true]]"])
def test_bad_input_keeps_the_last_good_table(text):
    w = AlgorithmComparison(CLASSIC)
    before = w.table.value
    w.tree_input.value = text
    assert w.feedback.message.startswith("tree:")
    assert w.table.value == before
    w.tree_input.value = "[[1, 2], [3, 4]]"
    assert w.feedback.message == ""
    assert w.counts["minimax"][1] == 4


def test_too_big_trees_are_refused():
    w = AlgorithmComparison(branching=2, depth=2)
    w.tree_input.value = "[" + ", ".join(["[" + ", ".join(["1"] * 200) + "]"] * 120) + "]"
    assert "more than this comparison searches" in w.feedback.message


def test_unknown_ordering_is_refused():
    with pytest.raises(CoursekitError, match="ordering"):
        AlgorithmComparison(ordering="sorted")


@pytest.mark.parametrize(
    ("make", "pattern"),
    [
        (lambda: AlgorithmComparison(42), "tree must be a string"),
        (lambda: AlgorithmComparison("[[1, 2"), "tree:"),
        (lambda: AlgorithmComparison(branching=9), "branching must be"),
        (lambda: AlgorithmComparison(branching=True), "branching must be"),
        (lambda: AlgorithmComparison(depth=0), "depth must be"),
        (lambda: AlgorithmComparison(depth=2.5), "depth must be"),
        (lambda: AlgorithmComparison(seed="x"), "seed must be"),
    ],
)
def test_bad_arguments_are_named(make, pattern):
    with pytest.raises(CoursekitError, match=pattern):
        make()


def test_the_display_carries_a_still_picture_of_the_table():
    w = AlgorithmComparison(CLASSIC)
    bundle = w._repr_mimebundle_()
    assert bundle["text/plain"].startswith("AlgorithmComparison: an interactive explorer")
    assert w.table.value in bundle["text/html"]
