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
    assert table.count("<tr") == 3 and table.count("<td") == 9  # drawn like the board
    for move, e, value in rows:
        assert f'title="cell {move}"><span style="font-size:1.35em">{value}</span>' in table
        assert f"e(p) {e}</small>" in table
    chosen = w.last_search.move
    assert table.count("background:#ffe08a") == 1
    assert f'background:#ffe08a;font-weight:bold;color:#1a1a1a" title="cell {chosen}"' in table
    assert "The computer (×) searched 2 plies" in table and "Yellow: its choice" in table
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
    assert w.state == GAME.initial and w.last_search.state == GAME.initial
    w.side.value = MIN
    assert w.human is MIN and w.state.x.bit_count() == 1 and w.state.o == 0
    assert w.last_search is not None and w.last_search.value not in (math.inf, -math.inf)


def test_a_new_depth_searches_the_position_on_the_board_again():
    w = TicTacToeBoard(depth=2)
    start = w.last_search  # the empty board, searched for the person, as in stage 1
    assert (start.state, start.depth_limit) == (GAME.initial, 2)
    assert "Searched 2 plies for × (your move)" in w.candidates.value
    w.depth.value = 3
    assert w.state == GAME.initial  # nothing is played
    r = w.last_search
    assert (r.state, r.depth_limit) == (GAME.initial, 3)
    expected = minimax(GAME, GAME.initial, depth=3, symmetry=True)
    assert (r.value, r.move, r.stats.nodes) == (expected.value, expected.move, expected.stats.nodes)
    for move, _, value in w.candidate_values(r):
        assert value == minimax(GAME, GAME.result(GAME.initial, move), depth=2).value
    assert "Searched 3 plies for × (your move)" in w.candidates.value
    assert f"{expected.stats.nodes:,} nodes" in w.candidates.value
    assert "Yellow: the best move" in w.candidates.value
    assert w.picture.source and "your turn" in w.status.value


def test_after_the_computer_moved_a_new_depth_values_the_persons_moves():
    w = TicTacToeBoard(depth=2)
    w.cells[0].click()
    position = w.state
    w.depth.value = 1
    assert w.state == position and w.last_search.state == position
    assert w.last_search.depth_limit == 1
    assert [move for move, _, _ in w.candidate_values(w.last_search)] == GAME.actions(position)
    assert "Searched 1 ply for × (your move)" in w.candidates.value


def test_a_new_depth_with_the_computer_to_move_first_is_its_view():
    w = TicTacToeBoard(depth=1, human=MIN)
    w.new_game.click()
    assert w.state.x.bit_count() == 1  # the computer (×) opened again
    w.depth.value = 2
    assert "Searched 2 plies for ○ (your move)" in w.candidates.value


def test_a_new_depth_after_the_game_has_ended_searches_nothing():
    w = TicTacToeBoard(depth=9)
    while not GAME.is_terminal(w.state):
        w.cells[GAME.actions(w.state)[0]].click()
    w.depth.value = 3
    assert w.last_search is None and w.candidates.value == ""
    assert "over" in w.picture.value and w.picture.source == ""


def test_the_picture_says_it_is_busy_while_the_computer_searches():
    w = TicTacToeBoard(depth=2)
    seen = []
    w.picture.observe(lambda change: seen.append(change["new"]), names="busy")
    w.depth.value = 3
    assert seen == [True, False] and not w.picture.busy


def test_alphabeta_plays_the_same_moves_and_says_what_it_saved():
    for depth in (1, 2, 3):
        a = TicTacToeBoard(depth=depth, human=MIN, algorithm="alpha-beta")
        m = TicTacToeBoard(depth=depth, human=MIN)
        assert a.state == m.state  # the same first move as minimax
        r = a.last_search
        full = minimax(GAME, GAME.initial, depth=depth, symmetry=True)
        assert r.algorithm == "alpha-beta" and r.stats.leaves <= full.stats.leaves
        saved = full.stats.leaves - r.stats.leaves
        text = a.candidates.value
        assert "ck-saved" in text and f"{saved:,} saved" in text
        assert f"minimax values {full.stats.leaves:,}" in text
        assert "ck-saved" not in m.candidates.value
        assert "ck-search-algorithm" in a.algorithm._dom_classes


def test_switching_to_alphabeta_searches_again_and_marks_bounds():
    w = TicTacToeBoard(depth=2)
    minimax_values = {move: value for move, _, value in w.candidate_values(w.last_search)}
    w.algorithm.value = "alpha-beta"
    r = w.last_search
    assert r.algorithm == "alpha-beta" and r.move == minimax(GAME, depth=2, symmetry=True).move
    bounds = w.candidate_bounds(r)
    for move, _, value in w.candidate_values(r):
        if bounds[move] == "":  # exact: the same as minimax's
            assert value == minimax_values[move]
        else:  # a bound on the correct side of minimax's value
            assert bounds[move] == "≤" and minimax_values[move] <= value
            assert f">≤{value}</span>" in w.candidates.value
    assert any(bounds.values())  # the course's first stage: α-β cuts below some moves


def test_alphabeta_pruning_at_the_root_leaves_moves_unvalued_not_an_error():
    # × to move can win at once (cell 2): α-β stops at the root there, so some moves are never
    # generated; they are shown as pruned instead of failing.
    w = TicTacToeBoard(depth=2, algorithm="alpha-beta")
    w.state = GAME.parse("x x .\no o .\n. . .")
    w.analyse()
    r = w.last_search
    values = {move: value for move, _, value in w.candidate_values(r)}
    assert r.move == 2 and values[2] == math.inf
    assert set(values) < set(GAME.actions(w.state))
    assert "pruned" in w.candidates.value
