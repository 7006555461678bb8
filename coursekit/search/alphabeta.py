"""α-β pruning (α-β剪枝): minimax that skips what cannot change the decision.

Minimax first generates the tree and only then values it. α-β generates and
values together, depth first, and keeps two bounds on the way down:

- α, the lower bound of a MAX node: the most MAX can already make sure of.
  It starts at the α passed down and never decreases.
- β, the upper bound of a MIN node: the least MIN can already hold MAX to.
  It starts at the β passed down and never increases.

The steps of MAX-VALUE(s, α, β) (MIN-VALUE mirrors them):

1. if CUTOFF-TEST(s): return the static value of s (UTILITY or e(p));
2. for each move a, in order: v := max(v, MIN-VALUE(RESULT(s, a), α, β));
3. if v > α: α := v;
4. if α ≥ β: stop — a **β cut** (β剪枝): this MAX node is already worth at
   least the β of a MIN ancestor, who will never let the game come here;
   the remaining moves are never generated;
5. return α (fail-hard: the value clipped to the window) or v (fail-soft:
   a tighter bound when the search fails). The textbook's MAX-VALUE returns
   v, also when it stops at step 4 ("if v ≥ β: return v"): it is fail-soft.

At a MIN node the stop of step 4 is an **α cut** (α剪枝): β ≤ the α of a
MAX ancestor. Bounds are compared only between MIN and MAX nodes, with any
ancestor (not only the parent: a *deep* cut), and only with values that are
fixed. The root gets the same value and the same move as from minimax.

With the best move order (MAX tries its highest child first, MIN its
lowest) a uniform tree of branching B and depth D has only
N_D = 2B^(D/2) − 1 leaves evaluated for even D and
B^((D+1)/2) + B^((D−1)/2) − 1 for odd D (Knuth & Moore 1975), about the
square root of minimax's B^D: the same effort searches twice as deep.

>>> from coursekit.games import GameTree
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> r = alphabeta(tree, trace=True)
>>> r.value, r.move, r.stats.leaves, r.trace.pruned()
(3, 'B', 7, ['C2', 'C3'])
>>> print(r.trace.cutoffs()[0])
α cut at C: β = 2 ≤ α = 3 of A; pruned C2, C3
"""

from __future__ import annotations

import math
import random as _random
import sys
from collections.abc import Iterable, Sequence
from numbers import Real
from typing import Any

from coursekit.games.base import MAX, MIN, Game, Player
from coursekit.games.gametree import GameTree, GameTreeError
from coursekit.search.core import (
    Cutoff,
    Evaluate,
    Order,
    Search,
    SearchError,
    check_whole_game,
    unroll,
)
from coursekit.search.registry import register
from coursekit.search.result import CUTOFF, ENTER, EXIT, LEAF, Path, SearchResult
from coursekit.text import say

INF = math.inf

ALPHA_CUT = "alpha"
"""An α cut: below a MIN node whose β ≤ the α of a MAX ancestor."""
BETA_CUT = "beta"
"""A β cut: below a MAX node whose α ≥ the β of a MIN ancestor."""

ORDERINGS = ("as typed", "worst", "random", "best")
"""The child orders :func:`reorder` knows (the tree explorer offers them)."""


def _check_window(alpha: Any, beta: Any) -> None:
    for name, bound in (("alpha", alpha), ("beta", beta)):
        if isinstance(bound, bool) or not isinstance(bound, Real) or math.isnan(bound):
            raise SearchError(say("errors.search.bound", name=name, bound=bound))
    if not alpha < beta:
        raise SearchError(say("errors.search.window", alpha=alpha, beta=beta))


