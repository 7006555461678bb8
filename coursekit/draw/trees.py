"""Game trees and searches drawn as in the course's figures.

- MAX nodes are squares, MIN nodes circles; values inside, node names beside.
- :func:`draw_search` draws a :class:`~coursekit.search.SearchResult` with a
  trace, as it stood after ``step`` events: nodes not reached yet are faint,
  the node of the latest event is highlighted, unfinished nodes show the best
  value so far (``≥3`` at MAX, ``≤3`` at MIN), pruned nodes are grey with ×,
  and once the search is over the principal variation is bold.
- A depth cut-off is shown by a ruler of depths on the left with the cut-off
  level marked; positions valued by e(p) there have a dashed border.
- Tic-tac-toe positions are drawn as small boards inside the nodes.

Pictures read results; they never search themselves.

>>> from coursekit.games import GameTree
>>> from coursekit.search import minimax
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> picture = draw_search(minimax(tree, trace=True))
>>> "shape=box" in picture.source and "shape=circle" in picture.source
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from coursekit.draw.base import Picture, readable_width_pt
from coursekit.draw.boards import board_label
from coursekit.draw.open_list import open_list_text
from coursekit.errors import CoursekitError
from coursekit.games.base import MAX, Player, move_text
from coursekit.games.chancetree import ChanceTree
from coursekit.games.gametree import GameTree
from coursekit.games.tictactoe import TicTacToe
from coursekit.search.labels import algorithm_label
from coursekit.search.result import (
    CUTOFF,
    ENTER,
    EXIT,
    LEAF,
    Event,
    NodeView,
    SearchResult,
    Trace,
)
from coursekit.text import number_text, say

MAX_DRAWN_NODES = 400
"""Searches with more nodes than this are refused unless ``max_depth`` trims them."""

FAINT = "#b8b8b8"
PRUNED = "#9a9a9a"
CURRENT = "#ffe08a"
CUTOFF_COLOUR = "#c0392b"


@dataclass
class _Node:
    """One node of a picture."""

    path: tuple
    player: Player
    status: str  # "unseen", "open", "done", "leaf", "pruned", "hidden" (below a pruned node)
    value: float | None = None
    alpha: float | None = None
    beta: float | None = None
    name: Hashable = None
    state: Any = None
    terminal: bool = False
    inside: str | None = None  # a name written inside the node (e.g. Grundy's "5-1-1")
    bound: str = ""  # "≤" or "≥" when the value is only a bound on the node's true value
    cut: str | None = None  # "α cut by A" at a node where an α-β search stopped early
    chance: bool = False  # a chance node (dice): nobody chooses there
    edge: str | None = None  # the text on the edge from its parent (a chance outcome's probability)
    move: str | None = None  # the move into it as a reader reads it (Pig's "roll": 掷骰 in Chinese)


def _shape(player: Player) -> str:
    return "box" if player is MAX else "circle"


CHANCE_FILL = "#e4e4e4"
"""The fill of a chance node: a grey circle, so that it reads apart from a MIN node's."""


def _probability_text(p: Any) -> str:
    """A probability on an edge: ``1/6``, ``0.9``."""
    return number_text(p, decimals=True) if isinstance(p, Fraction) else number_text(p)


def _short_value(value: Any) -> str:
    """A value inside a node: an exact fraction with a long denominator as a short decimal.

    >>> _short_value(Fraction(25, 36)), _short_value(Fraction(1, 2)), _short_value(3)
    ('0.694', '1/2', '3')
    """
    if isinstance(value, Fraction) and value.denominator > 12:
        return f"{float(value):.3g}"
    return number_text(value)


def _chance_edges(game: Any, state: Any) -> tuple[bool, dict[Any, str]]:
    """Whether ``state`` is a chance node, and the text on the edge to each outcome: the
    probability (a :class:`ChanceTree`'s outcomes are child indices: the probability alone)."""
    is_chance = getattr(game, "is_chance", None)
    if is_chance is None or not is_chance(state):
        return False, {}
    bare = isinstance(game, ChanceTree)
    return True, {
        outcome: _probability_text(p) if bare else f"{outcome}: {_probability_text(p)}"
        for outcome, p in game.chance_outcomes(state)
    }


def _require(value: Any, kind: type, name: str) -> None:
    """Refuse ``value`` unless it is a ``kind`` (a clear message, not an AttributeError deep
    inside the drawing).

    Raises
    ------
    CoursekitError
        Naming the argument, the type expected and the type given.
    """
    if not isinstance(value, kind):
        got = type(value).__name__
        raise CoursekitError(
            say("errors.draw.wrong_type", name=name, expected=kind.__name__, kind=got)
        )


