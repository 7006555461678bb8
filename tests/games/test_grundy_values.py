"""Grundy's game against the published Sprague–Grundy values (OEIS A002188)."""

from __future__ import annotations

import pytest

from coursekit.games import MAX, MIN, Grundy, sprague_grundy
from coursekit.search import solve

# OEIS A002188, "Sprague-Grundy values for Grundy's game", a(0) … a(104), as published
# (https://oeis.org/A002188; Guy & Smith 1956, Table 4; Berlekamp, Conway & Guy, Winning Ways).
A002188 = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
    3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
    2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
    7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
]  # fmt: skip


def test_sprague_grundy_values_match_the_published_sequence():
    assert [sprague_grundy(n) for n in range(len(A002188))] == A002188


@pytest.mark.parametrize("coins", range(1, 33))
def test_solving_agrees_with_the_published_values(coins):
    """The player to move wins exactly when the heap's Grundy value is not 0."""
    max_first = solve(Grundy(coins, first=MAX))
    min_first = solve(Grundy(coins, first=MIN))
    mover_wins = A002188[coins] > 0
    assert max_first.value == (1 if mover_wins else -1)
    assert min_first.value == (-1 if mover_wins else 1)


def test_the_course_seven_coins_min_first_is_a_win_for_max():
    solution = solve(Grundy(7, first=MIN))
    assert solution.value == 1
    # Whatever MIN does first, MAX has an answer that keeps the win.
    game = solution.game
    for split in game.actions(game.initial):
        after = game.result(game.initial, split)
        assert solution.best_moves(after), f"MAX has no winning answer to {after.label}"
        assert solution.value_of(after) == 1


def test_values_of_positions_with_several_heaps_combine_by_xor():
    for heaps in [(7,), (5, 2), (4, 2, 1), (6, 6), (9, 4, 3)]:
        game = Grundy(sum(heaps), first=MAX)
        state = game.initial._replace(heaps=tuple(sorted(heaps, reverse=True)))
        expected = 0
        for h in heaps:
            expected ^= A002188[h]
        assert sprague_grundy(heaps) == expected
        assert (solve(game, state).value > 0) == (expected > 0)