@register(
    "alpha-beta",
    chapter=4,
    description="minimax with α-β pruning: the same value and move, fewer nodes",
)
def alphabeta(
    game: Game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    cutoff: Cutoff | None = None,
    order: Order | None = None,
    symmetry: bool = False,
    fail_soft: bool = False,
    alpha: float = -INF,
    beta: float = INF,
    trace: bool = False,
    force: bool = False,
) -> SearchResult:
    """Search ``game`` from ``state`` by minimax with α-β pruning.

    Parameters
    ----------
    game, state, depth, evaluate, cutoff, order, symmetry:
        As for :func:`~coursekit.search.minimax`.
    fail_soft:
        ``False`` (*fail-hard*, the default): a node's value is clipped to
        its window [α, β]. ``True`` (*fail-soft*, the textbook's MAX-VALUE and
        MIN-VALUE, which return v itself, also on a cut): when the true value
        lies outside the window, the returned value is still a bound on the
        correct side, and a tighter one (≤ α on a fail-low, ≥ β on a
        fail-high).
    alpha, beta:
        The window the root is searched with (−∞, +∞ by default: the exact
        value). A narrower window answers "is the value below α, inside, or
        above β?" faster (aspiration and minimal windows, chapter 6).
    trace:
        Record every node's (α, β) on entry and exit, every leaf and every
        cut-off with its kind and cause (see :meth:`Trace.cutoffs`).
    force:
        Search to the end of the game even when that is estimated to take
        hours (without ``depth`` or ``cutoff``, see
        :func:`~coursekit.search.core.check_whole_game`).

    Returns
    -------
    SearchResult
        The value from MAX's point of view, the best move (the first best one
        in move order, the same as minimax's), the principal variation and
        statistics: ``nodes``, ``leaves`` and ``cutoffs`` (nodes where moves
        were left untried).

    Raises
    ------
    SearchError
        For a bad depth, a depth limit without e(p), symmetry without
        ``game.key``, or a window that is not two numbers with alpha < beta;
        for an e(p) that returns NaN or a non-number, an ``order`` that is not
        ``order(state, actions)``; and, up front, for a search of a whole game
        too large to finish (pass ``depth``, or ``force=True``).

    See Also
    --------
    coursekit.search.minimax : the same search without pruning.
    best_case_leaves : how few leaves α-β can get away with.

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> from coursekit.search import minimax
    >>> r = alphabeta(TicTacToe())
    >>> r.value, r.move == minimax(TicTacToe()).move, r.stats.nodes < 549946
    (0, True, True)
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> alphabeta(tree, alpha=6).value, alphabeta(tree, alpha=6, fail_soft=True).value  # value 3
    (6, 5)
    """
    _check_window(alpha, beta)
    options = dict(
        depth=depth, evaluate=evaluate, cutoff=cutoff, order=order, symmetry=symmetry,
        trace=trace, algorithm="alpha-beta",
    )  # fmt: skip
    soft = bool(fail_soft)
    search = Search(game, state, **options)
    if depth is None and cutoff is None:
        check_whole_game(game, search.root, "alphabeta", force)
    whole_game_untraced = depth is None and cutoff is None and not trace
    try:
        if whole_game_untraced:
            return _alphabeta_to_the_end(search, soft, alpha, beta)
        return _recursive_alphabeta(search, soft, alpha, beta)
    except RecursionError:
        # Deeper than Python lets functions call each other (about 1,000 plies): the same
        # search, node for node and event for event, with an explicit stack.
        return _alphabeta_with_stack(Search(game, state, **options), soft, alpha, beta)
    except TypeError as error:  # a non-number from e(p), an order of the wrong shape, …
        raise search.explain(error) from None


