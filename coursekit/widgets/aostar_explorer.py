"""The AO* explorer: edit the rules and the h values, then step through AO*'s cycles."""

from __future__ import annotations

import html
import math

import ipywidgets as widgets

from coursekit.andor.aostar import AOStarResult, ao_star
from coursekit.andor.errors import AndOrError, CyclicGraphError
from coursekit.andor.examples import COURSE_EXAMPLE
from coursekit.andor.graph import AndOrGraph, Node
from coursekit.andor.heuristics import admissibility_violations, monotone_violations
from coursekit.andor.rule_text import ascii_text
from coursekit.draw.andor import (
    LayoutMemory,
    draw_cycle,
    draw_layout,
    highlight_edits,
    natural_order,
    q_changes,
    value_changes,
)
from coursekit.draw.base import Picture, looks_only
from coursekit.text import node_text, number_text, say
from coursekit.widgets.base import (
    Feedback,
    StaticPreview,
    SvgView,
    applies_on_enter,
    needs_kernel,
)
from coursekit.widgets.graph_view import step_through

PICTURE_SIZE = "7.5,6.5"  # inches: the largest picture of G, so a big graph stays on screen
EDITED = "#fff1c2"  # the background of an h value typed in the table
EDITED_INK = "#1a1a1a"  # its text (a dark theme's light text would not read on the tint)
SHOWN_PROBLEMS = 3  # violations of the heuristic's properties listed by name
LINES = '<div style="line-height: 1.5">{}</div>'  # ipywidgets' HTML spaces lines widely
MAX_NODES = 150  # the most nodes the explorer draws and lists (one h box each)
# AO* expands each node at most once: a graph of MAX_NODES nodes takes at most as many
# cycles, and every cycle steps in the page (which takes up to MAX_BROWSER_STEPS steps).


