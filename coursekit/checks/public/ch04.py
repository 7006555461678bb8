"""Exercise set 04's set-up material and the adapter of its α-β part (no answers here).

The trees the notebook draws, and :func:`observe`, the view of a student's
α-β that records its value and the leaves it evaluated (through a
:class:`LeafRecorder`), for the instructor's grader.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from coursekit.checks.common import call_student
from coursekit.games import MAX, GameTree
from coursekit.text import say

INF = math.inf

TREE = GameTree.from_nested(
    [
        [[[6, 9], [5, 7]], [[7, 8], [4, 2]]],
        [[[2, 9], [1, 7]], [[3, 5], [8]]],
        [[[8, 7], [9, 3]], [[8, 9], [4]]],
    ],
    root=MAX,
)
"""The tree of parts 1 and 2."""

ORDER_TREE = GameTree.from_nested(
    [
        [[14, 3, 22], [9, 26, 1], [17, 6, 11]],
        [[20, 2, 25], [7, 12, 18], [27, 5, 10]],
        [[4, 23, 15], [13, 21, 8], [16, 24, 19]],
    ],
    root=MAX,
)
"""The tree of part 4."""

DECK_TREE = GameTree.from_nested(
    [
        [
            [[[[0, 5], [-3, 3]], [[3], [-3, 0, 2], [-2, 3]]]],
            [[[[5, 2], [5, -5]]], [[[0, 1]]]],
        ],
        [
            [[[[5, 1], [-3, 0]]], [[[-5, 5]], [[-3, 3]]]],
            [[[[2]]]],
        ],
    ],
    root=MAX,
)
"""Part 5's tree, of the form of the AND/OR deck's six-level α-β figure (its figure 3.19).

The deck's text keeps none of that figure's values, so this tree is the course's, built to
its form: MAX squares and MIN circles, the six levels read as six moves below the root (seven
rows of nodes with the root), a node with a single child where such a figure draws one line
down to the next row. Its 25 tips, left to right, are
0 5 −3 3 3 −3 0 2 −2 3 5 2 5 −5 0 1 5 1 −3 0 −5 5 −3 3 2.
"""


class LeafRecorder:
    """A game that passes every question on to ``game`` and notes each leaf valued, in order.

    A student's search values a leaf by asking ``utility`` (or ``evaluate``);
    the recorder keeps those leaves in :attr:`leaves`.
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self.initial = game.initial
        self.leaves: list[Any] = []

    def to_move(self, state: Any) -> Any:
        return self.game.to_move(state)

    def actions(self, state: Any) -> Sequence[Any]:
        return self.game.actions(state)

    def result(self, state: Any, action: Any) -> Any:
        return self.game.result(state, action)

    def is_terminal(self, state: Any) -> bool:
        return self.game.is_terminal(state)

    def utility(self, state: Any, player: Any = MAX) -> float:
        self.leaves.append(state)
        return self.game.utility(state, player)

    def evaluate(self, state: Any) -> float:
        self.leaves.append(state)
        return self.game.evaluate(state)

    def leaf_value(self, state: Any) -> float:
        self.leaves.append(state)
        return self.game.leaf_value(state)


def describe(tree: GameTree) -> str:
    """A tree as a hint names it."""
    if len(tree) <= 40:
        return say("ch04.tree.spec", spec=tree.to_spec(), player=tree.root_player)
    return say("ch04.tree.random", count=len(tree), player=tree.root_player)


def describe_call(game: LeafRecorder, state: Any, alpha: float, beta: float) -> str:
    """The case of one call of the student's α-β, as a hint names it."""
    return describe(game.game)


def observe(alphabeta_value: Callable[..., float]) -> Callable[[GameTree], tuple[Any, list]]:
    """The student's function seen from outside: on a tree, ``(value, leaves evaluated)``."""

    def on(tree: GameTree) -> tuple[Any, list]:
        game = LeafRecorder(tree)
        value = call_student(alphabeta_value, (game, tree.initial, -INF, INF), describe_call)
        return value, game.leaves

    return on
