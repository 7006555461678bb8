"""Small building blocks that every explorer shares."""

from __future__ import annotations

import html

import ipywidgets as widgets

from coursekit.widgets.graph_view import GraphView

INLINE = "widget-inline-hbox"
"""ipywidgets' class for a control with its label on the same line, spaced as in a text box.
ToggleButtons lack it, so their label stands above the buttons: add it to them."""

SPACED = "2px 14px 2px 2px"
"""A control's margin in a row of controls: a clear gap before the next label. (Give widths
in px: an em follows the text around the widget, which on a slide is large.)"""


class Feedback(widgets.HTML):
    """One line beside an input: empty when all is well, the problem when not.

    >>> f = Feedback()
    >>> f.problem("row 2 has 3 entries, row 1 has 2")
    >>> f.message
    'row 2 has 3 entries, row 1 has 2'
    >>> f.clear(); f.message
    ''
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("ck-feedback")
        self.message = ""

    def problem(self, text: str) -> None:
        """Show ``text`` as the current problem."""
        self.message = str(text)
        self.value = f'<span style="color:#b00020">⚠ {html.escape(self.message)}</span>'

    def clear(self) -> None:
        """Remove any message."""
        self.message = ""
        self.value = ""


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
