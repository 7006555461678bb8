"""The payoff table (收益矩阵) of a two-player game as HTML.

One cell per outcome holds "row payoff, column payoff", as the course writes
it. The table can show, each switched on or off:

* best responses (最优反应): a payoff that is its player's best against the
  other's strategy is underlined and bold;
* pure Nash equilibria (纳什均衡): the cell is filled and tagged "NE";
* an optimum (最优解): the cell is framed in green and tagged "★";
* iterated elimination of dominated strategies, step by step: a row or
  column removed in the first ``step`` steps is struck out and greyed, with
  the number of the step that removed it.

The drawing itself (:func:`draw_payoff_table`) only reads results that it is
given; :func:`payoff_table` is the notebook's convenient path, which asks the
game for whatever result is not given and then draws.

The HTML uses inline styles only, so it looks the same in JupyterLab, in an
exported reveal.js slide and in a widget; CSS classes (``ck-…``) name the
marks for tests and browsers. Text and header colours are JupyterLab's theme
variables (with light fallbacks), so the table reads in the dark theme too;
the yellow equilibrium fill keeps dark text.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coursekit.gametheory import Elimination, NormalFormGame, PayoffError
from coursekit.text import number_text, say

Profile = tuple[int, int]

BestResponses = tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]]
"""The row player's best responses to each column and the column player's to each row,
as ``(game.best_responses(0), game.best_responses(1))`` returns them."""

EQUILIBRIUM_FILL = "#fff1a8"
ON_FILL = "#1a1a1a"  # text on the equilibrium fill, in either theme
OPTIMUM_FRAME = "#2e7d32"
STRUCK_GREY = "var(--jp-content-font-color2, #666666)"
INK = "var(--jp-content-font-color0, #1a1a1a)"
SOFT_INK = "var(--jp-content-font-color1, #37474f)"
HEADER_FILL = "var(--jp-layout-color2, #f5f5f5)"
BORDER = "1px solid var(--jp-border-color1, #bdbdbd)"


@dataclass(frozen=True)
class PayoffTable:
    """A payoff table ready to show: ``.html`` is the markup, notebooks display it."""

    html: str

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html


def payoff_table(
    game: NormalFormGame,
    *,
    best_responses: bool | BestResponses | None = True,
    equilibria: Iterable[Profile] | None = None,
    optimum: Iterable[Profile] | None = None,
    elimination: Elimination | None = None,
    step: int | None = None,
    caption: str | None = None,
) -> PayoffTable:
    """Draw ``game``'s payoff table, asking the game for any result not given.

    Parameters
    ----------
    game : NormalFormGame
        The game.
    best_responses : bool or (row best responses, column best responses)
        Underline each payoff that is a best response: ``True`` asks the game
        (``game.best_responses(0)``, ``game.best_responses(1)``), ``False`` or
        ``None`` underlines none, a pair draws the given ones.
    equilibria : iterable of (row, column), optional
        Outcomes to highlight as equilibria; by default ``game.pure_equilibria()``.
        Pass ``[]`` to highlight none.
    optimum : iterable of (row, column), optional
        Outcomes to mark as optimal; by default ``game.collective_optimum()``,
        except in constant-sum games, where every outcome has the same total
        (pass ``game.pareto_optimal()`` for the Pareto optima, ``[]`` for none).
    elimination, step : Elimination and int, optional
        A result of ``game.eliminate_dominated()``: strategies removed in its
        first ``step`` steps (all, if ``step`` is None) are struck out.
    caption : str, optional
        A line above the table.

    Returns
    -------
    PayoffTable

    Raises
    ------
    PayoffError
        When a given result does not fit the game (an outcome or strategy out of range).

    See Also
    --------
    draw_payoff_table : the drawing alone, from results only.

    Examples
    --------
    >>> from coursekit.gametheory import catalog
    >>> g = catalog.prisoners_dilemma()
    >>> t = payoff_table(g)
    >>> t.html.count('class="ck-cell ck-eq'), t.html.count("ck-optimum")
    (1, 1)
    >>> t = payoff_table(g, elimination=g.eliminate_dominated(), step=1)
    >>> t.html.count("ck-struck")   # the row player's "silent": its header and two cells
    3
    """
    if best_responses is True:
        best_responses = (game.best_responses(0), game.best_responses(1))
    if equilibria is None:
        equilibria = game.pure_equilibria()
    if optimum is None:
        optimum = [] if game.is_constant_sum() else game.collective_optimum()
    return draw_payoff_table(
        game,
        best_responses=best_responses or None,
        equilibria=equilibria,
        optimum=optimum,
        elimination=elimination,
        step=step,
        caption=caption,
    )


def draw_payoff_table(
    game: NormalFormGame,
    *,
    best_responses: BestResponses | None = None,
    equilibria: Iterable[Profile] = (),
    optimum: Iterable[Profile] = (),
    elimination: Elimination | None = None,
    step: int | None = None,
    caption: str | None = None,
) -> PayoffTable:
    """Draw ``game``'s payoff table with the results given, computing nothing.

    Parameters are those of :func:`payoff_table`, except that nothing is
    asked of the game: what is not given is not drawn.

    >>> from coursekit.gametheory import catalog
    >>> g = catalog.prisoners_dilemma()
    >>> draw_payoff_table(g, equilibria=[(1, 1)]).html.count("ck-best")
    0
    """
    m, n = game.shape
    equilibria = _outcomes(equilibria, game, "equilibria")
    optimum = _outcomes(optimum, game, "optimum")
    removed = _removed(elimination, step)
    if best_responses is None:
        row_best, col_best = [[] for _ in range(n)], [[] for _ in range(m)]
    else:
        row_best, col_best = _best_responses(best_responses, game)
    shows_best = best_responses is not None

    parts = ['<div class="ck-payoff" style="display:inline-block;margin:0.4em 0">']
    parts.append(
        '<table class="ck-payoff-table" style="border-collapse:collapse;'
        f'font-family:Helvetica,Arial,sans-serif;font-size:15px;text-align:center;color:{INK}">'
    )
    if caption:
        parts.append(f'<caption style="padding:0.3em;font-weight:bold">{_esc(caption)}</caption>')
    parts.append(
        f'<tr><th style="padding:4px 8px"></th><th colspan="{n}" class="ck-player" '
        f'style="padding:4px 8px;color:{SOFT_INK}">{_esc(game.players[1])}</th></tr>'
    )
    header = [
        f'<th class="ck-player" style="padding:4px 8px;color:{SOFT_INK};text-align:right">'
        f"{_esc(game.players[0])}</th>"
    ]
    for j, label in enumerate(game.col_labels):
        header.append(_header("col", j, label, removed.get((1, j))))
    parts.append("<tr>" + "".join(header) + "</tr>")
    for i, label in enumerate(game.row_labels):
        cells = [_header("row", i, label, removed.get((0, i)))]
        for j in range(n):
            struck = (0, i) in removed or (1, j) in removed
            cells.append(
                _cell(
                    game,
                    i,
                    j,
                    row_is_best=i in row_best[j],
                    col_is_best=j in col_best[i],
                    equilibrium=(i, j) in equilibria,
                    optimal=(i, j) in optimum,
                    struck=struck,
                )
            )
        parts.append("<tr>" + "".join(cells) + "</tr>")
    parts.append("</table>")
    parts.append(_legend(shows_best, bool(equilibria), bool(optimum), elimination, step))
    parts.append("</div>")
    return PayoffTable("".join(parts))


def _outcomes(outcomes: Iterable[Profile], game: NormalFormGame, name: str) -> set[Profile]:
    """The outcomes as a set, each checked to be a cell of the game."""
    m, n = game.shape
    found = set()
    for outcome in outcomes:
        try:
            i, j = outcome
        except (TypeError, ValueError):
            raise PayoffError(
                say("errors.draw.not_a_cell_pair", name=name, outcome=repr(outcome))
            ) from None
        if not (isinstance(i, int) and isinstance(j, int) and 0 <= i < m and 0 <= j < n):
            raise PayoffError(
                say("errors.draw.not_a_cell", name=name, outcome=repr(outcome), m=m, n=n)
            )
        found.add((i, j))
    return found


def _best_responses(given: BestResponses, game: NormalFormGame) -> BestResponses:
    """Check that the best responses given have one list per opponent strategy."""
    m, n = game.shape
    try:
        row_best, col_best = given
        ok = len(row_best) == n and len(col_best) == m
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise PayoffError(say("errors.draw.best_responses", m=m, n=n))
    return row_best, col_best


def _esc(text: str) -> str:
    return html.escape(str(text))


def _removed(elimination: Elimination | None, step: int | None) -> dict[tuple[int, int], int]:
    """(player, strategy) → the number of the step that removed it."""
    if elimination is None:
        return {}
    steps = elimination.steps if step is None else elimination.steps[: max(step, 0)]
    return {(s.player, s.strategy): k for k, s in enumerate(steps, start=1)}


def _header(kind: str, index: int, label: str, removed_at: int | None) -> str:
    style = f"padding:4px 10px;border:{BORDER};background:{HEADER_FILL}"
    classes = f"ck-{kind}-label"
    text = _esc(label)
    if removed_at is not None:
        classes += " ck-struck"
        style += f";color:{STRUCK_GREY}"
        # the note sits outside the struck span: a line-through cannot be undone inside it
        step = say("printed_gametheory.removed_at", step=removed_at)
        text = (
            f'<span style="text-decoration:line-through">{text}</span> '
            f'<span class="ck-step" style="font-size:11px">{step}</span>'
        )
    return f'<th class="{classes}" data-{kind}="{index}" style="{style}">{text}</th>'


def _payoff(value: object, best: bool, side: str) -> str:
    text = _esc(number_text(value, decimals=True))
    if best:
        return (
            f'<span class="ck-{side} ck-best" style="text-decoration:underline;'
            f'font-weight:bold">{text}</span>'
        )
    return f'<span class="ck-{side}">{text}</span>'


def _cell(
    game: NormalFormGame,
    i: int,
    j: int,
    *,
    row_is_best: bool,
    col_is_best: bool,
    equilibrium: bool,
    optimal: bool,
    struck: bool,
) -> str:
    a, b = game.payoff(i, j)
    classes = ["ck-cell"]
    style = [f"padding:6px 14px;border:{BORDER};white-space:nowrap"]
    badges = []
    if equilibrium:
        classes.append("ck-eq")
        style.append(f"background:{EQUILIBRIUM_FILL};color:{ON_FILL}")
        badges.append(f'<sup class="ck-badge" title="{say("captions.payoff.ne")}">NE</sup>')
    if optimal:
        classes.append("ck-optimum")
        style.append(f"outline:2px solid {OPTIMUM_FRAME};outline-offset:-3px")
        badges.append(f'<sup class="ck-badge" title="{say("captions.payoff.optimum")}">★</sup>')
    if struck:
        classes.append("ck-struck")
        style.append(f"text-decoration:line-through;color:{STRUCK_GREY}")
    body = f"{_payoff(a, row_is_best, 'a')}, {_payoff(b, col_is_best, 'b')}"
    return (
        f'<td class="{" ".join(classes)}" data-row="{i}" data-col="{j}" '
        f'style="{";".join(style)}">{body}{"".join(badges)}</td>'
    )


def _legend(
    best: bool, equilibria: bool, optimum: bool, elimination: Elimination | None, step: int | None
) -> str:
    items = []
    if best:
        items.append(say("captions.payoff.underlined"))
    if equilibria:
        items.append(
            f'<span style="background:{EQUILIBRIUM_FILL};color:{ON_FILL}">NE</span>'
            + say("captions.payoff.ne_legend")
        )
    if optimum:
        items.append("<span>★</span>" + say("captions.payoff.optimum_legend"))
    lines = [" · ".join(items)] if items else []
    if elimination is not None:
        shown = elimination.steps if step is None else elimination.steps[: max(step, 0)]
        lines += [
            say("captions.elimination_step", k=k, step=_esc(s)) for k, s in enumerate(shown, 1)
        ]
        if not elimination.steps:
            lines.append(say("captions.none_dominated"))
    body = "<br>".join(lines)
    style = f"font-size:12px;color:{SOFT_INK};margin-top:4px"
    return f'<div class="ck-legend" style="{style}">{body}</div>'
