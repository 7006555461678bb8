"""The course's games give the course's conclusions."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.gametheory import PayoffError, SmartPigs, catalog, nature
from coursekit.gametheory.catalog import KING_ORDER, ORDERS, SUN_BIN_ORDER, horse_race


def labels_of(game, outcomes):
    return [
        (game.row_labels[i].split(" (")[0], game.col_labels[j].split(" (")[0]) for i, j in outcomes
    ]


# ---------------------------------------------------------------------- prisoner's dilemma
@pytest.mark.parametrize("years", [2, 5])
def test_prisoners_dilemma_equilibrium_versus_optimum(years):
    g = catalog.prisoners_dilemma(years)
    assert labels_of(g, g.pure_equilibria()) == [("confess", "confess")]
    assert labels_of(g, g.collective_optimum()) == [("silent", "silent")]
    assert g.payoff(1, 1) == (-years, -years)
    assert g.payoff(0, 0) == (Fraction(-1, 2), Fraction(-1, 2))
    assert g.payoff(1, 0) == (0, -10) and g.payoff(0, 1) == (-10, 0)
    # confessing strictly dominates staying silent, for both
    steps = g.eliminate_dominated().steps
    assert [(s.player, s.strategy, s.by, s.strict) for s in steps] == [
        (0, 0, 1, True),
        (1, 0, 1, True),
    ]
    # the equilibrium is the only one, even in mixed strategies, and it is not Pareto optimal
    assert [e.supports for e in g.mixed_equilibria()] == [((1,), (1,))]
    assert (1, 1) not in g.pareto_optimal()
    assert "沉默" in g.row_labels[0] and "认罪" in g.col_labels[1]


def test_prisoners_dilemma_rejects_nonsense_sentences():
    with pytest.raises(ValueError, match="between 0 and 10"):
        catalog.prisoners_dilemma(12)


# ---------------------------------------------------------------------- smart pigs
PRESS, WAIT = 0, 1


def test_smart_pigs_course_conclusions():
    outcome = {name: catalog.smart_pigs(name).pure_equilibria() for name in catalog.COURSE_VARIANTS}
    assert outcome == {
        "original": [(PRESS, WAIT)],  # the big pig presses, the small pig waits
        "half food": [(WAIT, WAIT)],  # nobody presses
        "double food": [(PRESS, PRESS)],  # both press
        "half food, dispenser by the lever": [(PRESS, PRESS)],  # both press …
    }
    # … and under the last rules whoever waits gets nothing: the one who presses eats
    last = catalog.COURSE_VARIANTS["half food, dispenser by the lever"]
    assert last.meal(True, False)[1] == 0 and last.meal(False, True)[0] == 0
    # in the original, waiting is dominant for the small pig; the big pig has no dominant
    # strategy (it would rather wait if the small pig pressed) and presses because the small
    # pig waits: two steps of iterated elimination, in that order
    original = catalog.smart_pigs("original")
    steps = original.eliminate_dominated().steps
    assert [(s.player, s.strategy) for s in steps] == [(1, PRESS), (0, WAIT)]
    assert original.best_responses("big pig (大猪)") == [[WAIT], [PRESS]]
    # these equilibria are the only ones, mixed strategies included
    for name in catalog.COURSE_VARIANTS:
        assert all(e.is_pure() for e in catalog.smart_pigs(name).mixed_equilibria())


def test_the_best_rule_design_is_the_cheapest_food_per_press():
    food_per_press = {}
    for name, rules in catalog.COURSE_VARIANTS.items():
        [(i, j)] = rules.game().pure_equilibria()
        presses = (i == PRESS) + (j == PRESS)
        food_per_press[name] = (
            rules.food_dropped(i == PRESS, j == PRESS) / presses if presses else None
        )
    assert food_per_press["half food"] is None  # nobody works
    best = min((v, k) for k, v in food_per_press.items() if v is not None)[1]
    assert best == "half food, dispenser by the lever"
    assert food_per_press["double food"] > food_per_press["original"]


@given(
    st.fractions(1, 40),
    st.fractions(0, 10),
    st.tuples(st.fractions(0, 30), st.fractions(0, 30)),
    st.fractions(0, 1),
    st.sampled_from(["far", "lever"]),
)
@settings(deadline=None)
def test_smart_pigs_food_is_never_lost_or_created(food, cost, head, share, dispenser):
    rules = SmartPigs(food, cost, head, share, dispenser)
    for big, small in itertools.product((True, False), repeat=2):
        eaten = rules.meal(big, small)
        assert sum(eaten) == rules.food_dropped(big, small)
        assert all(x >= 0 for x in eaten)
        payoffs = rules.payoffs(big, small)
        assert payoffs == (eaten[0] - cost * big, eaten[1] - cost * small)


@given(st.fractions(1, 40), st.sampled_from(["far", "lever"]))
@settings(deadline=None)
def test_whoever_is_first_eats_at_least_their_fair_share(food, dispenser):
    rules = SmartPigs(food=food, dispenser=dispenser)
    together = rules.meal(True, True)
    for big, small in ((True, False), (False, True)):
        first = rules.first_at_food(big, small)
        eaten = rules.meal(big, small)
        share = (rules.big_share, 1 - rules.big_share)[first]
        assert eaten[first] >= share * rules.food_dropped(big, small)
    assert together[0] / sum(together) == rules.big_share


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"food": 0}, "food must be positive"),
        ({"cost": -1}, "cost must not be negative"),
        ({"big_share": 1.5}, "big_share must be between 0 and 1"),
        ({"head_start": (1,)}, "two amounts"),
        ({"head_start": (1, -2)}, "must not be negative"),
        ({"dispenser": "middle"}, "'far' or 'lever'"),
        ({"food": "lots"}, "food: 'lots' is not a number"),
    ],
)
def test_smart_pigs_rules_are_checked(kwargs, message):
    with pytest.raises(ValueError, match=message):
        SmartPigs(**kwargs)


def test_unknown_pigs_variant():
    with pytest.raises(PayoffError, match=r"variant must be one of .* not 'triple food'"):
        catalog.smart_pigs("triple food")


# ---------------------------------------------------------------------- Tian Ji
def test_tian_ji_same_order_loses_and_sun_bins_order_wins():
    assert horse_race(KING_ORDER, KING_ORDER) == (0, 3)
    assert horse_race(SUN_BIN_ORDER, KING_ORDER) == (2, 1)
    g = catalog.tian_ji()
    king = ORDERS.index(KING_ORDER)
    # against the king's fixed order, Sun Bin's order is Tian Ji's one best response
    assert g.best_responses("Tian Ji (田忌)", against=king) == [ORDERS.index(SUN_BIN_ORDER)]
    assert g.payoff(ORDERS.index(SUN_BIN_ORDER), king)[0] == 1  # two races won, one lost
    assert g.is_zero_sum()


def test_tian_ji_sun_bins_trick_works_against_any_fixed_order():
    # whatever order the king fixes, some order of Tian Ji's wins 2–1: shift the classes by one
    for king in ORDERS:
        assert max(horse_race(t, king)[0] for t in ORDERS) == 2


@pytest.mark.parametrize(("stakes", "value"), [("race", -1), ("match", Fraction(-2, 3))])
def test_tian_ji_value_when_both_choose_at_once(stakes, value):
    g = catalog.tian_ji(stakes)
    solution = g.zero_sum_value()
    assert solution.exact and solution.value == value
    # when the king must also choose blindly, the uniform mix guarantees him the same
    uniform = [Fraction(1, 6)] * 6
    assert (
        min(g.expected_payoffs([int(i == k) for i in range(6)], uniform)[0] for k in range(6))
        <= value
    )
    assert all(
        g.expected_payoffs([int(i == k) for i in range(6)], uniform)[0] == value for k in range(6)
    )
    # no pure equilibrium: whoever is known in advance can be beaten
    assert g.pure_equilibria() == []


def test_tian_ji_orders_are_checked():
    with pytest.raises(ValueError, match="each class A, B, C once"):
        horse_race("AAB", KING_ORDER)


# ---------------------------------------------------------------------- the others
def test_couples_quarrel_has_two_pure_equilibria_and_a_mixed_one():
    g = catalog.couples_quarrel()
    assert labels_of(g, g.pure_equilibria()) == [("tough", "soft"), ("soft", "tough")]
    mixed = [e for e in g.mixed_equilibria() if not e.is_pure()]
    assert [(e.p, e.q) for e in mixed] == [((Fraction(1, 2),) * 2, (Fraction(1, 2),) * 2)]
    assert labels_of(g, g.collective_optimum()) == [("soft", "soft")]


def test_price_war_is_a_prisoners_dilemma():
    g = catalog.price_war()
    assert labels_of(g, g.pure_equilibria()) == [("cut price", "cut price")]
    assert labels_of(g, g.collective_optimum()) == [("keep price", "keep price")]
    assert [s.by for s in g.eliminate_dominated().steps] == [1, 1]


def test_farmer_criteria_disagree():
    g = catalog.farmer_vs_nature()
    picks = {
        "maximin": nature.maximin(g).best,
        "expected value": nature.expected_value(g, catalog.WEATHER_FORECAST).best,
        "minimax regret": nature.minimax_regret(g).best,
        "maximax": nature.maximax(g).best,
    }
    names = {k: [g.row_labels[i].split(" (")[0] for i in v] for k, v in picks.items()}
    assert names == {
        "maximin": ["prepare for drought"],
        "expected value": ["rest"],
        "minimax regret": ["prepare for flood"],
        "maximax": ["rest"],
    }
    assert nature.hurwicz(g, 0).best == picks["maximin"]
    assert nature.hurwicz(g, 1).best == picks["maximax"]


def test_every_catalog_game_is_bilingual():
    for name, make in catalog.GAMES.items():
        g = make()
        for label in (*g.row_labels, *g.col_labels, *g.players):
            if name == "prisoners_dilemma_points":
                continue
            assert any("\u4e00" <= c <= "\u9fff" for c in label), f"{name}: {label}"
