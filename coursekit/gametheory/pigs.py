"""The smart-pigs game (智猪博弈) as a model with rules you can change.

A big pig and a small pig share a pen. Pressing a lever at one end drops
food from a dispenser; pressing costs the presser some effort. Whoever
reaches the food first eats alone until the other arrives, then both eat
side by side, the big pig faster. The payoffs follow from the *rules*:

* ``food``: units of food that one press drops (two presses, two portions);
* ``cost``: what one press costs the pig that presses, in units of food;
* ``head_start``: how much a pig that is at the food first eats, at most,
  before the other one gets there — (big pig, small pig);
* ``big_share``: the big pig's share of what is left when both eat together;
* ``dispenser``: ``"far"`` — at the other end of the pen, where a waiting pig
  waits, so the pig that did *not* press is there first; ``"lever"`` — next to
  the lever, so the pig that pressed is there first.

The course (seed 000) tells the story in words only; the numbers here are
ours: 10 units of food per press, a press costs 2.5, the big pig eats 3 of
every 5 units when both eat, and a pig alone at the food eats up to 10 (big)
or 5 (small) units before the other arrives. With them the original rules
and the course's three changes give the course's conclusions (see
:data:`COURSE_VARIANTS`), and in the original game the big pig has no
dominant strategy: it presses only because the small pig will wait.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from coursekit.gametheory.errors import PayoffError
from coursekit.gametheory.exact import to_fraction
from coursekit.gametheory.labels import labels
from coursekit.text import say

if TYPE_CHECKING:
    from coursekit.gametheory.game import NormalFormGame

BIG, SMALL = 0, 1


@dataclass(frozen=True)
class SmartPigs:
    """The rules of one smart-pigs game; :meth:`game` turns them into payoffs.

    Parameters
    ----------
    food : number
        Units of food one press drops (positive).
    cost : number
        What a press costs the pig that presses (not negative).
    head_start : (number, number)
        What the big pig and the small pig eat alone before the other arrives.
    big_share : number
        The big pig's share of the food eaten together (from 0 to 1).
    dispenser : "far" or "lever"
        Where the food drops: far from the lever (the one who waits is there
        first) or beside it (the one who presses is).

    Raises
    ------
    PayoffError
        When a rule is not a number in its range, naming the rule.

    See Also
    --------
    coursekit.gametheory.catalog.smart_pigs : the course's four variants.

    Examples
    --------
    >>> rules = SmartPigs()   # the original rules
    >>> rules
    SmartPigs(food=10, cost=5/2, head_start=(10, 5), big_share=3/5, dispenser='far')
    >>> eval(repr(rules)) == rules
    True
    >>> for big in (True, False):
    ...     print([[str(x) for x in rules.meal(big, small)] for small in (True, False)])
    [['12', '8'], ['3', '7']]
    [['10', '0'], ['0', '0']]
    >>> g = rules.game()
    >>> [(g.row_labels[i], g.col_labels[j]) for i, j in g.pure_equilibria()]
    [('press (踩踏板)', 'wait (等待)')]
    """

    food: Fraction | float = 10
    cost: Fraction | float = Fraction(5, 2)
    head_start: tuple[Fraction | float, Fraction | float] = (10, 5)
    big_share: Fraction | float = Fraction(3, 5)
    dispenser: Literal["far", "lever"] = "far"

    def __post_init__(self) -> None:
        for name in ("food", "cost", "big_share"):
            object.__setattr__(self, name, _number(name, getattr(self, name)))
        if self.food <= 0:
            raise PayoffError(say("errors.gametheory.food", food=self.food))
        if self.cost < 0:
            raise PayoffError(say("errors.gametheory.cost", cost=self.cost))
        if not 0 <= self.big_share <= 1:
            raise PayoffError(say("errors.gametheory.big_share", share=self.big_share))
        if (
            isinstance(self.head_start, (str, bytes))
            or not isinstance(self.head_start, Sequence)
            or len(self.head_start) != 2
        ):
            raise PayoffError(say("errors.gametheory.head_start", amounts=repr(self.head_start)))
        head = tuple(_number("head_start", v) for v in self.head_start)
        if any(v < 0 for v in head):
            raise PayoffError(say("errors.gametheory.head_start_negative", amounts=self.head_start))
        object.__setattr__(self, "head_start", head)
        if not isinstance(self.dispenser, str) or self.dispenser not in ("far", "lever"):
            raise PayoffError(say("errors.gametheory.dispenser", dispenser=repr(self.dispenser)))

    def __repr__(self) -> str:
        def text(x: Fraction) -> str:
            return str(x)  # "5/2" reads back as 2.5, exactly 5/2 again

        head = ", ".join(text(v) for v in self.head_start)
        return (
            f"SmartPigs(food={text(self.food)}, cost={text(self.cost)}, head_start=({head}), "
            f"big_share={text(self.big_share)}, dispenser={self.dispenser!r})"
        )

    def first_at_food(self, big_presses: bool, small_presses: bool) -> int | None:
        """Which pig (BIG = 0, SMALL = 1) reaches the food first, or None when together."""
        if big_presses == small_presses:
            return None  # both press and run together, or nobody presses
        presser = BIG if big_presses else SMALL
        return presser if self.dispenser == "lever" else 1 - presser

    def meal(self, big_presses: bool, small_presses: bool) -> tuple[Fraction, Fraction]:
        """Units of food eaten by (big pig, small pig) when each presses or waits."""
        total = self.food * (int(big_presses) + int(small_presses))
        shares = (self.big_share, 1 - self.big_share)
        first = self.first_at_food(big_presses, small_presses)
        if first is None:
            return total * shares[BIG], total * shares[SMALL]
        alone = min(total, self.head_start[first])
        eaten = [(total - alone) * shares[BIG], (total - alone) * shares[SMALL]]
        eaten[first] += alone
        return eaten[BIG], eaten[SMALL]

    def payoffs(self, big_presses: bool, small_presses: bool) -> tuple[Fraction, Fraction]:
        """Food eaten minus the cost of pressing, for (big pig, small pig)."""
        big, small = self.meal(big_presses, small_presses)
        return big - self.cost * big_presses, small - self.cost * small_presses

    def game(self) -> NormalFormGame:
        """The normal-form game: the big pig chooses a row, the small pig a column."""
        from coursekit.gametheory.game import NormalFormGame

        presses = (True, False)
        pairs = [[self.payoffs(big, small) for small in presses] for big in presses]
        strategies = labels("press", "wait")
        return NormalFormGame.from_pairs(
            pairs, strategies, strategies, labels("big_pig", "small_pig")
        )

    def food_dropped(self, big_presses: bool, small_presses: bool) -> Fraction:
        """What the farmer pays in food for this outcome (the rule designer's cost)."""
        return self.food * (int(big_presses) + int(small_presses))


def _number(name: str, value: object) -> Fraction:
    try:
        return to_fraction(value)
    except (TypeError, ValueError) as error:
        raise PayoffError(say("errors.at", where=name, message=error)) from None


COURSE_VARIANTS: dict[str, SmartPigs] = {
    "original": SmartPigs(),
    "half food": SmartPigs(food=5),
    "double food": SmartPigs(food=20),
    "half food, dispenser by the lever": SmartPigs(food=5, dispenser="lever"),
}
"""The course's rules and its three changes (减量, 增量, 减量加移位).

Their equilibria: the big pig presses and the small pig waits; nobody
presses; both press; both press, and a waiting pig gets nothing.
"""
