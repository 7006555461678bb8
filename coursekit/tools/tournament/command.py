"""The class tournament: students' evaluation functions play each other, on one machine or many.

Each entry is a ``.py`` file or an exercise notebook whose answer cells
define ``evaluate(state) -> float`` (MAX's point of view). Entries are code the
instructor cannot trust, so each plays in a sandbox of its own
(:mod:`coursekit.tools.sandbox.process`): a fresh process tree for every game, which
sees only a copy of its own file, cannot signal the referee or another entry,
start a process or outlive its game, and talks to the referee in JSON lines
over pipes (``python -m coursekit.tools.inside entry``; no pickle). Every entry
uses the same search (iterative deepening α-β at the given time per move, or
with ``--depth`` a search to that depth).

The referee decides everything from what it measures: it validates each move
against its own copy of the game, times each reply with its own clock, and
writes the standings; an entry's claims about its depth or speed are not
taken. An entry that does not load, or whose ``evaluate`` does not give a
finite number on sample positions, is disqualified before the first game; one
that crashes, runs over its time, sends a malformed or illegal reply during a
game loses that game, and the tournament goes on.

The games are tasks on Dask workers (:func:`play_game_task`, one game each;
a local cluster by default, a lab's machines by address); the pairing
(a round robin or Swiss rounds), the ratings and the journal that keeps every
finished game are the ``tourney_*`` modules, driven by
:mod:`coursekit.tools.tournament.rounds`. The final CSV and HTML are written, each
atomically, from the journal once every entry's process is gone.

Example::

    coursekit tournament entries/*.py --game connect4 --time 1.0 --out results/
    coursekit tournament entries/*.py --pairing swiss --rounds 9 --scheduler tcp://lab-01:8786
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import functools
import io
import math
import os
import runpy
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator, Sequence
from numbers import Real
from pathlib import Path
from typing import Any

from coursekit.games import ConnectFour, TicTacToe
from coursekit.games.playout import random_positions
from coursekit.text import LANGUAGES
from coursekit.tools.sandbox.process import Limits, Sandbox, sandbox_problem
from coursekit.tools.sandbox.processors import claim_processor
from coursekit.tools.sandbox.safe_output import csv_row
from coursekit.tools.tournament.records import (
    PAIRINGS,
    ROUND_ROBIN_MOST,
    AdmissionTask,
    EntrySource,
    GameRecord,
    GameTask,
    Settings,
    TournamentError,
    add_scheduler_arguments,
    checked_settings,
)
from coursekit.tools.tournament.referee import REPLY_BYTES, Entry, EntryEngine, play_game
from coursekit.tools.tournament.report import page_name, standings_page
from coursekit.tools.tournament.standings import Standings

GAMES: dict[str, Callable[[], Any]] = {
    "connect4": lambda: ConnectFour(rows=6, cols=7, k=4),
    "connect4-small": lambda: ConnectFour(rows=4, cols=5, k=4),
    "tictactoe": TicTacToe,
}
"""The games a tournament can be played on, by the name given to ``--game``."""

SAMPLE_POSITIONS = 20
"""Positions on which an entry's ``evaluate`` must give finite numbers to be admitted."""

ENTRY_LIMITS = Limits(
    memory_bytes=1024**3,
    address_space=2 * 1024**3,
    processes=16,
    work_bytes=16 * 1024**2,
    tmp_bytes=16 * 1024**2,
    file_bytes=16 * 1024**2,
    output_bytes=REPLY_BYTES,
)
"""What one entry's sandbox may use."""


# --- inside an entry's own process -------------------------------------------------------


def load_evaluate(path: Path) -> Callable[[Any], float]:
    """The ``evaluate`` function an entry defines (a ``.py`` file or a notebook's answer cells)."""
    if path.suffix == ".ipynb":
        import nbformat

        from coursekit.tools.notebooks.exercise import is_answer

        notebook = nbformat.read(path, as_version=4)
        namespace: dict[str, Any] = {"__name__": "__entry__"}
        for cell in notebook.cells:
            if is_answer(cell):
                exec(compile(cell.source, str(path), "exec"), namespace)  # the student's answer
    else:
        namespace = runpy.run_path(str(path), run_name="__entry__")
    evaluate = namespace.get("evaluate")
    if not callable(evaluate):
        raise TournamentError("defines no function evaluate(state)")
    return evaluate