def _recursive_alphabeta(search: Search, soft: bool, alpha: float, beta: float) -> SearchResult:
    """MAX-VALUE and MIN-VALUE with α and β, calling each other as in the course."""
    game = search.game
    cutoff_test, static_value, moves, result = (
        search.cutoff_test, search.eval, search.moves, game.result
    )  # fmt: skip
    trace_ = search.trace
    traced = trace_ is not None  # paths, events and causes are kept only when tracing
    nodes = leaves = cutoffs = deepest = 0
    # line[ply]: the best line below the node last finished at that ply (see minimax).
    line: dict[int, tuple | None] = {}
    # Only when tracing: alpha_by[ply] / beta_by[ply] is the path of the node that set the α / β
    # the node at that ply holds now (None: the window the search was called with).
    alpha_by: dict[int, Path | None] = {}
    beta_by: dict[int, Path | None] = {}

    def enter(path: Path, player: Player, ply: int, alpha: float, beta: float) -> None:
        """Tracing only: the node starts, with the bounds (and their owners) of its parent."""
        alpha_by[ply] = alpha_by[ply - 1] if ply else None
        beta_by[ply] = beta_by[ply - 1] if ply else None
        trace_.add(ENTER, path, player, None, alpha, beta)

    def cut(kind: str, path: Path, player: Player, value: float, alpha: float, beta: float,
            actions: Sequence, tried: Any, cause: Path | None) -> None:  # fmt: skip
        """Tracing only: the moves after ``tried`` are never generated."""
        pruned = tuple(actions[list(actions).index(tried) + 1 :])
        trace_.add(CUTOFF, path, player, value, alpha, beta, pruned, kind, cause)

    def max_value(state: Any, ply: int, alpha: float, beta: float, path: Path) -> float:
        """MAX-VALUE(s, α, β): steps 1–5 of the module docstring."""
        nonlocal nodes, leaves, deepest, cutoffs
        nodes += 1
        if cutoff_test(state, ply):  # step 1: a leaf, valued statically (UTILITY or e(p))
            leaves += 1
            if ply > deepest:
                deepest = ply
            line[ply] = None
            value = static_value(state)
            if traced:
                trace_.add(LEAF, path, MAX, value, alpha, beta)
            return value
        actions = moves(state)
        if traced:
            enter(path, MAX, ply, alpha, beta)
        v, best = -INF, None
        for a in actions:
            w = min_value(result(state, a), ply + 1, alpha, beta, (*path, a) if traced else path)
            if best is None or w > v:
                v, best = w, (a, line[ply + 1])
                if v > alpha:
                    alpha = v  # α never decreases
                    if traced:
                        alpha_by[ply] = path
                    if alpha >= beta:  # β cut: a MIN ancestor will never let the game come here
                        if a != actions[-1]:
                            cutoffs += 1
                            if traced:
                                cut(BETA_CUT, path, MAX, v, alpha, beta, actions, a, beta_by[ply])
                        break
        line[ply] = best
        value = v if soft else (beta if alpha >= beta else alpha)
        if traced:
            trace_.add(EXIT, path, MAX, value, alpha, beta)
        return value

    def min_value(state: Any, ply: int, alpha: float, beta: float, path: Path) -> float:
        """MIN-VALUE(s, α, β): the mirror image of MAX-VALUE."""
        nonlocal nodes, leaves, deepest, cutoffs
        nodes += 1
        if cutoff_test(state, ply):  # step 1: a leaf, valued statically (UTILITY or e(p))
            leaves += 1
            if ply > deepest:
                deepest = ply
            line[ply] = None
            value = static_value(state)
            if traced:
                trace_.add(LEAF, path, MIN, value, alpha, beta)
            return value
        actions = moves(state)
        if traced:
            enter(path, MIN, ply, alpha, beta)
        v, best = INF, None
        for a in actions:
            w = max_value(result(state, a), ply + 1, alpha, beta, (*path, a) if traced else path)
            if best is None or w < v:
                v, best = w, (a, line[ply + 1])
                if v < beta:
                    beta = v  # β never increases
                    if traced:
                        beta_by[ply] = path
                    if beta <= alpha:  # α cut: a MAX ancestor already has something as good
                        if a != actions[-1]:
                            cutoffs += 1
                            if traced:
                                cut(ALPHA_CUT, path, MIN, v, alpha, beta, actions, a, alpha_by[ply])
                        break
        line[ply] = best
        value = v if soft else (alpha if beta <= alpha else beta)
        if traced:
            trace_.add(EXIT, path, MIN, value, alpha, beta)
        return value

    root = search.root
    value_of = max_value if game.to_move(root) is MAX else min_value
    value = value_of(root, 0, alpha, beta, ())
    return search.result(
        value, unroll(line[0]), nodes=nodes, leaves=leaves, depth=deepest, cutoffs=cutoffs
    )


