"""The tournament's journal: every entry, pairing and finished game, in SQLite, at once.

A class tournament can run all night; the referee may die in the middle (a
power cut, a closed laptop, an out-of-memory kill). Everything that decides
the standings is written to ``journal.sqlite`` in the results folder the
moment it is known, each in its own transaction, so that the file always
holds a consistent prefix of the tournament:

``settings``
    how the tournament is played (:class:`~coursekit.tools.tournament.records.Settings`);
``entries``
    each entry's number, name, file and the SHA-256 of its contents, and why it
    was disqualified ("" when it plays; NULL while it has not been admitted yet);
``pairings``
    each round's boards, stored before the round's first game is sent out;
``games``
    each finished game: who played which side, the opening and every move,
    the result and the reason of a forfeit, each side's thinking time and
    number of replies, the worker that played it and when;
``runs``
    each start of the referee (``--resume`` adds one), with its scheduler and
    how many games it sent out;
``ratings``
    every entry's rating after each round (derived from ``games``; kept for
    readers of the file).

The standings are always a function of this file
(:func:`coursekit.tools.tournament.standings.standings_from_journal`).
A game's key (round, board, game) is its primary key: a game played twice
(a worker that died after finishing it, say) is counted once.

>>> import tempfile
>>> from coursekit.tools.tournament.records import Settings
>>> folder = tempfile.TemporaryDirectory()
>>> path = Path(folder.name) / "journal.sqlite"
>>> journal = Journal.open(path, Settings(game="tictactoe"), resume=False)
>>> journal.settings()["game"]
'tictactoe'
>>> Journal.open(path, Settings(), resume=False)
Traceback (most recent call last):
...
coursekit.tools.tournament.records.TournamentError: ... holds a tournament already: ...
>>> journal.close(); folder.cleanup()
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coursekit.tools.tournament.ratings import Rating
from coursekit.tools.tournament.records import GameRecord, Pairing, Settings, TournamentError

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entries (
    number INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, file TEXT NOT NULL,
    sha256 TEXT, problem TEXT);
CREATE TABLE IF NOT EXISTS pairings (
    round INTEGER NOT NULL, board INTEGER NOT NULL, first INTEGER NOT NULL, second INTEGER,
    PRIMARY KEY (round, board));
CREATE TABLE IF NOT EXISTS games (
    round INTEGER NOT NULL, board INTEGER NOT NULL, game INTEGER NOT NULL,
    max_entry TEXT NOT NULL, min_entry TEXT NOT NULL, opening TEXT NOT NULL,
    moves TEXT NOT NULL, outcome INTEGER NOT NULL, forfeit TEXT, note TEXT NOT NULL,
    max_seconds REAL, min_seconds REAL, max_replies INTEGER, min_replies INTEGER,
    worker TEXT, started REAL, finished REAL, run INTEGER,
    PRIMARY KEY (round, board, game));
CREATE TABLE IF NOT EXISTS runs (
    run INTEGER PRIMARY KEY, started REAL NOT NULL, scheduler TEXT NOT NULL,
    submitted INTEGER NOT NULL DEFAULT 0, finished REAL);
CREATE TABLE IF NOT EXISTS ratings (
    round INTEGER NOT NULL, entry TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
    PRIMARY KEY (round, entry));
"""


@dataclass(frozen=True)
class JournalEntry:
    """An entry as the journal keeps it."""

    number: int
    name: str
    file: str
    sha256: str | None
    """None when the file could not be read (then ``problem`` says why)."""
    problem: str | None
    """"" when it plays, the reason when it was disqualified, None before its admission."""


def open_database(path: Path, schema: str, settings: dict[str, Any], *, resume: bool, what: str):
    """An SQLite journal at ``path`` holding ``settings``: new, or an earlier one to go on with.

    Raises
    ------
    TournamentError
        When a journal is there and ``resume`` is false, none is there and it is
        true, or the journal's settings differ from ``settings`` (the first
        difference is named).
    """
    if path.exists() and not resume:
        raise TournamentError(
            f"{path} holds {what} already: pass --resume to go on with it, "
            "or give another output folder"
        )
    if not path.exists() and resume:
        raise TournamentError(f"nothing to resume: there is no journal at {path}")
    connection = sqlite3.connect(path, isolation_level=None)  # each write commits at once
    connection.executescript(schema)
    stored = {
        name: json.loads(value) for name, value in connection.execute("SELECT * FROM settings")
    }
    if not stored:
        with connection:
            connection.executemany(
                "INSERT INTO settings VALUES (?, ?)",
                [(name, json.dumps(value)) for name, value in settings.items()],
            )
        return connection
    for name, value in settings.items():
        if stored.get(name) != value:
            connection.close()
            raise TournamentError(
                f"the journal at {path} was made with {name} = {stored.get(name)!r}, "
                f"not {value!r}: resume with the settings it was started with"
            )
    return connection


