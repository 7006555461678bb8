"""Games as AND/OR graphs: a solution graph is MAX's winning strategy."""

from __future__ import annotations

from functools import cache

import pytest

from coursekit.andor.game_graph import GameAndOrGraph, winning_strategy
from coursekit.games import MAX, MIN, Grundy


def max_can_force_a_win(game, state) -> bool:
    """Plain recursion over the game, independent of AND/OR graphs."""

    @cache
    def wins(s):
        if game.is_terminal(s):
            return game.utility(s, MAX) > 0
        results = [wins(game.result(s, a)) for a in game.actions(s)]
        return any(results) if game.to_move(s) is MAX else all(results)

    return wins(state)


def assert_is_a_winning_strategy(game, solution):
    """Every MIN reply covered, one MAX move per MAX position, every leaf a MAX win."""
    choice = solution.choice
    assert solution.root == game.initial
    for state in solution.nodes:
        if game.is_terminal(state):
            assert game.utility(state, MAX) > 0, f"{state.label} is a loss for MAX"
            assert state not in choice
            continue
        connector = choice[state]
        results = {game.result(state, a) for a in game.actions(state)}
        if game.to_move(state) is MIN:
            assert set(connector.successors) == results, f"a MIN reply at {state.label} is missed"
        else:
            assert len(connector.successors) == 1 and connector.successors[0] in results


def test_grundy_7_with_min_first_max_wins_and_the_solution_graph_is_its_strategy():
    game = Grundy(7, first=MIN)
    r = winning_strategy(game)
    assert r.solved
    assert_is_a_winning_strategy(game, r.solution)
    # MIN's three opening splits 6-1, 5-2, 4-3 all get an answer
    first = r.solution.connector_of(game.initial)
    assert sorted(s.label for s in first.successors) == ["4-3", "5-2", "6-1"]
    moves = GameAndOrGraph(game).moves(r.solution)
    assert all(s.to_move is MAX for s in moves) and len(moves) >= 3


@pytest.mark.parametrize("coins", range(1, 14))
@pytest.mark.parametrize("first", [MAX, MIN])
def test_ao_star_solves_exactly_the_games_max_can_win(coins, first):
    game = Grundy(coins, first=first)
    r = winning_strategy(game, snapshots=False)
    assert r.solved == max_can_force_a_win(game, game.initial)
    if r.solved:
        assert_is_a_winning_strategy(game, r.solution)
    else:
        assert r.status == "unsolvable"
