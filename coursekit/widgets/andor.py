"""The AO* explorer: edit the rules and the h values, then step through AO*'s cycles."""

from __future__ import annotations

import html
import math

import ipywidgets as widgets

from coursekit.andor.aostar import AOStarResult, ao_star
from coursekit.andor.examples import COURSE_EXAMPLE
from coursekit.andor.graph import AndOrGraph, CyclicGraphError, Node, _show, number_text
from coursekit.andor.heuristics import monotone_violations
from coursekit.draw.andor import draw_cycle
from coursekit.widgets.base import Feedback, SvgView


class AOStarExplorer(widgets.VBox):
    """AO* on a graph you write: a rules box, a table of h values, a cycle slider and steps.

    Every edit re-runs AO* and redraws at once. A value typed in the h table
    wins over the one written in the rules. Bad input is reported beside the
    box it came from, and the last good graph stays on screen.

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
    """

    def __init__(self, rules: str = COURSE_EXAMPLE, max_cycles: int = 500) -> None:
        self.max_cycles = max_cycles
        self.graph: AndOrGraph = AndOrGraph.from_rules(rules)
        self._h_edits: dict[Node, float] = {}
        self.result: AOStarResult = self._search(self.graph)

        self.rules = widgets.Textarea(
            value=rules,
            description="rules",
            placeholder="n0 -> n1, n2",
            continuous_update=False,
            layout=widgets.Layout(width="26em", height="16em"),
        )
        self.rules.add_class("ck-rules-input")
        self.rules_feedback = Feedback()
        self.h_box = widgets.VBox()
        self.h_box.add_class("ck-h-table")
        self.h_inputs: dict[Node, widgets.Text] = {}
        self.h_feedback = Feedback()
        self.cycle = widgets.IntSlider(value=0, min=0, max=0, description="cycle")
        self.cycle.add_class("ck-cycle")
        self.back = widgets.Button(description="◀ back", tooltip="the cycle before")
        self.back.add_class("ck-step-back")
        self.step = widgets.Button(description="step ▶", tooltip="the next cycle")
        self.step.add_class("ck-step")
        self.last = widgets.Button(description="end ▶▶", tooltip="the last cycle")
        self.last.add_class("ck-step-last")
        self.summary = widgets.HTML()
        self.summary.add_class("ck-result")
        self.picture = SvgView()

        inputs = widgets.VBox(
            [
                self.rules,
                self.rules_feedback,
                widgets.HTML("<b>h values</b>"),
                self.h_box,
                self.h_feedback,
            ]
        )
        controls = widgets.HBox([self.cycle, self.back, self.step, self.last])
        super().__init__([widgets.HBox([inputs, self.picture]), controls, self.summary])

        self.rules.observe(self._rules_changed, names="value")
        self.cycle.observe(self._redraw, names="value")
        self.back.on_click(lambda _: self._move(-1))
        self.step.on_click(lambda _: self._move(+1))
        self.last.on_click(lambda _: self._move(math.inf))
        self._show_h_table()
        self._show_result(keep_cycle=False)

    # ------------------------------------------------------------ reactions
    def _rules_changed(self, change: object = None) -> None:
        try:
            graph = AndOrGraph.from_rules(self.rules.value)
            edits = {n: v for n, v in self._h_edits.items() if n in graph}
            result = self._search(graph.with_h(edits))
        except (ValueError, TypeError) as error:
            self.rules_feedback.problem(str(error))
            return
        self.rules_feedback.clear()
        self.graph, self._h_edits, self.result = graph, edits, result
        self._show_h_table()
        self._show_result(keep_cycle=True)

    def _h_changed(self, change: dict) -> None:
        node = change["owner"].node
        text = change["new"].strip()
        try:
            value = float(text)
            if not (value >= 0 and math.isfinite(value)):
                raise ValueError
        except ValueError:
            self.h_feedback.problem(f"h({_show(node)}) must be a number ≥ 0, not “{text}”")
            return
        edits = {**self._h_edits, node: int(value) if value.is_integer() else value}
        try:
            result = self._search(self.graph.with_h(edits))
        except (ValueError, TypeError) as error:  # pragma: no cover - h cannot make a cycle
            self.h_feedback.problem(str(error))
            return
        self.h_feedback.clear()
        self._h_edits, self.result = edits, result
        self._show_result(keep_cycle=True)

    def _move(self, steps: float) -> None:
        self.cycle.value = int(max(self.cycle.min, min(self.cycle.max, self.cycle.value + steps)))

    def _redraw(self, change: object = None) -> None:
        k = self.cycle.value
        self.picture.show(draw_cycle(self.result, k))
        lines = [self._cycle_line(k)]
        if k == len(self.result.snapshots) - 1:
            lines.append(html.escape(str(self.result)))
        graph = self.graph.with_h(self._h_edits)
        broken = monotone_violations(graph)
        if broken:
            lines.append(
                "h breaks the monotone restriction at "
                + html.escape("; ".join(map(str, broken[:3])))
            )
        self.summary.value = "<br>".join(lines)
        self.back.disabled = k == self.cycle.min
        self.step.disabled = self.last.disabled = k == self.cycle.max

    # --------------------------------------------------------------- helpers
    def _search(self, graph: AndOrGraph) -> AOStarResult:
        try:
            return ao_star(graph, graph.start, max_cycles=self.max_cycles)
        except CyclicGraphError as error:
            raise ValueError(str(error)) from None

    def _show_h_table(self) -> None:
        graph = self.graph.with_h(self._h_edits)
        if list(self.h_inputs) == list(graph.nodes):
            for node, box in self.h_inputs.items():
                box.unobserve(self._h_changed, names="value")
                box.value = number_text(graph.heuristic(node))
                box.observe(self._h_changed, names="value")
            return
        self.h_inputs = {}
        for node in graph.nodes:
            box = widgets.Text(
                value=number_text(graph.heuristic(node)),
                description=f"h({_show(node)})",
                continuous_update=False,
                layout=widgets.Layout(width="9em"),
            )
            box.style.description_width = "4em"
            box.node = node
            box.add_class("ck-h-input")
            box.observe(self._h_changed, names="value")
            self.h_inputs[node] = box
        boxes = list(self.h_inputs.values())
        self.h_box.children = [widgets.HBox(boxes[i : i + 3]) for i in range(0, len(boxes), 3)]

    def _show_result(self, keep_cycle: bool) -> None:
        """Show the new result at the same cycle, or at its last cycle if that was shown."""
        last = len(self.result.snapshots) - 1
        at_end = self.cycle.value == self.cycle.max
        wanted = min(self.cycle.value, last) if keep_cycle and not at_end else last
        with self.cycle.hold_trait_notifications():
            self.cycle.max = last
            self.cycle.value = wanted
        self._redraw()

    def _cycle_line(self, k: int) -> str:
        snap = self.result.snapshots[k]
        start = html.escape(_show(self.result.start))
        if k == 0:
            q = number_text(snap.q[self.result.start])
            return f"<b>before cycle 1</b>: G = {{{start}}}, q({start}) = {q}"
        revised = ", ".join(
            f"q({html.escape(_show(r.node))}) = {number_text(r.q)}" for r in snap.revisions
        )
        return f"<b>cycle {k}</b>: expanded {html.escape(_show(snap.expanded))}; revised {revised}"
