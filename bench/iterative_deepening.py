"""Iterative deepening under a clock: how far past its budget does a move take?

For each budget, Connect Four 6×7 positions from seeded openings are searched
with iterative deepening (α-β and the course-style feature EVAL); the wall
time of each call is compared with the budget. The overshoot is the time
between the clock running out and the answer: the check happens at inner
nodes, so it is the time of one leaf evaluation plus unwinding the search.
Writes bench/iterative_deepening.md.

    python bench/iterative_deepening.py
"""

from __future__ import annotations

import datetime
import statistics
import time
from pathlib import Path

from machine import describe

from coursekit.evaluation import connect_four_evaluation
from coursekit.games import ConnectFour
from coursekit.games.playout import random_positions
from coursekit.search import iterative_deepening

BUDGETS = (0.05, 0.2, 1.0)
POSITIONS = 12


def main() -> None:
    game = ConnectFour()
    evaluate = connect_four_evaluation(game)
    positions = random_positions(game, POSITIONS, seed=7, plies=(2, 12))
    rows = []
    search_name = ""
    for budget in BUDGETS:
        overshoot, depths = [], []
        for state in positions:
            started = time.perf_counter()
            r = iterative_deepening(game, state, seconds=budget, evaluate=evaluate)
            elapsed = time.perf_counter() - started
            search_name = r.algorithm
            overshoot.append((elapsed - budget) * 1000)
            depths.append(r.depth_limit)
            assert r.move in game.actions(state)
        rows.append(
            f"| {budget:g} s | {statistics.median(overshoot):+.1f} ms | {max(overshoot):+.1f} ms "
            f"| {min(depths)}–{max(depths)} |"
        )
    text = "\n".join(
        [
            "# Iterative deepening under a clock",
            "",
            f"Run {datetime.date.today()} on {describe()}.",
            "",
            f"{POSITIONS} Connect Four 6×7 positions (seeded random openings of 2–12 moves),",
            f"searched by {search_name} with the feature EVAL. Overshoot = wall time − budget",
            "(negative: the search finished early, the tree exhausted or a win proven).",
            "",
            "| budget | median overshoot | worst overshoot | depth reached |",
            "|---|---|---|---|",
            *rows,
            "",
            "A move always comes back: depth 1 is never abandoned, and the clock is read at",
            "every inner node, so the overshoot is about one leaf evaluation and the unwinding",
            "of the abandoned iteration.",
        ]
    )
    Path(__file__).with_name("iterative_deepening.md").write_text(text + "\n", encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
