"""A tournament's standings, computed from its journal and nothing else.

The ranking is by conservative rating (μ − 3σ, :mod:`coursekit.tools.tournament.ratings`),
with the points beside it; ties in rating go to the points, then to the name.
Everything shown — points, wins, draws, losses, byes, the time a move took by
the referee's clock, the forfeits and their reasons, the crosstable and the
ratings after each round — comes from the games the journal holds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from coursekit.search.match import MatchResult, PlayedGame
from coursekit.text import padded
from coursekit.tools.tournament.journal import Journal, JournalEntry
from coursekit.tools.tournament.ratings import Rating, initial_rating, ratings_by_round
from coursekit.tools.tournament.records import GameRecord, Pairing, Settings


@dataclass(frozen=True)
class Row:
    """One entry's line of the standings."""

    rank: int
    entry: str
    rating: Rating
    points: float
    games: int
    wins: int
    draws: int
    losses: int
    byes: int
    seconds_per_move: float
    """The mean time from the referee's request to the entry's reply (its own clock)."""
    problems: tuple[str, ...]
    """Why it forfeited games (each reason once)."""


@dataclass(frozen=True)
class Standings:
    """A tournament as its journal holds it: entries, pairings, games, ratings."""

    settings: Settings
    entries: tuple[str, ...]
    """The entries that play, in the order given."""
    pairings: tuple[Pairing, ...]
    """Every round's boards (``second`` None: a bye), by entry number."""
    numbers: dict[int, str]
    """Entry number → name."""
    games: tuple[GameRecord, ...]
    """Every finished game, in the order of their keys."""
    disqualified: tuple[JournalEntry, ...]
    """Entries that could not play, with the reason."""
    rounds: int
    """The rounds the tournament has in all (finished or not)."""

    @cached_property
    def by_round(self) -> list[dict[str, Rating]]:
        """Every entry's rating after each round that has games."""
        games = ((g.round, g.max_entry, g.min_entry, g.outcome) for g in self.games)
        return ratings_by_round(self.entries, games)

    @property
    def ratings(self) -> dict[str, Rating]:
        """The ratings now."""
        start = initial_rating()
        return self.by_round[-1] if self.by_round else dict.fromkeys(self.entries, start)

    @property
    def byes(self) -> dict[str, int]:
        """Byes (Swiss) or rests (round robin) of each entry so far."""
        played = {g.round for g in self.games}
        counts = dict.fromkeys(self.entries, 0)
        for p in self.pairings:
            if p.second is None and p.round in played:
                counts[self.numbers[p.first]] += 1
        return counts

    def bye_points(self) -> float:
        """What a bye scores: a win for each game of its round in a Swiss; a rest, nothing."""
        return float(self.settings.games) if self.settings.pairing == "swiss" else 0.0

    def table(self) -> list[Row]:
        """One row per entry, best conservative rating first."""
        ratings, byes = self.ratings, self.byes
        rows = []
        for name in self.entries:
            played = [g for g in self.games if name in (g.max_entry, g.min_entry)]
            wins = sum(g.points(name) == 1 for g in played)
            draws = sum(g.points(name) == 0.5 for g in played)
            points = sum(g.points(name) for g in played) + byes[name] * self.bye_points()
            seconds, replies = _thinking(name, played)
            problems = sorted({g.note for g in played if g.forfeit == name})
            rows.append(
                Row(0, name, ratings[name], points, len(played), wins, draws,
                    len(played) - wins - draws, byes[name],
                    seconds / replies if replies else 0.0, tuple(problems))
            )  # fmt: skip
        rows.sort(key=lambda r: (-r.rating.conservative, -r.points, r.entry))
        return [dataclasses.replace(row, rank=rank) for rank, row in enumerate(rows, 1)]

    @property
    def seconds_per_move(self) -> dict[str, float]:
        return {row.entry: row.seconds_per_move for row in self.table()}

    @property
    def result(self) -> MatchResult:
        """The games as a match result (``table()``, ``crosstable()``, ``points(name)``)."""
        return MatchResult(self.entries, tuple(map(played_game, self.games)))

    def __str__(self) -> str:
        head = (
            f"{'#':>3} {padded('entry', 20)} {'μ−3σ':>6} {'μ ± σ':>12} {'points':>6} "
            f"{'games':>5} {'W':>3} {'D':>3} {'L':>3} {'s/move':>7}"
        )
        lines = [head]
        for r in self.table():
            spread = f"{r.rating.mu:.1f} ± {r.rating.sigma:.1f}"
            lines.append(
                f"{r.rank:>3} {padded(r.entry, 20)} {r.rating.conservative:>6.1f} {spread:>12} "
                f"{r.points:>6g} {r.games:>5} {r.wins:>3} {r.draws:>3} {r.losses:>3} "
                f"{r.seconds_per_move:>7.3f}"
            )
        return "\n".join(lines)


def _thinking(name: str, games: Sequence[GameRecord]) -> tuple[float, int]:
    """Seconds ``name`` thought and replies it gave, over ``games``."""
    seconds, replies = 0.0, 0
    for g in games:
        side = 0 if g.max_entry == name else 1
        seconds += g.thinking[side]
        replies += g.replies[side]
    return seconds, replies


def played_game(record: GameRecord) -> PlayedGame:
    """A journal's game as the match module's record (depth and nodes: not measured)."""
    names = (record.max_entry, record.min_entry)
    return PlayedGame(
        record.max_entry, record.min_entry, record.opening, record.outcome, record.moves,
        depths={name: [] for name in names}, nodes=dict.fromkeys(names, 0),
        seconds=dict(zip(names, record.thinking, strict=True)),
        forfeit=record.forfeit, note=record.note,
    )  # fmt: skip


def standings_from_journal(journal: Journal, rounds: int) -> Standings:
    """The standings as the journal holds them (``rounds``: the tournament's rounds in all)."""
    settings = Settings(**journal.settings())
    entries = journal.entries()
    return Standings(
        settings=settings,
        entries=tuple(e.name for e in entries if e.problem == ""),
        pairings=tuple(journal.all_pairings()),
        numbers={e.number: e.name for e in entries},
        games=tuple(journal.games()),
        disqualified=tuple(e for e in entries if e.problem),
        rounds=rounds,
    )
