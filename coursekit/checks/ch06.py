"""Checks for exercise set 06 (beyond α-β: negamax, tables, killer moves, windows, best-first).

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

from coursekit.checks.common import (
    answer_text,
    answered,
    call_student,
    fail,
    passed,
    require,
    require_type,
    same_number,
)
from coursekit.checks.parts import Function, Value
from coursekit.checks.public.ch06 import (
    ASPIRATION_DELTA,
    ASPIRATION_GUESS,
    ASPIRATION_TREE,
    BSTAR_SNAPSHOTS,
    EXACT,  # noqa: F401 (the tests read it from here)
    KILLER_DEPTH,
    KILLER_MOVES,  # noqa: F401 (chapter 6 reads it from here)
    LOWER,  # noqa: F401
    MTDF_GUESS,
    MTDF_TREE,
    PVS_TREE,
    SSS_STEP,
    SSS_TREE,
    UPPER,  # noqa: F401
    describe,
    exact_only_table_value,
    killer_position,
    observe_table,
    window_text,
)
from coursekit.games import MAX, MIN, GameTree
from coursekit.search import aspiration, minimax, mtdf, negamax, pvs, sss_star
from coursekit.search.bstar import stopping_rule
from coursekit.search.result import ENTER, EXIT, LEAF
from coursekit.text import say

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


# --- part 1: negamax ----------------------------------------------------------------------


def mover_value(tree: GameTree) -> float:
    """The root's minimax value seen by the player to move there (negamax's answer)."""
    value = minimax(tree).value
    return value if tree.root_player is MAX else -value


NEGAMAX_MISTAKES = {
    "no negation": "ch06.negamax.no_negation",
    "leaf from MAX": "ch06.negamax.leaf_from_max",
    "leaf negated": "ch06.negamax.leaf_negated",
}
"""The usual mistakes in writing negamax, with the key of the hint each one gets."""


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
    require(callable(negamax_value), say("ch06.negamax.not_a_function"))
    trees = random_trees() if seed is None else random_trees(seed=seed)
    got = [
        call_student(negamax_value, (tree, tree.initial), lambda g, s: describe(g))
        for tree in trees
    ]
    right = [mover_value(tree) for tree in trees]
    if got == right:
        passed()
        return
    for mistake, hint in NEGAMAX_MISTAKES.items():
        if got == [mistaken_negamax(t, t.initial, mistake) for t in trees]:
            fail(say(hint))
    tree, value = next((t, g) for t, g, r in zip(trees, got, right, strict=True) if g != r)
    fail(say("ch06.negamax.wrong", tree=describe(tree), value=answer_text(value)))


# --- part 2: the transposition table's bug -------------------------------------------------


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


def check_table_function(table_value: Callable[..., float] | None, seed: int | None = None) -> None:
    """Check ``table_value(game, state, alpha, beta, table)`` on 150 seeded trees.

    On each tree one table (a dictionary) serves several searches of the root
    with narrow windows and then the full window. Every answer must be what
    fail-soft α-β may answer: the exact value when it lies inside the window,
    an upper bound at or below α, a lower bound at or above β.
    """
    answered(table_value)
    require(callable(table_value), say("ch06.table.not_a_function"))
    check_observed_table(observe_table(table_value), seed=seed)


def check_observed_table(
    observed: Callable[[GameTree, list], Any], seed: int | None = None
) -> None:
    """The judgement of :func:`check_table_function` on what :func:`observe_table` saw.

    ``observed(tree, windows)`` gives the answers of one table's searches, in order; the
    grader calls this with a replay of the answers recorded in the student's kernel.
    """
    rng = random.Random(66 if seed is None else seed)
    trees = random_trees(seed=6 if seed is None else seed)
    for tree in trees:
        value = minimax(tree).value
        tried = windows(tree, rng)
        answers = observed(tree, tried)
        require(
            isinstance(answers, list) and len(answers) == len(tried),
            say("ch06.table.lost_answers"),
        )
        buggy_table: dict = {}
        buggy = [exact_only_table_value(tree, tree.initial, a, b, buggy_table) for a, b in tried]
        for i, ((alpha, beta), got) in enumerate(zip(tried, answers, strict=True)):
            if _sound(got, value, alpha, beta):
                continue
            case = {"tree": describe(tree), "window": window_text(alpha, beta)}
            case["got"] = answer_text(got)
            if answers[: i + 1] == buggy[: i + 1]:
                fail(say("ch06.table.stored_as_exact", **case))
            fail(say("ch06.table.unsound", **case))
    passed()


# --- parts 3 and 4: killer moves, predicted and measured --------------------------------------

PREDICTIONS = ("fewer", "same", "more")


def killer_counts() -> tuple[int, int]:
    """Nodes searched by negamax at :data:`KILLER_DEPTH` without and with killer moves."""
    game, state = killer_position()
    without = negamax(game, state, depth=KILLER_DEPTH).stats.nodes
    with_killers = negamax(game, state, depth=KILLER_DEPTH, killers=True).stats.nodes
    return without, with_killers


def measured_outcome() -> str:
    """What the measurement of part 4 shows: ``"fewer"``, ``"same"`` or ``"more"`` nodes."""
    without, with_killers = killer_counts()
    return PREDICTIONS[(with_killers > without) - (with_killers < without) + 1]


def check_prediction(prediction: Any) -> None:
    """Check the prediction against what the package's negamax measures on the position."""
    answered(prediction)
    require(
        isinstance(prediction, str) and prediction.strip().lower() in PREDICTIONS,
        say("ch06.prediction.choices", choices=", ".join(map(repr, PREDICTIONS))),
    )
    require(
        prediction.strip().lower() == measured_outcome(),
        say("ch06.prediction.wrong"),
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
            say("ch06.killers.whole_number", name=name),
        )
    if nodes_without == with_killers and nodes_with == without:
        fail(say("ch06.killers.swapped"))
    require(
        nodes_without == without,
        say("ch06.killers.without_wrong", depth=KILLER_DEPTH),
    )
    require(
        nodes_with == with_killers,
        say("ch06.killers.with_wrong"),
    )
    passed()


