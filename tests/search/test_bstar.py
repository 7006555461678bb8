"""B*: the move it proves best is a best move, and it stops as soon as it may."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.search.bstar import (
    DISPROVEREST,
    PROVEBEST,
    BoundedTree,
    BStarError,
    bstar,
    proved,
)


def exact(spec, maximizing=True):
    if not isinstance(spec, tuple):
        return spec
    if len(spec) == 2:
        return spec[0]
    values = [exact(k, not maximizing) for k in spec[2]]
    return max(values) if maximizing else min(values)


def random_spec(branching, depth, seed, spread):
    import random

    rng = random.Random(seed)

    def grow(d, maximizing):
        if d == 0:
            v = rng.randint(-3, 3)  # small range: many ties
            return v, v
        grown = [grow(d - 1, not maximizing) for _ in range(rng.randint(1, branching))]
        value = (max if maximizing else min)(g[0] for g in grown)
        lo, hi = value - rng.randint(0, spread), value + rng.randint(0, spread)
        return value, (lo, hi, [g[1] for g in grown])

    return grow(depth, True)[1]


@settings(max_examples=800, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 10**6), st.integers(0, 6))
def test_proves_a_best_move(branching, depth, seed, spread) -> None:
    spec = random_spec(branching, depth, seed, spread)
    tree = BoundedTree.from_nested(spec)
    r = bstar(tree, trace=True)
    assert bstar(tree, trace=True) == r  # the tree given is not changed by the search
    values = [exact(k, False) for k in spec[2]]
    assert values[r.move] == max(values)
    assert r.pessimistic <= values[r.move] <= r.optimistic
    # it never expands past what the stopping rule needs: before the last expansion
    # no root child was proved best
    assert r.expansions == len(r.steps)
    for step in r.steps[:-1]:
        children = [tree_like(p, o) for p, o in step.root_children]
        assert proved(children) is None
    assert {s.strategy for s in r.steps} <= {PROVEBEST, DISPROVEREST}


def tree_like(p, o):
    from coursekit.search.bstar import BNode

    return BNode(p, o)


def test_random_generator_and_strategies() -> None:
    strategies = set()
    for seed in range(200):
        r = bstar(BoundedTree.random(3, 3, seed=seed), trace=True)
        strategies |= {s.strategy for s in r.steps}
    assert strategies == {PROVEBEST, DISPROVEREST}


def test_bad_input() -> None:
    with pytest.raises(BStarError, match="pessimistic"):
        BoundedTree.from_nested((5, 1, [1]))
    with pytest.raises(BStarError, match="leaf"):
        BoundedTree.from_nested((0, 4, [(1, 2)]))
    with pytest.raises(BStarError, match="tree"):
        bstar("tree")
    with pytest.raises(BStarError, match="branching"):
        BoundedTree.random(0)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 10**6), st.integers(0, 6))
def test_text_round_trip(branching, depth, seed, spread) -> None:
    tree = BoundedTree.from_nested(random_spec(branching, depth, seed, spread))
    assert BoundedTree.from_text(tree.to_text()) == tree


def test_text_with_full_width_punctuation_and_infinities() -> None:
    tree = BoundedTree.from_text("（－inf，∞，［（1，2，［1，2］），-3］）")
    assert tree == BoundedTree.from_nested((-math.inf, math.inf, [(1, 2, [1, 2]), -3]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "text must be a string"),
        ("", "the text is empty"),
        ("(0, 10, [5, six])", "line 1, column 13: 'six' is not a number"),
        ("(0, 10,\n [5, 6)", "line 2, column 7: expected ',' or ']'"),
        ("(1, 0, [0])", "the root: pessimistic 1 is above optimistic 0"),
        ("(0, 9, [5, (1, 9, [(2, 3), 4])])", "node 1.0: a leaf needs its exact value"),
        ("(0, 1, [" * 101 + "1" + "])" * 101, "more than 100 levels deep"),
    ],
)
def test_bad_text_is_named(text, message) -> None:
    with pytest.raises(BStarError, match=re.escape(message)):
        BoundedTree.from_text(text)


def test_every_step_keeps_the_bounds_of_every_node_seen() -> None:
    r = bstar(BoundedTree.random(3, 3, seed=4), trace=True)
    for before, step in zip((r.start, *(s.bounds for s in r.steps)), r.steps, strict=False):
        seen = {path for path, _, _ in before}
        grown = {path for path, _, _ in step.bounds} - seen
        # the expansion reveals exactly the children of the node expanded
        assert grown and {path[:-1] for path in grown} == {step.node}
        root = next((low, high) for path, low, high in step.bounds if path == ())
        children = [(low, high) for path, low, high in step.bounds if len(path) == 1]
        assert root[0] >= max(c[0] for c in children)  # backed up to the root too
        assert root[1] <= max(c[1] for c in children)


def test_nested_specs_are_checked_without_recursion() -> None:
    deep = 1
    for _ in range(3_000):  # deeper than Python's recursion limit
        deep = (0, 9, [deep])
    assert BoundedTree.from_nested(deep).root.optimistic == 9
    with pytest.raises(BStarError, match=re.escape("spec[1]: the children must be a list")):
        BoundedTree.from_nested((0, 9, [1, (0, 9, 5)]))
    with pytest.raises(BStarError, match=re.escape("spec[0][1]: NaN is not a leaf value")):
        BoundedTree.from_nested((0, 9, [(0, 9, [1, math.nan])]))
