"""Connect Four on Pascal Pons' six test sets and on positions not in them: coursekit and Pons.

One command, ``python bench/connect4_pons.py`` (about a quarter of an hour on a machine at rest;
``--limit N`` takes at most N positions of each set for a quick look), times on the same
positions in the same run:

- ``Connect4Solver.solve``, the bare solver (coursekit, pure Python), its table reset
  before each position, untimed; weak (win/draw/loss) and strong (exact score);
- ``coursekit.search.solve``, the public call a student makes, which also returns a line
  of perfect play (its table reset inside the call, timed: that is what a student pays);
  weak (the default) and ``fastest=True`` (exact);
- Pons' own solver, built here from a snapshot of github.com/PascalPons/connect4 when
  ``g++`` is present (``bench/connect4_pons_driver.cpp`` calls it; its table is cleared
  before each position, untimed; no opening book), weak and strong;
- OpenSpiel's ``alpha_beta_search`` (Python α-β over C++ states) on the end-game set only.

Each position is solved ``REPEATS`` times in a row and the median CPU time kept (once when
a run takes over a second); the garbage collector stays on, as users have it. Every engine
runs in a process of its own with a wall-clock cap per set. The node counts are the
solvers' own counters (always on, in both). Every answer is checked against the score in
Pons' file, or for the unseen positions against Pons' solver in the same run.

The unseen positions (set ``unseen``) are drawn here with a fixed seed: random legal games
of 16 to 34 stones that are not over, in which the player to move cannot win at once (a
win at once measures tactics, not solving) and that are in none of Pons' files.

Results go to a section of bench/RESULTS.md. The test sets are not part of the repository:
``C4_DATA`` (default /work/shared/data/connect4) holds ``Test_L3_R1.txt`` … ``Test_L1_R3.txt``.
Pons' sources come from ``build/pons`` or are unpacked there from the git directory
``PONS_REPO`` (default: the snapshot the fetch tool leaves in /work/.mirror).
"""

from __future__ import annotations

import datetime
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from machine import describe

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = Path(os.environ.get("C4_DATA", "/work/shared/data/connect4"))
PONS_REPO = Path(os.environ.get("PONS_REPO", "/work/.mirror/PascalPons+connect4/repo"))
BUILD = ROOT / "build" / "pons"
NOTE = HERE / "RESULTS.md"
SECTION = "## Connect Four: Pons' test sets"
REPEATS = 3
ONCE = 1.0  # seconds: a run longer than this is not repeated
GOAL = 20.0  # the bare weak solve within this factor of Pons' weak solve
API_GOAL = 1.5  # solve() within this factor of the bare solver, same mode
# (set, positions weak, positions strong, wall-clock cap per engine in seconds)
SETS = [
    ("L3_R1", 1000, 1000, 60),
    ("L2_R1", 1000, 1000, 90),
    ("L1_R1", 200, 200, 120),
    ("L2_R2", 100, 50, 120),
    ("L1_R2", 20, 0, 90),
    ("L1_R3", 3, 0, 300),
    ("unseen", 200, 200, 90),
]
UNSEEN_SEED = 2026


def positions(name: str, limit: int) -> list[tuple[str, int | None]]:
    """The first ``limit`` positions of a set: (moves, Pons' score, or None for unseen ones)."""
    if name == "unseen":
        return [(moves, None) for moves in unseen_positions(limit)]
    lines = (DATA / f"Test_{name}.txt").read_text().split("\n")
    pairs = [line.split() for line in lines if line.strip()][:limit]
    return [(moves, int(score)) for moves, score in pairs]


def unseen_positions(count: int) -> list[str]:
    """Seeded random games of 16–34 stones: not over, no win at once, in no file of Pons'."""
    from coursekit.games import ConnectFour

    game, rng = ConnectFour(), random.Random(UNSEEN_SEED)
    known = {
        line.split()[0]
        for path in DATA.glob("Test_*.txt")
        for line in path.read_text().splitlines()
        if line.strip()
    }
    found: list[str] = []
    while len(found) < count:
        target, state, moves = rng.randint(16, 34), game.initial, ""
        while len(moves) < target and not game.is_terminal(state):
            column = rng.choice(game.actions(state))
            state, moves = game.result(state, column), moves + str(column + 1)
        going_on = len(moves) == target and not game.is_terminal(state)
        if going_on and moves not in known and not game.winning_moves(state):
            found.append(moves)
    return found


def sign(x: float) -> int:
    return (x > 0) - (x < 0)


# --- the engines, each in a child process that prints one JSON line per position ------------


