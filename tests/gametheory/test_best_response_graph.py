"""coursekit.gametheory.best_response_graph: the 2×2 best-response paths meet exactly
at the equilibria."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from coursekit.gametheory import NormalFormGame, PayoffError, catalog
from coursekit.gametheory.best_response_graph import best_response_graph
from tests.gametheory.conftest import games


def _meets(segment_a, segment_b):
    """Intersection points of two axis-parallel segments (exact), as a set."""
    (a0, a1), (b0, b1) = segment_a, segment_b
    xs = sorted([a0[0], a1[0]]), sorted([b0[0], b1[0]])
    ys = sorted([a0[1], a1[1]]), sorted([b0[1], b1[1]])
    lo_x, hi_x = max(xs[0][0], xs[1][0]), min(xs[0][1], xs[1][1])
    lo_y, hi_y = max(ys[0][0], ys[1][0]), min(ys[0][1], ys[1][1])
    if lo_x > hi_x or lo_y > hi_y:
        return set()
    return {(lo_x, lo_y), (hi_x, hi_y)}


@given(games(max_size=2, low=-5, high=5))
@settings(max_examples=150, deadline=None)
def test_best_response_graphs_meet_at_the_equilibria(game):
    if game.shape != (2, 2) or game.is_degenerate():
        return
    rows, cols = best_response_graph(game.exact_A, 0), best_response_graph(game.exact_B, 1)
    met = set()
    for a in rows.segments:
        for b in cols.segments:
            met |= _meets(a, b)
    assert met == {(e.p[0], e.q[0]) for e in game.mixed_equilibria()}


def test_indifferent_player_covers_the_square():
    g = NormalFormGame([[1, 1], [0, 0]], [[1, 1], [1, 1]])
    assert best_response_graph(g.exact_B, 1).everywhere
    assert not best_response_graph(g.exact_A, 0).everywhere
    with pytest.raises(PayoffError, match="payoffs: best-response graphs are drawn for 2×2"):
        best_response_graph(catalog.tian_ji().exact_A, 0)