def draw_chance_tree(tree: ChanceTree) -> Picture:
    """A tree with chance nodes before any search: MAX squares, MIN circles, chance nodes grey
    circles with the probability of each outcome on its edge, leaf values.

    >>> from coursekit.games.chancetree import ChanceTree
    >>> source = draw_chance_tree(ChanceTree.from_nested([((0.9, 2), (0.1, 3)), 1])).source
    >>> source.count(CHANCE_FILL), "label=0.9" in source, source.count("shape=box")
    (1, True, 1)
    """
    _require(tree, ChanceTree, "tree")
    nodes = []
    edges: dict[tuple, str] = {}
    for path in tree.states:
        leaf = tree.is_terminal(path)
        chance, labels = _chance_edges(tree, path)
        edges.update({(*path, outcome): text for outcome, text in labels.items()})
        player = tree.to_move(path)
        nodes.append(
            _Node(
                path,
                player,
                "leaf" if leaf else "done",
                tree.utility(path) if leaf else None,
                state=path,
                terminal=leaf,
                chance=chance,
                edge=edges.get(path),
            )
        )
    return _Builder(nodes, names=False, boards=False).picture("tree")


def draw_tree(tree: GameTree, *, names: bool = True) -> Picture:
    """A game tree before any search: shapes by player, leaf values, labels beside.

    A tree whose leaves, drawn side by side with their names beside them, would be wider
    than a column can show at 12 px text draws its leaves narrower and writes each leaf's
    name under it (an exercise tree of 27 leaves fits a laptop's column whole); names too
    long for one row under the leaves ("B1a1a1") alternate between two rows.

    >>> source = draw_tree(GameTree.from_nested([[3, 12], [2, 4]])).source
    >>> source.count("shape=circle"), source.count("shape=box")
    (2, 5)
    >>> wide = draw_tree(GameTree.from_nested([[[1, 2, 3]] * 3] * 3)).source
    >>> "_name" in wide and "nodesep=0.06" in wide
    True
    """
    _require(tree, GameTree, "tree")
    nodes = []
    for label in tree.labels:
        leaf = tree.is_terminal(label)
        nodes.append(
            _Node(
                tree.path_to(label),
                tree.player(label),
                "leaf" if leaf else "done",
                tree.leaf_value(label) if leaf else None,
                name=label,
                terminal=leaf,
            )
        )
    leaves = sum(node.terminal for node in nodes)
    compact = names and leaves * LEAF_SLOT_PT > readable_width_pt()
    # names too long for one row under narrow leaves: every other one a line lower
    stagger = compact and _leaf_names_pt(nodes) > readable_width_pt(COMPACT_TEXT_PT)
    builder = _Builder(
        nodes, names=names, boards=False, names_under_leaves=compact, stagger_names=stagger
    )
    return builder.picture("tree")


def _leaf_names_pt(nodes: list[_Node]) -> float:
    """About how wide a row of the leaves' names is, each under its narrow leaf (points)."""
    return sum(
        max(COMPACT_LEAF_PT, NAME_CHAR_PT * len(str(node.name))) + COMPACT_GAP_PT
        for node in nodes
        if node.terminal
    )


def draw_search(
    result: SearchResult,
    step: int | None = None,
    *,
    boards: bool | None = None,
    names: bool = True,
    max_depth: int | None = None,
    max_nodes: int = MAX_DRAWN_NODES,
) -> Picture:
    """Draw a search with its trace, as it stood after ``step`` events (all when ``None``).

    Parameters
    ----------
    result:
        A search result made with ``trace=True``.
    step:
        How many events of the trace to show (0 = before the search starts).
    boards:
        Draw tic-tac-toe positions as boards inside the nodes (default: when
        the game is tic-tac-toe).
    names:
        Write node names beside the nodes (a GameTree's labels, a Grundy
        position's heaps).
    max_depth:
        Leave out nodes deeper than this (a "…" marks a cut subtree).
    max_nodes:
        Refuse to draw more nodes than this (a ValueError says so).
    """
    _require(result, SearchResult, "result")
    trace = result.trace
    if trace is None:
        raise ValueError(say("errors.draw.needs_trace", function="draw_search"))
    total = len(trace)
    k = total if step is None else max(0, min(int(step), total))
    options = {"boards": boards, "names": names, "max_depth": max_depth, "max_nodes": max_nodes}
    return _draw(result, k, trace.snapshot(k), **options)


def draw_search_steps(
    result: SearchResult, steps: list[int], *, max_depth: int | None = None, **options: Any
) -> list[Picture]:
    """:func:`draw_search` at each of ``steps`` (increasing), in one pass over the trace.

    Drawing step k alone reads the first k events; these pictures share one
    snapshot of the search, brought forward from step to step
    (:meth:`~coursekit.search.result.Trace.advance`).

    >>> from coursekit.search import minimax
    >>> r = minimax(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True)
    >>> pictures = draw_search_steps(r, [0, 5, 17])
    >>> [p.source == draw_search(r, k).source for k, p in zip([0, 5, 17], pictures)]
    [True, True, True]
    """
    _require(result, SearchResult, "result")
    trace = result.trace
    if trace is None:
        raise ValueError(say("errors.draw.needs_trace", function="draw_search_steps"))
    total = len(trace)
    if any(a > b for a, b in itertools.pairwise(steps)):
        raise ValueError(say("errors.draw.steps", steps=steps[:8]))
    view: dict[tuple, NodeView] = {}
    done = 0
    pictures = []
    if isinstance(result.game, GameTree):  # the same nodes at every step: walked once
        options["skeleton"] = _tree_skeleton(result.game, result.state, max_depth)
    for step in steps:
        k = max(0, min(int(step), total))
        trace.advance(view, done, k)
        done = k
        pictures.append(_draw(result, k, view, max_depth=max_depth, **options))
    return pictures


