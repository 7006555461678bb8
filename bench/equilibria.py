"""Benchmark: all Nash equilibria of three seeded random 8×8 games.

coursekit (support enumeration with float screening and exact confirmation,
plus the degeneracy check by vertex enumeration) against nashpy's support
enumeration and, when it is installed, pygambit's C++ enumeration of extreme
equilibria (``enummixed``). One run of each, on the same machine, one after
the other. Every set is checked: coursekit's equilibria exactly and in floats
as mutual best responses, for completeness against its own vertex
enumeration and against pygambit's exact answer; nashpy's set is compared
with coursekit's.

Run:  .venv/bin/python bench/equilibria.py        (writes bench/equilibria.md)
"""

from __future__ import annotations

import datetime
import time
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
from machine import describe

from coursekit.gametheory import NormalFormGame

SEEDS = (0, 1, 2)
SIZE = 8
SPREAD = 10_000  # integer payoffs in −10 000 … 10 000: ties (degeneracy) are unlikely
NOTE = Path(__file__).with_suffix(".md")


def games() -> list[NormalFormGame]:
    return [NormalFormGame.random(SIZE, SIZE, seed=s, low=-SPREAD, high=SPREAD) for s in SEEDS]


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start


def mutual_best_responses(game: NormalFormGame, p, q, tolerance: float = 1e-9) -> bool:
    p, q = np.asarray(p, float), np.asarray(q, float)
    rows, cols = game.A @ q, p @ game.B
    return bool(
        (rows[p > tolerance] >= rows.max() - tolerance).all()
        and (cols[q > tolerance] >= cols.max() - tolerance).all()
    )


def run_coursekit(game: NormalFormGame):
    fresh = NormalFormGame(game.exact_A, game.exact_B)  # nothing cached
    return timed(fresh.mixed_equilibria)


def run_nashpy(game: NormalFormGame, equal_supports: bool):
    import nashpy

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        solver = nashpy.Game(game.A, game.B)
        return timed(lambda: list(solver.support_enumeration(non_degenerate=equal_supports)))


def run_pygambit(game: NormalFormGame, rational: bool):
    import pygambit as gbt

    G = gbt.Game.from_arrays(
        [[gbt.Rational(int(v), 1) for v in row] for row in game.exact_A],
        [[gbt.Rational(int(v), 1) for v in row] for row in game.exact_B],
    )
    result, seconds = timed(lambda: gbt.nash.enummixed_solve(G, rational=rational))

    def mix(eq, player) -> tuple:
        values = [eq[player][s] for s in player.strategies]
        if rational:
            return tuple(Fraction(int(v.numerator), int(v.denominator)) for v in values)
        return tuple(float(v) for v in values)

    return [tuple(mix(eq, pl) for pl in G.players) for eq in result.equilibria], seconds


def _key(p, q) -> tuple:
    return tuple(np.round(np.array([*p, *q], float), 7))


def same_set(ours, theirs) -> bool:
    return {_key(e.p, e.q) for e in ours} == {_key(p, q) for p, q in theirs}


def subset(theirs, ours) -> bool:
    return {_key(p, q) for p, q in theirs} <= {_key(e.p, e.q) for e in ours}


def main() -> None:
    try:
        import pygambit

        gambit_version = pygambit.__version__
    except ImportError:
        gambit_version = None
    import nashpy

    rows = []
    totals: dict[str, float] = {}
    for seed, game in zip(SEEDS, games(), strict=True):
        ours, t_ours = run_coursekit(game)
        assert not game.is_degenerate(), "the benchmark games are meant to be non-degenerate"
        assert all(game.is_equilibrium(e.p, e.q) for e in ours), "an exact check failed"
        assert all(mutual_best_responses(game, e.p, e.q) for e in ours), "a float check failed"
        assert set(ours) == set(game.extreme_equilibria()), "support ≠ vertex enumeration"
        row = {"seed": seed, "count": len(ours), "coursekit": t_ours}
        full, row["nashpy"] = run_nashpy(game, equal_supports=False)
        equal, row["nashpy (equal supports)"] = run_nashpy(game, equal_supports=True)
        row["nashpy found"] = f"{len(full)} / {len(equal)}"
        assert subset(full, ours) and subset(equal, ours), "nashpy found one coursekit missed"
        if gambit_version:
            exact, row["pygambit (rational)"] = run_pygambit(game, rational=True)
            floats, row["pygambit (float)"] = run_pygambit(game, rational=False)
            assert {(e.p, e.q) for e in ours} == set(exact), "pygambit's exact set differs"
            assert same_set(ours, floats), "pygambit's float set differs"
        for name, value in row.items():
            if isinstance(value, float):
                totals[name] = totals.get(name, 0.0) + value
        rows.append(row)
        print(row, flush=True)
    write_note(rows, totals, nashpy.__version__, gambit_version)


def write_note(rows, totals, nashpy_version, gambit_version) -> None:
    timing = [k for k in totals]
    lines = [
        "# Benchmark: all equilibria of three random 8×8 games",
        "",
        f"Made by `bench/equilibria.py` on {datetime.date.today():%Y-%m-%d}: "
        f"{describe()}, numpy {np.__version__}, nashpy {nashpy_version}, "
        f"pygambit {gambit_version or 'not installed'}. One run each, wall-clock seconds; "
        "the cores were shared with other work, so expect some noise.",
        "",
        f"Games: `NormalFormGame.random({SIZE}, {SIZE}, seed=s, low=-{SPREAD}, high={SPREAD})` "
        f"for s in {SEEDS} (non-degenerate, checked).",
        "",
        "| seed | equilibria | "
        + " | ".join(timing)
        + " | found by nashpy (all supports / equal supports) |",
        "|---|---|" + "---|" * len(timing) + "---|",
    ]
    for r in rows:
        cells = " | ".join(f"{r[k]:.3f}" for k in timing)
        lines.append(f"| {r['seed']} | {r['count']} | {cells} | {r['nashpy found']} |")
    lines.append("| **total** | | " + " | ".join(f"**{totals[k]:.3f}**" for k in timing) + " | |")
    speedup = totals["nashpy"] / totals["coursekit"]
    lines += [
        "",
        f"coursekit is **{speedup:.0f}×** faster than nashpy's support enumeration "
        f"(its default mode, every pair of supports) and "
        f"{totals['nashpy (equal supports)'] / totals['coursekit']:.0f}× faster than its "
        "equal-size-supports mode."
        + (
            " pygambit's C++ enumeration takes "
            f"{totals['pygambit (rational)'] / totals['coursekit']:.1f}× coursekit's time "
            f"with exact rationals and {totals['pygambit (float)'] / totals['coursekit']:.2f}× "
            "with floats."
            if gambit_version
            else ""
        ),
        "",
        "Checks made on every run: each of coursekit's equilibria is a pair of mutual best",
        "responses, exactly (fractions) and in floats; its set equals its own vertex",
        "enumeration's (complete: the games are non-degenerate)"
        + (" and pygambit's exact set, fraction for fraction." if gambit_version else "."),
        "Every equilibrium nashpy reports is one of coursekit's, but nashpy misses many:",
        "its float tests throw away true equilibria (a zero probability computed as −1e−17",
        "fails its sign test, and payoffs are compared with `==`);",
        "tests/gametheory/test_oracles.py shows this for each miss on hundreds of games.",
        "",
        "coursekit's time includes the degeneracy check (vertex enumeration of both",
        "best-response polytopes), iterated removal of strictly dominated strategies,",
        "and the exact confirmation of every equilibrium with fractions.",
    ]
    NOTE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {NOTE}")


if __name__ == "__main__":
    main()
