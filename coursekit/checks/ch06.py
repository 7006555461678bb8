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
        call_student(negamax_value, (tree, tree.initial), lambda g, s: describe(g))
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
        f"On {describe(tree)}, your function returns {value!r}, not the value for the player "
        "to move at the root. Value each node from its mover's side: the largest of the "
        "children's negated values."
    )


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
    require(
        callable(table_value),
        "table_value should be a function (game, state, alpha, beta, table) → value.",
    )
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
            "Your function's answers did not all come back.",
        )
        buggy_table: dict = {}
        buggy = [exact_only_table_value(tree, tree.initial, a, b, buggy_table) for a, b in tried]
        for i, ((alpha, beta), got) in enumerate(zip(tried, answers, strict=True)):
            if _sound(got, value, alpha, beta):
                continue
            where = f"On {describe(tree)}, searched with the window {window_text(alpha, beta)}"
            if answers[: i + 1] == buggy[: i + 1]:
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
        f"Your prediction should be one of {', '.join(map(repr, PREDICTIONS))}.",
    )
    require(
        prediction.strip().lower() == measured_outcome(),
        "That is not what happens on this position. A killer move caused a cut at the same "
        "ply elsewhere in the tree: in Connect Four, where one threat or one block often "
        "decides many neighbouring positions, what does trying it first do to the number of "
        "moves searched before a cut? Then measure in (d).",
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
        "moves on this position: search the position itself (STATE, after MEASURE_MOVES) "
        "with depth="
        f"{KILLER_DEPTH} and read result.stats.nodes.",
    )
    require(
        nodes_with == with_killers,
        "nodes_with is not the count of the same search with killers=True: change nothing "
        "else (same position, same depth, no table, no history).",
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
        f"asp_outcome should be one of {', '.join(map(repr, OUTCOMES))}.",
    )
    if _words(outcome) != right_outcome:
        fail(
            f"The first search, with the window {window}, does not end as you say. It fails "
            "high when the value it returns is at or above β (the true value is at least "
            "that), low when at or below α (at most that), and succeeds only strictly inside."
        )
    if not same_number(bound, right_bound):
        if same_number(bound, right_value):
            fail(
                "asp_bound is the tree's true value, but the first search never finds it: it "
                f"stops at the first cut its window {window} allows and returns a bound."
            )
        if same_number(bound, alpha) or same_number(bound, beta):
            fail(
                "asp_bound is a bound of the window, as fail-hard α-β would return. The course's "
                "searches are fail-soft: a search returns the best value it found when it "
                "stopped, which may lie beyond the window."
            )
        fail(
            f"asp_bound is not the value the first search returns. Search the tree by α-β with "
            f"the window {window} (not −∞, +∞), left to right, and return v where it stops."
        )
    require(
        isinstance(searches, int) and not isinstance(searches, bool),
        "asp_searches should be a whole number of searches.",
    )
    if searches != right_searches:
        fail(
            "asp_searches is wrong. Count the first search and each re-search. After a failure "
            "the new window reaches to infinity on the failing side and starts at the bound "
            "found, so the re-search cannot fail the same way again."
        )
    require(
        same_number(value, right_value),
        "asp_value is wrong: aspiration search ends with the tree's minimax value, whatever "
        "the guess; only the work it takes depends on the window.",
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
        f"pvs_researched should hold moves at the root ({', '.join(kids)}); "
        f"{', '.join(unknown)} is not one.",
    )
    expected = set(researched_root_moves())
    if kids[0] in labels:
        fail(
            f"{kids[0]} is the first move: PVS searches it once, with the full window, and "
            "uses its value as α. Only the later moves get a zero-window test first."
        )
    if labels != expected and labels == set(kids[1:]):
        fail(
            "Not every later move is searched again: only one whose zero-window test fails "
            "high (its value may be above α). A test that fails low proves the move no better "
            "than α, and PVS moves on."
        )
    extra = sorted(labels - expected, key=kids.index)
    if extra:
        fail(
            f"The zero-window test of {extra[0]} fails low: it proves {extra[0]} no better than "
            "the α of that moment, so PVS does not search it again."
        )
    missing = sorted(expected - labels, key=kids.index)
    if missing:
        fail(
            "Your answer misses a move whose zero-window test fails high: PVS must search it "
            "again with the full window to learn its value. Keep α up to date as the moves go by."
        )
    answered(value)
    require(
        same_number(value, pvs(PVS_TREE).value),
        "pvs_value is wrong: PVS finds the root's minimax value, like α-β.",
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
        "mtdf_values should hold numbers: the value each pass returns.",
    )
    if len(got) == len(right) and all(map(same_number, got, right)):
        passed()
        return
    if got == fail_hard_passes(minimax(MTDF_TREE).value, MTDF_GUESS):
        fail(
            "Your passes move one step at a time, as fail-hard α-β would (each pass returning "
            "its test value or the one below). The passes are fail-soft: each returns the best "
            "value it found when it stopped, which may jump past the test value."
        )
    if got == right[:-1]:
        fail(
            "MTD(f) does not stop there: it stops only when the lower and the upper bound meet. "
            "After the pass that finds the value from one side, one more pass proves it from "
            "the other."
        )
    first = next(
        (i for i, (a, b) in enumerate(zip(got, right, strict=False)) if not same_number(a, b)),
        min(len(got), len(right)),
    )
    if first >= len(right):
        fail("Your table has too many passes: MTD(f) stops as soon as lower and upper meet.")
    if first >= len(got):
        fail("Your table stops too soon: MTD(f) goes on until lower and upper meet.")
    fail(
        f"Pass {first + 1} returns another value. Its test value β is the last value g returned "
        "(g + 1 when g is the lower bound); search with the window (β − 1, β) and keep the "
        "best value found (fail-soft)."
    )


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
            f"Each state of OPEN should be a triple (node, status, merit), not {entry!r}.",
        )
        node, status, merit = entry
        require(
            _words(status) in ("live", "solved"),
            f'A status is "live" or "solved", not {status!r}.',
        )
        got[str(node)] = (_words(status), _merit(merit))
    right = {node: (status, merit) for node, status, merit in open_after()}
    where = f"after {SSS_STEP} steps"
    for node in sorted(set(got) - set(right), key=str):
        if node not in SSS_TREE:
            fail(f"The tree has no node {node}: use the labels in the picture.")
        parent = SSS_TREE.parent(node)
        kids = SSS_TREE.children(parent) if parent is not None else ()
        if (
            parent is not None
            and SSS_TREE.player(parent) is MIN
            and kids.index(node) > 0
            and got[node][0] == "live"
        ):
            fail(
                f"{node} is not on OPEN {where}. Γ3 puts back only the first child of a MIN "
                "node; a later child enters OPEN by Γ4, once the child before it is SOLVED."
            )
        fail(f"{node} is not on OPEN {where}: follow the six cases step by step from the root.")
    missing = sorted(set(right) - set(got), key=str)
    if missing:
        many = "a state" if len(missing) == 1 else f"{len(missing)} states"
        fail(f"OPEN {where} holds {many} more than your list: follow the cases step by step.")
    for node in sorted(right, key=str):
        (status, merit), (right_status, right_merit) = got[node], right[node]
        if status != right_status:
            fail(
                f"The status of {node} is wrong {where}: a state is LIVE until a case looks at "
                "it (a leaf is then put back SOLVED by Γ1)."
            )
        if not same_number(merit, right_merit):
            if SSS_TREE.is_terminal(node) and same_number(merit, SSS_TREE.leaf_value(node)):
                fail(
                    f"The merit of {node} is its static value, but Γ1 puts a leaf back with "
                    "min(h, f(n)): the merit is an upper bound and never rises."
                )
            fail(
                f"The merit of {node} is wrong {where}: a state inherits the merit h of the "
                "state it came from (Γ2–Γ6), and Γ1 lowers it to min(h, f(n))."
            )
    passed()