def _draw(
    result: SearchResult,
    k: int,
    view: dict[tuple, NodeView],
    *,
    boards: bool | None = None,
    names: bool = True,
    max_depth: int | None = None,
    max_nodes: int = MAX_DRAWN_NODES,
    skeleton: list[tuple] | None = None,
) -> Picture:
    """The picture of ``result`` after ``k`` events, whose snapshot is ``view`` (a game
    tree's ``skeleton``, from :func:`_tree_skeleton`, saves walking it again)."""
    trace = result.trace
    total = len(trace)
    game = result.game
    if boards is None:
        boards = isinstance(game, TicTacToe)
    if isinstance(game, GameTree):
        nodes = _tree_nodes(game, result.state, view, max_depth, skeleton)
    else:
        nodes = _searched_nodes(game, result.state, view)
    trimmed: set[tuple] = set()
    if max_depth is not None:
        trimmed = {n.path[:-1] for n in nodes if len(n.path) > max_depth and n.status != "hidden"}
        nodes = [n for n in nodes if len(n.path) <= max_depth]
    _mark_cuts_and_bounds(nodes, trace, k)
    if k == total:
        _solve_principal_variation(nodes, result)
    shown = [n for n in nodes if n.status != "hidden"]
    if len(shown) > max_nodes:
        raise ValueError(say("errors.draw.too_many_nodes", count=len(shown), most=max_nodes))
    builder = _Builder(
        nodes,
        names=names,
        boards=boards,
        pv=result.pv if k == total else None,
        current=trace[k - 1] if 0 < k < total else None,
        depth_limit=result.depth_limit,
        trimmed=trimmed,
        max_depth=max_depth,
    )
    picture = builder.picture("search")
    caption = _caption(result, k, total, max_depth)
    picture.attr(label=caption, labelloc="b", fontsize="11")
    return picture


NODE_SLOT_PT = 82.0
"""The width a drawn tree gives each node of a level, in points: a 0.45-inch node, its
name beside it and the gaps (measured with Graphviz: 63–81 pt)."""

WINDOW_SLOT_PT = 118.0
"""The same when α and β are written beside the nodes too (measured: 90–117 pt on
levels of 8 to 27 nodes; up to 129 on a level of 2 to 5, which fits anyway)."""

LEAF_SLOT_PT = 45.0
"""The same for a leaf of the tree, its name under it (measured: 40–44 pt)."""

COMPACT_TEXT_PT = 10.5
"""The size of the names in a tree drawn with narrow leaves (names inside, under leaves)."""

COMPACT_LEAF_PT = 23.0
"""A narrow leaf's width (0.32 inch), in points."""

NAME_CHAR_PT = 6.3
"""About the width of a character of a name in 10.5-pt Helvetica, in points (B 7, 1 5.8)."""

COMPACT_GAP_PT = 7.2
"""The gap between two names under narrow leaves and their margins, in points."""

BOARDS_PER_ROW = 12
"""The most boards a row of a drawn search holds (about 66 pt each): a deeper row of
more boards is drawn on two staggered rows."""

RULER_PT = 100.0
"""The width of the ruler of depths drawn on the left of a depth-limited search."""


