"""``standings.html``: what a lecturer shows the class when the tournament is over (or during it).

One self-contained page per language of the course (``standings.html`` in English,
``standings.zh.html``, ``standings.zh-Hant.html``, …, each linking to the others; the
languages are :mod:`coursekit.languages`' records), built from the standings
alone (:mod:`coursekit.tools.tournament.standings`, itself a function of the
journal):

* the ranking, with each entry's conservative rating μ − 3σ, μ ± σ, points,
  wins, draws, losses, byes, the referee's measured time a move and the reasons
  of its forfeits;
* a chart of the ratings after each round (matplotlib, inline SVG);
* the crosstable: for each round, the opponent, the colour and each game's
  points (and, for a round robin of a classroom's size, the square table of
  points of each pair);
* every game, replayable move by move on its board in the page itself: the
  page holds each game as the cells that change at each ply, and a few lines of
  JavaScript (``templates/standings.js``) draw the board — no kernel, no
  server, nothing fetched.

Everything an entry controls (its file name, the reason of its forfeit) is
escaped for HTML, and the games' data for the ``<script>`` element that holds it.
"""

from __future__ import annotations

import html
import json
import re
import time
from importlib import resources
from typing import Any

from coursekit.games import ConnectFour
from coursekit.languages import MASTER
from coursekit.languages import record as language_record
from coursekit.text import LANGUAGES, number_text, say, speaking
from coursekit.tools.tournament.standings import Row, Standings

CHART_TOP = 8
"""Entries drawn in colour, with their μ ± σ band, in the ratings chart (the rest in grey)."""

MATRIX_MOST = 30
"""The largest round robin whose square crosstable (points of each pair) the page shows."""


def standings_page(standings: Standings, game: Any, lang: str = "en") -> str:
    """The whole page in ``lang`` (see the module docstring).

    Parameters
    ----------
    standings : Standings
        The tournament so far.
    game : Game
        The game played (its ``to_text`` draws the boards).
    lang : str
        A language of :data:`coursekit.text.LANGUAGES`.

    Returns
    -------
    str
        An HTML document.
    """
    rows = standings.table()
    settings = standings.settings
    limit = (
        say("tournament.limit_time", lang=lang, seconds=f"{settings.seconds:g}")
        if settings.depth is None
        else say("tournament.limit_depth", lang=lang, depth=settings.depth,
                 seconds=f"{settings.seconds:g}")
    )  # fmt: skip
    title = say("tournament.title", lang=lang, game=settings.game, limit=limit)
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        f"<p class='ck-languages'>{_language_links(lang)}</p>",
        f"<p>{html.escape(_summary(standings, lang))}</p>",
        _standings_table(rows, standings, lang),
        _chart_section(standings, rows, lang),
        _crosstable_section(standings, rows, lang),
        _games_section(standings, game, lang),
        _disqualified_section(standings, lang),
    ]
    return _document(title, "\n".join(parts), lang)


def _text(key: str, lang: str, **values: Any) -> str:
    """A message of the page, escaped for HTML."""
    return html.escape(say(key, lang=lang, **values))


def page_name(lang: str) -> str:
    """``standings.html`` in the course's master language, ``standings.CODE.html`` in the others.

    >>> page_name("en"), page_name("zh-Hant")
    ('standings.html', 'standings.zh-Hant.html')
    """
    return "standings.html" if lang == MASTER else f"standings.{lang}.html"


def _language_links(lang: str) -> str:
    return " · ".join(
        f"<a href='{page_name(other)}' lang='{language_record(other).tag}'>"
        f"{html.escape(language_record(other).name)}</a>"
        for other in LANGUAGES
        if other != lang
    )


def _summary(standings: Standings, lang: str) -> str:
    played = len({g.round for g in standings.games})
    pairing = "swiss" if standings.settings.pairing == "swiss" else "round_robin"
    return say(
        "tournament.summary", lang=lang, entries=len(standings.entries),
        pairing=say(f"tournament.pairing_{pairing}", lang=lang), played=played,
        rounds=standings.rounds, games=len(standings.games), date=time.strftime("%Y-%m-%d"),
    )  # fmt: skip


