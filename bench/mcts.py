"""Benchmark: MCTS (UCT) playouts per second, bare and traced, on tic-tac-toe and Connect Four.

Run from the repository root::

    python bench/mcts.py            # writes bench/mcts.md

Each workload is a seeded search of a fixed number of playouts from the
initial position, timed in CPU seconds (the median of five rounds, the
garbage collector paused as timeit does). The traced run records every
iteration (path, UCB terms, playout, counts): what it costs is the price of
a step-through. No peer is timed here: OpenSpiel's MCTSBot (the natural one)
is not installed in the course's environment.
"""

from __future__ import annotations

import datetime
import gc
import statistics
import time
from pathlib import Path

from machine import describe

from coursekit.games import ConnectFour, TicTacToe
from coursekit.search import mcts

NOTE = Path(__file__).with_name("mcts.md")
PLAYOUTS = 2_000
ROUNDS = 5


def cpu_seconds(game, traced: bool) -> float:
    """One seeded search's CPU time."""
    gc.disable()
    try:
        started = time.process_time()
        mcts(game, playouts=PLAYOUTS, seed=1, trace=traced)
        return time.process_time() - started
    finally:
        gc.enable()


def main() -> None:
    rows = []
    for name, game in (("tic-tac-toe", TicTacToe()), ("Connect Four 6×7", ConnectFour())):
        for traced in (False, True):
            times = [cpu_seconds(game, traced) for _ in range(ROUNDS)]
            median = statistics.median(times)
            rows.append((name, "traced" if traced else "bare", median, PLAYOUTS / median))
    lines = [
        "# MCTS (UCT): playouts per second",
        "",
        f"{datetime.date.today()}, {describe()}; `python bench/mcts.py`.",
        f"{PLAYOUTS:,} playouts from the initial position, seed 1, median of {ROUNDS} rounds.",
        "",
        "| game | trace | CPU seconds | playouts / s |",
        "|---|---|---:|---:|",
        *(f"| {g} | {t} | {s:.3f} | {p:,.0f} |" for g, t, s, p in rows),
        "",
    ]
    NOTE.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