def readable_depth(
    level_sizes: list[int],
    *,
    windows: bool = False,
    ruler: bool = False,
    room_pt: float | None = None,
    max_nodes: int = MAX_DRAWN_NODES,
) -> int | None:
    """The deepest level to draw so that the picture fits a notebook column with its text
    still readable (12 px or more), and at most ``max_nodes`` nodes show.

    A level of n nodes is about n × :data:`NODE_SLOT_PT` points wide (n ×
    :data:`WINDOW_SLOT_PT` with α/β beside the nodes, n × :data:`LEAF_SLOT_PT` for the
    leaves, the last level); the page shrinks a picture to its
    column, and a picture wider than ``room_pt`` would show its 12-pt node text below
    12 px (:func:`coursekit.draw.base.readable_width_pt`).

    Parameters
    ----------
    level_sizes:
        How many nodes each level has, the root's level (0) first.
    windows:
        Whether α and β are written beside the nodes (α-β and its relatives).
    ruler:
        Whether the ruler of depths is drawn on the left (a depth-limited search).
    room_pt:
        The widest readable picture, in points (default: a 900 px column, 12-pt text).
    max_nodes:
        The most nodes to draw in all.

    Returns
    -------
    The depth to pass to :func:`draw_search` as ``max_depth``, or None when every
    level fits. The root is always drawn (depth 0 at least).

    Examples
    --------
    >>> readable_depth([1, 3, 9])              # the course's tree: drawn whole
    >>> readable_depth([1, 3, 9, 27])          # 27 leaves need 1,215 pt of 982
    2
    >>> readable_depth([1, 3, 9], windows=True), readable_depth([1, 5, 25, 125])
    (None, 1)
    >>> readable_depth([1, 2, 4, 8, 16, 32, 64], max_nodes=20)
    3
    """
    room = readable_width_pt() if room_pt is None else room_pt
    room -= RULER_PT if ruler else 0.0
    total = 0
    for depth, size in enumerate(level_sizes):
        total += size
        # the last level holds the leaves, their names under them; the others are drawn
        # with their labels beside them (and, a level drawn last, their subtrees as ⋯)
        last = depth == len(level_sizes) - 1
        slot = LEAF_SLOT_PT if last else WINDOW_SLOT_PT if windows else NODE_SLOT_PT
        if depth > 0 and (size * slot > room or total > max_nodes):
            return depth - 1
    return None


def changed_steps(result: SearchResult, max_depth: int | None = None) -> list[int]:
    """The steps at which :func:`draw_search` (drawn to ``max_depth``) may look different
    from the step before: step 0, the last step, every event at a drawn node or at a
    child of one (a child's value changes its parent's), and every step whose event
    happens inside another drawn node than the step before. Everything else changes
    only the caption.

    A step-through of a long search needs the pictures of these steps only
    (:func:`coursekit.draw.graph_view.step_through_at`).

    >>> from coursekit.search import minimax
    >>> r = minimax(GameTree.from_nested([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]), trace=True)
    >>> len(r.trace), changed_steps(r) == list(range(23))
    (22, True)
    >>> changed_steps(r, max_depth=0)      # the root's children enter and exit at 2, 11, 12, 21
    [0, 1, 2, 11, 12, 21, 22]
    """
    trace = result.trace
    if trace is None:
        raise ValueError(say("errors.draw.needs_trace", function="changed_steps"))
    total = len(trace)
    if max_depth is None:
        return list(range(total + 1))
    steps = [0]
    inside = None  # the drawn node the previous step happened in (highlighted)
    for k in range(1, total):
        path = trace[k - 1].path
        here = path[:max_depth]
        if len(path) <= max_depth + 1 or here != inside:
            steps.append(k)
        inside = here
    if total:
        steps.append(total)
    return steps


def _tree_nodes(
    tree: GameTree,
    root: str,
    view: dict[tuple, NodeView],
    max_depth: int | None = None,
    skeleton: list[tuple] | None = None,
) -> list[_Node]:
    """Every node of the subtree at ``root``, with what the trace knows about it (with
    ``max_depth``: down to one level below it, enough to know which subtrees are cut).

    ``skeleton`` is :func:`_tree_skeleton`'s answer, when the caller draws many steps."""
    nodes: list[_Node] = []
    for path, label, parent, player, terminal in skeleton or _tree_skeleton(tree, root, max_depth):
        known = view.get(path)
        if known is not None:
            status, value, alpha, beta = known.status, known.value, known.alpha, known.beta
        else:  # below a pruned node it is never generated: hidden
            gone = parent >= 0 and nodes[parent].status in ("pruned", "hidden")
            status, value, alpha, beta = ("hidden" if gone else "unseen"), None, None, None
        nodes.append(_Node(path, player, status, value, alpha, beta, label, terminal=terminal))
    return nodes


def _tree_skeleton(tree: GameTree, root: str, max_depth: int | None = None) -> list[tuple]:
    """The nodes :func:`_tree_nodes` lists, in the same order, as (path, label, index of
    the parent, player, terminal): what does not change from step to step."""
    skeleton: list[tuple] = []
    stack: list[tuple[str, tuple, int]] = [(root, (), -1)]
    while stack:
        label, path, parent = stack.pop()
        skeleton.append((path, label, parent, tree.player(label), tree.is_terminal(label)))
        if max_depth is None or len(path) <= max_depth:
            here = len(skeleton) - 1
            for child in reversed(tree.children(label)):
                stack.append((child, (*path, child), here))
    return skeleton


def _searched_nodes(game: Any, root: Any, view: dict[tuple, NodeView]) -> list[_Node]:
    """The nodes the trace reached (in the order it reached them), with their positions;
    a chance node's outcomes carry their probabilities to their edges."""
    states = {(): root}
    nodes = []
    edges: dict[tuple, str] = {}
    for path, known in view.items():  # parents come before their children
        if path not in states:
            states[path] = game.result(states[path[:-1]], path[-1])
        state = states[path]
        chance, labels = _chance_edges(game, state)
        edges.update({(*path, outcome): text for outcome, text in labels.items()})
        nodes.append(
            _Node(
                path,
                known.player,
                known.status,
                known.value,
                known.alpha,
                known.beta,
                state=state,
                terminal=game.is_terminal(state),
                inside=getattr(state, "label", None),  # e.g. Grundy's "5-1-1"
                chance=chance,
                edge=edges.get(path),
                move=move_text(game, path[-1]) if path else None,
            )
        )
    return nodes


