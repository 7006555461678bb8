"""The B* explorer: type a tree with bounds, step through B*'s proof of the best move.

Every node shows its [pessimistic, optimistic] bounds at the step; the caption
says the step's strategy (PROVEBEST or DISPROVEREST) and where the stopping
rule stands. The steps are sent to the page once (:func:`step_through`), so the
slider steps with no kernel too (exported slides, static HTML).

>>> w = BStarExplorer("(0, 10, [(2, 8, [5, 6]), (0, 4, [1, 3])])")
>>> w.result.value
'move <b>0</b> proved best after <b>1</b> expansion: its bounds [5, 5]'
>>> w.text.value = "(0, 10, [(2, 8, [5, 6]), (0, 4, [1, oops])])"
>>> w.feedback.message
"line 1, column 37: 'oops' is not a number"
>>> w.tree.to_text()              # the last good tree stays
'(0, 10, [(2, 8, [5, 6]), (0, 4, [1, 3])])'
>>> w.text.value = "（0，10，［5，4］）"   # full-width, from a Chinese input method
>>> w.tree.to_text(), w.feedback.message
('(0, 10, [5, 4])', '')
"""

from __future__ import annotations

import ipywidgets as widgets

from coursekit.draw.base import looks_only
from coursekit.draw.bstar import caption, draw_bounded_tree, draw_bstar
from coursekit.errors import CoursekitError
from coursekit.search.bstar import BoundedTree, BStarError, BStarResult, bstar
from coursekit.text import number_text, say
from coursekit.widgets.base import (
    Feedback,
    StaticPreview,
    StepControls,
    SvgView,
    applies_on_enter,
    needs_kernel,
)
from coursekit.widgets.graph_view import MAX_BROWSER_STEPS, step_through

EXAMPLE = (
    "(0, 10, [(2, 8, [(3, 7, [5, 6]), (2, 9, [4, 8])]), "
    "(1, 9, [(1, 6, [1, 3]), (4, 9, [6, 2])]), (0, 5, [0, 4])])"
)
"""Chapter 6's worked example: three moves, PROVEBEST three times, then DISPROVEREST twice."""

MAX_NODES = 200
"""Largest tree the explorer draws (each expansion is a step; a bigger tree is unreadable)."""