def admission_problem(evaluate: Callable[[Any], float], game: Any) -> str:
    """ "" when ``evaluate`` gives a finite number on every sample position, else the reason."""
    # early positions only: a smoke test of evaluate, not a search (a bug that shows
    # later in a game costs the entry that game)
    for state in random_positions(game, SAMPLE_POSITIONS, plies=(0, 3)):
        value = evaluate(state)
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
            return f"evaluate returned {value!r}, not a finite number"
    return ""


def last_line(error: BaseException) -> str:
    lines = traceback.format_exception_only(type(error), error)
    return lines[-1].strip() if lines else type(error).__name__


# --- in the tournament's process ---------------------------------------------------------


# --- the referee's work on a worker: one admission, one game -----------------------------


@contextlib.contextmanager
def _entry_engines(settings: Settings, sources: Sequence[EntrySource]) -> Iterator[list]:
    """Engines for ``sources``, each entry written from its contents into a folder of its own
    and sealed off in a sandbox of its own, all on one processor that no other game on this
    machine plays on meanwhile (:func:`~coursekit.tools.sandbox.processors.claim_processor`); every
    process is gone when the block ends.

    Raises
    ------
    TournamentError
        When this machine cannot seal entries off and the settings do not allow playing unsealed.
    """
    problem = sandbox_problem()
    if problem is not None and not settings.unsafe_no_sandbox:
        raise TournamentError(f"this machine cannot seal the entries off: {problem}")
    from coursekit.tools.sandbox.package_view import view_for

    view = view_for()
    engines: list[EntryEngine] = []
    with (
        tempfile.TemporaryDirectory(prefix="coursekit-entries-") as folder,
        claim_processor() as cpu,
    ):
        try:
            for source in sources:
                sandbox = Sandbox(view=view, limits=ENTRY_LIMITS, sealed=problem is None, cpu=cpu)
                engines.append(_engine(source, Path(folder), settings, sandbox))
            yield engines
        finally:
            for engine in engines:
                engine.stop()


def _engine(source: EntrySource, folder: Path, settings: Settings, sandbox: Sandbox) -> EntryEngine:
    """An engine for ``source``: its file written into a folder of its own under ``folder``,
    which its sandbox shows it read-only (under a user of its own, drawn machine-wide)."""
    copy = folder / f"entry-{source.number}" / f"entry{source.suffix}"
    copy.parent.mkdir()
    copy.write_bytes(source.content)
    sandbox.prepare(copy.parent)
    entry = Entry(source.name, copy)
    return EntryEngine(
        entry, settings.game, settings.search, settings.seconds, sandbox, depth=settings.depth
    )


def admit_entry(task: AdmissionTask) -> str:
    """Load an entry in its sandbox and try its ``evaluate``: "" when it may play, else why not.

    A worker's task (:mod:`coursekit.tools.tournament.cluster`).
    """
    with _entry_engines(task.settings, [task.entry]) as (engine,):
        return engine.start()


def play_game_task(task: GameTask) -> GameRecord:
    """One game between two entries, each in its own sandbox, by the referee's rules.

    A worker's task (:mod:`coursekit.tools.tournament.cluster`): the one place where a
    tournament plays a game. The referee validates every move on its own copy of the
    game and times every reply with its own clock
    (:func:`~coursekit.tools.tournament.referee.play_game`); the
    record holds nothing an entry claimed.
    """
    game = GAMES[task.settings.game]()
    with _entry_engines(task.settings, [task.max_entry, task.min_entry]) as (first, second):
        played = play_game(game, first, second, task.opening)
    return GameRecord(
        task.round, task.board, task.game, played.max_engine, played.min_engine,
        tuple(task.opening), played.moves, played.outcome, played.forfeit, played.note,
        thinking=(first.thinking, second.thinking), replies=(first.moves, second.moves),
    )  # fmt: skip


