"""Grundy's coin-splitting game follows the rules of the course."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, Game, Grundy


def test_is_a_game():
    assert isinstance(Grundy(7), Game)


def test_the_course_start_position():
    game = Grundy(7)
    assert game.to_move(game.initial) is MIN
    assert game.actions(game.initial) == [(7, 6, 1), (7, 5, 2), (7, 4, 3)]
    labels = [game.result(game.initial, a).label for a in game.actions(game.initial)]
    assert labels == ["6-1", "5-2", "4-3"]


def test_heaps_of_one_and_two_cannot_be_split():
    game = Grundy(7)
    state = game.initial._replace(heaps=(2, 2, 2, 1))
    assert game.is_terminal(state)
    assert game.actions(state) == []


def test_the_player_who_cannot_move_loses():
    game = Grundy(3, first=MAX)
    end = game.result(game.initial, (3, 2, 1))
    assert end.to_move is MIN
    assert game.utility(end, MAX) == 1
    assert game.utility(end, MIN) == -1


@pytest.mark.parametrize(
    ("coins", "action", "message"),
    [
        (7, (7, 5, 1), "does not split heap 7"),
        (8, (8, 4, 4), "into two unequal heaps"),
        (7, (5, 3, 2), "there is no heap of 5"),
    ],
)
def test_illegal_splits_are_named(coins, action, message):
    game = Grundy(coins)
    with pytest.raises(ValueError, match=message):
        game.result(game.initial, action)


@pytest.mark.parametrize("coins", [0, -3, 2.5, True, "7"])
def test_bad_sizes_are_refused(coins):
    with pytest.raises(ValueError, match="whole number of coins"):
        Grundy(coins)


@given(st.integers(min_value=1, max_value=40), st.data())
def test_every_move_keeps_the_coins_and_sorts_the_heaps(coins, data):
    game = Grundy(coins)
    state = game.initial
    while not game.is_terminal(state):
        action = data.draw(st.sampled_from(game.actions(state)))
        child = game.result(state, action)
        assert sum(child.heaps) == coins
        assert list(child.heaps) == sorted(child.heaps, reverse=True)
        assert len(child.heaps) == len(state.heaps) + 1
        assert child.to_move is state.to_move.opponent
        state = child
    assert game.actions(state) == []
