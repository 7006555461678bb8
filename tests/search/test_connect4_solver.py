"""Connect4Solver: Pons' scores on his test positions, and agreement with plain search.

The sample in ``fixtures/pons_sample.txt`` (100 positions of Test_L3_R1, 100 of
Test_L2_R1, 20 of Test_L1_R1, drawn with a seed) carries the scores Pons
published; the property tests compare the solver with memoised minimax
(``tabulate``, which knows nothing of bitboards, threats or windows) on random
positions near the end of the game, on 6×7 and on smaller boards.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, ConnectFour
from coursekit.search import solve
from coursekit.search.connect4_solver import (
    ENHANCEMENTS,
    Connect4Solver,
    NodeLimit,
    enhancement_table,
    shared_solver,
    threat_finder,
)
from coursekit.search.core import SearchError
from coursekit.search.solve import tabulate

SAMPLE = [
    line.split()
    for line in (Path(__file__).parent / "fixtures" / "pons_sample.txt").read_text().splitlines()
    if line and not line.startswith("#")
]
GAME = ConnectFour()


def sign(x: float) -> int:
    return (x > 0) - (x < 0)


def mover_and_taken(state) -> tuple[int, int]:
    x, o = state.x, state.o
    return (x if x.bit_count() == o.bit_count() else o), x | o


@pytest.fixture(scope="module")
def solver():
    return Connect4Solver()


@pytest.mark.parametrize("test_set", ["L3_R1", "L2_R1", "L1_R1"])
def test_pons_scores_weak_and_exact(solver, test_set):
    rows = [row for row in SAMPLE if row[0] == test_set]
    assert len(rows) >= 20
    for _, line, moves, score in rows:
        solver.reset()
        assert solver.solve_moves(moves, weak=True) == sign(int(score)), (line, moves)
        solver.reset()
        assert solver.solve_moves(moves) == int(score), (line, moves)


def test_solve_gives_pons_scores_from_max_side():
    for _, _, moves, score in [row for row in SAMPLE if row[0] != "L1_R1"][::10]:
        state = GAME.from_moves(moves)
        side = 1 if GAME.to_move(state) is MAX else -1
        exact = solve(GAME, state, fastest=True)
        assert exact.value == side * int(score)
        weak = solve(GAME, state)
        assert weak.value == (side * sign(int(score)) * math.inf if int(score) else 0)
        # Both lines of perfect play end as their value says.
        for result in (exact, weak):
            end = state
            for move in result.pv:
                end = GAME.result(end, move)
            assert GAME.is_terminal(end)
            assert sign(GAME.score(end)) == sign(result.value)
        assert GAME.score(_play(state, exact.pv)) == exact.value


def _play(state, moves):
    for move in moves:
        state = GAME.result(state, move)
    return state


def near_the_end(game: ConnectFour, data, empty: tuple[int, int]):
    """A random position with ``empty`` cells left or so, nobody has won."""
    state = game.initial
    target = game.rows * game.cols - data.draw(st.integers(*empty))
    while (state.x | state.o).bit_count() < target:
        going_on = [game.result(state, c) for c in game.actions(state)]
        going_on = [child for child in going_on if not game.is_terminal(child)]
        if not going_on:
            break
        state = data.draw(st.sampled_from(going_on))
    return state


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_agrees_with_memoised_minimax_near_the_end(data):
    rows, cols = data.draw(st.sampled_from([(6, 7), (4, 5), (5, 4), (4, 4), (6, 5)]))
    game = ConnectFour(rows, cols)
    state = near_the_end(game, data, (4, 11))
    if game.is_terminal(state):
        return
    exact = tabulate(game, state, fastest=True)[state]
    side = 1 if game.to_move(state) is MAX else -1
    solver = shared_solver(rows, cols)
    mine, taken = mover_and_taken(state)
    assert solver.solve(mine, taken) == side * exact
    assert solver.solve(mine, taken, weak=True) == sign(side * exact)
    assert solve(game, state, fastest=True).value == exact
    g = data.draw(st.integers(-5, 5))
    assert solver.is_above(mine, taken, g) == (side * exact > g)


@given(st.data())
@settings(max_examples=40, deadline=None)
def test_every_set_of_enhancements_gives_the_same_score(data):
    game = ConnectFour(5, 5)
    state = near_the_end(game, data, (5, 12))
    if game.is_terminal(state):
        return
    chosen = data.draw(st.sets(st.sampled_from(ENHANCEMENTS)))
    solver = Connect4Solver(5, 5, enhancements=chosen, table_size=1009)
    mine, taken = mover_and_taken(state)
    side = 1 if game.to_move(state) is MAX else -1
    exact = side * tabulate(game, state, fastest=True)[state]
    assert solver.solve(mine, taken) == exact
    assert solver.solve(mine, taken, weak=True) == sign(exact)


def test_each_enhancement_alone_on_a_real_position():
    moves = "5554224333234511764415115"  # Test_L2_R1, line 1: score 4
    nodes = {}
    for k in range(len(ENHANCEMENTS) + 1):
        for chosen in itertools.combinations(ENHANCEMENTS, k):
            solver = Connect4Solver(enhancements=chosen, table_size=10007)
            assert solver.solve_moves(moves) == 4, chosen
            nodes[chosen] = solver.nodes
    assert nodes[ENHANCEMENTS] < nodes[()] / 20  # all of them search far fewer positions


def test_same_nodes_as_pons_solver_on_his_positions(solver):
    # Node counts of Pons' C++ weak solver (bench/connect4_pons_driver.cpp), same search.
    pons = {"5554224333234511764415115": 30, "1233722555341451114725221333": 1096}
    for moves, nodes in pons.items():
        solver.reset()
        solver.solve_moves(moves, weak=True)
        assert solver.nodes == nodes


def test_threats_agree_with_the_game():
    threats = threat_finder(6, 7)
    board = sum(GAME.cell(r, c) for r in range(6) for c in range(7))
    for _, _, moves, _ in SAMPLE[:50]:
        state = GAME.from_moves(moves)
        mine, taken = mover_and_taken(state)
        assert threats(mine, board ^ taken) == GAME.winning_cells(mine) & ~taken


def test_a_node_limit_stops_the_search():
    solver = Connect4Solver(max_nodes=50)
    with pytest.raises(NodeLimit, match="more than max_nodes=50"):
        solver.solve_moves("32164625")  # Test_L1_R1: tens of thousands of positions


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Connect4Solver(rows=0), "rows must be a whole number from 1 to 16"),
        (lambda: Connect4Solver(cols=17), "cols must be"),
        (lambda: Connect4Solver(enhancements="table"), "enhancements must be a collection"),
        (lambda: Connect4Solver(enhancements=["tables"]), "unknown enhancement 'tables'"),
        (lambda: Connect4Solver(table_size=1), "table_size must be a whole number >= 2"),
        (lambda: Connect4Solver(max_nodes=0), "max_nodes must be"),
        (lambda: Connect4Solver(max_nodes=2.5), "max_nodes must be"),
    ],
)
def test_bad_solvers_are_refused(make, message):
    with pytest.raises(SearchError, match=message):
        make()


@pytest.mark.parametrize(
    ("mine", "taken", "message"),
    [
        (1, 0, "mine must be a part of taken"),
        (0, 2, "taken has a stone above an empty cell"),
        (0, 1 << 6, "taken must be a bitboard of the 6×7 board"),  # a guard bit
        (-1, 0, "mine must be a bitboard"),
        (True, 1, "mine must be a bitboard"),
        (0, 0b111, "as many stones as the other or one fewer"),
    ],
)
def test_bad_positions_are_refused(solver, mine, taken, message):
    with pytest.raises(SearchError, match=message):
        solver.solve(mine, taken)


def test_finished_games_are_refused(solver):
    state = GAME.from_moves("1212121")
    mine, taken = mover_and_taken(state)
    with pytest.raises(SearchError, match="the game is over"):
        solver.solve(mine, taken)
    with pytest.raises(SearchError, match="score must be a whole number"):
        solver.is_above(*mover_and_taken(GAME.initial), 0.5)


def test_enhancement_table_switches_them_on_in_turn():
    moves = [row[2] for row in SAMPLE if row[0] == "L3_R1"][:6]
    moves += [row[2] for row in SAMPLE if row[0] == "L2_R1"][:4]
    table = enhancement_table(moves, max_nodes=300_000)
    assert [row.enhancements for row in table] == [ENHANCEMENTS[:k] for k in range(6)]
    assert [row.added for row in table] == ["α-β negamax", *ENHANCEMENTS]
    assert all(row.positions + row.stopped == len(moves) for row in table)
    assert table[-1].stopped == 0 and table[-1].nodes * 5 < table[0].nodes
    assert str(table[0]).startswith("+ α-β negamax: ")


def test_enhancement_table_leaves_out_what_hits_the_node_limit():
    table = enhancement_table(["3455565261655364217"], max_nodes=1_000)  # Test_L2_R1, line 8
    assert (table[0].positions, table[0].stopped) == (0, 1)
    assert math.isnan(table[0].nodes) and "1 stopped" in str(table[0])
    assert (table[-1].positions, table[-1].stopped) == (1, 0)


def test_the_table_is_cleared_for_real_when_generations_run_out():
    solver = Connect4Solver(4, 4, table_size=101)
    solver._generation = (1 << (64 - solver._key_bits)) - 1  # the last generation that fits
    assert solver.solve_moves("1234") == Connect4Solver(4, 4).solve_moves("1234")
    assert any(solver._table[0])
    solver.reset()
    assert solver._generation == 1 and not any(solver._table[0])
    assert solver.solve_moves("1234") == Connect4Solver(4, 4).solve_moves("1234")


@pytest.mark.parametrize("test_set", ["L3_R1", "L2_R1"])
def test_chapter_6_sample_carries_pons_scores(solver, test_set):
    from coursekit.search.connect4_solver import PONS_SAMPLE

    lines = {(s, moves): int(score) for s, _, moves, score in SAMPLE}
    for moves, score in PONS_SAMPLE[test_set]:
        assert lines[test_set, moves] == score  # the sample's lines, as in the fixture
        solver.reset()
        assert solver.solve_moves(moves) == score
