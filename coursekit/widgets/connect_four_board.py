"""Play Connect Four against the engine, choosing how deep or how long it thinks.

Press a column's button to drop a piece; the engine answers with iterative
deepening α-β (minimax where α-β is not available) under the chosen limit:
a fixed depth, or a time per move. Beside the board: the depth it reached,
the nodes it searched, its principal variation and its evaluation of the
position, so a reader sees what an evaluation function and a cut-off test do.

>>> w = ConnectFourBoard(rows=4, cols=5, k=4, depth=2)
>>> w.columns[2].click()                      # x in the middle; the engine answers
>>> sum(1 for mark in w.game.to_text(w.state) if mark in "xo")
2
>>> w.last_search.depth_limit
2
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from coursekit.evaluation.connectfour_features import connect_four_evaluation
from coursekit.evaluation.weighted_linear import feature_label
from coursekit.games.base import MAX, MIN, Player, moves_text
from coursekit.games.connectfour import ConnectFour, ConnectFourState
from coursekit.search.iterative_deepening import iterative_deepening
from coursekit.search.labels import algorithm_label
from coursekit.search.registry import algorithms
from coursekit.search.result import SearchResult
from coursekit.text import number_text, say
from coursekit.widgets.base import INLINE, Feedback, StaticPreview, needs_kernel

PIECE = {"x": "#d32f2f", "o": "#f9a825", ".": "var(--jp-layout-color2, #e0e0e0)"}


def board_html(game: ConnectFour, state: ConnectFourState, last: int | None = None) -> str:
    """The board as an HTML grid of discs (x red, o yellow), the last move's column marked."""
    rows = []
    for line in game.to_text(state).splitlines():
        cells = "".join(
            f"<td style='padding:3px'><div style='width:34px;height:34px;border-radius:50%;"
            f"background:{PIECE[mark]}'></div></td>"
            for mark in line.split()
        )
        rows.append(f"<tr>{cells}</tr>")
    marks = "".join(
        f"<td style='text-align:center'>{'▲' if c == last else c}</td>" for c in range(game.cols)
    )
    return (
        "<table style='background:#1565c0;border-radius:8px;border-collapse:separate'>"
        f"{''.join(rows)}</table><table><tr>{marks}</tr></table>{legend()}"
    )


def _disc(mark: str) -> str:
    return (
        "<span style='display:inline-block;width:14px;height:14px;border-radius:50%;"
        f"vertical-align:-2px;background:{PIECE[mark]}'></span>"
    )


# which colour is which player (x moves first)
def legend() -> str:
    """The key under the board: which disc is which player (in the chosen language)."""
    return f"<div class='ck-legend'>{say('widgets.c4.legend', x=_disc('x'), o=_disc('o'))}</div>"


FEATURES = "features (open twos, threes, threats, centre)"


