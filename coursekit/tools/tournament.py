"""The class tournament: students' evaluation functions play a round robin, fixed time a move.

Each entry is a ``.py`` file or an exercise notebook whose answer cells
define ``evaluate(state) -> float`` (MAX's point of view). Entries are code the
instructor cannot trust, so each plays in a sandbox of its own
(:mod:`coursekit.tools.sandbox`): a fresh process tree for every game, which
sees only a copy of its own file, cannot signal the referee or another entry,
fork without limit or outlive its game, and talks to the referee in JSON lines
over pipes (``python -m coursekit.tools.inside entry``; no pickle). Every entry
uses the same search (iterative deepening α-β at the given time per move).

The referee — this process — decides everything from what it measures: it
validates each move against its own copy of the game, times each reply with
its own clock, and writes the standings; an entry's claims about its depth or
speed are not taken. An entry that does not load, or whose ``evaluate`` does
not give a finite number on sample positions, is disqualified before the first
game; one that crashes, runs over its time, sends a malformed or illegal reply
during a game loses that game, and the tournament goes on. A partial table is
saved after every game (``standings.partial.csv``); the final CSV and HTML are
written, each atomically, once every entry's process is gone.

Example::

    coursekit tournament entries/*.py --game connect4 --time 1.0 --out results/
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import os
import runpy
import stat
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from numbers import Real
from pathlib import Path
from typing import Any

from coursekit.games import ConnectFour, TicTacToe
from coursekit.games.playout import random_positions
from coursekit.search.match import MatchResult, PlayedGame, round_robin
from coursekit.search.registry import get
from coursekit.tools.referee import REPLY_BYTES, Entry, EntryEngine, play_game
from coursekit.tools.safe_output import csv_row, html_text
from coursekit.tools.sandbox import (
    Limits,
    Sandbox,
    sandbox_problem,
)

GAMES: dict[str, Callable[[], Any]] = {
    "connect4": lambda: ConnectFour(rows=6, cols=7, k=4),
    "connect4-small": lambda: ConnectFour(rows=4, cols=5, k=4),
    "tictactoe": TicTacToe,
}
"""The games a tournament can be played on, by the name given to ``--game``."""

SAMPLE_POSITIONS = 20
"""Positions on which an entry's ``evaluate`` must give finite numbers to be admitted."""

ENTRY_BYTES = 4 * 1024**2
"""The largest entry file admitted."""

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


class TournamentError(RuntimeError):
    """The tournament cannot start (no entries, an unknown game, an unreadable file)."""


# --- inside an entry's own process -------------------------------------------------------


def load_evaluate(path: Path) -> Callable[[Any], float]:
    """The ``evaluate`` function an entry defines (a ``.py`` file or a notebook's answer cells)."""
    if path.suffix == ".ipynb":
        import nbformat

        from coursekit.tools.exercise import is_answer

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


@dataclass(frozen=True)
class Standings:
    """A finished tournament: the games and the entries that could not play."""

    result: MatchResult
    disqualified: tuple[Entry, ...]
    seconds_per_move: dict[str, float] = field(default_factory=dict)
    """Each entry's mean time from the referee's request to its reply (starting an entry's
    process before its first move of a game is not counted)."""


