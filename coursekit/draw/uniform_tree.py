"""The complete game tree with branching factor b and depth m, as in the course's O(b^m)."""

from __future__ import annotations

from coursekit.draw.base import Picture
from coursekit.games.gametree import tree_size
from coursekit.text import say

MAX_DRAWN_NODES = 121
"""Trees with more nodes than this are counted, not drawn."""


def uniform_tree(b: int, m: int) -> Picture:
    """Draw the complete tree: MAX squares on even levels, MIN circles on odd ones.

    >>> "shape=circle" in uniform_tree(2, 1).source
    True
    """
    _, nodes = tree_size(b, m)
    if nodes > MAX_DRAWN_NODES:
        raise ValueError(say("errors.draw.too_big", nodes=nodes, most=MAX_DRAWN_NODES))
    picture = Picture("uniform", graph_attr={"rankdir": "TB", "nodesep": "0.15"})
    level = ["n"]
    for depth in range(m + 1):
        shape = "square" if depth % 2 == 0 else "circle"
        for name in level:
            picture.node(name, label="", shape=shape, width="0.25", height="0.25")
        if depth < m:
            children = []
            for name in level:
                for i in range(b):
                    child = f"{name}_{i}"
                    picture.edge(name, child, arrowhead="none")
                    children.append(child)
            level = children
    return picture