def _alphabeta_to_the_end(search: Search, soft: bool, alpha: float, beta: float) -> SearchResult:
    """:func:`_recursive_alphabeta` to the end of the game, without a trace: fewer calls per node.

    The same nodes, cuts, values, principal variation and counts, made cheaper
    as :func:`~coursekit.search.minimax._minimax_to_the_end` makes minimax: the
    game's ``outcome`` and ``successors`` (:meth:`Search.outcome_and_successors`),
    and a child whose game is over valued where it is generated. ``successors``
    may make the children one at a time (tic-tac-toe's does): after a cut only
    one more is asked for, to know whether a move was left untried.
    """
    outcome, successors = search.outcome_and_successors()
    inner = leaves = cutoffs = deepest = 0  # nodes = inner + leaves
    # line[ply] as in the general recursion, in a list: one slot per ply (the recursion
    # cannot go deeper than Python's limit; a list is a little faster than a dict here)
    line: list[tuple | None] = [None] * (sys.getrecursionlimit() + 2)

    def max_value(state: Any, ply: int, alpha: float, beta: float) -> float:
        """MAX-VALUE(s, α, β) of a position whose game goes on: steps 2–5."""
        nonlocal inner, leaves, cutoffs, deepest
        inner += 1
        v, best = -INF, None
        children = iter(successors(state))
        for a, child in children:
            w = outcome(child)
            if w is None:
                w = min_value(child, ply + 1, alpha, beta)
            else:  # a leaf: the game is over there
                leaves += 1
                if ply >= deepest:
                    deepest = ply + 1
                line[ply + 1] = None
            if best is None or w > v:
                v, best = w, (a, line[ply + 1])
                if v > alpha:
                    alpha = v
                    if alpha >= beta:  # β cut
                        if next(children, None) is not None:  # a move left untried
                            cutoffs += 1
                        break
        line[ply] = best
        return v if soft else (beta if alpha >= beta else alpha)

    def min_value(state: Any, ply: int, alpha: float, beta: float) -> float:
        """MIN-VALUE(s, α, β) of a position whose game goes on: the mirror image."""
        nonlocal inner, leaves, cutoffs, deepest
        inner += 1
        v, best = INF, None
        children = iter(successors(state))
        for a, child in children:
            w = outcome(child)
            if w is None:
                w = max_value(child, ply + 1, alpha, beta)
            else:
                leaves += 1
                if ply >= deepest:
                    deepest = ply + 1
                line[ply + 1] = None
            if best is None or w < v:
                v, best = w, (a, line[ply + 1])
                if v < beta:
                    beta = v
                    if beta <= alpha:  # α cut
                        if next(children, None) is not None:  # a move left untried
                            cutoffs += 1
                        break
        line[ply] = best
        return v if soft else (alpha if beta <= alpha else beta)

    root = search.root
    value = outcome(root)
    if value is not None:  # the game is over at the root: one leaf
        return search.result(value, [], nodes=1, leaves=1, depth=0)
    value_of = max_value if search.game.to_move(root) is MAX else min_value
    value = value_of(root, 0, alpha, beta)
    return search.result(
        value, unroll(line[0]), nodes=inner + leaves, leaves=leaves, depth=deepest, cutoffs=cutoffs
    )


