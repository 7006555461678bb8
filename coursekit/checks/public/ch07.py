"""Exercise set 07's set-up material: the chance tree and the MCTS position (no answers here)."""

from __future__ import annotations

from fractions import Fraction

from coursekit.games import MAX, ChanceTree

TREE = ChanceTree.from_nested(
    [
        ((Fraction(1, 2), [4, 7]), (Fraction(1, 2), [6, 3])),
        ((Fraction(1, 4), [9, 8]), (Fraction(3, 4), [1, 3])),
        ((Fraction(1, 4), [9, 10]), (Fraction(3, 4), [2, 5])),
    ],
    root=MAX,
)
"""Part 1's tree: MAX chooses move 0, 1 or 2; a coin (or a biased one) is tossed; MIN chooses."""

CHILDREN = {"a": (3, 5), "b": (2, 3), "c": (1, 2)}
"""Part 2's root children: move → (wins for the root's player, visits)."""

ROOT_VISITS = 10
"""Part 2's root: its visits N (the sum of its children's, as after 10 iterations)."""

PLAYOUT_WINNER = "MIN"
"""Part 3: who wins the random playout of the iteration (the root's player is MAX)."""
