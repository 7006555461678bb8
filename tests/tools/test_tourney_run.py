"""A tournament on Dask workers: nothing lost when the referee or a worker dies, none played twice.

Tiny on purpose (five tic-tac-toe entries, a Swiss of three rounds, depth 2): the
large runs are ``bench/tournament_scale.py``'s.
"""

from __future__ import annotations

import csv
import os
import signal
import sqlite3
import sys
import threading
import time
from pathlib import Path

import pytest

from coursekit.text import LANGUAGES
from coursekit.tools.cli import main
from coursekit.tools.sandbox.process import sandbox_problem
from coursekit.tools.tournament.command import run_tournament
from coursekit.tools.tournament.journal import Journal
from coursekit.tools.tournament.report import page_name
from tests.tools.killing import kill_when
from tests.tools.test_tournament import HONEST

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here"),
]

ENTRIES = {
    **HONEST,
    # thinks slowly (a hundredth of a second a position): its games are long enough to be caught
    "slow": "import time\nfrom coursekit.games import TicTacToe\n_g = TicTacToe()\n"
    "def evaluate(state):\n    time.sleep(0.01)\n    return _g.evaluate(state)\n",
}
OPTIONS = ["--game", "tictactoe", "--pairing", "swiss", "--rounds", "3", "--depth", "2"]
OPTIONS += ["--time", "10", "--opening-plies", "1", "--seed", "35"]
GAMES = 3 * 2 * 2  # rounds × boards (one bye a round) × games a pairing


@pytest.fixture(scope="module")
def entries(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("entries")
    for name, code in ENTRIES.items():
        (folder / f"{name}.py").write_text(code)
    return sorted(folder.glob("*.py"))


def games_of(out: Path) -> list[tuple]:
    """(round, board, game, MAX, MIN, moves, outcome, worker, finished) of each game in order."""
    journal = Journal(out / "journal.sqlite", sqlite3.connect(out / "journal.sqlite"))
    try:
        return [(g.round, g.board, g.game, g.max_entry, g.min_entry, g.moves, g.outcome,
                 g.worker, g.finished) for g in journal.games()]  # fmt: skip
    finally:
        journal.close()


def standings_without_times(out: Path) -> list[dict]:
    with (out / "standings.csv").open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    for row in rows:
        row.pop("seconds_per_move")
    return rows


@pytest.fixture(scope="module")
def uninterrupted(entries, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("uninterrupted")
    assert main(["tournament", *map(str, entries), *OPTIONS, "--scheduler", "local:2",
                 "--out", str(out)]) == 0  # fmt: skip
    return out


def test_a_swiss_tournament_plays_every_round_and_writes_its_pages(uninterrupted):
    games = games_of(uninterrupted)
    assert len(games) == GAMES
    rows = standings_without_times(uninterrupted)
    assert [int(r["rank"]) for r in rows] == [1, 2, 3, 4, 5]
    ratings = [float(r["rating"]) for r in rows]
    assert ratings == sorted(ratings, reverse=True)  # ranked by μ − 3σ
    assert sum(int(r["byes"]) for r in rows) == 3  # one bye a round, never twice
    assert all(int(r["byes"]) <= 1 for r in rows)
    points = sum(float(r["points"]) for r in rows)
    assert points == GAMES + 3 * 2  # every game's point, and a bye's two
    for lang in LANGUAGES:  # a page in every language of the course
        text = (uninterrupted / page_name(lang)).read_text(encoding="utf-8")
        assert "ck-games" in text and "<svg" in text
    assert "排名表" in (uninterrupted / "standings.zh.html").read_text(encoding="utf-8")


def test_kill_the_referee_then_resume_gives_the_same_standings_and_replays_nothing(
    entries, uninterrupted, tmp_path
):
    out = tmp_path / "killed"
    command = [sys.executable, "-m", "coursekit.tools.cli", "tournament", *map(str, entries)]
    command += [*OPTIONS, "--scheduler", "local:1", "--out", str(out)]
    kill_when(command, lambda: (out / "journal.sqlite").exists() and len(games_of(out)) >= 3)
    before = games_of(out)
    assert 3 <= len(before) < GAMES

    resumed = ["tournament", *map(str, entries), *OPTIONS, "--scheduler", "local:1"]
    assert main([*resumed, "--resume", "--out", str(out)]) == 0

    after = games_of(out)
    assert set(before) <= set(after)  # each game finished before the kill: the same row
    assert len(after) == GAMES
    same = [g[:7] for g in games_of(uninterrupted)]  # moves and results, not worker or time
    assert [g[:7] for g in after] == same  # one worker or two, killed or not: the same games
    assert standings_without_times(out) == standings_without_times(uninterrupted)
    with sqlite3.connect(out / "journal.sqlite") as journal:
        runs = journal.execute("SELECT run, submitted FROM runs ORDER BY run").fetchall()
    assert runs[-1][1] == GAMES - len(before)  # the resumed referee sent only the rest


def test_a_run_that_does_not_match_its_journal_is_refused(entries, uninterrupted, capsys):
    changed = ["tournament", *map(str, entries), *OPTIONS[:-2], "--seed", "36"]
    assert main([*changed, "--resume", "--out", str(uninterrupted)]) == 2
    assert "was made with seed = 35, not 36" in capsys.readouterr().err
    again = ["tournament", *map(str, entries), *OPTIONS, "--out", str(uninterrupted)]
    assert main(again) == 2
    assert "pass --resume to go on with it" in capsys.readouterr().err


def test_a_worker_killed_in_the_middle_of_a_game_has_it_replayed_elsewhere(entries, tmp_path):
    from distributed import Client, LocalCluster

    with (
        LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                     dashboard_address=None, memory_limit=0) as cluster,
        Client(cluster) as client,
    ):  # fmt: skip
        finished: dict = {}

        def play() -> None:
            finished["standings"] = run_tournament(
                entries, game="tictactoe", pairing="swiss", rounds=2, depth=2, seconds=10,
                opening_plies=1, seed=35, scheduler=cluster.scheduler_address, out=tmp_path,
            )  # fmt: skip

        referee = threading.Thread(target=play)
        referee.start()
        killed, game = _kill_a_worker_during_a_game(client)
        referee.join(600)
    assert not referee.is_alive() and "standings" in finished
    games = games_of(tmp_path)
    assert len(games) == 2 * 2 * 2
    assert len({g[:3] for g in games}) == len(games)  # each game once
    round_number, board, number = (int(part) for part in game.split("-")[2:5])
    replayed = next(g for g in games if g[:3] == (round_number, board, number))
    assert replayed[7] != killed  # finished by another worker


def _kill_a_worker_during_a_game(client) -> tuple[str, str]:
    """SIGKILL the first worker seen playing a game (after it has played a little of it)."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        for worker, keys in client.processing().items():
            playing = [key for key in keys if str(key).startswith("coursekit-game-")]
            if playing:
                time.sleep(0.5)
                pid = client.run(os.getpid, workers=[worker])[worker]
                os.kill(pid, signal.SIGKILL)
                return worker, str(playing[0])
        time.sleep(0.05)
    raise AssertionError("no game was seen on a worker")