# --- the ranking ----------------------------------------------------------------------------

COLUMNS = ("rank", "entry", "rating", "mu_sigma", "points", "games", "wins", "draws",
           "losses", "byes", "seconds", "problems")  # fmt: skip


def _standings_table(rows: list[Row], standings: Standings, lang: str) -> str:
    bye = standings.bye_points()
    note = say(
        "tournament.standings_note", lang=lang,
        bye=say("tournament.bye_points", lang=lang, points=number_text(bye)) if bye else "",
    )  # fmt: skip
    head = "".join(f"<th>{_text(f'tournament.col_{c}', lang)}</th>" for c in COLUMNS)
    body = "".join(
        f"<tr><td>{r.rank}</td><td class='ck-name'>{html.escape(r.entry)}</td>"
        f"<td><b>{r.rating.conservative:.1f}</b></td>"
        f"<td>{r.rating.mu:.1f} ± {r.rating.sigma:.1f}</td><td>{number_text(r.points)}</td>"
        f"<td>{r.games}</td><td>{r.wins}</td><td>{r.draws}</td><td>{r.losses}</td>"
        f"<td>{r.byes}</td><td>{r.seconds_per_move:.3f}</td>"
        f"<td class='ck-name'>{html.escape('; '.join(r.problems))}</td></tr>"
        for r in rows
    )
    return (
        f"<h2>{_text('tournament.standings', lang)}</h2>"
        f"<p class='ck-note'>{html.escape(note)}</p>"
        f"<div class='ck-wide'><table class='ck-table'><tr>{head}</tr>{body}</table></div>"
    )


# --- the chart -------------------------------------------------------------------------------


def _chart_section(standings: Standings, rows: list[Row], lang: str) -> str:
    if not standings.by_round:
        return ""
    note = say("tournament.chart_note", lang=lang, top=min(CHART_TOP, len(rows)))
    return (
        f"<h2>{_text('tournament.chart', lang)}</h2>"
        f"<p class='ck-note'>{html.escape(note)}</p>"
        f"<div class='ck-chart'>{ratings_chart(standings, rows, lang)}</div>"
    )


def ratings_chart(standings: Standings, rows: list[Row], lang: str) -> str:
    """μ of every entry after each round as inline SVG; the leaders in colour with ± σ."""
    import matplotlib.pyplot as plt

    from coursekit.draw.fonts import chart_font_family
    from coursekit.draw.plots import figure_svg, plot_text

    start = {name: (25.0, 25.0 / 3) for name in standings.entries}  # openskill's start
    history = [start]
    history += [{n: (r.mu, r.sigma) for n, r in after.items()} for after in standings.by_round]
    rounds = list(range(len(history)))
    leaders = [row.entry for row in rows[:CHART_TOP]]
    with (
        speaking(lang),  # the fonts of the page's language
        plt.rc_context({"font.family": chart_font_family(), "svg.hashsalt": "coursekit"}),
    ):
        figure, axes = plt.subplots(figsize=(9, 4.8), layout="constrained")
        plt.close(figure)
        for name in standings.entries:
            if name not in leaders:
                axes.plot(rounds, [h[name][0] for h in history], color="#bbbbbb", linewidth=0.8)
        for name in leaders:
            mu = [h[name][0] for h in history]
            sigma = [h[name][1] for h in history]
            (line,) = axes.plot(rounds, mu, marker="o", markersize=3, label=plot_text(name))
            low = [m - s for m, s in zip(mu, sigma, strict=True)]
            high = [m + s for m, s in zip(mu, sigma, strict=True)]
            axes.fill_between(rounds, low, high, color=line.get_color(), alpha=0.12)
        axes.set_xlabel(say("tournament.chart_x", lang=lang))
        axes.set_ylabel(say("tournament.chart_y", lang=lang))
        axes.set_xticks(rounds)
        axes.grid(alpha=0.3)
        axes.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize="small")
        svg = figure_svg(figure)
    return re.sub(r"<metadata>.*?</metadata>", "", svg, count=1, flags=re.S)  # the licence block


