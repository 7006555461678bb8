"""Hostile tournament entries: each attack written before its defence.

Two honest entries play a round robin beside entries that read and overwrite
other entries' files, kill their opponents and their parent, leave orphans
that rewrite the standings later, answer with a pickle, claim a depth they
never searched, fork without end, flood the referee, read the instructor's
environment and reach for the network. The tournament finishes; the honest
entries never forfeit and their files are unchanged; every forfeit is a
hostile entry's; nothing runs in the referee's process; no process remains;
the standings are not touched after the end and hold no secret.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import textwrap
import time
from pathlib import Path

import pytest
from plain_user import MODES, folder_for, give, python_as, require

from coursekit.tools.sandbox.process import sandbox_problem

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here"),
]

SECRET = "INSTRUCTOR_API_TOKEN"
SECRET_VALUE = "tok-tournament-do-not-leak"
MARKER = Path("/tmp/coursekit-pwned-by-an-entry")

HONEST = (
    "from coursekit.games import TicTacToe\n_g = TicTacToe()\n"
    "def evaluate(state):\n    return _g.evaluate(state)\n"
)
PLAIN = "def evaluate(state):\n    return 0\n"


def hostile(body: str) -> str:
    """An entry whose ``evaluate`` does ``body`` once in a game (after the sample positions of
    its admission, which have at most three pieces), and otherwise plays like PLAIN."""
    return textwrap.dedent(
        """
        import os, sys, glob, signal, time, json, pickle, socket, subprocess
        _done = []
        def _attack():
        {body}
        def evaluate(state):
            if not _done and bin(state.x | state.o).count("1") >= 4:
                _done.append(1)
                try:
                    _attack()
                except Exception:
                    pass
            return 0
        """
    ).format(body=textwrap.indent(textwrap.dedent(body), "    "))


FORGE = """
    for fd in range(3, 12):
        try:
            os.write(fd, {line!r} + b"\\n")
        except OSError:
            pass
    time.sleep(30)
"""
"""A reply forged where the entry's answers go, then nothing (round three's wrong types)."""

ATTACKS = {
    "overwrite_others": """
        for path in glob.glob("/**/*.py", recursive=True) + glob.glob("/tmp/**/*", recursive=True):
            if "honest" in path or "entry" in path:
                try:
                    open(path, "w").write("def evaluate(state):\\n    raise SystemExit\\n")
                except OSError:
                    pass
    """,
    "kill_everyone": """
        for pid in range(1, 5000):
            if pid != os.getpid():
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
    """,
    "kill_the_parent": """
        os.kill(os.getppid(), signal.SIGKILL)
        os.kill(1, signal.SIGKILL)
    """,
    "orphan_rewrites": """
        if os.fork() == 0:
            os.setsid()
            time.sleep(3)
            for path in glob.glob("/**/standings*.csv", recursive=True):
                try:
                    open(path, "w").write("rank,entry\\n1,orphan_rewrites (99 wins)\\n")
                except OSError:
                    pass
            os._exit(0)
    """,
    "pickled_reply": """
        class Evil:
            def __reduce__(self):
                return (open, ("/tmp/coursekit-pwned-by-an-entry", "w"))
        for fd in range(3, 12):
            try:
                os.write(fd, pickle.dumps(Evil()) + b"\\n")
            except OSError:
                pass
    """,
    "claims_depth": """
        for fd in range(3, 12):
            try:
                line = json.dumps({"move": 4, "depth": 99, "nodes": 10**15})
                os.write(fd, line.encode() + b"\\n")
            except OSError:
                pass
    """,
    "fork_bomb": """
        for _ in range(2000):
            try:
                if os.fork() == 0:
                    time.sleep(600)
                    os._exit(0)
            except OSError:
                break
    """,
    "flood": """
        for fd in range(1, 12):
            try:
                os.write(fd, b"x" * 8 * 1024**2)
            except OSError:
                pass
    """,
    "environment": """
        raise SystemExit(repr(dict(os.environ)))
    """,
    "network": """
        socket.create_connection(("127.0.0.1", 22), timeout=1)
        open("/tmp/coursekit-pwned-by-an-entry", "w").write("reached the network")
    """,
    # round three: replies that passed the old checks and crashed the referee
    "move_float": FORGE.format(line=b'{"move": 4.0}'),
    "move_true": FORGE.format(line=b'{"move": true}'),
    "move_deep": """
        line = b'{"move": ' + b"[" * 400 + b"4" + b"]" * 400 + b"}\\n"
        for fd in range(3, 12):
            try:
                os.write(fd, line)
            except OSError:
                pass
        time.sleep(30)
    """,
    "busy_children": """
        for _ in range(8):
            if os.fork() == 0:
                os.setsid()
                while True:
                    pass
    """,
}


ROUNDS = 4
"""Swiss rounds: every entry plays in each (two games against one opponent, a bye scoring
none played), so every attack meets the referee as often as it would in a round robin's first
rounds, in a fifth of the round robin's 306 games."""

