"""The course's games, each a function that returns a :class:`NormalFormGame`.

Labels are bilingual (English with the course's Chinese term). Payoffs follow
the course (seeds 000 and 002) where it gives numbers — the prisoner's
dilemma, Tian Ji's horses — and are our own, stated in each docstring, where
it tells the story in words only.

>>> from coursekit.gametheory import catalog
>>> sorted(catalog.GAMES)[:3]
['couples_quarrel', 'farmer_vs_nature', 'matching_pennies']
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

from coursekit.gametheory.errors import PayoffError
from coursekit.gametheory.exact import to_fraction
from coursekit.gametheory.game import NormalFormGame
from coursekit.gametheory.labels import labels
from coursekit.gametheory.pigs import COURSE_VARIANTS, SmartPigs
from coursekit.text import say

__all__ = [
    "COURSE_VARIANTS",
    "GAMES",
    "KING_ORDER",
    "SUN_BIN_ORDER",
    "WEATHER_FORECAST",
    "SmartPigs",
    "couples_quarrel",
    "farmer_vs_nature",
    "horse_race",
    "matching_pennies",
    "price_war",
    "prisoners_dilemma",
    "prisoners_dilemma_points",
    "smart_pigs",
    "tian_ji",
]


def prisoners_dilemma(both_confess: float = 2) -> NormalFormGame:
    """The prisoner's dilemma (囚徒困境), payoffs = minus the years in prison.

    A lone confessor goes free and the silent partner gets 10 years; both
    silent, half a year each; both confess, ``both_confess`` years each: 2 in
    one version of the course (seed 000), 5 in the other (seed 002).

    Parameters
    ----------
    both_confess : int, float or Fraction
        Years in prison for each when both confess, strictly between 0 and 10
        (the half year of both silent and the 10 of the lone silent one are fixed).

    Returns
    -------
    NormalFormGame
        Players "A (甲)" and "B (乙)", strategies silent (沉默) and confess (认罪).

    Raises
    ------
    PayoffError
        When ``both_confess`` is not a number strictly between 0 and 10.

    See Also
    --------
    prisoners_dilemma_points : the same dilemma in Axelrod's points.
    price_war : a prisoner's dilemma between firms.

    Examples
    --------
    >>> g = prisoners_dilemma(5)
    >>> g.pure_equilibria(), g.collective_optimum()
    ([(1, 1)], [(0, 0)])
    >>> print(g)
                    silent (沉默)  confess (认罪)
    silent (沉默)      -0.5, -0.5          -10, 0
    confess (认罪)         0, -10          -5, -5
    """
    try:
        years = to_fraction(both_confess)
    except (TypeError, ValueError):
        years = None
    if years is None or not 0 < years < 10:
        raise PayoffError(say("errors.gametheory.both_confess", years=repr(both_confess)))
    x = -years
    half = Fraction(-1, 2)
    strategies = labels("silent", "confess")
    return NormalFormGame(
        [[half, -10], [0, x]], [[half, 0], [-10, x]], strategies, strategies,
        labels("prisoner_a", "prisoner_b"),
    )  # fmt: skip


def prisoners_dilemma_points() -> NormalFormGame:
    """The prisoner's dilemma in points, as in Axelrod's tournaments (1980).

    Reward 3 for mutual cooperation, temptation 5, sucker's payoff 0,
    punishment 1: the payoffs of the iterated game in :mod:`~coursekit.gametheory.ipd`.
    """
    strategies = labels("cooperate", "defect")
    return NormalFormGame(
        [[3, 0], [5, 1]], [[3, 5], [0, 1]], strategies, strategies, ("player 1", "player 2")
    )


def smart_pigs(variant: str = "original") -> NormalFormGame:
    """The smart-pigs game (智猪博弈) under the course's rules or one of its three changes.

    Parameters
    ----------
    variant : str
        One of ``"original"``, ``"half food"``, ``"double food"``,
        ``"half food, dispenser by the lever"`` (the keys of ``COURSE_VARIANTS``).

    Returns
    -------
    NormalFormGame

    Raises
    ------
    PayoffError
        When ``variant`` is not one of the course's.

    See Also
    --------
    coursekit.gametheory.pigs.SmartPigs : build the game under any other rules.

    Examples
    --------
    >>> for name in COURSE_VARIANTS:
    ...     g = smart_pigs(name)
    ...     found = [(g.row_labels[i][:5], g.col_labels[j][:5]) for i, j in g.pure_equilibria()]
    ...     print(f"{name}: {found}")
    original: [('press', 'wait ')]
    half food: [('wait ', 'wait ')]
    double food: [('press', 'press')]
    half food, dispenser by the lever: [('press', 'press')]
    """
    if not isinstance(variant, str) or variant not in COURSE_VARIANTS:
        raise PayoffError(
            say("errors.gametheory.variant", known=list(COURSE_VARIANTS), variant=repr(variant))
        )
    return COURSE_VARIANTS[variant].game()


# Tian Ji's horse race (田忌赛马) ------------------------------------------------
# The horses come in three classes; each of the king's horses is a little
# better than Tian Ji's of the same class, but worse than Tian Ji's of the
# class above: A+ > A− > B+ > B− > C+ > C−.
_KING_SPEED = {"A": 6, "B": 4, "C": 2}
_TIAN_JI_SPEED = {"A": 5, "B": 3, "C": 1}
_CHINESE = {"A": "上", "B": "中", "C": "下"}
ORDERS = tuple("".join(p) for p in itertools.permutations("ABC"))
KING_ORDER = "ABC"
"""The king races his best horse first, then the middle one, then the slowest."""
SUN_BIN_ORDER = "CAB"
"""Sun Bin's advice (孙膑): the slowest horse against the king's best, then best against middle,
middle against slowest."""


def horse_race(tian_ji_order: str, king_order: str) -> tuple[int, int]:
    """Races won by (Tian Ji, the king) when the horses run in these orders.

    Parameters
    ----------
    tian_ji_order, king_order : str
        Each a permutation of ``"ABC"`` (the classes of horse, in running order).

    Returns
    -------
    (int, int)
        Races won by Tian Ji and by the king.

    Raises
    ------
    PayoffError
        When an order is not a permutation of ``"ABC"``.

    Examples
    --------
    >>> horse_race("ABC", KING_ORDER), horse_race(SUN_BIN_ORDER, KING_ORDER)
    ((0, 3), (2, 1))
    """
    for name, order in (("tian_ji_order", tian_ji_order), ("king_order", king_order)):
        if not isinstance(order, str) or sorted(order) != ["A", "B", "C"]:
            raise PayoffError(say("errors.gametheory.order", name=name, order=repr(order)))
    wins = sum(
        _TIAN_JI_SPEED[t] > _KING_SPEED[k] for t, k in zip(tian_ji_order, king_order, strict=True)
    )
    return wins, 3 - wins


def _order_label(order: str, sign: str) -> str:
    return "".join(c + sign for c in order) + " (" + "".join(_CHINESE[c] for c in order) + ")"


def tian_ji(stakes: str = "race") -> NormalFormGame:
    """Tian Ji's horse race as a zero-sum game over race orders.

    Tian Ji (rows) and the king (columns) each choose the order in which their
    three horses run. With ``stakes="race"`` each race is a bet of one unit
    (Tian Ji's payoff: races won minus races lost); with ``stakes="match"`` the
    whole match is one bet, won by whoever wins two races.

    Parameters
    ----------
    stakes : "race" or "match"
        What one bet is on.

    Returns
    -------
    NormalFormGame
        A 6×6 zero-sum game; rows and columns are the six orders (``ORDERS``).

    Raises
    ------
    PayoffError
        When ``stakes`` is neither ``"race"`` nor ``"match"``.

    See Also
    --------
    horse_race : the races won for one pair of orders.
    NormalFormGame.zero_sum_value : the value and the optimal mixed orders.

    Examples
    --------
    >>> g = tian_ji()
    >>> king = g.col_labels.index(_order_label(KING_ORDER, "+"))
    >>> [g.row_labels[i] for i in g.best_responses("Tian Ji (田忌)", against=king)]
    ['C−A−B− (下上中)']
    >>> g.zero_sum_value().value
    Fraction(-1, 1)
    """
    if stakes not in ("race", "match"):
        raise PayoffError(say("errors.gametheory.stakes", stakes=repr(stakes)))

    def payoff(tian: str, king: str) -> int:
        won, lost = horse_race(tian, king)
        return won - lost if stakes == "race" else (1 if won >= 2 else -1)

    return NormalFormGame.zero_sum(
        [[payoff(t, k) for k in ORDERS] for t in ORDERS],
        [_order_label(t, "−") for t in ORDERS],
        [_order_label(k, "+") for k in ORDERS],
        labels("tian_ji", "king_wei"),
    )


def couples_quarrel() -> NormalFormGame:
    """The couple's quarrel (夫妻吵架): each is tough (强硬) or soft (软弱).

    Our numbers: both soft, 1 each (peace); the tough one 2 and the soft one
    −1; both tough, −2 each (a long quarrel). A game of chicken: two pure
    equilibria where one gives in, and a mixed one.

    >>> [str(e) for e in couples_quarrel().mixed_equilibria()]
    ['p = (1, 0), q = (0, 1)', 'p = (0, 1), q = (1, 0)', 'p = (1/2, 1/2), q = (1/2, 1/2)']
    """
    strategies = labels("tough", "soft")
    return NormalFormGame(
        [[-2, 2], [-1, 1]], [[-2, -1], [2, 1]], strategies, strategies, labels("husband", "wife")
    )


def price_war() -> NormalFormGame:
    """A price war (价格战) between two air-conditioner makers.

    Our numbers (profit, in millions): both keep the price, 6 each; a lone
    price-cutter takes the market, 8 against 2; both cut, 3 each. A
    prisoner's dilemma between firms.

    >>> g = price_war()
    >>> g.pure_equilibria(), g.collective_optimum()
    ([(1, 1)], [(0, 0)])
    """
    strategies = labels("keep_price", "cut_price")
    return NormalFormGame(
        [[6, 2], [8, 3]], [[6, 8], [2, 3]], strategies, strategies, labels("firm_a", "firm_b")
    )


WEATHER_FORECAST = (Fraction(1, 5), Fraction(1, 5), Fraction(3, 5))
"""Probabilities of drought, flood and good weather for :func:`farmer_vs_nature`."""


def farmer_vs_nature() -> NormalFormGame:
    """The farmer's game against nature (农夫与自然): harvest by preparation and weather.

    Our numbers (harvest, in tonnes). Nature's payoffs are all 0: it does not
    play to win. Decide with :mod:`~coursekit.gametheory.nature`'s criteria.

    >>> print(farmer_vs_nature())
                                drought (天旱)  flood (多雨)  good weather (风调雨顺)
    prepare for drought (防旱)            5, 0          3, 0                     7, 0
    prepare for flood (防涝)              2, 0          7, 0                     7, 0
    rest (放心休息)                       1, 0          1, 0                    10, 0
    """
    A = [[5, 3, 7], [2, 7, 7], [1, 1, 10]]
    return NormalFormGame(
        A,
        [[0] * 3 for _ in A],
        labels("prepare_drought", "prepare_flood", "rest"),
        labels("drought", "flood", "good_weather"),
        labels("farmer", "nature"),
    )


def matching_pennies() -> NormalFormGame:
    """Matching pennies (猜硬币): a zero-sum game with no pure equilibrium."""
    strategies = labels("heads", "tails")
    return NormalFormGame.zero_sum(
        [[1, -1], [-1, 1]], strategies, strategies, labels("matcher", "mismatcher")
    )


GAMES: dict[str, Callable[[], NormalFormGame]] = {
    "prisoners_dilemma": prisoners_dilemma,
    "smart_pigs": smart_pigs,
    "tian_ji": tian_ji,
    "couples_quarrel": couples_quarrel,
    "price_war": price_war,
    "farmer_vs_nature": farmer_vs_nature,
    "matching_pennies": matching_pennies,
}
"""Every catalog game by name, built with its default arguments."""
