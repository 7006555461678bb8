"""Connect Four features against a plain grid count written independently here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.evaluation import EvaluationError, connect_four_evaluation
from coursekit.games import ConnectFour
from coursekit.games.playout import random_positions


def grid(game, state):
    """The board as rows of 'x', 'o', '.' (row 0 at the bottom), read cell by cell."""
    return [
        [
            "x" if state.x & game.cell(r, c) else "o" if state.o & game.cell(r, c) else "."
            for c in range(game.cols)
        ]
        for r in range(game.rows)
    ]


def lines(game):
    for r in range(game.rows):
        for c in range(game.cols):
            for dr, dc in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                cells = [(r + i * dr, c + i * dc) for i in range(game.k)]
                if all(0 <= rr < game.rows and 0 <= cc < game.cols for rr, cc in cells):
                    yield cells


def naive(game, state):
    g = grid(game, state)
    k = game.k
    counts = {"twos": 0, "threes": 0, "threats": 0}
    for cells in lines(game):
        marks = [g[r][c] for r, c in cells]
        for mark, sign in (("x", 1), ("o", -1)):
            other = "o" if mark == "x" else "x"
            if other in marks:
                continue
            n = marks.count(mark)
            if n == k - 2:
                counts["twos"] += sign
            if n == k - 1:
                counts["threes"] += sign
                (r, c) = next(cell for cell, m in zip(cells, marks, strict=True) if m == ".")
                if r == 0 or g[r - 1][c] != ".":
                    counts["threats"] += sign
    middle = {(game.cols - 1) // 2, game.cols // 2}
    centre = sum((g[r][c] == "x") - (g[r][c] == "o") for r in range(game.rows) for c in middle)
    return counts["twos"], counts["threes"], counts["threats"], centre


def random_position(game, seed):
    return random_positions(game, 1, seed=seed, plies=(0, game.rows * game.cols))[0]


@settings(max_examples=150, deadline=None)
@given(
    size=st.sampled_from([(4, 5, 3), (6, 7, 4), (5, 6, 4), (4, 4, 3)]),
    seed=st.integers(0, 10**6),
)
def test_features_match_a_cell_by_cell_count(size, seed):
    rows, cols, k = size
    game = ConnectFour(rows=rows, cols=cols, k=k)
    state = random_position(game, seed)
    terms = {t.name: t.value for t in connect_four_evaluation(game).terms(state)}
    twos, threes, threats, centre = naive(game, state)
    assert (terms["open twos"], terms["open threes"], terms["threats"], terms["centre"]) == (
        twos,
        threes,
        threats,
        centre,
    )


def test_the_sum_is_weighted():
    game = ConnectFour(rows=6, cols=7, k=4)
    state = random_position(game, 3)
    evaluate = connect_four_evaluation(game, twos=1, threes=10, threats=100, centre=1000)
    assert evaluate(state) == sum(t.score for t in evaluate.terms(state))
    assert evaluate(game.initial) == 0


def test_not_a_connect_four_game():
    with pytest.raises(EvaluationError, match="ConnectFour"):
        connect_four_evaluation("connect4")
