"""Small building blocks that every explorer shares."""

from __future__ import annotations

import html
from typing import Any

import graphviz
import ipywidgets as widgets

from coursekit.draw.base import GraphvizMissing, has_dot
from coursekit.text import say
from coursekit.widgets.graph_view import GraphView

INLINE = "widget-inline-hbox"
"""ipywidgets' class for a control with its label on the same line, spaced as in a text box.
ToggleButtons lack it, so their label stands above the buttons: add it to them."""

SPACED = "2px 14px 2px 2px"
"""A control's margin in a row of controls: a clear gap before the next label. (Give widths
in px: an em follows the text around the widget, which on a slide is large.)"""


def label_width(text: str) -> int:
    """About how many pixels a control's label takes: 8 a letter, 14 a Chinese character.

    >>> label_width("depth"), label_width("深度")
    (40, 28)
    """
    return sum(14 if ord(c) > 0x2E80 else 8 for c in text)


class Feedback(widgets.HTML):
    """One line beside an input: the problem when there is one; else nothing, or the
    ``hint`` given (how the input applies: "Enter applies …"), in grey.

    >>> f = Feedback()
    >>> f.problem("row 2 has 3 entries, row 1 has 2")
    >>> f.message
    'row 2 has 3 entries, row 1 has 2'
    >>> f.clear(); f.message, f.value
    ('', '')
    >>> Feedback(hint="Enter applies").value
    '<span class="ck-hint" style="opacity:.7">Enter applies</span>'
    """

    def __init__(self, hint: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("ck-feedback")
        self.hint = hint
        self.clear()

    def problem(self, text: str) -> None:
        """Show ``text`` as the current problem."""
        self.message = str(text)
        self.value = f'<span style="color:#b00020">⚠ {html.escape(self.message)}</span>'

    def clear(self) -> None:
        """Remove any message (the hint shows again)."""
        self.message = ""
        hint = html.escape(self.hint)
        self.value = f'<span class="ck-hint" style="opacity:.7">{hint}</span>' if hint else ""


NEEDS_KERNEL = "ck-needs-kernel"
"""The class of an explorer's controls that only Python can answer (a tree box, an algorithm
to pick, a new random tree), as opposed to those that work in the page alone (the step
buttons and slider). Where no kernel is behind the page — slides, the web book — they are not
shown (the decks' and the book's style); the book says in one line where they work (the lab).
"""


def needs_kernel(*parts: widgets.Widget) -> None:
    """Mark ``parts`` as controls that only a kernel answers (:data:`NEEDS_KERNEL`).

    >>> box = widgets.Dropdown(); needs_kernel(box); NEEDS_KERNEL in box._dom_classes
    True
    """
    for part in parts:
        part.add_class(NEEDS_KERNEL)


APPLY_ON_ENTER = "ck-apply-on-enter"
"""A text box with this class applies its text on Enter (Shift+Enter: a new line); every
text box applies it on Ctrl+Enter, and when the focus leaves it. (graph_view.js listens for
the keys in the page: ipywidgets' boxes send their text only when the focus leaves.)"""


def applies_on_enter(box: widgets.Textarea, *, enter: bool = True) -> str:
    """Let ``box`` apply its text on Enter (``enter``; else on Ctrl+Enter only); the hint that
    says so, for the :class:`Feedback` beside it.

    >>> box = widgets.Textarea()
    >>> applies_on_enter(box)
    'Enter applies · Shift+Enter: a new line'
    >>> APPLY_ON_ENTER in box._dom_classes
    True
    """
    if enter:
        box.add_class(APPLY_ON_ENTER)
    return say("widgets.applies_on_enter" if enter else "widgets.applies_on_ctrl_enter")


class StepControls:
    """A step slider and its four buttons « ‹ › », as every explorer with steps has them.

    The buttons carry the classes ``ck-step-first``, ``ck-step-back``, ``ck-step-next``
    and ``ck-step-last``: with a kernel Python moves the slider; with none (slides, a
    static page) the page's ``graph_view.js`` steps the picture beside them itself.

    >>> c = StepControls()
    >>> c.step.max = 5
    >>> c.last.click(); c.step.value
    5
    >>> c.back.click(); c.back.click(); c.step.value
    3
    >>> c.first.click(); c.back.click(); c.step.value   # never below 0
    0
    """

    def __init__(self) -> None:
        self.step = widgets.IntSlider(min=0, max=0, value=0, description=say("widgets.step"))
        self.step.style.description_width = "initial"
        self.step.add_class("ck-step")
        # « ‹ › » are in every font (unlike ⏮ ⏭, which many fonts lack)
        self.first = self._button(say("widgets.first"), "ck-step-first", lambda: 0)
        self.back = self._button(say("widgets.back"), "ck-step-back", lambda: self.step.value - 1)
        self.forward = self._button(
            say("widgets.next"), "ck-step-next", lambda: self.step.value + 1
        )
        self.last = self._button(say("widgets.last"), "ck-step-last", lambda: self.step.max)

    @property
    def widgets(self) -> list[widgets.Widget]:
        """The buttons and the slider in reading order: « ‹ slider › »."""
        return [self.first, self.back, self.step, self.forward, self.last]

    def _button(self, label: str, css: str, target) -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _: setattr(self.step, "value", max(0, min(target(), self.step.max))))
        return button


