"""Pig's rules, checked against a plain simulation of the rules as written and by hand."""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, Pig, PigState


def test_a_turn_by_hand():
    game = Pig(target=10, turns=2)
    s = game.initial
    assert game.actions(s) == ("roll", "hold") and not game.is_chance(s)
    s = game.result(s, "roll")
    assert game.is_chance(s) and game.actions(s) == () and game.to_move(s) is MAX
    assert sum(p for _, p in game.chance_outcomes(s)) == 1
    s = game.result(s, 4)
    s = game.result(game.result(s, "roll"), 5)
    assert (s.turn_total, s.player) == (9, MAX)
    s = game.result(s, "hold")  # banked: MIN's turn
    assert (s.max_score, s.min_score, s.turn_total, s.player, s.turns_left) == (9, 0, 0, MIN, 3)
    s = game.result(game.result(s, "roll"), 1)  # MIN rolls a 1: nothing, MAX again
    assert (s.min_score, s.player, s.turns_left) == (0, MAX, 2)
    s = game.result(game.result(s, "roll"), 2)  # 9 + 2 >= 10: MAX wins at once
    assert game.is_terminal(s) and game.utility(s) == 1 and game.utility(s, MIN) == -1


def test_when_the_turns_run_out_the_higher_score_wins():
    game = Pig(target=10, turns=1)
    s = PigState(3, 0, 2, MIN, 1)
    assert game.utility(game.result(s, "hold")) == 1  # 3 against 2
    s = PigState(3, 0, 3, MIN, 1)
    assert game.utility(game.result(s, "hold")) == 0  # a draw
    assert game.evaluate(s) == Fraction(0, 10)


def simulate(target: int, turns: int, threshold: int, rng: random.Random) -> int:
    """The rules as written, played by "hold at ``threshold``": +1 the first player wins."""
    scores, left = [0, 0], 2 * turns
    player = 0
    while left:
        pot = 0
        while True:
            if scores[player] + pot >= target:
                return 1 if player == 0 else -1
            if pot >= threshold:
                scores[player] += pot
                break
            face = rng.randint(1, 6)
            if face == 1:
                break
            pot += face
        player, left = 1 - player, left - 1
    return (scores[0] > scores[1]) - (scores[0] < scores[1])


def play(game: Pig, threshold: int, rng: random.Random) -> int:
    s = game.initial
    while not game.is_terminal(s):
        if game.is_chance(s):
            s = game.result(s, rng.randint(1, 6))
        else:
            s = game.result(s, "hold" if s.turn_total >= threshold else "roll")
    return game.utility(s)


@given(st.integers(2, 30), st.integers(1, 4), st.integers(0, 25), st.integers(0, 10**6))
@settings(max_examples=300, deadline=None)
def test_the_game_follows_a_simulation_written_from_the_rules(target, turns, threshold, seed):
    # the same dice, the same strategy: the same outcome
    assert play(Pig(target, turns), threshold, random.Random(seed)) == simulate(
        target, turns, threshold, random.Random(seed)
    )


@pytest.mark.parametrize(("target", "turns"), [(4, 1), (6, 2)])
def test_every_game_ends(target, turns):
    game, frontier, seen = Pig(target, turns), [Pig(target, turns).initial], set()
    while frontier:
        s = frontier.pop()
        if s in seen:
            continue
        seen.add(s)
        moves = [o for o, _ in game.chance_outcomes(s)] if game.is_chance(s) else game.actions(s)
        assert bool(moves) != game.is_terminal(s)
        frontier += [game.result(s, m) for m in moves]
    assert all(s.turns_left >= 0 for s in seen)
