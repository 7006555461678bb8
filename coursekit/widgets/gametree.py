"""The tree explorer: type a game tree, pick an algorithm, step through its search.

>>> w = TreeExplorer("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> w.result.value
'<b>minimax</b>: value <b>3</b>, move <b>B</b>, line B B1 — 13 nodes, 9 leaves'
>>> w.text.value = "[[3, 12], [2, oops]]"
>>> w.feedback.message
"line 1, column 15: 'oops' is not a number"
>>> w.tree.to_nested()            # the last good tree stays
[[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from coursekit.draw.gametree import MAX_DRAWN_NODES, draw_search, format_value
from coursekit.games.base import MAX, MIN, Player
from coursekit.games.gametree import GameTree, GameTreeError
from coursekit.search.registry import algorithms, get
from coursekit.search.result import SearchResult
from coursekit.widgets.base import Feedback, SvgView

EXAMPLE = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def drawable_depth(tree: GameTree, limit: int = MAX_DRAWN_NODES) -> int | None:
    """The deepest level to draw so that at most ``limit`` nodes show (None: all of them)."""
    if len(tree) <= limit:
        return None
    per_level: dict[int, int] = {}
    for label in tree.labels:
        d = tree.depth_of(label)
        per_level[d] = per_level.get(d, 0) + 1
    total, depth = 0, 0
    for d in sorted(per_level):
        total += per_level[d]
        if total > limit:
            break
        depth = d
    return depth


class TreeExplorer(widgets.VBox):
    """Edit a tree as nested lists; every edit searches again and redraws at once.

    Parts (public, for tests and notebooks): ``text``, ``feedback``, ``root``,
    ``algorithm``, ``step`` with ``first``/``back``/``forward``/``last``
    buttons, ``branching``/``depth``/``seed``/``order`` with ``random_tree``,
    ``result`` and ``picture``; ``tree`` and ``search`` hold the last good
    tree and its search result.
    """

    def __init__(
        self,
        tree: str | GameTree = EXAMPLE,
        root: Player = MAX,
        algorithm: str = "minimax",
    ) -> None:
        if isinstance(tree, GameTree):
            root, tree = tree.root_player, tree.to_text()
        self.tree: GameTree = GameTree.parse(tree, root)
        self.search: SearchResult | None = None
        self._search_failed = False

        self.text = widgets.Textarea(
            value=tree,
            placeholder=EXAMPLE,
            description="Tree",
            continuous_update=False,
            layout=widgets.Layout(width="420px", height="90px"),
        )
        self.text.add_class("ck-tree-input")
        self.feedback = Feedback(layout=widgets.Layout(width="380px"))
        self.root = widgets.ToggleButtons(
            options=[("MAX", MAX), ("MIN", MIN)], value=root, description="Root"
        )
        self.root.style.button_width = "60px"
        self.root.add_class("ck-root")
        self.algorithm = widgets.Dropdown(
            options=list(algorithms()), value=algorithm, description="Algorithm"
        )
        self.algorithm.add_class("ck-algorithm")

        self.step = widgets.IntSlider(min=0, max=0, value=0, description="Step")
        self.step.add_class("ck-step")
        self.first = self._button("⏮ First", "ck-step-first", lambda: 0)
        self.back = self._button("◀ Back", "ck-step-back", lambda: self.step.value - 1)
        self.forward = self._button("Next ▶", "ck-step-next", lambda: self.step.value + 1)
        self.last = self._button("Last ⏭", "ck-step-last", lambda: self.step.max)

        self.branching = widgets.BoundedIntText(value=3, min=1, max=5, description="b")
        self.depth = widgets.BoundedIntText(value=3, min=0, max=6, description="depth")
        self.seed = widgets.IntText(value=0, description="seed")
        self.order = widgets.Dropdown(options=["random", "best", "worst"], description="order")
        for box in (self.branching, self.depth, self.seed, self.order):
            box.layout = widgets.Layout(width="150px")
            box.style.description_width = "50px"
        self.random_tree = widgets.Button(description="Random tree", icon="random")
        self.random_tree.add_class("ck-random")
        self.random_tree.on_click(lambda _: self.make_random())

        self.result = widgets.HTML()
        self.result.add_class("ck-result")
        self.picture = SvgView()

        super().__init__(
            [
                widgets.HBox([self.text, self.feedback]),
                widgets.HBox([self.root, self.algorithm]),
                widgets.HBox([self.branching, self.depth, self.seed, self.order, self.random_tree]),
                self.result,
                widgets.HBox([self.first, self.back, self.step, self.forward, self.last]),
                self.picture,
            ]
        )
        self.add_class("ck-tree-explorer")
        self.text.observe(self._on_text, names="value")
        self.root.observe(self._on_root, names="value")
        self.algorithm.observe(lambda _: self.run(), names="value")
        self.step.observe(lambda _: self.redraw(), names="value")
        self.run()

    def _button(self, label: str, css: str, target) -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width="90px"))
        button.add_class(css)
        button.on_click(lambda _: setattr(self.step, "value", max(0, min(target(), self.step.max))))
        return button

    # --- reacting to edits ---------------------------------------------------------------

    def _on_text(self, change: dict) -> None:
        try:
            tree = GameTree.parse(change["new"], self.root.value)
        except GameTreeError as error:
            self.feedback.problem(str(error))
            return
        self.feedback.clear()
        self.tree = tree
        self.run()

    def _on_root(self, change: dict) -> None:
        self.tree = GameTree.from_nested(self.tree.to_nested(), change["new"])
        self.run()

    def make_random(self) -> None:
        """Put a random tree (branching, depth, seed, order from the boxes) into the text box."""
        try:
            tree = GameTree.random(
                branching=self.branching.value,
                depth=self.depth.value,
                seed=self.seed.value,
                order=self.order.value,
                root=self.root.value,
            )
        except GameTreeError as error:
            self.feedback.problem(str(error))
            return
        self.text.value = tree.to_text()  # runs the search through the text's observer

    # --- searching and drawing -----------------------------------------------------------

    def run(self) -> None:
        """Search the current tree with the chosen algorithm and show the whole trace."""
        algorithm = get(self.algorithm.value)
        try:
            self.search = algorithm.function(self.tree, trace=True)
        except Exception as error:  # a later chapter's algorithm refusing this tree
            self.feedback.problem(f"{algorithm.name} cannot search this tree: {error}")
            self._search_failed = True
            return
        if self._search_failed:  # the problem shown was the search's, and it is gone
            self.feedback.clear()
            self._search_failed = False
        steps = len(self.search.trace)
        with self.step.hold_trait_notifications():
            self.step.max = steps
            self.step.value = steps
        r = self.search
        pv = " ".join(map(str, r.pv)) or "—"
        self.result.value = (
            f"<b>{html.escape(r.algorithm)}</b>: value <b>{format_value(r.value)}</b>, "
            f"move <b>{html.escape(str(r.move))}</b>, line {html.escape(pv)} — {r.stats.nodes:,} "
            f"nodes, {r.stats.leaves:,} leaves"
            + (f", {r.stats.cutoffs:,} cut-offs" if r.stats.cutoffs else "")
        )
        self.redraw()

    def redraw(self) -> None:
        """Draw the search as it stood after ``step`` events."""
        if self.search is None:
            return
        picture = draw_search(self.search, self.step.value, max_depth=drawable_depth(self.tree))
        self.picture.show(picture)
