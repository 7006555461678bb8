"""Benchmark: α-β on tic-tac-toe from the empty board, coursekit against its peers.

Run from the repository root (peers: ``pip install -e ".[bench]"``; aima-python's
PyPI package needs ``pip install --no-deps --ignore-requires-python aima==2024.9.28``
on Python 3.11; a missing peer is skipped with a note)::

    python bench/alphabeta_tictactoe.py          # writes bench/alphabeta.md

Every engine searches the same position (the empty board) to the end of the
game. Each is timed BARE: the timed runs call the library exactly as a user
would, with no counting wrapper. Nodes are counted in a separate run that is
not timed (wrapping each library's recursive function; coursekit counts its
own). The timed runs are interleaved (one of each engine per round) so that
a change of load on the shared machine hits all of them; the note gives the
median and the best round. Values and moves are checked against coursekit's
exact ``solve``.
"""

from __future__ import annotations

import datetime
import gc
import importlib
import importlib.metadata
import math
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from machine import describe, record_goal

from coursekit.games import MAX, TicTacToe
from coursekit.games.tictactoe import _WON, FULL
from coursekit.search import alphabeta, minimax, solve

GAME = TicTacToe()
NOTE = Path(__file__).with_name("alphabeta.md")
REPEATS = 21


class UnitTicTacToe(TicTacToe):
    """Tic-tac-toe valued +1 / 0 / −1 as OpenSpiel and aima value it (the course uses ±∞)."""

    def utility(self, state, player=MAX):
        # built as TicTacToe.utility is, from the same table, so that both cost the same
        x, o = state
        if _WON[x]:
            value = 1
        elif _WON[o]:
            value = -1
        elif x | o == FULL:
            value = 0
        else:
            raise ValueError("the game is not over yet")
        return value if player is MAX else -value

    def outcome(self, state):
        # TicTacToe.outcome with ±1 (the searches use it, and would ignore an inherited one)
        x, o = state
        if _WON[x]:
            return 1
        if _WON[o]:
            return -1
        if x | o == FULL:
            return 0
        return None


UNIT = UnitTicTacToe()


class Engine:
    """One row of the table: ``run()`` → (value, move) bare, ``count()`` → nodes, untimed."""

    def __init__(self, library: str, algorithm: str, run: Callable, count: Callable) -> None:
        self.library, self.algorithm, self.run, self.count = library, algorithm, run, count
        self.seconds: list[float] = []  # CPU time of each timed run
        self.wall: list[float] = []


def version(package: str) -> str:
    return importlib.metadata.version(package)


def timed(run: Callable[[], tuple]) -> tuple[tuple, float, float]:
    """Run once after a full collection, the garbage collector left on (as users have it).

    Returns the answer, the CPU seconds of this process (what the search itself cost,
    hardly touched by other jobs on a shared machine) and the wall-clock seconds.
    """
    gc.collect()  # leftovers of earlier runs cost nothing; this run's own garbage does
    cpu, wall = time.process_time(), time.perf_counter()
    out = run()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return out, cpu, wall


# --- coursekit -------------------------------------------------------------------------------


def textbook_alphabeta(game, state):
    """The bare MAX-VALUE / MIN-VALUE with α-β, no statistics: what coursekit's bookkeeping
    costs is the difference to coursekit's own row."""

    def max_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, MAX)
        v = -math.inf
        for a in game.actions(s):
            w = min_value(game.result(s, a), alpha, beta)
            if w > v:
                v = w
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return v

    def min_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, MAX)
        v = math.inf
        for a in game.actions(s):
            w = max_value(game.result(s, a), alpha, beta)
            if w < v:
                v = w
                if v < beta:
                    beta = v
                    if beta <= alpha:
                        break
        return v

    value_of = max_value if game.to_move(state) is MAX else min_value
    return value_of(state, -math.inf, math.inf), None


