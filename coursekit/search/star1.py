"""Star1 (*-minimax): α-β pruning carried through chance nodes, with bounds on the values.

Expectiminimax must look at every outcome of a chance node, but not always
at all of it: when every value lies between known bounds ``L`` and ``U``,
the outcomes searched so far bound the chance node's value, and the next
outcome gets a window of its own (Ballard, "The *-minimax search procedure
for trees containing chance nodes", *Artificial Intelligence* 21, 1983;
Hauk, Buro and Schaeffer, "Rediscovering *-Minimax Search", 2004).

At a chance node with window (α, β), after the outcomes ``1 … i−1`` with
values ``v_j`` and probabilities ``p_j``, the ``i``-th outcome is searched
with the window (αᵢ, βᵢ), where ``r`` is the probability of the outcomes
after it::

    αᵢ = (α − Σ_{j<i} p_j v_j − r·U) / pᵢ      (below it: the node is ≤ α even if
    βᵢ = (β − Σ_{j<i} p_j v_j − r·L) / pᵢ       the rest are all U; above: ≥ β)

A value ``≤ αᵢ`` is a cut-off below α (the node fails low), ``≥ βᵢ`` above β;
MAX and MIN nodes cut as α-β does. The value and move are expectiminimax's.

>>> from coursekit.games.chancetree import ChanceTree
>>> tree = ChanceTree.from_nested([((0.5, 4), (0.5, 6)), ((0.5, 0), (0.5, 9))])
>>> r = star1(tree, bounds=(0, 10))   # after its 0, move 1 is at most ½·0 + ½·10 = 5
>>> r.value, r.move, r.stats.nodes, r.stats.cutoffs
(5.0, 0, 6, 1)
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any

from coursekit.games.base import MAX, Game
from coursekit.search.core import Cutoff, Evaluate, Order, Search, SearchError
from coursekit.search.registry import CHANCE, register
from coursekit.search.result import SearchResult
from coursekit.text import say

INF = math.inf


@register(
    "Star1",
    chapter=7,
    description="expectiminimax with α-β windows through chance nodes (needs value bounds)",
    trace=None,
    games=(CHANCE,),  # called directly it plays any game; offered where dice are rolled
)
def star1(
    game: Game,
    state: Any = None,
    *,
    bounds: tuple[float, float] = (-INF, INF),
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    cutoff: Cutoff | None = None,
    order: Order | None = None,
) -> SearchResult:
    """Search ``game`` from ``state`` by Star1: expectiminimax's value with fewer nodes.

    Parameters
    ----------
    game : Game
        A game, with chance nodes where it has ``is_chance`` / ``chance_outcomes``.
    bounds : (L, U)
        Every leaf value (utility or e(p)) lies in ``L … U``; the tighter, the more
        is pruned at chance nodes (unbounded: plain α-β at MAX and MIN nodes only).
    depth, evaluate, cutoff, order
        As for :func:`~coursekit.search.expectiminimax.expectiminimax`.

    Returns
    -------
    SearchResult
        ``value`` and ``move`` (the first best move) as expectiminimax gives them;
        ``stats.cutoffs`` counts the nodes where a search stopped early.

    Raises
    ------
    SearchError
        When ``bounds`` is not a pair ``L < U``, a leaf's value lies outside it,
        or for the reasons of :func:`~coursekit.search.expectiminimax.expectiminimax`.
    """
    low, high = _bounds(bounds)
    search = Search(
        game, state, depth=depth, evaluate=evaluate, cutoff=cutoff, order=order,
        algorithm="Star1",
    )  # fmt: skip
    is_chance = getattr(game, "is_chance", None) or (lambda s: False)
    outcomes = getattr(game, "chance_outcomes", None)
    if outcomes is None and getattr(game, "is_chance", None) is not None:
        raise SearchError(say("errors.search.no_outcomes", game=game))
    cutoff_test, static_value, moves, result = (
        search.cutoff_test, search.eval, search.moves, game.result
    )  # fmt: skip
    to_move = game.to_move
    nodes = leaves = cutoffs = deepest = 0

    def leaf(state: Any, ply: int) -> Any:
        nonlocal leaves, deepest
        leaves += 1
        deepest = max(deepest, ply)
        v = static_value(state)
        if not low <= v <= high:
            raise SearchError(say("errors.search.leaf_outside", value=v, bounds=bounds))
        return v

    def value(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, tuple]:
        """The value of ``state`` if it lies inside (alpha, beta); else alpha (it is ≤ alpha)
        or beta (it is ≥ beta). With it the best moves up to a chance node."""
        nonlocal nodes, cutoffs
        nodes += 1
        if cutoff_test(state, ply):
            return leaf(state, ply), ()
        if is_chance(state):
            return chance_value(state, ply, alpha, beta), ()
        line: tuple = ()
        if to_move(state) is MAX:
            for a in moves(state):
                w, rest = value(result(state, a), ply + 1, alpha, beta)
                if w >= beta:
                    cutoffs += 1
                    return beta, (a, *rest)
                if w > alpha or not line:
                    alpha, line = max(alpha, w), (a, *rest)
            return alpha, line
        for a in moves(state):
            w, rest = value(result(state, a), ply + 1, alpha, beta)
            if w <= alpha:
                cutoffs += 1
                return alpha, (a, *rest)
            if w < beta or not line:
                beta, line = min(beta, w), (a, *rest)
        return beta, line

    def chance_value(state: Any, ply: int, alpha: Any, beta: Any) -> Any:
        """A chance node: each outcome searched in the window that can still matter."""
        nonlocal cutoffs
        searched, rest = 0, 1  # Σ p·v so far; the probability not yet searched
        for outcome, p in outcomes(state):
            rest -= p
            if p == 0:
                continue
            most_after = rest * high if rest > 0 else 0  # (0 · ∞ would be NaN)
            least_after = rest * low if rest > 0 else 0
            a_i = (alpha - searched - most_after) / p
            b_i = (beta - searched - least_after) / p
            v, _ = value(result(state, outcome), ply + 1, max(a_i, low), min(b_i, high))
            if v <= a_i:
                cutoffs += 1
                return alpha
            if v >= b_i:
                cutoffs += 1
                return beta
            searched += p * v
        return searched

    try:
        v, pv = value(search.root, 0, -INF, INF)
    except RecursionError:
        raise SearchError(say("errors.search.too_deep", name="Star1")) from None
    return search.result(v, pv, nodes=nodes, leaves=leaves, depth=deepest, cutoffs=cutoffs)


def _bounds(bounds: Any) -> tuple[Any, Any]:
    if (
        not isinstance(bounds, tuple)
        or len(bounds) != 2
        or any(isinstance(b, bool) or not isinstance(b, Real) for b in bounds)
        or not bounds[0] < bounds[1]
    ):
        raise SearchError(say("errors.search.bounds", bounds=bounds))
    return bounds
