"""SSS*'s and DUAL*'s OPEN list, written under a step of the tree explorer's picture.

A best-first search's trace holds two sequences: the events the picture draws
(enter a node, evaluate a leaf) and, in ``trace.steps``, every case Γ1 … Γ6
applied with the OPEN list after it. Γ1 evaluates a leaf and Γ2/Γ3 enter a
node, so each event has its own step; Γ4, Γ5 and Γ6 change only OPEN and
follow silently. The text for an event names the cases applied from that
event up to the next one and shows OPEN as they leave it, best state first.

>>> from coursekit.games import GameTree
>>> from coursekit.search import sss_star
>>> r = sss_star(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True)
>>> print(open_list_text(r, 0))
OPEN: (A, live, ∞)
>>> print(open_list_text(r, 7))       # the 7th event: D1 evaluated (14), then D2 is next
OPEN after Γ1 at D1, Γ4 at D1: (D2, live, 14) (B1, solved, 3) (C1, solved, 2)
>>> open_list_text(r, 7, most=1)
'OPEN after Γ1 at D1, Γ4 at D1: (D2, live, 14) … (2 more)'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from coursekit.search.result import SearchResult
from coursekit.search.sss_star import LIVE, OpenEntry
from coursekit.text import say

EVENT_CASES = ("Γ1", "Γ2", "Γ3")
"""The cases that draw an event in the trace (a leaf evaluated, a node entered)."""

MOST_STATES = 8
"""States of OPEN written out; the rest are counted ("… (5 more)")."""

MOST_CASES = 4
"""Cases named in one step's text; the rest are counted."""


def best_first_steps(result: SearchResult) -> tuple[Any, ...] | None:
    """The cases SSS* or DUAL* applied (``trace.steps``), or None for any other search."""
    trace = result.trace
    steps = getattr(trace, "steps", None) if trace is not None else None
    if not steps:
        return None
    return tuple(steps)


def steps_of_event(result: SearchResult, k: int) -> tuple[Any, ...]:
    """The cases applied from the ``k``-th event of the trace up to the next (k ≥ 1).

    Empty for k = 0, for a search that is not best-first, and for a trace whose
    events do not match its cases one to one.
    """
    steps = best_first_steps(result)
    if steps is None or k <= 0:
        return ()
    starts = [i for i, step in enumerate(steps) if step.case in EVENT_CASES]
    if len(starts) != len(result.trace) or k > len(starts):
        return ()
    stop = starts[k] if k < len(starts) else len(steps)
    return steps[starts[k - 1] : stop]


def open_list_text(result: SearchResult, k: int, *, most: int = MOST_STATES) -> str:
    """OPEN after the ``k``-th event of a SSS* or DUAL* search ("" for other searches).

    Parameters
    ----------
    result:
        A search result made with ``trace=True``.
    k:
        The event drawn (0: before the search, OPEN holds the root alone).
    most:
        How many states to write out; the others are counted.
    """
    steps = best_first_steps(result)
    if steps is None:
        return ""
    if k <= 0:
        merit = -math.inf if result.algorithm == "DUAL*" else math.inf
        root = OpenEntry(result.trace.name(()), LIVE, merit)
        return say("captions.open", states=root)
    group = steps_of_event(result, k)
    if not group:
        return ""
    cases = _cut(
        [say("captions.case_at", case=step.case, node=step.node) for step in group],
        MOST_CASES,
        say("captions.list_joint"),
    )
    return say("captions.open_after", cases=cases, states=states_text(group[-1].open, most))


def states_text(states: Sequence[OpenEntry], most: int = MOST_STATES) -> str:
    """The states of OPEN, the first ``most`` written out.

    >>> states_text([OpenEntry("B", "live", 5)] * 3, most=2)
    '(B, live, 5) (B, live, 5) … (1 more)'
    >>> states_text([])
    '—'
    """
    return _cut([str(state) for state in states], most, " ") or "—"


def _cut(texts: list[str], most: int, joint: str) -> str:
    shown = joint.join(texts[:most])
    if len(texts) > most:
        shown += say("captions.more", count=len(texts) - most)
    return shown
