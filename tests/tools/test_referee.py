"""The referee of one game, attacked: forged replies, a poisoned game, busy threads, a slow clock.

Issue 34's review ended whole tournaments with one reply (``3.0``, ``true``, a
list nested hundreds deep passed the checks and raised inside the referee),
and slowed an opponent by half with busy children and a slowed clock. Each
attack is an entry below, playing real sandboxed games through
:func:`coursekit.tools.tournament.referee.play_game` against an honest entry.
"""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plain_user import folder_for, python_as, require

from coursekit.games import TicTacToe
from coursekit.search import EngineFailure
from coursekit.tools.sandbox.package_view import view_for
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem
from coursekit.tools.tournament import referee
from coursekit.tools.tournament.command import ENTRY_LIMITS, GAMES
from coursekit.tools.tournament.referee import Entry, EntryEngine, legal_move, play_game, same

SECONDS = 0.2

HONEST = (
    "from coursekit.games import TicTacToe\n_g = TicTacToe()\n"
    "def evaluate(state):\n    return _g.evaluate(state)\n"
)


def forging(reply: str) -> str:
    """An entry that, at its first real move, writes ``reply`` where its answer goes, then waits."""
    return textwrap.dedent(
        f"""
        import os, time
        def evaluate(state):
            if bin(state.x | state.o).count("1") >= 4:  # past its admission's sample positions
                for fd in range(3, 12):
                    try:
                        os.write(fd, {reply!r}.encode() + b"\\n")
                    except OSError:
                        pass
                time.sleep(30)
            return 0
        """
    )


FORGED = {
    "float": '{"move": 4.0}',
    "bool": '{"move": true}',
    "deep": '{"move": ' + "[" * 300 + "]" * 300 + "}",
    "list": '{"move": [4]}',
    "string": '{"move": "4"}',
    "extra_key": '{"move": 4, "depth": 99}',
    "error_not_text": '{"error": {"a": 1}}',
    "not_json": "move 4",
    "huge_int": '{"move": ' + "9" * 5000 + "}",
}


# --------------------------------------------------------------------- no sandbox needed


@pytest.mark.parametrize(
    ("value", "actions", "expected"),
    [(3, (1, 3), 3), (3.0, (1, 3), None), (True, (0, 1), None), ([0, 1], ((0, 1),), (0, 1)),
     ([0, True], ((0, 1),), None), ([[3]], (3,), None), ("3", (3,), None), (None, (3,), None)],
)  # fmt: skip
def test_a_move_is_a_legal_action_of_the_same_type(value, actions, expected):
    found = legal_move(value, actions)
    assert found == expected and (found is None or same(found, expected))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(value=JSON)
def test_whatever_an_entry_sends_the_referee_answers_legal_or_none(value):
    actions = TicTacToe().actions(TicTacToe().initial)
    found = legal_move(value, actions)
    assert found is None or any(found is a for a in actions)


# ----------------------------------------------------------------------- real games

sealed = pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here")


def engine(folder, name, code, seconds=SECONDS, game="tictactoe", search="minimax"):
    path = folder / name / "entry.py"
    path.parent.mkdir()
    path.write_text(code)
    sandbox = Sandbox(view=view_for(), limits=ENTRY_LIMITS)
    sandbox.prepare(path.parent)
    return EntryEngine(Entry(name, path), game, search, seconds, sandbox)


def played_and_stopped(game, first, second, **options):
    """One game played by ``play_game``; both entries stopped afterwards, whatever happened."""
    try:
        return play_game(game, first, second, **options)
    finally:
        first.stop()
        second.stop()


@sealed
@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(FORGED))
def test_a_forged_reply_loses_its_game_and_the_referee_goes_on(tmp_path, kind):
    honest = engine(tmp_path, "honest", HONEST)
    forger = engine(tmp_path, "forger", forging(FORGED[kind]))
    played = played_and_stopped(TicTacToe(), honest, forger)
    assert played.forfeit == "forger", (played.note, played.moves)
    assert played.outcome == 1


class Poisoned(TicTacToe):
    """A game whose referee copy fails on one legal move (a bug met while handling a reply)."""

    def result(self, state, action):
        if bin(state.x | state.o).count("1") >= 2:
            raise TypeError("a move the referee's game cannot take")
        return super().result(state, action)


@sealed
@pytest.mark.slow
def test_an_exception_while_handling_a_reply_is_that_entrys_forfeit(tmp_path):
    first, second = engine(tmp_path, "first", HONEST), engine(tmp_path, "second", HONEST)
    played = played_and_stopped(Poisoned(), first, second)
    assert played.forfeit == "first" and "could not be used" in played.note