class BStarExplorer(StaticPreview, widgets.VBox):
    """Edit a tree with bounds as text; every edit runs B* again and redraws at once.

    A node is ``(pessimistic, optimistic, [children…])`` from MAX's point of view and a
    leaf its exact value (:meth:`BoundedTree.from_text`); MAX moves at the root. The
    parts are public, for tests and notebooks: ``text``, ``feedback``, ``random_tree``
    (a random tree of 3 × 3 × 3 leaves, the next seed each click), ``step`` with
    ``first``/``back``/``forward``/``last`` buttons, ``result`` and ``picture``;
    ``tree`` and ``search`` hold the last good tree and B*'s result on it.

    Raises
    ------
    BStarError
        When ``tree`` is neither a text nor a :class:`BoundedTree`, or not a tree B*
        can search.
    """

    def __init__(self, tree: str | BoundedTree = EXAMPLE) -> None:
        if isinstance(tree, BoundedTree):
            tree = tree.to_text()
        if not isinstance(tree, str):
            raise BStarError(say("widgets.bstar.bad_tree", tree=repr(tree)))
        self.tree = _checked(BoundedTree.from_text(tree))
        self.search: BStarResult | None = None
        self._seed = 0

        self.text = widgets.Textarea(
            value=tree,
            placeholder=EXAMPLE,
            description=say("widgets.bstar.tree"),
            continuous_update=False,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="560px", height="56px"),
        )
        self.text.add_class("ck-tree-input")
        self.feedback = Feedback(applies_on_enter(self.text), layout=widgets.Layout(width="360px"))
        self.random_tree = widgets.Button(
            description=say("widgets.new_random_tree"),
            icon="random",
            tooltip=say("widgets.bstar.random_tip"),
            layout=widgets.Layout(width="auto"),
        )
        self.random_tree.add_class("ck-random")
        self.random_tree.on_click(lambda _: self.next_random())
        self.result = widgets.HTML()
        self.result.add_class("ck-result")
        controls = StepControls()
        self.step, self.first, self.back = controls.step, controls.first, controls.back
        self.forward, self.last = controls.forward, controls.last
        # linked to the slider in the page: it steps with no kernel too
        self.picture = SvgView(controls=False)

        super().__init__(
            [
                widgets.HBox([self.text, self.feedback]),
                widgets.HBox(
                    [self.random_tree, self.result],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                widgets.HBox(
                    [self.first, self.back, self.step, self.forward, self.last],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.picture,
            ]
        )
        self.add_class("ck-bstar-explorer")
        needs_kernel(self.children[0], self.random_tree)  # the tree and a new one: Python's part
        self.text.observe(self._on_text, names="value")
        self.step.observe(lambda _: self._show_step(), names="value")
        widgets.jslink((self.step, "value"), (self.picture, "step"))
        self.run()

    # --- reacting to edits ---------------------------------------------------------------

    def _on_text(self, change: dict) -> None:
        try:
            tree = _checked(BoundedTree.from_text(change["new"]))
        except CoursekitError as error:
            self.feedback.problem(str(error))
            return
        previous = self.tree
        self.tree = tree
        try:
            self.run()
        except CoursekitError as error:  # B* itself refusing the tree: keep the last good one
            self.tree = previous
            self.feedback.problem(str(error))
            self.run()
            return
        self.feedback.clear()

    def next_random(self) -> None:
        """Put the next random tree (:meth:`BoundedTree.random`, 3 × 3 × 3) into the text box."""
        self._seed += 1
        self.text.value = BoundedTree.random(3, 3, seed=self._seed).to_text()

    # --- searching and drawing -----------------------------------------------------------

    def run(self) -> None:
        """Run B* on the current tree and send every step of it to the picture.

        Raises
        ------
        BStarError
            When B* cannot search the tree (the caller keeps the last good one).
        """
        search = bstar(self.tree, trace=True)
        self.search = search
        steps = len(search.steps)
        with self.step.hold_trait_notifications():
            self.step.max = steps
            self.step.value = steps
        self.result.value = _result_text(search)
        with self.picture.busy_while():
            with looks_only():  # the steps' looks only: no DOT but the last step's
                pictures = [draw_bstar(search, k) for k in range(steps)]
            pictures.append(draw_bstar(search, steps))
            layout, through = step_through(
                pictures, layout=draw_bounded_tree(search.root), highlight_changes=True
            )
        self.picture.show(
            layout, through, step=steps, source_at=lambda k: draw_bstar(search, k).source
        )

    def _show_step(self) -> None:
        self.picture.step = self.step.value

    @property
    def caption(self) -> str:
        """The caption of the step shown: the strategy and the stopping rule's state."""
        assert self.search is not None
        return caption(self.search, self.step.value)


def _checked(tree: BoundedTree) -> BoundedTree:
    """``tree`` if the explorer can draw it (at most :data:`MAX_NODES` nodes)."""
    count, stack = 0, [tree.root]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.children)
    if count > MAX_NODES or count > MAX_BROWSER_STEPS:
        raise BStarError(
            say("widgets.bstar.too_big", count=count, most=min(MAX_NODES, MAX_BROWSER_STEPS))
        )
    return tree


def _result_text(search: BStarResult) -> str:
    if search.move is None:
        return say("widgets.bstar.leaf_root")
    key = "widgets.bstar.proved_one" if search.expansions == 1 else "widgets.bstar.proved"
    bounds = f"[{number_text(search.pessimistic)}, {number_text(search.optimistic)}]"
    return say(key, move=search.move, expansions=search.expansions, bounds=bounds)
