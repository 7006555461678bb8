"""What AO*'s snapshots cost: time, q values held and memory, with and without them.

Run from the course folder with the course's Python (``.venv/bin/python
bench/aostar_snapshots.py``, about half a minute); it writes
``bench/aostar_snapshots.md``. Each search runs in a fresh process so that its
peak memory (the resident set, ``ru_maxrss``) is its own.

A snapshot copies q (and the marks, the SOLVED set and G′) for every node of G,
so all snapshots together hold Σ |G| over the cycles: they grow as cycles ×
nodes. These numbers set :data:`coursekit.andor.aostar.SNAPSHOT_LIMIT`.
"""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path

from machine import describe

NOTE = Path(__file__).resolve().parent / "aostar_snapshots.md"
COINS = (16, 19, 22, 25, 28)
HEADER = (
    "| coins | cycles | nodes in G | q values in the snapshots | s without | s with "
    "| MB without | MB with | bytes per q value |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
)

ONE_RUN = """
import json, resource, sys, time
from coursekit.andor import aostar
from coursekit.andor.game_graph import winning_strategy
from coursekit.games import MIN, Grundy
aostar.SNAPSHOT_LIMIT = 10**12  # measure past the limit
coins, snapshots = int(sys.argv[1]), sys.argv[2] == "1"
start = time.perf_counter()
r = winning_strategy(Grundy(coins, first=MIN), snapshots=snapshots, progress=False)
seconds = time.perf_counter() - start
print(json.dumps({
    "cycles": r.cycles, "nodes": len(r.graph), "seconds": seconds,
    "q_values": sum(len(s.q) for s in r.snapshots),
    "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
}))
"""


def run(coins: int, snapshots: bool) -> dict:
    """One search of Grundy's game in a fresh Python, as a dict of its numbers."""
    out = subprocess.run(
        [sys.executable, "-c", ONE_RUN, str(coins), "1" if snapshots else "0"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


def main() -> None:
    machine_line = describe()
    rows = []
    for coins in COINS:
        without, with_ = run(coins, False), run(coins, True)
        per_value = (with_["mb"] - without["mb"]) * 2**20 / max(with_["q_values"], 1)
        rows.append(
            f"| {coins} | {with_['cycles']:,} | {with_['nodes']:,} | {with_['q_values']:,} "
            f"| {without['seconds']:.2f} | {with_['seconds']:.2f} | {without['mb']:.0f} "
            f"| {with_['mb']:.0f} | {per_value:.0f} |"
        )
        print(rows[-1], flush=True)
    today = datetime.date.today().isoformat()
    note = f"""# AO*'s snapshots: what they cost

Measured by `bench/aostar_snapshots.py` on {today}: {machine_line}.
Grundy's game seen by MAX (MIN first, h = 0), each search in a fresh process; memory is
the peak resident set of that process (Python and the package included).

{HEADER}
{chr(10).join(rows)}

The snapshots hold Σ |G| q values over the cycles, so they grow as cycles × nodes, and
each q value held costs the bytes in the last column (q, the marks, the SOLVED set and
G′ are copied per cycle). `ao_star` therefore stops with an error naming the size and
suggesting `snapshots=False` once they would hold more than `SNAPSHOT_LIMIT` (3 million)
q values, about 400 MB; a search without snapshots is unaffected.
"""
    NOTE.write_text(note, encoding="utf-8")
    print(f"wrote {NOTE}", file=sys.stderr)


if __name__ == "__main__":
    main()
