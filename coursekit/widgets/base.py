"""Small building blocks that every explorer shares."""

from __future__ import annotations

import html

import graphviz
import ipywidgets as widgets

from coursekit.draw.base import GRAPHVIZ_HINT, GraphvizMissing, to_svg

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


class SvgView(widgets.HTML):
    """A picture inside a widget: a graphviz graph rendered to inline SVG.

    A picture wider than the space beside it is scaled down to fit. When
    Graphviz is missing the view shows the one-line install hint.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("ck-picture")
        self.source = ""

    def show(self, picture: graphviz.Digraph | graphviz.Graph) -> None:
        """Draw ``picture`` (its DOT source is kept in :attr:`source` for tests)."""
        self.source = picture.source
        try:
            self.value = fit_width(to_svg(picture))
        except GraphvizMissing:
            self.value = f"<p>⚠ {html.escape(GRAPHVIZ_HINT)}</p>"

    def show_text(self, text: str) -> None:
        """Replace the picture by a short text."""
        self.source = ""
        self.value = f"<p>{html.escape(text)}</p>"


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
