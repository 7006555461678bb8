"""The solver's fast path against chapter 6's form: same nodes, same scores, same table.

``Connect4Solver._build`` is the form the chapter reads; with every enhancement on
the solver runs ``connect4_fast`` instead. Both are run here on the same positions
— random ones near the end of the game on several boards, and Pons' sample — and
must visit exactly as many positions, give the same score and leave the same bounds
in the table. The four-region threat finder must give ``threat_finder``'s cells on
any bitboard, and a line of perfect play read from the table must keep the score at
every move (checked by solving each position of the line again). On positions drawn
from Pons' own files (``C4_DATA``, default /work/shared/data/connect4; skipped without
them) the two forms must agree node for node with his scores, and the public
``solve()`` must return a legal line that ends the game with the score it solved.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, ConnectFour
from coursekit.search import connect4_fast, solve
from coursekit.search.connect4_solver import ENHANCEMENTS, Connect4Solver
from coursekit.search.connect4_threats import region_threat_finder, threat_finder

SAMPLE = [
    line.split()
    for line in (Path(__file__).parent / "fixtures" / "pons_sample.txt").read_text().splitlines()
    if line and not line.startswith("#")
]
SIZES = [(6, 7), (4, 5), (5, 4), (5, 6), (4, 4), (7, 6)]


def textbook(rows: int, cols: int, **options) -> Connect4Solver:
    """A solver with every enhancement, searching as chapter 6's ``_build`` reads."""
    solver = Connect4Solver(rows, cols, **options)
    solver._search = solver._build()
    return solver


def mover_and_taken(state) -> tuple[int, int]:
    x, o = state.x, state.o
    return (x if x.bit_count() == o.bit_count() else o), x | o


@st.composite
def positions(draw, most_empty: int = 16):
    """A board size and a position on it that is not over, with a few cells left or more."""
    rows, cols = draw(st.sampled_from(SIZES))
    game = ConnectFour(rows, cols)
    state = game.initial
    target = rows * cols - draw(st.integers(2, min(most_empty, rows * cols)))
    while (state.x | state.o).bit_count() < target:
        going_on = [game.result(state, c) for c in game.actions(state)]
        going_on = [child for child in going_on if not game.is_terminal(child)]
        if not going_on:
            break
        state = draw(st.sampled_from(going_on))
    return game, state


@given(positions(), st.booleans(), st.sampled_from([1009, 101, 7]))
@settings(max_examples=150, deadline=None)
def test_the_fast_path_searches_node_for_node_as_chapter_6_reads(case, weak, table_size):
    game, state = case
    if game.is_terminal(state):
        return
    fast = Connect4Solver(game.rows, game.cols, table_size=table_size)
    slow = textbook(game.rows, game.cols, table_size=table_size)
    assert fast.enhancements == ENHANCEMENTS and fast._search is not slow._search
    mine, taken = mover_and_taken(state)
    for _ in range(2):  # the second solve starts from the table the first one left
        assert fast.solve(mine, taken, weak=weak) == slow.solve(mine, taken, weak=weak)
        assert (fast.nodes, fast.probes) == (slow.nodes, slow.probes)
        assert fast._table == slow._table  # small tables: every overwrite counts too


def test_the_fast_path_equals_chapter_6_on_pons_positions():
    fast, slow = Connect4Solver(), textbook(6, 7)
    for _, _, moves, score in SAMPLE[::4]:
        for weak in (True, False):
            fast.reset(), slow.reset()
            assert fast.solve_moves(moves, weak=weak) == slow.solve_moves(moves, weak=weak)
            assert fast.nodes == slow.nodes, moves
        assert fast.solve_moves(moves) == int(score)


@st.composite
def bitboards(draw):
    rows, cols = draw(st.sampled_from([*SIZES, (1, 9), (9, 1), (3, 3), (16, 16)]))
    h = rows + 1
    board = sum(1 << (c * h + r) for c in range(cols) for r in range(rows))
    stones = draw(st.integers(0, (1 << (cols * h)) - 1)) & board
    empty = draw(st.integers(0, (1 << (cols * h)) - 1)) & board & ~stones
    return rows, cols, stones, empty


@given(bitboards())
@settings(max_examples=500, deadline=None)
def test_the_four_region_finder_finds_the_cells_threat_finder_finds(case):
    rows, cols, stones, empty = case
    assert region_threat_finder(rows, cols)(stones, empty) == threat_finder(rows, cols)(
        stones, empty
    )


