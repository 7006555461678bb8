"""coursekit.gametheory.vertex_enumeration on matrices: extreme equilibria and degeneracy."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from coursekit.gametheory import GameTooLargeError
from coursekit.gametheory.best_response import is_equilibrium
from coursekit.gametheory.vertex_enumeration import vertex_enumeration
from tests.gametheory.conftest import games

LABELS = (("a", "b", "c", "d"), ("w", "x", "y", "z"))


def _analyse(game):
    labels = (game.row_labels, game.col_labels)
    return vertex_enumeration(game.exact_A, game.exact_B, labels, game.players)


@given(games(max_size=4))
@settings(max_examples=100, deadline=None)
def test_every_extreme_equilibrium_passes_the_exact_test(game):
    found = _analyse(game).equilibria
    assert found, "every finite game has an equilibrium (Nash, 1951)"
    assert all(is_equilibrium(game.exact_A, game.exact_B, e.p, e.q) for e in found)


@given(games(max_size=4))
@settings(max_examples=100, deadline=None)
def test_a_degeneracy_witness_has_more_best_responses_than_strategies_used(game):
    witness = _analyse(game).degeneracy
    if witness is not None:
        used = sum(1 for x in witness.mix if x > 0)
        assert len(witness.best_responses) > used


def test_large_games_are_refused_up_front():
    from coursekit.gametheory import NormalFormGame

    g = NormalFormGame.random(15, 15, seed=0)
    with pytest.raises(GameTooLargeError, match=r"15×15 game .* 682,176 bases .* pass force=True"):
        _analyse(g)


def test_a_degeneracy_witness_is_said_in_the_chosen_language(chinese):
    """Tian Ji's race is degenerate: the witness names the players, the mix and the replies."""
    from coursekit.gametheory import catalog
    from coursekit.text import speaking

    witness = catalog.tian_ji().degeneracy()
    replies = len(witness.best_responses)
    chinese_text = str(witness)
    # its players named in Chinese
    assert chinese_text.startswith("这个博弈是退化的：若田忌采用混合策略")
    assert f"有 {replies} 个最优反应" in chinese_text
    assert all(name in chinese_text for name in witness.names)
    with speaking("en"):
        english = str(witness)
    assert english.startswith("the game is degenerate: if ")
    assert f"has {replies} best responses" in english
    assert "mix " in english and "混合策略 " in chinese_text  # Tian Ji mixes in the witness
