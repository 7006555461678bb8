"""What a long step-through costs the TreeExplorer: preparing it in Python, and its size.

Run from the course folder with the course's Python (``.venv/bin/python
bench/explorer_steps.py``, a few seconds); it prints a Markdown table for
``bench/pictures.md``. For each random tree the explorer searches, draws the
steps at which the drawn part changes (``changed_steps``, ``draw_search_steps``),
writes every step's caption and builds the :class:`StepThrough`
(``step_through_at``) — what happens between an edit and the picture being sent.
"prepare" times that (``TreeExplorer._show_search``, the best of three runs);
"sent" is the JSON of the step description that travels to the page (captions
compressed), "captions" their size before compression.
"""

from __future__ import annotations

import json
import time

from machine import describe

from coursekit.draw.graph_view import captions_of
from coursekit.widgets import TreeExplorer
from coursekit.widgets.tree_explorer import drawable_depth

TREES = [(3, 3), (4, 5), (5, 5), (5, 6)]
ALGORITHMS = ["minimax", "alpha-beta"]


def measure(branching: int, depth: int, algorithm: str) -> str:
    """One row of the table."""
    w = TreeExplorer(algorithm=algorithm)
    w.branching.value, w.depth.value = branching, depth
    w.make_random()  # a random tree even where the boxes kept their values
    best = min(_timed(w._show_search) for _ in range(3))
    steps = w.picture.steps
    trace = w.search.trace
    windows = any(e.alpha is not None for e in trace)
    drawn = drawable_depth(w.search.game, windows=windows)
    sent = len(json.dumps(steps, ensure_ascii=False).encode())
    captions = sum(len(c.encode()) for c in captions_of(steps))
    pictures = sum(1 for changes in steps["items"].values() for _ in changes)
    return (
        f"| {branching} | {depth} | {algorithm} | {len(trace):,} | "
        f"{'all' if drawn is None else drawn} | {len(steps['items'])} | {pictures:,} | "
        f"{best:.2f} | {sent / 1024:,.0f} | {captions / 1024:,.0f} |"
    )


def _timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def main() -> None:
    print(describe())
    print()
    print(
        "| b | d | algorithm | steps | drawn depth | items | changes | prepare (s) "
        "| sent (KB) | captions (KB, raw) |"
    )
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for branching, depth in TREES:
        for algorithm in ALGORITHMS:
            print(measure(branching, depth, algorithm))


if __name__ == "__main__":
    main()
