"""Chapter 6 benchmark: coursekit's exact solver and searches against easyAI, OpenSpiel, aima.

One command, one run (``python bench/beyond.py``, about ten minutes at most) writes
bench/RESULTS.md: the same positions on the same machine, each engine timed bare
(CPU seconds of this process, garbage collector paused, median of several repeats),
node counts from a separate untimed run, every value checked against the others.
Every peer run has a time cap (``CAP`` seconds); a capped run is reported as such.
"""

from __future__ import annotations

import datetime
import importlib.metadata
import json
import math
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from alphabeta_tictactoe import UNIT, timed
from machine import TICTACTOE_SECTION, describe

from coursekit.games import MAX, ConnectFour, GameTree, Grundy
from coursekit.search import alphabeta, minimax, solve

NOTE = Path(__file__).with_name("RESULTS.md")
KEPT = (TICTACTOE_SECTION, "## Connect Four: Pons' test sets")
"""Sections other benchmarks write (bench/*_tictactoe.py, bench/connect4_pons.py), kept."""
REPEATS = 3
CAP = 30.0  # seconds of wall time for all the runs of one engine on one workload
LINE = "0306130541111243523314"  # the 22-ply Connect Four opening, columns 0-based
HEAPS = range(1, 61)
A002188_ZEROS = [1, 2, 4, 7, 10, 20, 23, 26, 50, 53]  # n ≤ 60 with Grundy value 0 (OEIS)


def version(package: str) -> str:
    return importlib.metadata.version(package)


def sign(value) -> int | None:
    return None if value is None else (value > 0) - (value < 0)


# --- the workloads, one function per engine: () -> value from the first player's side --------


def connect_four_positions() -> dict[str, str]:
    """Issue 14's two positions, and two real endgames (24 random safe plies, seeds 7 and 9)."""
    return {
        "22-ply `0306130541111243523314`": LINE,
        "18-ply `030613054111124352`": LINE[:18],
        "24-ply `213500640240420055132652`": "213500640240420055132652",
        "24-ply `342231602446025660651643`": "342231602446025660651643",
    }


def ck_connect_four(moves: str):
    game = ConnectFour()
    state = game.initial
    for c in moves:
        state = game.result(state, int(c))
    return lambda: solve(game, state).value


def os_connect_four(moves: str):
    import pyspiel
    from open_spiel.python.algorithms import minimax as os_minimax

    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    for c in moves:
        state.apply_action(int(c))

    def run():
        value, _ = os_minimax.alpha_beta_search(
            game, state.clone(), maximum_depth=42, maximizing_player_id=0
        )
        return value

    return run


def easy_connect_four(moves: str, algorithm: str):
    from easyAI import DUAL, SSS, AI_Player, Negamax
    from easyAI.AI import TranspositionTable
    from easyAI.games import ConnectFour as EasyConnectFour

    class Keyed(EasyConnectFour):
        def ttentry(self):  # what easyAI's tables key positions by
            return self.board.tobytes() + bytes([self.current_player])

    def run():
        table = TranspositionTable() if algorithm == "Negamax+table" else None
        depth = 42 - len(moves)
        ai = {
            "Negamax": lambda: Negamax(depth),
            "Negamax+table": lambda: Negamax(depth, tt=table),
            "SSS": lambda: SSS(depth, tt=TranspositionTable()),
            "DUAL": lambda: DUAL(depth, tt=TranspositionTable()),
        }[algorithm]()
        game = Keyed([AI_Player(ai), AI_Player(ai)])
        for c in moves:
            game.play_move(int(c))
        ai(game)
        # easyAI scores from the mover's side (−100 for a loss, scaled): × moves when even.
        score = ai.alpha
        mover_sign = 1 if len(moves) % 2 == 0 else -1
        return 0 if abs(score) < 1 else math.copysign(1, score) * mover_sign

    return run


def ck_tictactoe(algorithm: str):
    search = {"minimax": minimax, "α-β": alphabeta, "solve": solve}[algorithm]
    return lambda: search(UNIT).value