# --- the crosstable --------------------------------------------------------------------------


def game_id(record: Any) -> str:
    """The page's anchor of a game: ``game-R-B-G``."""
    return f"game-{record.round}-{record.board}-{record.game}"


def _crosstable_section(standings: Standings, rows: list[Row], lang: str) -> str:
    place = {row.entry: row.rank for row in rows}
    games: dict[tuple[int, int], list] = {}
    for record in standings.games:
        games.setdefault((record.round, record.board), []).append(record)
    rounds = sorted({p.round for p in standings.pairings})
    cells: dict[str, dict[int, str]] = {name: {} for name in standings.entries}
    for p in standings.pairings:
        first = standings.numbers[p.first]
        if p.second is None:
            if first in cells:
                cells[first][p.round] = html.escape(say("tournament.bye", lang=lang))
            continue
        second = standings.numbers[p.second]
        for name, other, mark in ((first, second, "●"), (second, first, "○")):
            links = " ".join(
                f"<a href='#{game_id(g)}'>{number_text(g.points(name))}</a>"
                for g in games.get((p.round, p.board), [])
            )
            cells[name][p.round] = f"{place.get(other, '')}{mark} {links}"
    head = "".join(
        f"<th>{html.escape(say('tournament.round_short', lang=lang, round=r))}</th>" for r in rounds
    )
    body = "".join(
        f"<tr><td>{row.rank}</td><td class='ck-name'>{html.escape(row.entry)}</td>"
        + "".join(f"<td>{cells[row.entry].get(r, '')}</td>" for r in rounds)
        + "</tr>"
        for row in rows
    )
    entry = html.escape(say("tournament.col_entry", lang=lang))
    return (
        f"<h2>{_text('tournament.crosstable', lang)}</h2>"
        f"<p class='ck-note'>{_text('tournament.crosstable_note', lang)}</p>"
        f"<div class='ck-wide'><table class='ck-table ck-cross'><tr><th>#</th><th>{entry}</th>"
        f"{head}</tr>{body}</table></div>{_matrix(standings, rows, lang)}"
    )


def _matrix(standings: Standings, rows: list[Row], lang: str) -> str:
    """The square table of a small round robin: the points of the row against the column."""
    if standings.settings.pairing != "round-robin" or len(rows) > MATRIX_MOST:
        return ""
    cross = standings.result.crosstable()
    order = [row.entry for row in rows]
    head = "".join(f"<th>{row.rank}</th>" for row in rows)
    body = "".join(
        f"<tr><td>{row.rank}</td><td class='ck-name'>{html.escape(row.entry)}</td>"
        + "".join(_points_cell(cross, row.entry, other) for other in order)
        + "</tr>"
        for row in rows
    )
    return (
        f"<h3>{_text('tournament.matrix', lang)}</h3>"
        f"<div class='ck-wide'><table class='ck-table'><tr><th>#</th><th></th>{head}</tr>"
        f"{body}</table></div>"
    )


def _points_cell(cross: dict[str, dict[str, float]], entry: str, other: str) -> str:
    return "<td>—</td>" if entry == other else f"<td>{number_text(cross[entry][other])}</td>"


# --- the games, replayable -------------------------------------------------------------------