class AOStarExplorer(StaticPreview, widgets.VBox):
    """AO* on a graph you write: a rules box, a table of h values, a cycle slider and steps.

    Every edit re-runs AO* and redraws at once. A value typed in the h table
    wins over the one written in the rules (``reset h`` goes back to the
    rules). Under the picture: the cycle shown, AO*'s result, and whether h is
    admissible and monotone. Bad input is reported beside the box it came
    from, and the last good graph stays on screen.

    Nodes keep their places across cycles and edits: the picture lays out every
    node and rule seen since the explorer opened (a
    :class:`~coursekit.draw.andor.LayoutMemory`), so an edit of values moves
    nothing, and a rule removed is hidden rather than laid out anew (``reset
    layout`` forgets what is hidden). The values an edit changed (an h, a cost,
    a new node or rule, and every q it changed through the revisions) are written
    in teal at every cycle until the next edit.

    Text typed with a Chinese input method is understood (full-width digits,
    ``，：＝``, ``－》``); other full-width punctuation is named in the message.

    >>> w = AOStarExplorer()
    >>> w.cycle.max, w.result.cost
    (4, 5)
    >>> w.h_inputs["n4"].value = "4"  # h*(n4) = 1: an overestimate
    >>> w.result.cost
    8
    >>> w.rules.value = "n0 -> "
    >>> w.rules_feedback.message
    'line 1: the rule has no successors after “->” (in “n0 ->”)'
    >>> w.result.cost  # the last good graph is kept
    8
    >>> w.h_inputs["n4"].value = "２．５"  # full-width digits are read
    >>> w.result.graph.heuristic("n4")
    2.5
    """

    def __init__(self, rules: str = COURSE_EXAMPLE, max_cycles: int = 500) -> None:
        if isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1:
            raise AndOrError(say("widgets.aostar.max_cycles", max_cycles=repr(max_cycles)))
        self.max_cycles = max_cycles
        self.graph: AndOrGraph = _small(AndOrGraph.from_rules(rules))
        self._h_edits: dict[Node, float] = {}
        self.result: AOStarResult = self._search(self.graph)
        # costs beside their arrows: the picture fits a slide whole at 14-px text
        self.layout_memory = LayoutMemory(compact=True)
        self.edited: set = set()
        """The nodes and connectors whose values the last edit changed (highlighted)."""

        # the inputs, on the left (widths in px: on a slide an em is the slide's large text)
        self.rules = widgets.Textarea(
            value=rules,
            description=say("widgets.aostar.rules"),
            placeholder="n0 -> n1, n2",
            continuous_update=False,
            layout=widgets.Layout(width="100%", height="300px"),
        )
        self.rules.style.description_width = "initial"
        self.rules.add_class("ck-rules-input")
        self.rules_feedback = Feedback(applies_on_enter(self.rules, enter=False))
        self.h_box = widgets.GridBox(
            layout=widgets.Layout(
                grid_template_columns="repeat(3, max-content 56px)",
                grid_gap="4px 6px",
                align_items="center",
            )
        )
        self.h_box.add_class("ck-h-table")
        self.h_inputs: dict[Node, widgets.Text] = {}
        self.h_feedback = Feedback()
        self.reset_h = self._button(
            say("widgets.aostar.reset_h"), say("widgets.aostar.reset_h_tip"), "ck-h-reset"
        )
        self.edits = widgets.HTML()
        self.edits.add_class("ck-h-edits")
        inputs = widgets.VBox(
            [
                self.rules,
                self.rules_feedback,
                widgets.HTML(say("widgets.aostar.h_values")),
                self.h_box,
                self.h_feedback,
                widgets.HBox([self.reset_h, self.edits]),
            ],
            layout=widgets.Layout(width="360px", flex="0 0 auto", margin="0 16px 0 0"),
        )

        # the search, on the right: cycle controls above the picture, so they stay in place
        self.cycle = widgets.IntSlider(
            value=0,
            min=0,
            max=0,
            description=say("widgets.aostar.cycle"),
            layout=widgets.Layout(width="260px"),
        )
        self.cycle.style.description_width = "initial"
        self.cycle.add_class("ck-cycle")
        # ‹ › » are in every font (▶ ◀ are not)
        self.back = self._button(
            say("widgets.aostar.back"), say("widgets.aostar.back_tip"), "ck-step-back"
        )
        self.step = self._button(
            say("widgets.aostar.step"), say("widgets.aostar.step_tip"), "ck-step"
        )
        self.step.add_class("ck-step-next")  # a step button: it steps in the page with no kernel
        self.last = self._button(
            say("widgets.aostar.end"), say("widgets.aostar.end_tip"), "ck-step-last"
        )
        # The cycles step in the browser: one layout of the final G (nodes keep their places
        # from cycle to cycle), the cycle slider linked to it in the page.
        self.picture = SvgView(controls=False)
        self.summary = widgets.HTML()
        self.summary.add_class("ck-result")
        self.heuristic = widgets.HTML()
        self.heuristic.add_class("ck-heuristic")
        self.reset_layout = self._button(
            say("widgets.aostar.reset_layout"),
            say("widgets.aostar.reset_layout_tip"),
            "ck-layout-reset",
        )
        self.ghosts = widgets.HTML()
        self.ghosts.add_class("ck-layout-ghosts")
        self.layout_row = widgets.HBox([self.reset_layout, self.ghosts])
        search = widgets.VBox(
            [
                widgets.HBox([self.cycle, self.back, self.step, self.last]),
                self.picture,
                self.layout_row,
                self.summary,
                self.heuristic,
            ],
            layout=widgets.Layout(flex="1 1 auto"),
        )
        super().__init__([widgets.HBox([inputs, search])])
        self.add_class("ck-aostar-explorer")
        needs_kernel(inputs, self.layout_row)  # rules and h values: Python's part

        self.rules.observe(self._rules_changed, names="value")
        self.cycle.observe(self._redraw, names="value")
        widgets.jslink((self.cycle, "value"), (self.picture, "step"))
        self.back.on_click(lambda _: self._move(-1))
        self.step.on_click(lambda _: self._move(+1))
        self.last.on_click(lambda _: self._move(math.inf))
        self.reset_h.on_click(lambda _: self._reset_h())
        self.reset_layout.on_click(lambda _: self._reset_layout())
        self._show_h_table()
        self._show_result(keep_cycle=False)

    # ------------------------------------------------------------ reactions
    def _rules_changed(self, change: object = None) -> None:
        try:
            graph = _small(AndOrGraph.from_rules(self.rules.value))
            edits = _differences(graph, self._h_edits)
            result = self._search(graph.with_h(edits))
        except AndOrError as error:
            self.rules_feedback.problem(str(error))
            return
        self.rules_feedback.clear()
        self.edited = self._changes(graph.with_h(edits), result)
        self.graph, self._h_edits, self.result = graph, edits, result
        self._show_h_table()
        self._show_result(keep_cycle=True)

    def _h_changed(self, change: dict) -> None:
        node = change["owner"].node
        text = change["new"].strip()
        value = _h_value(text)
        if value is None:
            self.h_feedback.problem(
                say("widgets.aostar.bad_h", node=node_text(node), text=text)
                + _full_width_hint(text)
            )
            return
        self._use_h(_differences(self.graph, {**self._h_edits, node: value}))

    def _reset_h(self) -> None:
        self._use_h({})
        self._show_h_table()

    def _use_h(self, edits: dict[Node, float]) -> None:
        try:
            result = self._search(self.graph.with_h(edits))
        except AndOrError as error:  # pragma: no cover - h cannot make a cycle
            self.h_feedback.problem(str(error))
            return
        self.h_feedback.clear()
        self.edited = self._changes(self.graph.with_h(edits), result)
        self._h_edits, self.result = edits, result
        self._mark_edited()
        self._show_result(keep_cycle=True)

    def _reset_layout(self) -> None:
        self.layout_memory.forget()
        self._show_cycles()
        self._redraw()

    def _move(self, steps: float) -> None:
        self.cycle.value = int(max(self.cycle.min, min(self.cycle.max, self.cycle.value + steps)))

    def _redraw(self, change: object = None) -> None:
        k = self.cycle.value
        self.picture.step = k
        # What cycle k did is the picture's caption, which steps in the page without a
        # kernel; the summary holds only what stays the same at every cycle.
        self.summary.value = LINES.format(
            say("widgets.aostar.result", result=html.escape(str(self.result)))
        )
        self.back.disabled = k == self.cycle.min
        self.step.disabled = self.last.disabled = k == self.cycle.max

    # --------------------------------------------------------------- helpers
    def _button(self, label: str, tooltip: str, css: str) -> widgets.Button:
        # as wide as its text, in JupyterLab's small print and on a slide's large one
        button = widgets.Button(
            description=label,
            tooltip=tooltip,
            layout=widgets.Layout(width="auto", flex="0 0 auto"),  # never cut short
        )
        button.add_class(css)
        return button

    def _search(self, graph: AndOrGraph) -> AOStarResult:
        return ao_star(graph, graph.start, max_cycles=self.max_cycles, progress=False)

    def _searched(self) -> AndOrGraph:
        """The graph AO* searched: the rules' graph with the h values typed in the table."""
        return self.graph.with_h(self._h_edits)

    def _changes(self, searched: AndOrGraph, result: AOStarResult) -> set:
        """What an edit changed, from the search shown to ``result`` on ``searched``: the
        values edited (h, costs, new nodes and rules) and the q values AO* revised."""
        return value_changes(self._searched(), searched) | q_changes(self.result, result)

    def _draw_cycle(self, k: int, size: str | None = None) -> Picture:
        """The picture of cycle ``k``, named as the layout and with the edited values marked."""
        return draw_cycle(self.result, k, size=size, memory=self.layout_memory, edited=self.edited)

    def _show_h_table(self) -> None:
        """One box per node in natural order (n2 before n10), holding the h in use.

        The boxes are made anew only when the nodes change.
        """
        graph = self.graph.with_h(self._h_edits)
        nodes = natural_order(graph.nodes)
        if list(self.h_inputs) != nodes:
            self.h_inputs = {node: self._h_input(node) for node in nodes}
            self.h_box.children = [
                part
                for node, box in self.h_inputs.items()
                for part in (widgets.Label(f"h({node_text(node)})"), box)
            ]
        for node, box in self.h_inputs.items():
            box.unobserve(self._h_changed, names="value")
            box.value = number_text(graph.heuristic(node))
            box.observe(self._h_changed, names="value")
        self._mark_edited()

    def _h_input(self, node: Node) -> widgets.Text:
        box = widgets.Text(
            placeholder=f"h({node_text(node)})",
            continuous_update=False,
            layout=widgets.Layout(width="auto"),
        )
        box.node = node
        box.add_class("ck-h-input")
        return box

    def _mark_edited(self) -> None:
        """Tint the boxes whose h differs from the rules, and list them."""
        for node, box in self.h_inputs.items():
            edited = node in self._h_edits
            box.style.background = EDITED if edited else ""
            box.style.text_color = EDITED_INK if edited else None  # dark on the tint, any theme
        self.reset_h.disabled = not self._h_edits
        changed = ", ".join(
            say(
                "widgets.aostar.edited_h",
                node=html.escape(node_text(n)),
                value=number_text(v),
                rules=number_text(self.graph.heuristic(n)),
            )
            for n, v in self._h_edits.items()
        )
        self.edits.value = (
            say("widgets.aostar.edited", changed=changed)
            if changed
            else say("widgets.aostar.as_written")
        )

    def _show_result(self, keep_cycle: bool) -> None:
        """Show the new result at the same cycle, or at its last cycle if that was shown."""
        last = len(self.result.snapshots) - 1
        at_end = self.cycle.value == self.cycle.max
        wanted = min(self.cycle.value, last) if keep_cycle and not at_end else last
        self._show_cycles()  # first: moving the slider then only restyles
        with self.cycle.hold_trait_notifications():
            self.cycle.max = last
            self.cycle.value = wanted
        status = heuristic_status(self._searched())
        self.heuristic.value = LINES.format("<br>".join(status))
        self._redraw()

    def _show_cycles(self) -> None:
        """Send every cycle to the picture at once: one layout, and what changes per cycle
        (values that changed since the cycle before, and those the last edit changed, are
        highlighted).

        The layout holds every node and rule of the session (the layout memory), so an edit
        of values sends the same layout: the page restyles the picture and nothing moves.
        """
        result, last = self.result, len(self.result.snapshots) - 1
        memory = self.layout_memory
        layout = draw_layout(result, size=PICTURE_SIZE, graph=self._searched(), memory=memory)
        # The page keeps the nodes already drawn where they are when the layout grows;
        # a memory started afresh reuses node names, so the page must start afresh too.
        self.picture.keep_places = memory.generation + 1
        self._show_ghosts()
        with self.picture.busy_while():
            with looks_only():
                pictures = [self._draw_cycle(k) for k in range(last + 1)]
            layout, through = step_through(pictures, layout=layout, highlight_changes=True)
            highlight_edits(through, memory.item_names(self.edited))
        draw = self._draw_cycle
        self.picture.show(
            layout,
            through,
            step=self.cycle.value,
            source_at=lambda k: draw(k, size=PICTURE_SIZE).source,
        )

    def _show_ghosts(self) -> None:
        """Say how many hidden nodes and rules keep their room in the layout; offer a reset."""
        nodes, rules = self.layout_memory.ghosts()
        parts = [
            say(f"widgets.aostar.{one if n == 1 else more}", count=n)
            for n, one, more in [(nodes, "node", "nodes"), (rules, "rule", "rules_count")]
            if n
        ]
        self.ghosts.value = (
            LINES.format(say("widgets.aostar.ghosts", parts=say("widgets.aostar.and").join(parts)))
            if parts
            else ""
        )
        self.layout_row.layout.display = "" if parts else "none"