# --- part 5: aspiration windows ------------------------------------------------------------

OUTCOMES = ("fail low", "inside", "fail high")


def _words(answer: Any) -> Any:
    """A typed outcome in one spelling: "Fail-High" → "fail high"."""
    if not isinstance(answer, str):
        return answer
    return " ".join(answer.strip().lower().replace("-", " ").replace("_", " ").split())


def aspiration_facts(
    tree: GameTree = ASPIRATION_TREE,
    guess: float = ASPIRATION_GUESS,
    delta: float = ASPIRATION_DELTA,
) -> tuple[str, float, int, float]:
    """(outcome of the first search, the value it returns, searches in all, final value).

    Read from the package: the first search is :func:`~coursekit.search.negamax` (fail-soft,
    as :func:`~coursekit.search.aspiration` runs it) with the window (guess − δ, guess + δ);
    the rest from :func:`~coursekit.search.aspiration` itself.
    """
    first = negamax(tree, alpha=guess - delta, beta=guess + delta).value
    r = aspiration(tree, guess=guess, window=delta)
    outcome = "fail high" if r.stats.fail_highs else "fail low" if r.stats.fail_lows else "inside"
    return outcome, first, 1 + r.stats.researches, r.value


def check_aspiration(outcome: Any, bound: Any, searches: Any, value: Any) -> None:
    """Check part 5: the first search's outcome and value, the number of searches, the value."""
    for answer in (outcome, bound, searches, value):
        answered(answer)
    right_outcome, right_bound, right_searches, right_value = aspiration_facts()
    alpha, beta = ASPIRATION_GUESS - ASPIRATION_DELTA, ASPIRATION_GUESS + ASPIRATION_DELTA
    window = window_text(alpha, beta)
    require(
        _words(outcome) in OUTCOMES,
        say("ch06.aspiration.outcomes", choices=", ".join(map(repr, OUTCOMES))),
    )
    if _words(outcome) != right_outcome:
        fail(say("ch06.aspiration.outcome_wrong", window=window))
    if not same_number(bound, right_bound):
        if same_number(bound, right_value):
            fail(say("ch06.aspiration.true_value", window=window))
        if same_number(bound, alpha) or same_number(bound, beta):
            fail(say("ch06.aspiration.fail_hard"))
        fail(say("ch06.aspiration.bound_wrong", window=window))
    require(
        isinstance(searches, int) and not isinstance(searches, bool),
        say("ch06.aspiration.searches_type"),
    )
    if searches != right_searches:
        fail(say("ch06.aspiration.searches_wrong"))
    require(
        same_number(value, right_value),
        say("ch06.aspiration.value_wrong"),
    )
    passed()


# --- part 6: PVS's zero-window re-searches ---------------------------------------------------


def researched_root_moves(tree: GameTree = PVS_TREE) -> list[str]:
    """The root's children that :func:`~coursekit.search.pvs` searches twice (read off its trace).

    Each later child is first searched with a zero window; those whose test fails high are
    entered a second time, with the full window, during the root's one visit.
    """
    r = pvs(tree, trace=True)
    entered = [e.path for e in r.trace.events if e.kind in (ENTER, LEAF) and len(e.path) == 1]
    return [r.trace.name(path) for path in dict.fromkeys(entered) if entered.count(path) > 1]