def replay_data(standings: Standings, game: Any, lang: str) -> dict[str, Any]:
    """What the page's script needs: the board's shape, and each game as the cells each ply
    changes (``[[cell, mark], ...]`` per ply, cells numbered row by row from the top)."""
    first = game.to_text(game.initial).split("\n")
    games = []
    for record in standings.games:
        state = game.initial
        marks = game.to_text(state).split()
        steps = []
        for move in record.moves:
            state = game.result(state, move)
            after = game.to_text(state).split()
            changed = zip(after, marks, strict=True)
            steps.append([[i, m] for i, (m, before) in enumerate(changed) if m != before])
            marks = after
        games.append({"id": game_id(record), "label": _game_label(record, lang),
                      "opening": len(record.opening), "steps": steps,
                      "moves": [str(move) for move in record.moves]})  # fmt: skip
    return {
        "rows": len(first),
        "cols": len(first[0].split()),
        "discs": isinstance(game, ConnectFour),
        "games": games,
        "words": {
            "move_of": say("tournament.move_of", lang=lang, k="{k}", n="{n}"),
            "opening": say("tournament.opening", lang=lang),
        },
    }


def _game_label(record: Any, lang: str) -> str:
    result = {1: "1–0", 0: "½–½", -1: "0–1"}[record.outcome]
    if record.forfeit:
        reason = say("tournament.forfeit", lang=lang, entry=record.forfeit, reason=record.note)
        result += f" ({reason})"
    return say(
        "tournament.game_label", lang=lang, round=record.round, board=record.board,
        game=record.game, max=record.max_entry, min=record.min_entry, result=result,
    )  # fmt: skip


def _games_section(standings: Standings, game: Any, lang: str) -> str:
    if not standings.games:
        return ""
    data = json.dumps(replay_data(standings, game, lang), ensure_ascii=False, separators=(",", ":"))
    # inside <script> only "</" could end the element early; the escapes are still JSON
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    note = say("tournament.games_note", lang=lang, plies=standings.settings.opening_plies)
    legend = (
        say("widgets.c4.legend", lang=lang, x=_disc("x"), o=_disc("o"))
        if isinstance(game, ConnectFour)
        else say("tournament.ttt_legend", lang=lang)
    )
    buttons = "".join(
        f"<button type='button' data-go='{go}'>{html.escape(say(key, lang=lang))}</button>"
        for go, key in (("start", "tournament.start"), ("back", "widgets.back"),
                        ("next", "widgets.next"), ("end", "tournament.end"))
    )  # fmt: skip
    return (
        f"<h2 id='games'>{_text('tournament.games', lang)}</h2>"
        f"<p class='ck-note'>{html.escape(note)}</p>"
        "<div class='ck-replay'><select id='ck-game' aria-label='game'></select>"
        f"<div class='ck-controls'>{buttons}<input id='ck-ply' type='range' min='0' value='0'>"
        "<span id='ck-move'></span></div>"
        "<div id='ck-board' tabindex='0'></div>"
        f"<div class='ck-legend'>{legend}</div><ol id='ck-moves'></ol></div>"
        f"<script type='application/json' id='ck-games'>{data}</script>"
        f"<script>{_template('standings.js')}</script>"
    )


def _disc(mark: str) -> str:
    return f"<span class='ck-disc ck-{mark}'></span>"


def _disqualified_section(standings: Standings, lang: str) -> str:
    items = "".join(
        f"<li>{html.escape(e.name)}: {html.escape(e.problem or '')}</li>"
        for e in standings.disqualified
    )
    none = f"<li>{_text('tournament.none', lang)}</li>"
    return f"<h2>{_text('tournament.disqualified', lang)}</h2><ul>{items or none}</ul>"


# --- the page ----------------------------------------------------------------------------------


def _template(name: str) -> str:
    return resources.files("coursekit.tools").joinpath("templates", name).read_text("utf-8")


def _document(title: str, body: str, lang: str) -> str:
    language = language_record(lang)
    fonts = ", ".join([*(f'"{font}"' for font in language.fonts), "system-ui", "sans-serif"])
    return (
        f"<!DOCTYPE html>\n<html lang='{language.tag}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)}</title><style>{_template('standings.css')}"
        f"body {{ font-family: {fonts}; }}</style></head><body>\n{body}\n</body></html>\n"
    )
