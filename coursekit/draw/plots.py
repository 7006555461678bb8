"""Plots (matplotlib) for normal-form games and the iterated prisoner's dilemma.

* :func:`best_response_plot`: a 2×2 game's best responses in mixed
  strategies; the equilibria are where the two players' paths meet.
* :func:`tournament_plot`: a round robin's average scores and who scored
  what against whom.

Both return a ``matplotlib.figure.Figure`` (closed, so that a notebook shows
it once); :func:`figure_svg` turns a figure into SVG text for widgets.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Sequence

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from coursekit.draw.fonts import chart_font_family
from coursekit.draw.fonts import cjk_font as _cjk_font
from coursekit.gametheory import Equilibrium, NormalFormGame, PayoffError
from coursekit.gametheory.best_response_graph import BestResponseGraph, best_response_graph
from coursekit.gametheory.ipd import Tournament
from coursekit.text import number_text, say

ROW_COLOUR = "#1565c0"
COLUMN_COLOUR = "#ef6c00"


def _has_cjk(text: str) -> bool:
    return any(unicodedata.east_asian_width(c) in "WF" for c in text)


def plot_text(label: str) -> str:
    """A label as a plot can print it: without its Chinese part when no Chinese font is installed.

    >>> plot_text("silent") == "silent"
    True
    """
    if not _has_cjk(label) or _cjk_font() is not None:
        return label
    plain = re.sub(r"\s*\([^)]*\)", lambda m: "" if _has_cjk(m.group()) else m.group(), label)
    return (
        plain
        if plain.strip() and not _has_cjk(plain)
        else label.encode("ascii", "replace").decode()
    )


def _new_figure(width: float, height: float, ncols: int = 1) -> tuple[Figure, object]:
    with plt.rc_context({"font.family": chart_font_family()}):
        figure, axes = plt.subplots(1, ncols, figsize=(width, height), layout="constrained")
    plt.close(figure)  # returned, not left open: a notebook then shows it exactly once
    return figure, axes


def best_response_plot(
    game: NormalFormGame,
    equilibria: Sequence[Equilibrium] | None = None,
    graphs: Sequence[BestResponseGraph] | None = None,
) -> Figure:
    """Both players' best responses in a 2×2 game, with the equilibria as dots.

    ``p`` (across) is the probability of the row player's first strategy, ``q``
    (up) that of the column player's first strategy. Where the two paths
    overlap along a segment, every point of the overlap is an equilibrium.

    Parameters
    ----------
    game : NormalFormGame
        A 2×2 game.
    equilibria : sequence of Equilibrium, optional
        The dots; by default ``game.extreme_equilibria()``.
    graphs : two BestResponseGraph, optional
        The players' best-response graphs; by default computed by
        :func:`~coursekit.gametheory.best_response_graph.best_response_graph`.

    Raises
    ------
    PayoffError
        When the game is not 2×2.

    >>> from coursekit.gametheory import catalog
    >>> figure = best_response_plot(catalog.couples_quarrel())
    >>> len(figure.axes[0].collections[0].get_offsets())   # three equilibria
    3
    """
    if game.shape != (2, 2):
        raise PayoffError(say("errors.draw.not_2x2", shape=game.shape))
    found = game.extreme_equilibria() if equilibria is None else list(equilibria)
    if graphs is None:
        graphs = [best_response_graph(game.exact_A, 0), best_response_graph(game.exact_B, 1)]
    figure, ax = _new_figure(4.6, 4.6)
    with plt.rc_context({"font.family": chart_font_family()}):
        for player, colour, style, width in (
            (0, ROW_COLOUR, "-", 5),
            (1, COLUMN_COLOUR, "--", 2.5),
        ):
            graph = graphs[player]
            name = plot_text(game.players[player])
            everywhere = say("printed_gametheory.plot.any", name=name)
            best = say("printed_gametheory.plot.best_responses", name=name)
            if graph.everywhere:
                ax.fill([0, 1, 1, 0], [0, 0, 1, 1], color=colour, alpha=0.15, label=everywhere)
            for k, (a, b) in enumerate(graph.segments):
                ax.plot([float(a[0]), float(b[0])], [float(a[1]), float(b[1])], style,
                        color=colour, linewidth=width, solid_capstyle="round",
                        label=best if k == 0 else None)  # fmt: skip
        xs = [float(e.p[0]) for e in found]
        ys = [float(e.q[0]) for e in found]
        equilibria = say("printed_gametheory.plot.equilibria")
        ax.scatter(xs, ys, s=70, color="black", zorder=5, label=equilibria)
        for e in found:
            text = f"({number_text(e.p[0])}, {number_text(e.q[0])})"
            right = float(e.p[0]) > 0.5  # written on the inner side: never past the axes
            ax.annotate(text, (float(e.p[0]), float(e.q[0])), textcoords="offset points",
                        xytext=(-6 if right else 6, 6), ha="right" if right else "left",
                        fontsize="medium")  # fmt: skip
        ax.set_xlim(-0.05, 1.05)
        ax.set_ylim(-0.05, 1.05)
        ax.set_aspect("equal")
        # on two lines: a label in 16-pt text is longer than the 4.6-inch axes
        row, column = game.players
        ax.set_xlabel(_plays("p", row, game.row_labels[0]))
        ax.set_ylabel(_plays("q", column, game.col_labels[0]))
        for axis in (ax.xaxis, ax.yaxis):  # three ticks: room for 16-pt numbers
            axis.set_ticks([0, 0.5, 1], ["0", "1/2", "1"])
            axis.set_ticks([0.25, 0.75], minor=True)
        ax.grid(alpha=0.3, which="both")
        # the figure's text size (not smaller): on a slide 15 pt or more read at 20 px
        figure.legend(loc="outside lower center", frameon=False)  # under the axis label
    return figure


def _plays(axis: str, player: str, strategy: str) -> str:
    """An axis label: the probability that ``player`` plays ``strategy``, on two lines."""
    return say(
        "printed_gametheory.plot.probability",
        axis=axis,
        player=plot_text(player),
        strategy=plot_text(strategy),
    )


def tournament_plot(result: Tournament) -> Figure:
    """Average score per round of each strategy (left) and of each pairing (right).

    >>> from coursekit.gametheory import ipd
    >>> t = ipd.tournament([ipd.tit_for_tat, ipd.always_defect], rounds=20, repetitions=1)
    >>> [label.get_text() for label in tournament_plot(t).axes[0].get_yticklabels()]
    ['tit_for_tat', 'always_defect']
    """
    figure, (bars, grid) = _new_figure(11, 0.55 * len(result.names) + 2.2, ncols=2)
    ranking = result.ranking
    index = {name: k for k, name in enumerate(result.names)}
    with plt.rc_context({"font.family": chart_font_family()}):
        values = [result.average[index[name]] for name in ranking]
        bars.barh(range(len(ranking)), values, color=ROW_COLOUR)
        bars.set_yticks(range(len(ranking)), ranking)
        bars.invert_yaxis()
        for k, v in enumerate(values):
            bars.text(v, k, f" {v:.2f}", va="center", fontsize="small")
        bars.set_xlabel(say("printed_gametheory.plot.average"))
        rounds, noise = result.rounds, number_text(result.noise)
        bars.set_title(say("printed_gametheory.plot.round_robin", rounds=rounds, noise=noise))
        order = [index[name] for name in ranking]
        table = [[result.scores[a][b] for b in order] for a in order]
        image = grid.imshow(table, cmap="YlGnBu")
        grid.set_xticks(range(len(order)), ranking, rotation=40, ha="right")
        grid.set_yticks(range(len(order)), ranking)
        for a in range(len(order)):
            for b in range(len(order)):
                dark = table[a][b] > (min(map(min, table)) + max(map(max, table))) / 2
                grid.text(b, a, f"{table[a][b]:.1f}", ha="center", va="center", fontsize="x-small",
                          color="white" if dark else "black")  # fmt: skip
        grid.set_title(say("printed_gametheory.plot.pairings"))
        figure.colorbar(image, ax=grid, shrink=0.8)
    return figure


def figure_svg(figure: Figure) -> str:
    """The figure as SVG text (for an ``HTML`` widget), the same text on every run: its ids
    are salted with a fixed string and it carries no date (notebooks stay deterministic)."""
    buffer = io.StringIO()
    with plt.rc_context({"svg.hashsalt": "coursekit"}):
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]
