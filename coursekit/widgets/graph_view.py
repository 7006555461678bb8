"""The picture widget, for explorers: :mod:`coursekit.draw.graph_view` under its widget name.

A :class:`GraphView` draws a DOT source in the page with a WebAssembly Graphviz
and steps through a :class:`StepThrough` there. It lives with the pictures
(``coursekit.draw``), because a plain :class:`~coursekit.draw.base.Picture` shows
itself through it in a notebook; explorers import it from here.
"""

from coursekit.draw.graph_view import (
    CHANGED,
    MAX_BROWSER_STEPS,
    GraphLibrary,
    GraphView,
    StepThrough,
    example_step_through,
    graph_library,
    step_through,
    step_through_at,
)

__all__ = [
    "CHANGED",
    "MAX_BROWSER_STEPS",
    "GraphLibrary",
    "GraphView",
    "StepThrough",
    "example_step_through",
    "graph_library",
    "step_through",
    "step_through_at",
]
