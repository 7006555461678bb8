"""The tree explorer: type a game tree, pick an algorithm, step through its search.

>>> w = TreeExplorer("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> w.result.value
'<b>minimax</b>: value <b>3</b>, move <b>B</b>, line B B1 — 13 nodes, 9 leaves, depth 2'
>>> w.text.value = "[[3, 12], [2, oops]]"
>>> w.feedback.message
"line 1, column 15: 'oops' is not a number"
>>> w.tree.to_nested()            # the last good tree stays
[[3, 12, 8], [2, 4, 6], [14, 5, 2]]
>>> w.text.value = "［［3，12］，［2，4］］"   # full-width, from a Chinese input method
>>> w.tree.to_nested(), w.feedback.message
([[3, 12], [2, 4]], '')
>>> w.text.value = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
>>> w.algorithm.value, w.ordering.value = "alpha-beta", "best"
>>> w.searched_tree.to_nested()    # what is searched and drawn: MAX's best child first …
[[3, 8, 12], [2, 4, 6], [2, 5, 14]]
>>> node_counts(w.searched_tree)["alpha-beta"]    # … and what pruning saved: 4 leaves
(9, 5)
>>> "minimal tree (b=3, d=2)" in w.counts.value   # every algorithm's counts, and this
True
"""

from __future__ import annotations

import ast
import html
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from coursekit.draw.base import looks_only
from coursekit.draw.trees import (
    MAX_DRAWN_NODES,
    changed_steps,
    draw_search,
    draw_search_steps,
    readable_depth,
    search_caption,
)
from coursekit.errors import CoursekitError
from coursekit.games.base import MAX, MIN, Player
from coursekit.games.chancetree import ChanceTree, ChanceTreeError
from coursekit.games.gametree import GameTree, GameTreeError, uniform_shape
from coursekit.search.alphabeta import ORDERINGS, best_case_leaves, reorder
from coursekit.search.core import SearchError
from coursekit.search.labels import algorithm_label
from coursekit.search.registry import CHANCE, DETERMINISTIC, Algorithm, algorithms, get
from coursekit.search.result import SearchResult
from coursekit.text import number_text, say
from coursekit.widgets.base import (
    INLINE,
    SPACED,
    Feedback,
    StaticPreview,
    StepControls,
    SvgView,
    applies_on_enter,
    label_width,
    needs_kernel,
)
from coursekit.widgets.graph_view import step_through_at

EXAMPLE = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


MAX_EXPLORED_HEIGHT = 2_000
"""Trees deeper than this are refused by the explorer: its trace grows with depth²."""


def drawable_depth(
    tree: GameTree, *, windows: bool = False, limit: int = MAX_DRAWN_NODES
) -> int | None:
    """The deepest level of ``tree`` to draw so that the picture fits the notebook column
    with its text readable (12 px or more) and shows at most ``limit`` nodes (None: draw
    all of it); see :func:`coursekit.draw.trees.readable_depth`.

    >>> drawable_depth(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))  # all
    >>> drawable_depth(GameTree.random(branching=3, depth=3))   # 27 leaves: too wide
    2
    >>> drawable_depth(GameTree.random(branching=5, depth=6))   # 25 nodes at depth 2
    1
    """
    return readable_depth(level_sizes(tree), windows=windows, max_nodes=limit)


def level_sizes(tree: GameTree | ChanceTree) -> list[int]:
    """How many nodes each level of ``tree`` has, the root's first.

    >>> level_sizes(GameTree.from_nested([[1, 2], [3, [4, 5]]]))
    [1, 2, 4, 2]
    >>> level_sizes(ChanceTree.from_nested([((0.5, 1), (0.5, [2, 3])), 4]))
    [1, 2, 2, 2]
    """
    if isinstance(tree, ChanceTree):
        depths = [len(path) for path in tree.states]
    else:
        depths = [tree.depth_of(label) for label in tree.labels]
    sizes: list[int] = []
    for d in depths:
        sizes.extend([0] * (d + 1 - len(sizes)))
        sizes[d] += 1
    return sizes


