"""What move order buys α-β: leaves evaluated against depth, on a log scale.

:func:`pruning_plot` draws the measurements of
:func:`coursekit.search.leaves_by_depth` (worst, random and best child
order on uniform trees) under three curves: minimax's B^D and the best case
of Knuth & Moore, 2B^(D/2) − 1 for even D and B^((D+1)/2) + B^((D−1)/2) − 1
for odd D. The best-ordered measurements sit on the formula; the
worst-ordered ones on B^D.

The function returns a closed ``matplotlib.figure.Figure`` (a notebook shows
it once). It draws data it is given; it never searches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from coursekit.errors import CoursekitError
from coursekit.text import say

if TYPE_CHECKING:  # matplotlib and numpy are imported when a chart is drawn
    from matplotlib.figure import Figure

STYLE = {
    "worst": ("#c0392b", "v", "printed.search.order.worst"),
    "random": ("#7f8c8d", "o", "printed.search.order.random"),
    "best": ("#1565c0", "^", "printed.search.order.best"),
    "as typed": ("#8e44ad", "s", "printed.search.order.as_typed"),
}
"""Per ordering: its colour, marker and the key of its legend (``say``)."""


class PlotError(CoursekitError):
    """Data a plot cannot draw; the message says what is missing."""


SLIDE_CHART_PT = 15.0
"""The smallest text of a chart, in points. A notebook stores a chart at 100 dpi (a point
is 100/72 px) and a slide shows it at that size while it is at most
:data:`SLIDE_CHART_HEIGHT_IN` high, on a 1280×720 screen at 96 %: 15 pt is 20 px there,
like the slides' code and tables (21 px in a JupyterLab column)."""

SLIDE_CHART_HEIGHT_IN = 4.6
"""The height of a chart, in inches: 460 px, under the 480 px a slide gives a picture."""


def legible_on_slides() -> dict[str, float]:
    """Matplotlib settings (``plt.rc_context``) that write every text of a chart in
    :data:`SLIDE_CHART_PT` or larger, its title a point larger, in fonts that have
    Chinese (:func:`coursekit.draw.fonts.chart_font_family`).

    >>> legible_on_slides()["legend.fontsize"]
    15.0
    """
    from coursekit.draw.fonts import chart_font_family

    size = SLIDE_CHART_PT
    return {
        "font.family": chart_font_family(),
        "font.size": size,
        "axes.labelsize": size,
        "axes.titlesize": size + 1,
        "xtick.labelsize": size,
        "ytick.labelsize": size,
        "legend.fontsize": size,
        "legend.title_fontsize": size,
        "figure.titlesize": size + 1,
    }


def pruning_plot(
    data: Mapping[str, Sequence[float]], branching: int, *, title: str | None = None
) -> Figure:
    """Leaves evaluated against depth for each ordering, with B^D and the best-case formula.

    Parameters
    ----------
    data:
        What :func:`coursekit.search.leaves_by_depth` returns: ``"depth"``
        and, for each ordering measured (``"worst"``, ``"random"``,
        ``"best"``), the mean leaves evaluated at each depth.
    branching:
        B, the branching factor the data was measured with (for the curves).
    title:
        The plot's title (a default names B).

    Returns
    -------
    matplotlib.figure.Figure
        One log-scale plot.

    Raises
    ------
    PlotError
        When ``data`` has no depths, a series of the wrong length, or B < 2.

    Examples
    --------
    >>> from coursekit.search import leaves_by_depth
    >>> figure = pruning_plot(leaves_by_depth(2, range(1, 5), trials=1), 2)
    >>> [line.get_label() for line in figure.axes[0].get_lines()][:2]
    ['minimax: $B^D$', 'best case, even $D$: $2B^{D/2}-1$']
    """
    if isinstance(branching, bool) or not isinstance(branching, int) or branching < 2:
        raise PlotError(say("errors.draw.branching", branching=repr(branching)))
    depths = list(data.get("depth", ()))
    if not depths:
        raise PlotError(say("errors.draw.no_depths"))
    import matplotlib.pyplot as plt  # here, not at import: the browser's Python may lack it

    with plt.rc_context(legible_on_slides()):
        figure = _curves(data, depths, branching, title)
    plt.close(figure)  # returned, not left open: a notebook then shows it exactly once
    return figure


def _curves(
    data: Mapping[str, Sequence[float]], depths: list, branching: int, title: str | None
) -> Figure:
    """The curves and measurements of :func:`pruning_plot`, its arguments checked."""
    import matplotlib.pyplot as plt
    import numpy as np

    b = float(branching)
    d = np.linspace(min(depths), max(depths), 200)
    figure, axes = plt.subplots(figsize=(11, SLIDE_CHART_HEIGHT_IN), layout="constrained")
    axes.plot(d, b**d, color="black", lw=1.5, label=say("printed.search.pruning.minimax"))
    axes.plot(d, 2 * b ** (d / 2) - 1, "--", color="#2e7d32", lw=1.2,
              label=say("printed.search.pruning.best_even"))  # fmt: skip
    axes.plot(d, b ** ((d + 1) / 2) + b ** ((d - 1) / 2) - 1, ":", color="#2e7d32", lw=1.6,
              label=say("printed.search.pruning.best_odd"))  # fmt: skip
    for ordering, (colour, marker, key) in STYLE.items():
        if ordering not in data:
            continue
        counts = list(data[ordering])
        if len(counts) != len(depths):
            raise PlotError(
                say(
                    "errors.draw.counts",
                    ordering=repr(ordering),
                    count=len(counts),
                    depths=len(depths),
                )
            )
        axes.plot(depths, counts, marker=marker, color=colour, lw=1, ms=6, label=say(key))
    axes.set_yscale("log")
    axes.set_xlabel(say("printed.search.pruning.depth_axis"))
    axes.set_ylabel(say("printed.search.pruning.leaves_axis"))
    axes.set_xticks(depths)
    axes.set_title(title or say("printed.search.pruning.title", branching=branching))
    axes.grid(alpha=0.3, which="both")
    # beside the plot, where its text (as large as the rest) hides no curve
    axes.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
    return figure