class Journal:
    """A tournament's journal file (see the module docstring)."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self.connection = connection

    @classmethod
    def open(cls, path: Path, settings: Settings, *, resume: bool) -> Journal:
        """Start a journal at ``path``, or (``resume``) open the one there with ``settings``."""
        values = dataclasses.asdict(settings)
        connection = open_database(path, SCHEMA, values, resume=resume, what="a tournament")
        return cls(path, connection)

    def close(self) -> None:
        self.connection.close()

    def settings(self) -> dict[str, Any]:
        rows = self.connection.execute("SELECT name, value FROM settings")
        return {name: json.loads(value) for name, value in rows}

    # --- entries -------------------------------------------------------------------------

    def entries(self) -> list[JournalEntry]:
        rows = self.connection.execute("SELECT * FROM entries ORDER BY number")
        return [JournalEntry(*row) for row in rows]

    def add_entries(self, entries: Iterable[JournalEntry]) -> None:
        with self.connection:
            self.connection.executemany(
                "INSERT INTO entries VALUES (?, ?, ?, ?, ?)",
                [dataclasses.astuple(entry) for entry in entries],
            )

    def set_problem(self, number: int, problem: str) -> None:
        """Record an entry's admission: "" when it plays, else why it is disqualified."""
        with self.connection:
            self.connection.execute(
                "UPDATE entries SET problem = ? WHERE number = ?", (problem, number)
            )

    # --- pairings ------------------------------------------------------------------------

    def pairings(self, round_number: int) -> list[Pairing]:
        """The stored boards of a round (empty when it has not been paired yet)."""
        rows = self.connection.execute(
            "SELECT round, board, first, second FROM pairings WHERE round = ? ORDER BY board",
            (round_number,),
        )
        return [Pairing(*row) for row in rows]

    def add_pairings(self, pairings: Sequence[Pairing]) -> None:
        with self.connection:
            self.connection.executemany(
                "INSERT INTO pairings VALUES (?, ?, ?, ?)",
                [(p.round, p.board, p.first, p.second) for p in pairings],
            )

    def all_pairings(self) -> list[Pairing]:
        rows = self.connection.execute("SELECT * FROM pairings ORDER BY round, board")
        return [Pairing(*row) for row in rows]

    # --- games ---------------------------------------------------------------------------

    def add_game(self, record: GameRecord, run: int) -> bool:
        """Write a finished game at once; False (and nothing written) when it is there already."""
        row = (
            record.round, record.board, record.game, record.max_entry, record.min_entry,
            json.dumps(record.opening), json.dumps(record.moves), record.outcome,
            record.forfeit, record.note, *record.thinking, *record.replies,
            record.worker, record.started, record.finished, run,
        )  # fmt: skip
        with self.connection:
            cursor = self.connection.execute(
                f"INSERT OR IGNORE INTO games VALUES ({', '.join('?' * len(row))})", row
            )
        return cursor.rowcount == 1

    def games(self) -> list[GameRecord]:
        """Every finished game, in the order of their keys (round, board, game)."""
        cursor = self.connection.cursor()
        cursor.row_factory = sqlite3.Row  # columns by name
        rows = cursor.execute("SELECT * FROM games ORDER BY round, board, game")
        return [_record(row) for row in rows]

    def finished(self) -> set[tuple[int, int, int]]:
        """The keys of the finished games."""
        rows = self.connection.execute("SELECT round, board, game FROM games")
        return {tuple(row) for row in rows}

    # --- runs and ratings -----------------------------------------------------------------

    def start_run(self, scheduler: str) -> int:
        """Record a start of the referee; its number."""
        with self.connection:
            cursor = self.connection.execute(
                "INSERT INTO runs (started, scheduler) VALUES (?, ?)", (time.time(), scheduler)
            )
        return int(cursor.lastrowid or 0)

    def count_submitted(self, run: int, games: int) -> None:
        """Record that ``games`` more games were sent to the workers in ``run``."""
        with self.connection:
            self.connection.execute(
                "UPDATE runs SET submitted = submitted + ? WHERE run = ?", (games, run)
            )

    def finish_run(self, run: int) -> None:
        with self.connection:
            self.connection.execute(
                "UPDATE runs SET finished = ? WHERE run = ?", (time.time(), run)
            )

    def save_ratings(self, by_round: Sequence[dict[str, Rating]]) -> None:
        """Store every entry's rating after each round (replacing what was stored)."""
        rows = [
            (number, name, rating.mu, rating.sigma)
            for number, ratings in enumerate(by_round, 1)
            for name, rating in ratings.items()
        ]
        with self.connection:
            self.connection.execute("DELETE FROM ratings")
            self.connection.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?)", rows)


def _as_move(value: Any) -> Any:
    """A move from JSON: lists become tuples (the games' moves are ints or tuples)."""
    return tuple(_as_move(v) for v in value) if isinstance(value, list) else value


def _record(row: sqlite3.Row) -> GameRecord:
    return GameRecord(
        row["round"], row["board"], row["game"], row["max_entry"], row["min_entry"],
        opening=_as_move(json.loads(row["opening"])),
        moves=_as_move(json.loads(row["moves"])),
        outcome=row["outcome"], forfeit=row["forfeit"], note=row["note"],
        thinking=(row["max_seconds"], row["min_seconds"]),
        replies=(row["max_replies"], row["min_replies"]),
        worker=row["worker"], started=row["started"], finished=row["finished"],
    )  # fmt: skip