def _mark_cuts_and_bounds(nodes: list[_Node], trace: Trace, k: int) -> None:
    """Write the cuts made in the first ``k`` events beside their nodes, and mark bounds.

    A finished node's value is exact only inside the window it was entered
    with. A MIN node that ends with β ≤ α (or a MAX node with α ≥ β) is shown
    with its own bound, ``≤β`` (``≥α``), as the course's figures do; any other
    value at or below the α it was entered with is an upper bound (≤), at or
    above its β a lower bound (≥).
    """
    entered = {e.path: (e.alpha, e.beta) for e in trace.events[:k] if e.kind == ENTER}
    cuts = {c.path: c for c in trace.upto(k).cutoffs()}
    for node in nodes:
        cut = cuts.get(node.path)
        if cut is not None and cut.kind:
            by = say("captions.the_window") if cut.cause is None else _short_name(cut.cause, trace)
            node.cut = say("captions.cut_by", label=cut.label, by=by)
        if node.status == "open" and node.value is not None and node.path in entered:
            # the bound of an unfinished node follows its best child so far
            if node.player is MAX and node.alpha is not None:
                node.alpha = max(node.alpha, node.value)
            elif node.player is not MAX and node.beta is not None:
                node.beta = min(node.beta, node.value)
        if node.status != "done" or node.value is None or node.path not in entered:
            continue
        alpha, beta = node.alpha, node.beta
        if alpha is not None and beta is not None and beta <= alpha:  # stopped early
            node.bound, node.value = ("≥", alpha) if node.player is MAX else ("≤", beta)
            continue
        alpha, beta = entered[node.path]
        if alpha is not None and alpha > -math.inf and node.value <= alpha:
            node.bound = "≤"
        elif beta is not None and beta < math.inf and node.value >= beta:
            node.bound = "≥"


def _solve_principal_variation(nodes: list[_Node], result: SearchResult) -> None:
    """After the last step, every node of the principal variation is worth the root's value.

    A depth-first search has finished them all; a best-first one (SSS*, DUAL*) stops when
    the root is solved, and its trace leaves the root and the nodes above the deciding leaf
    open: they are drawn with the value the caption states, not empty or as a bound.
    """
    if result.pv is None or result.value is None:
        return
    line = {tuple(result.pv[:i]) for i in range(len(result.pv) + 1)}
    for node in nodes:
        if node.path in line and node.status == "open":
            node.status, node.value, node.bound = "done", result.value, ""


def _short_name(name: Hashable, trace: Trace) -> str:
    """A node's name beside another node: a bare path (no names) as its moves, the root as such."""
    if isinstance(name, tuple):
        if not name:
            return say("captions.the_root")
        return say("captions.after", moves=" ".join(map(trace.move_text, name)))
    return str(name)


def _caption(result: SearchResult, k: int, total: int, max_depth: int | None = None) -> str:
    algorithm = algorithm_label(result.algorithm) if result.algorithm else say("captions.search")
    if k == 0:
        return _with_open_list(say("captions.start", algorithm=algorithm, total=total), result, k)
    event = result.trace[k - 1]
    name = result.trace.name(event.path)
    if not event.path:
        who = say("captions.the_root")
    elif name == event.path:  # the game gives no names: say how the node is reached
        who = say("captions.node_after", moves=" ".join(map(result.trace.move_text, event.path)))
    else:
        who = str(name)
    what = say(
        {ENTER: "captions.enter", LEAF: "captions.leaf", EXIT: "captions.exit"}.get(
            event.kind, "captions.cutoff_at"
        ),
        who=who,
        value=number_text(event.value),
    )
    if event.kind == CUTOFF and event.cut:
        what = str(result.trace[k - 1 : k].cutoffs()[0])  # this event's cut alone
    stopped = event.alpha is not None and event.beta is not None and event.beta <= event.alpha
    if event.kind == EXIT and stopped:
        own = event.alpha if event.player is MAX else event.beta
        sign = "≥" if event.player is MAX else "≤"
        what = say("captions.exit_bound", who=who, sign=sign, value=number_text(own))
        if own != event.value:
            what += say("captions.returns", value=number_text(event.value))
    text = say("captions.step", algorithm=algorithm, k=k, total=total, what=what)
    if k == total:
        text += say("captions.final", value=number_text(result.value), move=result.move_text)
    return _with_open_list(text + _below_drawn_depth(result, k, total, max_depth), result, k)