def run_tournament(
    paths: Sequence[Path],
    *,
    game: str = "connect4",
    seconds: float = 1.0,
    games: int = 2,
    opening_plies: int = 2,
    seed: int = 0,
    search: str = "alpha-beta",
    progress: bool = False,
    out: Path | None = None,
    unsafe_no_sandbox: bool = False,
) -> Standings:
    """Admit the entries, then play the seeded round robin (see the module docstring).

    With ``out``, the table so far is saved there after every game
    (``standings.partial.csv``), so a tournament that is stopped loses nothing.
    Without bubblewrap it refuses to start, unless ``unsafe_no_sandbox``.
    """
    entries = _entries(paths)
    if game not in GAMES:
        raise TournamentError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    try:
        get(search)
    except KeyError as error:
        raise TournamentError(error.args[0]) from None
    problem = sandbox_problem()
    if problem is not None and not unsafe_no_sandbox:
        raise TournamentError(
            f"cannot seal the entries off: {problem}. Install bubblewrap, or pass "
            "--unsafe-no-sandbox to play without (never with entries you cannot trust)"
        )
    from coursekit.tools.package_view import view_for

    view = view_for()
    with tempfile.TemporaryDirectory(prefix="coursekit-entries-") as folder:
        engines, disqualified = [], []
        for number, entry in enumerate(entries):
            sandbox = Sandbox(view=view, limits=ENTRY_LIMITS, sealed=problem is None)
            try:
                copy = _private_copy(entry.path, Path(folder) / f"entry-{number}")
            except TournamentError as error:
                disqualified.append(Entry(entry.name, entry.path, str(error)))
                continue
            sandbox.prepare(copy.parent)
            engine = EntryEngine(Entry(entry.name, copy), game, search, seconds, sandbox)
            problem_of_entry = engine.start()
            engine.stop()
            if problem_of_entry:
                disqualified.append(Entry(entry.name, entry.path, problem_of_entry))
            else:
                engines.append(engine)
        if len(engines) < 2:
            names = ", ".join(f"{e.name} ({e.problem})" for e in disqualified) or "none"
            raise TournamentError(f"fewer than two entries can play; disqualified: {names}")
        by_name = {engine.name: engine for engine in engines}
        played: list[PlayedGame] = []

        def after_game(game_played: PlayedGame) -> None:
            for name in (game_played.max_engine, game_played.min_engine):
                by_name[name].stop()  # nothing of an entry outlives its game
            played.append(game_played)
            if out is not None:
                partial = MatchResult(tuple(by_name), tuple(played))
                standings = Standings(partial, tuple(disqualified), _timing(engines))
                write_csv(standings, out / "standings.partial.csv")

        try:
            result = round_robin(
                GAMES[game](), engines, games=games, opening_plies=opening_plies, seed=seed,
                progress=progress, on_game=after_game, play=play_game,
            )  # fmt: skip
        finally:
            for engine in engines:
                engine.stop()
    return Standings(result, tuple(disqualified), _timing(engines))


