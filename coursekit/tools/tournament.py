"""The class tournament: students' evaluation functions play a round robin, fixed time a move.

Each entry is a ``.py`` file or an exercise notebook whose answer cells
define ``evaluate(state) -> float`` (MAX's point of view). Every entry plays
in its own process with the same search (iterative deepening α-β at the
given time per move); an entry that does not load, or whose ``evaluate``
does not give a finite number on sample positions, is disqualified before
the first game; one that crashes, runs over its time or plays an illegal
move during a game loses that game, and the tournament goes on. The
standings are written as CSV and as an HTML page with the crosstable.

Example::

    coursekit tournament entries/*.py --game connect4 --time 1.0 --out results/
"""

from __future__ import annotations

import argparse
import csv
import html
import math
import multiprocessing
import runpy
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Real
from pathlib import Path
from typing import Any

from coursekit.games import ConnectFour, TicTacToe
from coursekit.games.playout import random_positions
from coursekit.search import EngineFailure, Stats, iterative_deepening
from coursekit.search.match import MatchResult, round_robin
from coursekit.search.registry import get

GAMES: dict[str, Callable[[], Any]] = {
    "connect4": lambda: ConnectFour(rows=6, cols=7, k=4),
    "connect4-small": lambda: ConnectFour(rows=4, cols=5, k=4),
    "tictactoe": TicTacToe,
}
"""The games a tournament can be played on, by the name given to ``--game``."""

SAMPLE_POSITIONS = 20
"""Positions on which an entry's ``evaluate`` must give finite numbers to be admitted."""

GRACE = 0.5
"""Seconds beyond the time per move before an engine counts as out of time."""


class TournamentError(RuntimeError):
    """The tournament cannot start (no entries, an unknown game, an unreadable file)."""


@dataclass(frozen=True)
class Entry:
    """A student's program as the tournament sees it."""

    name: str
    """The name in the standings (the file name without its suffix)."""

    path: Path
    """The ``.py`` file or notebook."""

    problem: str = ""
    """Why the entry was disqualified before playing ("" when it plays)."""


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


def _worker(conn: Any, path: str, game_name: str, search: str, seconds: float) -> None:
    """An entry's process: load it, check it, then answer ("move", state) requests."""
    game = GAMES[game_name]()
    try:
        evaluate = load_evaluate(Path(path))
        problem = admission_problem(evaluate, game)
    except BaseException as error:  # whatever a student's file does, say what it was
        problem = _last_line(error)
    conn.send(("ready", problem))
    if problem:
        return
    function = get(search).function
    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        if request is None:
            return
        _, state = request
        try:
            r = iterative_deepening(
                game, state, search=function, seconds=seconds, evaluate=evaluate
            )
            conn.send(("move", r.move, r.depth_limit, r.stats.nodes))
        except BaseException as error:
            conn.send(("error", _last_line(error)))


def _last_line(error: BaseException) -> str:
    lines = traceback.format_exception_only(type(error), error)
    return lines[-1].strip() if lines else type(error).__name__


# --- in the tournament's process ---------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    """What an entry's process answered, shaped like the search results a match reads."""

    move: Any
    depth_limit: int
    stats: Stats


class EntryEngine:
    """An entry playing through its own process, with a deadline per move."""

    def __init__(self, entry: Entry, game_name: str, search: str, seconds: float) -> None:
        self.name = entry.name
        self.entry = entry
        self.game_name, self.search, self.seconds = game_name, search, seconds
        self.context = multiprocessing.get_context("spawn")
        self.process: Any = None
        self.conn: Any = None

    def start(self) -> str:
        """Start the entry's process; return why it is disqualified ("" when it may play)."""
        parent, child = self.context.Pipe()
        self.process = self.context.Process(
            target=_worker,
            args=(child, str(self.entry.path), self.game_name, self.search, self.seconds),
            daemon=True,
        )
        self.process.start()
        child.close()
        self.conn = parent
        if not parent.poll(60):
            self.stop()
            return "did not load within 60 s"
        try:
            _, problem = parent.recv()
        except EOFError:
            return f"its process ended while loading (exit code {self.process.exitcode})"
        return problem

    def think(self, game: Any, state: Any) -> Reply:
        if self.process is None or not self.process.is_alive():
            self.start()
        try:
            self.conn.send(("move", state))
            if not self.conn.poll(self.seconds + GRACE):
                self.stop()
                raise EngineFailure(self.name, f"exceeded its time ({self.seconds:g} s a move)")
            reply = self.conn.recv()
        except (EOFError, BrokenPipeError, ConnectionResetError):
            code = self.process.exitcode if self.process else None
            self.stop()
            raise EngineFailure(
                self.name, f"crashed (its process ended, exit code {code})"
            ) from None
        if reply[0] == "error":
            raise EngineFailure(self.name, f"crashed: {reply[1]}")
        _, move, depth, nodes = reply
        return Reply(move, depth, Stats(nodes=nodes, depth=depth))

    def stop(self) -> None:
        """End the entry's process (a new one starts when it is asked for a move again)."""
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(5)
        self.process = None


