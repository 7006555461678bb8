"""Expectiminimax (期望极小极大): minimax for games with chance nodes (dice).

At a MAX node the largest child value is backed up, at a MIN node the
smallest, and at a chance node the *expected* value: the children's values
weighted by their probabilities (Russell and Norvig, *Artificial
Intelligence: A Modern Approach*, 4th ed., §5.5; Michie 1966)::

    EXPECTIMINIMAX(s) = UTILITY(s)                          if s is terminal
                        max_a EXPECTIMINIMAX(RESULT(s, a))  if MAX is to move
                        min_a EXPECTIMINIMAX(RESULT(s, a))  if MIN is to move
                        Σ_r P(r) · EXPECTIMINIMAX(RESULT(s, r))  if s is a chance node

A game of chance says where chance moves with ``game.is_chance(state)`` and
what can happen with ``game.chance_outcomes(state)`` (``(outcome,
probability)`` pairs; see :class:`coursekit.games.Game`). A game without
them has no chance nodes, and expectiminimax is minimax.

Because values are *averaged*, their scale matters: e(p) must be a positive
linear function of the chance of winning. An order-preserving transformation
that is not linear can change the move (:func:`scale_changes_decision`).

>>> from coursekit.games.chancetree import ChanceTree
>>> tree = ChanceTree.from_nested([((0.9, 2), (0.1, 3)), ((0.9, 1), (0.1, 4))])
>>> r = expectiminimax(tree)
>>> round(r.value, 6), r.move          # a1: 0.9·2 + 0.1·3 = 2.1; a2: 0.9·1 + 0.1·4 = 1.3
(2.1, 0)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from coursekit.games.base import MAX, Game
from coursekit.search.core import Cutoff, Evaluate, Order, Search, SearchError
from coursekit.search.registry import CHANCE, register
from coursekit.search.result import ENTER, EXIT, LEAF, SearchResult
from coursekit.text import say

INF = math.inf


@register(
    "expectiminimax",
    chapter=7,
    description="minimax with chance nodes: the expected value over the dice",
    games=(CHANCE,),  # called directly it plays any game; offered where dice are rolled
)
def expectiminimax(
    game: Game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    cutoff: Cutoff | None = None,
    order: Order | None = None,
    memo: bool = False,
    trace: bool = False,
) -> SearchResult:
    """Search ``game`` from ``state`` by expectiminimax.

    Parameters
    ----------
    game : Game
        Any :class:`~coursekit.games.Game`; chance nodes where it has
        ``is_chance`` and ``chance_outcomes``.
    state : optional
        Where the search starts; ``game.initial`` when ``None``.
    depth : int or None
        Plies to search (a chance node is a ply too); ``None``: to the end.
    evaluate, cutoff, order
        As for :func:`~coursekit.search.minimax`: e(p) at the cut-off (MAX's side),
        an extra cut-off test, a move order for decision nodes.
    memo : bool
        Value each position once (a memo keyed by the state, with its ply when
        there is a depth limit; not ``game.key``, whose symmetric images would
        give the moves of another position): a game of dice reaches the same
        position in many ways (in Pig, 3 + 4 and 4 + 3). Answers from it count as
        ``stats.tt_hits``; in a trace such a node is ``enter`` then ``exit`` at once.
    trace : bool
        Record enter / leaf / exit events; a chance node's events carry
        ``player=None`` (nobody chooses there).

    Returns
    -------
    SearchResult
        ``value`` (the expected value for MAX), ``move``, and ``pv``: the best
        moves up to the first chance node (below it, the line depends on the dice).

    Raises
    ------
    SearchError
        As :func:`~coursekit.search.minimax` does; also when a game has
        ``is_chance`` but no ``chance_outcomes``.

    Examples
    --------
    >>> from coursekit.games.pig import Pig
    >>> r = expectiminimax(Pig(target=2, turns=1))
    >>> r.value, r.move       # roll: win with 5/6; after a 1, MIN rolls and wins with 5/6
    (Fraction(25, 36), 'roll')
    >>> r = expectiminimax(Pig(target=8, turns=2), memo=True)   # 3.5 million nodes without
    >>> r.value, r.move, r.stats.nodes
    (Fraction(93895639, 204073344), 'roll', 3025)
    """
    search = Search(
        game, state, depth=depth, evaluate=evaluate, cutoff=cutoff, order=order,
        trace=trace, algorithm="expectiminimax",
    )  # fmt: skip
    is_chance: Callable[[Any], bool] = getattr(game, "is_chance", None) or (lambda s: False)
    outcomes = getattr(game, "chance_outcomes", None)
    if outcomes is None and getattr(game, "is_chance", None) is not None:
        raise SearchError(say("errors.search.no_outcomes", game=game))
    cutoff_test, static_value, moves, result = (
        search.cutoff_test, search.eval, search.moves, game.result
    )  # fmt: skip
    to_move = game.to_move
    trace_ = search.trace
    traced = trace_ is not None
    nodes = leaves = deepest = hits = 0
    limited = depth is not None or cutoff is not None  # the ply matters at a cut-off
    known: dict[Any, tuple[Any, tuple]] | None = {} if memo else None

    def value(state: Any, ply: int, path: tuple) -> tuple[Any, tuple]:
        """EXPECTIMINIMAX(state) and the best moves from it up to a chance node."""
        nonlocal nodes, leaves, deepest, hits
        nodes += 1
        chance = is_chance(state)
        player = None if chance else to_move(state)
        if known is not None:
            k = (state, ply) if limited else state
            if k in known:
                hits += 1
                v, line = known[k]
                if traced:
                    trace_.add(ENTER, path, player)
                    trace_.add(EXIT, path, player, v)
                return v, line
            v, line = value_below(state, ply, path, chance, player)
            known[k] = v, line
            return v, line
        return value_below(state, ply, path, chance, player)

    def value_below(
        state: Any, ply: int, path: tuple, chance: bool, player: Any
    ) -> tuple[Any, tuple]:
        """The value of ``state`` searched (not remembered)."""
        nonlocal leaves, deepest
        if cutoff_test(state, ply):  # a chance node at the depth limit gets e(p) too
            leaves += 1
            deepest = max(deepest, ply)
            v = static_value(state)
            if traced:
                trace_.add(LEAF, path, player, v)
            return v, ()
        if traced:
            trace_.add(ENTER, path, player)
        if chance:
            v, line = 0, ()
            for outcome, p in outcomes(state):
                w, _ = value(result(state, outcome), ply + 1, (*path, outcome) if traced else path)
                v += p * w
        else:
            sign = 1 if player is MAX else -1
            v, line = -INF * sign, None
            for a in moves(state):
                w, rest = value(result(state, a), ply + 1, (*path, a) if traced else path)
                if line is None or sign * w > sign * v:
                    v, line = w, (a, *rest)
            line = line or ()
        if traced:
            trace_.add(EXIT, path, player, v)
        return v, line

    try:
        v, pv = value(search.root, 0, ())
    except RecursionError:
        raise SearchError(say("errors.search.too_deep", name="expectiminimax")) from None
    return search.result(v, pv, nodes=nodes, leaves=leaves, depth=deepest, tt_hits=hits)


def scale_changes_decision(
    game: Game, transform: Callable[[Any], Any], state: Any = None, **options: Any
) -> tuple[Any, Any]:
    """The move expectiminimax picks with the leaf values as they are and after ``transform``.

    A *positive linear* transform (a·v + b, a > 0) never changes the move; an
    order-preserving one that is not linear may, because chance nodes average
    (Russell and Norvig, §5.5.1): only the order matters for minimax, but the
    scale matters for expectiminimax.

    Parameters
    ----------
    game : ChanceTree
        A tree with ``map_values`` (the leaf values to transform).
    transform : callable
        The transformation of the leaf values.

    Returns
    -------
    (move, move)
        The move before and after the transformation.

    Examples
    --------
    >>> from coursekit.games.chancetree import ChanceTree
    >>> tree = ChanceTree.from_nested([((0.9, 2), (0.1, 3)), ((0.9, 1), (0.1, 4))])
    >>> scale_changes_decision(tree, {1: 1, 2: 20, 3: 30, 4: 400}.get)   # order kept
    (0, 1)
    >>> scale_changes_decision(tree, lambda v: 10 * v + 7)            # linear: the same
    (0, 0)
    """
    before = expectiminimax(game, state, **options).move
    after = expectiminimax(game.map_values(transform), state, **options).move
    return before, after
