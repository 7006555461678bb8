"""The start-here explorer: how fast a complete game tree grows (O(b^m))."""

from __future__ import annotations

import ipywidgets as widgets

from coursekit.draw.uniform_tree import MAX_DRAWN_NODES, uniform_tree
from coursekit.games import tree_size
from coursekit.text import say
from coursekit.widgets.base import StaticPreview, SvgView, label_width, needs_kernel


class TreeSizeExplorer(StaticPreview, widgets.VBox):
    """Two sliders, branching factor b and depth m, and the tree they make.

    >>> import re
    >>> w = TreeSizeExplorer(b=2, m=2)
    >>> re.sub("<[^>]+>", "", w.summary.value)  # the text, without its HTML
    'b = 2, m = 2: 4 leaves (bm), 7 nodes in all'
    >>> w.depth.value = 3
    >>> re.sub("<[^>]+>", "", w.summary.value)
    'b = 2, m = 3: 8 leaves (bm), 15 nodes in all'
    >>> w.branching.style.description_width == w.depth.style.description_width
    True
    """

    def __init__(self, b: int = 2, m: int = 2) -> None:
        self.branching = widgets.IntSlider(value=b, min=1, max=6, description=say("widgets.size.b"))
        self.depth = widgets.IntSlider(value=m, min=0, max=8, description=say("widgets.size.m"))
        # one label width for both: the two tracks start at the same x
        width = max(label_width(s.description) for s in (self.branching, self.depth))
        for slider in (self.branching, self.depth):
            slider.style.description_width = f"{width}px"
        self.summary = widgets.HTML()
        self.picture = SvgView()
        super().__init__([self.branching, self.depth, self.summary, self.picture])
        needs_kernel(self.branching, self.depth)  # a new tree: Python's part
        self.branching.observe(self._update, names="value")
        self.depth.observe(self._update, names="value")
        self._update()

    def _update(self, change: object = None) -> None:
        b, m = self.branching.value, self.depth.value
        leaves, nodes = tree_size(b, m)
        self.summary.value = say("widgets.size.summary", b=b, m=m, leaves=leaves, nodes=nodes)
        if nodes <= MAX_DRAWN_NODES:
            self.picture.show(uniform_tree(b, m))
        else:
            self.picture.show_text(say("widgets.size.too_many", most=MAX_DRAWN_NODES))
