"""Connect Four on small boards: the bitboards agree with a plain grid."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, ConnectFour, Game


class Grid:
    """A deliberately plain Connect Four: a list of rows, checked cell by cell."""

    def __init__(self, rows, cols, k):
        self.rows, self.cols, self.k = rows, cols, k
        self.cells = [["."] * cols for _ in range(rows)]  # row 0 = bottom
        self.turn = "x"

    def drop(self, col):
        row = next(r for r in range(self.rows) if self.cells[r][col] == ".")
        self.cells[row][col] = self.turn
        self.turn = "o" if self.turn == "x" else "x"

    def lines(self):
        for r in range(self.rows):
            for c in range(self.cols):
                for dr, dc in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                    cells = [(r + i * dr, c + i * dc) for i in range(self.k)]
                    if all(0 <= a < self.rows and 0 <= b < self.cols for a, b in cells):
                        yield [self.cells[a][b] for a, b in cells]

    def won(self, mark):
        return any(all(c == mark for c in line) for line in self.lines())

    def open_for(self, mark):
        enemy = "o" if mark == "x" else "x"
        return sum(enemy not in line for line in self.lines())

    def full(self):
        return all(c != "." for row in self.cells for c in row)


sizes = st.tuples(st.integers(1, 5), st.integers(1, 6), st.integers(2, 4)).filter(
    lambda s: s[2] <= max(s[0], s[1])
)


@given(sizes, st.data())
@settings(max_examples=150)
def test_bitboards_agree_with_a_plain_grid(size, data):
    rows, cols, k = size
    game, grid = ConnectFour(rows, cols, k), Grid(rows, cols, k)
    state = game.initial
    while True:
        over = grid.won("x") or grid.won("o") or grid.full()
        assert game.is_terminal(state) == over
        assert game.to_move(state) is (MAX if grid.turn == "x" else MIN)
        if grid.won("x"):
            assert game.evaluate(state) == math.inf
        elif grid.won("o"):
            assert game.evaluate(state) == -math.inf
        else:
            assert game.evaluate(state) == grid.open_for("x") - grid.open_for("o")
        if over:
            assert game.actions(state) == []
            break
        free = [c for c in range(cols) if grid.cells[rows - 1][c] == "."]
        assert game.actions(state) == free
        col = data.draw(st.sampled_from(free))
        state = game.result(state, col)
        grid.drop(col)
        text = "\n".join(" ".join(row) for row in reversed(grid.cells))
        assert game.to_text(state) == text
        assert game.parse(text) == state


@given(st.data())
def test_a_position_and_its_mirror_share_a_key(data):
    game = ConnectFour(4, 5, 4)
    state = game.initial
    for _ in range(data.draw(st.integers(0, 12))):
        if game.is_terminal(state):
            break
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))
    mirror = game.mirror(state)
    assert game.mirror(mirror) == state
    assert game.key(mirror) == game.key(state)
    assert game.evaluate(mirror) == game.evaluate(state)
    flipped = "\n".join(line[::-1] for line in game.to_text(state).splitlines())
    assert game.to_text(mirror) == flipped


def test_is_a_game_and_the_design_size_builds():
    game = ConnectFour(rows=4, cols=5, k=4)
    assert isinstance(game, Game)
    assert game.actions(game.initial) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rows": 0}, "rows must be a whole number"),
        ({"rows": 3, "cols": 3, "k": 4}, "nobody can get 4 in a line"),
        ({"k": True}, "k must be a whole number"),
    ],
)
def test_bad_sizes(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ConnectFour(**kwargs)


def test_bad_moves_and_boards():
    game = ConnectFour(2, 3, 2)
    full = game.result(game.result(game.initial, 0), 0)
    with pytest.raises(ValueError, match="column 0 is full"):
        game.result(full, 0)
    with pytest.raises(ValueError, match="column 5 is not a column"):
        game.result(game.initial, 5)
    with pytest.raises(ValueError, match="column 2 has a piece above an empty cell"):
        game.parse(". x .\nx . o")
    with pytest.raises(ValueError, match="x moves first"):
        game.parse("...\noo.")


def _random_position(game, data):
    """A position reached by random moves (the game may be over)."""
    state = game.initial
    for _ in range(data.draw(st.integers(0, game.rows * game.cols))):
        moves = game.actions(state)
        if not moves:
            break
        state = game.result(state, data.draw(st.sampled_from(moves)))
    return state


def _wins_at_once(game, state, column):
    after = game.result(state, column)
    return game.is_terminal(after) and game.utility(after, game.to_move(state)) > 0


@given(sizes, st.data())
@settings(max_examples=200, deadline=None)
def test_winning_and_safe_moves_agree_with_playing_them_out(size, data):
    game = ConnectFour(*size)
    state = _random_position(game, data)
    moves = game.actions(state)
    wins = [c for c in moves if _wins_at_once(game, state, c)]
    assert game.winning_moves(state) == wins
    if wins:
        return  # safe_moves is asked only when there is no win at once
    safe = {
        c
        for c in moves
        if not any(
            _wins_at_once(game, after, d)
            for after in [game.result(state, c)]
            for d in game.actions(after)
        )
    }
    assert set(game.safe_moves(state)) == safe
    assert len(game.safe_moves(state)) == len(safe)  # each move once
