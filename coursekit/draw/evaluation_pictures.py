"""Pictures for evaluation functions: chess boards, feature tables and charts, the horizon.

* :func:`chess_board` — a position drawn by python-chess (SVG), optionally
  with the last move and arrows;
* :func:`evaluation_table` — every feature's value, weight and share of EVAL
  (HTML, readable in JupyterLab's light and dark themes);
* :func:`contribution_chart` — the same shares as a bar chart, for one or
  several positions side by side;
* :func:`horizon_plot` — EVAL along a line of play with and without
  quiescence search: the static value jumps with every capture, the
  quiescent one already knows the exchange's end (the horizon effect, 地平线效应).

Pictures read evaluations and results; they never search on their own
except :func:`horizon_plot`, whose whole point is the comparison.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import chess
import chess.svg
from matplotlib.figure import Figure

from coursekit.draw.fonts import chart_font_family
from coursekit.draw.plots import _new_figure, plot_text
from coursekit.evaluation.weighted_linear import WeightedLinear, feature_label
from coursekit.text import number_text, say

POSITIVE = "#1565c0"
NEGATIVE = "#c62828"


class SvgPicture(str):
    """SVG text that a notebook shows as a picture (and that tests can read as text)."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """What Jupyter stores as text/plain beside the picture: the placeholder sentence
        of every picture, in the notebook's language, not the SVG source."""
        printer.text(say("printed_draw.browser_only"))


def chess_board(
    state: Any,
    *,
    size: int = 320,
    last_move: chess.Move | None = None,
    arrows: Sequence[tuple[chess.Square, chess.Square]] = (),
) -> SvgPicture:
    """The position as an SVG picture (White at the bottom).

    Parameters
    ----------
    state : ChessState or chess.Board
        The position.
    size : int
        Width and height in pixels.
    last_move : chess.Move, optional
        Highlighted on the board.
    arrows : sequence of (from, to) squares
        Drawn as arrows (e.g. a principal variation's first moves).
    """
    board = getattr(state, "board", state)
    return SvgPicture(
        chess.svg.board(
            board, size=size, lastmove=last_move, arrows=[chess.svg.Arrow(a, b) for a, b in arrows]
        )
    )


def _in_chart_fonts(draw: Callable[..., Figure]) -> Callable[..., Figure]:
    """``draw`` with the chart fonts (DejaVu Sans, then a Chinese font) in force while it
    makes its texts: labels, ticks and legends made after the figure keep their font."""

    @functools.wraps(draw)
    def drawn(*args: Any, **kwargs: Any) -> Figure:
        import matplotlib.pyplot as plt

        with plt.rc_context({"font.family": chart_font_family()}):
            return draw(*args, **kwargs)

    return drawn


def evaluation_table(evaluation: WeightedLinear, state: Any) -> str:
    """HTML: one row per feature — value fᵢ(s), weight wᵢ, contribution wᵢ·fᵢ(s) — and EVAL(s).

    >>> from coursekit.evaluation import Feature, WeightedLinear
    >>> table = evaluation_table(WeightedLinear([Feature("a", len, 2)]), "abc")
    >>> ">6</td>" in table and "EVAL" in table
    True
    """
    cell = "padding:2px 10px;text-align:right;border-bottom:1px solid var(--jp-border-color2,#ccc)"
    rows = []
    for term in evaluation.terms(state):
        rows.append(
            f"<tr><td style='{cell};text-align:left'>{html.escape(feature_label(term.name))}</td>"
            f"<td style='{cell}'>{number_text(term.value)}</td>"
            f"<td style='{cell}'>{number_text(round(term.weight, 4))}</td>"
            f"<td style='{cell}'>{number_text(round(term.score, 4))}</td></tr>"
        )
    total = number_text(round(evaluation(state), 4))
    heads = (say("printed.evaluation.feature"), "fᵢ(s)", "wᵢ", "wᵢ·fᵢ(s)")
    head = "".join(f"<th style='{cell}'>{h}</th>" for h in heads)
    return (
        "<table style='border-collapse:collapse;"
        "color:var(--jp-content-font-color0,#111);background:var(--jp-layout-color0,#fff)'>"
        f"<tr>{head}</tr>{''.join(rows)}"
        f"<tr><th style='{cell};text-align:left'>EVAL(s)</th><td></td><td></td>"
        f"<td style='{cell}'><b>{total}</b></td></tr></table>"
    )


