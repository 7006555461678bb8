"""The plot of leaves evaluated against depth: measurements under B^D and the best case."""

from __future__ import annotations

import io
import struct

import pytest
from matplotlib.text import Text

from coursekit.draw.pruning_plot import SLIDE_CHART_PT, PlotError, pruning_plot
from coursekit.search import best_case_leaves, leaves_by_depth


def test_the_plot_draws_every_ordering_over_the_three_curves():
    data = leaves_by_depth(2, range(1, 7), trials=2)
    axes = pruning_plot(data, 2).axes[0]
    lines = {line.get_label(): line for line in axes.get_lines()}
    assert axes.get_yscale() == "log"
    measured = {
        "worst order (worst child first)": "worst",
        "random order": "random",
        "best order (best child first)": "best",
    }
    for label, ordering in measured.items():
        assert list(lines[label].get_ydata()) == data[ordering]
        assert list(lines[label].get_xdata()) == data["depth"]
    minimax = lines["minimax: $B^D$"]
    assert minimax.get_ydata()[0] == pytest.approx(2) and minimax.get_ydata()[-1] == pytest.approx(
        64
    )
    even = next(line for label, line in lines.items() if "even" in label)
    odd = next(line for label, line in lines.items() if "odd" in label)
    assert even.get_ydata()[-1] == pytest.approx(best_case_leaves(2, 6))  # D = 6 is even
    assert odd.get_ydata()[0] == pytest.approx(best_case_leaves(2, 1))  # D = 1 is odd
    assert "B = 2" in axes.get_title()


def test_the_plot_refuses_data_it_cannot_draw():
    with pytest.raises(PlotError, match="depth"):
        pruning_plot({}, 3)
    with pytest.raises(PlotError, match="branching"):
        pruning_plot({"depth": [1]}, 1)
    with pytest.raises(PlotError, match="2 values for 3 depths"):
        pruning_plot({"depth": [1, 2, 3], "best": [1, 2]}, 3)


def test_every_text_reads_at_20_px_on_a_slide():
    """Stored at 100 dpi and cropped, as a notebook stores it, the plot is at most 480 px
    high and 1,200 wide, so a slide shows it at its size: 15 pt is 20 px there."""
    figure = pruning_plot(leaves_by_depth(3, range(1, 6), trials=1), 3)
    texts = [t for t in figure.findobj(Text) if t.get_visible() and t.get_text().strip()]
    assert len(texts) > 8 and min(t.get_fontsize() for t in texts) >= SLIDE_CHART_PT
    png = io.BytesIO()
    figure.savefig(png, format="png", dpi=100, bbox_inches="tight")
    width, height = struct.unpack(">II", png.getvalue()[16:24])
    assert height <= 480 and width <= 1200


def test_the_plot_speaks_the_notebooks_language_in_a_chinese_font(chinese, caplog):
    from coursekit.draw.fonts import cjk_font
    from coursekit.draw.pruning_plot import legible_on_slides

    figure = pruning_plot(leaves_by_depth(2, range(1, 4), trials=1), 2)
    axes = figure.axes[0]
    labels = [line.get_label() for line in axes.get_lines()]
    assert axes.get_xlabel() == "树的深度 D" and "均匀树" in axes.get_title()
    # the formulas as mathematics (mathtext), not carets: B^D was a caret in Chinese (#38)
    assert labels[0] == "极小极大：$B^D$" and "最佳顺序（最好的子节点在前）" in labels
    assert "$2B^{D/2}-1$" in labels[1]
    family = legible_on_slides()["font.family"]
    if cjk_font() is None:
        pytest.skip("no Chinese font installed")
    # mathtext writes the text around a formula in the first font alone: the Chinese one
    assert family[0] == cjk_font()
    with caplog.at_level("WARNING"):
        figure.savefig(io.BytesIO(), format="png")
    assert not [r for r in caplog.records if "does not have a glyph" in r.getMessage()]
