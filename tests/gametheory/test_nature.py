"""Decision criteria against nature, checked against their definitions on random tables."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.gametheory import NormalFormGame, catalog, nature
from tests.gametheory.conftest import games


@given(games(max_size=5))
@settings(deadline=None)
def test_criteria_follow_their_definitions(game):
    A = game.exact_A
    m, n = game.shape
    worst = [min(r) for r in A]
    assert nature.maximin(game).best == tuple(i for i in range(m) if worst[i] == max(worst))
    best = [max(r) for r in A]
    assert nature.maximax(game).best == tuple(i for i in range(m) if best[i] == max(best))
    regret = nature.regret(game)
    for j in range(n):
        assert min(regret[i][j] for i in range(m)) == 0  # the best choice for a state has no regret
        assert all(regret[i][j] >= 0 for i in range(m))
    largest = [max(r) for r in regret]
    assert nature.minimax_regret(game).best == tuple(
        i for i in range(m) if largest[i] == min(largest)
    )


@given(games(max_size=4), st.data())
@settings(deadline=None)
def test_expected_value_with_a_sure_state_is_that_column(game, data):
    j = data.draw(st.integers(0, game.shape[1] - 1))
    sure = [Fraction(int(k == j)) for k in range(game.shape[1])]
    scores = nature.expected_value(game, sure).scores
    assert scores == tuple(row[j] for row in game.exact_A)


def test_hurwicz_checks_its_weight():
    with pytest.raises(ValueError, match="between 0 and 1"):
        nature.hurwicz(NormalFormGame([[1]], [[0]]), 2)


def test_a_criterion_is_named_in_the_chosen_language(chinese):
    """The names the chapter prints are the course's Chinese terms (the glossary's)."""
    from coursekit.text import speaking

    farm = catalog.farmer_vs_nature()
    decisions = [
        nature.maximin(farm),
        nature.maximax(farm),
        nature.expected_value(farm, catalog.WEATHER_FORECAST),
        nature.minimax_regret(farm),
    ]
    assert [d.name for d in decisions] == ["悲观准则", "乐观准则", "期望值准则", "后悔值准则"]
    with speaking("en"):
        assert [d.name for d in decisions] == [d.criterion for d in decisions]


def test_hurwicz_is_named_with_its_weight(chinese):
    from coursekit.text import speaking

    decision = nature.hurwicz(catalog.farmer_vs_nature(), Fraction(1, 2))
    assert decision.name == "折中准则（乐观系数 1/2）"
    with speaking("en"):
        assert decision.name == decision.criterion == "Hurwicz (optimism 1/2)"