def check_pvs(researched: Any, value: Any) -> None:
    """Check part 6: the root's moves PVS searches again, and the root's value."""
    answered(researched)
    require_type(researched, (set, frozenset, list, tuple), "pvs_researched")
    labels = {str(label) for label in researched}
    kids = list(PVS_TREE.children(PVS_TREE.initial))
    unknown = sorted(labels - set(kids))
    require(
        not unknown,
        say("ch06.pvs.not_root_moves", moves=", ".join(kids), unknown=", ".join(unknown)),
    )
    expected = set(researched_root_moves())
    if kids[0] in labels:
        fail(say("ch06.pvs.first_move", move=kids[0]))
    if labels != expected and labels == set(kids[1:]):
        fail(say("ch06.pvs.not_every"))
    extra = sorted(labels - expected, key=kids.index)
    if extra:
        fail(say("ch06.pvs.fails_low", move=extra[0]))
    missing = sorted(expected - labels, key=kids.index)
    if missing:
        fail(say("ch06.pvs.missing"))
    answered(value)
    require(
        same_number(value, pvs(PVS_TREE).value),
        say("ch06.pvs.value_wrong"),
    )
    passed()


# --- part 7: MTD(f)'s passes -----------------------------------------------------------------


def mtdf_pass_values(tree: GameTree = MTDF_TREE, guess: float = MTDF_GUESS) -> list[float]:
    """The value each zero-window pass of :func:`~coursekit.search.mtdf` returns, in order.

    Read off its trace (no table, no deepening: the passes a person does by hand): each
    pass ends with the root's exit.
    """
    r = mtdf(tree, guess=guess, table=False, deepening=False, trace=True)
    return [e.value for e in r.trace.events if e.kind == EXIT and e.path == ()]


def fail_hard_passes(value: float, guess: float) -> list[float]:
    """MTD(f) with fail-hard zero windows on whole numbers: each pass moves the bound by one."""
    g, lower, upper, found = guess, -INF, INF, []
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = beta if value >= beta else beta - 1
        lower, upper = (g, upper) if value >= beta else (lower, g)
        found.append(g)
    return found


def check_mtdf(values: Any) -> None:
    """Check part 7: the values MTD(f)'s passes return, in order."""
    answered(values)
    require_type(values, (list, tuple), "mtdf_values")
    got = list(values)
    right = mtdf_pass_values()
    require(
        all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in got),
        say("ch06.mtdf.numbers"),
    )
    if len(got) == len(right) and all(map(same_number, got, right)):
        passed()
        return
    if got == fail_hard_passes(minimax(MTDF_TREE).value, MTDF_GUESS):
        fail(say("ch06.mtdf.fail_hard"))
    if got == right[:-1]:
        fail(say("ch06.mtdf.stops_early"))
    first = next(
        (i for i, (a, b) in enumerate(zip(got, right, strict=False)) if not same_number(a, b)),
        min(len(got), len(right)),
    )
    if first >= len(right):
        fail(say("ch06.mtdf.too_many"))
    if first >= len(got):
        fail(say("ch06.mtdf.too_soon"))
    fail(say("ch06.mtdf.pass_wrong", number=first + 1))


# --- part 8: SSS*'s OPEN list ---------------------------------------------------------------


def open_after(step: int = SSS_STEP, tree: GameTree = SSS_TREE) -> list[tuple[str, str, float]]:
    """OPEN after ``step`` steps of :func:`~coursekit.search.sss_star` (read off its trace)."""
    steps = sss_star(tree, trace=True).trace.steps
    return [(str(e.node), e.status, e.merit) for e in steps[step - 1].open]


def _merit(x: Any) -> Any:
    if isinstance(x, str) and x.strip().lower().lstrip("+") in ("inf", "∞", "infinity"):
        return INF
    return x