def _alphabeta_with_stack(search: Search, soft: bool, alpha: float, beta: float) -> SearchResult:
    """α-β with an explicit stack instead of recursion: for trees of any depth.

    Each stack entry is one inner node being searched (see ``_Frame``). Nodes
    are visited, counted, cut and traced exactly as :func:`_recursive_alphabeta`
    does them.
    """
    game = search.game
    cutoff_test, static_value, moves, result = (
        search.cutoff_test, search.eval, search.moves, game.result
    )  # fmt: skip
    trace_ = search.trace
    traced = trace_ is not None
    nodes = leaves = cutoffs = deepest = 0
    alpha_by: dict[int, Path | None] = {}  # as in _recursive_alphabeta, tracing only
    beta_by: dict[int, Path | None] = {}
    stack: list[_Frame] = []

    def visit(state: Any, ply: int, path: Path, player: Player, move: Any,
              alpha: float, beta: float) -> float | None:  # fmt: skip
        """Count a node: a leaf's value at once, or None after pushing an inner node."""
        nonlocal nodes, leaves, deepest
        nodes += 1
        if cutoff_test(state, ply):
            leaves += 1
            deepest = max(deepest, ply)
            value = static_value(state)
            if traced:
                trace_.add(LEAF, path, player, value, alpha, beta)
            return value
        actions = moves(state)
        if traced:
            alpha_by[ply] = alpha_by[ply - 1] if ply else None
            beta_by[ply] = beta_by[ply - 1] if ply else None
            trace_.add(ENTER, path, player, None, alpha, beta)
        worst = -INF if player is MAX else INF
        stack.append(_Frame(state, ply, path, player, actions, iter(actions), move, alpha, beta,
                            worst))  # fmt: skip
        return None

    def offer(node: _Frame, move: Any, value: float, line: tuple | None) -> None:
        """A child of ``node`` is finished: keep it if it is better, and stop on a cut."""
        nonlocal cutoffs
        maximising = node.player is MAX
        if node.best is not None and not (value > node.v if maximising else value < node.v):
            return
        node.v, node.best = value, (move, line)
        if maximising and value > node.alpha:
            node.alpha = value
            if traced:
                alpha_by[node.ply] = node.path
        elif not maximising and value < node.beta:
            node.beta = value
            if traced:
                beta_by[node.ply] = node.path
        else:
            return
        if node.alpha >= node.beta:  # a β cut at a MAX node, an α cut at a MIN node
            node.stopped = True
            if move != node.actions[-1]:
                cutoffs += 1
                if traced:
                    kind, cause = (BETA_CUT, beta_by) if maximising else (ALPHA_CUT, alpha_by)
                    pruned = tuple(node.actions[list(node.actions).index(move) + 1 :])
                    trace_.add(CUTOFF, node.path, node.player, value, node.alpha, node.beta,
                               pruned, kind, cause[node.ply])  # fmt: skip

    def backed_up(node: _Frame) -> float:
        """The value the node returns (fail-soft: its own; fail-hard: clipped to its window)."""
        if soft:
            return node.v
        if node.alpha >= node.beta:
            return node.beta if node.player is MAX else node.alpha
        return node.alpha if node.player is MAX else node.beta

    root = search.root
    value = visit(root, 0, (), game.to_move(root), None, alpha, beta)
    line = None
    while stack:
        node = stack[-1]
        if not node.stopped:
            for a in node.untried:
                child = (*node.path, a) if traced else node.path
                w = visit(result(node.state, a), node.ply + 1, child, node.player.opponent, a,
                          node.alpha, node.beta)  # fmt: skip
                if w is None:
                    break  # search that child first; this loop goes on after it
                offer(node, a, w, None)
                if node.stopped:
                    break
            else:
                node.stopped = True  # every move tried
            if not node.stopped:
                continue
        stack.pop()
        v = backed_up(node)
        if traced:
            trace_.add(EXIT, node.path, node.player, v, node.alpha, node.beta)
        if stack:
            offer(stack[-1], node.move, v, node.best)
        else:
            value, line = v, node.best
    return search.result(
        value, unroll(line), nodes=nodes, leaves=leaves, depth=deepest, cutoffs=cutoffs
    )