def heuristic_status(graph: AndOrGraph) -> list[str]:
    """Whether h is admissible and monotone, as HTML lines naming what breaks it.

    >>> from coursekit.andor.examples import course_example
    >>> print(*heuristic_status(course_example()))  # doctest: +ELLIPSIS
    h is <b>admissible</b> (h ≤ h* everywhere) and <b>monotone</b>: AO* ends with an optimal ...
    >>> for line in heuristic_status(course_example().with_h({"n7": 1})):
    ...     print(line)
    h is <b>not admissible</b>: h(n7) = 1 &gt; h*(n7) = 0
    h is <b>monotone</b>
    """
    try:
        over = [str(v) for v in admissibility_violations(graph)]
    except CyclicGraphError:
        over = None
    broken = [str(v) for v in monotone_violations(graph)]
    if over == [] and not broken:
        return [say("widgets.aostar.h_good")]
    if over is None:
        lines = [say("widgets.aostar.h_cycle")]
    elif over:
        lines = [say("widgets.aostar.h_over") + _listed(over)]
    else:
        lines = [say("widgets.aostar.h_admissible")]
    if broken:
        lines.append(say("widgets.aostar.h_not_monotone") + _listed(broken))
    else:
        lines.append(say("widgets.aostar.h_monotone"))
    return lines


