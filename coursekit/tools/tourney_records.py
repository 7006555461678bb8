"""What a class tournament passes around: its settings, entries as file contents, games as data.

Everything here is plain data (numbers, strings, bytes, tuples), so that it
can travel to a worker on another machine and back, and go into the journal
(:mod:`coursekit.tools.tourney_journal`) as it is. An entry travels as the
*contents* of its file with their SHA-256, never as code of the referee's:
the worker writes the bytes into a folder of its own and runs them in a
sandbox, as the referee would.

This module imports nothing heavy: a tournament entry's own process imports
:mod:`coursekit.tools.tournament`, which imports this.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ENTRY_BYTES = 4 * 1024**2
"""The largest entry file admitted."""

PAIRINGS = ("round-robin", "swiss")
"""The ways a tournament pairs its entries (``--pairing``)."""


class TournamentError(RuntimeError):
    """The tournament cannot start or go on (no entries, an unknown game, a journal that
    does not match); the message names what is wrong and how to fix it."""


@dataclass(frozen=True)
class Settings:
    """How a tournament is played: everything that decides its games and its pairings.

    A journal stores them; ``--resume`` goes on only with the same settings.
    """

    game: str = "connect4"
    """A name of :data:`coursekit.tools.tournament.GAMES`."""

    seconds: float = 1.0
    """Time per move; with ``depth``, the most a move may take."""

    depth: int | None = None
    """Plies searched per move (then the games are the same on every machine)."""

    games: int = 2
    """Games per pairing, colours alternating, from ``ceil(games / 2)`` openings."""

    opening_plies: int = 2
    """Random moves played before the entries take over (seeded)."""

    seed: int = 0
    """Seeds the openings and the Swiss starting order."""

    search: str = "alpha-beta"
    """The registered search every entry uses."""

    pairing: str = "round-robin"
    """``round-robin`` or ``swiss``."""

    rounds: int | None = None
    """Swiss rounds (a round robin has ``n - 1``, ``n`` rounded up to even)."""

    unsafe_no_sandbox: bool = False
    """Play without bubblewrap (trusted entries only)."""


@dataclass(frozen=True)
class Pairing:
    """Two entries that meet in a round, or one entry's bye."""

    round: int
    """The round, from 1."""

    board: int
    """The pairing's place in the round, from 1 (the leaders' board first)."""

    first: int
    """The entry (its number) that plays MAX in the pairing's first game."""

    second: int | None
    """The entry that plays MIN in the first game; ``None`` for a bye."""


@dataclass(frozen=True)
class EntrySource:
    """An entry as it travels: its number and name, and its file's contents."""

    number: int
    """The entry's place in the list given (pairings and the journal use it)."""

    name: str
    """Its name in the standings (the file name without the suffix, made unique)."""

    suffix: str
    """``.py`` or ``.ipynb``."""

    content: bytes = field(repr=False)
    """The file's bytes (at most :data:`ENTRY_BYTES`)."""

    @property
    def sha256(self) -> str:
        """The SHA-256 of the contents, in hex (the journal keeps it)."""
        return hashlib.sha256(self.content).hexdigest()


@dataclass(frozen=True)
class AdmissionTask:
    """Load one entry in its sandbox and check its ``evaluate`` (on a worker)."""

    settings: Settings
    entry: EntrySource


@dataclass(frozen=True)
class GameTask:
    """One game of a pairing, as a worker plays it."""

    settings: Settings
    round: int
    board: int
    game: int
    """The game's number within its pairing, from 1."""
    max_entry: EntrySource
    min_entry: EntrySource
    opening: tuple

    @property
    def key(self) -> tuple[int, int, int]:
        """(round, board, game): where the game stands in the tournament, and its order."""
        return (self.round, self.board, self.game)


@dataclass(frozen=True)
class GameRecord:
    """A finished game, as the referee measured it: what the journal keeps."""

    round: int
    board: int
    game: int
    max_entry: str
    """The name of the entry that played MAX (moved first)."""
    min_entry: str
    opening: tuple
    moves: tuple
    """Every move, the opening's included."""
    outcome: int
    """+1 MAX won, −1 MIN won, 0 a draw."""
    forfeit: str | None = None
    """The entry that lost by failing (a crash, a time-out, an illegal move), if any."""
    note: str = ""
    """Why it forfeited."""
    thinking: tuple[float, float] = (0.0, 0.0)
    """Seconds MAX and MIN thought, by the referee's clock (process starts not counted)."""
    replies: tuple[int, int] = (0, 0)
    """Moves MAX and MIN were asked for."""
    worker: str = ""
    """The worker that played it."""
    started: float = 0.0
    """When it started and finished (seconds since the epoch, the worker's clock)."""
    finished: float = 0.0

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.round, self.board, self.game)

    def points(self, entry: str) -> float:
        """1 for a win, ½ for a draw, 0 for a loss (0 for an entry that did not play)."""
        if entry == self.max_entry:
            return (1 + self.outcome) / 2
        if entry == self.min_entry:
            return (1 - self.outcome) / 2
        return 0.0


def read_entry(path: Path) -> bytes:
    """An entry file's bytes, read only when it is a plain file of at most ENTRY_BYTES.

    Raises
    ------
    TournamentError
        For a link, a FIFO or a device, a file that cannot be read or is too large.
    """
    try:
        info = os.lstat(path)
    except OSError as error:
        raise TournamentError(f"cannot be read: {error.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise TournamentError("refused: not a plain file (a link, a FIFO or a device)")
    if info.st_size > ENTRY_BYTES:
        raise TournamentError(f"refused: larger than {ENTRY_BYTES:,} bytes")
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as file:
        data = file.read(ENTRY_BYTES + 1)
    if len(data) > ENTRY_BYTES:
        raise TournamentError(f"refused: larger than {ENTRY_BYTES:,} bytes")
    return data


def entry_names(paths: Sequence[Path]) -> list[str]:
    """Each entry's name: its file name without the suffix, primed until it is unique.

    >>> entry_names([Path("a/x.py"), Path("b/x.py"), Path("y.ipynb")])
    ['x', "x'", 'y']
    """
    names: list[str] = []
    for path in paths:
        name = path.stem
        while name in names:
            name += "'"
        names.append(name)
    return names
