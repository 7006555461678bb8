"""play(): whole games between engines, people and chance."""

from __future__ import annotations

import pytest

from coursekit.games import MAX, MIN, GameTree, Grundy, TicTacToe
from coursekit.search import engine, human, minimax_two_phase, play, random_player

GAME = TicTacToe()


def test_perfect_engines_draw_and_search_before_every_move():
    x, o = engine(symmetry=True), engine()
    record = play(GAME, {MAX: x, MIN: o})
    assert record.finished and record.winner is None and record.utility == 0
    assert len(record.moves) == 9 and len(record.states) == 10
    assert len(x.results) == 5 and len(o.results) == 4
    # Each search started from the position on the board at that moment.
    for i, search in enumerate(record.searches):
        assert search.state == record.states[i]
        assert search.move == record.moves[i]


@pytest.mark.parametrize("seed", range(8))
def test_a_perfect_player_never_loses_to_chance(seed):
    record = play(GAME, (random_player(seed), engine(symmetry=True)))
    assert record.winner in (MIN, None)
    assert record.searches[0] is None  # the random player does not search


def test_the_course_seven_coins():
    record = play(Grundy(7), {MAX: engine(), MIN: random_player(1)})
    assert record.winner is MAX


def test_a_human_is_asked_until_the_move_is_legal():
    answers = iter(["9", "centre", "4"])
    shown = []
    me = human(ask=lambda prompt: next(answers), show=shown.append)
    record = play(GAME, (me, engine(depth=1)), max_moves=2)
    assert record.moves[0] == 4 and not record.finished and record.utility is None
    assert any("'9' is not a legal move" in line for line in shown)
    assert ". . ." in shown[0]  # the board was shown first


def test_two_phase_engines_play_too():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    record = play(tree, (engine(minimax_two_phase), engine(minimax_two_phase)))
    assert record.moves == ["B", "B1"] and record.utility == 3


def test_bad_players_are_reported():
    with pytest.raises(ValueError, match="no player given for MIN"):
        play(GAME, {MAX: engine()})
    with pytest.raises(ValueError, match="a pair"):
        play(GAME, [engine()])
    with pytest.raises(ValueError, match="not a legal move"):
        play(GAME, (lambda game, state: 99, engine()))