def run_coursekit(name: str, limit: int, mode: str) -> None:
    """``mode``: "weak" or "strong" (Connect4Solver.solve), "api" or "api strong" (solve())."""
    from coursekit.games import MAX, ConnectFour
    from coursekit.search import solve
    from coursekit.search.connect4_solver import shared_solver

    game, solver = ConnectFour(), shared_solver(6, 7)  # the solver solve() uses
    strong = mode.endswith("strong")
    for moves, _ in positions(name, limit):
        state = game.from_moves(moves)
        x, o = state.x, state.o
        mine, taken = (x if x.bit_count() == o.bit_count() else o), x | o
        side = 1 if game.to_move(state) is MAX else -1
        seconds, nodes = [], None
        for _ in range(REPEATS):
            if mode.startswith("api"):
                started = time.process_time()
                value = solve(game, state, fastest=strong, force=True).value  # no node cap
                seconds.append(time.process_time() - started)
                score = side * (value if strong else sign(value))
            else:
                solver.reset()
                started = time.process_time()
                score = solver.solve(mine, taken, weak=not strong)
                seconds.append(time.process_time() - started)
                nodes = solver.nodes
            if seconds[-1] > ONCE:
                break
        print(json.dumps([moves, score, nodes, statistics.median(seconds)]), flush=True)


def run_openspiel(name: str, limit: int) -> None:
    """OpenSpiel's α-β to the end of the game: the value for the player to move, ±1 or 0."""
    import pyspiel
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("connect_four")
    for moves, _ in positions(name, limit):
        state = game.new_initial_state()
        for c in moves:
            state.apply_action(int(c) - 1)
        seconds = []
        for _ in range(REPEATS):
            started = time.process_time()
            value, _ = minimax.alpha_beta_search(
                game, state.clone(), maximum_depth=42, maximizing_player_id=state.current_player()
            )
            seconds.append(time.process_time() - started)
            if seconds[-1] > ONCE:
                break
        print(json.dumps([moves, sign(value), None, statistics.median(seconds)]), flush=True)


def build_pons() -> Path | None:
    """Pons' solver with our timing driver, built in build/pons; None without g++ or sources."""
    if shutil.which("g++") is None:
        return None
    if not (BUILD / "Solver.cpp").exists():
        if not (PONS_REPO / "HEAD").exists():
            return None
        BUILD.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "--git-dir", str(PONS_REPO), "archive", "HEAD"], capture_output=True, check=True
        )
        subprocess.run(["tar", "x", "-C", str(BUILD)], input=archive.stdout, check=True)
    driver = BUILD / "c4driver"
    subprocess.run(
        ["g++", "--std=c++11", "-O3", "-DNDEBUG", "-I", str(BUILD), "-o", str(driver),
         str(HERE / "connect4_pons_driver.cpp"), str(BUILD / "Solver.cpp")],
        check=True,
    )  # fmt: skip
    return driver


def stream(command: list[str], stdin: str | None, cap: float) -> tuple[list[list], bool]:
    """The JSON (or Pons' text) lines a child prints within ``cap`` seconds; True if capped."""
    child = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE
    )
    if stdin is not None:
        child.stdin.write(stdin)  # type: ignore[union-attr]
    child.stdin.close()  # type: ignore[union-attr]
    rows: list[list] = []

    def read() -> None:
        for line in child.stdout:  # type: ignore[union-attr]
            if line.strip():
                rows.append(parse(line))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        child.wait(timeout=cap)
        capped = False
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        capped = True
    reader.join(timeout=5)
    return list(rows), capped


def parse(line: str) -> list:
    if line.startswith("["):
        return json.loads(line)
    moves, score, nodes, micro = line.split()  # Pons' driver
    return [moves, int(score), int(nodes), float(micro) / 1e6]


# --- the run ----------------------------------------------------------------------------------


def engines(name: str, weak: int, strong: int, driver: Path | None) -> list[tuple]:
    """(engine, command, stdin, mode, positions) for every engine run on one set."""
    me = [sys.executable, str(HERE / "connect4_pons.py"), "--one"]
    text = {n: "".join(moves + "\n" for moves, _ in positions(name, n)) for n in (weak, strong)}
    found = []
    for mode, count in (("weak", weak), ("strong", strong)):
        if not count:
            continue
        if driver is not None:
            flags = ["-w"] if mode == "weak" else []
            found.append((f"Pons C++ {mode}", [str(driver), *flags, "-r", str(REPEATS)],
                          text[count], mode, count))  # fmt: skip
        found.append((f"coursekit {mode}", [*me, "coursekit", name, str(count), mode], None,
                      mode, count))  # fmt: skip
        api = "api" if mode == "weak" else "api strong"
        label = "coursekit solve()" if mode == "weak" else "coursekit solve(fastest=True)"
        found.append((label, [*me, "coursekit", name, str(count), api], None, mode, count))
    if name == "L3_R1" and _has_openspiel():
        found.append(("OpenSpiel alpha_beta_search", [*me, "openspiel", name, str(weak)], None,
                      "weak", weak))  # fmt: skip
    return found


