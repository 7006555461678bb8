"""Running a class tournament: admit the entries, pair each round, play its games on the workers.

The steps, each written to the journal (:mod:`coursekit.tools.tournament.journal`)
as soon as it is done, so that ``--resume`` picks up exactly where a killed
referee stopped:

1. read every entry's file (plain files only) and record its name and SHA-256;
2. admit each entry on a worker: it must load and give finite values on sample
   positions, else it is disqualified with the reason;
3. for each round: take its pairings from the journal, or make them
   (:mod:`coursekit.tools.tournament.pairing`: the circle method's next round, or a
   Swiss matching of the standings so far) and store them;
4. send every game of the round not yet in the journal to the workers, and
   write each one the moment it comes back. A round robin's rounds do not
   depend on results, so all of its games go out at once; a Swiss round waits
   for the one before;
5. after each round, store the ratings and call ``after_round`` (the partial
   standings).

The games themselves are played by the function ``play`` given, on the
workers; which entry meets which, with which opening and colour, is decided
here from the seed and the journal alone, so the tournament is the same on
any number of workers.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from coursekit.search.match import openings
from coursekit.tools.tournament.cluster import ClusterError, Done, connect, run_tasks, workers
from coursekit.tools.tournament.journal import Journal, JournalEntry
from coursekit.tools.tournament.pairing import (
    History,
    PairingError,
    round_robin_rounds,
    swiss_round,
)
from coursekit.tools.tournament.records import (
    AdmissionTask,
    EntrySource,
    GameRecord,
    GameTask,
    Pairing,
    Settings,
    TournamentError,
    entry_names,
    read_entry,
)
from coursekit.tools.tournament.standings import Standings, standings_from_journal

JOURNAL = "journal.sqlite"
"""The journal's file name in the results folder."""


@dataclass(frozen=True)
class Referee:
    """What the workers run: the referee's own functions (module-level, imported by name)."""

    admit: Callable[[AdmissionTask], str]
    """Load an entry in its sandbox: "" when it may play, else why not."""
    play: Callable[[GameTask], GameRecord]
    """Play one game between two entries, each in its own sandbox."""


def play_tournament(
    paths: Sequence[Path],
    settings: Settings,
    referee: Referee,
    game: Any,
    *,
    out: Path,
    scheduler: str,
    resume: bool = False,
    progress: bool = False,
    after_round: Callable[[Standings], None] | None = None,
) -> Standings:
    """Play (or, with ``resume``, finish) a tournament; its journal is ``out/journal.sqlite``.

    Raises
    ------
    TournamentError
        When fewer than two entries can play, the journal does not match the
        settings or the entries, a round cannot be paired, or a game fails on
        its worker (what finished is kept: ``--resume`` goes on from there).
    """
    sources, unreadable = _sources(paths)
    out.mkdir(parents=True, exist_ok=True)
    journal = Journal.open(out / JOURNAL, settings, resume=resume)
    try:
        _record_entries(journal, paths, sources, unreadable)
        with connect(scheduler) as client:
            run = journal.start_run(scheduler)
            field = _admit(journal, client, referee, settings, sources, progress)
            rounds = planned_rounds(settings, len(field))
            plan = Plan(settings, game, field, rounds)
            bar = _progress_bar(plan, journal, progress, workers(client))
            try:
                for batch in plan.batches():
                    tasks = _tasks_of(plan, journal, batch)
                    journal.count_submitted(run, len(tasks))
                    _play(journal, client, referee, tasks, run, bar)
                    standings = standings_from_journal(journal, rounds)
                    journal.save_ratings(standings.by_round)
                    if after_round is not None:
                        after_round(standings)
            finally:
                if bar is not None:
                    bar.close()
            journal.finish_run(run)
        return standings_from_journal(journal, rounds)
    except (ClusterError, PairingError) as error:
        raise TournamentError(str(error)) from None
    finally:
        journal.close()


def planned_rounds(settings: Settings, players: int) -> int:
    """The rounds in all: a round robin's ``n - 1`` (n rounded up to even), or ``--rounds``."""
    if settings.pairing == "round-robin":
        return players - 1 + players % 2
    assert settings.rounds is not None
    return settings.rounds


# --- the entries --------------------------------------------------------------------------


def _sources(paths: Sequence[Path]) -> tuple[list[EntrySource], dict[int, str]]:
    """Each readable entry's contents, and for the others why they cannot play."""
    sources, unreadable = [], {}
    for number, (path, name) in enumerate(zip(paths, entry_names(paths), strict=True)):
        try:
            sources.append(EntrySource(number, name, path.suffix, read_entry(path)))
        except TournamentError as error:
            unreadable[number] = str(error)
    return sources, unreadable


def _record_entries(
    journal: Journal, paths: Sequence[Path], sources: Sequence[EntrySource], unreadable: dict
) -> None:
    """Write the entries into a new journal, or check that they are the journal's."""
    names = entry_names(paths)
    hashes = {source.number: source.sha256 for source in sources}
    given = [
        JournalEntry(n, names[n], str(path), hashes.get(n), unreadable.get(n))
        for n, path in enumerate(paths)
    ]
    stored = journal.entries()
    if not stored:
        journal.add_entries(given)
        return
    if [(e.name, e.sha256) for e in stored] != [(e.name, e.sha256) for e in given]:
        changed = [
            e.name
            for e, g in zip(stored, given, strict=False)
            if (e.name, e.sha256) != (g.name, g.sha256)
        ]
        raise TournamentError(
            f"the entries are not the ones the journal at {journal.path} started with "
            f"({', '.join(changed[:5]) or 'a different number of files'}): resume with the "
            "same files, unchanged, in the same order"
        )


