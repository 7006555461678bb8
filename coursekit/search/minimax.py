"""Minimax (极小极大过程) in the course's two forms.

- :func:`minimax` — the recursive form: MAX-VALUE and MIN-VALUE call each
  other depth first; at MAX nodes the largest child value is backed up, at
  MIN nodes the smallest.
- :func:`minimax_two_phase` — the course's breadth-first procedure: first
  grow the whole tree to depth k with the lists OPEN and CLOSED and value its
  tips, then back the values up from the bottom to the root.

Both search the same tree, value the same leaves and return the same
:class:`~coursekit.search.result.SearchResult`; they differ in the order of
the work and in memory: the recursive form keeps one path of the tree
(O(bm)), the two-phase form keeps the whole tree (O(b^m)).

>>> from coursekit.games import GameTree
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> r = minimax(tree, trace=True)
>>> r.value, r.move, r.pv
(3, 'B', ('B', 'B1'))
>>> r.stats.nodes, r.stats.leaves
(13, 9)
>>> r.trace.evaluated_leaves()[:4]
['B1', 'B2', 'B3', 'C1']
>>> minimax_two_phase(tree).value
3
"""

from __future__ import annotations

import math
import sys
from collections import deque
from typing import Any

from coursekit.games.base import MAX, MIN, Game, Player
from coursekit.search.core import Cutoff, Evaluate, Order, Search, check_whole_game, unroll
from coursekit.search.registry import register
from coursekit.search.result import ENTER, EXIT, LEAF, SearchResult

INF = math.inf


@register("minimax", chapter=3, description="recursive MAX-VALUE / MIN-VALUE, depth first")
def minimax(
    game: Game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    cutoff: Cutoff | None = None,
    order: Order | None = None,
    symmetry: bool = False,
    trace: bool = False,
    force: bool = False,
) -> SearchResult:
    """Search ``game`` from ``state`` (its initial state by default) by minimax.

    MAX-VALUE and MIN-VALUE call each other depth first; trees deeper than
    Python's recursion limit (about 1,000 plies) are searched by the same
    procedure with an explicit stack, with the same result and trace.

    Parameters
    ----------
    game : Game
        Any :class:`~coursekit.games.Game` whose players take turns.
    state : optional
        Where the search starts; ``game.initial`` when ``None``.
    depth : int or None
        Search this many plies (half-moves) deep and value the positions there
        by the static evaluation; ``None`` searches to the end of the game.
    evaluate : callable or None
        The static evaluation e(p), from MAX's point of view; ``game.evaluate``
        when ``None``. Finished games are always valued by ``game.utility``.
    cutoff : callable or None
        An extra CUTOFF-TEST ``cutoff(state, ply) -> bool``: stop and evaluate
        where it says so (a ply is a level of the tree; the root is ply 0).
    order : callable or None
        ``order(state, actions)`` returns the actions in the order to try them.
    symmetry : bool
        Try only one move per class of symmetric results (``game.key``), as
        the course does for tic-tac-toe; the value does not change.
    trace : bool
        Record every step (see :mod:`coursekit.search.result`).
    force : bool
        Search a whole game (no ``depth``, no ``cutoff``) even when its tree is
        estimated too large to finish in about half a minute; otherwise such a
        search is refused up front (:func:`~coursekit.search.core.check_whole_game`).

    Returns
    -------
    SearchResult
        ``value`` (MAX's point of view), ``move`` (the first best move in move
        order), ``pv`` (the principal variation), ``stats`` and, with
        ``trace=True``, ``trace``.

    Raises
    ------
    SearchError
        When ``game`` is not a game, ``state`` not one of its positions,
        ``depth`` not a whole number >= 0, a depth limit is asked of a game
        without ``evaluate`` and none is given, ``evaluate``/``cutoff``/``order``
        are not functions, or ``symmetry=True`` for a game without ``key``; and,
        up front, for a search of a whole game too large to finish (minimax
        visits every node: pass ``depth``, or ``force=True``).

    See Also
    --------
    minimax_two_phase : the course's breadth-first form with OPEN and CLOSED.
    solve : exact values of every position, each valued once (small games).
    coursekit.search.result.SearchResult : the record returned.

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> r = minimax(TicTacToe())
    >>> r.value, r.move, r.stats.nodes
    (0, 0, 549946)
    >>> minimax(TicTacToe(), depth=2, symmetry=True).pv
    (4, 0)
    >>> minimax(TicTacToe(), depth=-1)
    Traceback (most recent call last):
      ...
    coursekit.search.core.SearchError: depth must be 0 or more, got -1
    """
    options = dict(
        depth=depth, evaluate=evaluate, cutoff=cutoff, order=order, symmetry=symmetry,
        trace=trace, algorithm="minimax",
    )  # fmt: skip
    search = Search(game, state, **options)
    if depth is None and cutoff is None:
        check_whole_game(game, search.root, "minimax", force, visits="all")
    whole_game_untraced = depth is None and cutoff is None and not trace
    try:
        if whole_game_untraced:
            return _minimax_to_the_end(search)
        return _recursive_minimax(search)
    except RecursionError:
        # Deeper than Python lets functions call each other (about 1,000 plies): the same
        # search, node for node and event for event, with an explicit stack.
        return _minimax_with_stack(Search(game, state, **options))


