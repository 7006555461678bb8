"""Ratings: openskill game by game; they rank engines of known strength in the right order."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import TicTacToe
from coursekit.search.match import MatchEngine, openings, play_game
from coursekit.tools.tournament.pairing import round_robin_rounds
from coursekit.tools.tournament.ratings import initial_rating, ratings_by_round


class Careless:
    """Perfect tic-tac-toe (α-β to the end), except a seeded random move with probability
    ``1 - care``: the more care, the stronger, by construction."""

    def __init__(self, care: float, seed: int) -> None:
        self.name = f"care {care:.1f}"
        self.care = care
        self.rng = random.Random(seed)
        self.perfect = MatchEngine(self.name, depth=9)

    def think(self, game, state):
        result = self.perfect.think(game, state)
        if self.rng.random() < self.care:
            return result
        return replace(result, pv=(self.rng.choice(list(game.actions(state))),))


CARE = (0.0, 0.5, 0.8, 1.0)


def test_ratings_rank_engines_of_known_strength_in_order():
    game = TicTacToe()
    engines = [Careless(care, seed=number) for number, care in enumerate(CARE)]
    lines = openings(game, 9, 1, seed=2)
    games = []
    for pairings in round_robin_rounds(list(range(len(engines)))):
        for p in pairings:
            for line in lines:
                for first, second in ((p.first, p.second), (p.second, p.first)):
                    played = play_game(game, engines[first], engines[second], line)
                    games.append((p.round, played.max_engine, played.min_engine, played.outcome))
    final = ratings_by_round([e.name for e in engines], games)[-1]
    ranking = sorted(final, key=lambda name: final[name].conservative)
    assert ranking == [e.name for e in engines], {n: round(r.mu, 1) for n, r in final.items()}


outcomes = st.lists(
    st.tuples(st.integers(1, 4), st.sampled_from("abcd"), st.sampled_from("abcd"),
              st.sampled_from([-1, 0, 1])).filter(lambda g: g[1] != g[2]),
    max_size=40,
)  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(games=outcomes)
def test_a_rating_after_each_round_and_uncertainty_only_shrinks(games):
    games = sorted(games, key=lambda g: g[0])
    after = ratings_by_round("abcd", games)
    assert len(after) == (games[-1][0] if games else 0)
    start = initial_rating()
    for name in "abcd":
        sigmas = [start.sigma] + [r[name].sigma for r in after]
        assert all(b <= a + 1e-9 for a, b in itertools.pairwise(sigmas))


@settings(max_examples=50, deadline=None)
@given(rounds=st.integers(1, 5))
def test_a_win_raises_the_winner_and_lowers_the_loser(rounds):
    games = [(r, "a", "b", 1) for r in range(1, rounds + 1)]
    final = ratings_by_round("ab", games)[-1]
    assert final["a"].mu > initial_rating().mu > final["b"].mu
    assert final["a"].conservative > final["b"].conservative


def test_games_out_of_order_or_of_strangers_are_refused():
    with pytest.raises(ValueError, match="out of order"):
        ratings_by_round("ab", [(2, "a", "b", 1), (1, "a", "b", 1)])
    with pytest.raises(ValueError, match="not both rated"):
        ratings_by_round("ab", [(1, "a", "z", 1)])