def search_caption(result: SearchResult, step: int, max_depth: int | None = None) -> str:
    """The caption :func:`draw_search` writes under the search after ``step`` events.

    >>> from coursekit.search import minimax
    >>> tree = GameTree.from_nested([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    >>> search_caption(minimax(tree, trace=True), 3)
    'minimax: step 3 of 22, enter B1'
    """
    total = len(result.trace)
    return _caption(result, max(0, min(int(step), total)), total, max_depth)


def _below_drawn_depth(result: SearchResult, k: int, total: int, max_depth: int | None) -> str:
    """What a caption adds when the tree is drawn to ``max_depth`` only: that it is, and,
    when step k happens below that depth, the drawn node it happens inside (highlighted).

    >>> from coursekit.search import minimax
    >>> r = minimax(GameTree.from_nested([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]), trace=True)
    >>> _below_drawn_depth(r, 4, len(r.trace), max_depth=1)
    ' — inside B (highlighted); the tree is drawn to depth 1 of 3'
    >>> _below_drawn_depth(r, 2, len(r.trace), max_depth=1)
    '; the tree is drawn to depth 1 of 3'
    >>> _below_drawn_depth(r, 4, len(r.trace), max_depth=3)
    ''
    """
    deepest = result.stats.depth
    if max_depth is None or deepest <= max_depth:
        return ""
    note = say("captions.drawn_to", depth=max_depth, deepest=deepest)
    path = result.trace[k - 1].path if 0 < k < total else ()
    if len(path) <= max_depth:
        return say("captions.note", note=note)
    name = result.trace.name(path[:max_depth])
    if isinstance(name, tuple):
        name = say("captions.node_after", moves=" ".join(map(result.trace.move_text, name)))
    return say("captions.inside", inside=name, note=note)


def _with_open_list(text: str, result: SearchResult, k: int) -> str:
    """``text``, and below it SSS*'s or DUAL*'s OPEN list after step ``k`` (other searches:
    ``text`` alone)."""
    open_list = open_list_text(result, k)
    return f"{text}\n{open_list}" if open_list else text


LABEL_SUFFIX = "_label"
"""A tree node's label node is named after it with this suffix (``n3`` → ``n3_label``)."""

NAME_SUFFIX = "_name"
"""A leaf's name stands under it, in a text node named after it with this suffix."""

LABEL_CLASS = "ck-label"
"""The SVG class of the text nodes beside tree nodes (not nodes of the tree itself)."""


