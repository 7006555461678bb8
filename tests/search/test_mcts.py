"""MCTS (UCT): reproducible with a seed, consistent counts, converging to minimax's move."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, ConnectFour, GameTree, Pig, TicTacToe
from coursekit.games.playout import random_positions
from coursekit.search import mcts, minimax
from coursekit.search.core import SearchError
from coursekit.search.mcts import UCT_C

GAME = TicTacToe()


def optimal_moves(game, state) -> set:
    """The moves whose minimax value is the position's."""
    values = {a: minimax(game, game.result(state, a)).value for a in game.actions(state)}
    best = (max if game.to_move(state) is MAX else min)(values.values())
    return {a for a, v in values.items() if v == best}


def test_a_seed_reproduces_the_search_exactly():
    state = GAME.parse("X.. / .O. / ...")
    runs = [mcts(GAME, state, playouts=400, seed=7, trace=True) for _ in range(2)]
    assert runs[0].pv == runs[1].pv and runs[0].children == runs[1].children
    assert runs[0].value == runs[1].value and list(runs[0].trace) == list(runs[1].trace)
    other = mcts(GAME, state, playouts=400, seed=8, trace=True)
    assert list(other.trace) != list(runs[0].trace)


def test_connect_four_too():
    game = ConnectFour()
    a, b = (mcts(game, playouts=300, seed=3) for _ in range(2))
    assert (a.pv, a.children) == (b.pv, b.children) and a.move in game.actions(game.initial)
    # a win in one: X has three in the bottom row
    s = game.initial
    for col in (0, 0, 1, 1, 2, 2):
        s = game.result(s, col)
    assert mcts(game, s, playouts=400, seed=0).move == 3


@pytest.mark.parametrize("seed", [3, 4])
def test_uct_converges_to_the_minimax_move(seed):
    """On positions where some moves are worse than others, the share of positions where
    UCT's move is one of minimax's best moves grows with the playouts, to all of them."""
    positions = [
        s
        for s in random_positions(GAME, 40, seed=seed, plies=(2, 6))
        if optimal_moves(GAME, s) != set(GAME.actions(s))
    ]
    assert len(positions) >= 10
    wrong = {}
    for playouts in (30, 3000):
        wrong[playouts] = sum(
            mcts(GAME, s, playouts=playouts, seed=0).move not in optimal_moves(GAME, s)
            for s in positions
        )
    assert wrong[3000] == 0
    assert wrong[30] > 0  # the test can fail: few playouts do miss


@given(st.integers(0, 10_000), st.integers(1, 200), st.sampled_from([0.0, 0.5, UCT_C]))
@settings(max_examples=60, deadline=None)
def test_the_traces_counts_are_consistent(seed, playouts, c):
    state = random_positions(GAME, 1, seed=seed, plies=(0, 5))[0]
    r = mcts(GAME, state, playouts=playouts, c=c, seed=seed, trace=True)
    trace = r.trace
    assert len(trace) == playouts == r.stats.leaves
    visits: dict[tuple, int] = {}
    for step in trace:
        counts = {count.path: count for count in step.counts}
        # the path from the root to where the playout started, each node one visit more
        assert list(counts) == [step.started[:k] for k in range(len(step.started) + 1)]
        for path, count in counts.items():
            assert count.visits == visits.get(path, 0) + 1
            visits[path] = count.visits
        # selection chose the child with the largest UCB1 at each step
        for k, scores in enumerate(step.choices):
            chosen = step.selected[k]
            assert max(scores, key=lambda s: s.ucb).move == chosen
            parent = counts[step.selected[:k]].visits - 1  # before this iteration
            for s in scores:
                assert s.ucb == pytest.approx(
                    s.wins / s.visits + c * math.sqrt(math.log(parent) / s.visits)
                )
        # the reward is the playout's result for MAX
        end = state
        for move in (*step.started, *step.playout):
            end = GAME.result(end, move)
        u = GAME.utility(end, MAX)
        assert step.reward == (1.0 if u > 0 else 0.0 if u < 0 else 0.5)
    # a node's visits = its children's + the playouts that started at it
    started: dict[tuple, int] = {}
    for step in trace:
        started[step.started] = started.get(step.started, 0) + 1
    final = trace.counts()
    for path, count in final.items():
        children = sum(
            c.visits for p, c in final.items() if len(p) == len(path) + 1 and p[:-1] == path
        )
        assert count.visits == children + started.get(path, 0)
    assert final[()].visits == playouts
    assert r.stats.nodes == len(final)
    assert {s.move: s.visits for s in r.children} == {
        p[0]: c.visits for p, c in final.items() if len(p) == 1
    }


def test_the_chosen_move_is_the_most_visited_and_the_value_an_estimate():
    r = mcts(GAME, GAME.parse("XX. / OO. / ..."), playouts=500, seed=1)
    best = max(r.children, key=lambda s: s.visits)
    assert r.move == best.move == 2
    assert 0.5 < r.value <= 1  # X wins at once: the estimate is close to a win


def test_a_clock_stops_it():
    r = mcts(ConnectFour(), seconds=0.05, seed=0)
    assert r.timed_out and r.stats.leaves >= 1
    r = mcts(GAME, playouts=5, seconds=60, seed=0)  # whichever comes first
    assert not r.timed_out and r.stats.leaves == 5


def test_the_trace_of_one_iteration_reads_as_the_four_steps():
    r = mcts(GAME, GAME.parse("XX. / OO. / ..."), playouts=1, seed=0, trace=True)
    step = r.trace[0]
    assert step.selected == () and step.choices == ()  # nothing expanded yet: the root
    assert len(step.expanded) == 1 and step.expanded[0] in GAME.actions(
        GAME.parse("XX. / OO. / ...")
    )
    assert [c.visits for c in step.counts] == [1, 1]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mcts(GAME, playouts=0), "playouts must be a whole number >= 1"),
        (lambda: mcts(GAME, playouts=2.5), "playouts must be a whole number >= 1"),
        (lambda: mcts(GAME, seconds=0), "seconds must be a number > 0"),
        (lambda: mcts(GAME, c=-1), "c must be a number >= 0"),
        (lambda: mcts(Pig()), "chance nodes"),
        (lambda: mcts(GAME, GAME.parse("XXX / OO. / ...")), "the game is over"),
        (lambda: mcts(GameTree.from_nested([1, 2]), "Z"), "not a position"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(SearchError, match=message):
        call()