STEP_BUDGET = 40_000
"""The most drawings of a node a step-through may take (changed steps × drawn nodes),
about a second of work; a deeper drawing is made shallower until it fits."""


def affordable_steps(search: SearchResult, depth: int | None) -> tuple[int | None, list[int]]:
    """The drawn depth, at most ``depth``, whose step-through fits :data:`STEP_BUDGET`,
    and its changed steps (:func:`~coursekit.draw.trees.changed_steps`).

    Only a tall, narrow tree needs this (a chain of hundreds of levels changes its
    drawing at almost every step).

    >>> from coursekit.search.minimax import minimax
    >>> chain = minimax(GameTree.from_spec("[" * 300 + "1, 2" + "]" * 300), trace=True)
    >>> depth, steps = affordable_steps(chain, 299)
    >>> depth < 299 and len(steps) * (depth + 1) <= STEP_BUDGET
    True
    """
    sizes = level_sizes(search.game)
    steps = changed_steps(search, depth)
    while True:
        drawn = sum(sizes if depth is None else sizes[: depth + 1])
        if depth == 0 or len(steps) * drawn <= STEP_BUDGET:
            return depth, steps
        deepest = len(sizes) - 1 if depth is None else depth
        depth = min(deepest - 1, int(deepest * 0.8))
        steps = changed_steps(search, depth)


def explorable(game_kind: str = DETERMINISTIC) -> dict[str, Algorithm]:
    """The algorithms the explorer offers: those whose trace is tree events (enter / leaf /
    exit / cutoff, what it steps through) and that play the kind of tree shown
    (deterministic game trees; ``"chance"``: trees with chance nodes)."""
    return algorithms(trace="tree", game_kind=game_kind)


def countable(game_kind: str = DETERMINISTIC) -> dict[str, Algorithm]:
    """The algorithms whose nodes and leaves :func:`node_counts` compares: the exact ones
    that play that kind of tree (an anytime estimate does whatever work it is given)."""
    return algorithms(exact=True, game_kind=game_kind)


def tree_kind(tree: GameTree | ChanceTree) -> str:
    """``"chance"`` for a tree with chance nodes, else ``"deterministic"``."""
    return CHANCE if isinstance(tree, ChanceTree) else DETERMINISTIC


def chance_tree_text(nested: Any) -> str:
    """A chance tree's nested values as the text box shows them, probabilities as ``1/3``.

    >>> chance_tree_text([((Fraction(1, 3), 2), (Fraction(2, 3), [1, 0.5])), -4])
    '[((1/3, 2), (2/3, [1, 0.5])), -4]'
    """
    if isinstance(nested, list):
        return "[" + ", ".join(chance_tree_text(child) for child in nested) + "]"
    if isinstance(nested, tuple):
        pairs = (f"({number_text(p)}, {chance_tree_text(child)})" for p, child in nested)
        return "(" + ", ".join(pairs) + ("," if len(nested) == 1 else "") + ")"
    return number_text(nested)


def parse_chance_tree(text: str, root: Player = MAX) -> ChanceTree:
    """A :class:`ChanceTree` from its text: numbers (``1/3`` a fraction), lists for decisions,
    tuples of ``(probability, child)`` pairs for chance nodes.

    >>> parse_chance_tree("[((1/4, 3), (3/4, [1, 2])), 0]").chance_outcomes((0,))
    ((0, Fraction(1, 4)), (1, Fraction(3, 4)))

    Raises
    ------
    ChanceTreeError
        Naming what could not be read.
    """
    try:
        body = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as error:
        problem = say("errors.chance.column", column=error.offset, message=error.msg)
        raise ChanceTreeError(problem) from None
    return ChanceTree.from_nested(_chance_value(body), root)


