"""Which picture steps through which trace: one table for every trace kind of the registry.

A registered search says what ``trace=True`` gives (its trace kind,
:mod:`coursekit.search.registry`); consumers that step through a search ask
:func:`drawer_for` instead of testing the algorithm's name:

==========  ==============================================  =============================
kind        the trace                                       drawn by
==========  ==============================================  =============================
``tree``    enter / leaf / exit / cutoff events             :mod:`coursekit.draw.trees`
``mcts``    one record per iteration (4 steps each)         :mod:`coursekit.draw.mcts`
==========  ==============================================  =============================

>>> from coursekit.games import GameTree
>>> from coursekit.search import minimax
>>> drawer = drawer_for("tree")
>>> r = minimax(GameTree.from_nested([[3, 12], [2, 4]]), trace=True)
>>> drawer.count(r), drawer.caption(r, 1)
(11, 'minimax: step 1 of 10, enter the root')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from coursekit.draw.base import Picture, looks_only
from coursekit.draw.graph_view import StepThrough, step_through_at
from coursekit.draw.mcts import draw_mcts, mcts_caption, mcts_step_count, mcts_step_through
from coursekit.draw.trees import changed_steps, draw_search, draw_search_steps, search_caption
from coursekit.errors import CoursekitError
from coursekit.search.result import SearchResult
from coursekit.text import say


@dataclass(frozen=True)
class TraceDrawer:
    """How the searches of one trace kind are drawn, step by step."""

    count: Callable[[SearchResult], int]
    """The number of pictures of a step-through (steps 0 … count − 1)."""
    draw: Callable[[SearchResult, int], Picture]
    """The picture at a step."""
    caption: Callable[[SearchResult, int], str]
    """What happens at a step, in words."""
    step_through: Callable[[SearchResult], tuple[Picture, StepThrough]]
    """The layout and every step, for a :class:`~coursekit.widgets.GraphView`."""


def _tree_step_through(result: SearchResult) -> tuple[Picture, StepThrough]:
    """A tree search's step-through: the pictures of the steps where the drawing changes."""
    total = len(result.trace)
    steps = changed_steps(result)
    with looks_only():
        drawn = draw_search_steps(result, steps[:-1])
    pictures: list[tuple[int, Any]] = [*zip(steps, drawn, strict=False)]
    pictures.append((total, draw_search(result, total)))
    captions = [search_caption(result, k) for k in range(total + 1)]
    return step_through_at(pictures, captions)


DRAWERS: dict[str, TraceDrawer] = {
    "tree": TraceDrawer(
        count=lambda result: len(result.trace) + 1,
        draw=draw_search,
        caption=search_caption,
        step_through=_tree_step_through,
    ),
    "mcts": TraceDrawer(
        count=mcts_step_count,
        draw=draw_mcts,
        caption=mcts_caption,
        step_through=mcts_step_through,
    ),
}
"""The drawer of each trace kind (:data:`coursekit.search.registry.TRACE_KINDS` but None)."""


def drawer_for(kind: str | None) -> TraceDrawer:
    """The drawer of trace kind ``kind``.

    Raises
    ------
    CoursekitError
        When no picture steps through that kind (``None``: a search without a trace).
    """
    if kind not in DRAWERS:
        raise CoursekitError(
            say("errors.draw.trace_kind", kind=repr(kind), known=", ".join(DRAWERS))
        )
    return DRAWERS[kind]