class SvgView(GraphView):
    """The explorers' picture: a :class:`~coursekit.widgets.graph_view.GraphView`.

    Kept under its old name; the picture is laid out in the browser (no ``dot``
    needed), scaled to fit and readable in light and dark themes.
    """


def fit_width(svg: str, max_height: str | None = None) -> str:
    """``svg`` made to shrink (keeping its proportions) to the width of its container and,
    given ``max_height`` (a CSS length), to that height.

    >>> fit_width('<?xml version="1.0"?><svg width="735pt">…</svg>')
    '<?xml version="1.0"?><svg style="max-width:100%;height:auto" width="735pt">…</svg>'
    >>> fit_width('<svg width="5in"></svg>', "300px")
    '<svg style="max-width:100%;height:auto;max-height:300px;width:auto" width="5in"></svg>'
    """
    style = "max-width:100%;height:auto"
    if max_height is not None:
        style += f";max-height:{max_height};width:auto"
    return svg.replace("<svg ", f'<svg style="{style}" ', 1)


class StaticPreview:
    """Mixin: what an explorer shows where its live widget cannot be drawn.

    A notebook opened fresh (without stored widget state), a preview on a
    website or a static export has no kernel to draw the explorer. Besides
    the live view, an explorer's display then carries a still picture of it:
    its HTML parts (results, tables, messages) and its pictures as SVG (where
    Graphviz's ``dot`` is installed), under a line saying that running the
    cell brings the explorer to life. ``coursekit execute`` keeps that still
    picture in the stored notebook instead of the unreadable widget reference.
    """

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        name = type(self).__name__
        bundle["text/plain"] = say("widgets.plain_preview", name=name)
        bundle["text/html"] = static_html(self)
        return bundle


def static_html(widget: widgets.Widget) -> str:
    """A still picture of ``widget``: its HTML parts and pictures, in the order they are laid out.

    >>> box = widgets.VBox([widgets.HTML("<b>value 3</b>"), widgets.IntSlider()])
    >>> "<b>value 3</b>" in static_html(box) and "run this cell" in static_html(box)
    True
    """
    parts = [
        f'<p style="font-style:italic;opacity:.75">{html.escape(say("widgets.still_picture"))}</p>'
    ]
    for part in _walk(widget):
        if isinstance(part, GraphView):
            parts.append(_static_picture(part))
        elif isinstance(part, widgets.HTML) and part.value:
            parts.append(f"<div>{part.value}</div>")
    return '<div class="ck-static-explorer">' + "".join(parts) + "</div>"


def _walk(widget: widgets.Widget) -> list[widgets.Widget]:
    """The widget and everything inside it, depth first, in layout order (no recursion)."""
    found, stack = [], [widget]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(reversed(list(getattr(node, "children", ()))))
    return found


def _static_picture(view: GraphView) -> str:
    if not view.source or not has_dot():
        return ""
    try:
        svg = graphviz.Source(view.source).pipe(format="svg", encoding="utf-8")
    except (GraphvizMissing, graphviz.ExecutableNotFound, graphviz.CalledProcessError):
        return ""
    return f'<div style="max-width:100%;overflow-x:auto">{svg[svg.index("<svg") :]}</div>'
