"""The iterated prisoner's dilemma: strategies, matches with seeded noise, the round robin."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.gametheory import catalog, ipd


def test_classic_strategies_behave_as_named():
    rng = random.Random(0)
    assert ipd.tit_for_tat([], [], rng) == "C"
    assert ipd.tit_for_tat(["C", "C"], ["C", "D"], rng) == "D"
    assert ipd.grim_trigger(["C"] * 5, ["C", "D", "C", "C", "C"], rng) == "D"
    assert ipd.grim_trigger(["C"] * 3, ["C"] * 3, rng) == "C"
    assert ipd.pavlov(["D"], ["D"], rng) == "C"  # both punished: shift
    assert ipd.pavlov(["D"], ["C"], rng) == "D"  # won: stay
    assert {ipd.random_moves([], [], rng) for _ in range(50)} == {"C", "D"}


@given(st.integers(1, 60))
@settings(deadline=None)
def test_without_noise_theory_gives_the_scores(rounds):
    m = ipd.play_match(ipd.tit_for_tat, ipd.always_defect, rounds=rounds, noise=0)
    assert m.scores == (rounds - 1, 5 + (rounds - 1))  # suckered once, then punished
    m = ipd.play_match(ipd.grim_trigger, ipd.tit_for_tat, rounds=rounds, noise=0)
    assert m.scores == (3 * rounds, 3 * rounds) and m.cooperation_rate(0) == 1


@given(st.integers(0, 1000), st.floats(0, 1))
@settings(deadline=None)
def test_noise_is_seeded_and_flips_about_that_share_of_moves(seed, noise):
    first = ipd.play_match(ipd.always_cooperate, ipd.always_cooperate, 200, noise, seed)
    again = ipd.play_match(ipd.always_cooperate, ipd.always_cooperate, 200, noise, seed)
    assert first == again
    flipped = sum(m == "D" for pair in first.moves for m in pair) / 400
    assert abs(flipped - noise) < 0.15


def test_a_student_strategy_plugs_in():
    def forgiving(mine, theirs, rng):
        """Tit-for-tat that forgives a lone defection."""
        return "D" if theirs[-2:] == ["D", "D"] else "C"

    forgiving.name = "forgiving"
    t = ipd.tournament([*ipd.CLASSIC, forgiving], rounds=50, noise=0.05, seed=1, repetitions=1)
    assert "forgiving" in t.names and len(t.ranking) == len(ipd.CLASSIC) + 1


def test_bad_strategies_and_arguments_are_named():
    with pytest.raises(ValueError, match="shouts returned 'X'"):

        def shouts(mine, theirs, rng):
            return "X"

        ipd.play_match(shouts, ipd.tit_for_tat)
    with pytest.raises(ValueError, match="two strategies share a name"):
        ipd.tournament([ipd.tit_for_tat, ipd.tit_for_tat])
    with pytest.raises(ValueError, match="noise is a probability"):
        ipd.play_match(ipd.tit_for_tat, ipd.tit_for_tat, noise=2)
    with pytest.raises(ValueError, match="at least one round"):
        ipd.play_match(ipd.tit_for_tat, ipd.tit_for_tat, rounds=0)
    with pytest.raises(ValueError, match="must be 2×2"):
        ipd.play_match(ipd.tit_for_tat, ipd.tit_for_tat, game=catalog.tian_ji())


def test_tournament_is_reproducible_and_consistent():
    t = ipd.tournament(rounds=60, noise=0.05, seed=3, repetitions=2)
    assert t == ipd.tournament(rounds=60, noise=0.05, seed=3, repetitions=2)
    count = len(t.names)
    for a in range(count):
        assert t.average[a] == pytest.approx(sum(t.scores[a]) / count)
    # a match between two always-defectors pays the punishment 1 per round (flips aside)
    d = t.names.index("always_defect")
    assert 0.9 < t.scores[d][d] < 1.5
    # always-defect exploits always-cooperate
    c = t.names.index("always_cooperate")
    assert t.scores[d][c] > 4 and t.scores[c][d] < 0.5


def test_the_course_prisoners_dilemma_can_be_the_stage_game():
    # in years of prison, mutual silence costs half a year a round
    m = ipd.play_match(ipd.tit_for_tat, ipd.tit_for_tat, rounds=4, game=catalog.prisoners_dilemma())
    assert m.scores == (-2, -2)