@_in_chart_fonts
def contribution_chart(
    evaluation: WeightedLinear, states: Any | Mapping[str, Any], *, title: str = ""
) -> Figure:
    """A horizontal bar per feature: its contribution wᵢ·fᵢ(s), for one or several positions.

    ``states`` is one position or a mapping {label: position} (bars grouped by feature).
    """
    named = dict(states) if isinstance(states, Mapping) else {"": states}
    names = evaluation.names
    figure, ax = _new_figure(6.4, 0.55 * len(names) * max(1, len(named)) + 1.2)
    height = 0.8 / len(named)
    for k, (label, state) in enumerate(named.items()):
        scores = [t.score for t in evaluation.terms(state)]
        positions = [i + k * height for i in range(len(names))]
        colours = [POSITIVE if s >= 0 else NEGATIVE for s in scores]
        bars = ax.barh(positions, scores, height=height * 0.9, color=colours,
                       alpha=1 - 0.35 * k, label=plot_text(label) or None)  # fmt: skip
        ax.bar_label(bars, labels=[number_text(round(s, 2)) for s in scores], padding=3,
                     fontsize=11)  # fmt: skip
    ax.set_yticks([i + height * (len(named) - 1) / 2 for i in range(len(names))])
    ax.set_yticklabels([plot_text(feature_label(n)) for n in names], fontsize=12)
    ax.invert_yaxis()
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_xlabel(plot_text(say("printed.evaluation.contribution")), fontsize=12)
    ax.tick_params(axis="x", labelsize=11)
    ax.margins(x=0.2)
    if title:
        ax.set_title(plot_text(title), fontsize=13)
    if len(named) > 1:
        ax.legend(fontsize=11)
    return figure


@_in_chart_fonts
def horizon_plot(
    game: Any,
    state: Any,
    line: Sequence[Any],
    evaluate: Callable[[Any], float],
    quiescent: Callable[[Any], float],
    *,
    labels: Sequence[str] | None = None,
) -> Figure:
    """EVAL and the quiescent value after each move of ``line``, played from ``state``.

    Parameters
    ----------
    game, state : the game and where the line starts.
    line : the moves, e.g. a sequence of captures.
    evaluate : the static evaluation.
    quiescent : the same evaluation behind quiescence search
        (:func:`coursekit.search.quiescent`).
    labels : optional names of the moves for the x axis (e.g. SAN in chess).
    """
    positions = [state]
    for move in line:
        positions.append(game.result(positions[-1], move))
    static = [evaluate(s) for s in positions]
    quiet = [quiescent(s) for s in positions]
    names = [plot_text(say("printed.evaluation.start")), *(labels or [str(m) for m in line])]
    figure, ax = _new_figure(6.4, 3.6)
    ax.plot(range(len(positions)), static, "o-", color=NEGATIVE, linewidth=2,
            label=plot_text(say("printed.evaluation.static")))  # fmt: skip
    ax.plot(range(len(positions)), quiet, "s--", color=POSITIVE, linewidth=2,
            label=plot_text(say("printed.evaluation.quiescent")))  # fmt: skip
    ax.set_xticks(range(len(positions)))
    ax.set_xticklabels(names, fontsize=11, rotation=30 if len(names) > 6 else 0)
    ax.set_ylabel(plot_text(say("printed.evaluation.value")), fontsize=12)
    ax.tick_params(axis="y", labelsize=11)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=11)
    return figure