def _admit(
    journal: Journal, client: Any, referee: Referee, settings: Settings, sources: Sequence,
    progress: bool,
) -> list[EntrySource]:  # fmt: skip
    """Admit the entries not admitted yet (on the workers); the ones that play, in order."""
    waiting = {e.number for e in journal.entries() if e.problem is None}
    tasks = [AdmissionTask(settings, s) for s in sources if s.number in waiting]
    keys = [f"coursekit-admit-{t.entry.number}-{uuid.uuid4().hex[:8]}" for t in tasks]
    bar = _bar(len(tasks), 0, "admitting entries", "entry") if progress and tasks else None

    def admitted(task: AdmissionTask, done: Done) -> None:
        journal.set_problem(task.entry.number, str(done.result))
        if bar is not None:
            bar.update()

    try:
        run_tasks(client, referee.admit, tasks, keys, admitted)
    finally:
        if bar is not None:
            bar.close()
    playing = {e.number for e in journal.entries() if e.problem == ""}
    field = [source for source in sources if source.number in playing]
    if len(field) < 2:
        out = ", ".join(f"{e.name} ({e.problem})" for e in journal.entries() if e.problem)
        raise TournamentError(f"fewer than two entries can play; disqualified: {out or 'none'}")
    return field


# --- rounds and games -----------------------------------------------------------------------


@dataclass
class Plan:
    """The tournament's shape: who plays, how many rounds, and how each round is paired."""

    settings: Settings
    game: Any
    field: list[EntrySource]
    rounds: int

    def batches(self) -> list[list[int]]:
        """Rounds that go out together: all of a round robin's at once, Swiss one by one."""
        every = list(range(1, self.rounds + 1))
        return [every] if self.settings.pairing == "round-robin" else [[r] for r in every]

    def start_order(self) -> list[int]:
        """The entries in a seeded order: seats of the round robin, the Swiss tie-break."""
        order = [source.number for source in self.field]
        random.Random(self.settings.seed).shuffle(order)
        return order

    def pair(self, round_number: int, journal: Journal) -> list[Pairing]:
        """A round's boards (made from the start order, or the Swiss history so far)."""
        if self.settings.pairing == "round-robin":
            return round_robin_rounds(self.start_order())[round_number - 1]
        history = self.history(journal)
        start = {number: place for place, number in enumerate(self.start_order())}
        order = sorted(start, key=lambda n: (-history.points[n], start[n]))
        return swiss_round(order, history, round_number)

    def history(self, journal: Journal) -> History:
        """Points, opponents, colours and byes so far, from the journal."""
        numbers = {source.name: source.number for source in self.field}
        history = History.empty(numbers.values())
        for record in journal.games():
            max_points = (1 + record.outcome) / 2
            history.add_game(numbers[record.max_entry], numbers[record.min_entry], max_points)
        byes = float(self.settings.games)
        for pairing in journal.all_pairings():
            if pairing.second is None:
                history.add_bye(pairing.first, byes)
        return history

    def games_of(self, pairing: Pairing) -> list[GameTask]:
        """A pairing's games: colours alternating, each opening played from both sides."""
        if pairing.second is None:
            return []
        by_number = {source.number: source for source in self.field}
        first, second = by_number[pairing.first], by_number[pairing.second]
        count, plies = self.settings.games, self.settings.opening_plies
        seed = self.settings.seed * 1000 + pairing.round  # each round its own openings
        lines = openings(self.game, (count + 1) // 2, plies, seed)
        return [
            GameTask(self.settings, pairing.round, pairing.board, number,
                     *((first, second) if number % 2 else (second, first)),
                     lines[(number - 1) // 2])
            for number in range(1, count + 1)
        ]  # fmt: skip


def _tasks_of(plan: Plan, journal: Journal, batch: Sequence[int]) -> list[GameTask]:
    """The games of the rounds in ``batch`` not in the journal yet (pairing rounds as needed)."""
    finished = journal.finished()
    tasks = []
    for round_number in batch:
        pairings = journal.pairings(round_number)
        if not pairings:
            pairings = plan.pair(round_number, journal)
            journal.add_pairings(pairings)
        for pairing in pairings:
            tasks += [task for task in plan.games_of(pairing) if task.key not in finished]
    return tasks


def _play(
    journal: Journal, client: Any, referee: Referee, tasks: Sequence[GameTask], run: int, bar: Any
) -> None:
    """Play ``tasks`` on the workers, writing each game to the journal as it comes back."""
    tag = uuid.uuid4().hex[:8]
    keys = [f"coursekit-game-{t.round}-{t.board}-{t.game}-{tag}" for t in tasks]

    def finished(task: GameTask, done: Done) -> None:
        record = replace(done.result, worker=done.worker, started=done.started,
                         finished=done.finished)  # fmt: skip
        journal.add_game(record, run)
        if bar is not None:
            bar.update()

    run_tasks(client, referee.play, tasks, keys, finished)


def _progress_bar(plan: Plan, journal: Journal, shown: bool, worker_count: int) -> Any:
    """A bar of games done with an estimate of the time left (tqdm), or None."""
    if not shown:
        return None
    total = plan.rounds * (len(plan.field) // 2) * plan.settings.games
    label = f"games ({worker_count} worker{'s' if worker_count != 1 else ''})"
    return _bar(total, len(journal.finished()), label, "game")


def _bar(total: int, done: int, label: str, unit: str) -> Any:
    from tqdm import tqdm  # only when a terminal watches

    return tqdm(total=total, initial=done, desc=label, unit=unit, smoothing=0.05)
