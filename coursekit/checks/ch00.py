"""Checks for the warm-up questions of ``00_start_here``: the size of a complete game tree."""

from __future__ import annotations

from coursekit.checks.common import answered, passed, require, require_type
from coursekit.draw.uniform import tree_size


def _check_count(answer: object, expected: int, what: str, formula: str) -> None:
    answered(answer)
    require_type(answer, int, f"The number of {what}")
    require(answer > 0, f"A tree always has at least one {what[:-1]}: the count must be positive.")
    if answer > expected:
        raise AssertionError(f"Too many {what}. Hint: {formula}")
    require(answer == expected, f"Too few {what}. Hint: {formula}")
    passed()


def check_leaf_count(b: int, m: int, answer: object) -> None:
    """Check the number of leaves of the complete tree with branching ``b`` and depth ``m``."""
    leaves, _ = tree_size(b, m)
    _check_count(answer, leaves, "leaves", "each level has b times as many nodes as the one above.")


def check_node_count(b: int, m: int, answer: object) -> None:
    """Check the number of nodes of the complete tree with branching ``b`` and depth ``m``."""
    _, nodes = tree_size(b, m)
    _check_count(answer, nodes, "nodes", "add up the nodes of every level, root included.")