def _recursive_minimax(search: Search) -> SearchResult:
    """MAX-VALUE and MIN-VALUE calling each other, as in the course."""
    game = search.game
    cutoff_test, static_value, moves, result = (
        search.cutoff_test, search.eval, search.moves, game.result
    )  # fmt: skip
    trace_ = search.trace
    traced = trace_ is not None  # paths and events are built only when tracing
    nodes = leaves = deepest = 0
    # line[ply]: the best line below the node last finished at that ply, as linked pairs
    # (move, rest of the line); unroll(line[0]) is the principal variation.
    line: dict[int, tuple | None] = {}

    def leaf(state: Any, ply: int, path: tuple, player: Player) -> float:
        """A node where the search stops: its static value (UTILITY or e(p))."""
        nonlocal leaves, deepest
        leaves += 1
        deepest = max(deepest, ply)
        line[ply] = None
        value = static_value(state)
        if traced:
            trace_.add(LEAF, path, player, value)
        return value

    def max_value(state: Any, ply: int, path: tuple) -> float:
        """MAX-VALUE(s): the most MAX can make sure of from ``state``."""
        nonlocal nodes
        nodes += 1
        if cutoff_test(state, ply):
            return leaf(state, ply, path, MAX)
        if traced:
            trace_.add(ENTER, path, MAX)
        v, best = -INF, None
        for a in moves(state):
            w = min_value(result(state, a), ply + 1, (*path, a) if traced else path)
            if best is None or w > v:
                v, best = w, (a, line[ply + 1])
        line[ply] = best
        if traced:
            trace_.add(EXIT, path, MAX, v)
        return v

    def min_value(state: Any, ply: int, path: tuple) -> float:
        """MIN-VALUE(s): the least MIN can hold MAX to from ``state``."""
        nonlocal nodes
        nodes += 1
        if cutoff_test(state, ply):
            return leaf(state, ply, path, MIN)
        if traced:
            trace_.add(ENTER, path, MIN)
        v, best = INF, None
        for a in moves(state):
            w = max_value(result(state, a), ply + 1, (*path, a) if traced else path)
            if best is None or w < v:
                v, best = w, (a, line[ply + 1])
        line[ply] = best
        if traced:
            trace_.add(EXIT, path, MIN, v)
        return v

    root = search.root
    value_of = max_value if game.to_move(root) is MAX else min_value
    value = value_of(root, 0, ())
    return search.result(value, unroll(line[0]), nodes=nodes, leaves=leaves, depth=deepest)