def measure(limit: int) -> list[dict]:
    driver = build_pons()
    rows = []
    for name, weak, strong, cap in SETS:
        weak, strong = min(weak, limit), min(strong, limit)
        expected = dict(positions(name, max(weak, strong)))
        for engine, command, stdin, mode, count in engines(name, weak, strong, driver):
            results, capped = stream(command, stdin, cap if "OpenSpiel" not in engine else 15)
            if name == "unseen" and engine.startswith("Pons"):  # Pons' scores are the reference
                expected.update({r[0]: r[1] for r in results if mode == "strong"})
                expected.update({r[0]: expected[r[0]] or r[1] for r in results if mode == "weak"})
            row = {
                "set": name, "engine": engine, "mode": mode, "asked": count,
                "solved": len(results), "capped": capped,
                "seconds": {r[0]: r[3] for r in results},
                "nodes": {r[0]: r[2] for r in results if r[2] is not None},
                "wrong": [r[0] for r in results if not agrees(r[1], expected.get(r[0]), mode)],
            }  # fmt: skip
            rows.append(row)
            print(summary(row), flush=True)
    return rows


def agrees(score: int, reference: int | None, mode: str) -> bool:
    """True when ``score`` is the reference score (weak: its sign); no reference: True."""
    if reference is None:
        return True
    return score == reference if mode == "strong" else sign(score) == sign(reference)


def _has_openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def summary(row: dict) -> str:
    times = list(row["seconds"].values())
    mean = statistics.fmean(times) * 1e3 if times else float("nan")
    return (
        f"{row['set']} | {row['engine']} | {row['solved']}/{row['asked']}"
        f"{' (capped)' if row['capped'] else ''} | {mean:.3f} ms | wrong {len(row['wrong'])}"
    )


def ratio(ours: dict, theirs: dict) -> tuple[float, int] | None:
    """Mean time of ``ours`` over mean time of ``theirs`` on the positions both solved."""
    both = [m for m in ours["seconds"] if m in theirs["seconds"]]
    if not both:
        return None
    mine = statistics.fmean(ours["seconds"][m] for m in both)
    other = statistics.fmean(theirs["seconds"][m] for m in both)
    return (mine / other, len(both)) if other > 0 else None


# --- the note ---------------------------------------------------------------------------------


def write(rows: list[dict], started: str = "") -> None:
    """Replace this benchmark's section of RESULTS.md (the other sections stay).

    ``started`` is the load average when the run began (the line names the one at its end).
    """
    lines = [
        SECTION,
        "",
        f"Run {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC on {describe()} at the "
        f"end{f', {started} at the start' if started else ''}. "
        "Written by `python bench/connect4_pons.py`.",
        "",
        f"Mean CPU time per position (each position solved {REPEATS} times in a row, the "
        f"median kept, once when a run takes over {ONCE:.0f} s; garbage collector on; the bare "
        "solvers' tables cleared before each position, untimed; solve() clears its own, timed). "
        "A weak solve tells win / draw / loss, a strong one the exact score. Each engine runs "
        "in a process of its own with a wall-clock cap per set. The ratio compares, on the "
        "positions both solved, the bare coursekit solver with Pons' in the same mode, and "
        "solve() with the bare coursekit solver. `wrong`: answers that disagree with Pons' "
        "file (unseen positions: with his solver in this run); none expected.",
        "",
        "| set | engine | solved | mean ms / position | mean nodes | µs / node | ratio | wrong |",
        "|---|---|---|---|---|---|---|---|",
        *(_table_line(row, rows) for row in rows),
        "",
        *_goals(rows),
        "",
        NOTES,
    ]
    old = NOTE.read_text() if NOTE.exists() else ""
    head = old.split(SECTION)[0].rstrip() + "\n\n" if old else ""
    NOTE.write_text(head + "\n".join(lines))
    print("\n".join(lines))


def _reference(row: dict, rows: list[dict]) -> tuple[dict | None, str]:
    """The row ``row`` is compared with: Pons' for the bare solver, the bare one for solve()."""
    if row["engine"].startswith("Pons"):
        return None, ""
    wanted, label = f"Pons C++ {row['mode']}", "Pons"
    if "solve(" in row["engine"]:
        wanted, label = f"coursekit {row['mode']}", "bare"
    found = [r for r in rows if r["set"] == row["set"] and r["engine"] == wanted]
    return (found[0] if found else None), label


