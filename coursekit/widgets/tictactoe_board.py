"""Play tic-tac-toe against minimax or α-β and see why the computer chose its move.

The computer searches ``depth`` plies with the course's e(p) (and symmetry),
again after every reply. Beside the board: each candidate move with e(p) of
the position it makes and its backed-up value, and the search tree behind
the choice. Changing the depth searches the position on the board again at
once, for whoever is to move, so one position can be compared at depth 1, 2, 3….
With α-β (``algorithm="alpha-beta"`` or the Search buttons) the widget says
how many positions pruning saved against minimax; a move's value that α-β
only bounded is written ``≤1``.

>>> w = TicTacToeBoard(depth=2)
>>> w.cells[0].click()                    # × in the corner
>>> w.game.to_text(w.state)               # the computer (○) answered in the centre
'x . .\\n. o .\\n. . .'
>>> w.depth.value = 1                     # the position searched again, 1 ply deep
>>> w.last_search.depth_limit, w.last_search.move
(1, 2)
>>> w.algorithm.value = "alpha-beta"      # the same move, fewer positions valued
>>> w.last_search.move, w.last_search.stats.leaves < minimax(w.game, w.state, depth=1).stats.leaves
(2, True)
"""

from __future__ import annotations

import html
import math

import ipywidgets as widgets

from coursekit.draw.boards import MARK_O, MARK_X
from coursekit.draw.trees import draw_search
from coursekit.games.base import MAX, MIN, GameError, Player
from coursekit.games.tictactoe import TicTacToe, TicTacToeState
from coursekit.search.alphabeta import alphabeta
from coursekit.search.labels import algorithm_label
from coursekit.search.minimax import minimax
from coursekit.search.result import ENTER, EXIT, LEAF, SearchResult
from coursekit.text import number_text, say
from coursekit.widgets.base import INLINE, StaticPreview, SvgView, needs_kernel

MAX_TREE_NODES = 40
"""Draw the whole search tree up to this many nodes, else only its first level."""

_CELL = "border:1px solid #888;width:3.6em;height:2.9em;text-align:center;padding:0;line-height:1.1"


