"""Mixed equilibria: support enumeration, vertex enumeration, degeneracy, components.

Every equilibrium is checked by an independent float test (numpy) as well as
exactly; the two algorithms are checked against each other and against the
theorems they rest on.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.gametheory import DegenerateGameWarning, NormalFormGame
from coursekit.gametheory.support_enumeration import support_enumeration
from coursekit.gametheory.vertex_enumeration import polytope_vertices
from tests.gametheory.conftest import float_check, games


@given(games())
@settings(max_examples=150, deadline=None)
def test_every_reported_equilibrium_is_one(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DegenerateGameWarning)
        found = game.mixed_equilibria()
    assert found, "every finite game has an equilibrium (Nash 1950)"
    assert len(set(found)) == len(found)
    for e in found:
        assert all(isinstance(x, Fraction) for x in (*e.p, *e.q))
        assert sum(e.p) == 1 and sum(e.q) == 1
        assert game.is_equilibrium(e.p, e.q)
        assert float_check(game, e.p, e.q)


@given(games())
@settings(max_examples=150, deadline=None)
def test_support_enumeration_finds_the_extreme_equilibria_of_nondegenerate_games(game):
    extreme = set(game.extreme_equilibria())
    supported = set(support_enumeration(game.exact_A, game.exact_B))
    assert supported <= extreme  # nonsingular equal-size supports give vertices
    if not game.is_degenerate():
        assert supported == extreme
        assert len(extreme) % 2 == 1  # the number of equilibria is odd (Lemke–Howson)
        assert all(len(e.supports[0]) == len(e.supports[1]) for e in extreme)


@given(games())
@settings(max_examples=100, deadline=None)
def test_pure_equilibria_are_among_the_mixed_ones(game):
    pure = {
        (tuple(Fraction(int(k == i)) for k in range(game.shape[0])),
         tuple(Fraction(int(k == j)) for k in range(game.shape[1])))
        for i, j in game.pure_equilibria()
    }  # fmt: skip
    assert pure <= {(e.p, e.q) for e in game.extreme_equilibria()}
    assert {(e.p, e.q) for e in game.extreme_equilibria() if e.is_pure()} == pure


def test_two_by_two_with_a_closed_form():
    # Battle of the sexes: the mixed equilibrium makes the other indifferent.
    g = NormalFormGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    found = {(e.p, e.q) for e in g.mixed_equilibria()}
    third = (Fraction(3, 5), Fraction(2, 5)), (Fraction(2, 5), Fraction(3, 5))
    assert found == {((1, 0), (1, 0)), ((0, 1), (0, 1)), third}


@given(st.lists(st.integers(-20, 20), min_size=8, max_size=8))
@settings(deadline=None)
def test_two_by_two_fully_mixed_equilibrium_by_the_indifference_formula(values):
    a, b, c, d, e, f, g_, h = map(Fraction, values)
    game = NormalFormGame([[a, b], [c, d]], [[e, f], [g_, h]])
    q_denominator = a - b - c + d
    p_denominator = e - f - g_ + h
    if game.is_degenerate() or q_denominator == 0 or p_denominator == 0:
        return
    q = (d - b) / q_denominator  # makes the row player indifferent
    p = (h - g_) / p_denominator
    mixed = [x for x in game.mixed_equilibria() if not x.is_pure()]
    if 0 < p < 1 and 0 < q < 1:
        assert [(x.p, x.q) for x in mixed] == [((p, 1 - p), (q, 1 - q))]
    else:
        assert mixed == []


def test_degenerate_games_are_detected_and_said_so():
    g = NormalFormGame([[1, 1], [0, 0]], [[1, 1], [1, 1]])
    assert g.is_degenerate()
    with pytest.warns(DegenerateGameWarning, match="infinitely many equilibria"):
        found = g.mixed_equilibria()
    assert {(e.p, e.q) for e in found} == {((1, 0), (1, 0)), ((1, 0), (0, 1))}
    [component] = g.equilibrium_components()
    assert component.p == ((1, 0),) and set(component.q) == {(1, 0), (0, 1)}
    with pytest.warns(DegenerateGameWarning, match="may miss"):
        g.mixed_equilibria(method="support")


def test_a_nondegenerate_game_gives_no_warning():
    g = NormalFormGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        g.mixed_equilibria()
    assert g.degeneracy() is None
    assert [len(c.p) for c in g.equilibrium_components()] == [1, 1, 1]


def test_unknown_method():
    with pytest.raises(ValueError, match=r"method must be .* not 'lemke'"):
        NormalFormGame([[1]], [[1]]).mixed_equilibria(method="lemke")


def _mixes_within(component, game, rng):
    """A random point of the component: a mix of its extreme p's and of its q's."""
    wp = rng.integers(1, 5, size=len(component.p))
    wq = rng.integers(1, 5, size=len(component.q))
    p = [sum(Fraction(int(w), int(wp.sum())) * x[i] for w, x in zip(wp, component.p, strict=True))
         for i in range(game.shape[0])]  # fmt: skip
    q = [sum(Fraction(int(w), int(wq.sum())) * y[j] for w, y in zip(wq, component.q, strict=True))
         for j in range(game.shape[1])]  # fmt: skip
    return p, q


@given(games(max_size=4, low=-2, high=2), st.integers(0, 2**32 - 1))
@settings(max_examples=80, deadline=None)
def test_mixes_within_a_component_are_equilibria(game, seed):
    rng = np.random.default_rng(seed)
    components = game.equilibrium_components()
    assert components
    for component in components:
        p, q = _mixes_within(component, game, rng)
        assert game.is_equilibrium(p, q)
    extreme = {(e.p, e.q) for e in game.extreme_equilibria()}
    assert extreme == {(p, q) for c in components for p in c.p for q in c.q if (p, q) in extreme}


@given(games(max_size=4, low=-3, high=3))
@settings(max_examples=100, deadline=None)
def test_degeneracy_witness_is_true(game):
    witness = game.degeneracy()
    if witness is None:
        return
    used = sum(1 for x in witness.mix if x > 0)
    replies = game.best_responses(1 - witness.player, against=list(witness.mix))
    assert list(witness.best_responses) == replies
    assert len(replies) > used
    assert "degenerate" in str(witness)


def test_a_game_with_a_strategy_having_two_best_responses_is_degenerate_by_brute_force():
    # A brute-force definition on pure strategies only: a tie in a column or row.
    rng = np.random.default_rng(5)
    for _ in range(200):
        A, B = rng.integers(0, 3, size=(2, 3, 3))
        g = NormalFormGame(A, B)
        tie = any(sorted(col)[-1] == sorted(col)[-2] for col in A.T) or any(
            sorted(row)[-1] == sorted(row)[-2] for row in B
        )
        if tie:
            assert g.is_degenerate()


def test_polytope_vertices_of_a_square():
    # {z ≥ 0 : z1 ≤ 1, z2 ≤ 1} written with C = identity: four vertices
    found = polytope_vertices(np.eye(2), ((Fraction(1), Fraction(0)), (Fraction(0), Fraction(1))))
    assert sorted(tuple(sorted(v.tight)) for v in found) == [(), (0,), (0, 1), (1,)]


@pytest.mark.parametrize("seed", range(3))
def test_eight_by_eight_games_are_complete_and_verified(seed):
    # The benchmark's games, checked for completeness by the other algorithm.
    g = NormalFormGame.random(8, 8, seed=seed, low=-(10**4), high=10**4)
    found = g.mixed_equilibria()
    assert set(found) == set(g.extreme_equilibria())
    assert all(float_check(g, e.p, e.q) for e in found)


def test_ill_conditioned_and_singular_systems_are_handled_exactly():
    # identical rows and columns make many indifference systems singular
    g = NormalFormGame([[1, 1, 0], [1, 1, 0], [0, 0, 1]], [[1, 1, 0], [1, 1, 0], [0, 0, 1]])
    assert g.is_degenerate()
    for e in g.extreme_equilibria():
        assert g.is_equilibrium(e.p, e.q)
    tiny = NormalFormGame([[1, 0], [0, Fraction(1, 10**12)]], [[1, 0], [0, Fraction(1, 10**12)]])
    found = {(e.p, e.q) for e in tiny.mixed_equilibria()}
    s = Fraction(1, 10**12)
    assert ((s / (1 + s), 1 / (1 + s)), (s / (1 + s), 1 / (1 + s))) in found