def _listed(problems: list[str]) -> str:
    """The first few problems, escaped, and how many more there are."""
    shown = "; ".join(html.escape(p) for p in problems[:SHOWN_PROBLEMS])
    more = len(problems) - SHOWN_PROBLEMS
    return shown + (say("widgets.aostar.and_more", more=more) if more > 0 else "")


def _small(graph: AndOrGraph) -> AndOrGraph:
    """``graph`` if the explorer can show it (at most :data:`MAX_NODES` nodes)."""
    if len(graph) > MAX_NODES:
        raise AndOrError(say("widgets.aostar.too_big", most=MAX_NODES, count=len(graph)))
    return graph


def _h_value(text: str) -> float | None:
    """The h value typed (full-width digits allowed), or ``None`` if it is not one.

    >>> _h_value("2.5"), _h_value("３"), _h_value("-1"), _h_value("inf"), _h_value("x")
    (2.5, 3, None, None, None)
    """
    try:
        value = float(ascii_text(text))
    except ValueError:
        return None
    if not (value >= 0 and math.isfinite(value)):
        return None
    return int(value) if value.is_integer() else value


def _full_width_hint(text: str) -> str:
    """A hint naming a character in ``text`` that keeps it from being a number.

    >>> _full_width_hint("２，５"), _full_width_hint("三")
    (' (write decimals with a point: “2.5”, not “2,5”)', ' (“三” is not an ASCII digit)')
    """
    ascii = ascii_text(text)
    if "," in ascii:
        return say("widgets.aostar.decimal_point", good=ascii.replace(",", "."), bad=ascii)
    odd = [c for c in ascii if ord(c) > 0x2E7F]
    return say("widgets.aostar.not_digit", char=odd[0]) if odd else ""


def _differences(graph: AndOrGraph, h: dict[Node, float]) -> dict[Node, float]:
    """The values of ``h`` for nodes of ``graph`` that differ from the graph's own h."""
    return {n: v for n, v in h.items() if n in graph and v != graph.heuristic(n)}
