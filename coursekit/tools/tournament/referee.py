"""The referee of a tournament game: entries play through their sandboxes, fairly timed.

Each entry (:class:`EntryEngine`) plays in a sandbox of its own
(:mod:`coursekit.tools.sandbox.process`), loaded before the game's first move and
talking JSON lines over pipes. :func:`play_game` plays one game between two
of them, and decides everything from what it measures itself:

* **loading** happens before the first move, within :data:`LOAD_SECONDS`,
  on no one's clock;
* **only the entry to move runs**: the other one's process tree is frozen
  (the control group's freezer, or each process stopped), so nothing it
  started can take processor time from the one thinking; each entry runs on
  one processor, which it cannot change;
* **the referee's clock** charges an entry from the moment its request is
  sent until its reply is read. Over a game an entry may use its time per
  move for every move it made, plus a tenth, plus :data:`GRACE` once — so a
  search that slows its own clock to think past its time gains at most that
  margin, not the grace on every move;
* **a move is accepted only if it is one of the legal actions** of the
  referee's own copy of the game, of the same type (``3.0``, ``True`` or a
  list are not the move ``3``), read from a reply of exactly the expected
  shape and nesting;
* **anything wrong with one entry's turn** — a crash, a time-out, a malformed
  or illegal reply, even an exception the referee meets while handling it —
  loses that entry the game; the referee itself never stops for an entry.

:func:`play_game` takes the engines and the opening and returns a
:class:`~coursekit.search.match.PlayedGame`; it touches nothing else, so a
tournament can call it wherever games are played (one process, or workers).
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coursekit.games.base import MAX, MIN
from coursekit.search import EngineFailure, Stats
from coursekit.search.match import PlayedGame, game_outcome
from coursekit.tools.sandbox.process import INPUT, Sandbox, SandboxedProcess, python
from coursekit.tools.sandbox.untrusted import json_message

GRACE = 0.5
"""Seconds an entry may run over its time per move, once in a game (see the module's text)."""

SLACK = 0.1
"""The share of its time per move an entry may run over on every move (the pipes' and the
machine's delays)."""

LOAD_SECONDS = 60
"""Seconds an entry's process may take to start and load the entry."""

REPLY_BYTES = 64 * 1024
"""The longest reply an entry may send."""

MOVE_DEPTH = 4
"""How deeply a reply may nest (a move is a number or a short tuple of numbers)."""


@dataclass(frozen=True)
class Entry:
    """A student's program as the tournament sees it."""

    name: str
    """The name in the standings (the file name without its suffix)."""

    path: Path
    """The ``.py`` file or notebook."""

    problem: str = ""
    """Why the entry was disqualified before playing ("" when it plays)."""


@dataclass(frozen=True)
class Reply:
    """An entry's move, shaped like the search results a match reads (nothing claimed)."""

    move: Any
    depth_limit: int = 0
    stats: Stats = field(default_factory=Stats)


def _as_move(value: Any) -> Any:
    """A move from JSON: lists become tuples (the games' moves are numbers or tuples)."""
    return tuple(_as_move(v) for v in value) if isinstance(value, list) else value


def same(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are equal and of exactly the same types, all the way down.

    >>> same(3, 3), same(3, 3.0), same(1, True), same((0, 1), (0, 1)), same((0, 1), (0, True))
    (True, False, False, True, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def legal_move(value: Any, actions: Sequence[Any]) -> Any | None:
    """The legal action that ``value`` (read from JSON) is, or ``None`` when it is none.

    >>> legal_move(3, [2, 3]), legal_move(3.0, [2, 3]), legal_move(True, [0, 1])
    (3, None, None)
    >>> legal_move([0, 1], [(0, 1), (1, 0)])
    (0, 1)
    """
    move = _as_move(value)
    return next((action for action in actions if same(action, move)), None)


def default_processor() -> int:
    """The processor entries play on unless told: the first one this process may use."""
    return min(os.sched_getaffinity(0))


class EntryEngine:
    """An entry playing through its own sandboxed process, timed by the referee's clock.

    The process starts when :meth:`start` is called (or the entry is first
    asked for a move) and is killed, with everything it started, by :meth:`stop`.
    Between its moves :func:`play_game` keeps it frozen.
    """

    def __init__(
        self, entry: Entry, game_name: str, search: str, seconds: float, sandbox: Sandbox,
        *, depth: int | None = None,
    ) -> None:  # fmt: skip
        self.name = entry.name
        self.entry = entry
        self.game_name, self.search, self.seconds = game_name, search, seconds
        self.depth = depth
        """Search every move to this depth (the same move on any machine at any load) instead
        of deepening until ``seconds``; the referee's clock still gives a move ``seconds``."""
        if sandbox.sealed and sandbox.cpu is None:
            sandbox = dataclasses.replace(sandbox, cpu=default_processor())
        self.sandbox = sandbox
        self.process: SandboxedProcess | None = None
        self.thinking = 0.0
        """Seconds between a request and its reply, summed over every game: the referee's
        clock, not the entry's."""
        self.moves = 0
        self.game_thinking = 0.0
        """The same, in the game being played (what its clock charges)."""
        self.game_moves = 0

    def _command(self) -> list[str]:
        seen = (INPUT if self.sandbox.sealed else self.entry.path.parent) / self.entry.path.name
        return [python(), "-m", "coursekit.tools.inside", "entry", str(seen),
                self.game_name, self.search, repr(self.seconds), str(self.depth or 0)]  # fmt: skip

    def _reply(self, deadline: float) -> dict[str, Any] | None:
        assert self.process is not None
        line = self.process.readline(deadline, REPLY_BYTES)
        return None if not line else json_message(line, MOVE_DEPTH)

    def start(self) -> str:
        """Start the entry's process and load it; return why it cannot play ("" when it can).

        Loading may take :data:`LOAD_SECONDS`; no clock runs meanwhile.
        """
        self.stop()
        self.game_thinking, self.game_moves = 0.0, 0
        self.process = SandboxedProcess(self.sandbox, self._command(), self.entry.path.parent)
        ready = self._reply(time.monotonic() + LOAD_SECONDS)
        if ready is None:
            alive = self.process.alive()
            self.stop()
            if alive:
                return f"did not load within {LOAD_SECONDS} s"
            return "its process ended while loading"
        if set(ready) != {"ready"} or not isinstance(ready["ready"], str):
            self.stop()
            return "answered the referee with something else than it was asked"
        return ready["ready"][:300]

    def freeze(self, frozen: bool) -> None:
        """Stop the entry's whole process tree (``True``) or let it run again."""
        if self.process is not None and self.process.alive():
            self.process.freeze(frozen)

    def time_left(self) -> float:
        """Seconds this move may take: its time, but never past the game's allowance."""
        allowance = (self.game_moves + 1) * self.seconds * (1 + SLACK) + GRACE
        return min(self.seconds + GRACE, allowance - self.game_thinking)

    def think(self, game: Any, state: Any) -> Reply:
        """The entry's move in ``state`` (validated against ``game``'s legal actions).

        Raises
        ------
        EngineFailure
            When it cannot start, crashes, runs out of time or replies with anything
            but a legal move.
        """
        if self.process is None or not self.process.alive():
            problem = self.start()
            if problem:
                raise EngineFailure(self.name, f"could not start: {problem}")
        assert self.process is not None
        request = json.dumps({"state": list(state)}).encode()
        self.freeze(False)
        asked = time.monotonic()
        try:
            self.process.send(request)
            reply = self._reply(asked + self.time_left())
        except OSError:
            reply = None
        spent = time.monotonic() - asked
        self.freeze(True)
        self.thinking += spent
        self.game_thinking += spent
        self.moves += 1
        self.game_moves += 1
        return Reply(self._move(reply, game, state))

    def _move(self, reply: dict[str, Any] | None, game: Any, state: Any) -> Any:
        """The legal action of a reply, or the :class:`EngineFailure` that loses the game."""
        if reply is None:
            alive = self.process is not None and self.process.alive()
            self.stop()
            if alive:
                raise EngineFailure(self.name, f"exceeded its time ({self.seconds:g} s a move)")
            raise EngineFailure(self.name, "crashed (its process ended)")
        if set(reply) == {"error"} and isinstance(reply["error"], str):
            raise EngineFailure(self.name, f"crashed: {reply['error'][:200]}")
        if set(reply) != {"move"}:
            raise EngineFailure(self.name, "sent a malformed reply")
        move = legal_move(reply["move"], game.actions(state))
        if move is None:
            shown = json.dumps(reply["move"])[:60]
            raise EngineFailure(self.name, f"sent {shown}, which is not a legal move")
        return move

    def stop(self) -> None:
        """End the entry's process tree (a new one starts when it is asked for a move again)."""
        if self.process is not None:
            self.process.kill()
        self.process = None


def _load(engines: dict[Any, EntryEngine]) -> tuple[str | None, str]:
    """Load both entries before the first move, each frozen once loaded; the first that
    cannot play and why (``None`` when both can)."""
    for engine in engines.values():
        if engine.process is not None and engine.process.alive():
            engine.game_thinking, engine.game_moves = 0.0, 0
            engine.freeze(True)
            continue
        problem = engine.start()
        if problem:
            return engine.name, f"could not start: {problem}"
        engine.freeze(True)
    return None, ""


def play_game(
    game: Any,
    max_engine: EntryEngine,
    min_engine: EntryEngine,
    opening: Sequence[Any] = (),
    *,
    max_moves: int | None = None,
) -> PlayedGame:
    """Play one game between two entries, refereed (see the module's text).

    Parameters
    ----------
    game
        The referee's own copy of the game (a :mod:`coursekit.games` game).
    max_engine, min_engine
        The entries playing MAX (first) and MIN.
    opening
        Moves played before the entries take over (legal in ``game``).
    max_moves
        Stop after this many moves in all and score a draw.

    Returns
    -------
    PlayedGame
        The game's record: outcome, moves, each entry's seconds on the referee's
        clock, and the entry that forfeited with the reason, if one did.
    """
    state = game.initial
    for move in opening:
        state = game.result(state, move)
    engines = {MAX: max_engine, MIN: min_engine}
    seconds = {max_engine.name: 0.0, min_engine.name: 0.0}
    moves: list[Any] = list(opening)
    forfeit, note = _load(engines)
    while forfeit is None and not game.is_terminal(state):
        if max_moves is not None and len(moves) >= max_moves:
            break
        engine = engines[game.to_move(state)]
        before = engine.game_thinking
        try:
            move = engine.think(game, state).move
            state = game.result(state, move)
        except EngineFailure as failure:
            forfeit, note = engine.name, failure.reason
        except Exception as error:  # the referee never stops for an entry: it loses instead
            forfeit, note = engine.name, f"its reply could not be used ({type(error).__name__})"
        else:
            moves.append(move)
        seconds[engine.name] += engine.game_thinking - before
    for engine in engines.values():
        engine.freeze(False)
    outcome = game_outcome(game, state, forfeit, max_engine.name)
    nothing_claimed = ({max_engine.name: [], min_engine.name: []}, dict.fromkeys(seconds, 0))
    return PlayedGame(
        max_engine.name, min_engine.name, tuple(opening), outcome, tuple(moves),
        *nothing_claimed, seconds, forfeit, note,
    )  # fmt: skip
