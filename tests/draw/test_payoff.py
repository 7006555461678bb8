"""The payoff table (HTML), the 2×2 best-response graph and plot, the tournament plot."""

from __future__ import annotations

from html.parser import HTMLParser

import matplotlib
import matplotlib.pyplot as plt
import pytest
from hypothesis import given, settings
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from coursekit.draw.payoff import payoff_table
from coursekit.draw.plots import best_response_plot, figure_svg, plot_text, tournament_plot
from coursekit.draw.pruning_plot import SLIDE_CHART_PT
from coursekit.gametheory import NormalFormGame, catalog, ipd
from coursekit.gametheory.best_response_graph import best_response_graph
from tests.gametheory.conftest import games

matplotlib.use("Agg")


class Cells(HTMLParser):
    """Collects each element's classes and data attributes, and the text of payoff spans."""

    def __init__(self):
        super().__init__()
        self.elements = []  # (tag, classes, attrs)
        self._open = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, set(attrs.get("class", "").split()), attrs))

    def with_class(self, name):
        return [attrs for _, classes, attrs in self.elements if name in classes]


def parse(table):
    cells = Cells()
    cells.feed(table.html)
    return cells


def positions(attrs_list):
    return {(int(a["data-row"]), int(a["data-col"])) for a in attrs_list}


@given(games(max_size=4, low=-3, high=3))
@settings(max_examples=60, deadline=None)
def test_table_marks_equilibria_optima_and_best_responses(game):
    cells = parse(payoff_table(game))
    assert len(cells.with_class("ck-cell")) == game.shape[0] * game.shape[1]
    assert positions(cells.with_class("ck-eq")) == set(game.pure_equilibria())
    optimum = set() if game.is_constant_sum() else set(game.collective_optimum())
    assert positions(cells.with_class("ck-optimum")) == optimum
    best = sum(len(b) for b in game.best_responses(0)) + sum(len(b) for b in game.best_responses(1))
    assert len(cells.with_class("ck-best")) == best


def test_marks_can_be_switched_off_or_chosen():
    g = catalog.prisoners_dilemma()
    cells = parse(payoff_table(g, best_responses=False, equilibria=[], optimum=g.pareto_optimal()))
    assert cells.with_class("ck-best") == [] and cells.with_class("ck-eq") == []
    assert positions(cells.with_class("ck-optimum")) == set(g.pareto_optimal())


def test_elimination_is_struck_out_step_by_step():
    g = catalog.smart_pigs("original")
    result = g.eliminate_dominated()
    assert len(result.steps) == 2
    for step, expected in ((0, 0), (1, 1 + 2), (2, 2 + 3)):  # struck headers + cells
        table = payoff_table(g, elimination=result, step=step)
        assert len(parse(table).with_class("ck-struck")) == expected
        assert table.html.count("step ") == 2 * step  # "(step k)" mark + legend line
    everything = payoff_table(g, elimination=result)
    assert everything.html == payoff_table(g, elimination=result, step=2).html


def test_labels_are_escaped():
    g = NormalFormGame([[1]], [[1]], ["<script>x</script>"], ["a&b"], ("<i>", "p"))
    text = payoff_table(g, caption="<b>").html
    assert "<script>" not in text and "&lt;script&gt;" in text and "a&amp;b" in text
    assert "<i>" not in text and "&lt;b&gt;" in text


def test_table_displays_in_a_notebook():
    table = payoff_table(catalog.couples_quarrel())
    assert table._repr_html_() == table.html == str(table)
    assert 'style="' in table.html  # inline styles: same look in slides and widgets


# ---------------------------------------------------------------------- 2×2 best responses
def test_best_response_plot_draws_paths_and_equilibria():
    g = catalog.couples_quarrel()
    figure = best_response_plot(g)
    ax = figure.axes[0]
    dots = {tuple(xy) for xy in ax.collections[0].get_offsets().tolist()}
    assert dots == {(0.0, 1.0), (1.0, 0.0), (0.5, 0.5)}
    assert len(ax.lines) == 6  # three segments per player
    assert "husband" in ax.get_xlabel() and "wife" in ax.get_ylabel()
    assert figure_svg(figure).startswith("<svg")
    # the same text every time (a notebook stores it: it must not change from run to run)
    assert figure_svg(best_response_plot(g)) == figure_svg(best_response_plot(g))
    with pytest.raises(ValueError, match="2×2 games"):
        best_response_plot(catalog.farmer_vs_nature())


