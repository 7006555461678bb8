"""Pictures of evaluations: the numbers drawn are the evaluation's own."""

from __future__ import annotations

import chess

from coursekit.draw.evaluation_pictures import (
    chess_board,
    contribution_chart,
    evaluation_table,
    horizon_plot,
)
from coursekit.evaluation import Feature, WeightedLinear, chess_evaluation
from coursekit.games.chess_game import Chess
from coursekit.search import quiescent

ITALIAN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
EXCHANGE = "6k1/8/4p3/3p4/8/8/3Q4/3R2K1 w - - 0 1"


def test_the_board_is_svg_with_every_piece():
    svg = chess_board(Chess(ITALIAN).initial, last_move=chess.Move.from_uci("f1c4"))
    assert svg.startswith("<svg") and svg._repr_svg_() == svg
    assert svg.count('<use href="#white-') + svg.count('<use xlink:href="#white-') >= 15


def test_the_table_lists_every_term_and_the_total():
    evaluation = chess_evaluation()
    state = Chess(ITALIAN).initial
    table = evaluation_table(evaluation, state)
    for term in evaluation.terms(state):
        assert term.name in table
    assert "EVAL(s)" in table and "--jp-content-font-color0" in table


def test_the_chart_draws_each_contribution():
    evaluation = chess_evaluation()
    states = {"start": Chess().initial, "Italian": Chess(ITALIAN).initial}
    figure = contribution_chart(evaluation, states, title="two positions")
    bars = [patch.get_width() for patch in figure.axes[0].patches]
    expected = [t.score for s in states.values() for t in evaluation.terms(s)]
    assert bars == expected


def test_the_horizon_plot_shows_static_and_quiescent_values():
    game = Chess(EXCHANGE)
    state, line = game.initial, []
    for san in ("Qxd5", "exd5", "Rxd5"):
        move = game.move(state, san)
        line.append(move)
        state = game.result(state, move)
    q = quiescent(game)
    figure = horizon_plot(game, game.initial, line, game.evaluate, q, labels=["a", "b", "c"])
    static, quiet = (list(l.get_ydata()) for l in figure.axes[0].get_lines())  # noqa: E741
    assert static == [12, 13, 4, 5]  # material after each move: the jumps of the exchange
    assert quiet == [12, 5, 5, 5]  # quiescence sees the exchange's end at once


def test_the_table_takes_the_font_size_of_where_it_is_shown():
    # a fixed small size would be unreadable on a slide (body text there is 28 px)
    table = evaluation_table(WeightedLinear([Feature("a", len, 2)]), "abc")
    assert "font-size" not in table


def test_the_pictures_speak_the_notebooks_language(chinese):
    evaluation = chess_evaluation()
    state = Chess(ITALIAN).initial
    table = evaluation_table(evaluation, state)
    assert "特征" in table and "王的安全性" in table and "king safety" not in table
    figure = contribution_chart(evaluation, state)
    ticks = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert ticks[0] == "子力" and "贡献" in figure.axes[0].get_xlabel()


def test_a_board_is_stored_as_a_picture_not_as_its_svg_source(chinese):
    from IPython.lib.pretty import pretty

    board = chess_board(Chess().initial, size=100)
    assert str(board).startswith("<svg") and "<svg" not in pretty(board)
    assert pretty(board) == "一幅图（笔记本运行时在浏览器中绘制）"
