"""The payoff-matrix editor: change a game and see its solution change at once."""

from __future__ import annotations

import html
import warnings

import ipywidgets as widgets

from coursekit.draw.payoff import payoff_table
from coursekit.errors import CoursekitError
from coursekit.gametheory import DegenerateGameWarning, NormalFormGame, PayoffError, catalog
from coursekit.gametheory.parse import parse_pair, parse_table, table_text
from coursekit.text import number_text, say
from coursekit.widgets.base import SPACED, Feedback, StaticPreview, fit_width, label_width

MAX_SIZE = 6
"""The largest number of strategies per player the editor offers."""

CHOOSE = "(choose a game)"


class PayoffEditor(StaticPreview, widgets.VBox):
    """Edit any payoff, label or size of a two-player game; the payoff table, the
    equilibria and (for 2×2 games) the best-response plot follow at once.

    A bad entry (text, NaN, a number beyond the float range, a cell with one
    payoff or an unclosed bracket, a ragged pasted table) shows its message
    beside the entry, and the last good game stays shown. Full-width digits
    and punctuation typed with a Chinese input method (``３，－１``) are read
    as their ASCII forms.

    >>> from coursekit.gametheory import catalog
    >>> w = PayoffEditor(catalog.prisoners_dilemma(), plot=False)
    >>> w.cells[1][1].value
    '-2, -2'
    >>> w.cells[1][1].value = "-2, nan"
    >>> w.cell_feedback[1][1].message
    "'nan' is not a finite number"
    >>> str(w.game.payoff(1, 1)[1])     # the last good game is kept
    '-2'
    >>> w.cells[1][1].value = "-20, -20"
    >>> w.cell_feedback[1][1].message, w.game.pure_equilibria()
    ('', [(0, 1), (1, 0)])
    """

    def __init__(self, game: NormalFormGame | None = None, plot: bool = True) -> None:
        self.game = game if game is not None else catalog.prisoners_dilemma()
        self.show_plot = plot
        self._busy = False
        self.examples = widgets.Dropdown(
            options=[
                (say("widgets.payoff.choose"), CHOOSE),
                *((name, name) for name in catalog.GAMES),
            ],
            value=CHOOSE,
            description=say("widgets.payoff.load"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", margin=SPACED),
        ).add_class("ck-load")
        self.rows = _size_box(self.game.shape[0], say("widgets.payoff.rows"))
        self.cols = _size_box(self.game.shape[1], say("widgets.payoff.columns"))
        self.row_player = _text(
            self.game.players[0], say("widgets.payoff.row_player"), "ck-player-name"
        )
        self.col_player = _text(
            self.game.players[1], say("widgets.payoff.col_player"), "ck-player-name"
        )
        self.feedback = Feedback()
        self.grid = widgets.GridBox()
        self.text = widgets.Textarea(
            value=table_text(self.game),
            description=say("widgets.payoff.table"),
            placeholder=say("widgets.payoff.table_hint"),
            continuous_update=False,
            layout=widgets.Layout(width="100%", height="7em"),
        ).add_class("ck-table-text")
        self.text_feedback = Feedback()
        self.table = widgets.HTML().add_class("ck-result")
        self.summary = widgets.HTML().add_class("ck-equilibria")
        self.plot = widgets.HTML().add_class("ck-plot")
        self._build_grid(
            _cell_texts(self.game), list(self.game.row_labels), list(self.game.col_labels)
        )
        pasted = widgets.VBox([self.text, self.text_feedback])
        self.table.layout = widgets.Layout(flex="0 0 auto")  # never squeezed: labels unbroken
        self.plot.layout = widgets.Layout(flex="0 1 auto")
        self.summary.layout = widgets.Layout(flex="1 1 300px")
        super().__init__(
            [
                widgets.HBox([self.examples, self.rows, self.cols], layout=_row()),
                widgets.HBox([self.row_player, self.col_player], layout=_row()),
                self.feedback,
                self.grid,
                widgets.Accordion([pasted], titles=(say("printed.paste_table"),)),
                widgets.HBox([self.table, self.plot, self.summary], layout=_row()),
            ]
        )
        self.add_class("ck-payoff-editor")
        for control in (self.row_player, self.col_player):
            control.observe(self._on_edit, names="value")
        self.rows.observe(self._on_resize, names="value")
        self.cols.observe(self._on_resize, names="value")
        self.text.observe(self._on_text, names="value")
        self.examples.observe(self._on_load, names="value")
        self._redraw()

    # ------------------------------------------------------------------ building
    def _build_grid(self, texts: list[list[str]], row_labels: list, col_labels: list) -> None:
        """(Re)create the label and cell boxes for a table of cell texts."""
        m, n = len(texts), len(texts[0])
        self.row_labels = [_text(label, "", "ck-row-label") for label in row_labels]
        self.col_labels = [_text(label, "", "ck-col-label") for label in col_labels]
        self.cells = [
            [_text(texts[i][j], "", "ck-payoff-cell", _cell_hint(i, j)) for j in range(n)]
            for i in range(m)
        ]
        self.cell_feedback = [[Feedback() for _ in range(n)] for _ in range(m)]
        for control in [*self.row_labels, *self.col_labels, *(c for r in self.cells for c in r)]:
            control.observe(self._on_edit, names="value")
        children = [widgets.HTML(""), *self.col_labels]
        for i in range(m):
            children.append(self.row_labels[i])
            children += [
                widgets.VBox([self.cells[i][j], self.cell_feedback[i][j]]) for j in range(n)
            ]
        self.grid.children = children
        self.grid.layout = widgets.Layout(
            grid_template_columns=f"repeat({n + 1}, minmax(110px, 170px))", grid_gap="2px 6px"
        )

    def _current_texts(self, m: int, n: int) -> list[list[str]]:
        """The cells' texts, cut or padded with "0, 0" to m × n."""
        old_m, old_n = len(self.cells), len(self.cells[0])
        return [
            [self.cells[i][j].value if i < old_m and j < old_n else "0, 0" for j in range(n)]
            for i in range(m)
        ]

    def _labels(self, m: int, n: int) -> tuple[list[str], list[str]]:
        """The current strategy labels, cut or padded with r…/c… to m and n."""
        rows = [t.value for t in self.row_labels[:m]]
        cols = [t.value for t in self.col_labels[:n]]
        rows += [f"r{i + 1}" for i in range(len(rows), m)]
        cols += [f"c{j + 1}" for j in range(len(cols), n)]
        return rows, cols

    # ------------------------------------------------------------------ events
    def _on_edit(self, change: object = None) -> None:
        if self._busy:
            return
        pairs, bad = [], False
        for i, row in enumerate(self.cells):
            pairs.append([])
            for j, cell in enumerate(row):
                try:
                    pairs[-1].append(parse_pair(cell.value))
                    self.cell_feedback[i][j].clear()
                except PayoffError as error:
                    self.cell_feedback[i][j].problem(str(error))
                    bad = True
        if bad:
            return  # keep the last good game, table and plot
        try:
            game = NormalFormGame.from_pairs(
                pairs,
                [t.value.strip() for t in self.row_labels],
                [t.value.strip() for t in self.col_labels],
                (self.row_player.value.strip(), self.col_player.value.strip()),
            )
        except PayoffError as error:
            self.feedback.problem(str(error))
            return
        self.feedback.clear()
        self._accept(game)

    def _on_resize(self, change: object = None) -> None:
        if self._busy:
            return
        m, n = self.rows.value, self.cols.value
        self._build_grid(self._current_texts(m, n), *self._labels(m, n))
        self._on_edit()

    def _on_text(self, change: object = None) -> None:
        if self._busy:
            return
        try:
            pairs = parse_table(self.text.value)
        except PayoffError as error:
            self.text_feedback.problem(str(error))
            return
        self.text_feedback.clear()
        m, n = len(pairs), len(pairs[0])
        if m > MAX_SIZE or n > MAX_SIZE:
            self.text_feedback.problem(say("widgets.payoff.too_big", most=MAX_SIZE))
            return
        labels = self._labels(m, n)
        self._busy = True
        self.rows.value, self.cols.value = m, n
        self._busy = False
        self._build_grid([[_pair_text(p) for p in row] for row in pairs], *labels)
        self._on_edit()

    def _on_load(self, change: object = None) -> None:
        if self.examples.value == CHOOSE:
            return
        self.load(catalog.GAMES[self.examples.value]())

    def load(self, game: NormalFormGame) -> None:
        """Show another game in the editor."""
        self._busy = True
        self.rows.value, self.cols.value = game.shape
        self.row_player.value, self.col_player.value = game.players
        self._busy = False
        self._build_grid(_cell_texts(game), list(game.row_labels), list(game.col_labels))
        self.feedback.clear()
        self._accept(game)

    def _accept(self, game: NormalFormGame) -> None:
        """Make ``game`` the current good game and redraw everything, or, if it cannot be
        drawn, show why and keep the last good game."""
        try:
            pictures = self._pictures(game)
        except CoursekitError as error:
            self.feedback.problem(str(error))
            return
        self.game = game
        self._busy = True
        self.text.value = table_text(game)
        self._busy = False
        self.text_feedback.clear()
        self.table.value, self.summary.value, self.plot.value = pictures

    # ------------------------------------------------------------------ pictures
    def _redraw(self) -> None:
        self.table.value, self.summary.value, self.plot.value = self._pictures(self.game)

    def _pictures(self, game: NormalFormGame) -> tuple[str, str, str]:
        """The table, the summary and the plot of a game, as HTML."""
        table = payoff_table(game).html
        summary = _summary(game)
        if not self.show_plot:
            plot = ""
        elif game.shape == (2, 2):
            from coursekit.draw.plots import best_response_plot, figure_svg  # matplotlib: lazily

            # at its own size: its smallest text (the legend) is 8.3 pt, 11 px (never shrunk
            # to a height: a 280-px plot had 7-px text); on a slide, coursekit_slides.css
            # caps its height
            plot = fit_width(figure_svg(best_response_plot(game)))
        else:
            plot = f"<p><i>{html.escape(say('widgets.payoff.no_plot'))}</i></p>"
        return table, summary, plot


def _text(value: str, description: str, role: str, placeholder: str = "") -> widgets.Text:
    box = widgets.Text(
        value=str(value),
        description=description,
        placeholder=placeholder or description,
        continuous_update=False,
        layout=widgets.Layout(width="auto"),
        style={"description_width": "initial"},
    )
    return box.add_class(role)


def _size_box(value: int, description: str) -> widgets.BoundedIntText:
    """A box for a number of strategies, its label as wide as its text."""
    return widgets.BoundedIntText(
        value=value,
        min=1,
        max=MAX_SIZE,
        description=description,
        style={"description_width": "initial"},
        layout=widgets.Layout(width=f"{label_width(description) + 70}px", margin=SPACED),
    ).add_class("ck-size")


def _cell_hint(i: int, j: int) -> str:
    """The placeholder of payoff cell (i, j): the format, and where the cell is."""
    return say("widgets.payoff.cell_hint", row=i + 1, column=j + 1)


def _row() -> widgets.Layout:
    """A row of parts, wrapping onto the next line where it is too narrow."""
    return widgets.Layout(flex_flow="row wrap", align_items="flex-start")


def _pair_text(pair: tuple) -> str:
    return f"{number_text(pair[0], decimals=True)}, {number_text(pair[1], decimals=True)}"


def _cell_texts(game: NormalFormGame) -> list[list[str]]:
    return [[_pair_text(pair) for pair in row] for row in game.to_pairs()]


def _summary(game: NormalFormGame) -> str:
    """The solution of the game in a few lines of HTML."""

    def outcome(i: int, j: int) -> str:
        return f"({html.escape(game.row_labels[i])}, {html.escape(game.col_labels[j])})"

    pure = [outcome(*o) for o in game.pure_equilibria()]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DegenerateGameWarning)
        mixed = game.mixed_equilibria()
    none = say("widgets.payoff.none")
    lines = [
        say("widgets.payoff.pure") + (say("captions.list_joint").join(pure) if pure else none),
        say("widgets.payoff.mixed") + "<br>".join(html.escape(str(e)) for e in mixed),
    ]
    degenerate = game.degeneracy()
    if degenerate is not None:
        lines.append(
            f"<i>{html.escape(str(degenerate))}{html.escape(say('widgets.payoff.degenerate'))}</i>"
        )
    dominated = game.dominated(strict=True)
    lines.append(
        say("widgets.payoff.dominated")
        + ("; ".join(html.escape(str(d)) for d in dominated) if dominated else none)
    )
    lines.append(
        say("widgets.payoff.optimum")
        + say("captions.list_joint").join(outcome(*o) for o in game.collective_optimum())
    )
    return '<div style="line-height:1.5">' + "<br>".join(lines) + "</div>"
