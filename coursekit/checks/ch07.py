"""Checks for exercise set 07 (games of chance and Monte Carlo tree search).

Every expected answer is computed from the problem with coursekit's own
algorithms: :func:`~coursekit.search.expectiminimax` for the chance tree,
:func:`~coursekit.search.mcts.ucb1` for the selection, and the rule of
back-propagation for the counts. Hints (``coursekit/locale/*/ch07.json``)
say what is wrong, never what is right.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from numbers import Real
from typing import Any

from coursekit.checks.common import (
    answer_text,
    answered,
    fail,
    passed,
    require,
    require_type,
    run_cases,
)
from coursekit.checks.parts import Function, Value
from coursekit.checks.public.ch07 import CHILDREN, PLAYOUT_WINNER, ROOT_VISITS, TREE
from coursekit.games import MAX, MIN, ChanceTree
from coursekit.search.expectiminimax import expectiminimax
from coursekit.search.mcts import ucb1
from coursekit.text import say

UCB_TOLERANCE = 0.01
"""How far a UCB1 value worked out by hand may be from the exact one (two decimals)."""


def _number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _close(got: Any, expected: Any, tolerance: float = 1e-9) -> bool:
    return _number(got) and abs(float(got) - float(expected)) <= tolerance


# --- part 1: chance nodes by hand ----------------------------------------------------------


def check_chance_values(tree: ChanceTree, values: Any, move: Any) -> None:
    """Check the expected value of each of MAX's moves (the chance node below it) and
    MAX's move at the root of ``tree``."""
    answered(values)
    answered(move)
    moves = list(tree.actions(tree.initial))
    require_type(values, (list, tuple), say("ch07.values"))
    require(len(values) == len(moves), say("ch07.values_count", count=len(moves)))
    require(all(_number(v) for v in values), say("ch07.values_numbers"))
    for m, got in zip(moves, values, strict=True):
        chance = tree.result(tree.initial, m)
        expected = expectiminimax(tree, chance).value
        if _close(got, expected):
            continue
        worst = min(expectiminimax(tree, tree.result(chance, r)).value for r, _ in
                    tree.chance_outcomes(chance))  # fmt: skip
        if _close(got, worst):
            fail(say("ch07.chance_is_not_min", move=m))
        plain = sum(expectiminimax(tree, tree.result(chance, r)).value for r, _ in
                    tree.chance_outcomes(chance)) / len(tree.chance_outcomes(chance))  # fmt: skip
        if _close(got, plain):
            fail(say("ch07.weights", move=m))
        fail(say("ch07.chance_value", move=m))
    best = expectiminimax(tree).move
    require(move in moves, say("ch07.move_kind", moves=", ".join(map(str, moves))))
    require(move == best, say("ch07.best_move"))
    passed()


# --- part 2: selection by UCB1 -------------------------------------------------------------


def check_selection(
    children: Mapping[str, tuple[int, int]], parent_visits: int, ucb: Any, selected: Any
) -> None:
    """Check the UCB1 value of each child (two decimals) and the child selection picks."""
    answered(ucb)
    answered(selected)
    require_type(ucb, dict, say("ch07.ucb_dict"))
    require(set(ucb) == set(children), say("ch07.ucb_keys", keys=", ".join(sorted(children))))
    for move, (wins, visits) in children.items():
        require(_number(ucb[move]), say("ch07.ucb_number", move=move))
        expected = ucb1(wins, visits, parent_visits)
        if _close(ucb[move], expected, UCB_TOLERANCE):
            continue
        if _close(ucb[move], wins / visits, UCB_TOLERANCE):
            fail(say("ch07.ucb_no_bonus", move=move))
        fail(say("ch07.ucb_value", move=move))
    best = max(children, key=lambda m: ucb1(*children[m], parent_visits))
    require(selected in children, say("ch07.selected_kind", keys=", ".join(sorted(children))))
    if selected != best:
        most = max(children, key=lambda m: children[m][0] / children[m][1])
        if selected == most:
            fail(say("ch07.selected_by_mean"))
        fail(say("ch07.selected"))
    passed()


# --- part 3: the counts after back-propagation --------------------------------------------


def counts_after(
    children: Mapping[str, tuple[int, int]], parent_visits: int, winner: str
) -> dict[str, Any]:
    """The counts after one iteration through the child that UCB1 selects, whose new child's
    random playout ``winner`` ("MAX", "MIN" or "draw") wins: root visits, the selected
    child's and the new node's (wins, visits), each for the player who chose it."""
    selected = max(children, key=lambda m: ucb1(*children[m], parent_visits))
    reward = {MAX.value: 1, MIN.value: 0}.get(winner, Fraction(1, 2))  # for MAX
    wins, visits = children[selected]
    # MAX (the root's player) chose the child; MIN chose the new node below it
    return {
        "root": parent_visits + 1,
        selected: (wins + reward, visits + 1),
        "new": (1 - reward, 1),
    }