def _table_line(row: dict, rows: list[dict]) -> str:
    times, nodes = list(row["seconds"].values()), list(row["nodes"].values())
    mean = statistics.fmean(times) if times else None
    mean_nodes = statistics.fmean(nodes) if nodes else None
    per_node = f"{mean / mean_nodes * 1e6:.2f}" if mean and mean_nodes else "–"
    reference, label = _reference(row, rows)
    compared = ratio(row, reference) if reference else None
    shown = f"{compared[0]:.2f}× {label}" if compared else "–"
    solved = f"{row['solved']}/{row['asked']}" + (" (capped)" if row["capped"] else "")
    ms = f"{mean * 1e3:.3f}" if mean is not None else "–"
    count = f"{mean_nodes:,.0f}" if mean_nodes is not None else "–"
    return (
        f"| {row['set']} | {row['engine']} | {solved} | {ms} | {count} | {per_node} | {shown} "
        f"| {len(row['wrong'])} |"
    )


def _goals(rows: list[dict]) -> list[str]:
    """The goals of issue 40, set by set, and how many positions had Pons' node counts."""
    lines = [f"### Goals: the bare solver within {GOAL:.0f}× of Pons' (weak and strong); solve() "
             f"within {API_GOAL}× of the bare solver (weak and exact)", ""]  # fmt: skip
    same = []
    for row in rows:
        reference, label = _reference(row, rows)
        compared = ratio(row, reference) if reference else None
        if compared is None or not row["engine"].startswith("coursekit"):
            continue  # (OpenSpiel: a peer, not a goal)
        goal = GOAL if label == "Pons" else API_GOAL
        verdict = "met" if compared[0] <= goal else "NOT met"
        lines.append(f"- {row['set']}, {row['engine']} against {label} ({compared[1]} positions): "
                     f"{compared[0]:.2f}×, {verdict}")  # fmt: skip
        if label == "Pons" and row["mode"] == "weak":
            shared = [m for m in row["nodes"] if m in reference["nodes"]]
            equal = sum(row["nodes"][m] == reference["nodes"][m] for m in shared)
            same.append(f"{row['set']} {equal}/{len(shared)}")
    return [*lines, "", "Positions on which coursekit's weak solve visits exactly as many nodes "
            "as Pons' (the same search; the rest differ where the two tables, 2²⁴ and 2,097,143 "
            "entries, overwrite different entries): " + ", ".join(same) + "."]  # fmt: skip


NOTES = """### Notes

- The bare solver runs Pons' algorithm (non-losing moves, threat ordering, a table of
  bounds, null-window bisection), so its node counts match his; what remains is the price
  of CPython, where every operation on an integer costs a few hundred machine instructions
  whatever it does. With every enhancement on, `Connect4Solver` runs its fast path
  (`coursekit/search/connect4_fast.py`): the same nodes (tested) with fewer operations on
  integers a node than chapter 6's form (`Connect4Solver._build`), mostly from finding
  threats in four directions with six multiplications (`connect4_threats.region_threat_finder`).
- solve() is the public call: it checks the game and the position, solves with the same
  solver and reads a line of perfect play from the solver's table (the move that proved
  each bound is kept beside it), searching again only where the table has lost it. On the
  end-game set the line is as long as the search is short, which is where the two differ most.
- Pons' solver runs without its opening book (no book file here), as coursekit does.
  Its table has 2²⁴ entries, coursekit's 2,097,143.
- The sets are sampled from the start of each file (the `solved` column gives how many):
  L1_R2 and L1_R3 take hundreds of thousands to tens of millions of nodes a position,
  and are solved weakly only. solve() is called with `force=True` there (without it, a
  solve beyond 10 million nodes is refused: the same search, only the node cap differs).
- OpenSpiel's `alpha_beta_search` is plain α-β (no table, no move ordering) with Python
  recursion over C++ states; it runs on the end-game set only, with a 15 s cap.
- CPU time is less disturbed by other jobs than wall time, but not untouched (caches,
  hyper-threads): on a shared machine the ratios move by a few tens of percent between runs.
  The load average is in the first line.
"""


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        engine, name, count = sys.argv[2], sys.argv[3], int(sys.argv[4])
        if engine == "coursekit":
            run_coursekit(name, count, " ".join(sys.argv[5:]))
        else:
            run_openspiel(name, count)
    else:
        limit = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else 10**9
        load = f"load average {os.getloadavg()[0]:.1f}"
        write(measure(limit), load)