# --- the tournament ------------------------------------------------------------------------


def run_tournament(
    paths: Sequence[Path], *, game: str = "connect4", seconds: float = 1.0, games: int = 2,
    opening_plies: int = 2, seed: int = 0, search: str = "alpha-beta",
    pairing: str | None = None, rounds: int | None = None, depth: int | None = None,
    scheduler: str | None = None, resume: bool = False, progress: bool = False,
    out: Path | None = None, unsafe_no_sandbox: bool = False,
) -> Standings:  # fmt: skip
    """Admit the entries, then play the tournament on Dask workers (see the module docstring).

    Parameters
    ----------
    paths : sequence of Path
        The entries (``.py`` files or notebooks).
    game, seconds, games, opening_plies, seed, search, pairing, rounds, depth
        As :class:`~coursekit.tools.tournament.records.Settings` (``pairing`` None: by the
        field's size; ``rounds`` None: ⌈log₂ n⌉ + 2 Swiss rounds).
    scheduler : str, optional
        ``local:N`` (default: one worker per core) or a Dask scheduler's address.
    resume : bool
        Go on with the journal in ``out`` instead of starting a new tournament.
    out : Path, optional
        The results folder (``journal.sqlite``, ``standings.partial.csv``); None: a temporary one.

    Returns
    -------
    Standings
        Computed from the journal.

    Raises
    ------
    TournamentError
        For a bad setting (named, with what it takes), a journal that does not match,
        fewer than two entries that can play, or no sandbox (unless ``unsafe_no_sandbox``).
    """
    # networkx and Dask, imported here: not by the entries' processes, which import this module
    from coursekit.tools.tournament import cluster as tourney_cluster
    from coursekit.tools.tournament import rounds as tourney_run

    paths = list(map(Path, paths))
    settings = checked_settings(
        paths, GAMES, game=game, seconds=seconds, games=games, opening_plies=opening_plies,
        seed=seed, search=search, pairing=pairing, rounds=rounds, depth=depth,
        unsafe_no_sandbox=unsafe_no_sandbox,
    )  # fmt: skip
    scheduler = scheduler or tourney_cluster.default_scheduler()
    _check_scheduler(scheduler, unsafe_no_sandbox)
    referee = tourney_run.Referee(admit=admit_entry, play=play_game_task)
    partial = None if out is None else functools.partial(write_csv, path=out / PARTIAL)
    with tempfile.TemporaryDirectory(prefix="coursekit-tournament-") as scratch:
        return tourney_run.play_tournament(
            paths, settings, referee, GAMES[game](), out=out or Path(scratch),
            scheduler=scheduler, resume=resume, progress=progress, after_round=partial,
        )  # fmt: skip


PARTIAL = "standings.partial.csv"
"""The standings so far, written after each Swiss round (removed when the tournament ends)."""


def _check_scheduler(scheduler: str, unsafe_no_sandbox: bool) -> None:
    """Refuse a malformed ``--scheduler``, and local workers on a machine without a sandbox."""
    from coursekit.tools.tournament.cluster import ClusterError, parse_scheduler

    try:
        kind, _ = parse_scheduler(scheduler)
    except ClusterError as error:
        raise TournamentError(str(error)) from None
    problem = sandbox_problem()
    if kind == "local" and problem is not None and not unsafe_no_sandbox:
        raise TournamentError(
            f"cannot seal the entries off: {problem}. Install bubblewrap, or pass "
            "--unsafe-no-sandbox to play without (never with entries you cannot trust)"
        )


