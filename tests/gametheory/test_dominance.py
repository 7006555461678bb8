"""Dominated strategies and iterated elimination, with its order of steps."""

from __future__ import annotations

from hypothesis import given, settings

from coursekit.gametheory import NormalFormGame, catalog
from tests.gametheory.conftest import games


def _really_dominated(game, player, strategy, by, rows, cols, strict):
    if player == 0:
        mine = [game.exact_A[strategy][j] for j in cols]
        other = [game.exact_A[by][j] for j in cols]
    else:
        mine = [game.exact_B[i][strategy] for i in rows]
        other = [game.exact_B[i][by] for i in rows]
    if strict:
        return all(o > x for o, x in zip(other, mine, strict=True))
    return all(o >= x for o, x in zip(other, mine, strict=True)) and other != mine


@given(games(max_size=5, low=-3, high=3))
@settings(max_examples=150, deadline=None)
def test_each_step_removes_a_strategy_dominated_at_that_moment(game):
    for strict in (True, False):
        result = game.eliminate_dominated(strict)
        for k, step in enumerate(result.steps):
            rows, cols = result.remaining_after(k)
            assert step.strategy in (rows if step.player == 0 else cols)
            assert step.by in (rows if step.player == 0 else cols)
            assert _really_dominated(game, step.player, step.strategy, step.by, rows, cols, strict)
        assert result.remaining_after(len(result.steps)) == (result.rows, result.cols)
        assert game.dominated(strict, result.rows, result.cols) == []  # nothing is left to remove
        assert result.game_shape == game.shape


@given(games(max_size=5, low=-3, high=3))
@settings(max_examples=150, deadline=None)
def test_strict_elimination_keeps_every_pure_equilibrium_and_adds_none(game):
    result = game.eliminate_dominated(strict=True)
    reduced = {
        (result.rows[i], result.cols[j])
        for i, j in game.restrict(result.rows, result.cols).pure_equilibria()
    }
    assert reduced == set(game.pure_equilibria())


@given(games(max_size=5, low=-3, high=3))
@settings(max_examples=100, deadline=None)
def test_strict_elimination_does_not_depend_on_the_order(game):
    # another order: remove *all* dominated strategies of both players at once, each round
    rows, cols = list(range(game.shape[0])), list(range(game.shape[1]))
    while True:
        found = game.restrict(rows, cols).dominated(strict=True)
        if not found:
            break
        gone_rows = {rows[d.strategy] for d in found if d.player == 0}
        gone_cols = {cols[d.strategy] for d in found if d.player == 1}
        rows = [i for i in rows if i not in gone_rows]
        cols = [j for j in cols if j not in gone_cols]
    result = game.eliminate_dominated(strict=True)
    assert (tuple(rows), tuple(cols)) == (result.rows, result.cols)


def test_prisoners_dilemma_order_and_wording():
    g = catalog.prisoners_dilemma()
    result = g.eliminate_dominated()
    assert str(result) == (
        "step 1: A (甲)'s silent (沉默) is strictly dominated by confess (认罪)\n"
        "step 2: B (乙)'s silent (沉默) is strictly dominated by confess (认罪)"
    )
    assert [g.row_labels[i] for i in result.rows] == ["confess (认罪)"]


def test_iterated_elimination_needs_several_rounds():
    # The column player's "right" is dominated only after the row player's "down" is gone.
    g = NormalFormGame(
        [[1, 1, 0], [0, 0, 2], [0, 0, -1]],  # down (row 3) is dominated by up
        [[0, 2, 1], [3, 1, 0], [1, 0, 5]],
        ["up", "middle", "down"],
        ["left", "centre", "right"],
    )
    result = g.eliminate_dominated()
    labels = [g.labels(s.player)[s.strategy] for s in result.steps]
    assert labels[:2] == ["down", "right"]
    assert len(result.rows) * len(result.cols) < 9


def test_weak_dominance_is_reported_separately():
    g = NormalFormGame([[1, 1], [1, 0]], [[0, 0], [0, 0]], ["a", "b"], ["x", "y"])
    assert g.dominated(strict=True) == []
    [weak] = g.dominated(strict=False)
    assert (weak.player, weak.strategy, weak.by, weak.strict) == (0, 1, 0, False)
    assert str(weak) == "row player's b is weakly dominated by a"


def test_no_dominated_strategy():
    result = catalog.couples_quarrel().eliminate_dominated()
    assert result.steps == () and str(result) == "no strategy is dominated"