class _Frame:
    """One inner node on the explicit stack of :func:`_alphabeta_with_stack`."""

    __slots__ = (
        "actions",
        "alpha",
        "best",
        "beta",
        "move",
        "path",
        "player",
        "ply",
        "state",
        "stopped",
        "untried",
        "v",
    )  # fmt: skip

    def __init__(self, state: Any, ply: int, path: Path, player: Player, actions: Sequence,
                 untried: Any, move: Any, alpha: float, beta: float, v: float) -> None:  # fmt: skip
        self.state, self.ply, self.path, self.player = state, ply, path, player
        self.actions, self.untried, self.move = actions, untried, move  # move: how it was reached
        self.alpha, self.beta = alpha, beta  # its window, narrowed as children finish
        self.v, self.best = v, None  # best value so far and its line (move, line below)
        self.stopped = False  # every move tried, or a cut


# --- how much move order matters --------------------------------------------------------------


def best_case_leaves(branching: int, depth: int) -> int:
    """The leaves α-β evaluates on a perfectly ordered uniform tree (Knuth & Moore 1975).

    N_D = 2B^(D/2) − 1 for even D and B^((D+1)/2) + B^((D−1)/2) − 1 for odd D;
    both are B^⌈D/2⌉ + B^⌊D/2⌋ − 1.

    Parameters
    ----------
    branching:
        B, the number of children of every inner node (at least 1).
    depth:
        D, the depth of the leaves (0: the root is the only leaf).

    Returns
    -------
    int
        The number of leaves evaluated.

    Raises
    ------
    SearchError
        When B < 1 or D < 0, or either is not a whole number.

    Examples
    --------
    >>> [best_case_leaves(3, d) for d in range(5)]
    [1, 3, 5, 11, 17]
    >>> best_case_leaves(10, 4), 10**4
    (199, 10000)
    """
    for name, number, least in (("branching", branching, 1), ("depth", depth, 0)):
        if isinstance(number, bool) or not isinstance(number, int) or number < least:
            raise SearchError(
                say("errors.search.whole_at_least", name=name, least=least, value=number)
            )
    if depth % 2 == 0:
        return 2 * branching ** (depth // 2) - 1
    return branching ** ((depth + 1) // 2) + branching ** ((depth - 1) // 2) - 1


def reorder(tree: GameTree, ordering: str = "best", *, seed: int | None = 0) -> GameTree:
    """The same tree with every node's children in another order (labels follow the new places).

    Parameters
    ----------
    tree:
        A :class:`~coursekit.games.GameTree`.
    ordering:
        ``"best"`` — MAX's highest-valued child first and MIN's lowest first
        (by minimax value; the order α-β likes most); ``"worst"`` — the
        opposite; ``"random"`` — shuffled with ``seed``; ``"as typed"`` — unchanged.
    seed:
        The seed of the shuffle for ``"random"``.

    Returns
    -------
    GameTree
        A new tree, labelled afresh (A; B, C, D; B1 … as in the figures).

    Raises
    ------
    SearchError
        For an unknown ordering or something that is not a GameTree.

    Examples
    --------
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> reorder(tree, "best").to_nested()
    [[3, 8, 12], [2, 4, 6], [2, 5, 14]]
    >>> reorder(tree, "worst").to_nested()
    [[6, 4, 2], [14, 5, 2], [12, 8, 3]]
    """
    if not isinstance(tree, GameTree):
        raise SearchError(say("errors.search.reorder_tree", kind=type(tree).__name__))
    if ordering not in ORDERINGS:
        choices = ", ".join(ORDERINGS)
        raise SearchError(say("errors.search.ordering", choices=choices, ordering=ordering))
    if ordering == "as typed":
        return tree
    nested = _arranged(tree.to_nested(), tree.root_player, ordering, _random.Random(seed))
    try:
        return GameTree.from_nested(nested, tree.root_player, root_label=tree.initial)
    except GameTreeError as error:  # pragma: no cover - the tree was valid before
        raise SearchError(str(error)) from None


def _arranged(nested: Any, player: Player, ordering: str, rng: _random.Random) -> Any:
    """Nested lists with every node's children reordered, bottom up (an explicit stack:
    trees may be deeper than Python's recursion limit)."""
    if not isinstance(nested, list):
        return nested
    # a frame: [node, its player, index of the next child, (value, subtree) of finished children]
    stack: list[list] = [[nested, player, 0, []]]
    while True:
        node, player, i, kids = stack[-1]
        if i < len(node):
            stack[-1][2] += 1
            child = node[i]
            if isinstance(child, list):
                stack.append([child, player.opponent, 0, []])
            else:
                kids.append((child, child))
            continue
        stack.pop()
        if ordering == "random":
            rng.shuffle(kids)
        else:  # "best": descending at MAX nodes, ascending at MIN nodes; "worst": the reverse
            kids.sort(key=lambda pair: pair[0], reverse=(player is MAX) == (ordering == "best"))
        values = [value for value, _ in kids]
        finished = (max(values) if player is MAX else min(values), [kid for _, kid in kids])
        if not stack:
            return finished[1]
        stack[-1][3].append(finished)


def distinct_uniform_tree(
    branching: int, depth: int, *, seed: int | None = 0, ordering: str = "random"
) -> GameTree:
    """A uniform tree whose B^D leaves hold the distinct values 1 … B^D in random places.

    Distinct values make the best and worst orders unambiguous (no ties),
    as in the analysis of Knuth & Moore.

    >>> tree = distinct_uniform_tree(2, 3, ordering="best")
    >>> sorted(tree.leaf_value(leaf) for leaf in tree.leaves)
    [1, 2, 3, 4, 5, 6, 7, 8]
    """
    best_case_leaves(branching, depth)  # checks the arguments
    if branching**depth > 100_000:
        leaves = f"{branching**depth:,}"
        problem = say(
            "errors.search.too_many_leaves", branching=branching, depth=depth, leaves=leaves
        )
        raise SearchError(problem)
    rng = _random.Random(seed)
    values = list(range(1, branching**depth + 1))
    rng.shuffle(values)
    place = iter(values)

    if depth > 500:
        raise SearchError(say("errors.search.depth_at_most", depth=f"{depth:,}"))

    def grow(d: int) -> Any:
        return next(place) if d == 0 else [grow(d - 1) for _ in range(branching)]

    tree = GameTree.from_nested(grow(depth))
    return reorder(tree, ordering, seed=seed)


def leaves_by_depth(
    branching: int,
    depths: Iterable[int],
    orderings: Sequence[str] = ("worst", "random", "best"),
    *,
    trials: int = 5,
    seed: int = 0,
) -> dict[str, list[float]]:
    """Leaves α-β evaluates on uniform trees, against depth, for each move ordering.

    For each depth D and ordering, ``trials`` trees with distinct leaf values
    (:func:`distinct_uniform_tree`) are searched and the mean count kept.
    Plotting these against B^D (minimax) and :func:`best_case_leaves` shows
    what ordering buys.

    Returns
    -------
    dict
        ``"depth"`` → the depths; each ordering → the mean leaves evaluated;
        ``"minimax"`` → B^D; ``"best case"`` → the formula's N_D.

    Examples
    --------
    >>> data = leaves_by_depth(3, range(1, 5), trials=2)
    >>> data["best"] == data["best case"], data["worst"][:3] == data["minimax"][:3]
    (True, True)
    """
    depths = list(depths)
    for ordering in orderings:
        if ordering not in ORDERINGS:
            choices = ", ".join(ORDERINGS)
            raise SearchError(say("errors.search.orderings", choices=choices, ordering=ordering))
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise SearchError(say("errors.search.whole_at_least", name="trials", least=1, value=trials))
    data: dict[str, list[float]] = {"depth": depths}
    for ordering in orderings:
        counts = []
        for d in depths:
            total = 0
            for t in range(trials):
                tree = distinct_uniform_tree(branching, d, seed=seed + t, ordering=ordering)
                total += alphabeta(tree).stats.leaves
            counts.append(total / trials)
        data[ordering] = counts
    data["minimax"] = [branching**d for d in depths]
    data["best case"] = [best_case_leaves(branching, d) for d in depths]
    return data
