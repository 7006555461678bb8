"""Step through any traced search, drawn by the picture its trace kind asks for.

The search's registry entry names its trace kind (``"tree"`` events,
``"mcts"`` iterations); :func:`coursekit.draw.traces.drawer_for` gives the
picture for that kind. Every step is drawn once and sent to the page, and
the slider is linked to the picture there, so the stepper steps with no
kernel too (exported slides, a static page).

>>> from coursekit.games import TicTacToe
>>> from coursekit.search import mcts
>>> game = TicTacToe()
>>> stepper = SearchStepper(mcts(game, game.parse("XO. / .X. / O.."), playouts=4,
...                              seed=1, trace=True))
>>> stepper.step.max, stepper.step.value
(16, 16)
>>> stepper.first.click(); stepper.forward.click(); stepper.caption.value
'iteration 1 of 4 — 1 selection: the root still has untried moves, so selection stops there'
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from coursekit.draw.traces import drawer_for
from coursekit.errors import CoursekitError
from coursekit.search.registry import get
from coursekit.search.result import SearchResult
from coursekit.text import say
from coursekit.widgets.base import StaticPreview, StepControls, SvgView


class SearchStepper(StaticPreview, widgets.VBox):
    """A traced search result, step by step: ``step`` with ``first`` / ``back`` /
    ``forward`` / ``last`` buttons, ``caption`` (what happens at the step, also under the
    picture) and ``picture``.

    Parameters
    ----------
    result : SearchResult
        A result made with ``trace=True`` by a registered search (its ``algorithm``).
    step : int or None
        The step shown first (default: the last).

    Raises
    ------
    CoursekitError
        When the result has no trace or its search has no step-through picture.
    """

    def __init__(self, result: SearchResult, step: int | None = None) -> None:
        if not isinstance(result, SearchResult) or result.trace is None:
            raise CoursekitError(say("mcts.stepper_needs_trace"))
        self.drawer = drawer_for(get(result.algorithm).trace)
        self.search = result
        controls = StepControls()
        self.step, self.first, self.back = controls.step, controls.first, controls.back
        self.forward, self.last = controls.forward, controls.last
        self.caption = widgets.HTML()
        self.caption.add_class("ck-caption")
        self.picture = SvgView(controls=False)
        last = self.drawer.count(result) - 1
        with self.step.hold_trait_notifications():
            self.step.max = last
            self.step.value = last if step is None else max(0, min(int(step), last))
        super().__init__(
            [
                widgets.HBox(
                    controls.widgets,
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.picture,
            ]
        )
        self.add_class("ck-search-stepper")
        layout, through = self.drawer.step_through(result)
        self.picture.show(
            layout,
            through,
            step=self.step.value,
            source_at=lambda k: self.drawer.draw(result, k).source,
        )
        self._show_caption()
        self.step.observe(lambda _: self._on_step(), names="value")
        widgets.jslink((self.step, "value"), (self.picture, "step"))

    def _on_step(self) -> None:
        self.picture.step = self.step.value
        self._show_caption()

    def _show_caption(self) -> None:
        """The caption of the current step, for Python readers (the page shows its own)."""
        self.caption.value = html.escape(self.drawer.caption(self.search, self.step.value))
