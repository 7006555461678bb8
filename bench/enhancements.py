"""Chapter 6's enhancements of α-β, each on its own: how many nodes do they save?

Connect Four 6×7 positions (seeded random openings of 2–12 moves) are searched
to a fixed depth with the game's own e(p) (open lines), first by plain α-β in
the game's natural move order (columns left to right), then by iterative
deepening with one enhancement switched on at a time, then with all of them,
and by PVS and MTD(f). Every search must find α-β's value, and a move worth it;
the table gives, per depth, the median nodes (every iteration counted), the
median ratio to plain α-β on the same position, and the median time.
Writes bench/enhancements.md.

    python bench/enhancements.py
"""

from __future__ import annotations

import datetime
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from machine import describe

from coursekit.games import ConnectFour
from coursekit.games.playout import random_positions
from coursekit.search import alphabeta, iterative_deepening, mtdf, negamax, pvs

DEPTHS = (6, 7)
POSITIONS = 12
ALL = {"pv_first": True, "table": True, "killers": True, "history": True}


def variants() -> list[tuple[str, Callable]]:
    """(name, search(game, state, depth)) for every configuration measured."""

    def deepening(**flags):
        return lambda g, s, d: iterative_deepening(g, s, max_depth=d, **flags)

    return [
        ("α-β, natural order (the baseline)", lambda g, s, d: alphabeta(g, s, depth=d)),
        ("negamax, fail-soft (no memory)", lambda g, s, d: negamax(g, s, depth=d)),
        ("negamax + table", lambda g, s, d: negamax(g, s, depth=d, table=True)),
        ("negamax + killers", lambda g, s, d: negamax(g, s, depth=d, killers=True)),
        ("negamax + history", lambda g, s, d: negamax(g, s, depth=d, history=True)),
        ("iterative deepening, no enhancement", deepening(search="negamax")),
        ("ID + PV first", deepening(pv_first=True)),
        ("ID + table (its moves first)", deepening(table=True)),
        ("ID + killers", deepening(killers=True)),
        ("ID + history", deepening(history=True)),
        ("ID + aspiration (δ = 1)", deepening(aspiration=1.0)),
        ("ID + PV, table, killers, history", deepening(**ALL)),
        ("ID + all four + aspiration (δ = 1)", deepening(**ALL, aspiration=1.0)),
        ("ID + all four, PVS", deepening(**ALL, search="PVS")),
        ("PVS + table (no deepening)", lambda g, s, d: pvs(g, s, depth=d, table=True)),
        ("MTD(f), deepening, table", lambda g, s, d: mtdf(g, s, depth=d)),
        ("MTD(f), deepening, table, killers, history",
         lambda g, s, d: mtdf(g, s, depth=d, killers=True, history=True)),
    ]  # fmt: skip


def main() -> None:
    game = ConnectFour()
    positions = random_positions(game, POSITIONS, seed=11, plies=(2, 12))
    sections = []
    for depth in DEPTHS:
        baseline = [alphabeta(game, s, depth=depth) for s in positions]
        rows = []
        for name, search in variants():
            nodes, ratios, times = [], [], []
            for state, base in zip(positions, baseline, strict=True):
                started = time.perf_counter()
                r = search(game, state, depth)
                times.append(time.perf_counter() - started)
                below = alphabeta(game, game.result(state, r.move), depth=depth - 1).value
                if r.value != base.value or below != base.value:
                    raise AssertionError(f"{name} at depth {depth}: {r.value} ≠ {base.value}")
                nodes.append(r.stats.nodes)
                ratios.append(r.stats.nodes / base.stats.nodes)
            rows.append(
                f"| {name} | {statistics.median(nodes):,.0f} | {statistics.median(ratios):.2f} "
                f"| {max(ratios):.2f} | {statistics.median(times) * 1000:.0f} ms |"
            )
            print(rows[-1], flush=True)
        sections += [
            f"## Depth {depth}",
            "",
            "| search | median nodes | median ratio to α-β | worst ratio | median time |",
            "|---|---:|---:|---:|---:|",
            *rows,
            "",
        ]
    text = "\n".join(
        [
            "# Beyond α-β: what each enhancement saves",
            "",
            f"Run {datetime.date.today()} on {describe()}.",
            "",
            f"{POSITIONS} Connect Four 6×7 positions (seeded random openings of 2–12 moves), each",
            "searched to a fixed depth with the game's e(p) (open lines for x minus for o).",
            "Nodes are search calls (for iterative deepening and MTD(f): every iteration and",
            "pass counted); the ratio is to plain α-β in the natural column order on the same",
            "position, the median over the positions; every search found α-β's value and a",
            "move worth it. ID = iterative deepening (negamax per iteration); each",
            "enhancement is switched on alone, then together. Times are wall time, one run.",
            "",
            *sections,
            "Reading: the repeated shallow iterations alone cost about a third more nodes; the",
            "previous iteration's line alone barely pays for them (it orders one path only).",
            "The table (answers and its best moves at every node it has seen), the history",
            "heuristic and the killers each cut the nodes to 0.15–0.38 of α-β's; all four",
            "together search about a tenth to a fifth of plain α-β's nodes, well under the",
            "half the issue asks for, and PVS on top changes little. Aspiration windows alone",
            "cost more than they save here: this e(p) swings between odd and even depths, so",
            "the previous value is a poor guess and the window fails, costing a re-search.",
            "MTD(f) needs the orderings too to match the best deepening.",
            "",
        ]
    )
    Path(__file__).with_name("enhancements.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