def _private_copy(path: Path, folder: Path) -> Path:
    """A copy of an entry in a folder of its own: what its sandbox sees, and nothing else."""
    try:
        info = os.lstat(path)
    except OSError as error:
        raise TournamentError(f"cannot be read: {error.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise TournamentError("refused: not a plain file (a link, a FIFO or a device)")
    if info.st_size > ENTRY_BYTES:
        raise TournamentError(f"refused: larger than {ENTRY_BYTES:,} bytes")
    folder.mkdir()
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as file:
        data = file.read(ENTRY_BYTES + 1)
    if len(data) > ENTRY_BYTES:
        raise TournamentError(f"refused: larger than {ENTRY_BYTES:,} bytes")
    copy = folder / ("entry" + path.suffix)
    copy.write_bytes(data)
    return copy


def _entries(paths: Sequence[Path]) -> list[Entry]:
    if not paths:
        raise TournamentError("give at least two entries (.py files or notebooks)")
    entries, seen = [], set()
    for path in map(Path, paths):
        if not path.is_file():
            raise TournamentError(f"{path}: no such file")
        if path.suffix not in (".py", ".ipynb"):
            raise TournamentError(f"{path}: an entry is a .py file or a notebook")
        name = path.stem
        while name in seen:
            name += "'"
        seen.add(name)
        entries.append(Entry(name, path))
    return entries


# --- writing the standings ---------------------------------------------------------------


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never half."""
    with tempfile.NamedTemporaryFile(
        "w", dir=path.parent, prefix=f".{path.name}.", delete=False, encoding="utf-8", newline=""
    ) as file:
        file.write(text)
    os.replace(file.name, path)


def _timing(engines: Sequence[EntryEngine]) -> dict[str, float]:
    return {e.name: e.thinking / e.moves if e.moves else 0.0 for e in engines}


def write_csv(standings: Standings, path: Path) -> None:
    """One row per entry: rank, games, wins, draws, losses, points, time a move, problems."""
    forfeits = _forfeits(standings.result)
    timing = standings.seconds_per_move
    text = io.StringIO()
    out = csv.writer(text)
    out.writerow(
        ["rank", "entry", "games", "wins", "draws", "losses", "points",
         "seconds_per_move", "problems"]
    )  # fmt: skip
    for rank, row in enumerate(standings.result.table(), start=1):
        out.writerow(csv_row(
            [rank, row.engine, row.games, row.wins, row.draws, row.losses, row.points,
             f"{timing.get(row.engine, 0.0):.3f}", "; ".join(forfeits.get(row.engine, []))]
        ))  # fmt: skip
    for entry in standings.disqualified:
        out.writerow(csv_row(["", entry.name, 0, 0, 0, 0, 0, "", f"disqualified: {entry.problem}"]))
    _write_atomically(path, text.getvalue())


def write_html(standings: Standings, path: Path, title: str) -> None:
    """The standings table, the crosstable and every problem, as one HTML page."""
    result = standings.result
    order = [row.engine for row in result.table()]
    cross = result.crosstable()
    forfeits = _forfeits(result)
    timing = standings.seconds_per_move
    esc = html_text
    rows = "".join(
        f"<tr><td>{rank}</td><td>{esc(r.engine)}</td><td>{r.games}</td><td>{r.wins}</td>"
        f"<td>{r.draws}</td><td>{r.losses}</td><td><b>{r.points:g}</b></td>"
        f"<td>{timing.get(r.engine, 0.0):.3f}</td>"
        f"<td>{esc('; '.join(forfeits.get(r.engine, [])))}</td></tr>"
        for rank, r in enumerate(result.table(), start=1)
    )
    head = "".join(f"<th>{esc(name)}</th>" for name in order)
    cross_rows = "".join(
        f"<tr><th>{esc(a)}</th>"
        + "".join("<td>—</td>" if a == b else f"<td>{cross[a][b]:g}</td>" for b in order)
        + "</tr>"
        for a in order
    )
    out_list = "".join(f"<li>{esc(e.name)}: {esc(e.problem)}</li>" for e in standings.disqualified)
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #888;padding:.3em .6em;text-align:right}}td:nth-child(2){{text-align:left}}
</style></head><body>
<h1>{esc(title)}</h1>
<h2>Standings</h2>
<table><tr><th>#</th><th>entry</th><th>games</th><th>W</th><th>D</th><th>L</th><th>points</th>
<th>seconds a move (measured)</th><th>problems</th></tr>{rows}</table>
<h2>Crosstable (points of the row against the column)</h2>
<table><tr><th></th>{head}</tr>{cross_rows}</table>
<h2>Disqualified before playing</h2><ul>{out_list or "<li>none</li>"}</ul>
</body></html>
"""
    _write_atomically(path, page)


def _forfeits(result: MatchResult) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for g in result.games:
        if g.forfeit:
            found.setdefault(g.forfeit, []).append(g.note)
    return {name: sorted(set(notes)) for name, notes in found.items()}


# --- the command -------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("entries", nargs="+", type=Path, help=".py files or notebooks")
    parser.add_argument("--game", default="connect4", choices=sorted(GAMES))
    parser.add_argument("--time", type=float, default=1.0, help="seconds per move (default 1)")
    parser.add_argument("--games", type=int, default=2, help="games per pair (default 2)")
    parser.add_argument("--opening-plies", type=int, default=2, help="random moves first")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--search", default="alpha-beta", help="registered search (alpha-beta)")
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
            progress=sys.stderr.isatty(), out=args.out,
            unsafe_no_sandbox=args.unsafe_no_sandbox,
        )  # fmt: skip
    except TournamentError as error:
        print(f"coursekit tournament: {error}", file=sys.stderr)
        return 2
    title = f"Tournament: {args.game}, {args.time:g} s a move ({time.strftime('%Y-%m-%d')})"
    write_csv(standings, args.out / "standings.csv")
    write_html(standings, args.out / "standings.html", title)
    (args.out / "standings.partial.csv").unlink(missing_ok=True)
    print(standings.result)
    for entry in standings.disqualified:
        print(f"disqualified: {entry.name}: {entry.problem}")
    print(f"written: {args.out / 'standings.csv'}, {args.out / 'standings.html'}")
    return 0