def coursekit_engines() -> list[Engine]:
    def search(function, game=GAME, **options):
        def run():
            r = function(game, **options)
            return r.value, r.move

        def count():
            return function(game, **options).stats.nodes

        return run, count

    def bare_count(game):
        nodes = 1  # the root; every other node is made by one call of result
        original = game.result

        def counted(state, action):
            nonlocal nodes
            nodes += 1
            return original(state, action)

        game.result = counted
        try:
            textbook_alphabeta(game, game.initial)
        finally:
            del game.result
        return nodes

    return [
        Engine("coursekit", "alphabeta (fail-hard)", *search(alphabeta)),
        Engine("coursekit", "alphabeta, fail_soft=True", *search(alphabeta, fail_soft=True)),
        Engine("coursekit", "alphabeta on ±1 values (as the peers)", *search(alphabeta, UNIT)),
        Engine("coursekit", "alphabeta, trace=True", *search(alphabeta, trace=True)),
        Engine("coursekit", "minimax (no pruning, for scale)", *search(minimax)),
        Engine(
            "bench",
            "bare α-β recursion on coursekit's game",
            lambda: textbook_alphabeta(GAME, GAME.initial),
            lambda: bare_count(TicTacToe()),
        ),
    ]


# --- easyAI ----------------------------------------------------------------------------------


def easyai_engines() -> list[Engine]:
    from easyAI import AI_Player, Negamax
    from easyAI.games import TicTacToe as EasyTicTacToe

    # easyAI.AI re-exports the class Negamax under its module's name: fetch the module itself.
    negamax_module = importlib.import_module("easyAI.AI.Negamax")

    def search():
        ai = Negamax(9)
        game = EasyTicTacToe([AI_Player(ai), AI_Player(ai)])
        move = ai(game)
        # easyAI scores from the mover's side, −100 for a loss (scaled by depth): × moves first.
        value = 0 if abs(ai.alpha) < 1 else math.copysign(math.inf, ai.alpha)
        return value, int(move) - 1

    def count():
        original, calls = negamax_module.negamax, 0

        def counted(*args, **kwargs):
            nonlocal calls
            calls += 1
            return original(*args, **kwargs)

        negamax_module.negamax = counted  # every call, the root included
        try:
            search()
        finally:
            negamax_module.negamax = original
        return calls

    return [Engine(f"easyAI {version('easyAI')}", "Negamax with α-β (no table)", search, count)]


# --- OpenSpiel -------------------------------------------------------------------------------


def goal(engines: list[Engine], nodes: dict) -> list[str]:
    """Issue 26's goal: coursekit's α-β at least 2× OpenSpiel's, on the same nodes."""
    by = {(e.library.split()[0], e.algorithm.split(" (")[0]): e for e in engines}
    ours = by.get(("coursekit", "alphabeta on ±1 values"))
    theirs = by.get(("OpenSpiel", "alpha_beta_search"))
    if ours is None or theirs is None:
        return ["Goal (≥ 2× OpenSpiel): not measured, OpenSpiel is missing."]
    ratio = statistics.median(theirs.seconds) / statistics.median(ours.seconds)
    same = "the same" if nodes[ours] == nodes[theirs] else "NOT the same"
    verdict = (
        f"{ratio:.1f}×, {'met' if ratio >= 2 else 'NOT met'} (coursekit on ±1 values "
        f"{statistics.median(ours.seconds) * 1e3:.1f} ms, OpenSpiel "
        f"{statistics.median(theirs.seconds) * 1e3:.1f} ms of CPU, medians; {same} "
        f"{nodes[ours]:,} nodes)"
    )
    record_goal("α-β, tic-tac-toe from the empty board", f"{verdict}; bench/alphabeta.md.")
    return [f"**Goal of issue 26, α-β ≥ 2× OpenSpiel on the same nodes**: {verdict}."]


