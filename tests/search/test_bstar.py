"""B*: the move it proves best is a best move, and it stops as soon as it may."""

from __future__ import annotations

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
