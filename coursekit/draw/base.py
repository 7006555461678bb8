"""The shared ground of every graphviz picture.

:class:`Picture` is a ``graphviz.Digraph`` with the course's look. In a
notebook it is drawn in the browser by a WebAssembly Graphviz (through
:class:`coursekit.draw.graph_view.GraphView`), so the ``dot`` program is
optional: where it is installed it adds a static SVG to the output (what a
freshly opened notebook or a preview shows) and serves PNG/PDF export
(:func:`to_svg`, ``Picture.render``).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import re
import shutil
import unicodedata
from collections.abc import Iterator
from typing import Any

import graphviz

from coursekit.errors import CoursekitError
from coursekit.text import say

GRAPHVIZ_HINT = (
    "Graphviz's `dot` program is not installed; it is optional (pictures are drawn in the "
    "browser) and only needed to export pictures as files: install it (Debian/Ubuntu: "
    "`sudo apt-get install graphviz`, macOS: `brew install graphviz`, conda: "
    "`conda install -c conda-forge graphviz`), then restart the kernel."
)
BROWSER_ONLY = say("printed_draw.browser_only", lang="en")
"""The text a picture shows where neither a browser nor ``dot`` can draw it (in English;
a picture shows it in the notebook's language, ``say("printed_draw.browser_only")``)."""

# Course-wide look of every graph: readable fonts, no clutter.
GRAPH_ATTR = {"fontname": "Helvetica", "bgcolor": "transparent", "nodesep": "0.3"}
NODE_ATTR = {"fontname": "Helvetica", "fontsize": "12"}
EDGE_ATTR = {"fontname": "Helvetica", "fontsize": "10", "arrowsize": "0.6"}


COLUMN_PX = 900
"""The width of a notebook column, in CSS pixels, that pictures are made to fit."""

MIN_TEXT_PX = 12
"""No text of a picture is drawn smaller than this, in CSS pixels at 100 % zoom (a laptop's
1366×768 screen read at arm's length)."""

PX_PER_PT = 4 / 3
"""CSS pixels per point: Graphviz measures in points, the page in pixels."""


def readable_width_pt(text_pt: float = 12.0, column_px: float = COLUMN_PX) -> float:
    """The widest picture, in points, that still shows ``text_pt`` text at 12 px
    (:data:`MIN_TEXT_PX`) or more once the page shrinks it to ``column_px``.

    The page (``static/graph_view.js``, ``fit``) draws a picture of W points at W × 4/3 px and
    shrinks it to the column, never enlarging it. Shrunk to the column, a text of t
    points shows at t × 4/3 × column / (W × 4/3) = t × column / W px, which is at least
    12 px while W ≤ column × t / 12. A wider picture would scroll instead.

    Parameters
    ----------
    text_pt:
        The size of the smallest text of the picture, in points (node text: 12); at
        least 9 (12 px unshrunk).
    column_px:
        The width of the column, in CSS pixels.

    Returns
    -------
    The width in points.

    Raises
    ------
    CoursekitError
        When a size is not a positive number, or the text is below 12 px even unshrunk.

    Examples
    --------
    >>> readable_width_pt()      # 12-pt node text in a 900 px column
    900.0
    >>> readable_width_pt(12, column_px=600)
    600.0
    """
    for name, size in (("text_pt", text_pt), ("column_px", column_px)):
        if isinstance(size, bool) or not isinstance(size, int | float) or not size > 0:
            raise CoursekitError(say("errors.draw.positive", name=name, size=repr(size)))
    if text_pt * PX_PER_PT < MIN_TEXT_PX:
        least, px = MIN_TEXT_PX / PX_PER_PT, MIN_TEXT_PX
        raise CoursekitError(say("errors.draw.text_pt", least=least, px=px, text_pt=text_pt))
    return column_px * text_pt / MIN_TEXT_PX


_LOOKS_ONLY = contextvars.ContextVar("looks_only", default=False)


@contextlib.contextmanager
def looks_only() -> Iterator[None]:
    """Inside this block pictures only record :attr:`Picture.looks` and their caption, and
    write no DOT: how a step-through reads the steps' pictures quickly (DOT quoting is
    most of the time spent drawing).

    >>> with looks_only():
    ...     p = Picture()
    ...     p.node("a", "1", color="red")
    >>> p.looks, "a [" in p.source
    ({'a': {'color': 'red', 'label': '1'}}, False)
    """
    token = _LOOKS_ONLY.set(True)
    try:
        yield
    finally:
        _LOOKS_ONLY.reset(token)


class GraphvizMissing(RuntimeError):
    """Raised by :func:`to_svg` when Graphviz's ``dot`` cannot be run."""

    def __init__(self) -> None:
        super().__init__(say("draw.graphviz_missing"))


class Picture(graphviz.Digraph):
    """A ``graphviz.Digraph`` with the course's look and a friendly fallback.

    >>> p = Picture("example")
    >>> p.node("A", shape="box")
    >>> "A [shape=box]" in p.source
    True
    """

    def __init__(self, name: str | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("graph_attr", dict(GRAPH_ATTR))
        kwargs.setdefault("node_attr", dict(NODE_ATTR))
        kwargs.setdefault("edge_attr", dict(EDGE_ATTR))
        super().__init__(name, **kwargs)
        # What each node ("a") and edge ("a->b") was drawn with, as in Graphviz's SVG
        # <title>s: a step-through compares the pictures of its steps through these.
        self.looks: dict[str, dict[str, str]] = {}
        self.caption: str | None = None  # the graph's label, when given through attr()
        self._caption_line: int | None = None

    def node(self, name: str, label: str | None = None, *args: Any, **attrs: Any) -> None:
        """A node; one whose label has Chinese (wide) characters gets a box wide enough.

        The WebAssembly Graphviz has no font metrics and draws such labels about
        20 % too wide for their box, so they get a minimum ``width``.

        >>> p = Picture()
        >>> p.node("a", "解图 solution graph")
        >>> "width=" in p.source
        True
        """
        if _LOOKS_ONLY.get():
            self._remember(str(name), label, attrs)
            return
        if label is not None and "width" not in attrs:
            width = label_width(label, float(attrs.get("fontsize", NODE_ATTR["fontsize"])))
            if width is not None:
                attrs["width"] = f"{width:.2f}"
        super().node(name, label, *args, **attrs)
        self._remember(str(name), label, attrs)

    def _remember(self, item: str, label: str | None, attrs: dict[str, Any]) -> None:
        look = self.looks.setdefault(item, {})
        look.update({k: str(v) for k, v in attrs.items() if v is not None})
        if label is not None:
            look["label"] = str(label)

    def edge(
        self, tail_name: str, head_name: str, label: str | None = None, *args: Any, **attrs: Any
    ) -> None:
        """An edge; its attributes are remembered in :attr:`looks` under ``"tail->head"``."""
        if not _LOOKS_ONLY.get():
            super().edge(tail_name, head_name, label, *args, **attrs)
        self._remember(f"{tail_name}->{head_name}", label, attrs)

    def attr(self, kw: str | None = None, *args: Any, **attrs: Any) -> None:
        """Graph, node or edge defaults; a graph ``label`` is remembered as :attr:`caption`."""
        if not _LOOKS_ONLY.get():
            super().attr(kw, *args, **attrs)
        if kw in (None, "graph") and attrs.get("label") is not None:
            self.caption = str(attrs["label"])
            self._caption_line = None if _LOOKS_ONLY.get() else len(self.body) - 1

    def without_caption(self) -> Picture:
        """A copy of this picture without its graph label (shown apart, in a caption line)."""
        copy = self.copy()
        if self._caption_line is not None:
            del copy.body[self._caption_line]
        return copy

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict:
        from coursekit.draw.graph_view import GraphView  # the picture's view, drawn in the page

        view = GraphView()
        view.show(self)
        bundle: dict[str, Any] = {
            "text/plain": say("printed_draw.browser_only"),
            "application/vnd.jupyter.widget-view+json": {
                "version_major": 2,
                "version_minor": 0,
                "model_id": view.model_id,
            },
        }
        if has_dot():
            try:
                svg = to_svg(self)
            except (GraphvizMissing, graphviz.CalledProcessError):
                return bundle
            # the static copy: shown where the widget is not (a fresh notebook, a preview)
            bundle["text/html"] = (
                '<div class="ck-static-picture">'
                + svg[svg.find("<svg") :].replace(
                    "<svg ", '<svg style="max-width:100%;height:auto" ', 1
                )
                + "</div>"
            )
        return bundle


_WIDE = {"W", "F"}
_TAG = re.compile(r"<[^>]*>")


def label_width(label: str, fontsize: float = 12.0) -> float | None:
    """The width in inches a node needs for ``label`` when it has wide (CJK) characters, else None.

    A wide character is counted as 1 em, any other as 0.6 em, plus the node's margins.

    >>> label_width("MAX")
    >>> label_width("解图")
    0.63
    """
    text = _TAG.sub("\n", label) if label.startswith("<") else label
    lines = re.split(r"\\[nlr]|\n", text)
    widest = 0.0
    wide_seen = False
    for line in lines:
        wide = sum(unicodedata.east_asian_width(ch) in _WIDE for ch in line)
        wide_seen = wide_seen or wide > 0
        widest = max(widest, wide + 0.6 * (len(line) - wide))
    if not wide_seen:
        return None
    return round(widest * fontsize / 72 + 0.3, 2)


def to_svg(picture: graphviz.Digraph | graphviz.Graph) -> str:
    """Render ``picture`` to an SVG string; :class:`GraphvizMissing` if ``dot`` is absent."""
    try:
        return picture.pipe(format="svg", encoding="utf-8")
    except graphviz.ExecutableNotFound:
        raise GraphvizMissing() from None


@functools.cache
def _dot_path_works(path: str) -> bool:
    try:
        graphviz.version()
    except (graphviz.ExecutableNotFound, graphviz.CalledProcessError):
        return False
    return True


def has_dot() -> bool:
    """True when Graphviz's ``dot`` is on the PATH and runs."""
    path = shutil.which("dot")
    return path is not None and _dot_path_works(path)
