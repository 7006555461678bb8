"""Chapter 6's enhancements switched on one by one, on Pons' two easy test sets, in full.

``python bench/connect4_enhancements.py`` (about two minutes; ``--limit N`` takes the
first N positions of each set) runs :func:`coursekit.search.enhancement_table` on every
position of ``Test_L3_R1`` and ``Test_L2_R1`` (weak solves, as Pons times his solver; table
reset before each position, untimed; CPU time of this process, garbage collector on) and
writes the mean nodes and time per position of each row to ``bench/connect4_enhancements.md``
and, for chapter 6 to read, ``bench/connect4_enhancements.json``. Beside the last row the
note puts Pons' C++ solver on the same sets, as ``bench/connect4_pons.py`` last measured it
(its section of ``bench/RESULTS.md``). Chapter 6 runs the same table live on a small sample.

The test sets are not part of the repository: ``C4_DATA`` (default
/work/shared/data/connect4) holds ``Test_L3_R1.txt`` and ``Test_L2_R1.txt``.
"""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path

from machine import describe

from coursekit.search.connect4_solver import enhancement_table

HERE = Path(__file__).resolve().parent
DATA = Path(os.environ.get("C4_DATA", "/work/shared/data/connect4"))
NOTE = HERE / "connect4_enhancements.md"
NUMBERS = HERE / "connect4_enhancements.json"
RESULTS = HERE / "RESULTS.md"
SETS = ("L3_R1", "L2_R1")
MAX_NODES = 2_000_000


def positions(name: str, limit: int | None) -> list[str]:
    """The move sequences of one of Pons' test sets (the scores left out)."""
    lines = (DATA / f"Test_{name}.txt").read_text().splitlines()
    return [line.split()[0] for line in lines if line.strip()][:limit]


def pons_rows() -> dict[str, dict]:
    """Pons' C++ weak solve per set, from the last run of bench/connect4_pons.py."""
    found = {}
    text = RESULTS.read_text() if RESULTS.exists() else ""
    after = text.split("## Connect Four: Pons' test sets")[-1]
    run = next((line for line in after.splitlines() if line.startswith("Run ")), "")
    run = run.split(". Written by")[0]
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 8 and cells[1] == "Pons C++ weak" and cells[0] in SETS:
            solved, ms, nodes = cells[2], float(cells[3]), float(cells[4].replace(",", ""))
            found[cells[0]] = {"solved": solved, "ms": ms, "nodes": nodes, "run": run}
    return found


def main() -> None:
    limit = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else None
    numbers = {"run": "", "sets": {}, "pons": pons_rows()}
    for name in SETS:
        moves = positions(name, limit)
        rows = enhancement_table(moves, max_nodes=MAX_NODES)
        numbers["sets"][name] = {
            "positions": len(moves),
            "rows": [
                {
                    "added": row.added,
                    "solved": row.positions,
                    "stopped": row.stopped,
                    "nodes": row.nodes,
                    "ms": row.seconds * 1e3,
                }
                for row in rows
            ],
        }
        print(name, *rows, sep="\n  ", flush=True)
    when = f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC"
    numbers["run"] = f"Run {when} on {describe()}."
    NUMBERS.write_text(json.dumps(numbers, indent=1, ensure_ascii=False) + "\n")
    NOTE.write_text(note(numbers))
    print(note(numbers))


def note(numbers: dict) -> str:
    lines = [
        "# Connect Four: chapter 6's enhancements one by one (Pons' test sets)",
        "",
        numbers["run"] + " Written by `python bench/connect4_enhancements.py`.",
        "",
        "Weak solves (win, draw or loss) of the set's positions (all 1,000 unless `--limit`; "
        "the *solved* column counts them); each row switches one "
        "more enhancement on (`coursekit.search.enhancement_table`). Mean CPU time and nodes "
        f"per position, one solve each, table reset before it (untimed); a solve over "
        f"{MAX_NODES:,} nodes would be stopped and counted, not averaged.",
        "",
        "| set | enhancement switched on | solved | mean nodes | mean ms / position |",
        "|---|---|---|---|---|",
    ]
    for name, data in numbers["sets"].items():
        for row in data["rows"]:
            stopped = f" ({row['stopped']} stopped)" if row["stopped"] else ""
            lines.append(
                f"| {name} | + {row['added']} | {row['solved']}/{data['positions']}{stopped} "
                f"| {row['nodes']:,.0f} | {row['ms']:.3f} |"
            )
        pons = numbers["pons"].get(name)
        if pons:
            lines.append(
                f"| {name} | Pons' C++ solver (all of them) | {pons['solved']} "
                f"| {pons['nodes']:,.0f} | {pons['ms']:.3f} |"
            )
    run = next(iter(numbers["pons"].values()), {}).get("run", "")
    lines += [
        "",
        "Pons' rows: his solver built and run by `bench/connect4_pons.py` on the same sets "
        f"(its section of RESULTS.md, {run.removeprefix('Run ')}), the same positions timed "
        "in another run.",
        "",
        "Reading: centring the columns and refusing moves that lose at once cut the nodes the "
        "most; the table and the threat order cut them again; null windows, which pay for "
        "exact scores over a wide range, cost a few nodes on a weak solve, whose window "
        "(−1, 1) is already narrow.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