PLAY = f"""
import json, os, sys
sys.path.insert(0, {str(Path(__file__).resolve().parent.parent)!r})
from plain_user import sandboxes_below
from coursekit.tools.cli import main
code = main(sys.argv[1:])
print(json.dumps({{"code": code, "left": sandboxes_below(os.getpid())}}))
"""


@pytest.fixture(scope="module", params=MODES)
def tournament(request):
    """The tournament played by ``coursekit tournament`` as root, and as a plain user."""
    mode = request.param
    require(mode)
    base = folder_for(mode)
    folder, out = base / "entries", base / "results"
    folder.mkdir()
    out.mkdir()
    files = {"honest_a": HONEST, "honest_b": HONEST, "plain": PLAIN, "=1+1": PLAIN}
    files |= {name: hostile(body) for name, body in ATTACKS.items()}
    for name, code in files.items():
        (folder / f"{name}.py").write_text(code)
    os.symlink("/etc/passwd", folder / "symlink.py")
    give(base, mode)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if not p.is_symlink()}
    MARKER.unlink(missing_ok=True)
    os.environ[SECRET] = SECRET_VALUE
    try:
        arguments = ["tournament", *sorted(map(str, folder.iterdir())), "--game", "tictactoe"]
        arguments += ["--time", "0.05", "--games", "2", "--search", "minimax"]
        arguments += ["--pairing", "swiss", "--rounds", str(ROUNDS)]
        arguments += ["--out", str(out)]
        done = python_as(mode, ["-c", PLAY, *arguments], timeout=3000, cwd=base)
    finally:
        del os.environ[SECRET]
    finished = {p.name: p.read_bytes() for p in out.iterdir()}
    time.sleep(4)  # longer than the orphan would wait
    result = json.loads(done.stdout.strip().splitlines()[-1])
    yield {
        "code": result["code"],
        "left": result["left"],
        "stderr": done.stderr,
        "folder": folder,
        "before": before,
        "out": out,
        "finished": finished,
        "rows": list(csv.DictReader((out / "standings.csv").open(encoding="utf-8"))),
    }
    shutil.rmtree(base, ignore_errors=True)


def test_the_tournament_finishes_with_a_table(tournament):
    assert tournament["code"] == 0, tournament["stderr"][-3000:]
    names = {row["entry"] for row in tournament["rows"]}
    assert {"honest_a", "honest_b", "plain"} <= names and "symlink" in names


def test_the_honest_entries_never_forfeit(tournament):
    rows = {row["entry"]: row for row in tournament["rows"]}
    for name in ("honest_a", "honest_b", "plain", "'=1+1"):
        assert rows[name]["problems"] == "", rows[name]
        assert int(rows[name]["games"]) == 2 * (ROUNDS - int(rows[name]["byes"])), rows[name]


def test_every_forfeit_and_disqualification_is_a_hostile_entrys(tournament):
    for row in tournament["rows"]:
        if row["problems"]:
            assert row["entry"] in ATTACKS or row["entry"] == "symlink", row


def test_the_entry_files_are_unchanged(tournament):
    folder = tournament["folder"]
    after = {p.name: p.read_bytes() for p in folder.iterdir() if not p.is_symlink()}
    assert after == tournament["before"]


def test_a_link_is_refused_as_an_entry(tournament):
    rows = {row["entry"]: row for row in tournament["rows"]}
    assert "not a plain file" in rows["symlink"]["problems"]


def test_nothing_ran_in_the_referee_and_no_entry_reached_out(tournament):
    assert not MARKER.exists()


def test_claims_and_floods_lose_their_games(tournament):
    rows = {row["entry"]: row for row in tournament["rows"]}
    hostile = ("pickled_reply", "claims_depth", "flood", "environment", "overwrite_others")
    for name in hostile:  # the kills reach nothing (their own sandbox): those play on
        assert int(rows[name]["losses"]) > 0 and rows[name]["problems"], rows[name]
    header = tournament["rows"][0].keys()
    assert "mean_depth" not in header and "nodes_per_second" not in header


def test_the_standings_are_not_touched_after_the_end(tournament):
    out = tournament["out"]
    assert {p.name: p.read_bytes() for p in out.iterdir()} == tournament["finished"]
    assert "standings.partial.csv" not in tournament["finished"]


def test_no_secret_in_the_standings(tournament):
    for content in tournament["finished"].values():
        assert SECRET_VALUE.encode() not in content and SECRET.encode() not in content


def test_no_entry_process_remains(tournament):
    # every entry's sandbox was started below the referee; an orphan stays in its tree
    assert tournament["left"] == []


def test_replies_of_the_wrong_type_lose_only_their_games(tournament):
    rows = {row["entry"]: row for row in tournament["rows"]}
    for name in ("move_float", "move_true", "move_deep"):
        assert int(rows[name]["losses"]) > 0 and rows[name]["problems"], rows[name]


def test_an_entry_name_is_never_a_formula(tournament):
    names = [row["entry"] for row in tournament["rows"]]
    assert "'=1+1" in names and "=1+1" not in names