# --- writing the standings ---------------------------------------------------------------


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never half."""
    with tempfile.NamedTemporaryFile(
        "w", dir=path.parent, prefix=f".{path.name}.", delete=False, encoding="utf-8", newline=""
    ) as file:
        file.write(text)
    os.replace(file.name, path)


CSV_COLUMNS = ["rank", "entry", "rating", "mu", "sigma", "points", "games", "wins", "draws",
               "losses", "byes", "seconds_per_move", "problems"]  # fmt: skip
"""The columns of ``standings.csv`` (rating: the conservative μ − 3σ the ranking uses)."""


def write_csv(standings: Standings, path: Path) -> None:
    """One row per entry, best rating first (see :data:`CSV_COLUMNS`), then the disqualified."""
    text = io.StringIO()
    out = csv.writer(text)
    out.writerow(CSV_COLUMNS)
    for r in standings.table():
        out.writerow(csv_row(
            [r.rank, r.entry, f"{r.rating.conservative:.2f}", f"{r.rating.mu:.2f}",
             f"{r.rating.sigma:.2f}", f"{r.points:g}", r.games, r.wins, r.draws, r.losses,
             r.byes, f"{r.seconds_per_move:.3f}", "; ".join(r.problems)]
        ))  # fmt: skip
    for entry in standings.disqualified:
        blanks = [""] * (len(CSV_COLUMNS) - 3)
        out.writerow(csv_row(["", entry.name, *blanks, f"disqualified: {entry.problem}"]))
    _write_atomically(path, text.getvalue())


def write_html(standings: Standings, path: Path, *, lang: str = "en") -> None:
    """The standings page in ``lang`` (:mod:`~coursekit.tools.tournament.report`), atomically."""
    _write_atomically(path, standings_page(standings, GAMES[standings.settings.game](), lang))


# --- the command -------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("entries", nargs="+", type=Path, help=".py files or notebooks")
    parser.add_argument("--game", default="connect4", choices=sorted(GAMES))
    parser.add_argument("--time", type=float, default=1.0, help="seconds per move (default 1)")
    parser.add_argument(
        "--depth", type=int, default=None,
        help="search every move to this depth (--time is then the most a move may take): "
        "the same games on any number of workers",
    )  # fmt: skip
    parser.add_argument("--games", type=int, default=2, help="games per pairing (default 2)")
    parser.add_argument("--opening-plies", type=int, default=2, help="random moves first")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--search", default="alpha-beta", help="registered search (alpha-beta)")
    parser.add_argument(
        "--pairing", choices=PAIRINGS, default=None,
        help=f"round-robin (default up to {ROUND_ROBIN_MOST} entries) or swiss (more)",
    )  # fmt: skip
    parser.add_argument(
        "--rounds", type=int, default=None, help="Swiss rounds (default ceil(log2 n) + 2)"
    )
    add_scheduler_arguments(
        parser,
        scheduler_help="where the games run: local:N (default: one worker per core) or the "
        "address of a Dask scheduler, tcp://HOST:8786",
        resume_help="go on with the tournament whose journal is in --out (no finished game "
        "is played again)",
    )
    parser.add_argument("--out", type=Path, default=Path("tournament"), help="output folder")
    parser.add_argument(
        "--unsafe-no-sandbox",
        action="store_true",
        help="play without bubblewrap (entries can then reach this machine)",
    )


def run(args: argparse.Namespace) -> int:
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        standings = run_tournament(
            args.entries, game=args.game, seconds=args.time, games=args.games,
            opening_plies=args.opening_plies, seed=args.seed, search=args.search,
            pairing=args.pairing, rounds=args.rounds, depth=args.depth,
            scheduler=args.scheduler, resume=args.resume,
            progress=sys.stderr.isatty(), out=args.out,
            unsafe_no_sandbox=args.unsafe_no_sandbox,
        )  # fmt: skip
    except TournamentError as error:
        print(f"coursekit tournament: {error}", file=sys.stderr)
        return 2
    write_csv(standings, args.out / "standings.csv")
    pages = [args.out / page_name(lang) for lang in LANGUAGES]
    for lang, page in zip(LANGUAGES, pages, strict=True):
        write_html(standings, page, lang=lang)
    (args.out / PARTIAL).unlink(missing_ok=True)
    print(standings)
    for entry in standings.disqualified:
        print(f"disqualified: {entry.name}: {entry.problem}")
    written = ", ".join(map(str, [args.out / "standings.csv", *pages, args.out / "journal.sqlite"]))
    print(f"written: {written}")
    return 0