def openspiel_engines() -> list[Engine]:
    import pyspiel
    from open_spiel.python.algorithms import minimax as os_minimax

    game = pyspiel.load_game("tic_tac_toe")

    def search():
        value, move = os_minimax.alpha_beta_search(
            game, game.new_initial_state(), maximizing_player_id=0
        )
        return (0 if value == 0 else math.copysign(math.inf, value)), move

    def count():
        original, calls = os_minimax._alpha_beta, 0

        def counted(*args, **kwargs):
            nonlocal calls
            calls += 1
            return original(*args, **kwargs)

        os_minimax._alpha_beta = counted
        try:
            search()
        finally:
            os_minimax._alpha_beta = original
        return calls

    return [
        Engine(
            f"OpenSpiel {version('open_spiel')}",
            "alpha_beta_search (Python over C++ states)",
            search,
            count,
        )
    ]


# --- aima-python -----------------------------------------------------------------------------


def aima_engines() -> list[Engine]:
    from aima import games as aima_games

    game = aima_games.TicTacToe()

    def search():
        x, y = aima_games.alpha_beta_search(game.initial, game)
        return None, (x - 1) * 3 + (y - 1)  # aima returns the move only

    def count():
        calls, original = 0, game.terminal_test

        def terminal_test(state):
            nonlocal calls
            calls += 1
            return original(state)

        game.terminal_test = terminal_test
        try:
            search()
        finally:
            del game.terminal_test
        return calls + 1  # aima tests every node but the root

    return [Engine(f"aima-python {version('aima')}", "alpha_beta_search", search, count)]


# --- running and writing the note ------------------------------------------------------------


def fmt(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, float) and math.isinf(value):
        return "+∞" if value > 0 else "-∞"
    return str(int(value)) if float(value).is_integer() else str(value)


