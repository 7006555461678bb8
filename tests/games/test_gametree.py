"""GameTree: building textbook trees, reading them from text and JSON, random trees."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, Game, GameTree, GameTreeError

# Nested trees of small integers: a leaf, or a non-empty list of trees.
nested_trees = st.recursive(
    st.integers(-20, 20),
    lambda inner: st.lists(inner, min_size=1, max_size=4),
    max_leaves=30,
)


def backed_up(node, player):
    """A reference minimax over nested lists, written independently of coursekit."""
    if not isinstance(node, list):
        return node
    values = [backed_up(kid, player.opponent) for kid in node]
    return max(values) if player is MAX else min(values)


# --- the course's example --------------------------------------------------------------------


def test_the_design_example_has_the_figure_labels():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MAX)
    assert tree.initial == "A"
    assert tree.children("A") == ("B", "C", "D")
    assert tree.leaves == ("B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3")
    assert [tree.leaf_value(label) for label in tree.leaves] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert tree.to_move("A") is MAX and tree.to_move("B") is MIN and tree.to_move("B1") is MAX
    assert len(tree) == 13 and tree.height == 2


def test_deeper_levels_alternate_digits_and_letters():
    tree = GameTree.from_nested([[[1, 2], [3, [4, 5]]]])
    assert tree.children("B1") == ("B1a", "B1b")
    assert tree.children("B2b") == ("B2b1", "B2b2")


def test_a_tree_is_a_game_and_min_can_start():
    tree = GameTree.from_nested([[3, 12], [2, 4]], root=MIN)
    assert isinstance(tree, Game)
    assert tree.to_move("A") is MIN and tree.to_move("B") is MAX
    assert tree.utility("B1", MAX) == 3 and tree.utility("B1", MIN) == -3
    assert tree.result("A", "C") == "C"
    with pytest.raises(ValueError, match="'D' is not a child of A"):
        tree.result("A", "D")
    with pytest.raises(ValueError, match="B is not a leaf"):
        tree.utility("B")
    with pytest.raises(GameTreeError, match="node B has no static value"):
        tree.evaluate("B")


def test_a_single_number_is_a_tree_of_one_leaf():
    tree = GameTree.from_nested(7)
    assert tree.is_terminal("A") and tree.leaves == ("A",) and tree.height == 0


@given(nested_trees)
def test_nested_lists_round_trip(spec):
    tree = GameTree.from_nested(spec)
    assert tree.to_nested() == spec
    assert len(set(tree.labels)) == len(tree)
    for label in tree.labels:
        path = tree.path_to(label)
        assert tree.path_label(path) == label
        assert len(path) == tree.depth_of(label)


# --- reading text -----------------------------------------------------------------------------


def render(spec, rng_spaces):
    if not isinstance(spec, list):
        return str(spec)
    gap = rng_spaces.draw(st.sampled_from(["", " ", "\n  "]))
    return "[" + gap + ("," + gap).join(render(kid, rng_spaces) for kid in spec) + "]"


@given(nested_trees, st.data())
def test_text_reads_back_as_the_same_tree(spec, data):
    text = render(spec, data)
    assert GameTree.from_spec(text) == GameTree.from_nested(spec)


@given(nested_trees)
def test_to_spec_reads_back(spec):
    tree = GameTree.from_nested(spec)
    assert GameTree.from_spec(tree.to_spec()) == tree


def test_text_may_hold_decimals_infinity_and_a_trailing_comma():
    tree = GameTree.from_spec("[[1.5, -inf], [∞, +2,], [-0.25e1]]")
    assert tree.to_nested() == [[1.5, -math.inf], [math.inf, 2], [-2.5]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[3, 12, 8], [2, x, 6]]", "line 1, column 18: 'x' is not a number"),
        ("[[3, 12],\n [2, []]]", "line 2, column 6: empty list"),
        ("[[3, 12], [2, 4]", "line 1, column 17: the list opened at line 1, column 1 is never"),
        ("[[3, 12]] 4", "line 1, column 11: unexpected '4' after the end of the tree"),
        ("[[3 12]]", "line 1, column 5: expected ',' or ']' but found '1'"),
        ("[3, , 4]", "line 1, column 5: a child is missing before this ','"),
        ("   ", "the text is empty"),
        ("[1, 2, 3", "never closed"),
        ("[1, 2e]", "'2e' is not a number"),
    ],
)
def test_text_errors_say_where(text, message):
    with pytest.raises(GameTreeError, match=message.replace("[", r"\[").replace("]", r"\]")):
        GameTree.from_spec(text)


# --- malformed specs --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ([[1, 2], []], r"spec\[1\] \(node C\): empty list"),
        ([[1, "x"]], r"spec\[0\]\[1\] \(node B2\): 'x' is not a number"),
        ([[1, None]], r"spec\[0\]\[1\] \(node B2\): None is not a number"),
        ([[True, 1]], r"spec\[0\]\[0\] \(node B1\): True is not a number"),
        ([[1, float("nan")]], r"node B2\): NaN"),
        ([], r"spec \(node A\): empty list"),
    ],
)
def test_malformed_nested_specs_say_where(spec, message):
    with pytest.raises(GameTreeError, match=message):
        GameTree.from_nested(spec)


def test_a_ragged_tree_is_refused_only_when_uniform_is_asked_for():
    spec = [[3, 12, 8], [2, 4, 6], 14]
    assert GameTree.from_nested(spec).leaf_value("D") == 14
    with pytest.raises(
        GameTreeError, match="ragged: leaf D is at depth 1 but leaf B1 is at depth 2"
    ):
        GameTree.from_nested(spec, uniform=True)


def test_labelled_spec_with_figure_names():
    tree = GameTree.from_labelled(
        {"S0": ["A", "B"], "A": ["C", "D"], "B": [5, 1], "C": 2, "D": 8}, root=MAX
    )
    assert tree.initial == "S0"
    assert tree.children("A") == ("C", "D") and tree.children("B") == ("B1", "B2")
    assert tree.leaf_value("D") == 8 and tree.leaf_value("B2") == 1
    assert GameTree.from_json(tree.to_json()) == tree


@pytest.mark.parametrize(
    ("spec", "kwargs", "message"),
    [
        ({"A": ["B", "C"], "B": 1}, {}, "unknown label 'C' \\(a child of A\\)"),
        ({"A": ["B"], "B": ["A"]}, {}, "cycle: A → B → A"),
        ({"A": ["B"], "B": ["C"], "C": ["B"]}, {}, "cycle: B → C → B"),
        ({"A": ["B", "C"], "B": ["D"], "C": ["D"], "D": 1}, {}, "D has two parents, B and C"),
        ({"A": ["B"], "B": 1, "Q": ["R"], "R": 2}, {}, "nodes A, Q have no parent"),
        ({"A": ["B"], "B": 1, "Q": 2}, {"root_label": "A"}, "Q cannot be reached from the root A"),
        ({"A": []}, {}, "node A has an empty list of children"),
        ({"A": ["B", 3], "A2": 4, "B": 1}, {}, "label A2 is used twice"),
        ({"A": ["B"], "B": "high"}, {}, "node B: 'high' is not a number"),
        ({"A": ["B"], "B": 1}, {"root_label": "Z"}, "the root 'Z' is not a node"),
    ],
)
def test_malformed_labelled_specs_say_what_is_wrong(spec, kwargs, message):
    with pytest.raises(GameTreeError, match=message):
        GameTree.from_labelled(spec, **kwargs)


def test_a_node_cannot_be_both_leaf_and_inner_node():
    with pytest.raises(GameTreeError, match="node B has both children and a leaf value"):
        GameTree({"A": ["B"], "B": ["C"]}, {"B": 1, "C": 2})


def test_static_values_of_inner_nodes_serve_depth_limited_search():
    tree = GameTree.from_labelled({"A": ["B", "C"], "B": [1, 2], "C": [3, 4]}, static={"B": 7})
    assert tree.evaluate("B") == 7 and tree.evaluate("C1") == 3
    assert GameTree.from_json(tree.to_json()).evaluate("B") == 7


# --- JSON -------------------------------------------------------------------------------------


@given(nested_trees, st.sampled_from([MAX, MIN]))
def test_json_round_trip(spec, root):
    tree = GameTree.from_nested(spec, root)
    again = GameTree.from_json(tree.to_json())
    assert again == tree and again.root_player is root


def test_json_forms_and_errors():
    assert GameTree.from_json("[[1, 2], [3]]").to_nested() == [[1, 2], [3]]
    tree = GameTree.from_json(json.dumps({"root": "min", "tree": [[1, 2], [3]]}))
    assert tree.root_player is MIN
    with pytest.raises(GameTreeError, match="line 2, column 1: not valid JSON"):
        GameTree.from_json('{"tree": [1,\n]}')
    with pytest.raises(GameTreeError, match='"root" must be "MAX" or "MIN"'):
        GameTree.from_json('{"root": "both", "tree": [1]}')
    with pytest.raises(GameTreeError, match='needs a "tree"'):
        GameTree.from_json('{"root": "MAX"}')


# --- random trees -----------------------------------------------------------------------------


@given(st.integers(1, 4), st.integers(0, 4), st.integers(0, 10**6), st.sampled_from([MAX, MIN]))
@settings(max_examples=60)
def test_random_trees_are_complete_seeded_and_in_range(b, d, seed, root):
    tree = GameTree.random(branching=b, depth=d, seed=seed, values=(-5, 5), root=root)
    assert len(tree.leaves) == b**d
    assert all(tree.depth_of(leaf) == d for leaf in tree.leaves)
    assert all(-5 <= tree.leaf_value(leaf) <= 5 for leaf in tree.leaves)
    assert tree == GameTree.random(branching=b, depth=d, seed=seed, values=(-5, 5), root=root)


@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 10**6), st.sampled_from([MAX, MIN]))
@settings(max_examples=60)
def test_best_and_worst_orders_sort_children_by_backed_up_value(b, d, seed, root):
    shuffled = GameTree.random(branching=b, depth=d, seed=seed, root=root).to_nested()
    best = GameTree.random(branching=b, depth=d, seed=seed, order="best", root=root).to_nested()
    worst = GameTree.random(branching=b, depth=d, seed=seed, order="worst", root=root).to_nested()
    assert backed_up(best, root) == backed_up(worst, root) == backed_up(shuffled, root)

    def check(node, player, best_first):
        if not isinstance(node, list):
            return
        values = [backed_up(kid, player.opponent) for kid in node]
        descending = (player is MAX) == best_first
        assert values == sorted(values, reverse=descending)
        for kid in node:
            check(kid, player.opponent, best_first)

    check(best, root, True)
    check(worst, root, False)


def test_random_branching_may_be_a_range():
    tree = GameTree.random(branching=(1, 3), depth=3, seed=5)
    counts = {len(tree.children(label)) for label in tree.labels if tree.children(label)}
    assert counts <= {1, 2, 3} and len(counts) > 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"branching": 0}, "branching must be a whole number >= 1"),
        ({"branching": (3, 2)}, "branching: the range .* is empty"),
        ({"depth": -1}, "depth must be a whole number"),
        ({"order": "sorted"}, "order must be one of random, best, worst"),
        ({"values": (3, 1)}, "range .* is empty"),
        ({"branching": 10, "depth": 8}, "more than 200,000 nodes, the limit"),
    ],
)
def test_bad_random_tree_requests(kwargs, message):
    with pytest.raises(GameTreeError, match=message):
        GameTree.random(**kwargs)