def test_best_response_plot_keeps_every_text_inside_the_figure_and_legible():
    """At the chapter's slide size (16 pt), as a notebook stores it (cropped): no text
    is clipped at the figure's edge and none is smaller than a slide chart's."""
    with plt.rc_context({"font.size": 16}):
        figure = best_response_plot(catalog.couples_quarrel())
    figure.set_dpi(100)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()  # lays the figure out
    renderer = canvas.get_renderer()
    frame = figure.bbox
    texts = [t for t in figure.findobj(Text) if t.get_visible() and t.get_text().strip()]
    assert len(texts) > 10
    for text in texts:
        box = text.get_window_extent(renderer)
        assert frame.x0 - 1 <= box.x0 and box.x1 <= frame.x1 + 1, text.get_text()
        assert frame.y0 - 1 <= box.y0 and box.y1 <= frame.y1 + 1, text.get_text()
        assert text.get_fontsize() >= SLIDE_CHART_PT, text.get_text()


def test_plot_labels_lose_their_chinese_only_without_a_chinese_font(monkeypatch):
    import coursekit.draw.plots as plots

    monkeypatch.setattr(plots, "_cjk_font", lambda: None)
    assert plots.plot_text("tough (强硬)") == "tough"
    assert plots.plot_text("plain (not Chinese)") == "plain (not Chinese)"
    monkeypatch.setattr(plots, "_cjk_font", lambda: "Some CJK font")
    assert plots.plot_text("tough (强硬)") == "tough (强硬)"
    assert plot_text("x") == "x"


def test_tournament_plot_ranks_the_strategies():
    t = ipd.tournament(rounds=40, repetitions=1)
    figure = tournament_plot(t)
    bars, grid = figure.axes[:2]
    assert [label.get_text() for label in bars.get_yticklabels()] == t.ranking
    heights = [patch.get_width() for patch in bars.patches]
    assert heights == sorted(heights, reverse=True)
    assert len(grid.texts) == len(t.names) ** 2


def test_the_drawing_itself_runs_no_algorithm(monkeypatch):
    """draw_payoff_table and best_response_plot draw the results they are given."""
    from coursekit.draw.payoff import draw_payoff_table
    from coursekit.gametheory import NormalFormGame

    g = catalog.couples_quarrel()
    results = {
        "best_responses": (g.best_responses(0), g.best_responses(1)),
        "equilibria": g.pure_equilibria(),
    }
    equilibria = g.extreme_equilibria()
    graphs = [best_response_graph(g.exact_A, 0), best_response_graph(g.exact_B, 1)]

    def refuse(*args, **kwargs):
        raise AssertionError("the drawing ran an algorithm")

    for name in ("best_responses", "pure_equilibria", "extreme_equilibria", "collective_optimum",
                 "mixed_equilibria", "is_constant_sum"):  # fmt: skip
        monkeypatch.setattr(NormalFormGame, name, refuse)
    monkeypatch.setattr("coursekit.draw.plots.best_response_graph", refuse)
    table = draw_payoff_table(g, **results).html
    assert table.count("ck-best") == 4 and table.count('class="ck-cell ck-eq') == 2
    assert len(best_response_plot(g, equilibria, graphs).axes[0].collections[0].get_offsets()) == 3


# ---------------------------------------------------------------------- in Chinese
def test_the_removal_step_is_marked_in_the_chosen_language(chinese):
    g = catalog.smart_pigs("original")
    table = payoff_table(g, elimination=g.eliminate_dominated(), step=2).html
    assert "（第 1 步）" in table and "（第 2 步）" in table and "(step " not in table


def test_the_plots_are_labelled_in_the_chosen_language(chinese):
    from coursekit.text import speaking

    def words(figure):
        return [t.get_text() for t in figure.findobj(Text) if t.get_text().strip()]

    g = catalog.couples_quarrel()
    chinese_words = words(best_response_plot(g))
    assert "纳什均衡" in chinese_words
    assert any(w.startswith("p = P(") and "选择" in w for w in chinese_words)
    tournament = ipd.tournament(rounds=40, repetitions=1)
    assert {"每轮平均得分", "循环赛：40 轮，噪声 0.05"} <= set(words(tournament_plot(tournament)))
    with speaking("en"):  # a game made in English: its players and strategies in English too
        english = catalog.couples_quarrel()
        english_words = words(best_response_plot(english)) + words(tournament_plot(tournament))
    assert "Nash equilibria" in english_words and "average score per round" in english_words
    assert not any("\u4e00" <= c <= "\u9fff" for w in english_words for c in w.split("(")[0])
