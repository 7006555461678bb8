"""Exercise set 06's set-up material (no answers here).

The search shown with a bug to find (part 2) and the adapter that runs a
student's fixed version (:func:`observe_table`), the Connect Four position of
parts 3 and 4, and the small trees of the by-hand parts 5 to 9.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from coursekit.checks.common import call_student
from coursekit.games import MAX, ConnectFour, GameTree
from coursekit.text import say

INF = math.inf
EXACT, LOWER, UPPER = "exact", "lower", "upper"


def exact_only_table_value(game: Any, state: Any, alpha: float, beta: float, table: dict) -> float:
    """Fail-soft α-β for MAX with a transposition table ``table``: state → (flag, value).

    Part 2's search as given to the students (a bug is hidden in it).
    """
    if state in table:
        flag, stored = table[state]
        if flag == EXACT:
            return stored
        if flag == LOWER:
            alpha = max(alpha, stored)
        else:
            beta = min(beta, stored)
        if alpha >= beta:
            return stored
    if game.is_terminal(state):
        v = game.utility(state, MAX)
    elif game.to_move(state) is MAX:
        v = -INF
        for a in game.actions(state):
            v = max(v, exact_only_table_value(game, game.result(state, a), alpha, beta, table))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
    else:
        v = INF
        for a in game.actions(state):
            v = min(v, exact_only_table_value(game, game.result(state, a), alpha, beta, table))
            beta = min(beta, v)
            if alpha >= beta:
                break
    table[state] = (EXACT, v)
    return v


KILLER_MOVES = (3, 3, 2, 4)
"""The Connect Four moves (columns) before chapter 6's killer-move position."""

MEASURE_MOVES = (3, 4, 2, 2, 4)
"""The Connect Four moves (columns) played before the position of parts 3 and 4."""

KILLER_DEPTH = 6
"""The depth of part 4's searches."""


def killer_position() -> tuple[ConnectFour, Any]:
    """The game and the position of parts 3 and 4."""
    game = ConnectFour()
    state = game.initial
    for column in MEASURE_MOVES:
        state = game.result(state, column)
    return game, state


ASPIRATION_TREE = GameTree.from_nested([[5, 9], [7, 8], [2, 6]])
"""Part 5's tree (MAX at the root)."""
ASPIRATION_GUESS, ASPIRATION_DELTA = 3, 1
"""Part 5's guess and δ: the first window is (guess − δ, guess + δ)."""

PVS_TREE = GameTree.from_nested([[[3, 5], [6, 1]], [[7, 2], [9, 8]], [[4, 6], [8, 3]]])
"""Part 6's tree (MAX at the root)."""

MTDF_TREE = PVS_TREE
"""Part 7's tree: part 6's."""
MTDF_GUESS = 0
"""Part 7's first guess f."""

SSS_TREE = GameTree.from_nested([[4, 8, 3], [6, 2, 9], [5, 7, 1]])
"""Part 8's tree (MAX at the root)."""
SSS_STEP = 11
"""Part 8 asks for OPEN after this many steps (step 1 is Γ2 at the root)."""

BSTAR_SNAPSHOTS = [
    [(2, 7), (1, 6), (0, 5)],
    [(4, 7), (1, 4), (0, 3)],
    [(3, 5), (4, 6), (1, 2)],
    [(1, 3), (5, 8), (2, 5)],
    [(3, 6), (2, 6), (0, 1)],
]
"""Part 9: the (pessimistic, optimistic) bounds of the root's moves 0, 1, 2 at five moments."""


def describe(tree: GameTree) -> str:
    """A tree as a hint names it, in the chosen language."""
    if len(tree) <= 40:
        return say("ch06.tree", tree=tree.to_spec(), player=tree.root_player)
    return say("ch06.random_tree", nodes=len(tree), player=tree.root_player)


def window_text(alpha: float, beta: float) -> str:
    """A window as a hint writes it: (−∞, 3)."""

    def text(x: float) -> str:
        return "∞" if x == INF else "-∞" if x == -INF else f"{x:g}"

    return f"({text(alpha)}, {text(beta)})"


def observe_table(table_value: Callable[..., Any]) -> Callable[[GameTree, list], list]:
    """Part 2's adapter: the student's search run on one tree with several root windows in a
    row, sharing one table (a dictionary) as the exercise asks; its answers come back as a
    list, so that nothing the check needs travels in the table itself."""

    def on(tree: GameTree, windows: list) -> list:
        table: dict = {}
        return [
            call_student(
                table_value,
                (tree, tree.initial, alpha, beta, table),
                lambda g, s, a, b, t: say(
                    "ch06.tree_window", tree=describe(g), window=window_text(a, b)
                ),
            )
            for alpha, beta in windows
        ]

    return on