# --- part 9: B*'s stopping rule --------------------------------------------------------------

BSTAR_MISTAKES = {
    "strict": (
        "you stop only when the best move's pessimistic bound passes the others' optimistic "
        "bounds strictly. A pessimistic bound equal to every rival's optimistic bound already "
        "proves the move (at least as good as any other)."
    ),
    "pessimistic": (
        "you compare the best move's pessimistic bound with the others' pessimistic bounds. "
        "A rival could still be worth as much as its optimistic bound: compare with those."
    ),
    "optimistic": (
        "you compare optimistic bounds only. The highest optimistic bound says which move "
        "may be best; proving it needs its pessimistic bound at or above every other move's "
        "optimistic bound."
    ),
}


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
        f"bstar_proved should hold one answer per moment: {len(BSTAR_SNAPSHOTS)} of them.",
    )
    got = [None if a is None else a for a in answers]
    require(
        all(a is None or (isinstance(a, int) and not isinstance(a, bool)) for a in got),
        "Each answer is the number of a move (0, 1 or 2) or None when B* must go on.",
    )
    right = proved_moves()
    if got == right:
        passed()
        return
    for mistake, hint in BSTAR_MISTAKES.items():
        if got == [mistaken_rule(s, mistake) for s in BSTAR_SNAPSHOTS]:
            fail(f"Your answers follow a wrong stopping rule: {hint}")
    moment = next(i for i, (a, b) in enumerate(zip(got, right, strict=True)) if a != b)
    fail(
        f"Your answer for moment {moment} is wrong. B* stops when one move's pessimistic "
        "bound is at least every other move's optimistic bound; the move is the one with the "
        "highest optimistic bound."
    )


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
