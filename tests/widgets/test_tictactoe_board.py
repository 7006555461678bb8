"""The tic-tac-toe board widget, played headlessly."""

from __future__ import annotations

import math

from coursekit.games import MIN, TicTacToe
from coursekit.search import minimax
from coursekit.widgets import TicTacToeBoard

GAME = TicTacToe()


def test_a_person_moves_and_the_computer_answers_with_minimax():
    w = TicTacToeBoard(depth=2)
    assert "your turn" in w.status.value
    w.cells[4].click()
    after_person = GAME.parse(". . .\n. x .\n. . .")
    expected = minimax(GAME, after_person, depth=2, symmetry=True)
    assert w.state == GAME.result(after_person, expected.move)
    assert w.cells[4].description == "×" and w.cells[4].disabled
    assert w.last_search.depth_limit == 2
    assert "your turn" in w.status.value


def test_the_candidates_show_e_and_backed_up_values():
    w = TicTacToeBoard(depth=2, human=MIN)  # the computer opens
    assert w.state.x.bit_count() == 1  # it has already moved
    rows = w.candidate_values(w.last_search)
    assert [move for move, _, _ in rows] == list(range(9))
    for move, e, value in rows:
        child = GAME.result(GAME.initial, move)
        assert e == GAME.evaluate(child)
        assert value == minimax(GAME, child, depth=1).value  # symmetric copies share values
    assert {value for _, _, value in rows} == {-1, -2, 1}  # the course's first stage
    table = w.candidates.value
    assert table.count("<tr") == 10 and "← chosen" in table and "e(p) after it" in table
    assert "ck-candidates-table" in table
    assert "<TABLE" in w.picture.source  # the tree behind the choice, with boards


def test_a_deep_search_draws_only_the_first_level():
    w = TicTacToeBoard(depth=4, human=MIN)
    assert w.last_search.stats.nodes > 40
    source = w.picture.source
    assert "⋯" in source and source.count("<TABLE") == 4  # root + 3 distinct first moves


def test_taken_cells_and_wrong_turns_are_explained():
    w = TicTacToeBoard(depth=1)
    w.cells[0].click()
    taken = next(i for i in range(9) if w.cells[i].description == "○")
    w.cells[taken].click()
    assert f"Cell {taken} is taken" in w.status.value


def test_a_full_search_never_loses_and_the_game_ends():
    w = TicTacToeBoard(depth=9)
    for _ in range(5):
        if GAME.is_terminal(w.state):
            break
        w.cells[GAME.actions(w.state)[0]].click()  # a naive person: first empty cell
    assert GAME.is_terminal(w.state)
    assert GAME.winner(w.state) in (None, MIN)
    assert w.status.value in ("<b>Draw.</b>", "<b>The computer wins.</b>")
    assert all(cell.disabled for cell in w.cells)
    w.cells[0].click()
    assert "game is over" in w.status.value


def test_new_game_and_side_switch():
    w = TicTacToeBoard(depth=1)
    w.cells[0].click()
    w.new_game.click()
    assert w.state == GAME.initial and w.last_search is None
    w.side.value = MIN
    assert w.human is MIN and w.state.x.bit_count() == 1 and w.state.o == 0
    assert w.last_search is not None and w.last_search.value not in (math.inf, -math.inf)
