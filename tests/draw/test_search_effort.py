"""The search-effort plot draws the counts it is given, one bar each, and the minimal tree."""

from __future__ import annotations

import io
import math
import struct

import pytest
from matplotlib.collections import LineCollection
from matplotlib.text import Text

from coursekit.draw.pruning_plot import SLIDE_CHART_PT, PlotError
from coursekit.draw.search_effort import search_effort_plot
from coursekit.games import GameTree
from coursekit.search import alphabeta, best_case_leaves, minimax, reorder


def measured():
    tree = GameTree.random(branching=3, depth=4, seed=3)
    counts, minimal = {}, {}
    for ordering in ("worst", "random", "best"):
        t = reorder(tree, ordering, seed=3)
        counts[ordering] = {"minimax": minimax(t).stats.leaves, "α-β": alphabeta(t).stats.leaves}
        minimal[ordering] = best_case_leaves(3, 4)
    return counts, minimal


def bar_heights(fig):
    return sorted(
        round(p.get_height()) for p in fig.axes[0].patches if not math.isnan(p.get_height())
    )


def test_one_bar_per_count_with_its_height():
    counts, minimal = measured()
    fig = search_effort_plot(counts, minimal=minimal, measure="leaves evaluated")
    assert bar_heights(fig) == sorted(v for row in counts.values() for v in row.values())
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == list(counts)
    assert ax.get_yscale() == "log"
    assert "leaves" in ax.get_ylabel()


def test_the_minimal_tree_is_drawn_once_per_problem_and_named_once():
    counts, minimal = measured()
    ax = search_effort_plot(counts, minimal=minimal).axes[0]
    lines = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert len(lines) == len(minimal)
    assert {seg[0][1] for c in lines for seg in c.get_segments()} == {best_case_leaves(3, 4)}
    labels = ax.get_legend_handles_labels()[1]
    assert labels.count("minimal tree (Knuth & Moore)") == 1


def test_a_missing_algorithm_leaves_a_gap():
    fig = search_effort_plot({"a": {"x": 10, "y": 5}, "b": {"x": 7}})
    assert bar_heights(fig) == [5, 7, 10]


@pytest.mark.parametrize(
    ("counts", "minimal", "message"),
    [
        ({}, None, "at least one problem"),
        ({"a": {}}, None, "has no count"),
        ({"a": {"x": 0}}, None, "positive number"),
        ({"a": {"x": True}}, None, "positive number"),
        ({"a": {"x": "3"}}, None, "positive number"),
        ({"a": {"x": 3}}, {"b": 2}, "not a problem"),
    ],
)
def test_bad_data_is_refused(counts, minimal, message):
    with pytest.raises(PlotError, match=message):
        search_effort_plot(counts, minimal=minimal)


def test_the_smallest_bar_stands_clear_of_the_axis():
    counts, minimal = measured()
    ax = search_effort_plot(counts, minimal=minimal).axes[0]
    assert ax.get_ylim()[0] < min(minimal.values())


def test_every_text_reads_at_20_px_on_a_slide():
    """Stored at 100 dpi and cropped, as a notebook stores it, the chart is at most 480 px
    high, so a slide shows it at its size: 15 pt is 20.0 px there (at 96 %)."""
    counts, minimal = measured()
    fig = search_effort_plot(counts, minimal=minimal, title="Leaves evaluated, B = 3, D = 4")
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    assert len(texts) > 8 and min(t.get_fontsize() for t in texts) >= SLIDE_CHART_PT
    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=100, bbox_inches="tight")
    width, height = struct.unpack(">II", png.getvalue()[16:24])
    assert height <= 480 and width <= 1200
    assert SLIDE_CHART_PT * 100 / 72 * 0.96 >= 20 - 0.05  # (the slide tests allow 0.05 px)
