"""Checks for exercise set 06 (beyond α-β: negamax, transposition tables, killer moves).

Every expected answer is computed here with coursekit's own searches
(:func:`~coursekit.search.minimax`, :func:`~coursekit.search.negamax`); a
student's function is run on many seeded random trees. Hints say what is
wrong, never what is right; the usual mistakes are modelled by
:func:`mistaken_negamax` and :func:`exact_only_table_value`, so that a
function behaving like one of them gets the hint that names it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from coursekit.checks.common import answered, call_student, fail, passed, require
from coursekit.checks.parts import Function, Value
from coursekit.games import MAX, MIN, ConnectFour, GameTree
from coursekit.search import minimax, negamax

INF = math.inf


def random_trees(count: int = 150, seed: int = 6) -> list[GameTree]:
    """The seeded trees a student's search is checked on, smallest first.

    Both players at the root, ragged trees, trees with ties (values 0 … 3) and
    a single leaf.
    """
    rng = random.Random(seed)
    trees = [
        GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
        GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MIN),
        GameTree.from_nested(7),
        GameTree.from_nested(7, root=MIN),
    ]
    while len(trees) < count:
        trees.append(
            GameTree.random(
                branching=rng.choice([2, 3, (1, 3), (2, 4)]),
                depth=rng.randint(1, 5),
                seed=rng.randrange(10**9),
                values=rng.choice([(-9, 9), (0, 3), (-20, 20)]),
                root=rng.choice([MAX, MIN]),
            )
        )
    return sorted(trees, key=len)


def _describe(tree: GameTree) -> str:
    text = tree.to_spec() if len(tree) <= 40 else f"a random tree of {len(tree)} nodes"
    return f"{text} with {tree.root_player} to move at the root"


# --- part 1: negamax ----------------------------------------------------------------------


def mover_value(tree: GameTree) -> float:
    """The root's minimax value seen by the player to move there (negamax's answer)."""
    value = minimax(tree).value
    return value if tree.root_player is MAX else -value


NEGAMAX_MISTAKES = {
    "no negation": (
        "it takes the largest child value without negating it. A child's value is seen by the "
        "other player: turn it into the parent's view with a minus sign, −value(child)."
    ),
    "leaf from MAX": (
        "it values every leaf from MAX's side. In negamax a leaf is valued by the player to "
        "move there: game.utility(state, game.to_move(state))."
    ),
    "leaf negated": (
        "it negates the leaf values from the wrong side: a leaf is valued for the player to "
        "move there, game.utility(state, game.to_move(state)), with no extra minus sign."
    ),
}
"""The usual mistakes in writing negamax, with the hint each one gets."""


def mistaken_negamax(game: Any, state: Any, mistake: str) -> float:
    """Negamax written with one of the :data:`NEGAMAX_MISTAKES` (a plain recursion).

    >>> tree = GameTree.from_nested([[3, 12], [2, 4]])
    >>> mistaken_negamax(tree, tree.initial, "no negation")
    12
    """
    if mistake not in NEGAMAX_MISTAKES:
        raise ValueError(f"mistake must be one of {', '.join(NEGAMAX_MISTAKES)}, got {mistake!r}")

    def value(s: Any) -> float:
        if game.is_terminal(s):
            if mistake == "leaf from MAX":
                return game.utility(s, MAX)
            mine = game.utility(s, game.to_move(s))
            return -mine if mistake == "leaf negated" else mine
        sign = 1 if mistake == "no negation" else -1
        return max(sign * value(game.result(s, a)) for a in game.actions(s))

    return value(state)


def check_negamax_function(
    negamax_value: Callable[..., float] | None, seed: int | None = None
) -> None:
    """Check ``negamax_value(game, state)`` on 150 seeded trees.

    It must return the root's minimax value seen by the player to move at the
    root (MAX's value at a MAX root, minus it at a MIN root). ``seed``: other
    trees (the grader's hidden cases).
    """
    answered(negamax_value)
    require(callable(negamax_value), "negamax_value should be a function (game, state) → value.")
    trees = random_trees() if seed is None else random_trees(seed=seed)
    got = [
        call_student(negamax_value, (tree, tree.initial), lambda g, s: _describe(g))
        for tree in trees
    ]
    right = [mover_value(tree) for tree in trees]
    if got == right:
        passed()
        return
    for mistake, hint in NEGAMAX_MISTAKES.items():
        if got == [mistaken_negamax(t, t.initial, mistake) for t in trees]:
            fail(f"Your function gives the values of negamax written so that {hint}")
    tree, value = next((t, g) for t, g, r in zip(trees, got, right, strict=True) if g != r)
    fail(
        f"On {_describe(tree)}, your function returns {value!r}, not the value for the player "
        "to move at the root. Value each node from its mover's side: the largest of the "
        "children's negated values."
    )


# --- part 2: the transposition table's bug -------------------------------------------------

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


def windows(tree: GameTree, rng: random.Random) -> list[tuple[float, float]]:
    """The root windows a table search is run with on ``tree``, one table for all of them.

    Narrow windows first, some below and some above the true value, so that
    the table fills with bounds; then the full window, whose answer must be
    exact.
    """
    value = minimax(tree).value
    out = []
    for _ in range(3):
        low = value + rng.choice([-3, -2, -1, 0, 1, 2])
        out.append((low, low + rng.choice([1, 1, 2])))
    out.append((-INF, INF))
    return out


def _sound(result: Any, value: float, alpha: float, beta: float) -> bool:
    """Is ``result`` what fail-soft α-β may answer with window (alpha, beta)?"""
    if isinstance(result, bool) or not isinstance(result, (int, float)):
        return False
    if result <= alpha:
        return value <= result
    if result >= beta:
        return value >= result
    return result == value


def _window_text(alpha: float, beta: float) -> str:
    def text(x: float) -> str:
        return "∞" if x == INF else "-∞" if x == -INF else f"{x:g}"

    return f"({text(alpha)}, {text(beta)})"


def check_table_function(table_value: Callable[..., float] | None, seed: int | None = None) -> None:
    """Check ``table_value(game, state, alpha, beta, table)`` on 150 seeded trees.

    On each tree one table (a dictionary) serves several searches of the root
    with narrow windows and then the full window. Every answer must be what
    fail-soft α-β may answer: the exact value when it lies inside the window,
    an upper bound at or below α, a lower bound at or above β.
    """
    answered(table_value)
    require(
        callable(table_value),
        "table_value should be a function (game, state, alpha, beta, table) → value.",
    )
    rng = random.Random(66 if seed is None else seed)
    trees = random_trees(seed=6 if seed is None else seed)
    for tree in trees:
        value = minimax(tree).value
        table: dict = {}
        buggy_table: dict = {}
        answers, buggy = [], []
        for alpha, beta in windows(tree, rng):
            got = call_student(
                table_value,
                (tree, tree.initial, alpha, beta, table),
                lambda g, s, a, b, t: f"{_describe(g)}, window {_window_text(a, b)}",
            )
            answers.append(got)
            buggy.append(exact_only_table_value(tree, tree.initial, alpha, beta, buggy_table))
            if _sound(got, value, alpha, beta):
                continue
            where = f"On {_describe(tree)}, searched with the window {_window_text(alpha, beta)}"
            if answers == buggy:
                fail(
                    f"{where} after other searches with the same table, your function returns "
                    f"{got!r}, which fail-soft α-β cannot return there. An entry stored after a "
                    "search with a narrow window answered as if it were exact: a result at or "
                    "below α is only an upper bound, at or above β only a lower bound. Store "
                    "the flag that fits the window the node was searched with."
                )
            fail(
                f"{where}, your function returns {got!r}, which fail-soft α-β cannot return "
                "there: inside the window the answer must be exact, at or below α an upper "
                "bound, at or above β a lower bound."
            )
    passed()


# --- part 3: killer moves -----------------------------------------------------------------

KILLER_MOVES = (3, 3, 2, 4)
"""The Connect Four moves (columns) played before the position of part 3."""

KILLER_DEPTH = 6
"""The depth of part 3's searches."""

PREDICTIONS = ("fewer", "same", "more")


def killer_position() -> tuple[ConnectFour, Any]:
    """The game and the position of part 3."""
    game = ConnectFour()
    state = game.initial
    for column in KILLER_MOVES:
        state = game.result(state, column)
    return game, state


def killer_counts() -> tuple[int, int]:
    """Nodes searched by negamax at :data:`KILLER_DEPTH` without and with killer moves."""
    game, state = killer_position()
    without = negamax(game, state, depth=KILLER_DEPTH).stats.nodes
    with_killers = negamax(game, state, depth=KILLER_DEPTH, killers=True).stats.nodes
    return without, with_killers


def check_prediction(prediction: Any) -> None:
    """Any of ``"fewer"``, ``"same"``, ``"more"`` is a prediction: the measurement decides."""
    answered(prediction)
    require(
        prediction in PREDICTIONS,
        f"Your prediction should be one of {', '.join(map(repr, PREDICTIONS))}.",
    )
    passed()


def check_killer_measurement(nodes_without: Any, nodes_with: Any) -> None:
    """Check the two node counts of part 3 against the package's own measurement."""
    answered(nodes_without)
    answered(nodes_with)
    without, with_killers = killer_counts()
    for name, answer in (("nodes_without", nodes_without), ("nodes_with", nodes_with)):
        require(
            isinstance(answer, int) and not isinstance(answer, bool),
            f"{name} should be a whole number of nodes (result.stats.nodes).",
        )
    if nodes_without == with_killers and nodes_with == without:
        fail("Your two counts are swapped: nodes_without is the search with killers=False.")
    require(
        nodes_without == without,
        f"nodes_without is not the count of negamax at depth {KILLER_DEPTH} without killer "
        "moves on this position: search the position itself (STATE) with depth="
        f"{KILLER_DEPTH} and read result.stats.nodes.",
    )
    require(
        nodes_with == with_killers,
        "nodes_with is not the count of the same search with killers=True: change nothing "
        "else (same position, same depth, no table, no history).",
    )
    passed()


# --- how the instructor's grader reads each part (see coursekit.checks.parts) ---------------

EXERCISE = "06_beyond_alphabeta"
PARTS = {
    1: Function("negamax_value", check_negamax_function, forbidden=("coursekit.search.",)),
    2: Function("table_value", check_table_function, forbidden=("coursekit.search.",)),
    3: Value(("prediction",), check_prediction),
    4: Value(("nodes_without", "nodes_with"), check_killer_measurement),
}
"""The parts of exercise set 06, for the instructor's grader."""
