"""Matches and round robins: fair colours, correct scores, honest tables."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.games import MAX, ConnectFour, TicTacToe
from coursekit.search import SearchError
from coursekit.search.match import (
    EngineFailure,
    MatchEngine,
    match,
    openings,
    play_game,
    round_robin,
    score_interval,
)

PERFECT = MatchEngine("perfect", search="minimax")
RANDOMISH = MatchEngine("depth 1", search="minimax", depth=1)


def test_perfect_play_never_loses_at_tic_tac_toe():
    result = match(TicTacToe(), PERFECT, RANDOMISH, games=6, opening_plies=1, seed=3)
    assert len(result.games) == 6
    assert all(g.points("perfect") >= 0.5 for g in result.games)
    assert result.points("perfect") + result.points("depth 1") == 6
    rows = {r.engine: r for r in result.table()}
    assert rows["perfect"].losses == 0 and rows["perfect"].games == 6
    assert rows["perfect"].wins + rows["perfect"].draws == 6


def test_each_opening_is_played_with_both_colours():
    result = match(TicTacToe(), PERFECT, RANDOMISH, games=4, opening_plies=2, seed=0)
    by_opening: dict[tuple, set[str]] = {}
    for g in result.games:
        by_opening.setdefault(g.opening, set()).add(g.max_engine)
    assert all(firsts == {"perfect", "depth 1"} for firsts in by_opening.values())
    assert len(by_opening) == 2


def test_two_perfect_players_draw():
    other = MatchEngine("perfect too", search="minimax")
    result = match(TicTacToe(), PERFECT, other, games=2, opening_plies=0)
    assert [g.outcome for g in result.games] == [0, 0]
    assert result.crosstable() == {"perfect": {"perfect too": 1.0}, "perfect too": {"perfect": 1.0}}


def test_a_round_robin_plays_every_pair():
    engines = [PERFECT, RANDOMISH, MatchEngine("depth 2", search="minimax", depth=2)]
    result = round_robin(TicTacToe(), engines, games=2, opening_plies=1, seed=5)
    assert len(result.games) == 3 * 2
    pairs = {frozenset((g.max_engine, g.min_engine)) for g in result.games}
    assert len(pairs) == 3
    table = result.table()
    assert [r.points for r in table] == sorted((r.points for r in table), reverse=True)
    assert sum(r.points for r in table) == len(result.games)
    assert "perfect" in str(result)


def test_time_per_move_uses_iterative_deepening():
    game = ConnectFour(rows=4, cols=5, k=4)
    timed = MatchEngine("timed", search="minimax", seconds=0.02)
    record = play_game(game, timed, RANDOMISH, opening=(2,), max_moves=6)
    assert record.moves[0] == 2 and len(record.moves) == 6
    assert record.depths["timed"] and all(d >= 1 for d in record.depths["timed"])
    assert record.outcome == 0  # stopped before the end: scored a draw


def test_openings_are_seeded_and_never_end_the_game():
    game = TicTacToe()
    assert openings(game, 3, 4, seed=1) == openings(game, 3, 4, seed=1)
    for line in openings(game, 5, 6, seed=2):
        state = game.initial
        for move in line:
            state = game.result(state, move)
        assert not game.is_terminal(state)
    assert game.to_move(game.initial) is MAX


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: MatchEngine("", search="minimax"), "needs a name"),
        (lambda: MatchEngine("x", search="no such search"), "no search algorithm called"),
        (lambda: match(TicTacToe(), PERFECT, PERFECT), "different names"),
        (lambda: match(TicTacToe(), PERFECT, RANDOMISH, games=0), "games must be"),
        (lambda: match(TicTacToe(), PERFECT, RANDOMISH, opening_plies=-1), "opening_plies"),
        (lambda: play_game(TicTacToe(), PERFECT, RANDOMISH, opening=(99,)), "not legal"),
    ],
)
def test_bad_input_is_named(build, message):
    with pytest.raises(SearchError, match=message):
        build()


class Broken:
    """An engine that fails in a chosen way (what a tournament meets in students' programs)."""

    def __init__(self, name, how):
        self.name, self.how = name, how

    def think(self, game, state):
        if self.how == "illegal":
            return SimpleNamespace(move=99)  # checked before anything else is read
        raise EngineFailure(self.name, "ran out of time")


@pytest.mark.parametrize("how", ["illegal", "timeout"])
def test_a_failing_engine_loses_and_says_why(how):
    broken = Broken("broken", how)
    as_max = play_game(TicTacToe(), broken, PERFECT)
    as_min = play_game(TicTacToe(), PERFECT, broken)
    assert (as_max.outcome, as_min.outcome) == (-1, 1)
    assert as_max.forfeit == as_min.forfeit == "broken"
    assert ("not a legal move" if how == "illegal" else "ran out of time") in as_max.note
    assert as_max.points("perfect") == 1 and as_max.points("broken") == 0


def test_an_engine_passes_its_options_to_its_search():
    game = ConnectFour()
    seeded = MatchEngine("mcts", search="MCTS (UCT)", options={"playouts": 50, "seed": 3})
    first, again = seeded.think(game, game.initial), seeded.think(game, game.initial)
    assert first.stats.leaves == 50  # the playouts it was given, not the default
    assert (first.move, first.children) == (again.move, again.children)


def test_engine_options_must_be_keywords():
    with pytest.raises(SearchError, match="options must map keyword names"):
        MatchEngine("bad", search="MCTS (UCT)", options={1: 2})


@given(
    games=st.integers(1, 200),
    share=st.floats(0, 1),
    z=st.sampled_from([1.0, 1.96, 2.58]),
)
def test_the_score_interval_holds_the_score_and_stays_in_0_1(games, share, z):
    points = round(share * games * 2) / 2  # whole and half points
    low, high = score_interval(points, games, z)
    assert 0 <= low <= points / games <= high <= 1
    mirrored = score_interval(games - points, games, z)
    assert mirrored == pytest.approx((1 - high, 1 - low))
    wider = score_interval(points, games, z + 1)
    assert wider[0] <= low + 1e-12 and wider[1] >= high - 1e-12


def test_the_score_interval_narrows_with_more_games():
    few, many = score_interval(5, 10), score_interval(50, 100)
    assert many[1] - many[0] < few[1] - few[0]


@pytest.mark.parametrize(
    ("points", "games", "message"),
    [(1, 0, "games must be"), (11, 10, "points must be"), (True, 10, "points must be")],
)
def test_a_bad_score_is_named(points, games, message):
    with pytest.raises(SearchError, match=message):
        score_interval(points, games)


def test_the_table_speaks_the_notebooks_language_and_stays_aligned(chinese):
    engines = [PERFECT, MatchEngine("深度二", search="minimax", depth=2)]
    table = str(round_robin(TicTacToe(), engines, games=2, opening_plies=1, seed=5))
    head, *rows = table.splitlines()
    assert head.startswith("引擎") and "得分" in head

    def columns(line):  # a Chinese character is two columns wide in a monospaced font
        return sum(2 if "\u4e00" <= ch <= "\u9fff" else 1 for ch in line)

    assert {columns(line) for line in rows} == {columns(head)}