def main() -> None:
    engines = coursekit_engines()
    skipped = []
    for loader, name in [
        (easyai_engines, "easyAI"),
        (openspiel_engines, "OpenSpiel"),
        (aima_engines, "aima-python"),
    ]:
        try:
            engines += loader()
        except ImportError as error:
            skipped.append(f"{name} is not installed ({error}); its row is missing.")

    exact = solve(GAME)
    good_moves = set(exact.best_moves(exact.root))
    load_before = describe()
    answers, nodes = {}, {}
    for engine in engines:  # untimed: counts, and the answers to check
        answers[engine] = engine.run()
        nodes[engine] = engine.count()
    for _ in range(REPEATS):  # timed, bare, interleaved
        for engine in engines:
            out, cpu, wall = timed(engine.run)
            assert out == answers[engine], (engine.algorithm, out, answers[engine])
            engine.seconds.append(cpu)
            engine.wall.append(wall)

    rows = [
        "| library | algorithm | value | move | checked | nodes | CPU ms, median | CPU ms, best "
        "| wall ms, median | µs/node |",
        "|---|---|---:|---:|:---:|---:|---:|---:|---:|---:|",
    ]
    for engine in engines:
        value, move = answers[engine]
        value_ok = value is None or value == exact.value or engine.library == "bench"
        move_ok = move is None or move in good_moves
        median = statistics.median(engine.seconds)
        rows.append(
            f"| {engine.library} | {engine.algorithm} | {fmt(value)} | {fmt(move)} | "
            f"{'✓' if value_ok and move_ok else '✗'} | {nodes[engine]:,} | {median * 1e3:.1f} | "
            f"{min(engine.seconds) * 1e3:.1f} | {statistics.median(engine.wall) * 1e3:.1f} | "
            f"{median / nodes[engine] * 1e6:.2f} |"
        )
        print(
            f"{engine.library:22} {engine.algorithm:45} {nodes[engine]:>9,} "
            f"{median * 1e3:8.1f} ms CPU  value {fmt(value)} move {fmt(move)}"
        )

    lines = [
        "# Benchmark: α-β on tic-tac-toe from the empty board",
        "",
        f"Run {datetime.date.today().isoformat()} on {load_before} (when the run started); "
        f"the machine is shared with other jobs. Written by `python bench/alphabeta_tictactoe.py`.",
        "",
        "Every engine searches the empty board to the end of the game, moves in cell order "
        "0–8 row by row. **Timed bare**: the timed runs call each library as a user would, "
        f"with no counting wrapper; {REPEATS} rounds, one run of every engine per round "
        "(interleaved; a full collection before each run, then the garbage collector left "
        "on, as users have it); *median* and *best* over the rounds. Times are the CPU time of the "
        "benchmark's process (`time.process_time`), which other jobs on the shared machine "
        "hardly disturb; the wall-clock median is given beside it. *µs/node* = CPU median / "
        "nodes. **Nodes** come from a separate, "
        "untimed run: positions the search visits, the root included (each library's "
        "recursive function wrapped to count its calls; aima's terminal tests + 1; "
        "coursekit counts its own). *value* is from ×'s (MAX's) side, *move* a cell 0–8; "
        "*checked* ✓: the value is tic-tac-toe's exact value "
        f"({fmt(exact.value)}, from coursekit's `solve`) and the move keeps it.",
        "",
        *rows,
        "",
        *goal(engines, nodes),
        "",
        "## Notes",
        "",
        "- **The same tree, node for node.** OpenSpiel and aima value a finished game "
        "+1 / 0 / −1; the course values it +∞ / 0 / −∞ (e(p) of a won position). With ±∞ "
        "a MAX node that finds a win has α = +∞ ≥ β and stops at once, which ±1 cannot do, "
        "so coursekit's α-β visits fewer nodes. Searching the same game valued ±1 "
        "(`alphabeta on ±1 values`), coursekit visits exactly the nodes OpenSpiel and aima "
        "visit: the three α-β implementations agree node for node.",
        "- Fail-hard and fail-soft visit the same nodes (the bounds passed down are the same); "
        "they differ only in the value a node returns when it fails.",
        "- easyAI's Negamax counts differently: it stops at depth 0 and scores positions "
        "from the mover's side with a depth-scaled −100 for a loss; its value is converted "
        "to the course's 0 / ±∞ here.",
        "- OpenSpiel's search is Python over C++ states: each step clones a C++ state.",
        "- **Profiled** (cProfile on this search): the game's own methods and the small "
        "functions between them and the search cost the most. With the games of the morning "
        "of this run (`TicTacToe.actions` building its move list with a comprehension on "
        "every call, `utility` calling `is_terminal` and `evaluate`, states made through the "
        "named tuple's Python constructor) coursekit's α-β took about 21 ms of CPU here, "
        "slower than OpenSpiel; reading moves and values from 512-entry tables made it about "
        "1.6× faster than OpenSpiel. Then: every board is a state made once when the game's "
        "module loads (3⁹ = 19,683, about 10 ms), so `result` and `successors` look states "
        "up; and a search to the end without a trace takes α-β's short form "
        "(`_alphabeta_to_the_end`), which asks the game `outcome` (TERMINAL-TEST and "
        "UTILITY in one call) once per node and `successors` (ACTIONS and RESULT: a "
        "generator making the children one at a time, so that after a cut the rest are "
        "never made) once per inner node, and values a finished child where it is "
        "generated instead of calling MAX-VALUE or MIN-VALUE for it. The same nodes, cuts "
        "and counts; no value of a position is remembered between nodes. The margin over "
        "OpenSpiel is thin: on this shared machine on 2026-11-26 the ratio moved between "
        "2.0× and 2.1× from run to run. What is left between coursekit's row and the "
        "bare recursion is its bookkeeping: node, leaf and cut-off counts, the principal "
        "variation, the window of the call and fail-hard or fail-soft.",
        "- `trace=True` records an event per step for pictures; with `trace=False` "
        "coursekit's α-β builds no paths and no events (compare with the bare recursion).",
        "- Single machine, shared: treat differences of a few percent as noise; node counts "
        "are exact and reproducible.",
        *[f"- {note}" for note in skipped],
        "",
    ]
    NOTE.write_text("\n".join(lines))
    print(f"wrote {NOTE}")


if __name__ == "__main__":
    main()