def os_tictactoe():
    import pyspiel
    from open_spiel.python.algorithms import minimax as os_minimax

    game = pyspiel.load_game("tic_tac_toe")
    return lambda: os_minimax.alpha_beta_search(
        game, game.new_initial_state(), maximizing_player_id=0
    )[0]


def os_tictactoe_minimax():
    import pyspiel
    from open_spiel.python.algorithms import minimax as os_minimax

    game = pyspiel.load_game("tic_tac_toe")
    # expectiminimax without chance nodes is plain minimax (depth 9 reaches every end).
    return lambda: os_minimax.expectiminimax(game.new_initial_state(), 9, None, 0)[0]


def os_counted(make: Callable[[], Callable[[], object]], function: str) -> Callable[[], int]:
    """Node count of an OpenSpiel search: calls of its recursive function, untimed."""

    def count():
        from open_spiel.python.algorithms import minimax as os_minimax

        original, calls = getattr(os_minimax, function), 0

        def counted(*args, **kwargs):
            nonlocal calls
            calls += 1
            return original(*args, **kwargs)

        setattr(os_minimax, function, counted)
        try:
            make()()
        finally:
            setattr(os_minimax, function, original)
        return calls

    return count


def random_tree():
    """A uniform random tree: 4 moves everywhere, 8 plies, leaves from −99 to 99 (seed 14)."""
    return GameTree.random(branching=4, depth=8, seed=14, values=(-99, 99))


def ck_tree(algorithm: str):
    tree = random_tree()
    search = {"minimax": minimax, "α-β": alphabeta, "solve": solve}[algorithm]
    return lambda: search(tree).value


def aima_tictactoe(algorithm: str):
    from aima import games as aima_games

    game = aima_games.TicTacToe()
    search = {"minimax": aima_games.minmax_decision, "α-β": aima_games.alpha_beta_search}

    def run():
        search[algorithm](game.initial, game)
        return None  # aima returns the move only

    return run


def ck_grundy():
    return lambda: [n for n in HEAPS if solve(Grundy(n, first=MAX)).value < 0]