class TicTacToeBoard(StaticPreview, widgets.HBox):
    """A board of nine buttons, a depth slider, and the computer's reasoning.

    Parts: ``cells`` (nine buttons, cell 0 top left), ``depth``, ``side`` (which
    player the person is), ``algorithm`` (``"minimax"`` or ``"alpha-beta"``),
    ``new_game``, ``status``, ``candidates`` (an HTML
    table) and ``picture`` (the search tree). ``state`` is the position and
    ``last_search`` the :class:`SearchResult` shown: the computer's latest
    move, or the position searched again after a change of depth.
    """

    def __init__(self, depth: int = 2, human: Player = MAX, algorithm: str = "minimax") -> None:
        if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 9:
            raise GameError(say("widgets.ttt.bad_depth", depth=repr(depth)))
        if not isinstance(human, Player):
            raise GameError(say("widgets.ttt.bad_human", human=repr(human)))
        if algorithm not in ("minimax", "alpha-beta"):
            raise GameError(say("widgets.ttt.bad_algorithm", algorithm=repr(algorithm)))
        self.game = TicTacToe()
        self.state: TicTacToeState = self.game.initial
        self.last_search: SearchResult | None = None

        self.cells = []
        for i in range(9):
            cell = widgets.Button(
                description=" ",
                tooltip=say("widgets.ttt.cell", cell=i),
                layout=widgets.Layout(width="52px", height="52px"),
            )
            cell.add_class("ck-cell")
            cell.style.font_size = "22px"
            cell.on_click(lambda _, i=i: self.play(i))
            self.cells.append(cell)
        grid = widgets.GridBox(
            self.cells,
            layout=widgets.Layout(grid_template_columns="repeat(3, 56px)", grid_gap="2px"),
        )
        self.depth = widgets.IntSlider(
            value=depth,
            min=1,
            max=9,
            description=say("widgets.ttt.depth"),
            continuous_update=False,  # search once the slider is let go, not at every step
            style={"description_width": "initial"},
            layout=widgets.Layout(width="300px"),
        )
        self.depth.add_class("ck-depth")
        self.side = widgets.ToggleButtons(
            options=[(say("widgets.ttt.first", mark=MARK_X), MAX), (MARK_O, MIN)],
            value=human,
            description=say("widgets.i_play"),
            style={"description_width": "initial", "button_width": "auto"},
        )
        self.side.add_class("ck-side").add_class(INLINE)
        self.algorithm = widgets.ToggleButtons(
            options=[
                (algorithm_label("minimax"), "minimax"),
                (say("widgets.ttt.alpha_beta"), "alpha-beta"),
            ],
            value=algorithm,
            description=say("widgets.ttt.search"),
            style={"description_width": "initial", "button_width": "auto"},
        )
        self.algorithm.add_class("ck-search-algorithm").add_class(INLINE)
        self.new_game = widgets.Button(description=say("widgets.new_game"))
        self.new_game.add_class("ck-new-game")
        self.status = widgets.HTML()
        self.status.add_class("ck-status")
        self.candidates = widgets.HTML()
        self.candidates.add_class("ck-candidates")
        self.picture = SvgView()

        controls = widgets.VBox(
            [grid, self.side, self.algorithm, self.depth, self.new_game, self.status],
            layout=widgets.Layout(flex="0 0 auto", width="300px"),
        )
        # beside the board while the picture fits there at legible text (about 860 px wide
        # at the most), else under it, where it has the whole width
        search = widgets.VBox(
            [self.candidates, self.picture], layout=widgets.Layout(flex="1 1 860px", min_width="0")
        )
        search.add_class("ck-tictactoe-search")
        super().__init__([controls, search], layout=widgets.Layout(flex_flow="row wrap"))
        self.add_class("ck-tictactoe")
        needs_kernel(self.side, self.algorithm, self.depth, self.new_game)  # a game: Python's
        self.new_game.on_click(lambda _: self.restart())
        self.side.observe(lambda _: self.restart(), names="value")
        self.depth.observe(lambda _: self.analyse(), names="value")
        self.algorithm.observe(lambda _: self.analyse(), names="value")
        self.restart()

    @property
    def human(self) -> Player:
        return self.side.value

    # --- the game ------------------------------------------------------------------------

    def restart(self) -> None:
        """Clear the board; the computer opens when the person plays ○, else the empty
        board is searched for the person, as the course's first stage does."""
        self.state = self.game.initial
        self._refresh()
        if self.game.to_move(self.state) is not self.human:
            self.computer_move()
        else:
            self.analyse()

    def play(self, cell: int) -> None:
        """The person plays ``cell`` (0–8, row by row); the computer answers at once.

        A cell that cannot be played is named in the status line; the board stays.
        """
        game, state = self.game, self.state
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < 9:
            self._say(say("widgets.ttt.bad_cell", cell=repr(cell)))
            return
        if game.is_terminal(state):
            self._say(say("widgets.ttt.over_press"))
            return
        if game.to_move(state) is not self.human:
            self._say(say("widgets.ttt.wait"))
            return
        if cell not in game.actions(state):
            self._say(say("widgets.ttt.taken", cell=cell))
            return
        self.state = game.result(state, cell)
        self._refresh()
        if not game.is_terminal(self.state):
            self.computer_move()

    def computer_move(self) -> None:
        """Search from the current position and play the move the search chooses."""
        r = self._search_and_show(played=True)
        self.state = self.game.result(self.state, r.move)
        self._refresh()

    def analyse(self) -> None:
        """Search the position on the board at the chosen depth and show what the search
        sees for the player to move; nothing is played."""
        if self.game.is_terminal(self.state):
            self.last_search = None
            self.candidates.value = ""
            self.picture.show_text(say("widgets.ttt.over_search"))
            return
        self._search_and_show(played=False)

    def _search_and_show(self, played: bool) -> SearchResult:
        search = alphabeta if self.algorithm.value == "alpha-beta" else minimax
        with self.picture.busy_while():  # depth 9 from the empty board takes seconds
            r = search(self.game, self.state, depth=self.depth.value, symmetry=True, trace=True)
        self.last_search = r
        self.candidates.value = self.candidates_table(r, played)
        self.picture.show(self._tree_picture(r))
        return r

    # --- what the computer saw -----------------------------------------------------------

    def candidate_values(self, r: SearchResult) -> list[tuple[int, float, float]]:
        """(move, e(p) after it, backed-up value) for every legal move of the searched root.

        Moves the search skipped as symmetric copies get the value of their copy; moves α-β
        never generated (pruned at the root, after a win was found) are left out.
        """
        game, root = self.game, r.state
        by_key = {}
        for e in r.trace:
            if e.kind in (EXIT, LEAF) and len(e.path) == 1:
                by_key[game.key(game.result(root, e.path[0]))] = e.value
        rows = []
        for move in game.actions(root):
            child = game.result(root, move)
            if game.key(child) in by_key:
                rows.append((move, game.evaluate(child), by_key[game.key(child)]))
        return rows

    def candidate_bounds(self, r: SearchResult) -> dict[int, str]:
        """``"≤"`` / ``"≥"`` for each move whose value α-β only bounded (fell outside the
        window it was searched with), ``""`` where the value is exact (always for minimax)."""
        game, root = self.game, r.state
        window, sign = {}, {}
        for e in r.trace:
            if len(e.path) != 1:
                continue
            key = game.key(game.result(root, e.path[0]))
            if e.kind == ENTER or (e.kind == LEAF and e.alpha is not None):
                window[key] = (e.alpha, e.beta)
            if e.kind in (EXIT, LEAF) and key in window:
                alpha, beta = window[key]
                below = alpha is not None and alpha > -math.inf and e.value <= alpha
                above = beta is not None and beta < math.inf and e.value >= beta
                sign[key] = "≤" if below else "≥" if above else ""
        return {m: sign.get(game.key(game.result(root, m)), "") for m in game.actions(root)}

    def saved_text(self, r: SearchResult) -> str:
        """For an α-β search: how many positions it valued, and how many minimax would."""
        if r.algorithm != "alpha-beta":
            return ""
        full = minimax(self.game, r.state, depth=r.depth_limit, symmetry=True).stats
        saved = full.leaves - r.stats.leaves
        return say(
            "widgets.ttt.saved",
            leaves=r.stats.leaves,
            full=full.leaves,
            saved=saved,
            fewer=full.nodes - r.stats.nodes,
        )

    def candidates_table(self, r: SearchResult, played: bool = True) -> str:
        """What the search ``r`` saw, drawn like the board it searched: in each free cell the
        backed-up value of a move there (large) and e(p) of the position it makes; the move
        chosen (``played``) or the best one on yellow."""
        mover = self.game.to_move(r.state)
        mark = MARK_X if mover is MAX else MARK_O
        plies = say(
            "widgets.ttt.ply" if r.depth_limit == 1 else "widgets.ttt.plies", n=r.depth_limit
        )
        if played:
            head = say("widgets.ttt.computer_searched", mark=mark, plies=plies)
            best = say("widgets.ttt.its_choice")
        elif mover is self.human:
            head = say("widgets.ttt.searched_yours", mark=mark, plies=plies)
            best = say("widgets.ttt.best_move")
        else:
            head = say("widgets.ttt.searched_computers", mark=mark, plies=plies)
            best = say("widgets.ttt.best_move")
        found = {move: (e, value) for move, e, value in self.candidate_values(r)}
        bounds, saved = self.candidate_bounds(r), self.saved_text(r)
        if saved:
            saved = f'<span class="ck-saved">{html.escape(saved)}</span><br>'

        cells = []
        for i in range(9):
            if i not in found and i in self.game.actions(r.state):  # pruned at the root
                pruned = say("widgets.ttt.pruned")
                cells.append(f'<td style="{_CELL};color:#9a9a9a">–<br><small>{pruned}</small></td>')
                continue
            if i not in found:
                taken = MARK_X if r.state.x >> i & 1 else MARK_O
                cells.append(
                    f'<td style="{_CELL};color:var(--jp-content-font-color2,#666)">{taken}</td>'
                )
                continue
            e, value = found[i]
            chosen = ";background:#ffe08a;font-weight:bold;color:#1a1a1a"  # dark text, any theme
            style = _CELL + (chosen if i == r.move else "")
            cells.append(
                f'<td style="{style}" title="{say("widgets.ttt.cell", cell=i)}">'
                '<span style="font-size:1.35em">'
                f"{bounds[i]}{number_text(value)}</span><br><small>e(p) {number_text(e)}</small>"
                "</td>"
            )
        rows = "".join("<tr>" + "".join(cells[k : k + 3]) + "</tr>" for k in (0, 3, 6))
        return (
            '<div style="display:flex;gap:1.2em;align-items:center">'
            f'<table class="ck-candidates-table" style="border-collapse:collapse;margin:0">{rows}'
            f'</table><div style="line-height:1.4">'
            + say("widgets.ttt.head", head=head, stats=html.escape(str(r.stats)))
            + f"<br>{saved}<small>{say('widgets.ttt.legend', best=best)}</small>"
            "</div></div>"
        )

    def _tree_picture(self, r: SearchResult):
        max_depth = None if r.stats.nodes <= MAX_TREE_NODES else 1
        return draw_search(r, max_depth=max_depth, names=False)

    # --- showing the board ---------------------------------------------------------------

    def _refresh(self) -> None:
        game, state = self.game, self.state
        marks = [
            MARK_X if state.x >> i & 1 else MARK_O if state.o >> i & 1 else " " for i in range(9)
        ]
        over = game.is_terminal(state)
        for i, cell in enumerate(self.cells):
            cell.description = marks[i]
            cell.disabled = over or marks[i] != " "
        if over:
            winner = game.winner(state)
            if winner is None:
                self._say(say("widgets.draw"))
            else:
                self._say(say("widgets.you_win" if winner is self.human else "widgets.ttt.it_wins"))
        else:
            yours = game.to_move(state) is self.human
            self._say(say("widgets.ttt.your_turn" if yours else "widgets.ttt.its_turn"))

    def _say(self, text: str) -> None:
        self.status.value = f"<b>{html.escape(text)}</b>"
