"""The Connect Four board: the person plays, the engine answers within its limit."""

from __future__ import annotations

from coursekit.games import MAX, MIN
from coursekit.search import minimax
from coursekit.text import number_text
from coursekit.widgets import ConnectFourBoard


def pieces(w):
    return sum(1 for mark in w.game.to_text(w.state) if mark in "xo")


def test_a_move_gets_an_answer_at_the_chosen_depth():
    w = ConnectFourBoard(rows=4, cols=5, k=4, depth=3)
    w.columns[1].click()
    assert pieces(w) == 2 and w.last_search.depth_limit == 3
    assert "depth reached: <b>3</b>" in w.report.value
    # the engine's move is the fixed-depth search's best move with the same evaluation
    before = w.game.result(w.game.initial, 1)
    evaluate = w._evaluations[w.evaluation.value]
    assert w.last_search.move == minimax(w.game, before, depth=3, evaluate=evaluate).move


def test_time_per_move_reports_the_depth_reached():
    w = ConnectFourBoard(rows=6, cols=7, k=4)
    w.limit.value = "time"
    w.seconds.value = 0.2
    w.columns[3].click()
    assert pieces(w) == 2 and w.last_search.depth_limit >= 1
    assert "depth reached" in w.report.value and "principal variation" in w.report.value


def test_playing_o_lets_the_engine_open():
    w = ConnectFourBoard(rows=4, cols=5, k=4, depth=2, human=MIN)
    assert pieces(w) == 1 and w.game.to_move(w.state) is MIN
    w.side.value = MAX
    assert pieces(w) == 0


def test_a_full_column_and_the_wrong_turn_are_refused_with_a_message():
    w = ConnectFourBoard(rows=4, cols=5, k=4, depth=1)
    w.state = w.game.parse("o . . . .\nx . . . .\no . . . .\nx . . . .")  # column 0 full, x to move
    w.columns[0].click()
    assert "column 0 is full" in w.feedback.message
    assert w.game.to_text(w.state).count("x") == 2  # nothing was played
    w.side.value = MIN  # a new game: the engine (x) opens, o to move
    w.state = w.game.result(w.state, 1)  # now x would be to move: not the person's turn
    w.columns[2].click()
    assert "not your turn" in w.feedback.message


def test_the_game_ends_with_a_result():
    w = ConnectFourBoard(rows=3, cols=3, k=3, depth=9)
    while not w.game.is_terminal(w.state):
        column = w.game.actions(w.state)[0]
        w.columns[column].click()
    assert "Game over" in w.status.value
    assert all(button.disabled for button in w.columns)


def test_the_settings_show_at_once_with_the_chosen_evals_value():
    w = ConnectFourBoard(rows=4, cols=5, k=4, depth=3)
    assert "depth 3" in w.plan.value
    w.depth.value = 5
    assert "depth 5" in w.plan.value
    w.limit.value = "time"
    w.seconds.value = 0.5
    assert "0.5 s a move" in w.plan.value
    w.columns[2].click()
    for name, evaluate in w._evaluations.items():
        w.evaluation.value = name
        short = name.split(" (")[0]
        assert f"EVAL ({short}) of this board for x: <b>{number_text(evaluate(w.state))}</b>" in (
            w.plan.value
        )


def test_the_texts_take_the_font_size_of_where_they_are_shown():
    # a fixed 14 px would be unreadable on a slide
    w = ConnectFourBoard(rows=4, cols=5, k=4, depth=2)
    w.columns[2].click()
    assert all("font-size" not in part.value for part in (w.board, w.plan, w.report))


def test_a_legend_says_which_colour_is_x():
    w = ConnectFourBoard(rows=4, cols=5, k=4, depth=1)
    assert "ck-legend" in w.board.value and "x (moves first" in w.board.value


def test_a_weight_of_the_features_changes_what_the_engine_searches_with():
    w = ConnectFourBoard(rows=4, cols=5, k=4, depth=1)
    assert w.weight_of.value == "threats" and w.weight.value == 16
    w.weight.value = 0
    assert "0·threats" in w.plan.value
    w.weight_of.value = "centre"
    assert w.weight.value == 2  # the chosen feature's weight
    w.weight.value = 10
    w.columns[2].click()  # the engine answers with the edited EVAL
    assert w.last_search is not None and "10·centre" in w.plan.value
