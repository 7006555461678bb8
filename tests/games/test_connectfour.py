"""Connect Four on small boards: the bitboards agree with a plain grid."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.errors import CoursekitError
from coursekit.games import MAX, MIN, ConnectFour, Game
from coursekit.games.base import GameError


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


# --- moves in Pons' notation (1-based columns, one digit each) --------------------------------


def test_from_moves_plays_the_columns_one_based():
    game = ConnectFour()
    state = game.initial
    for c in (3, 3, 4, 2):
        state = game.result(state, c)
    assert game.from_moves("4453") == state
    assert game.from_moves("") == game.initial
    assert game.from_moves(" 4453\n") == state  # a line read from a file


@given(st.data())
@settings(max_examples=100)
def test_to_moves_reaches_the_same_position(data):
    rows, cols = data.draw(st.integers(2, 6)), data.draw(st.integers(2, 9))
    game = ConnectFour(rows, cols, 4 if max(rows, cols) >= 4 else 2)
    state = game.initial
    for _ in range(data.draw(st.integers(0, rows * cols))):
        if game.is_terminal(state):
            break
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))
    moves = game.to_moves(state)
    assert len(moves) == (state.x | state.o).bit_count()
    assert game.from_moves(moves) == state
    hashed = ConnectFour(rows, cols, game.k, hashing="zobrist")
    again = hashed.from_moves(moves)
    assert (again.x, again.o) == state and hashed.to_moves(again) == moves


def test_to_moves_of_a_finished_game_ends_with_the_winning_move():
    game = ConnectFour()
    state = game.from_moves("1212121")
    assert game.to_moves(state)[-1] == "1" and game.from_moves(game.to_moves(state)) == state


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("4458", r"move 4 \('8'\) is not a column: columns are 1–7"),
        ("4403", r"move 3 \('0'\) is not a column"),
        ("44a", r"move 3 \('a'\) is not a column"),
        ("4 4", r"move 2 \(' '\) is not a column"),
        ("1111111", "move 7: column 1 is full"),
        ("12121212", r"move 8 \(2\) comes after the end of the game"),
        (4453, "moves must be a string of column digits"),
        (None, "moves must be a string"),
    ],
)
def test_from_moves_rejects_bad_moves_with_a_clear_message(moves, message):
    with pytest.raises(CoursekitError, match=message):
        ConnectFour().from_moves(moves)


def test_to_moves_rejects_positions_no_game_reaches():
    game = ConnectFour(rows=4, cols=4)
    both_won = game.parse("xo..\nxo..\nxo..\nxo..")  # both players have four
    with pytest.raises(GameError, match="no sequence of moves reaches"):
        game.to_moves(both_won)
    with pytest.raises(GameError, match="at most 9 columns"):
        ConnectFour(rows=4, cols=10).to_moves(ConnectFour(rows=4, cols=10).initial)


def test_score_counts_a_sooner_win_higher():
    game = ConnectFour()
    assert game.score(game.from_moves("1212121")) == 18  # x wins with its 4th stone
    assert game.score(game.from_moves("21312131")) == -18  # o wins with its 4th stone
    late = game.from_moves("121212" + "3434343")  # x wins in column 3 with its 7th stone
    assert game.score(late) == 22 - 7
    with pytest.raises(GameError, match="not over yet"):
        game.score(game.initial)
