"""How much each search and enhancement costs: nodes searched, side by side, on a log scale.

:func:`search_effort_plot` draws grouped bars: one group per problem (a
tic-tac-toe or Connect Four position, a random tree in worst, random,
strongly ordered or best order), one bar per algorithm or enhancement, and,
where it is given, the minimal tree of Knuth and Moore as a black line
across its group — no depth-first search of a fixed-depth tree can prove the
value with less.

The function returns a closed ``matplotlib.figure.Figure`` (a notebook shows
it once). It draws data it is given; it never searches.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from coursekit.draw.pruning_plot import SLIDE_CHART_HEIGHT_IN, PlotError, legible_on_slides
from coursekit.text import say

if TYPE_CHECKING:  # matplotlib and numpy are imported when a chart is drawn
    from matplotlib.figure import Figure

PALETTE = (
    "#7f8c8d", "#1565c0", "#c0392b", "#2e7d32", "#8e44ad", "#ef6c00", "#00838f", "#6d4c41",
    "#ad1457", "#283593",
)  # fmt: skip
"""Bar colours, one per algorithm in the order first met."""


def search_effort_plot(
    counts: Mapping[str, Mapping[str, float]],
    *,
    minimal: Mapping[str, float] | None = None,
    measure: str | None = None,
    title: str | None = None,
) -> Figure:
    """Grouped bars of the work each algorithm does on each problem, log scale.

    Parameters
    ----------
    counts:
        ``{problem: {algorithm: count}}``: e.g. ``{"tic-tac-toe": {"α-β": 30_000,
        "α-β + table": 2_000}}``. Each problem is a group of bars, each
        algorithm a colour (an algorithm missing from a problem leaves a gap).
    minimal:
        ``{problem: count}``: the minimal tree's count for the problems where
        it is known, drawn as a black line across the group.
    measure:
        What is counted, for the y axis, e.g. ``"leaves evaluated"``; by default "nodes
        searched" in the notebook's language.
    title:
        The plot's title.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    PlotError
        When there is no problem, a problem has no count, a count is not a
        positive number, or ``minimal`` names a problem not in ``counts``.

    Examples
    --------
    >>> fig = search_effort_plot(
    ...     {"B = 3, D = 4": {"minimax": 121, "α-β": 60}}, minimal={"B = 3, D = 4": 17}
    ... )
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['B = 3, D = 4']
    """
    problems = list(counts)
    if not problems:
        raise PlotError(say("errors.draw.no_problems"))
    names: list[str] = []
    for problem in problems:
        row = counts[problem]
        if not row:
            raise PlotError(say("errors.draw.no_count", problem=repr(problem)))
        for name, value in row.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise PlotError(
                    say(
                        "errors.draw.count_positive",
                        name=repr(name),
                        problem=repr(problem),
                        value=repr(value),
                    )
                )
            if name not in names:
                names.append(name)
    minimal = dict(minimal or {})
    unknown = [p for p in minimal if p not in counts]
    if unknown:
        raise PlotError(say("errors.draw.minimal", problem=repr(unknown[0])))

    width = 0.8 / len(names)
    import matplotlib.pyplot as plt  # here, not at import: the browser's Python may lack it

    # a Chinese font when one is installed: the labels follow the notebook's language
    with plt.rc_context(legible_on_slides()):
        measure = measure or say("printed_search.nodes_searched")
        fig = _bars(counts, problems, names, minimal, width, measure, title)
    plt.close(fig)
    return fig


def _bars(
    counts: Mapping[str, Mapping[str, float]],
    problems: list[str],
    names: list[str],
    minimal: dict[str, float],
    width: float,
    measure: str,
    title: str | None,
) -> Figure:
    """The grouped bars of :func:`search_effort_plot`, its data checked."""
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots(figsize=(9.5, SLIDE_CHART_HEIGHT_IN))
    x = np.arange(len(problems))
    for i, name in enumerate(names):
        heights = [counts[p].get(name, np.nan) for p in problems]
        ax.bar(
            x - 0.4 + (i + 0.5) * width, heights, width * 0.92,
            label=name, color=PALETTE[i % len(PALETTE)],
        )  # fmt: skip
    drawn = False
    for j, problem in enumerate(problems):
        if problem in minimal:
            ax.hlines(
                minimal[problem], x[j] - 0.45, x[j] + 0.45, colors="black", linewidth=2.5,
                label=None if drawn else say("printed_search.minimal_tree"),
            )  # fmt: skip
            drawn = True
    ax.set_yscale("log")
    ax.set_xticks(x, problems)
    ax.set_ylabel(say("printed_search.log_scale", measure=measure))
    lowest = min([v for row in counts.values() for v in row.values()] + list(minimal.values()))
    ax.set_ylim(bottom=lowest / 2)  # the smallest bar stands clear of the axis
    ax.grid(axis="y", which="major", alpha=0.3)
    # beside the bars, where its text (as large as the rest) hides none of them
    ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig
