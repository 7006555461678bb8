"""What a class tournament passes around: its settings, entries as file contents, games as data.

Everything here is plain data (numbers, strings, bytes, tuples), so that it
can travel to a worker on another machine and back, and go into the journal
(:mod:`coursekit.tools.tournament.journal`) as it is. An entry travels as the
*contents* of its file with their SHA-256, never as code of the referee's:
the worker writes the bytes into a folder of its own and runs them in a
sandbox, as the referee would.

This module imports nothing heavy: a tournament entry's own process imports
:mod:`coursekit.tools.tournament.command`, which imports this.
"""

from __future__ import annotations

import hashlib
import math
import os
import stat
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from numbers import Real
from pathlib import Path
from typing import Any

from coursekit.search.registry import get

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
    """A name of :data:`coursekit.tools.tournament.command.GAMES`."""

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

    pairing: str | None = "round-robin"
    """``round-robin`` or ``swiss`` (None: chosen by the field's size, :func:`checked_settings`)."""

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


def read_capped(path: Path, most: int) -> bytes:
    """A file's bytes, read only when it is a plain file of at most ``most`` bytes.

    The checks come before anything is read, and the file is opened without
    following a link (it could have been swapped for one after the check).

    Raises
    ------
    ValueError
        For a link, a FIFO, a device or a folder, a file that cannot be read or is too
        large; the message says which.
    """
    try:
        info = os.lstat(path)
    except OSError as error:
        raise ValueError(f"cannot be read: {error.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ValueError("refused: not a plain file (a link, a FIFO or a device)")
    if info.st_size > most:
        raise ValueError(f"refused: larger than {most:,} bytes")
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        raise ValueError(f"cannot be read: {error.strerror}") from None
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise ValueError("refused: not a plain file (a link, a FIFO or a device)")
        data = file.read(most + 1)
    if len(data) > most:
        raise ValueError(f"refused: larger than {most:,} bytes")
    return data


def read_entry(path: Path) -> bytes:
    """An entry file's bytes (:func:`read_capped` to :data:`ENTRY_BYTES`).

    Raises
    ------
    TournamentError
        For a link, a FIFO or a device, a file that cannot be read or is too large.
    """
    try:
        return read_capped(path, ENTRY_BYTES)
    except ValueError as error:
        raise TournamentError(str(error)) from None


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


def add_scheduler_arguments(parser: Any, *, scheduler_help: str, resume_help: str) -> None:
    """``--scheduler`` and ``--resume``, as the tournament and the grader take them."""
    parser.add_argument("--scheduler", default=None, help=scheduler_help)
    parser.add_argument("--resume", action="store_true", help=resume_help)


ROUND_ROBIN_MOST = 16
"""The most entries a tournament pairs as a round robin when ``--pairing`` is not given."""


def checked_settings(paths: Sequence[Path], known_games: Collection[str], **given: Any) -> Settings:
    """The tournament's settings, each checked; ``pairing`` and ``rounds`` filled in when None.

    ``paths`` are the entries (at least two ``.py`` files or notebooks), ``known_games`` the
    names ``--game`` may take; ``given`` are :class:`Settings`' fields.

    Raises
    ------
    TournamentError
        Naming the first bad setting, its value and what it takes.

    Examples
    --------
    >>> entries = [Path("coursekit/__init__.py"), Path("coursekit/text.py")]
    >>> checked_settings(entries, ["tictactoe"], game="tictactoe", rounds=None).pairing
    'round-robin'
    >>> checked_settings(entries, ["tictactoe"], game="tictactoe", depth=0)
    Traceback (most recent call last):
    ...
    coursekit.tools.tournament.records.TournamentError: --depth 0: give a whole number, at least 1
    """
    _check_paths(paths)
    settings = Settings(**given)
    for option, value, least in (("--games", settings.games, 1), ("--seed", settings.seed, 0),
                                 ("--opening-plies", settings.opening_plies, 0)):  # fmt: skip
        _whole(option, value, least)
    if settings.depth is not None:
        _whole("--depth", settings.depth, 1)
    seconds = settings.seconds
    if isinstance(seconds, bool) or not isinstance(seconds, Real) or not 0 < seconds < math.inf:
        raise TournamentError(f"--time {seconds!r}: give the seconds a move may take, above 0")
    if settings.game not in known_games:
        choices = ", ".join(known_games)
        raise TournamentError(f"unknown game {settings.game!r}: choose one of {choices}")
    try:
        algorithm = get(settings.search)
    except KeyError as error:
        raise TournamentError(error.args[0]) from None
    if settings.depth is not None and not algorithm.depth:
        raise TournamentError(f"--search {settings.search} takes no depth: leave out --depth")
    if len(paths) < 2:
        raise TournamentError("give at least two entries (.py files or notebooks)")
    return replace(settings, **_pairing(len(paths), settings.pairing, settings.rounds))


def _pairing(entries: int, pairing: str | None, rounds: int | None) -> dict[str, Any]:
    """The pairing and its rounds, the defaults filled in, checked against the field's size."""
    pairing = pairing or ("round-robin" if entries <= ROUND_ROBIN_MOST else "swiss")
    if pairing not in PAIRINGS:
        raise TournamentError(f"--pairing {pairing!r}: choose one of {', '.join(PAIRINGS)}")
    if pairing == "round-robin":
        if rounds is not None:
            raise TournamentError("--rounds is for --pairing swiss (a round robin plays them all)")
        return {"pairing": pairing, "rounds": None}
    most = entries - 1 + entries % 2
    rounds = min(math.ceil(math.log2(entries)) + 2, most) if rounds is None else rounds
    _whole("--rounds", rounds, 1)
    if rounds > most:
        raise TournamentError(
            f"--rounds {rounds}: {entries} entries can meet in at most {most} Swiss rounds "
            "without a rematch; play fewer rounds, or a round robin"
        )
    return {"pairing": pairing, "rounds": rounds}


def _whole(option: str, value: Any, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise TournamentError(f"{option} {value!r}: give a whole number, at least {least}")


def _check_paths(paths: Sequence[Path]) -> None:
    """At least two entries, each an existing ``.py`` file or notebook."""
    if not paths:
        raise TournamentError("give at least two entries (.py files or notebooks)")
    for path in paths:
        if not path.is_file():
            raise TournamentError(f"{path}: no such file")
        if path.suffix not in (".py", ".ipynb"):
            raise TournamentError(f"{path}: an entry is a .py file or a notebook")