def _minimax_to_the_end(search: Search) -> SearchResult:
    """:func:`_recursive_minimax` to the end of the game, without a trace: fewer calls per node.

    The same nodes in the same order, the same values, principal variation and
    counts. Two things make it cheaper: the game answers TERMINAL-TEST and
    UTILITY in one call (``outcome``) and ACTIONS with every RESULT in another
    (``successors``, see :meth:`Search.outcome_and_successors`), and a child
    whose game is over is valued where it is generated, without a call of
    MAX-VALUE or MIN-VALUE for it.
    """
    outcome, successors = search.outcome_and_successors()
    inner = leaves = deepest = 0  # inner: nodes whose moves were searched; nodes = inner + leaves
    # line[ply] as in the general recursion, in a list: one slot per ply (the recursion
    # cannot go deeper than Python's limit; a list is a little faster than a dict here)
    line: list[tuple | None] = [None] * (sys.getrecursionlimit() + 2)

    def max_value(state: Any, ply: int) -> float:
        """MAX-VALUE(s) of a position whose game goes on."""
        nonlocal inner, leaves, deepest
        inner += 1
        v, best = -INF, None
        for a, child in successors(state):
            w = outcome(child)
            if w is None:
                w = min_value(child, ply + 1)
            else:  # a leaf: the game is over there
                leaves += 1
                if ply >= deepest:
                    deepest = ply + 1
                line[ply + 1] = None
            if best is None or w > v:
                v, best = w, (a, line[ply + 1])
        line[ply] = best
        return v

    def min_value(state: Any, ply: int) -> float:
        """MIN-VALUE(s) of a position whose game goes on."""
        nonlocal inner, leaves, deepest
        inner += 1
        v, best = INF, None
        for a, child in successors(state):
            w = outcome(child)
            if w is None:
                w = max_value(child, ply + 1)
            else:
                leaves += 1
                if ply >= deepest:
                    deepest = ply + 1
                line[ply + 1] = None
            if best is None or w < v:
                v, best = w, (a, line[ply + 1])
        line[ply] = best
        return v

    root = search.root
    value = outcome(root)
    if value is not None:  # the game is over at the root: one leaf
        return search.result(value, [], nodes=1, leaves=1, depth=0)
    value = (max_value if search.game.to_move(root) is MAX else min_value)(root, 0)
    return search.result(value, unroll(line[0]), nodes=inner + leaves, leaves=leaves, depth=deepest)


def _minimax_with_stack(search: Search) -> SearchResult:
    """Minimax with an explicit stack instead of recursion: for trees of any depth.

    Each stack entry is one inner node being searched: ``[state, ply, path,
    player, untried actions, best value so far, best line so far, the move
    that led to it]``. Nodes are visited, counted and traced exactly as
    :func:`_recursive_minimax` does.
    """
    game = search.game
    cutoff_test, static_value, moves, result = (
        search.cutoff_test, search.eval, search.moves, game.result
    )  # fmt: skip
    trace_ = search.trace
    traced = trace_ is not None
    nodes = leaves = deepest = 0
    stack: list[list] = []

    def visit(state: Any, ply: int, path: tuple, player: Player, move: Any) -> float | None:
        """Count a node: a leaf's value at once, or None after pushing an inner node."""
        nonlocal nodes, leaves, deepest
        nodes += 1
        if cutoff_test(state, ply):
            leaves += 1
            deepest = max(deepest, ply)
            value = static_value(state)
            if traced:
                trace_.add(LEAF, path, player, value)
            return value
        if traced:
            trace_.add(ENTER, path, player)
        stack.append([state, ply, path, player, iter(moves(state)), None, None, move])
        return None

    def offer(node: list, move: Any, value: float, line: tuple | None) -> None:
        """Let ``node`` keep its child's value and line if it is the first or a better one."""
        best, player = node[5], node[3]
        if node[6] is None or (value > best if player is MAX else value < best):
            node[5], node[6] = value, (move, line)

    root = search.root
    value = visit(root, 0, (), game.to_move(root), None)
    line = None
    while stack:
        node = stack[-1]
        state, ply, path, player, untried = node[:5]
        for a in untried:
            child = (*path, a) if traced else path
            w = visit(result(state, a), ply + 1, child, player.opponent, a)
            if w is None:
                break  # search that child first; this loop goes on after it
            offer(node, a, w, None)
        else:  # every move tried: the node's value is final
            stack.pop()
            v, best, move = node[5:]
            if best is None:  # an inner node without moves, valued as the recursive form does
                v = -INF if player is MAX else INF
            if traced:
                trace_.add(EXIT, path, player, v)
            if stack:
                offer(stack[-1], move, v, best)
            else:
                value, line = v, best
    return search.result(value, unroll(line), nodes=nodes, leaves=leaves, depth=deepest)


