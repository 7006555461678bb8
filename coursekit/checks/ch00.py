"""Checks for the warm-up exercises of ``00_start_here``: the size of a complete game tree."""

from __future__ import annotations

import random
from collections.abc import Callable

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
from coursekit.games import tree_size
from coursekit.text import say


def _check_count(answer: object, expected: int, kind: str) -> None:
    """``kind`` is ``"leaves"`` or ``"nodes"`` (messages ``ch00.<kind>``, ``ch00.one.<kind>``)."""
    what, formula = say(f"ch00.{kind}"), say(f"ch00.formula.{kind}")
    answered(answer)
    require_type(answer, int, say("ch00.number_of", what=what))
    require(answer > 0, say("ch00.positive", one=say(f"ch00.one.{kind}")))
    if answer > expected:
        fail(say("ch00.too_many", what=what, formula=formula))
    require(answer == expected, say("ch00.too_few", what=what, formula=formula))
    passed()


def check_leaf_count(b: int, m: int, answer: object) -> None:
    """Check the number of leaves of the complete tree with branching ``b`` and depth ``m``."""
    leaves, _ = tree_size(b, m)
    _check_count(answer, leaves, "leaves")


def check_node_count(b: int, m: int, answer: object) -> None:
    """Check the number of nodes of the complete tree with branching ``b`` and depth ``m``."""
    _, nodes = tree_size(b, m)
    _check_count(answer, nodes, "nodes")


def _tree_size_cases(seed: int | None = None, count: int = 60) -> list[tuple[int, int]]:
    """The edge cases first (a single node, a path), then seeded random trees.

    ``seed=None`` gives the cases of the student's notebook; the grader's
    hidden cases (another seed) add more edge cases and larger trees.
    """
    if seed is None:
        rng = random.Random(0)
        cases = [(1, 0), (7, 0), (1, 6), (2, 1), (10, 3)]
        return cases + [(rng.randint(1, 9), rng.randint(0, 9)) for _ in range(count)]
    rng = random.Random(seed)
    cases = [(1, 0), (1, 1), (1, 9), (12, 0), (2, 12), (13, 4)]
    return cases + [(rng.randint(1, 15), rng.randint(0, 12)) for _ in range(count)]


def _same_size(got: object, expected: tuple[int, int]) -> bool:
    return isinstance(got, (tuple, list)) and tuple(got) == expected


def _not_a_pair(got: object, b: int, m: int) -> str | None:
    """The hint for a result that is not a (leaves, nodes) pair (``None`` when it is one)."""
    if isinstance(got, (tuple, list)) and len(got) == 2:
        return None
    return say("ch00.not_a_pair", got=answer_text(got))


def check_tree_size(
    function: Callable[[int, int], tuple[int, int]], seed: int | None = None
) -> None:
    """Check a student's ``function(b, m) -> (leaves, nodes)`` on many seeded random trees
    (``seed``: another set of cases, as the grader uses)."""
    answered(function)
    require(callable(function), say("ch00.not_a_function"))
    run_cases(
        function,
        tree_size,
        _tree_size_cases(seed),
        _describe_tree,
        same=_same_size,
        diagnose=_not_a_pair,
    )
    passed()


def _describe_tree(b: int, m: int) -> str:
    return say("ch00.tree", b=b, m=m)


def check_affordable_depth(b: int, budget: int, answer: object) -> None:
    """Check the greatest depth m whose complete tree has at most ``budget`` leaves."""
    answered(answer)
    require_type(answer, int, say("ch00.depth"))
    require(answer >= 0, say("ch00.negative_depth"))
    leaves, _ = tree_size(b, answer)
    require(leaves <= budget, say("ch00.too_deep"))
    deeper, _ = tree_size(b, answer + 1)
    require(deeper > budget, say("ch00.too_shallow"))
    passed()


# --- how the instructor's grader reads each part (see coursekit.checks.parts) ---------------

EXERCISE = "00_start_here"
PARTS = {
    1: Value(("leaves",), lambda leaves: check_leaf_count(b=4, m=5, answer=leaves)),
    2: Value(("nodes",), lambda nodes: check_node_count(b=3, m=6, answer=nodes)),
    3: Function("complete_tree_size", check_tree_size, forbidden=("coursekit.games.",)),
    4: Value(
        ("depth",), lambda depth: check_affordable_depth(b=40, budget=180 * 10**9, answer=depth)
    ),
}
