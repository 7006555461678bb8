"""The tournament's journal: every game at once, each counted once, and resumed only as it was."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.tools.tournament.journal import Journal, JournalEntry
from coursekit.tools.tournament.records import GameRecord, Pairing, Settings, TournamentError
from coursekit.tools.tournament.standings import standings_from_journal

SETTINGS = Settings(game="tictactoe", depth=2, pairing="swiss", rounds=3)


def record(round_number=1, board=1, game=1, outcome=1, **changes) -> GameRecord:
    fields = dict(max_entry="a", min_entry="b", opening=(4,), moves=(4, 0, 1, 2, 7),
                  outcome=outcome, thinking=(0.5, 0.25), replies=(2, 2), worker="tcp://w:1",
                  started=1.0, finished=2.0)  # fmt: skip
    return GameRecord(round_number, board, game, **{**fields, **changes})


@pytest.fixture
def journal(tmp_path):
    journal = Journal.open(tmp_path / "journal.sqlite", SETTINGS, resume=False)
    journal.add_entries(
        [JournalEntry(0, "a", "a.py", "00", ""), JournalEntry(1, "b", "b.py", "11", ""),
         JournalEntry(2, "c", "c.py", None, "refused: not a plain file"),
         JournalEntry(3, "d", "d.py", "33", "")]
    )  # fmt: skip
    yield journal
    journal.close()


def test_a_game_is_written_at_once_and_counted_once(journal):
    assert journal.add_game(record(), run=1)
    assert not journal.add_game(record(outcome=-1, worker="tcp://other:2"), run=2)
    # another connection (another process) sees it: it was committed
    with sqlite3.connect(journal.path) as other:
        assert other.execute("SELECT outcome, worker FROM games").fetchall() == [(1, "tcp://w:1")]
    assert journal.games() == [record()]


def test_games_come_back_in_the_order_of_their_keys_whatever_order_they_finished(journal):
    for key in [(2, 1, 2), (1, 2, 1), (2, 1, 1), (1, 1, 1)]:
        journal.add_game(record(*key), run=1)
    assert [g.key for g in journal.games()] == sorted([(2, 1, 2), (1, 2, 1), (2, 1, 1), (1, 1, 1)])


@settings(max_examples=30, deadline=None)
@given(moves=st.lists(st.one_of(st.integers(0, 8), st.tuples(st.integers(), st.integers()))))
def test_moves_come_back_as_they_went_in(tmp_path_factory, moves):
    folder = tmp_path_factory.mktemp("journal")
    journal = Journal.open(folder / "j.sqlite", SETTINGS, resume=False)
    journal.add_game(record(moves=tuple(moves)), run=1)
    assert journal.games()[0].moves == tuple(moves)
    journal.close()


def test_resume_needs_the_same_settings_and_a_journal(journal, tmp_path):
    journal.close()
    path = journal.path
    with pytest.raises(TournamentError, match="made with depth = 2, not 3"):
        Journal.open(path, Settings(**{**SETTINGS.__dict__, "depth": 3}), resume=True)
    with pytest.raises(TournamentError, match="holds a tournament already: pass --resume"):
        Journal.open(path, SETTINGS, resume=False)
    with pytest.raises(TournamentError, match="nothing to resume"):
        Journal.open(tmp_path / "none.sqlite", SETTINGS, resume=True)
    Journal.open(path, SETTINGS, resume=True).close()


def test_the_standings_are_a_function_of_the_journal(journal):
    journal.add_pairings([Pairing(1, 1, 0, 1), Pairing(1, 2, 3, None)])
    journal.add_game(record(1, 1, 1, outcome=1), run=1)
    journal.add_game(record(1, 1, 2, outcome=0, max_entry="b", min_entry="a"), run=1)
    standings = standings_from_journal(journal, rounds=3)
    rows = {row.entry: row for row in standings.table()}
    assert set(rows) == {"a", "b", "d"} and [e.name for e in standings.disqualified] == ["c"]
    assert (rows["d"].byes, rows["d"].points, rows["d"].games) == (1, 2, 0)  # a Swiss bye
    assert (rows["a"].points, rows["a"].wins, rows["a"].draws) == (1.5, 1, 1)
    assert (rows["b"].points, rows["b"].losses) == (0.5, 1)
    assert rows["a"].rank == 1 and rows["a"].rating.mu > rows["b"].rating.mu
    assert rows["a"].seconds_per_move == pytest.approx((0.5 + 0.25) / 4)
    # the same journal read again: the same standings
    assert standings_from_journal(journal, rounds=3).table() == standings.table()