@dataclass(frozen=True)
class Standings:
    """A finished tournament: the games and the entries that could not play."""

    result: MatchResult
    disqualified: tuple[Entry, ...]


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
) -> Standings:
    """Admit the entries, then play the seeded round robin (see the module docstring)."""
    entries = _entries(paths)
    if game not in GAMES:
        raise TournamentError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    try:
        get(search)
    except KeyError as error:
        raise TournamentError(error.args[0]) from None
    engines, disqualified = [], []
    for entry in entries:
        engine = EntryEngine(entry, game, search, seconds)
        problem = engine.start()
        if problem:
            engine.stop()
            disqualified.append(Entry(entry.name, entry.path, problem))
        else:
            engines.append(engine)
    if len(engines) < 2:
        for engine in engines:
            engine.stop()
        names = ", ".join(f"{e.name} ({e.problem})" for e in disqualified) or "none"
        raise TournamentError(f"fewer than two entries can play; disqualified: {names}")
    try:
        result = round_robin(
            GAMES[game](), engines, games=games, opening_plies=opening_plies, seed=seed,
            progress=progress,
        )  # fmt: skip
    finally:
        for engine in engines:
            engine.stop()
    return Standings(result, tuple(disqualified))


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


def write_csv(standings: Standings, path: Path) -> None:
    """One row per entry: rank, games, wins, draws, losses, points, depth, speed, problems."""
    forfeits = _forfeits(standings.result)
    with path.open("w", newline="", encoding="utf-8") as file:
        out = csv.writer(file)
        out.writerow(
            ["rank", "entry", "games", "wins", "draws", "losses", "points",
             "mean_depth", "nodes_per_second", "problems"]
        )  # fmt: skip
        for rank, row in enumerate(standings.result.table(), start=1):
            out.writerow(
                [rank, row.engine, row.games, row.wins, row.draws, row.losses, row.points,
                 f"{row.mean_depth:.2f}", f"{row.nodes_per_second:.0f}",
                 "; ".join(forfeits.get(row.engine, []))]
            )  # fmt: skip
        for entry in standings.disqualified:
            out.writerow(["", entry.name, 0, 0, 0, 0, 0, "", "", f"disqualified: {entry.problem}"])


def write_html(standings: Standings, path: Path, title: str) -> None:
    """The standings table, the crosstable and every problem, as one HTML page."""
    result = standings.result
    order = [row.engine for row in result.table()]
    cross = result.crosstable()
    forfeits = _forfeits(result)
    esc = html.escape
    rows = "".join(
        f"<tr><td>{rank}</td><td>{esc(r.engine)}</td><td>{r.games}</td><td>{r.wins}</td>"
        f"<td>{r.draws}</td><td>{r.losses}</td><td><b>{r.points:g}</b></td>"
        f"<td>{r.mean_depth:.1f}</td><td>{r.nodes_per_second:,.0f}</td>"
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
<th>mean depth</th><th>nodes/s</th><th>problems</th></tr>{rows}</table>
<h2>Crosstable (points of the row against the column)</h2>
<table><tr><th></th>{head}</tr>{cross_rows}</table>
<h2>Disqualified before playing</h2><ul>{out_list or "<li>none</li>"}</ul>
</body></html>
"""
    path.write_text(page, encoding="utf-8")


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


def run(args: argparse.Namespace) -> int:
    try:
        standings = run_tournament(
            args.entries, game=args.game, seconds=args.time, games=args.games,
            opening_plies=args.opening_plies, seed=args.seed, search=args.search,
            progress=sys.stderr.isatty(),
        )  # fmt: skip
    except TournamentError as error:
        print(f"coursekit tournament: {error}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    title = f"Tournament: {args.game}, {args.time:g} s a move ({time.strftime('%Y-%m-%d')})"
    write_csv(standings, args.out / "standings.csv")
    write_html(standings, args.out / "standings.html", title)
    print(standings.result)
    for entry in standings.disqualified:
        print(f"disqualified: {entry.name}: {entry.problem}")
    print(f"written: {args.out / 'standings.csv'}, {args.out / 'standings.html'}")
    return 0
