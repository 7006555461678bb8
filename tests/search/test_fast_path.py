"""The untraced whole-game searches (the fast path) against the general recursion.

``minimax`` and ``alphabeta`` called with no ``depth``, no ``cutoff`` and no
``trace`` take their own shorter code (``_minimax_to_the_end``,
``_alphabeta_to_the_end``) that asks a game for ``outcome`` and ``successors``.
It must be the same search: the same value, principal variation and counts as
the general recursion (``_recursive_minimax``, ``_recursive_alphabeta``), which
the trace and the explorers use, on every tree and position.
"""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, GameTree, TicTacToe
from coursekit.search import alphabeta, minimax
from coursekit.search.alphabeta import _alphabeta_to_the_end, _recursive_alphabeta
from coursekit.search.core import Search, _shortcut
from coursekit.search.minimax import _minimax_to_the_end, _recursive_minimax
from tests.search.test_alphabeta import trees  # random trees with many ties, as there

INF = math.inf


def summary(r):
    """Everything a search returns but the time and the trace."""
    s = r.stats
    return (r.value, r.pv, s.nodes, s.leaves, s.cutoffs, s.depth)


class TreeWithShortcuts(GameTree):
    """A GameTree that also offers the optional ``outcome`` and ``successors`` itself."""

    def outcome(self, state):
        return self.utility(state, MAX) if self.is_terminal(state) else None

    def successors(self, state):
        return [(a, self.result(state, a)) for a in self.actions(state)]


def with_shortcuts(tree: GameTree) -> TreeWithShortcuts:
    return TreeWithShortcuts.from_nested(tree.to_nested(), tree.root_player)


@given(trees)
@settings(max_examples=1500, deadline=None)
def test_minimax_to_the_end_is_the_general_recursion(tree):
    general = summary(_recursive_minimax(Search(tree)))
    assert summary(_minimax_to_the_end(Search(tree))) == general
    assert summary(_minimax_to_the_end(Search(with_shortcuts(tree)))) == general
    assert summary(minimax(tree)) == general == summary(minimax(tree, trace=True))


@given(trees, st.booleans(), st.integers(-3, 3), st.sampled_from([1, 3, 20]))
@settings(max_examples=1500, deadline=None)
def test_alphabeta_to_the_end_is_the_general_recursion(tree, soft, low, width):
    for alpha, beta in ((-INF, INF), (low, low + width)):
        general = summary(_recursive_alphabeta(Search(tree), soft, alpha, beta))
        assert summary(_alphabeta_to_the_end(Search(tree), soft, alpha, beta)) == general
        shortcuts = with_shortcuts(tree)
        assert summary(_alphabeta_to_the_end(Search(shortcuts), soft, alpha, beta)) == general
        r = alphabeta(tree, fail_soft=soft, alpha=alpha, beta=beta)
        assert summary(r) == general


def random_positions(count: int, seed: int = 0):
    """Positions after 2 to 9 random moves (the trees below them are small)."""
    game, rng = TicTacToe(), random.Random(seed)
    for _ in range(count):
        state = game.initial
        for _ in range(rng.randint(2, 9)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        yield state


def test_tic_tac_toe_searches_alike_on_both_paths():
    game = TicTacToe()
    for state in random_positions(40):
        for search_ in (minimax, alphabeta):
            assert summary(search_(game, state)) == summary(search_(game, state, trace=True))
    for soft in (False, True):  # the empty board: α-β on both paths
        fast = _alphabeta_to_the_end(Search(game), soft, -INF, INF)
        assert summary(fast) == summary(_recursive_alphabeta(Search(game), soft, -INF, INF))
    # minimax of the full tree: the published count on both paths
    fast, general = minimax(game), _recursive_minimax(Search(game))
    assert summary(fast) == summary(general) and fast.stats.nodes == 549_946


def test_order_and_symmetry_take_the_moves_from_the_search_not_from_successors():
    game = TicTacToe()
    centre = game.result(game.initial, 4)
    backwards = lambda state, actions: list(reversed(actions))  # noqa: E731
    for options in ({"order": backwards}, {"symmetry": True}):
        for search_ in (minimax, alphabeta):
            fast = search_(game, centre, **options)
            traced = search_(game, centre, trace=True, **options)
            assert summary(fast) == summary(traced)
    assert alphabeta(game, order=backwards).move == 8  # the last cell first: a best move too


class UnitTicTacToe(TicTacToe):
    """Tic-tac-toe valued ±1: a new utility, and the inherited outcome (still ±∞)."""

    def utility(self, state, player=MAX):
        return max(-1, min(1, super().utility(state, player)))


def test_a_shortcut_is_not_used_when_a_method_it_stands_for_was_redefined_below_it():
    unit = UnitTicTacToe()
    assert _shortcut(unit, "outcome", ("is_terminal", "utility")) is None
    assert _shortcut(unit, "successors", ("actions", "result")) is not None
    # the search values the game by its own utility: ±1, α-β's 18,297 nodes of the ±1 game
    r = alphabeta(unit)
    assert summary(r) == summary(alphabeta(unit, trace=True))
    assert r.stats.nodes == 18_297 != alphabeta(TicTacToe()).stats.nodes
    # an instance whose result was replaced (to count calls, say) is searched through it
    counted, calls = TicTacToe(), []
    plain_result = counted.result
    counted.result = lambda state, action: calls.append(action) or plain_result(state, action)
    assert _shortcut(counted, "successors", ("actions", "result")) is None
    assert minimax(counted).stats.nodes == len(calls) + 1 == 549_946
