"""The shared ground of every graphviz picture.

:class:`Picture` is a ``graphviz.Digraph`` that, in a notebook, shows one line
saying how to install Graphviz when its ``dot`` program is missing, instead
of a traceback. :func:`to_svg` renders a picture for widgets.
"""

from __future__ import annotations

import functools
import html
import shutil
from typing import Any

import graphviz

GRAPHVIZ_HINT = (
    "Graphviz's `dot` program is not installed, so this picture cannot be drawn: "
    "install it (Debian/Ubuntu: `sudo apt-get install graphviz`, macOS: `brew install "
    "graphviz`, conda: `conda install -c conda-forge graphviz`), then restart the kernel."
)

# Course-wide look of every graph: readable fonts, no clutter.
GRAPH_ATTR = {"fontname": "Helvetica", "bgcolor": "transparent", "nodesep": "0.3"}
NODE_ATTR = {"fontname": "Helvetica", "fontsize": "12"}
EDGE_ATTR = {"fontname": "Helvetica", "fontsize": "10", "arrowsize": "0.6"}


class GraphvizMissing(RuntimeError):
    """Raised by :func:`to_svg` when Graphviz's ``dot`` cannot be run."""

    def __init__(self) -> None:
        super().__init__(GRAPHVIZ_HINT)


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

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict:
        try:
            return super()._repr_mimebundle_(include, exclude, **kwargs)
        except graphviz.ExecutableNotFound:
            return {
                "text/plain": GRAPHVIZ_HINT,
                "text/html": f'<p class="ck-hint">⚠ {html.escape(GRAPHVIZ_HINT)}</p>',
            }


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
