"""B*'s pictures: at every step each node B* sees shows the bounds the trace holds for it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.draw.bstar import bounds_at, caption, draw_bstar, node_id, node_name
from coursekit.errors import CoursekitError
from coursekit.search.bstar import BoundedTree, bstar, proved
from coursekit.text import number_text

# chapter 6's worked example: PROVEBEST three times, then DISPROVEREST twice
EXAMPLE = (
    0,
    10,
    [
        (2, 8, [(3, 7, [5, 6]), (2, 9, [4, 8])]),
        (1, 9, [(1, 6, [1, 3]), (4, 9, [6, 2])]),
        (0, 5, [0, 4]),
    ],
)


def label(low, high, leaf):
    return number_text(low) if leaf else f"[{number_text(low)}, {number_text(high)}]"


def leaves_of(result):
    found, stack = set(), [((), result.root)]
    while stack:
        path, node = stack.pop()
        if not node.children:
            found.add(path)
        stack.extend(((*path, i), c) for i, c in enumerate(node.children))
    return found


def check_every_step(result):
    leaves = leaves_of(result)
    for k in range(len(result.steps) + 1):
        picture = draw_bstar(result, k)
        bounds = result.start if k == 0 else result.steps[k - 1].bounds
        assert bounds_at(result, k) == bounds
        nodes = {item for item in picture.looks if "->" not in item}
        assert nodes == {node_id(path) for path, _, _ in bounds}  # nothing B* has not seen
        seen = {path: (low, high) for path, low, high in bounds}
        for path, (low, high) in seen.items():
            look = picture.looks[node_id(path)]
            assert look["label"] == label(low, high, path in leaves)
            assert look["xlabel"] == node_name(path)
            assert look["shape"] == ("box" if len(path) % 2 == 0 else "circle")
            children = [seen[c] for c in seen if c[:-1] == path and len(c) == len(path) + 1]
            if children:  # expanded: its bounds are backed up from its children's
                pick = max if len(path) % 2 == 0 else min
                assert low >= pick(c[0] for c in children)
                assert high <= pick(c[1] for c in children)
            elif path not in leaves:
                assert "dashed" in look.get("style", "")  # generated, not expanded
        root_children = [seen[(i,)] for i in range(len(result.root.children))]
        if k:
            step = result.steps[k - 1]
            assert tuple(root_children) == step.root_children
            assert picture.looks[node_id(step.node)]["fillcolor"]  # the node expanded
            assert f"{step.strategy}: expanded {node_name(step.node)}" in picture.caption
        stops = proved([_Node(p, o) for p, o in root_children]) is not None
        assert picture.caption.endswith("B* stops" if stops else "not proved yet")
        assert stops == (k == len(result.steps))


class _Node:
    def __init__(self, pessimistic, optimistic):
        self.pessimistic, self.optimistic = pessimistic, optimistic


def test_the_worked_example_step_by_step():
    r = bstar(BoundedTree.from_nested(EXAMPLE), trace=True)
    check_every_step(r)
    assert draw_bstar(r, 0).looks["root"]["label"] == "[2, 9]"  # backed up from [2,8] [1,9] [0,5]
    assert "PROVEBEST: expanded 1" in caption(r, 1)
    assert "DISPROVEREST: expanded 2" in caption(r, 5)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 4), st.integers(1, 3), st.integers(0, 10**6), st.integers(0, 5))
def test_random_trees_step_by_step(branching, depth, seed, spread):
    check_every_step(
        bstar(BoundedTree.random(branching, depth, seed=seed, spread=spread), trace=True)
    )


def test_a_root_leaf_and_an_untraced_result():
    r = bstar(BoundedTree.from_nested(4), trace=True)
    assert draw_bstar(r).looks["root"]["label"] == "4"
    assert "no move" in draw_bstar(r).caption
    with pytest.raises(CoursekitError, match="trace=True"):
        draw_bstar(bstar(BoundedTree.from_nested(EXAMPLE)))