def _chance_value(node: ast.AST) -> Any:
    """The value of one piece of a chance tree's text (an explicit stack is not needed: the
    tree is small enough to draw)."""
    number = isinstance(node, ast.Constant) and isinstance(node.value, (int, float))
    if number and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_chance_value(node.operand)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        top, bottom = _chance_value(node.left), _chance_value(node.right)
        if isinstance(top, int) and isinstance(bottom, int) and bottom:
            return Fraction(top, bottom)
    if isinstance(node, ast.List):
        return [_chance_value(child) for child in node.elts]
    if isinstance(node, ast.Tuple):
        return tuple(_chance_value(child) for child in node.elts)
    expected = say("errors.chance.expected_item", text=ast.unparse(node))
    column = getattr(node, "col_offset", 0) + 1
    raise ChanceTreeError(say("errors.chance.column", column=column, message=expected))


class TreeExplorer(StaticPreview, widgets.VBox):
    """Edit a tree as nested lists; every edit searches again and redraws at once.

    Editing the random-tree boxes (``branching``, ``depth``, ``seed``, ``order``)
    puts a new random tree into the text box at once; the ``random_tree`` button
    moves on to the next seed. The parts are public, for tests and notebooks:
    ``text``, ``feedback``, ``root``, ``algorithm``, ``step`` with
    ``first``/``back``/``forward``/``last`` buttons, the random-tree boxes and
    button, ``ordering`` (the children's order: as typed, worst, random or best
    first — kept while the tree is edited), ``result``, ``counts`` (a table of
    the nodes and leaves of every registered algorithm on the searched tree, the chosen
    one highlighted, and of the minimal tree when the tree is uniform; it is folded in
    ``counts_box``, whose title compares minimax with the chosen one) and ``picture``
    (for SSS* and DUAL* its caption shows the OPEN list at each step); ``tree`` and
    ``search`` hold the last good tree and its search result, ``searched_tree`` the tree
    in the chosen order (the one searched and drawn). A :class:`GameTree` passed in keeps
    its own node names (a figure's S0, A, B, …) until the tree is edited or reordered.

    A :class:`~coursekit.games.ChanceTree` passed in (chapter 7) is explored with the
    searches of games of chance (the registry's ``trace="tree"`` entries that play
    ``"chance"`` games: expectiminimax): its text is nested values with ``(probability,
    child)`` tuples for chance nodes (:func:`parse_chance_tree`), random trees have chance
    nodes, and the children's order and the random trees' order are not offered.
    """

    def __init__(
        self,
        tree: str | GameTree | ChanceTree = EXAMPLE,
        root: Player = MAX,
        algorithm: str = "minimax",
    ) -> None:
        given = tree if isinstance(tree, GameTree) else None  # its labels stay until an edit
        if given is not None:
            root, tree = given.root_player, given.to_spec()
        self.kind = DETERMINISTIC
        if isinstance(tree, ChanceTree):  # chance nodes: the searches of games of chance
            self.kind, given, root = CHANCE, tree, tree.root_player
            tree = chance_tree_text(tree.to_nested())
            if algorithm == "minimax":  # the default: the first search of chance trees
                algorithm = next(iter(explorable(CHANCE)))
        if algorithm not in explorable(self.kind):
            raise SearchError(
                say(
                    "widgets.tree.bad_algorithm",
                    choices=", ".join(map(repr, explorable(self.kind))),
                    algorithm=repr(algorithm),
                )
            )
        self.tree: GameTree | ChanceTree = given or GameTree.from_spec(tree, root)
        self.search: SearchResult | None = None
        self._search_failed = False

        self.text = widgets.Textarea(
            value=tree,
            placeholder=EXAMPLE,
            description=say("widgets.tree.tree"),
            continuous_update=False,
            layout=widgets.Layout(width="460px", height="70px"),
        )
        self.text.add_class("ck-tree-input")
        self.feedback = Feedback(applies_on_enter(self.text), layout=widgets.Layout(width="380px"))
        self.root = widgets.ToggleButtons(
            options=[("MAX", MAX), ("MIN", MIN)],
            value=root,
            description=say("widgets.tree.root"),
            style={"description_width": "initial", "button_width": "auto"},
            layout=widgets.Layout(margin=SPACED),
        )
        self.root.add_class("ck-root").add_class(INLINE)
        self.algorithm = widgets.Dropdown(
            options=[(algorithm_label(name), name) for name in explorable(self.kind)],
            value=algorithm,
            description=say("widgets.tree.algorithm"),
            tooltip=say("widgets.tree.algorithm_tip"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.algorithm.add_class("ck-algorithm")
        self.ordering = widgets.ToggleButtons(
            options=[(say(f"widgets.order.{_key(o)}"), o) for o in ORDERINGS],
            value="as typed",
            description=say("widgets.tree.children"),
            tooltips=[say(f"widgets.order.{_key(o)}_tip") for o in ORDERINGS],
            style={"description_width": "initial", "button_width": "auto"},
            layout=widgets.Layout(margin=SPACED),
        )
        self.ordering.add_class("ck-ordering").add_class(INLINE)

        controls = StepControls()
        self.step, self.first, self.back = controls.step, controls.first, controls.back
        self.forward, self.last = controls.forward, controls.last

        self.branching = _number_box(
            widgets.BoundedIntText, say("widgets.tree.branching"), 3, min=1, max=5
        )
        self.depth = _number_box(widgets.BoundedIntText, say("widgets.tree.depth"), 3, min=0, max=6)
        self.seed = _number_box(widgets.IntText, say("widgets.tree.seed"), 0)
        self.order = widgets.Dropdown(
            options=[(say(f"widgets.order.{o}"), o) for o in ("random", "best", "worst")],
            description=say("widgets.tree.order"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", margin=SPACED),
        )
        self.random_tree = widgets.Button(
            description=say("widgets.new_random_tree"),
            icon="random",
            tooltip=say("widgets.tree.random_tip"),
            layout=widgets.Layout(width="auto"),
        )
        self.random_tree.add_class("ck-random")
        self.random_tree.on_click(lambda _: self.next_random())

        self.result = widgets.HTML()
        self.result.add_class("ck-result")
        self.counts = widgets.HTML()
        self.counts.add_class("ck-counts")
        # folded under one line that compares minimax with the chosen algorithm: the table
        # opens on a click and stays open across edits
        self.counts_box = widgets.Accordion([self.counts], titles=("",))
        self.counts_box.add_class("ck-counts-box")
        # the picture steps in the browser: the slider is linked to it in the page, so it
        # steps with no kernel too (exported slides, static HTML)
        self.picture = SvgView(controls=False)

        super().__init__(
            [
                widgets.HBox([self.text, self.feedback]),
                widgets.HBox(
                    [self.root, self.algorithm, self.ordering],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                widgets.HBox(
                    [
                        widgets.HTML(f"<b>{html.escape(say('widgets.tree.random_tree'))}</b>"),
                        self.branching,
                        self.depth,
                        self.seed,
                        self.order,
                        self.random_tree,
                    ],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.result,
                self.counts_box,
                widgets.HBox(
                    [self.first, self.back, self.step, self.forward, self.last],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.picture,
            ]
        )
        self.add_class("ck-tree-explorer")
        needs_kernel(*self.children[:3])  # the tree, its search, random trees: Python's part
        if self.kind == CHANCE:  # no reordering or ordered random trees: chance decides
            self.ordering.layout.display = self.order.layout.display = "none"
            self.algorithm.disabled = len(self.algorithm.options) == 1
        self.text.observe(self._on_text, names="value")
        self.root.observe(self._on_root, names="value")
        self.algorithm.observe(lambda _: self.run(), names="value")
        self.ordering.observe(lambda _: self.run(), names="value")
        self.step.observe(lambda _: self.redraw(), names="value")
        widgets.jslink((self.step, "value"), (self.picture, "step"))
        for box in (self.branching, self.depth, self.seed, self.order):
            box.observe(lambda _: self.make_random(), names="value")
        self.run()

    # --- reacting to edits ---------------------------------------------------------------

    def _on_text(self, change: dict) -> None:
        try:
            if self.kind == CHANCE:
                tree = parse_chance_tree(change["new"], self.root.value)
            else:
                tree = GameTree.from_spec(change["new"], self.root.value)
        except (GameTreeError, ChanceTreeError) as error:
            self.feedback.problem(str(error))
            return
        except RecursionError:  # a guard: the reader itself needs no recursion
            self.feedback.problem(say("widgets.tree.too_nested"))
            return
        height = tree.height if isinstance(tree, GameTree) else len(level_sizes(tree)) - 1
        if height > MAX_EXPLORED_HEIGHT:  # a trace of every path grows as depth²
            self.feedback.problem(
                say("widgets.tree.too_deep", height=height, most=MAX_EXPLORED_HEIGHT)
            )
            return
        self.feedback.clear()
        self.tree = tree
        self.run()

    def _on_root(self, change: dict) -> None:
        kind = ChanceTree if self.kind == CHANCE else GameTree
        self.tree = kind.from_nested(self.tree.to_nested(), change["new"])
        self.run()

    def make_random(self) -> None:
        """Put a random tree (branching, depth, seed, order from the boxes) into the text box.

        Editing any of those boxes calls this at once.
        """
        try:
            if self.kind == CHANCE:
                chance = ChanceTree.random(
                    self.depth.value,
                    branching=self.branching.value,
                    outcomes=max(2, self.branching.value),
                    seed=self.seed.value,
                    root=self.root.value,
                )
                self.text.value = chance_tree_text(chance.to_nested())  # searched at once
                return
            tree = GameTree.random(
                branching=self.branching.value,
                depth=self.depth.value,
                seed=self.seed.value,
                order=self.order.value,
                root=self.root.value,
            )
        except (GameTreeError, ChanceTreeError) as error:
            self.feedback.problem(str(error))
            return
        self.text.value = tree.to_spec()  # runs the search through the text's observer

    def next_random(self) -> None:
        """Another random tree of the same shape: the next seed (its observer makes the tree)."""
        self.seed.value += 1

    # --- searching and drawing -----------------------------------------------------------

    @property
    def searched_tree(self) -> GameTree | ChanceTree:
        """The tree with its children in the chosen order (random: shuffled by the seed); a
        chance tree as it is."""
        if self.kind == CHANCE:
            return self.tree
        return reorder(self.tree, self.ordering.value, seed=self.seed.value)

    def run(self) -> None:
        """Search the current tree with the chosen algorithm and show the whole trace."""
        algorithm = get(self.algorithm.value)
        tree = self.searched_tree
        try:
            self.search = algorithm.function(tree, trace=True)
        except Exception as error:  # a later chapter's algorithm refusing this tree
            name = algorithm_label(algorithm.name)
            self.feedback.problem(say("widgets.cannot_search", name=name, error=error))
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
        self.result.value = say(
            "widgets.tree.result",
            algorithm=html.escape(algorithm_label(r.algorithm)),
            value=number_text(r.value),
            move=html.escape(r.move_text),
            line=html.escape(line_text(r.pv)),
            stats=html.escape(str(r.stats)),
        )
        self._show_counts(tree)
        self._show_search()

    def _show_counts(self, tree: GameTree) -> None:
        """Every algorithm's nodes and leaves on ``tree``: the table, and minimax against the
        chosen algorithm in the line above it."""
        counts, current = node_counts(tree), self.algorithm.value
        self.counts.value = _side_by_side(counts, current, minimal_tree(tree))
        self.counts_box.set_title(0, _summary(counts, current))

    def redraw(self) -> None:
        """Show the search as it stood after ``step`` events.

        The whole search was sent to the page once (:meth:`_show_search`): a new step
        only restyles the picture there, with or without a kernel.
        """
        if self.search is not None:
            self.picture.step = self.step.value

    def _show_search(self) -> None:
        """Send the whole step-through of the current search to the picture, once.

        A tree too wide to read is drawn to the depth that fits the column
        (:func:`drawable_depth`); a step below it highlights the drawn node it happens
        inside and says in its caption what happened. Only the steps at which the drawn
        part changes are drawn (:func:`~coursekit.draw.trees.changed_steps`), so that a
        search of tens of thousands of steps is ready in about a second.
        """
        search = self.search
        total = len(search.trace)
        windows = any(e.alpha is not None or e.beta is not None for e in search.trace)
        try:
            depth = drawable_depth(search.game, windows=windows)
            with self.picture.busy_while():
                depth, steps = affordable_steps(search, depth)
                with looks_only():  # the steps' looks only: no DOT but the last step's
                    drawn = draw_search_steps(search, steps[:-1], max_depth=depth)
                pictures = [*zip(steps, drawn, strict=False)]
                pictures.append((total, draw_search(search, total, max_depth=depth)))
                captions = [search_caption(search, k, depth) for k in range(total + 1)]
                layout, through = step_through_at(pictures, captions)
        except (CoursekitError, RecursionError) as error:  # e.g. a tree too big to draw
            self.picture.show_text(say("widgets.cannot_draw", error=error))
            return
        self.picture.show(
            layout,
            through,
            step=self.step.value,
            source_at=lambda k: draw_search(search, k, max_depth=depth).source,
        )


def node_counts(tree: GameTree | ChanceTree) -> dict[str, tuple[int, int] | str]:
    """Every exact registered algorithm's (nodes, leaves) on ``tree`` (:func:`countable`
    for its kind), or why it cannot search it.

    >>> counts = node_counts(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> counts["minimax"], counts["alpha-beta"], counts["SSS*"]
    ((13, 9), (11, 7), (11, 7))
    >>> node_counts(ChanceTree.from_nested([((0.5, 1), (0.5, [2, 3])), 4]))["expectiminimax"]
    (7, 4)
    """
    counts: dict[str, tuple[int, int] | str] = {}
    for name, algorithm in countable(tree_kind(tree)).items():
        try:
            stats = algorithm.function(tree).stats
        except Exception as error:  # e.g. too deep for a recursive search, or a later
            counts[name] = str(error)  # chapter's algorithm refusing this tree
            continue
        counts[name] = (stats.nodes, stats.leaves)
    return counts


def minimal_tree(tree: GameTree | ChanceTree) -> tuple[int, int, int, int] | None:
    """``(b, d, nodes, leaves)`` of Knuth and Moore's minimal tree when ``tree`` is uniform:
    b^⌈i/2⌉ + b^⌊i/2⌋ − 1 nodes at each level i, the last level's being the leaves.

    >>> minimal_tree(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    (3, 2, 9, 5)
    """
    if not isinstance(tree, GameTree):  # Knuth and Moore's count is for game trees
        return None
    shape = uniform_shape(tree)
    if shape is None:
        return None
    b, d = shape
    levels = [best_case_leaves(b, i) for i in range(d + 1)]
    return b, d, sum(levels), levels[-1]


_TABLE_STYLE = (
    "<style>.ck-counts-table{border-collapse:collapse;font-size:var(--jp-widgets-font-size, 13px);"
    "color:var(--jp-content-font-color0, #1a1a1a)}"
    ".ck-counts-table th,.ck-counts-table td{padding:1px 8px;text-align:right;"
    "border-bottom:1px solid var(--jp-border-color2, #ddd)}"
    ".ck-counts-table th:first-child{text-align:left}"
    # the chosen algorithm's column: dark text on a light fill, readable in both themes
    ".ck-counts-table .ck-current{background:#ffe08a;color:#1a1a1a;font-weight:bold}"
    ".ck-counts-table .ck-minimal{font-style:italic}</style>"
)


def _summary(counts: dict[str, tuple[int, int] | str], current: str) -> str:
    """Minimax's nodes and leaves against the chosen algorithm's (α-β's when minimax is
    chosen), and the leaves saved.

    >>> for part in _summary({"minimax": (13, 9), "alpha-beta": (11, 7)}, "minimax").split(" · "):
    ...     print(part)
    minimax: 13 nodes, 9 leaves
    alpha-beta: 11 nodes, 7 leaves — 2 leaves fewer
    every algorithm: click here
    """
    other = "alpha-beta" if current == "minimax" else current
    full, found = counts.get("minimax"), counts.get(other)
    if not isinstance(full, tuple):
        return say("widgets.counts.every")
    name, other_name = algorithm_label("minimax"), algorithm_label(other)
    text = say("widgets.counts.of", name=name, nodes=full[0], leaves=full[1]) + " · "
    click = " · " + say("widgets.counts.click")
    if not isinstance(found, tuple):
        return text + say("widgets.counts.cannot", name=other_name) + click
    saved = full[1] - found[1]
    text += say("widgets.counts.of", name=other_name, nodes=found[0], leaves=found[1]) + " — "
    if saved > 0:
        text += say("widgets.counts.fewer", saved=saved)
    else:
        text += (
            say("widgets.counts.none") if saved == 0 else say("widgets.counts.more", more=-saved)
        )
    return text + click


def _side_by_side(
    counts: dict[str, tuple[int, int] | str],
    current: str,
    minimal: tuple[int, int, int, int] | None = None,
) -> str:
    """A table of the nodes and leaves in ``counts`` (:func:`node_counts`), ``current``
    highlighted, and of the ``minimal`` tree (:func:`minimal_tree`) when given.

    Each column is one algorithm, so that the table stays three lines high.
    """
    columns: list[tuple[str, str, str, str, str]] = []  # header, nodes, leaves, title, class
    for name, found in counts.items():
        css = "ck-current" if name == current else ""
        label = algorithm_label(name)
        if isinstance(found, str):
            columns.append(
                (label, "—", "—", say("widgets.cannot_search", name=label, error=found), css)
            )
        else:
            columns.append((label, f"{found[0]:,}", f"{found[1]:,}", "", css))
    if minimal is not None:
        b, d, nodes, leaves = minimal
        title = say("widgets.counts.minimal_title", b=b, d=d)
        columns.append((say("widgets.counts.minimal", b=b, d=d), f"{nodes:,}", f"{leaves:,}", title,
                        "ck-minimal"))  # fmt: skip
    rows = []
    heads = (say("stats.algorithm"), say("stats.nodes"), say("stats.leaves"))
    for index, head in enumerate(heads):
        tag = "th" if index == 0 else "td"
        cells = "".join(
            f'<{tag} class="{column[4]}" title="{html.escape(column[3])}">'
            f"{html.escape(column[index])}</{tag}>\n"
            for column in columns
        )
        rows.append(f"<tr><th>{head}</th>\n{cells}</tr>\n")
    return (
        f'{_TABLE_STYLE}<div style="overflow-x:auto;max-width:100%">'
        f'<table class="ck-counts-table">{"".join(rows)}</table></div>'
    )


def line_text(pv: tuple, most: int = 12) -> str:
    """A principal variation as text, its first ``most`` moves only when it is longer.

    >>> line_text(("B", "B1")), line_text(tuple(range(20)), most=3)
    ('B B1', '0 1 2 … (20 moves)')
    """
    if not pv:
        return "—"
    if len(pv) <= most:
        return " ".join(map(str, pv))
    return " ".join(map(str, pv[:most])) + say("widgets.more_moves", count=len(pv))


def _key(ordering: str) -> str:
    """The key of a child order's label: ``"as typed"`` → ``"as_typed"``."""
    return ordering.replace(" ", "_")


def _number_box(kind: type, description: str, value: int, **bounds: int) -> widgets.Widget:
    """A narrow box for a whole number, its label as wide as its text."""
    return kind(
        value=value,
        description=description,
        style={"description_width": "initial"},
        layout=widgets.Layout(width=f"{label_width(description) + 70}px", margin=SPACED),
        **bounds,
    )