class ConnectFourBoard(StaticPreview, widgets.HBox):
    """A Connect Four board against the engine (see the module docstring).

    Parts: ``columns`` (a button per column), ``limit`` (depth or time per
    move), ``depth``, ``seconds``, ``evaluation`` (the features' EVAL or the
    course-style open lines), ``weight_of`` and ``weight`` (one weight of the
    features' EVAL), ``side``, ``new_game``, ``board``, ``status``,
    ``plan`` (the limit of the next search and the chosen EVAL of the board), ``report``
    (depth reached, nodes, principal variation) and ``feedback``.
    """

    def __init__(
        self,
        rows: int = 6,
        cols: int = 7,
        k: int = 4,
        *,
        depth: int = 4,
        seconds: float = 1.0,
        human: Player = MAX,
    ) -> None:
        self.game = ConnectFour(rows=rows, cols=cols, k=k)
        self.state: ConnectFourState = self.game.initial
        self.last_search: SearchResult | None = None
        self.last_column: int | None = None
        self._evaluations = {
            FEATURES: connect_four_evaluation(self.game),
            "open lines (the course's e(p))": self.game.evaluate,
        }
        self.columns = []
        for c in range(cols):
            button = widgets.Button(description=f"↓{c}", layout=widgets.Layout(width="40px"))
            button.add_class("ck-column")
            button.on_click(lambda _, c=c: self.play(c))
            self.columns.append(button)
        self.limit = widgets.ToggleButtons(
            options=[(say("widgets.c4.by_depth"), "depth"), (say("widgets.c4.by_time"), "time")],
            value="depth", description=say("widgets.c4.limit"),
            style={"description_width": "initial", "button_width": "auto"},
        )  # fmt: skip
        self.limit.add_class("ck-limit").add_class(INLINE)
        self.depth = widgets.IntSlider(
            value=depth, min=1, max=10, description=say("widgets.c4.depth"),
            continuous_update=False,
            style={"description_width": "initial"}, layout=widgets.Layout(width="260px"),
        )  # fmt: skip
        self.depth.add_class("ck-depth")
        self.seconds = widgets.FloatSlider(
            value=seconds, min=0.1, max=5.0, step=0.1, description=say("widgets.c4.seconds"),
            continuous_update=False, style={"description_width": "initial"},
            layout=widgets.Layout(width="260px"),
        )  # fmt: skip
        self.seconds.add_class("ck-seconds")
        self.evaluation = widgets.Dropdown(
            options=[(say(f"widgets.c4.eval.{i}"), name)
                     for i, name in enumerate(self._evaluations)],
            description="EVAL",
            style={"description_width": "initial"}, layout=widgets.Layout(width="360px"),
        )  # fmt: skip
        self.evaluation.add_class("ck-evaluation")
        # one weight of the features' EVAL at a time: which feature, and its weight
        features = self._evaluations[FEATURES]
        labelled = [(feature_label(n), n) for n in features.names]  # shown, and its value
        self.weight_of = widgets.Dropdown(
            options=labelled, value="threats", description=say("widgets.c4.weight_of"),
            style={"description_width": "initial"}, layout=widgets.Layout(width="220px"),
        )  # fmt: skip
        self.weight_of.add_class("ck-weight-of")
        self.weight = widgets.FloatSlider(
            value=self._weight(), min=0.0, max=32.0, step=0.5, description="w",
            continuous_update=False, style={"description_width": "initial"},
            layout=widgets.Layout(width="260px"),
        )  # fmt: skip
        self.weight.add_class("ck-weight")
        self.side = widgets.ToggleButtons(
            options=[(say("widgets.c4.x_first"), MAX), ("o", MIN)], value=human,
            description=say("widgets.i_play"),
            style={"description_width": "initial", "button_width": "auto"},
        )  # fmt: skip
        self.side.add_class("ck-side").add_class(INLINE)
        self.new_game = widgets.Button(description=say("widgets.new_game"))
        self.new_game.add_class("ck-new-game")
        self.board = widgets.HTML()
        self.board.add_class("ck-board")
        self.status = widgets.HTML()
        self.status.add_class("ck-status")
        self.plan = widgets.HTML()
        self.plan.add_class("ck-plan")
        self.report = widgets.HTML()
        self.report.add_class("ck-result")
        self.feedback = Feedback()
        left = widgets.VBox(
            [widgets.HBox(self.columns), self.board, self.status, self.feedback],
            layout=widgets.Layout(flex="0 0 auto"),
        )
        right = widgets.VBox(
            [self.side, self.limit, self.depth, self.seconds, self.evaluation,
             widgets.HBox([self.weight_of, self.weight]), self.plan, self.new_game, self.report],
            layout=widgets.Layout(flex="1 1 auto", min_width="0"),
        )  # fmt: skip
        super().__init__([left, right])
        self.add_class("ck-connect-four")
        needs_kernel(left.children[0], *right.children[:6], self.new_game)  # a game: Python's
        self.new_game.on_click(lambda _: self.restart())
        self.side.observe(lambda _: self.restart(), names="value")
        for control in (self.limit, self.depth, self.seconds, self.evaluation):
            control.observe(lambda _: self._show_plan(), names="value")
        self.weight_of.observe(self._choose_weight, "value")
        self.weight.observe(lambda change: self.set_weight(change["new"]), names="value")
        self.restart()

    def _choose_weight(self, _: object) -> None:
        self.weight.value = self._weight()
        self._show_plan()  # says which weight the slider now edits

    def _weight(self) -> float:
        features = self._evaluations[FEATURES]
        return features.features[features.names.index(self.weight_of.value)].weight

    def set_weight(self, weight: float) -> None:
        """Give the feature chosen in ``weight_of`` the weight ``weight`` in the features'
        EVAL (the engine's next search uses it)."""
        features = self._evaluations[FEATURES]
        self._evaluations[FEATURES] = features.with_weights({self.weight_of.value: weight})
        self._show_plan()

    @property
    def human(self) -> Player:
        return self.side.value

    def restart(self) -> None:
        """An empty board; the engine opens when the person plays o."""
        self.state = self.game.initial
        self.last_column = None
        self.last_search = None
        self.report.value = ""
        self._refresh()
        if self.game.to_move(self.state) is not self.human:
            self.engine_move()

    def play(self, column: int) -> None:
        """The person drops a piece into ``column``; the engine answers."""
        game = self.game
        if game.is_terminal(self.state) or game.to_move(self.state) is not self.human:
            self.feedback.problem(say("widgets.c4.not_your_turn"))
            return
        if column not in game.actions(self.state):
            self.feedback.problem(say("widgets.c4.full", column=column))
            return
        self.feedback.clear()
        self.state = game.result(self.state, column)
        self.last_column = column
        self._refresh()
        if not game.is_terminal(self.state):
            self.engine_move()

    def engine_move(self) -> None:
        """The engine searches the position on the board and plays its move."""
        self.status.value = f"<i>{say('widgets.c4.thinking')}</i>"
        options: dict[str, Any] = {"evaluate": self._evaluations[self.evaluation.value]}
        search = "alpha-beta" if "alpha-beta" in algorithms() else "minimax"
        if self.limit.value == "time":
            options["seconds"] = self.seconds.value
        else:
            options["max_depth"] = self.depth.value
        result = iterative_deepening(self.game, self.state, search=search, **options)
        self.last_search = result
        self.state = self.game.result(self.state, result.move)
        self.last_column = result.move
        self.report.value = self._report(result)
        self._refresh()

    def _report(self, r: SearchResult) -> str:
        pv = moves_text(self.game, r.pv) or "—"
        timed = say("widgets.c4.timed_out") if getattr(r, "timed_out", False) else ""
        report = say(
            "widgets.c4.report",
            depth=r.depth_limit,
            timed=timed,
            nodes=r.stats.nodes,
            seconds=f"{r.stats.seconds:.2f}",
            value=number_text(r.value),
            pv=html.escape(pv),
        )
        return f"<div>{html.escape(algorithm_label(r.algorithm))}<br>{report}</div>"

    def _show_plan(self) -> None:
        """What the engine will do next, and the chosen EVAL of the position on the board."""
        if self.limit.value == "time":
            limit = say("widgets.c4.per_move", seconds=f"{self.seconds.value:.1f}")
        else:
            limit = say("stats.depth", depth=self.depth.value)
        name = self.evaluation.value
        value = self._evaluations[name](self.state)
        chosen = self.weight_of.value  # the weight the slider edits stands out
        weights = " + ".join(
            f"<b>{number_text(f.weight)}·{html.escape(feature_label(f.name))}</b>"
            if f.name == chosen
            else html.escape(f"{number_text(f.weight)}·{feature_label(f.name)}")
            for f in self._evaluations[FEATURES].features
        )
        index = list(self._evaluations).index(name)
        short = say(f"widgets.c4.eval.{index}").split(" (")[0].split("（")[0]
        plan = say(
            "widgets.c4.plan",
            limit=limit,
            name=html.escape(short),
            value=number_text(value),
            weights=weights,
            chosen=html.escape(feature_label(chosen)),
        )
        self.plan.value = f"<div>{plan}</div>"

    def _refresh(self) -> None:
        self._show_plan()
        game, state = self.game, self.state
        self.board.value = board_html(game, state, self.last_column)
        over = game.is_terminal(state)
        for button in self.columns:
            button.disabled = over
        if over:
            value = game.utility(state, MAX)
            key = "x_wins" if value > 0 else "o_wins" if value < 0 else "a_draw"
            self.status.value = f"<b>{say('widgets.c4.over', result=say('widgets.c4.' + key))}</b>"
        else:
            mover = "x" if game.to_move(state) is MAX else "o"
            yours = game.to_move(state) is self.human
            self.status.value = say(
                "widgets.c4.yours" if yours else "widgets.c4.engines", mover=mover
            )
