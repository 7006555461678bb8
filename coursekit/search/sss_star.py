"""SSS* and DUAL*: best-first searches that never look at a leaf α-β skips.

SSS* (Stockman 1979) keeps an OPEN list of states ``(n, status, h)``: a
node, whether it is LIVE (not yet looked at) or SOLVED, and its merit h, an
upper bound on what the root can be worth through n. It always takes the
state with the highest merit (ties: the leftmost node) and applies one of six
cases (numbered here as in this module; the root is a MAX node):

- Γ1  LIVE, n a leaf: put back (n, SOLVED, min(h, f(n))).
- Γ2  LIVE, n a MAX node: put back (c, LIVE, h) for every child c.
- Γ3  LIVE, n a MIN node: put back (first child, LIVE, h).
- Γ4  SOLVED, n's parent is MIN and n has a next sibling s: put back (s, LIVE, h).
- Γ5  SOLVED, n's parent is MIN and n is its last child: put back (parent, SOLVED, h).
- Γ6  SOLVED, n's parent is MAX: put back (parent, SOLVED, h) and delete
  every state below the parent from OPEN (its other children cannot beat h).

The search ends when the root is taken SOLVED: its merit is the minimax value.

DUAL* (Marsland, Reinefeld & Schaeffer 1987) is the same search with the
roles of MAX and MIN exchanged: the merit is a lower bound, the state with
the *lowest* merit is taken, and MIN nodes open all their children.

Found here (tests/search/test_sss_star.py, thousands of random trees):
both return the minimax value; on uniform trees every leaf SSS* evaluates is
also evaluated by α-β with the same move order (Stockman's theorem), and so
is every leaf DUAL* evaluates; on ragged trees and trees with ties the same
inclusion held on every tree tried, and SSS* never evaluated more leaves.

>>> from coursekit.games import GameTree
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> r = sss_star(tree, trace=True)
>>> r.value, r.move, r.stats.leaves
(3, 'B', 7)
>>> print(r.trace.steps[0])
Γ2 at A: OPEN = (B, live, ∞) (C, live, ∞) (D, live, ∞)
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any, NamedTuple

from coursekit.games.base import MAX, MIN, Game
from coursekit.search.core import Cutoff, Evaluate, Order, Search, check_whole_game
from coursekit.search.registry import register
from coursekit.search.result import ENTER, LEAF, SearchResult
from coursekit.text import number_text, say

INF = math.inf
LIVE = "live"
SOLVED = "solved"


class OpenEntry(NamedTuple):
    """One state of the OPEN list, as a person reads it."""

    node: Hashable
    status: str
    merit: float

    def __str__(self) -> str:
        return f"({self.node}, {self.status}, {number_text(self.merit)})"


class Step(NamedTuple):
    """One step of SSS* or DUAL*: the case applied to ``node`` and OPEN after it."""

    case: str
    node: Hashable
    open: tuple[OpenEntry, ...]

    def __str__(self) -> str:
        states = " ".join(map(str, self.open)) or "—"
        return say("printed_search.sss_step", case=self.case, node=self.node, states=states)


@register("SSS*", chapter=6, description="Stockman's best-first search: never more leaves than α-β")
def sss_star(
    game: Game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    cutoff: Cutoff | None = None,
    order: Order | None = None,
    trace: bool = False,
    force: bool = False,
) -> SearchResult:
    """Search ``game`` from ``state`` by SSS* (the player to move at the root maximizes).

    Parameters
    ----------
    game, state, depth, evaluate, cutoff, order:
        As for :func:`~coursekit.search.minimax`.
    trace:
        Record the usual enter / leaf events and, in ``result.trace.steps``,
        one :class:`Step` per case applied, with the OPEN list after it.
    force:
        Search a whole game (no ``depth``, no ``cutoff``) even when it is
        estimated too large to finish (as :func:`~coursekit.search.alphabeta`).

    Returns
    -------
    SearchResult
        The minimax value from MAX's point of view, the move, a principal
        variation and statistics (``nodes``: nodes taken LIVE from OPEN,
        ``leaves``: leaves evaluated).

    Raises
    ------
    SearchError
        As :func:`~coursekit.search.minimax` does for bad arguments, and up
        front for a search of a whole game too large to finish.

    Examples
    --------
    >>> from coursekit.games import GameTree
    >>> sss_star(GameTree.from_nested([[1, 5], [4, 2]])).value
    2
    """
    return _best_first(game, state, depth, evaluate, cutoff, order, trace, force, dual=False)


@register("DUAL*", chapter=6, description="SSS* with MAX and MIN exchanged")
def dual_star(
    game: Game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    cutoff: Cutoff | None = None,
    order: Order | None = None,
    trace: bool = False,
    force: bool = False,
) -> SearchResult:
    """Search ``game`` from ``state`` by DUAL*: SSS* seen from the player not to move.

    Parameters, Returns and Raises are those of :func:`sss_star`.

    Examples
    --------
    >>> from coursekit.games import GameTree
    >>> dual_star(GameTree.from_nested([[1, 5], [4, 2]])).value
    2
    """
    return _best_first(game, state, depth, evaluate, cutoff, order, trace, force, dual=True)


def _best_first(game, state, depth, evaluate, cutoff, order, trace, force, *, dual) -> SearchResult:
    name = "DUAL*" if dual else "SSS*"
    search = Search(
        game, state, depth=depth, evaluate=evaluate, cutoff=cutoff, order=order,
        trace=trace, algorithm=name,
    )  # fmt: skip
    if depth is None and cutoff is None:
        check_whole_game(game, search.root, "dual_star" if dual else "sss_star", force)
    root_player = game.to_move(search.root) if not game.is_terminal(search.root) else MAX
    # The search maximizes for ``me``; values are turned to its point of view by ``sign``.
    me = root_player if not dual else (MIN if root_player is MAX else MAX)
    sign = 1 if me is MAX else -1
    trace_ = search.trace
    steps: list[Step] = []
    label = trace_.name if trace_ is not None else None
    # Each node is its path of moves; ``index`` is its path of child numbers (for "leftmost").
    states: dict[tuple, Any] = {(): search.root}
    index: dict[tuple, tuple] = {(): ()}
    kids: dict[tuple, list] = {}
    open_: dict[tuple, tuple[str, float, tuple | None]] = {(): (LIVE, INF, None)}
    nodes = leaves = deepest = 0

    def children(path: tuple) -> list:
        if path not in kids:
            actions = list(search.moves(states[path]))
            kids[path] = actions
            for i, a in enumerate(actions):
                child = (*path, a)
                states[child] = game.result(states[path], a)
                index[child] = (*index[path], i)
        return kids[path]

    def is_leaf(path: tuple) -> bool:
        return search.cutoff_test(states[path], len(path))

    def record(case: str, path: tuple) -> None:
        if trace_ is None:
            return
        view = sorted(open_.items(), key=lambda item: (-item[1][1], index[item[0]]))
        entries = tuple(
            OpenEntry(label(p), s, sign * h) for p, (s, h, _) in view
        )  # merit shown from MAX's point of view
        steps.append(Step(case, label(path), entries))

    while True:
        path = min(open_, key=lambda p: (-open_[p][1], index[p]))
        status, h, witness = open_.pop(path)
        if status is SOLVED and path == ():
            break
        if status is LIVE:
            nodes += 1
            if is_leaf(path):
                leaves += 1
                deepest = max(deepest, len(path))
                value = search.eval(states[path])
                if trace_ is not None:
                    trace_.add(LEAF, path, game.to_move(states[path]), value)
                mine = sign * value
                if mine < h or witness is None:  # (None: h is still ∞, and so may the leaf be)
                    h, witness = mine, path
                open_[path] = (SOLVED, h, witness)
                record("Γ1", path)
                continue
            actions = children(path)
            player = game.to_move(states[path])
            if trace_ is not None:
                trace_.add(ENTER, path, player)
            if player is me:
                for a in actions:
                    open_[(*path, a)] = (LIVE, h, witness)
                record("Γ2", path)
            else:
                open_[(*path, actions[0])] = (LIVE, h, witness)
                record("Γ3", path)
            continue
        parent = path[:-1]
        if game.to_move(states[parent]) is not me:
            actions = kids[parent]
            position = index[path][-1]
            if position + 1 < len(actions):
                open_[(*parent, actions[position + 1])] = (LIVE, h, witness)
                record("Γ4", path)
            else:
                open_[parent] = (SOLVED, h, witness)
                record("Γ5", path)
        else:
            depth_ = len(parent)
            for p in [p for p in open_ if len(p) > depth_ and p[:depth_] == parent]:
                del open_[p]
            open_[parent] = (SOLVED, h, witness)
            record("Γ6", path)
    if trace_ is not None:
        trace_.steps = tuple(steps)  # type: ignore[attr-defined]
    pv = list(witness) if witness is not None else []
    return search.result(sign * h, pv, nodes=nodes, leaves=leaves, depth=deepest)