def easy_grundy(solver: str):
    """easyAI on Grundy's game: a ``TwoPlayerGame`` written here (easyAI ships none).

    The game class is written as easyAI's own examples are (``games/Nim.py``): a
    mutable list of heaps, ``make_move`` / ``unmake_move`` so the solvers need no
    copies, and ``ttentry`` giving the same canonical key coursekit's table uses
    (the heaps of three coins or more, sorted; heaps of 1 and 2 can never be split
    again, and negamax values do not depend on whose turn it is). easyAI's
    ``scoring`` is from the side of the player to move: a finished game is lost for
    it. Each root gets a fresh table, as each ``solve`` call of coursekit does.

    ``solver``: ``"depth-first"`` is ``solve_with_depth_first_search`` (win/loss
    labels with a table, stops at the first winning move: the solver that fits);
    ``"Negamax+table"`` is ``Negamax`` to the full depth with a ``TranspositionTable``.
    """
    from easyAI import AI_Player, Negamax, TwoPlayerGame, solve_with_depth_first_search
    from easyAI.AI import TranspositionTable

    class EasyGrundy(TwoPlayerGame):
        """Split one heap into two unequal non-empty heaps; who cannot move loses."""

        def __init__(self, players, coins):
            self.players = players
            self.heaps = [coins]
            self.current_player = 1

        def possible_moves(self):
            return [
                (heap, smaller)
                for heap in sorted(set(self.heaps), reverse=True)
                for smaller in range(1, (heap + 1) // 2)
            ]

        def make_move(self, move):
            heap, smaller = move
            self.heaps.remove(heap)
            self.heaps += [heap - smaller, smaller]

        def unmake_move(self, move):
            heap, smaller = move
            self.heaps.remove(smaller)
            self.heaps.remove(heap - smaller)
            self.heaps.append(heap)

        def is_over(self):
            return max(self.heaps) < 3

        def scoring(self):
            return -100 if self.is_over() else 0

        def ttentry(self):
            return tuple(sorted((h for h in self.heaps if h > 2), reverse=True))

    def first_player_loses(coins: int) -> bool:
        game = EasyGrundy([AI_Player(None), AI_Player(None)], coins)
        table = TranspositionTable()
        if solver == "depth-first":
            value = solve_with_depth_first_search(game, win_score=90, maxdepth=coins + 1, tt=table)
            return value < 0
        if game.is_over():  # easyAI's Negamax needs a move at the root
            return True
        # A heap of n coins ends within n - 1 moves; win_score=90 gives the root the
        # narrowest window that still tells a win (±100) from a loss (easyAI's fast mode).
        ai = Negamax(coins, win_score=90, tt=table)
        ai(game)
        return ai.alpha < 0

    return lambda: [n for n in HEAPS if first_player_loses(n)]


# --- running -----------------------------------------------------------------------------------


ENGINES: dict[str, Callable[[], Callable[[], object]]] = {}
COUNTS: dict[str, Callable[[], int]] = {}  # untimed node counts, where an engine gives them


def register() -> list[tuple[str, str]]:
    """Every (workload, engine) pair, in the order of the table; fills ``ENGINES``."""
    pairs = []

    def add(workload, engine, make, count=None):
        ENGINES[f"{workload} | {engine}"] = make
        if count is not None:
            COUNTS[f"{workload} | {engine}"] = count
        pairs.append((workload, engine))

    def stats_of(search, *args):
        return lambda: search(*args).stats.nodes

    ttt = "tic-tac-toe, empty board"
    searches = {"minimax": minimax, "α-β": alphabeta, "solve": solve}
    for algorithm, search in searches.items():
        count = stats_of(search, UNIT)
        add(ttt, f"coursekit {algorithm}", lambda a=algorithm: ck_tictactoe(a), count)
    add(
        ttt,
        "OpenSpiel expectiminimax (= minimax)",
        os_tictactoe_minimax,
        os_counted(os_tictactoe_minimax, "expectiminimax"),
    )
    add(ttt, "OpenSpiel alpha_beta_search", os_tictactoe, os_counted(os_tictactoe, "_alpha_beta"))
    add(ttt, "aima minmax_decision", lambda: aima_tictactoe("minimax"))
    add(ttt, "aima alpha_beta_search", lambda: aima_tictactoe("α-β"))
    for name, moves in connect_four_positions().items():
        workload = f"Connect Four 6×7, {name}"
        add(workload, "coursekit solve", lambda m=moves: ck_connect_four(m), _ck_cf_count(moves))
        add(
            workload,
            "OpenSpiel alpha_beta_search",
            lambda m=moves: os_connect_four(m),
            os_counted(lambda m=moves: os_connect_four(m), "_alpha_beta"),
        )
        for algorithm in ("Negamax", "Negamax+table", "SSS", "DUAL"):
            add(
                workload,
                f"easyAI {algorithm}",
                lambda m=moves, a=algorithm: easy_connect_four(m, a),
            )
    add("Grundy, heaps 1–60", "coursekit solve", ck_grundy)
    add(
        "Grundy, heaps 1–60",
        "easyAI solve_with_depth_first_search",
        lambda: easy_grundy("depth-first"),
    )
    add("Grundy, heaps 1–60", "easyAI Negamax+table", lambda: easy_grundy("Negamax+table"))
    tree = "uniform random tree, b = 4, d = 8"
    for algorithm, search in searches.items():
        add(
            tree,
            f"coursekit {algorithm}",
            lambda a=algorithm: ck_tree(a),
            stats_of(search, random_tree()),
        )
    return pairs


def _ck_cf_count(moves: str) -> Callable[[], int]:
    def count():
        game = ConnectFour()
        state = game.initial
        for c in moves:
            state = game.result(state, int(c))
        return solve(game, state).stats.nodes

    return count


def one(name: str) -> None:
    """Child process: run one engine on one workload ``REPEATS`` times, print JSON."""
    run = ENGINES[name]()
    seconds, answer = [], None
    for _ in range(REPEATS):
        answer, cpu, _wall = timed(run)
        seconds.append(cpu)
        print(json.dumps({"answer": answer, "seconds": seconds}), flush=True)
        if sum(seconds) > CAP / 3:  # no time for another run under the cap
            break
    if name in COUNTS:  # a separate, untimed run with the counters on
        nodes = COUNTS[name]()
        print(json.dumps({"answer": answer, "seconds": seconds, "nodes": nodes}), flush=True)


def measure(name: str) -> tuple[object, float | None, str]:
    """The answer, the median CPU seconds and a remark ("capped", an error, or "")."""
    try:
        out = subprocess.run(
            [sys.executable, __file__, "--one", name],
            capture_output=True, text=True, timeout=CAP,
        )  # fmt: skip
        stdout, error = out.stdout, out.stderr.strip().splitlines()[-1:] if out.returncode else []
        remark = f"fails: {error[0][:90]}" if error else ""
    except subprocess.TimeoutExpired as expired:
        stdout = (
            (expired.stdout or b"").decode()
            if isinstance(expired.stdout, bytes)
            else (expired.stdout or "")
        )
        remark = f"capped at {CAP:.0f} s"
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    if not lines:
        return None, None, remark
    last = json.loads(lines[-1])
    if remark.startswith("capped"):
        remark += f" after {len(last['seconds'])} run(s)"
    if "nodes" in last:
        remark = (f"{last['nodes']:,} nodes; " + remark).rstrip("; ")
    return last["answer"], statistics.median(last["seconds"]), remark


def main() -> None:
    rows = []
    for workload, engine in register():
        answer, seconds, remark = measure(f"{workload} | {engine}")
        rows.append((workload, engine, "", answer, seconds, remark))
        print(workload, "|", engine, "|", answer, seconds, remark, flush=True)
    write(rows)


def fmt(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, float) and math.isinf(value):
        return "+∞" if value > 0 else "-∞"
    return str(int(value)) if float(value).is_integer() else str(value)


def write(rows) -> None:
    versions = ", ".join(f"{p} {version(p)}" for p in ("easyAI", "open_spiel", "aima") if _has(p))
    lines = [
        "# Chapter 6 benchmark: exact solving and search against the peers",
        "",
        f"Run {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC on {describe()}; "
        f"Python {sys.version.split()[0]}; {versions}. Written by `python bench/beyond.py`.",
        "",
        f"CPU seconds of this process, median of up to {REPEATS} runs (one run when it "
        f"takes over {CAP / 4:.0f} s), garbage collector paused; each engine gets "
        f"{CAP:.0f} s of wall time per workload (its runs and its node count together). "
        "The machine is shared: differences of a few percent "
        "are noise.",
        "",
        "| workload | engine | value | CPU s | ratio to coursekit | note |",
        "|---|---|---|---|---|---|",
    ]
    by_workload: dict[str, float] = {}
    for workload, engine, _, _answer, seconds, _ in rows:
        if engine.startswith("coursekit") and seconds is not None:
            best = by_workload.get(workload)
            by_workload[workload] = seconds if best is None else min(best, seconds)
    for workload, engine, _, answer, seconds, remark in rows:
        ours = by_workload.get(workload)
        ratio = f"{seconds / ours:.1f}×" if seconds and ours else "–"
        value = fmt(answer) if not isinstance(answer, float) else fmt(sign(answer))
        cpu = f"{seconds:.4f}" if seconds is not None else "–"
        lines.append(f"| {workload} | {engine} | {value} | {cpu} | {ratio} | {remark} |")
    lines += ["", "## Goals of issue 14", ""]
    seconds = {(r[0], r[1]): r[4] for r in rows}

    def goal(text, workload, ours, peers, target):
        mine = seconds.get((workload, ours))
        theirs = [seconds.get((workload, p)) for p in peers]
        theirs = [t for t in theirs if t is not None]
        if mine is None or not theirs:
            lines.append(f"- {text}: – (no finished peer run)")
            return
        ratio = min(theirs) / mine
        verdict = "met" if ratio >= target else "NOT met"
        lines.append(
            f"- {text}: {ratio:.1f}×, {verdict} "
            f"({ours} {mine:.4f} s, fastest peer {min(theirs):.4f} s)"
        )

    ttt = "tic-tac-toe, empty board"
    goal(
        "plain minimax vs OpenSpiel (goal ≥ 1×, aim 2×)",
        ttt,
        "coursekit minimax",
        ["OpenSpiel expectiminimax (= minimax)"],
        1,
    )
    goal(
        "plain α-β vs OpenSpiel (goal ≥ 1×, aim 2×)",
        ttt,
        "coursekit α-β",
        ["OpenSpiel alpha_beta_search"],
        1,
    )
    for workload in dict.fromkeys(r[0] for r in rows):
        if workload.startswith("Connect Four"):
            peers = [r[1] for r in rows if r[0] == workload and not r[1].startswith("coursekit")]
            goal(f"exact solving, {workload} (goal ≥ 10×)", workload, "coursekit solve", peers, 10)
    for workload in dict.fromkeys(r[0] for r in rows):
        if workload.startswith("Grundy"):
            peers = [r[1] for r in rows if r[0] == workload and not r[1].startswith("coursekit")]
            goal(f"exact solving, {workload} (goal ≥ 10×)", workload, "coursekit solve", peers, 10)
    grundy = next((r[3] for r in rows if r[0].startswith("Grundy")), None)
    lines += [
        "",
        f"Grundy losses found: {fmt(grundy)}; OEIS A002188 zeros (n ≤ 60): "
        f"{fmt(A002188_ZEROS)} — {'agree' if grundy == A002188_ZEROS else 'DISAGREE'}.",
        "",
    ]
    # Sections other benchmarks write into the same note (bench/connect4_pons.py) stay.
    old = NOTE.read_text() if NOTE.exists() else ""
    starts = [old.index(title) for title in KEPT if title in old]
    kept = old[min(starts) :] if starts else ""
    NOTE.write_text("\n".join(lines) + NOTES + ("\n" + kept if kept else ""))
    print("\n".join(lines))


def _has(package: str) -> bool:
    try:
        version(package)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


NOTES = """
## Notes

- Values are from the first player's side (+1 / +∞ a win, 0 a draw); "–" when an engine
  gives only a move (aima) or did not finish. The ratio is the peer's CPU time over the
  fastest coursekit engine of the same workload (above 1× means coursekit is faster).
- Grundy's game: none of the peers ships it, so `easy_grundy` writes it for easyAI as
  its own examples write games (a list of heaps, `make_move`/`unmake_move`, and a
  `ttentry` giving the key coursekit's table uses: the heaps of 3 coins or more). Each
  root gets a fresh table in both. coursekit's solver also drops pairs of equal heaps
  from the key (the copycat argument, `coursekit.search.solve.grundy_key`).
- The two Connect Four positions of issue 14 (the 22-ply opening `0306130541111243523314`
  and the same line 4 plies earlier) are both immediate wins for the player to move
  (three stacked `x` in column 0, never blocked). coursekit's solver sees the win at once
  (`ConnectFour.winning_moves`); OpenSpiel's α-β, which orders no moves, walks 96,355 and
  1,046,606 nodes, and easyAI (depth 20 and 24, no early stop at a win) mostly hits the
  cap. So these rows measure tactics more than solving. The two 24-ply positions are real
  endgames: 24 random plies (seeds 7 and 9 of a search for positions where nobody has an
  immediate win), solved to the end by every engine that finishes.
- The 2× aim for plain minimax and α-β: both search the same nodes as OpenSpiel; the
  gain is the games' bitboard tables.
- Node counts ("nodes" in the note column) come from a separate, untimed run: coursekit's
  `stats.nodes`, OpenSpiel's calls of its recursive function. easyAI and aima are not
  counted.
- Uniform random trees: coursekit only; none of the peers takes an explicit tree
  without writing a game class for it (not done).
- A capped run is stopped after the cap; its time is the median of the runs it finished,
  "–" when it finished none.
"""


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        register()
        one(sys.argv[2])
    else:
        main()