SLOW_CLOCK = textwrap.dedent(
    """
    import time
    for _name in ("perf_counter", "monotonic", "time"):
        _real = getattr(time, _name)
        _start = _real()
        # its search's clock runs at a third of the speed: it thinks three times as long
        setattr(time, _name, lambda _real=_real, _start=_start: _start + (_real() - _start) / 3)
    def evaluate(state):
        return 0
    """
)
CONNECT = "def evaluate(state):\n    return 0\n"


@sealed
@pytest.mark.slow
def test_a_slowed_clock_buys_no_time_beyond_the_grace(tmp_path):
    game = {"game": "connect4-small", "search": "alpha-beta"}  # a search that uses all its time
    honest = engine(tmp_path, "honest", CONNECT, **game)
    cheat = engine(tmp_path, "cheat", SLOW_CLOCK, **game)
    played = played_and_stopped(GAMES["connect4-small"](), honest, cheat)
    assert played.forfeit == "cheat" and "exceeded its time" in played.note, played.note
    moves = len(played.moves) // 2 + 1
    assert played.seconds["cheat"] <= moves * SECONDS * (1 + referee.SLACK) + referee.GRACE + 0.3


BUSY_THREADS = textwrap.dedent(
    """
    import hashlib, threading
    def _burn():
        block = bytes(1 << 20)
        while True:  # hashing a large block releases the GIL: the threads run at once
            hashlib.sha256(block).digest()
    for _ in range(4):
        threading.Thread(target=_burn, daemon=True).start()
    def evaluate(state):
        return 0
    """
)


def waiting_work(tmp_path, tag):
    """(processor seconds the busy entry used while its honest opponent thought, seconds the
    opponent thought), over a game of connect four on a small board."""
    game = {"game": "connect4-small", "search": "alpha-beta"}  # a search that uses all its time
    honest = engine(tmp_path, f"honest{tag}", CONNECT, **game)
    busy = engine(tmp_path, f"busy{tag}", BUSY_THREADS, **game)
    taken, thought = [], []
    think = honest.think

    def measured(game, state):
        before = busy.process.cpu_seconds() if busy.process else 0.0
        began = honest.game_thinking
        reply = think(game, state)
        taken.append(busy.process.cpu_seconds() - before if busy.process else 0.0)
        thought.append(honest.game_thinking - began)
        return reply

    honest.think = measured
    try:
        play_game(GAMES["connect4-small"](), honest, busy, max_moves=12)
    finally:
        honest.stop()
        busy.stop()
    return sum(taken), sum(thought)


@sealed
@pytest.mark.slow
def test_a_waiting_entry_is_frozen_and_takes_no_processor_time(tmp_path):
    taken, thought = waiting_work(tmp_path, "frozen")
    assert thought > 0.5 and taken <= 0.02, (taken, thought)  # clock ticks: 0.01 s


@sealed
@pytest.mark.slow
def test_the_same_entry_unfrozen_would_take_it(tmp_path, monkeypatch):
    """The test above can fail: without the freezer the busy entry's threads run."""
    monkeypatch.setattr(EntryEngine, "freeze", lambda self, frozen: None)
    taken, thought = waiting_work(tmp_path, "unfrozen")
    assert taken > 0.05 * thought, (taken, thought)


@sealed
@pytest.mark.slow
def test_an_entry_that_does_not_load_in_time_loses_before_any_clock(tmp_path, monkeypatch):
    monkeypatch.setattr(referee, "LOAD_SECONDS", 3)
    slow = engine(tmp_path, "slow", "import time\ntime.sleep(20)\n" + HONEST)
    honest = engine(tmp_path, "honest", HONEST)
    played = played_and_stopped(TicTacToe(), slow, honest)
    assert played.forfeit == "slow" and "could not start" in played.note
    assert played.seconds["honest"] == 0.0 and played.moves == ()


def test_engine_failure_is_what_think_raises():
    assert issubclass(EngineFailure, Exception)
    assert json.loads(FORGED["float"])["move"] == 4.0


FROZEN_AS_PLAIN_USER = """
import json, sys
from pathlib import Path
sys.path[:0] = [{tools!r}, {tests!r}]
import test_referee
print(json.dumps(test_referee.waiting_work(Path(sys.argv[1]), "plain")))
"""


@sealed
@pytest.mark.slow
def test_a_waiting_entry_is_frozen_without_root_too():
    """Without root there is no freezer: each process of the waiting entry is stopped."""
    require("plain user")
    folder = folder_for("plain user")
    try:
        here = Path(__file__).resolve().parent
        driver = FROZEN_AS_PLAIN_USER.format(tools=str(here), tests=str(here.parent))
        done = python_as("plain user", ["-c", driver, str(folder)], timeout=600, cwd=folder)
        assert done.returncode == 0, done.stderr[-3000:]
        taken, thought = json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert thought > 0.5 and taken <= 0.02, (taken, thought)