def check_counts(
    children: Mapping[str, tuple[int, int]], parent_visits: int, winner: str, after: Any
) -> None:
    """Check the counts after back-propagation (:func:`counts_after`)."""
    answered(after)
    expected = counts_after(children, parent_visits, winner)
    other = {MAX.value: MIN.value, MIN.value: MAX.value}.get(winner, winner)
    flipped = counts_after(children, parent_visits, other)  # each node from the wrong side
    keys = say("ch07.after_key_list", child=say("ch07.the_child"))
    require_type(after, dict, say("ch07.after_dict", keys=keys))
    picked = [key for key in after if key in children]
    require(
        {"root", "new"} <= set(after) and len(picked) == 1 and len(after) == 3,
        say("ch07.after_keys", keys=keys),
    )
    require(picked[0] in expected, say("ch07.after_child"))
    require(_close(after["root"], expected["root"]), say("ch07.root_visits"))
    for key in (picked[0], "new"):
        got = after[key]
        require(
            isinstance(got, (tuple, list)) and len(got) == 2 and all(_number(x) for x in got),
            say("ch07.pair", node=key),
        )
        wins, visits = expected[key]
        require(_close(got[1], visits), say("ch07.visits", node=key))
        if not _close(got[0], wins):
            if _close(got[0], flipped[key][0]):
                fail(say("ch07.perspective", node=key))
            fail(say("ch07.wins", node=key))
    passed()


# --- part 4: write expectiminimax ----------------------------------------------------------


def random_chance_trees(count: int = 150, seed: int = 7) -> list[ChanceTree]:
    """Seeded random trees with chance nodes: ragged, MAX or MIN at the root, ties allowed,
    a chance node at the root too sometimes."""
    rng = random.Random(seed)
    trees = [
        ChanceTree.from_nested(5),
        ChanceTree.from_nested(((Fraction(1, 3), 3), (Fraction(2, 3), [6, 0]))),
    ]
    while len(trees) < count:
        trees.append(
            ChanceTree.random(
                rng.randint(1, 5),
                branching=rng.randint(1, 3),
                outcomes=rng.randint(2, 3),
                chance=rng.choice([0.3, 0.5, 0.8]),
                leaf=rng.choice([0.0, 0.2]),
                values=(-5, 5),
                seed=rng.randrange(10**6),
                root=rng.choice([MAX, MIN]),
            )
        )
    return trees


def _describe(tree: ChanceTree, state: Any) -> str:
    return say("ch07.tree_case", tree=answer_text(tree.to_nested()))


def _exact_value(tree: ChanceTree, state: Any) -> Any:
    return expectiminimax(tree, state).value


def check_expectiminimax_function(
    expectiminimax_value: Callable[..., Any] | None, seed: int | None = None
) -> None:
    """Check ``expectiminimax_value(game, state)`` on 150 seeded random chance trees
    (``seed``: other trees, the grader's hidden cases)."""
    answered(expectiminimax_value)
    require(callable(expectiminimax_value), say("ch07.not_a_function"))
    trees = random_chance_trees() if seed is None else random_chance_trees(seed=seed)
    run_cases(
        expectiminimax_value,
        _exact_value,
        [(tree, tree.initial) for tree in trees],
        _describe,
        same=_close,
        diagnose=_diagnose,
    )
    passed()


def _diagnose(got: Any, tree: ChanceTree, state: Any) -> str | None:
    """A hint for a value that a usual mistake explains: a chance node taken as a plain
    mean, or as the choice of a player."""
    if not _number(got):
        return say("ch07.not_a_number", got=answer_text(got))
    for mistake in ("mean", "player"):
        if _close(got, _mistaken_value(tree, state, mistake)):
            return say(f"ch07.mistake.{mistake}", case=_describe(tree, state))
    return None


def _mistaken_value(tree: ChanceTree, state: Any, mistake: str) -> Any:
    """The value with every chance node valued wrongly: ``"mean"`` the unweighted mean of its
    outcomes, ``"player"`` the choice of the player named there (max for MAX, min for MIN)."""
    if tree.is_terminal(state):
        return tree.utility(state, MAX)
    if tree.is_chance(state):
        values = [_mistaken_value(tree, tree.result(state, r), mistake) for r, _ in
                  tree.chance_outcomes(state)]  # fmt: skip
        if mistake == "mean":
            return Fraction(sum(values), len(values))
        return max(values) if tree.to_move(state) is MAX else min(values)
    values = [_mistaken_value(tree, tree.result(state, a), mistake) for a in tree.actions(state)]
    return max(values) if tree.to_move(state) is MAX else min(values)


# --- how the instructor's grader reads each part (see coursekit.checks.parts) ---------------

EXERCISE = "07_chance_and_mcts"
PARTS = {
    1: Value(
        ("values", "move"),
        lambda values, move: check_chance_values(TREE, values, move),
        by_hand=True,
    ),
    2: Value(
        ("ucb", "selected"),
        lambda ucb, selected: check_selection(CHILDREN, ROOT_VISITS, ucb, selected),
        by_hand=True,
    ),
    3: Value(
        ("after",),
        lambda after: check_counts(CHILDREN, ROOT_VISITS, PLAYOUT_WINNER, after),
        by_hand=True,
    ),
    4: Function(
        "expectiminimax_value",
        check_expectiminimax_function,
        forbidden=("coursekit.search.",),
    ),
}
