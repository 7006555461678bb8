"""Small building blocks that every explorer shares."""

from __future__ import annotations

import html

import graphviz
import ipywidgets as widgets

from coursekit.draw.base import GRAPHVIZ_HINT, GraphvizMissing, to_svg


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

    When Graphviz is missing the view shows the one-line install hint.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("ck-picture")
        self.source = ""

    def show(self, picture: graphviz.Digraph | graphviz.Graph) -> None:
        """Draw ``picture`` (its DOT source is kept in :attr:`source` for tests)."""
        self.source = picture.source
        try:
            self.value = to_svg(picture)
        except GraphvizMissing:
            self.value = f"<p>⚠ {html.escape(GRAPHVIZ_HINT)}</p>"

    def show_text(self, text: str) -> None:
        """Replace the picture by a short text."""
        self.source = ""
        self.value = f"<p>{html.escape(text)}</p>"
