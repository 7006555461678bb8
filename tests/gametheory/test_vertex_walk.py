"""coursekit.gametheory.vertex_walk: the pivoting walk finds what the textbook enumeration finds.

The textbook form (``vertex_enumeration.polytope_vertices``) solves one system per
choice of tight constraints; the walk pivots from vertex to vertex in integers. On
random polytopes — many of them degenerate (entries from a few values, all ones) —
both must list the same vertices, and the walk must stay within the upper bound
theorem. On random games, the default ``mixed_equilibria()`` (the walk) must give
exactly what support enumeration gives whenever the game is non-degenerate.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.gametheory import DegenerateGameWarning, NormalFormGame
from coursekit.gametheory.support_enumeration import support_enumeration
from coursekit.gametheory.vertex_enumeration import polytope_vertices
from coursekit.gametheory.vertex_walk import most_bases, walk_vertices
from tests.gametheory.conftest import games


@st.composite
def positive_matrices(draw, most: int = 5) -> list[list[int]]:
    """An m×d matrix of positive integers from 1 to ``top`` (small tops: many ties)."""
    m, d = draw(st.integers(1, most)), draw(st.integers(1, most))
    top = draw(st.sampled_from([1, 2, 3, 9, 1000]))
    row = st.lists(st.integers(1, top), min_size=d, max_size=d)
    return draw(st.lists(row, min_size=m, max_size=m))


def textbook_vertices(C: list[list[int]]) -> set:
    exact = tuple(tuple(Fraction(x) for x in row) for row in C)
    return {(v.zeros, v.tight) for v in polytope_vertices(np.array(C, float), exact)}


class Counter:
    """Stands in for a progress bar: counts the bases the walk reports."""

    def __init__(self) -> None:
        self.n = 0

    def update(self, count: int) -> None:
        self.n += count


@given(positive_matrices())
@settings(max_examples=400, deadline=None)
def test_the_walk_finds_the_vertices_the_textbook_enumeration_finds(C):
    walked = walk_vertices(C)
    assert {(v.zeros, v.tight) for v in walked} == textbook_vertices(C)
    assert len(walked) == len({(v.zeros, v.tight) for v in walked})  # each vertex once
    assert walked[0].zeros == frozenset(range(len(C[0])))  # the origin first


@given(positive_matrices(most=6))
@settings(max_examples=200, deadline=None)
def test_the_walk_stays_within_the_upper_bound_theorem(C):
    bar = Counter()
    vertices = walk_vertices(C, bar)
    assert len(vertices) <= bar.n <= most_bases(len(C[0]), len(C))


def test_a_degenerate_corner_reached_through_two_bases_is_listed_once():
    # 4z₁ + 2z₂ ≤ 1, 2z₁ + 4z₂ ≤ 1 and 3z₁ + 3z₂ ≤ 1 all hold with equality at (1/6, 1/6):
    # three tight constraints for two unknowns. Perturbed, the corner splits in two.
    C = [[4, 2], [2, 4], [3, 3]]
    bar = Counter()
    vertices = walk_vertices(C, bar)
    assert len(vertices) == 4 and bar.n == 5
    corner = [v for v in vertices if len(v.tight) == 3]
    assert len(corner) == 1 and corner[0].zeros == frozenset()


def test_the_basis_a_vertex_names_gives_a_point_with_its_zeros():
    """``support`` and ``tight_set`` define the vertex: solved, they give a point of the
    polytope that is 0 exactly where the walk says."""
    C = [[7, 2, 5], [3, 8, 1], [4, 4, 9]]
    for vertex in walk_vertices(C)[1:]:
        rows = [[C[t][s] for s in vertex.support] for t in vertex.tight_set]
        z = np.linalg.solve(np.array(rows, float), np.ones(len(rows)))
        point = np.zeros(3)
        point[list(vertex.support)] = z
        assert (point > -1e-12).all() and (np.array(C) @ point <= 1 + 1e-12).all()
        assert {j for j in range(3) if abs(point[j]) < 1e-12} == vertex.zeros


@given(games(max_size=6))
@settings(max_examples=150, deadline=None)
def test_the_default_equilibria_are_support_enumerations_on_nondegenerate_games(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DegenerateGameWarning)
        fast = game.mixed_equilibria()
    if game.is_degenerate():
        assert set(fast) == set(game.extreme_equilibria())
    else:
        assert fast == support_enumeration(game.exact_A, game.exact_B)  # same list, same order


def test_seeded_random_games_up_to_8_by_8_agree_with_support_enumeration():
    for size, seed in ((6, 0), (7, 1), (8, 2), (8, 3)):
        game = NormalFormGame.random(size, size, seed=seed, low=-10_000, high=10_000)
        assert not game.is_degenerate()
        textbook = support_enumeration(game.exact_A, game.exact_B)
        assert game.mixed_equilibria() == textbook
        assert len(textbook) % 2 == 1
