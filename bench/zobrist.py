"""Benchmark: what Zobrist hashing costs the plain games, and what it buys a table search.

Run from the repository root::

    python bench/zobrist.py                        # writes bench/zobrist.md
    python bench/zobrist.py --before /tmp/main     # also times another checkout's plain games

Two questions, two tables:

1. *The default path.* ``TicTacToe()`` and ``ConnectFour()`` without hashing
   must not get slower because the games can carry a hash. With ``--before
   DIR`` (a copy of the code before the change, e.g. ``git archive main``)
   the same plain searches run on both checkouts, each round in two fresh
   processes taking turns, so that a change of load hits both alike.
2. *The hashed games.* The same searches with a transposition table keyed
   by the default key (tic-tac-toe: the smallest of eight symmetric codes;
   Connect Four: the bitboards folded with their mirror image) and by the
   Zobrist hash (``hashing="zobrist"``).

Times are CPU seconds of the searching process (medians of the rounds), with
the garbage collector paused as timeit does.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from machine import describe

from coursekit.games import ConnectFour, TicTacToe
from coursekit.search import alphabeta, minimax, mtdf, negamax, pvs

NOTE = Path(__file__).with_name("zobrist.md")
OPENING = [3, 3, 2, 4]  # Connect Four 6×7, columns 0-based
DEPTH = 7


def after(game, moves):
    state = game.initial
    for move in moves:
        state = game.result(state, move)
    return state


def plain_workloads() -> dict:
    """The searches of the default games (they run on checkouts without hashing too)."""
    ttt, c4 = TicTacToe(), ConnectFour()
    c4_state = after(c4, OPENING)
    return {
        "minimax, tic-tac-toe, full game": lambda: minimax(ttt),
        "α-β, tic-tac-toe, full game": lambda: alphabeta(ttt),
        f"α-β, Connect Four 6×7 after {OPENING}, depth {DEPTH}": lambda: alphabeta(
            c4, c4_state, depth=DEPTH
        ),
        "negamax + table, tic-tac-toe, full game": lambda: negamax(ttt, table=True),
        f"negamax + table, Connect Four 6×7, depth {DEPTH}": lambda: negamax(
            c4, c4_state, depth=DEPTH, table=True
        ),
        f"MTD(f), Connect Four 6×7, depth {DEPTH}": lambda: mtdf(c4, c4_state, depth=DEPTH),
    }


def hashed_workloads() -> dict:
    """Table searches on the default key and on the Zobrist hash, side by side."""
    rows = {}
    for hashing in (None, "zobrist"):
        ttt = TicTacToe(hashing=hashing)
        c4 = ConnectFour(hashing=hashing)
        c4_state = after(c4, OPENING)
        name = "Zobrist hash" if hashing else "default key"
        rows[f"negamax + table, tic-tac-toe, full game | {name}"] = lambda g=ttt: negamax(
            g, table=True
        )
        rows[f"PVS + table, tic-tac-toe, full game | {name}"] = lambda g=ttt: pvs(g, table=True)
        rows[f"MTD(f), tic-tac-toe, full game | {name}"] = lambda g=ttt: mtdf(g)
        rows[f"negamax + table, Connect Four 6×7, depth {DEPTH} | {name}"] = (
            lambda g=c4, s=c4_state: negamax(g, s, depth=DEPTH, table=True)
        )
        rows[f"MTD(f), Connect Four 6×7, depth {DEPTH} | {name}"] = lambda g=c4, s=c4_state: mtdf(
            g, s, depth=DEPTH
        )
    return rows


def cpu_seconds(run) -> tuple[float, object]:
    gc.collect()
    gc.disable()
    try:
        started = time.process_time()
        result = run()
        return time.process_time() - started, result
    finally:
        gc.enable()


def one_round(workloads: dict) -> dict:
    """One timed run of every workload: name → (seconds, nodes, value)."""
    out = {}
    for name, run in workloads.items():
        seconds, r = cpu_seconds(run)
        out[name] = (seconds, r.stats.nodes, r.value)
    return out


def in_process(workloads: dict, rounds: int) -> dict:
    runs: dict[str, list] = {name: [] for name in workloads}
    for _ in range(rounds):
        for name, row in one_round(workloads).items():
            runs[name].append(row)
    return runs


def in_checkout(directory: str) -> dict:
    """One round of the plain workloads in a fresh process on the code in ``directory``."""
    env = dict(os.environ, PYTHONPATH=directory)
    done = subprocess.run(
        [sys.executable, __file__, "--worker"], env=env, capture_output=True, text=True,
        check=True, cwd=Path(__file__).parent,
    )  # fmt: skip
    return json.loads(done.stdout)


def median_seconds(rows: list) -> float:
    return statistics.median(row[0] for row in rows)


def table(runs: dict, heading: str) -> list[str]:
    columns = heading.count("|") + 1
    lines = [
        f"| {heading} | nodes | value | median CPU s | best |",
        "|" + "---|" * columns + "---:|" * 4,
    ]
    for name, rows in runs.items():
        seconds = [row[0] for row in rows]
        _, nodes, value = rows[0]
        lines.append(
            f"| {name} | {nodes:,} | {value} | {statistics.median(seconds):.4f} "
            f"| {min(seconds):.4f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a checkout of the code before the change")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(one_round(plain_workloads()), default=str))
        return
    here = str(Path(__file__).resolve().parent.parent)
    lines = [
        "# Zobrist hashing: its cost on the plain games and its effect on table searches",
        "",
        f"{datetime.date.today()}, {describe()}. `python bench/zobrist.py"
        + (" --before DIR`" if args.before else "`")
        + f", {args.rounds} rounds, CPU seconds of the searching process.",
        "",
    ]
    if args.before:
        before: dict[str, list] = {}
        now: dict[str, list] = {}
        for _ in range(args.rounds):  # the two checkouts take turns
            for runs, directory in ((before, args.before), (now, here)):
                for name, row in in_checkout(directory).items():
                    runs.setdefault(name, []).append(row)
        lines += ["## The default games, before and after", ""]
        paired = {}
        for name in before:
            paired[f"{name} | before"] = before[name]
            paired[f"{name} | after"] = now[name]
        lines += table(paired, "search | code")
        lines += ["", "After / before, medians (1.00: no change; rounds vary by a few %):", ""]
        for name in before:
            ratio = median_seconds(now[name]) / median_seconds(before[name])
            lines.append(f"- {name}: {ratio:.2f}")
        lines.append("")
    else:
        lines += ["## The default games", ""]
        lines += table(in_process(plain_workloads(), args.rounds), "search")
        lines.append("")
    lines += ["## Table searches: default key against Zobrist hash", ""]
    hashed = in_process(hashed_workloads(), args.rounds)
    lines += table(hashed, "search | key")
    lines += [
        "",
        "Zobrist / default key, medians (tic-tac-toe's default key folds the eight symmetries,",
        "so its table holds fewer positions; Connect Four's folds only the mirror image):",
        "",
    ]
    for name in hashed:
        search, key = name.split(" | ")
        if key == "default key":
            zobrist = hashed[f"{search} | Zobrist hash"]
            ratio = median_seconds(zobrist) / median_seconds(hashed[name])
            lines.append(f"- {search}: {ratio:.2f}")
    NOTE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    print(f"wrote {NOTE}")


if __name__ == "__main__":
    main()
