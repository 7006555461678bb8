"""Exercise set 01's material, visible to student code while it is graded (no answers here).

The 3×3 game of parts 2 and 3, the narrow-trough story of part 4, and how a
SmartPigs answer becomes plain data beside the student's code.
"""

from __future__ import annotations

from coursekit.gametheory import NormalFormGame, SmartPigs
from coursekit.text import say


def exercise_game() -> NormalFormGame:
    """The 3×3 game of parts 2 and 3."""
    return NormalFormGame(
        [[4, 0, 6], [3, 2, 1], [3, -1, 5]],
        [[4, 3, 2], [0, 2, 1], [1, 0, 7]],
        ["top", "middle", "bottom"],
        ["left", "centre", "right"],
        ("Rose", "Colin"),
    )


def narrow_trough() -> str:
    """Part 4's story, the narrow trough, in the notebook's language.

    >>> narrow_trough().startswith("The farmer fits a narrow feeding hole.")
    True
    """
    return say("printed_gametheory.narrow_trough")


NARROW_TROUGH = say("printed_gametheory.narrow_trough", lang="en")
"""The story in English (what notebooks released before :func:`narrow_trough` print)."""

RULES_FIELDS = ("food", "cost", "head_start", "big_share", "dispenser")
"""The fields of a SmartPigs model, as the grader reads them."""


def rules_data(value: object) -> object:
    """A SmartPigs model as plain data (beside the student's code); other values unchanged."""
    if isinstance(value, SmartPigs):
        return {"SmartPigs": {name: getattr(value, name) for name in RULES_FIELDS}}
    return value
