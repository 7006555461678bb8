"""Equilibria agree with independent solvers: nashpy, and pygambit's exact enumeration.

Hundreds of seeded random games of 2×2 to 6×6. Where nashpy disagrees, the
test does not skip the game: it gives a verdict and proves it —

* an equilibrium coursekit finds and nashpy misses is checked exactly and in
  floats, and nashpy's own routines are run on its supports to show which of
  its float tests threw it away (a probability of −1e−17, an ``==`` between
  two float payoffs);
* an equilibrium nashpy finds and coursekit does not list must be a true
  equilibrium of a degenerate game lying inside one of coursekit's
  equilibrium components (coursekit lists extreme equilibria only).
"""

from __future__ import annotations

import warnings
from collections import Counter

import numpy as np
import pytest
from scipy.optimize import nnls

from coursekit.gametheory import DegenerateGameWarning, NormalFormGame
from tests.gametheory.conftest import float_check

nash = pytest.importorskip("nashpy")
from nashpy.algorithms.support_enumeration import (  # noqa: E402
    is_ne,
    obey_support,
    solve_indifference,
)


def random_games(count: int, sizes: range, spread: int, seed: int) -> list[NormalFormGame]:
    rng = np.random.default_rng(seed)
    found = []
    for k in range(count):
        m, n = (int(x) for x in rng.integers(sizes.start, sizes.stop, size=2))
        found.append(NormalFormGame.random(m, n, seed=seed * 10_000 + k, low=-spread, high=spread))
    return found


def ours(game: NormalFormGame):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DegenerateGameWarning)
        return game.mixed_equilibria()


def nashpy_equilibria(game: NormalFormGame, equal_supports: bool) -> list:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nashpy warns about even counts
        found = nash.Game(game.A, game.B).support_enumeration(non_degenerate=equal_supports)
        return [(np.asarray(p, float), np.asarray(q, float)) for p, q in found]


def close(e, p, q) -> bool:
    return np.allclose(np.array(e.p, float), p, atol=1e-7) and np.allclose(
        np.array(e.q, float), q, atol=1e-7
    )


def why_nashpy_missed(game: NormalFormGame, e, equal_supports: bool) -> str | None:
    """Which of nashpy's float tests rejects the exact equilibrium ``e`` (None: none does)."""
    rows, cols = e.supports
    if equal_supports and len(rows) != len(cols):
        return "supports of unequal size, not tried in nashpy's non-degenerate mode"
    s1 = solve_indifference(game.B.T, cols, rows)
    s2 = solve_indifference(game.A, rows, cols)
    if s1 is False or s2 is False:
        return "nashpy's indifference solve rounded a zero probability below 0"
    # nashpy got the right numbers but a tolerance test of its own threw them away
    assert np.allclose(s1, np.array(e.p, float)) and np.allclose(s2, np.array(e.q, float))
    tolerance = 0 if equal_supports else 1e-16  # as nashpy sets it in each mode
    if not (obey_support(s1, rows, tolerance) and obey_support(s2, cols, tolerance)):
        return "nashpy's support test (tolerance 0 or 1e-16) rejected a rounded probability"
    if not is_ne((s1, s2), (rows, cols), (game.A, game.B)):
        return "nashpy's best-response test compares float payoffs with =="
    return None


def inside_a_component(game: NormalFormGame, p, q) -> bool:
    """True when (p, q) mixes the extreme p's and q's of one equilibrium component."""

    def in_hull(points, x) -> bool:
        X = np.array(points, float)
        system = np.vstack([X.T, np.ones(len(X))])
        _, residual = nnls(system, np.append(x, 1.0))
        return residual < 1e-7

    return any(in_hull(c.p, p) and in_hull(c.q, q) for c in game.equilibrium_components())


def compare(game: NormalFormGame, equal_supports: bool, verdicts: Counter) -> None:
    mine = ours(game)
    theirs = nashpy_equilibria(game, equal_supports)
    for p, q in theirs:
        if any(close(e, p, q) for e in mine):
            continue
        assert float_check(game, p, q, 1e-7), (
            f"nashpy reports a non-equilibrium on {game.A}, {game.B}"
        )
        assert game.is_degenerate(), "a non-degenerate game has only extreme equilibria"
        assert inside_a_component(game, p, q)
        verdicts["nashpy lists a non-extreme equilibrium (degenerate game)"] += 1
    for e in mine:
        if any(close(e, p, q) for p, q in theirs):
            verdicts["agree"] += 1
            continue
        assert game.is_equilibrium(e.p, e.q) and float_check(game, e.p, e.q)
        reason = why_nashpy_missed(game, e, equal_supports)
        if reason is None:
            assert game.is_degenerate(), f"unexplained miss {e} in {game.A}, {game.B}"
            reason = "nashpy finds another point of the same component (degenerate game)"
            assert any(inside_a_component(game, p, q) for p, q in theirs)
        verdicts[reason] += 1


def test_agrees_with_nashpy_on_hundreds_of_random_games(capsys):
    verdicts: Counter = Counter()
    # mostly non-degenerate games, 2×2 … 6×6: nashpy's equal-size supports (its fast mode)
    wide = random_games(220, range(2, 7), spread=100, seed=1)
    for game in wide:
        compare(game, equal_supports=True, verdicts=verdicts)
    # small payoffs: mostly degenerate games, 2×2 … 4×4, nashpy tries every support pair
    narrow = random_games(100, range(2, 5), spread=2, seed=2)
    for game in narrow:
        compare(game, equal_supports=False, verdicts=verdicts)
    degenerate = sum(g.is_degenerate() for g in wide + narrow)
    with capsys.disabled():
        print(
            f"\nnashpy: {len(wide) + len(narrow)} games ({degenerate} degenerate): {dict(verdicts)}"
        )
    assert verdicts["agree"] > 400
    assert degenerate > 60 and len(wide) + len(narrow) - degenerate > 150


gbt = None


def gambit_equilibria(game: NormalFormGame) -> set:
    from fractions import Fraction

    def rational(x):
        return gbt.Rational(x.numerator, x.denominator)

    G = gbt.Game.from_arrays(
        [[rational(x) for x in row] for row in game.exact_A],
        [[rational(x) for x in row] for row in game.exact_B],
    )
    result = gbt.nash.enummixed_solve(G, rational=True)

    def mix(eq, player) -> tuple:
        values = (eq[player][s] for s in player.strategies)
        return tuple(Fraction(int(v.numerator), int(v.denominator)) for v in values)

    return {tuple(mix(eq, player) for player in G.players) for eq in result.equilibria}


def test_extreme_equilibria_equal_pygambits_exact_enumeration(capsys):
    global gbt
    gbt = pytest.importorskip("pygambit", reason="pygambit builds from source; optional")
    games = random_games(200, range(2, 7), spread=30, seed=3) + random_games(
        150, range(2, 7), spread=3, seed=4
    )
    degenerate = 0
    for game in games:
        degenerate += game.is_degenerate()
        assert {(e.p, e.q) for e in game.extreme_equilibria()} == gambit_equilibria(game)
    with capsys.disabled():
        print(f"\npygambit: {len(games)} games ({degenerate} degenerate): all equal")
    assert degenerate > 100
