"""Chapter 6's comparison: every registered search algorithm on one tree, against the minimal tree.

The tree is typed (nested lists) or generated (:meth:`GameTree.random` with a
branching factor, a depth and a seed); the child order can be kept, made the
worst, shuffled or made the best (:func:`coursekit.search.reorder`). The table
lists, for every exact algorithm in :func:`coursekit.search.algorithms` that
plays deterministic games and can search the tree, its value, the nodes it
generated and the leaves it evaluated; beside them the minimal tree of Knuth and Moore,
B^⌈D/2⌉ + B^⌊D/2⌋ − 1 leaves, for a uniform tree. New algorithms appear by
themselves when they register. (SSS*'s OPEN list step by step is shown by the
:class:`~coursekit.widgets.TreeExplorer`, whose steps work without a kernel too.)
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from coursekit.errors import CoursekitError
from coursekit.games import MAX, GameTree
from coursekit.search import algorithm_label, algorithms, best_case_leaves, reorder
from coursekit.search.registry import DETERMINISTIC
from coursekit.text import number_text, say
from coursekit.widgets.base import INLINE, SPACED, Feedback, StaticPreview, needs_kernel

ORDERINGS = ("as typed", "worst", "random", "best")
"""The child orders the widget offers (``reorder``'s names)."""

MAX_NODES = 20_000
"""Largest tree the widget searches with every algorithm (a few seconds at most)."""


class AlgorithmComparison(StaticPreview, widgets.VBox):
    """Every registered algorithm on one game tree: value, nodes and leaves, and the minimal tree.

    Parameters
    ----------
    tree : str, optional
        A tree typed as nested lists; ``None`` starts from a random tree.
    branching, depth, seed : int
        The random tree's shape and seed (when ``tree`` is ``None``).
    ordering : str
        One of :data:`ORDERINGS`.

    Examples
    --------
    >>> w = AlgorithmComparison(branching=2, depth=2, ordering="best")
    >>> w.counts["minimax"]
    (7, 4)
    >>> w.counts["alpha-beta"][1] == w.minimal_leaves == 3
    True
    >>> w.tree_input.value = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
    >>> w.counts["minimax"], w.source.value
    ((13, 9), 'typed')
    >>> w.tree_input.value = "[[1, 2"
    >>> w.feedback.message.startswith("tree:"), w.counts["minimax"]
    (True, (13, 9))
    """

    def __init__(
        self,
        tree: str | None = None,
        *,
        branching: int = 3,
        depth: int = 3,
        seed: int = 1,
        ordering: str = "random",
    ) -> None:
        if tree is not None and not isinstance(tree, str):
            raise CoursekitError(say("widgets.compare.bad_tree", tree=repr(tree)))
        for name, value, low, high in (("branching", branching, 2, 5), ("depth", depth, 1, 6)):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise CoursekitError(
                    say(
                        "widgets.compare.bad_number",
                        name=name,
                        low=low,
                        high=high,
                        value=repr(value),
                    )
                )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise CoursekitError(say("widgets.compare.bad_seed", seed=repr(seed)))
        style = {"description_width": "initial"}
        layout = widgets.Layout(margin=SPACED)
        self.source = widgets.ToggleButtons(
            options=[(say("widgets.order.random"), "random"),
                     (say("widgets.compare.typed"), "typed")],
            value="typed" if tree else "random",
            description=say("widgets.compare.tree"), style=style,
        )  # fmt: skip
        self.source.add_class(INLINE)
        self.source.add_class("ck-source")
        self.tree_input = widgets.Text(
            value=tree or "",
            placeholder=say("widgets.compare.placeholder"),
            description=say("widgets.compare.typed_tree"), continuous_update=False, style=style,
            layout=widgets.Layout(width="560px"),
        )  # fmt: skip
        self.tree_input.add_class("ck-tree-input")
        self.feedback = Feedback()
        self.branching = widgets.IntSlider(
            value=branching,
            min=2,
            max=5,
            description=say("widgets.compare.branching"),
            style=style,
            layout=layout,
        )
        self.depth = widgets.IntSlider(
            value=depth,
            min=1,
            max=6,
            description=say("widgets.compare.depth"),
            style=style,
            layout=layout,
        )
        self.seed = widgets.IntText(
            value=seed,
            description=say("widgets.tree.seed"),
            style=style,
            layout=widgets.Layout(width="140px"),
        )
        for control, role in ((self.branching, "branching"), (self.depth, "depth")):
            control.add_class(f"ck-{role}")
        self.seed.add_class("ck-seed")
        if ordering not in ORDERINGS:
            raise CoursekitError(
                say(
                    "widgets.compare.bad_ordering",
                    choices=", ".join(ORDERINGS),
                    ordering=repr(ordering),
                )
            )
        self.ordering = widgets.ToggleButtons(
            options=[(say(f"widgets.order.{o.replace(' ', '_')}"), o) for o in ORDERINGS],
            value=ordering,
            description=say("widgets.compare.child_order"),
            style=style,
        )
        self.ordering.add_class(INLINE)
        self.ordering.add_class("ck-ordering")
        self.table = widgets.HTML()
        self.table.add_class("ck-result")
        self.tree: GameTree | None = None
        self.counts: dict[str, tuple[int, int]] = {}
        self.minimal_leaves: int | None = None
        super().__init__(
            [
                self.source,
                widgets.HBox([self.branching, self.depth, self.seed]),
                widgets.HBox([self.tree_input]),
                self.feedback,
                self.ordering,
                self.table,
            ]
        )
        needs_kernel(*self.children[:5])  # the tree and its order: Python's part
        self.tree_input.observe(self._typed, names="value")
        for control in (self.branching, self.depth, self.seed):
            control.observe(self._generated, names="value")
        self.source.observe(self._update, names="value")
        self.ordering.observe(self._update, names="value")
        self._update()
        if self.tree is None:
            raise CoursekitError(self.feedback.message)

    # --- edits ---------------------------------------------------------------------------------

    def _typed(self, change: Any = None) -> None:
        if self.source.value != "typed":
            self.source.value = "typed"  # observed: updates
        else:
            self._update()

    def _generated(self, change: Any = None) -> None:
        if self.source.value != "random":
            self.source.value = "random"
        else:
            self._update()

    def _build(self) -> GameTree:
        """The tree the controls describe (raises CoursekitError on bad input)."""
        if self.source.value == "typed":
            if not self.tree_input.value.strip():
                raise CoursekitError(say("widgets.compare.empty"))
            try:
                tree = GameTree.from_spec(self.tree_input.value, MAX)
            except CoursekitError as error:
                raise CoursekitError(say("widgets.compare.tree_error", error=error)) from None
        else:
            tree = GameTree.random(
                branching=self.branching.value, depth=self.depth.value, seed=self.seed.value
            )
        if len(tree) > MAX_NODES:
            raise CoursekitError(say("widgets.compare.too_big", count=len(tree), most=MAX_NODES))
        if self.ordering.value != "as typed":
            tree = reorder(tree, self.ordering.value, seed=self.seed.value)
        return tree

    def _update(self, change: Any = None) -> None:
        try:
            tree = self._build()
        except CoursekitError as error:
            self.feedback.problem(str(error))
            return
        self.feedback.clear()
        self.tree = tree
        self.minimal_leaves = _minimal_leaves(tree)
        rows, self.counts = [], {}
        for name, algorithm in algorithms(exact=True, game_kind=DETERMINISTIC).items():
            label = algorithm_label(name)
            try:
                result = algorithm.function(tree)
            except CoursekitError as error:
                rows.append((label, "—", "—", "—", say("widgets.compare.cannot", error=error)))
                continue
            stats = result.stats
            self.counts[name] = (stats.nodes, stats.leaves)
            rows.append(
                (label, number_text(result.value), f"{stats.nodes:,}", f"{stats.leaves:,}", "")
            )
        self.table.value = self._table_html(rows)

    # --- the table ----------------------------------------------------------------------------

    def _table_html(self, rows: list[tuple[str, str, str, str, str]]) -> str:
        pad = 'style="padding:2px 12px"'
        heads = [say(f"stats.{h}") for h in ("algorithm", "value", "nodes", "leaves")] + [""]
        head = "".join(f"<th {pad}>{h}</th>" for h in heads)
        body = "".join(
            "<tr>" + "".join(f"<td {pad}>{html.escape(cell)}</td>" for cell in row) + "</tr>"
            for row in rows
        )
        if self.minimal_leaves is not None:
            b, d = self.branching_and_depth
            body += (
                f"<tr><td {pad}><i>{say('widgets.compare.minimal')}</i></td><td></td><td></td>"
                f"<td {pad}><i>{self.minimal_leaves:,}</i></td>"
                f"<td {pad}>{html.escape(say('widgets.compare.minimal_formula', b=b, d=d))}"
                "</td></tr>"
            )
        return (
            '<table class="ck-comparison" style="border-collapse:collapse;text-align:right">'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )

    @property
    def branching_and_depth(self) -> tuple[int, int]:
        """B and D of the current tree when it is uniform."""
        assert self.tree is not None
        return _uniform_shape(self.tree) or (0, 0)


def _uniform_shape(tree: GameTree) -> tuple[int, int] | None:
    """``(B, D)`` when every inner node of ``tree`` has B children and every leaf is D deep."""
    inner = [label for label in tree.labels if not tree.is_terminal(label)]
    if not inner:
        return None
    widths = {len(tree.children(label)) for label in inner}
    depths = {tree.depth_of(label) for label in tree.leaves}
    if len(widths) != 1 or len(depths) != 1:
        return None
    return widths.pop(), depths.pop()


def _minimal_leaves(tree: GameTree) -> int | None:
    """The leaves of the minimal tree B^⌈D/2⌉ + B^⌊D/2⌋ − 1, for a uniform tree (else None)."""
    shape = _uniform_shape(tree)
    return None if shape is None else best_case_leaves(*shape)