class _Builder:
    """Turns a list of nodes into the graphviz picture."""

    def __init__(
        self,
        nodes: list[_Node],
        *,
        names: bool,
        boards: bool,
        pv: list | None = None,
        current: Event | None = None,
        depth_limit: int | None = None,
        trimmed: set[tuple] | None = None,
        max_depth: int | None = None,
        names_under_leaves: bool = False,
        stagger_names: bool = False,
    ) -> None:
        # named before the hidden ones are left out: a node keeps its name at every step
        self.ids = {n.path: f"n{i}" for i, n in enumerate(nodes)}
        self.nodes = [n for n in nodes if n.status != "hidden"]
        self.names = names
        self.boards = boards
        self.pv_paths = {tuple(pv[:i]) for i in range(len(pv) + 1)} if pv is not None else set()
        # a step below the drawn depth highlights the drawn node it happens inside
        self.current = current.path[:max_depth] if current is not None else None
        self.depth_limit = depth_limit
        self.trimmed = trimmed or set()  # nodes whose children are left out of the picture
        # a wide tree: narrow leaves, their names (under them) in smaller text
        self.names_under_leaves = names_under_leaves
        # names too long for a row: every other leaf's name (left to right) a line lower
        leaves = sorted(n.path for n in self.nodes if self._name_under(n))
        self.lower_names = set(leaves[1::2]) if stagger_names else set()
        # a row of boards too wide for a slide: every other board of it a row lower
        self.lower_boards = self._lower_boards() if boards else set()

    def picture(self, name: str) -> Picture:
        windows = any(n.alpha is not None or n.beta is not None for n in self.nodes)
        # (the gap between a node and its label too: the labels themselves keep nodes apart)
        spacing = (
            {"nodesep": "0.12", "ranksep": "0.35"}
            if windows
            else {"nodesep": "0.06", "ranksep": "0.3"}
            if self.names_under_leaves
            else {"nodesep": "0.12", "ranksep": "0.4"}
        )
        if self.lower_boards:  # each lower board between two upper ones, in the game's order
            spacing = {**spacing, "nodesep": "0.06", "ordering": "out"}
        picture = Picture(name, graph_attr={"rankdir": "TB", **spacing})
        self._ruler(picture)  # declared first, so that it stands on the left
        for node in self.nodes:
            picture.node(self.ids[node.path], **self._node_attrs(node))
        before = self._left_siblings()
        for node in self.nodes:
            self._label_beside(picture, node, before.get(node.path))
        for node in self.nodes:
            if node.path and node.path[:-1] in self.ids:
                parent, child = self.ids[node.path[:-1]], self.ids[node.path]
                lower = {"minlen": "2"} if node.path in self.lower_boards else {}
                picture.edge(parent, child, **self._edge_attrs(node), **lower)
        for node in self.nodes:
            if self._name_under(node):
                name = self.ids[node.path] + NAME_SUFFIX
                small = (
                    {"fontsize": f"{COMPACT_TEXT_PT:g}", "margin": "0.01"}
                    if self.names_under_leaves
                    else {}
                )
                small = small or {"margin": "0.02"}
                picture.node(
                    name, str(node.name), shape="plaintext", width="0", height="0.15",
                    fontcolor=self._faint_text(node), **small, **{"class": LABEL_CLASS},
                )  # fmt: skip
                # straight under its leaf, close to it (or a row lower, between two others)
                lower = {"minlen": "2"} if node.path in self.lower_names else {}
                picture.edge(self.ids[node.path], name, style="invis", weight="100", **lower)
        for node in self.nodes:  # a subtree left out of the picture
            if node.path in self.trimmed:
                more = self.ids[node.path] + "_more"
                # narrower than a node, so that the row of ⋯ is never the widest
                picture.node(
                    more, "⋯", shape="plaintext", fontcolor=FAINT, width="0.3", height="0.2"
                )
                picture.edge(
                    self.ids[node.path], more, style="dotted", arrowhead="none", color=FAINT
                )
        return picture

    def _lower_boards(self) -> set[tuple]:
        """The boards drawn a row lower than their depth: every other one (left to right)
        of the deepest row, when that row has more than :data:`BOARDS_PER_ROW` boards."""
        deepest = max(len(n.path) for n in self.nodes)
        row = [n.path for n in self.nodes if len(n.path) == deepest and n.state is not None]
        if len(row) <= BOARDS_PER_ROW:
            return set()
        return set(row[1::2])

    def _name_under(self, node: _Node) -> bool:
        """Whether the node's name stands under it: a leaf's (it has no window or cut)."""
        return self.names and node.terminal and node.name is not None

    def _name_inside(self, node: _Node) -> bool:
        """Whether an inner node's name stands inside it: in a tree too wide for names
        beside its nodes, drawn before any search (its inner nodes have no value)."""
        return (
            self.names_under_leaves
            and self.names
            and not node.terminal
            and node.name is not None
            and not self._value_text(node)
        )

    @staticmethod
    def _faint_text(node: _Node) -> str | None:
        """The colour of the texts of a node not searched (yet): None for the others."""
        return {"unseen": FAINT, "pruned": PRUNED}.get(node.status)

    def _node_attrs(self, node: _Node) -> dict[str, str]:
        attrs = {"shape": _shape(node.player), "fixedsize": "false"}
        if node.chance:
            attrs["shape"] = "circle"
        faint = node.status in ("unseen", "pruned")
        text = self._value_text(node)
        if self.boards and node.state is not None:
            last = node.path[-1] if node.path else None
            attrs["label"] = board_label(node.state, caption=text or " ", last=last)
            attrs["margin"] = "0.04"
        elif node.inside is not None:
            attrs["label"] = f"{node.inside}\\n{text}" if text else str(node.inside)
        elif self._name_inside(node):  # "B1a2c" in 10.5 pt fits a 0.45-inch node
            attrs["label"], attrs["fontsize"] = str(node.name), "10"
            attrs["width"] = attrs["height"] = "0.45"
            attrs["fixedsize"] = "true"
        else:
            attrs["label"] = text or " "
            attrs["width"] = attrs["height"] = "0.45"
            if self.names_under_leaves and self._name_under(node):  # "27" fits 0.32 inch
                attrs["width"] = attrs["height"] = "0.32"
                attrs["fixedsize"] = "true"
        styles = []
        if faint:
            attrs["color"] = attrs["fontcolor"] = FAINT if node.status == "unseen" else PRUNED
        if node.status == "pruned":
            attrs["label"] = "×" if not self.boards or node.state is None else attrs["label"]
            styles.append("dashed")
        if self._evaluated_at_cutoff(node):
            styles.append("dashed")
        if node.cut is not None:
            attrs["color"] = CUTOFF_COLOUR
            attrs["penwidth"] = "2"
        if node.chance:
            styles.append("filled")
            attrs["fillcolor"] = CHANCE_FILL
        if node.path == self.current:
            styles.append("filled")
            attrs["fillcolor"] = CURRENT
        if node.path in self.pv_paths:
            attrs["penwidth"] = "2.5"
            styles.append("bold")
        if styles:
            attrs["style"] = ",".join(dict.fromkeys(styles))
        return attrs

    def _evaluated_at_cutoff(self, node: _Node) -> bool:
        return (
            self.depth_limit is not None
            and node.status == "leaf"
            and not node.terminal
            and len(node.path) >= self.depth_limit
        )

    def _value_text(self, node: _Node) -> str:
        if node.status == "open" and node.value is not None and not node.chance:
            return ("≥" if node.player is MAX else "≤") + _short_value(node.value)
        if node.status in ("done", "leaf"):
            return node.bound + _short_value(node.value)
        return ""

    def _left_siblings(self) -> dict[tuple, tuple]:
        """Each node's sibling just left of it on its rank (its move comes just before, in the
        order the game lists them), by path; a board drawn a rank lower has none, nor has a
        node whose moves cannot be ordered."""
        children: dict[tuple, list[tuple]] = {}
        for node in self.nodes:
            if node.path and node.path not in self.lower_boards:
                children.setdefault(node.path[:-1], []).append(node.path)
        found = {}
        for paths in children.values():
            try:
                paths.sort()
            except TypeError:  # moves of mixed kinds: no order to keep
                continue
            found.update(zip(paths[1:], paths[:-1], strict=True))
        return found

    def _label_beside(self, picture: Picture, node: _Node, left: tuple | None = None) -> None:
        """The node's name, window and cut as a text node just left of it, on its rank:
        between it and its sibling ``left`` (the path of the one drawn before it), if any.

        Graphviz places an ``xlabel`` after the layout, where it finds room among the
        nodes but not the edges: names crossed edges and windows stood far from their
        node. A node of its own takes its room in the layout, and edges go around it;
        an invisible edge from the sibling on its left keeps it from standing beyond
        that sibling (beside the wrong node). Its name is the node's with
        :data:`LABEL_SUFFIX` (a leaf's name stands under it instead,
        :data:`NAME_SUFFIX`); both carry the class :data:`LABEL_CLASS`.
        """
        text = self._side_text(node)
        if not text:
            return
        node_id = self.ids[node.path]
        picture.node(
            node_id + LABEL_SUFFIX,
            "".join(line + "\\r" for line in text),  # each line right-aligned, to the node
            shape="plaintext", width="0", height="0", margin="0.02",
            fontcolor=self._faint_text(node), **{"class": LABEL_CLASS},
        )  # fmt: skip
        with picture.subgraph() as rank:
            rank.attr(rank="same")
            rank.edge(node_id + LABEL_SUFFIX, node_id, style="invis", weight="10")
            if left is not None and left in self.ids:
                rank.edge(self.ids[left], node_id + LABEL_SUFFIX, style="invis", weight="1")

    def _side_text(self, node: _Node) -> list[str]:
        """The lines written beside a node: its name, its window (α, β) and its cut."""
        parts = []
        named = self.names and node.name is not None
        if named and not self._name_under(node) and not self._name_inside(node):
            parts.append(str(node.name))
        if node.status != "leaf" and (node.alpha is not None or node.beta is not None):
            parts.append(f"α={number_text(node.alpha)} β={number_text(node.beta)}")
        if node.cut is not None:
            parts.append(node.cut)
        return parts

    def _edge_attrs(self, node: _Node) -> dict[str, str]:
        attrs = {"arrowhead": "none"}
        if node.status in ("unseen", "pruned"):
            attrs["color"] = FAINT if node.status == "unseen" else PRUNED
        if node.status == "pruned":
            attrs["style"] = "dashed"
        if node.path in self.pv_paths:
            attrs["penwidth"] = "2.5"
        if node.edge is not None:
            attrs["label"] = node.edge
        elif not self.boards and node.name is None and node.inside is None:
            attrs["label"] = node.move if node.move is not None else str(node.path[-1])
        return attrs

    def _ruler(self, picture: Picture) -> None:
        """Depths on the left, the cut-off depth marked, each level on its own rank (a
        staggered row's lower boards on one of their own, under it)."""
        if self.depth_limit is None:
            return
        deepest = max(len(n.path) for n in self.nodes)
        levels: dict[int, list[str]] = {}
        lower: list[str] = []
        for node in self.nodes:
            if node.path in self.lower_boards:
                lower.append(self.ids[node.path])
            else:
                levels.setdefault(len(node.path), []).append(self.ids[node.path])
        for d in range(deepest + 1):
            marker = d == self.depth_limit
            text = say("printed.search.depth", depth=d)
            if marker:
                text += "\\n" + say("printed.search.cutoff")
            picture.node(
                f"depth{d}",
                text,
                shape="plaintext",
                fontsize="11",  # as a board's marks: no smaller text sets a slide's scale
                fontcolor=CUTOFF_COLOUR if marker else "#555555",
            )
            if d:
                picture.edge(f"depth{d - 1}", f"depth{d}", style="invis")
            with picture.subgraph() as level:
                level.attr(rank="same")
                level.node(f"depth{d}")
                for node_id in levels.get(d, []):
                    level.node(node_id)
        if lower:
            picture.node(f"depth{deepest}_lower", " ", shape="plaintext", width="0")
            picture.edge(f"depth{deepest}", f"depth{deepest}_lower", style="invis")
            with picture.subgraph() as level:
                level.attr(rank="same")
                level.node(f"depth{deepest}_lower")
                for node_id in lower:
                    level.node(node_id)
