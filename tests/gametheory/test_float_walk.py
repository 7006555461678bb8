"""coursekit.gametheory.float_walk: the exact walk's vertices found in floats, or handed over.

On random polytopes — many degenerate (entries from a few values) — the float walk
must either return ``None`` or exactly the vertices the exact walk
(``vertex_walk.walk_vertices``) finds. On seeded random games the default
``mixed_equilibria()``, which goes through the float walk, must give exactly what
the exact walk gives, and a float walk that goes wrong must be caught by the exact
confirmation and hand the game to the exact walk.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.gametheory import DegenerateGameWarning, NormalFormGame
from coursekit.gametheory import vertex_enumeration as ve
from coursekit.gametheory.float_walk import Walked, float_walk
from coursekit.gametheory.vertex_walk import walk_vertices
from tests.gametheory.conftest import games
from tests.gametheory.test_vertex_walk import Counter, positive_matrices


def as_set(vertices) -> set:
    return {(v.zeros, v.tight, v.support, v.tight_set) for v in vertices}


@given(positive_matrices(most=7))
@settings(max_examples=400, deadline=None)
def test_the_float_walk_finds_the_exact_walks_vertices_or_hands_over(C):
    walked = float_walk(C)
    exact = walk_vertices(C)
    if walked is not None:
        assert as_set(walked.vertices()) == as_set(exact)
        assert len(walked) == len(exact)  # each vertex once
        assert walked.vertex(0).zeros == frozenset(range(len(C[0])))  # the origin first


@given(positive_matrices(most=6))
@settings(max_examples=200, deadline=None)
def test_a_degenerate_polytope_is_handed_over(C):
    """A vertex of the exact walk with more tight constraints than unknowns: floats say None."""
    d = len(C[0])
    if any(len(v.zeros) + len(v.tight) > d for v in walk_vertices(C)):
        assert float_walk(C) is None


@pytest.mark.parametrize("size", [3, 8, 12])
def test_the_float_walk_answers_for_random_integer_polytopes(size):
    """Not just ``None``: on random entries up to 20,001 (no ties) the fast path answers."""
    rng = np.random.default_rng(size)
    C = rng.integers(1, 20_002, (size, size)).tolist()
    bar = Counter()
    walked = float_walk(C, bar)
    assert walked is not None and bar.n == len(walked)
    assert as_set(walked.vertices()) == as_set(walk_vertices(C))


def test_labels_are_the_bits_of_the_non_basic_variables():
    walked = float_walk([[1, 2], [2, 1]])
    labels = walked.labels([10, 11, 12, 13])  # variable v carries label 10 + v
    masks = [sum(1 << (10 + v) for v in row) for row in walked.nonbasic.tolist()]
    assert labels == masks


def exact_only(monkeypatch) -> None:
    monkeypatch.setattr(ve, "float_walk", lambda C, bar=None: None)


def both_ways(game: NormalFormGame) -> tuple:
    """The vertex analysis of ``game`` with the float walk first (the default), and without."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DegenerateGameWarning)
        fast = ve.vertex_enumeration(game.exact_A, game.exact_B, game._labels(), game.players)
        with pytest.MonkeyPatch.context() as patch:
            exact_only(patch)
            exact = ve.vertex_enumeration(game.exact_A, game.exact_B, game._labels(), game.players)
    return fast, exact


@pytest.mark.parametrize(("size", "seed"), [(8, 0), (8, 4), (10, 0), (10, 1), (10, 2)])
def test_seeded_games_equal_the_exact_walk(size, seed, monkeypatch):
    game = NormalFormGame.random(size, size, seed=seed, low=-10_000, high=10_000)
    fast = NormalFormGame(game.exact_A, game.exact_B).mixed_equilibria()
    exact_only(monkeypatch)
    exact = NormalFormGame(game.exact_A, game.exact_B).mixed_equilibria()
    assert fast == exact and len(fast) % 2 == 1
    assert all(isinstance(v, Fraction) for e in fast for v in (*e.p, *e.q))


@given(games(max_size=6, low=-3, high=3))
@settings(max_examples=150, deadline=None)
def test_the_fast_path_changes_no_answer(game):
    fast, exact = both_ways(game)
    assert fast.equilibria == exact.equilibria
    assert (fast.degeneracy is None) == (exact.degeneracy is None)


def test_a_float_walk_gone_wrong_is_caught_and_walked_again(monkeypatch):
    """Vertices with the wrong bases fail the exact check: the exact walk answers instead."""
    real = float_walk

    def wrong(C, bar=None):
        walked = real(C, bar)
        basic = walked.basic.copy()
        basic[1:] = np.roll(basic[1:], 1, axis=0)  # every vertex but the origin: a wrong basis
        return Walked(basic, np.roll(walked.nonbasic, 1, axis=0))

    game = NormalFormGame.random(6, 6, seed=3, low=-100, high=100)
    expected = NormalFormGame(game.exact_A, game.exact_B).mixed_equilibria()
    monkeypatch.setattr(ve, "float_walk", wrong)
    exact_walks = []
    monkeypatch.setattr(
        ve, "walk_vertices", lambda C, bar=None: exact_walks.append(C) or (walk_vertices(C, bar))
    )
    assert NormalFormGame(game.exact_A, game.exact_B).mixed_equilibria() == expected
    assert len(exact_walks) == 2  # both polytopes walked again, exactly


@given(st.integers(0, 10_000))
@settings(max_examples=30, deadline=None)
def test_random_5_by_5_games_agree_with_the_exact_walk(seed):
    game = NormalFormGame.random(5, 5, seed=seed, low=-20, high=20)
    fast, exact = both_ways(game)
    assert fast.equilibria == exact.equilibria
