"""Benchmark: what the seal of issue 34 costs, and what it keeps (writes bench/seal.md).

    python bench/seal.py

1. The start of a sandbox (bubblewrap, the system-call filter, a user of its
   own as root) running ``true``: the median of 10.
2. Reading a submission in a limited child: a 19 MB notebook of tiny nested
   outputs (refused) and an 18.7 MB notebook holding one large picture
   (read): seconds, and the peak memory of the grader and of the child.
3. Fair time in the tournament: an honest entry's processor seconds per move
   against an honest opponent and against an entry whose four threads burn
   the processor (GIL-free hashing), in alternating rounds; and the processor
   time the busy entry took while its opponent thought, frozen and not.
"""

from __future__ import annotations

import base64
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from machine import describe

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "tools"))
sys.path.insert(0, str(HERE.parent / "tests"))

from coursekit.tools.grading.grade import read_submission  # noqa: E402
from coursekit.tools.sandbox.process import Sandbox  # noqa: E402
from coursekit.tools.tournament.referee import EntryEngine  # noqa: E402


def sandbox_start() -> float:
    sandbox = Sandbox()
    times = []
    for _ in range(10):
        began = time.perf_counter()
        sandbox.run(["true"], timeout=60)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def notebooks(folder: Path) -> dict[str, Path]:
    source = json.loads((HERE.parent / "exercises" / "00_start_here.ipynb").read_text())
    hostile, picture = json.loads(json.dumps(source)), json.loads(json.dumps(source))
    nested = {"output_type": "execute_result", "execution_count": 1, "metadata": {},
              "data": {"application/json": [[0, [1], {}]] * 1_350_000}}  # fmt: skip
    image = base64.b64encode(os.urandom(14_000_000)).decode()
    large = {"output_type": "display_data", "metadata": {}, "data": {"image/png": image}}
    for nb, output in ((hostile, nested), (picture, large)):
        next(c for c in nb["cells"] if c["cell_type"] == "code")["outputs"] = [output]
    paths = {"nested outputs": folder / "a.ipynb", "one large picture": folder / "b.ipynb"}
    paths["nested outputs"].write_text(json.dumps(hostile))
    paths["one large picture"].write_text(json.dumps(picture))
    return paths


def reading(folder: Path) -> list[str]:
    rows = []
    for what, path in notebooks(folder).items():
        began = time.perf_counter()
        try:
            read_submission(path)
            result = "read"
        except ValueError as error:
            result = "refused" if "memory" in str(error) else f"refused ({error})"
        seconds = time.perf_counter() - began
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        size = path.stat().st_size / 1e6
        rows.append(f"| {what} | {size:.1f} MB | {result} | {seconds:.1f} s | {own:.0f} MB | "
                    f"{child:.0f} MB |")  # fmt: skip
    return rows


def opponent_work(folder: Path, other_code: str, tag: str) -> tuple[float, int]:
    """The honest entry's processor seconds and moves over two games against ``other_code``."""
    import test_referee as t

    game = {"game": "connect4-small", "search": "alpha-beta"}
    honest = t.engine(folder, f"honest{tag}", t.CONNECT, **game)
    other = t.engine(folder, f"other{tag}", other_code, **game)
    work = []
    think = honest.think

    def measured(game, state):
        before = honest.process.cpu_seconds() if honest.process else 0.0
        reply = think(game, state)
        work.append(honest.process.cpu_seconds() - before)
        return reply

    honest.think = measured
    for first, second in ((honest, other), (other, honest)):
        t.played_and_stopped(t.GAMES["connect4-small"](), first, second, max_moves=12)
    return sum(work), len(work)


def fairness(folder: Path) -> tuple[float, float, float, float]:
    import test_referee as t

    alone, busy = [0.0, 0], [0.0, 0]
    for round_ in range(3):
        for tally, code in ((alone, t.CONNECT), (busy, t.BUSY_THREADS)):
            seconds, moves = opponent_work(folder, code, f"{round_}{len(code)}")
            tally[0] += seconds
            tally[1] += moves
    frozen = t.waiting_work(folder, "frozen")
    EntryEngine.freeze = lambda self, frozen: None
    unfrozen = t.waiting_work(folder, "unfrozen")
    return alone[0] / alone[1], busy[0] / busy[1], frozen[0] / frozen[1], unfrozen[0] / unfrozen[1]


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="coursekit-bench-"))
    start = sandbox_start()
    rows = reading(folder)
    alone, busy, frozen, unfrozen = fairness(folder)
    who = "root" if os.geteuid() == 0 else "a plain user"
    lines = [
        "# The seal of issue 34: its costs and what it keeps",
        "",
        f"Measured {date.today()} by `python bench/seal.py`, as {who}.",
        "",
        f"A sandbox (bubblewrap, the system-call filter, a user of its own) running `true`: "
        f"median of 10 starts {start * 1000:.0f} ms.",
        "",
        "Reading a submission in a limited child (480 MB, 30 s of CPU); the grader's and the "
        "child's peak memory so far:",
        "",
        "| notebook | size | | seconds | grader | child |",
        "|---|---:|---|---:|---:|---:|",
        *rows,
        "",
        "Fair time (connect four 4×5, α-β, 0.2 s a move; three alternating rounds):",
        "",
        "| | processor seconds |",
        "|---|---:|",
        f"| honest entry per move, against an honest opponent | {alone:.3f} |",
        f"| honest entry per move, against four GIL-free busy threads | {busy:.3f} "
        f"({busy / alone:.0%}) |",
        f"| busy entry while its opponent thinks, per second of thinking, frozen | {frozen:.3f} |",
        f"| the same without the freezer | {unfrozen:.3f} |",
        "",
        "The machine is shared: the honest entry's processor time per move is what the "
        "scheduler gave it beside everything else running; compare the two rows with each other.",
        "",
        describe(),
    ]
    (HERE / "seal.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
