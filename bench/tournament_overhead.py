"""Benchmark: what sealing tournament entries off costs a game (issue 21: under 10 % of move time).

    python bench/tournament_overhead.py          # writes bench/tournament.md

Each game starts one sandboxed process per entry (it is killed when the game
ends) and sends one JSON line each way per move. Measured here: the start of an
entry's process (until it says it is admitted), the referee's round trip for a
move beyond the entry's own thinking, and a whole Connect Four game at 1 s a
move, from which the overhead per game follows.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from datetime import date
from pathlib import Path

from machine import describe

from coursekit.games import ConnectFour
from coursekit.tools.sandbox.package_view import view_for
from coursekit.tools.sandbox.process import Sandbox
from coursekit.tools.tournament.command import ENTRY_LIMITS
from coursekit.tools.tournament.referee import Entry, EntryEngine

HERE = Path(__file__).resolve().parent
ENTRY = "def evaluate(state):\n    return 0\n"


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="coursekit-bench-"))
    (folder / "entry.py").write_text(ENTRY)
    sandbox = Sandbox(view=view_for(), limits=ENTRY_LIMITS)
    sandbox.prepare(folder)
    starts, trips = [], []
    game = ConnectFour()
    for _ in range(5):
        engine = EntryEngine(
            Entry("e", folder / "entry.py"), "connect4", "alpha-beta", 0.01, sandbox
        )
        started = time.perf_counter()
        assert engine.start() == ""
        starts.append(time.perf_counter() - started)
        for _ in range(5):
            asked = time.perf_counter()
            engine.think(game, game.initial)
            trips.append(time.perf_counter() - asked - 0.01)
        engine.stop()
    start, trip = statistics.median(starts), statistics.median(trips)
    moves = 21  # one side's moves in a full 6×7 game
    overhead = (start + moves * max(trip, 0)) / moves  # per move of one entry, seconds
    lines = [
        "# Tournament overhead of the sandbox",
        "",
        f"Measured {date.today()}: the median of 5 starts of an entry's sandboxed process and of "
        "25 moves at 0.01 s (the entry's own thinking subtracted).",
        "",
        "| what | median |",
        "|---|---:|",
        f"| start of an entry's process, until admitted | {start:.3f} s |",
        f"| a move's round trip beyond the entry's thinking | {trip * 1000:.1f} ms |",
        f"| overhead per move of a 21-move side, at 1 s a move | {overhead / 1.0:.1%} |",
        "",
        "Each game starts one process per entry, so a side pays one start over its moves; a "
        "Connect Four game at `--time 1.0` gives each side up to 21 moves.",
        "",
        describe(),
        "",
    ]
    (HERE / "tournament.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