@register(
    "minimax (two-phase)",
    chapter=3,
    description="the course's breadth-first form: grow the tree with OPEN/CLOSED, then back up",
)
def minimax_two_phase(
    game: Game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    cutoff: Cutoff | None = None,
    order: Order | None = None,
    symmetry: bool = False,
    trace: bool = False,
) -> SearchResult:
    """Minimax as the course's two-phase procedure with OPEN and CLOSED.

    Phase 1 (steps ①–④) grows the tree T breadth first: take the first node
    n of OPEN, put it on CLOSED and expand it; a child where the search stops
    (a finished game, or depth k reached) is valued at once, every other child
    joins the end of OPEN. Phase 2 (steps ⑤–⑧) backs the values up: each node
    of CLOSED, taken from the end so that its children are already valued,
    gets the largest child value if MAX moves there and the smallest if MIN
    does. The value of the root s is the answer.

    Parameters
    ----------
    game, state, depth, evaluate, cutoff, order, symmetry, trace
        As for :func:`minimax`.

    Returns
    -------
    SearchResult
        The same value, move, principal variation, node and leaf counts as
        :func:`minimax`; only the order of the trace's events differs. It keeps
        the whole tree in memory (O(b^m)); it uses no recursion, so any depth works.

    Raises
    ------
    SearchError
        As :func:`minimax`.

    See Also
    --------
    minimax : the recursive form, which keeps one path (O(bm)).

    Examples
    --------
    >>> from coursekit.games import TicTacToe
    >>> r = minimax_two_phase(TicTacToe(), depth=2, symmetry=True, trace=True)
    >>> r.value, r.move, r.stats.nodes
    (1, 4, 16)
    >>> [e.kind for e in r.trace][:4]     # phase 1: expand the root, then its first child
    ['enter', 'enter', 'leaf', 'leaf']
    """
    search = Search(
        game, state, depth=depth, evaluate=evaluate, cutoff=cutoff, order=order,
        symmetry=symmetry, trace=trace, algorithm="minimax (two-phase)",
    )  # fmt: skip
    trace_ = search.trace
    if trace_ is not None:  # phase 1 computes no value above the tips (pictures show none)
        trace_.running_values = False
    root = search.root
    states = {(): root}  # the tree T: every generated node, by its path
    player = {(): game.to_move(root)}
    f: dict[tuple, float] = {}  # the values f(n) known so far
    children: dict[tuple, list[tuple]] = {}

    def value_now(path: tuple) -> None:
        f[path] = search.eval(states[path])
        if trace_ is not None:
            trace_.add(LEAF, path, player[path], f[path])

    # Phase 1: generate breadth first to depth k and value the tips.
    OPEN, CLOSED = deque(), []
    if search.cutoff_test(root, 0):
        value_now(())
    else:
        OPEN.append(())
    while OPEN:
        n = OPEN.popleft()
        CLOSED.append(n)
        if trace_ is not None:
            trace_.add(ENTER, n, player[n])
        children[n] = []
        for a in search.moves(states[n]):
            child = (*n, a)
            states[child] = game.result(states[n], a)
            player[child] = player[n].opponent
            children[n].append(child)
            if search.cutoff_test(states[child], len(child)):
                value_now(child)
            else:
                OPEN.append(child)

    # Phase 2: back the values up, deepest nodes first.
    for n in reversed(CLOSED):
        if player[n] is MAX:
            f[n] = max((f[c] for c in children[n]), default=-INF)
        else:
            f[n] = min((f[c] for c in children[n]), default=INF)
        if trace_ is not None:
            trace_.add(EXIT, n, player[n], f[n])

    return search.result(
        f[()],
        _principal_variation(f, children),
        nodes=len(states),
        leaves=len(states) - len(CLOSED),
        depth=max(map(len, states)),
    )


def _principal_variation(f: dict[tuple, float], children: dict[tuple, list[tuple]]) -> list:
    """Follow the first child whose value equals its parent's, from the root down."""
    path: tuple = ()
    while children.get(path):
        path = next(c for c in children[path] if f[c] == f[path])
    return list(path)