@given(positions(most_empty=14), st.booleans())
@settings(max_examples=80, deadline=None)
def test_a_line_read_from_the_table_keeps_the_score_at_every_move(case, weak):
    game, state = case
    if game.is_terminal(state):
        return
    solver, judge = Connect4Solver(game.rows, game.cols), textbook(game.rows, game.cols)
    mine, taken = mover_and_taken(state)
    score = solver.solve(mine, taken, weak=weak)
    line = solver.principal_variation(mine, taken, score, weak=weak)
    for column in line:
        judge.reset()
        assert judge.solve(mine, taken, weak=weak) == score  # still the score the line keeps
        assert column in game.actions(state)
        state = game.result(state, column)
        (mine, taken), score = mover_and_taken(state), -score
    assert game.is_terminal(state)
    assert (game.score(state) != 0) == (score != 0)  # the end agrees with the score


def test_a_line_is_still_found_when_the_table_has_forgotten_it():
    solver = Connect4Solver(table_size=11)  # every entry overwritten many times
    game = ConnectFour()
    for _, _, moves, score in [row for row in SAMPLE if row[0] == "L2_R1"][:5]:
        state = game.from_moves(moves)
        mine, taken = mover_and_taken(state)
        line = solver.principal_variation(mine, taken, int(score))
        end = game.from_moves(moves + "".join(str(c + 1) for c in line))
        side = 1 if len(moves) % 2 == 0 else -1  # Pons' score is the mover's; score() MAX's
        assert game.score(end) == side * int(score)


def test_the_move_table_is_cleared_when_full(monkeypatch):
    monkeypatch.setattr(connect4_fast, "CACHE_LIMIT", 3)
    solver, plain = Connect4Solver(), textbook(6, 7)
    assert solver.solve_moves("32164625") == plain.solve_moves("32164625")  # Test_L1_R1
    assert solver.nodes == plain.nodes


# --- Pons' own files: every set that a test can afford, drawn with a seed ---------------------

PONS_DATA = Path(os.environ.get("C4_DATA", "/work/shared/data/connect4"))
AFFORDABLE = {"L3_R1": 4, "L2_R1": 4, "L1_R1": 3, "L2_R2": 2, "L1_R2": 1}
"""Positions drawn from each file (L1_R3 takes millions of nodes a position: none)."""


def pons_file(name: str, count: int) -> list[tuple[str, int]]:
    """``count`` seeded positions of ``Test_{name}.txt`` with Pons' scores; skip without it."""
    path = PONS_DATA / f"Test_{name}.txt"
    if not path.exists():
        pytest.skip(f"Pons' test sets are not in {PONS_DATA} (set C4_DATA)")
    pairs = [line.split() for line in path.read_text().splitlines() if line.strip()]
    return [(moves, int(score)) for moves, score in random.Random(40).sample(pairs, count)]


@pytest.mark.parametrize("name", AFFORDABLE)
def test_the_fast_path_equals_chapter_6_on_pons_files(name):
    fast, slow = Connect4Solver(), textbook(6, 7)
    for moves, score in pons_file(name, AFFORDABLE[name]):
        for weak in (True, False) if name != "L1_R2" else (True,):
            fast.reset(), slow.reset()
            found = fast.solve_moves(moves, weak=weak)
            assert found == slow.solve_moves(moves, weak=weak), moves
            assert (fast.nodes, fast.probes) == (slow.nodes, slow.probes), moves
            assert found == (sign(score) if weak else score), moves


@pytest.mark.parametrize("name", ["L3_R1", "L2_R1", "L1_R1", "L2_R2"])
def test_solve_reads_a_legal_line_that_ends_with_the_solved_score(name):
    game = ConnectFour()
    for moves, score in pons_file(name, 2):
        state = game.from_moves(moves)
        side = 1 if game.to_move(state) is MAX else -1  # Pons' scores are the mover's
        for fastest in (False, True):
            solution = solve(game, state, fastest=fastest)
            end = state
            for move in solution.pv:
                assert move in game.actions(end), (moves, solution.pv)
                end = game.result(end, move)
            assert game.is_terminal(end), (moves, solution.pv)
            if fastest:
                assert solution.value == game.score(end) == side * score
            else:
                assert sign(solution.value) == sign(game.score(end)) == side * sign(score)


def sign(x: float) -> int:
    return (x > 0) - (x < 0)