def check_sss_open(entries: Any) -> None:
    """Check part 8: OPEN after :data:`SSS_STEP` steps of SSS*, as (node, status, merit) triples.

    The order of the triples does not matter; statuses are "live" or "solved".
    """
    answered(entries)
    require_type(entries, (set, frozenset, list, tuple), "sss_open")
    got = {}
    for entry in entries:
        require(
            isinstance(entry, (list, tuple)) and len(entry) == 3,
            say("ch06.sss.not_a_triple", entry=answer_text(entry)),
        )
        node, status, merit = entry
        require(
            _words(status) in ("live", "solved"),
            say("ch06.sss.status", status=repr(status)),
        )
        got[str(node)] = (_words(status), _merit(merit))
    right = {node: (status, merit) for node, status, merit in open_after()}
    for node in sorted(set(got) - set(right), key=str):
        if node not in SSS_TREE:
            fail(say("ch06.sss.no_such_node", node=node))
        parent = SSS_TREE.parent(node)
        kids = SSS_TREE.children(parent) if parent is not None else ()
        if (
            parent is not None
            and SSS_TREE.player(parent) is MIN
            and kids.index(node) > 0
            and got[node][0] == "live"
        ):
            fail(say("ch06.sss.later_child", node=node, steps=SSS_STEP))
        fail(say("ch06.sss.not_on_open", node=node, steps=SSS_STEP))
    missing = sorted(set(right) - set(got), key=str)
    if missing:
        if len(missing) == 1:
            fail(say("ch06.sss.one_missing", steps=SSS_STEP))
        fail(say("ch06.sss.many_missing", steps=SSS_STEP, count=len(missing)))
    for node in sorted(right, key=str):
        (status, merit), (right_status, right_merit) = got[node], right[node]
        if status != right_status:
            fail(say("ch06.sss.status_wrong", node=node, steps=SSS_STEP))
        if not same_number(merit, right_merit):
            if SSS_TREE.is_terminal(node) and same_number(merit, SSS_TREE.leaf_value(node)):
                fail(say("ch06.sss.static_merit", node=node))
            fail(say("ch06.sss.merit_wrong", node=node, steps=SSS_STEP))
    passed()


# --- part 9: B*'s stopping rule --------------------------------------------------------------

BSTAR_MISTAKES = {
    "strict": "ch06.bstar.strict",
    "pessimistic": "ch06.bstar.pessimistic",
    "optimistic": "ch06.bstar.optimistic",
}
"""The usual wrong stopping rules of B*, with the key of the hint each one gets."""


def mistaken_rule(snapshot: list[tuple[float, float]], mistake: str) -> int | None:
    """The move a mistaken stopping rule calls proved (``None``: B* goes on)."""
    state = stopping_rule(snapshot)
    others = [pair for i, pair in enumerate(snapshot) if i != state.best]
    pessimistic, optimistic = snapshot[state.best]
    if mistake == "strict":
        proved = pessimistic > state.rival
    elif mistake == "pessimistic":
        proved = all(pessimistic >= p for p, _ in others)
    else:
        proved = all(optimistic > o for _, o in others)
    return state.best if proved else None


def proved_moves() -> list[int | None]:
    """For each snapshot of part 9, the move the stopping rule proves best, or ``None``."""
    states = [stopping_rule(snapshot) for snapshot in BSTAR_SNAPSHOTS]
    return [s.best if s.proved else None for s in states]


def check_bstar(answers: Any) -> None:
    """Check part 9: for each snapshot, the move B* has proved best (its number) or ``None``."""
    answered(answers)
    require_type(answers, (list, tuple), "bstar_proved")
    require(
        len(answers) == len(BSTAR_SNAPSHOTS),
        say("ch06.bstar.count", count=len(BSTAR_SNAPSHOTS)),
    )
    got = [None if a is None else a for a in answers]
    require(
        all(a is None or (isinstance(a, int) and not isinstance(a, bool)) for a in got),
        say("ch06.bstar.move_numbers"),
    )
    right = proved_moves()
    if got == right:
        passed()
        return
    for mistake, hint in BSTAR_MISTAKES.items():
        if got == [mistaken_rule(s, mistake) for s in BSTAR_SNAPSHOTS]:
            fail(say(hint))
    moment = next(i for i, (a, b) in enumerate(zip(got, right, strict=True)) if a != b)
    fail(say("ch06.bstar.moment_wrong", moment=moment))


# --- how the instructor's grader reads each part (see coursekit.checks.parts) ---------------

EXERCISE = "06_beyond_alphabeta"
PARTS = {
    1: Function("negamax_value", check_negamax_function, forbidden=("coursekit.search.",)),
    2: Function(
        "table_value",
        check_observed_table,
        adapt=observe_table,
        forbidden=("coursekit.search.",),
    ),
    3: Value(("prediction",), check_prediction, by_hand=True),
    4: Value(("nodes_without", "nodes_with"), check_killer_measurement),
    5: Value(
        ("asp_outcome", "asp_bound", "asp_searches", "asp_value"), check_aspiration, by_hand=True
    ),
    6: Value(("pvs_researched", "pvs_value"), check_pvs, by_hand=True),
    7: Value(("mtdf_values",), check_mtdf, by_hand=True),
    8: Value(("sss_open",), check_sss_open, by_hand=True),
    9: Value(("bstar_proved",), check_bstar, by_hand=True),
}
"""The parts of exercise set 06, for the instructor's grader."""
