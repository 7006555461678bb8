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

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from coursekit.draw.base import Picture
from coursekit.draw.boards import board_label
from coursekit.draw.open_list import open_list_text
from coursekit.games.base import MAX, Player
from coursekit.games.gametree import GameTree
from coursekit.games.tictactoe import TicTacToe
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
from coursekit.text import number_text

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


def _shape(player: Player) -> str:
    return "box" if player is MAX else "circle"


def draw_tree(tree: GameTree, *, names: bool = True) -> Picture:
    """A game tree before any search: shapes by player, leaf values, labels beside.

    >>> source = draw_tree(GameTree.from_nested([[3, 12], [2, 4]])).source
    >>> source.count("shape=circle"), source.count("shape=box")
    (2, 5)
    """
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
    return _Builder(nodes, names=names, boards=False).picture("tree")


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
    trace = result.trace
    if trace is None:
        raise ValueError("draw_search needs a result made with trace=True")
    total = len(trace)
    k = total if step is None else max(0, min(int(step), total))
    view = trace.snapshot(k)
    game = result.game
    if boards is None:
        boards = isinstance(game, TicTacToe)
    if isinstance(game, GameTree):
        nodes = _tree_nodes(game, result.state, view)
    else:
        nodes = _searched_nodes(game, result.state, view)
    trimmed: set[tuple] = set()
    if max_depth is not None:
        trimmed = {n.path[:-1] for n in nodes if len(n.path) > max_depth and n.status != "hidden"}
        nodes = [n for n in nodes if len(n.path) <= max_depth]
    _mark_cuts_and_bounds(nodes, trace, k)
    shown = [n for n in nodes if n.status != "hidden"]
    if len(shown) > max_nodes:
        raise ValueError(
            f"this search has {len(shown):,} nodes to draw, more than {max_nodes}: "
            "draw the upper levels only with max_depth=…"
        )
    builder = _Builder(
        nodes,
        names=names,
        boards=boards,
        pv=result.pv if k == total else None,
        current=trace[k - 1] if 0 < k < total else None,
        depth_limit=result.depth_limit,
        trimmed=trimmed,
    )
    picture = builder.picture("search")
    caption = _caption(result, k, total)
    picture.attr(label=caption, labelloc="b", fontsize="11")
    return picture


def _tree_nodes(tree: GameTree, root: str, view: dict[tuple, NodeView]) -> list[_Node]:
    """Every node of the subtree at ``root``, with what the trace knows about it."""
    depth0 = tree.depth_of(root)
    nodes = []
    pruned_prefixes: list[tuple] = [p for p, v in view.items() if v.status == "pruned"]
    stack = [root]
    while stack:
        label = stack.pop()
        path = tree.path_to(label)[depth0:]
        known = view.get(path)
        if known is not None:
            status, value, alpha, beta = known.status, known.value, known.alpha, known.beta
        else:
            below_pruned = any(path[: len(p)] == p for p in pruned_prefixes)
            status, value, alpha, beta = ("hidden" if below_pruned else "unseen"), None, None, None
        nodes.append(
            _Node(
                path,
                tree.player(label),
                status,
                value,
                alpha,
                beta,
                label,
                terminal=tree.is_terminal(label),
            )
        )
        stack.extend(reversed(tree.children(label)))
    return nodes


def _searched_nodes(game: Any, root: Any, view: dict[tuple, NodeView]) -> list[_Node]:
    """The nodes the trace reached (in the order it reached them), with their positions."""
    states = {(): root}
    nodes = []
    for path, known in view.items():  # parents come before their children
        if path not in states:
            states[path] = game.result(states[path[:-1]], path[-1])
        state = states[path]
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
            by = "the window" if cut.cause is None else _short_name(cut.cause)
            node.cut = f"{cut.label} by {by}"
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


def _short_name(name: Hashable) -> str:
    """A node's name beside another node: a bare path (no names) as its moves, the root as such."""
    if isinstance(name, tuple):
        return "the root" if not name else "after " + " ".join(map(str, name))
    return str(name)


def _caption(result: SearchResult, k: int, total: int) -> str:
    algorithm = result.algorithm or "search"
    if k == 0:
        return _with_open_list(f"{algorithm}: step 0 of {total}, nothing searched yet", result, k)
    event = result.trace[k - 1]
    name = result.trace.name(event.path)
    if not event.path:
        who = "the root"
    elif name == event.path:  # the game gives no names: say how the node is reached
        who = "the node after " + " ".join(map(str, event.path))
    else:
        who = str(name)
    what = {
        ENTER: f"enter {who}",
        LEAF: f"evaluate {who} = {number_text(event.value)}",
        EXIT: f"{who} is worth {number_text(event.value)}",
        CUTOFF: f"cut-off at {who}",
    }[event.kind]
    if event.kind == CUTOFF and event.cut:
        what = str(result.trace.upto(k).cutoffs()[-1])
    stopped = event.alpha is not None and event.beta is not None and event.beta <= event.alpha
    if event.kind == EXIT and stopped:
        own = event.alpha if event.player is MAX else event.beta
        sign = "≥" if event.player is MAX else "≤"
        what = f"{who} is worth {sign}{number_text(own)}"
        if own != event.value:
            what += f" (returns {number_text(event.value)})"
    text = f"{algorithm}: step {k} of {total}, {what}"
    if k == total:
        text += f" — value {number_text(result.value)}, move {result.move}"
    return _with_open_list(text, result, k)


def _with_open_list(text: str, result: SearchResult, k: int) -> str:
    """``text``, and below it SSS*'s or DUAL*'s OPEN list after step ``k`` (other searches:
    ``text`` alone)."""
    open_list = open_list_text(result, k)
    return f"{text}\n{open_list}" if open_list else text


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
    ) -> None:
        self.nodes = [n for n in nodes if n.status != "hidden"]
        self.names = names
        self.boards = boards
        self.pv_paths = {tuple(pv[:i]) for i in range(len(pv) + 1)} if pv is not None else set()
        self.current = current.path if current is not None else None
        self.depth_limit = depth_limit
        self.ids = {n.path: f"n{i}" for i, n in enumerate(self.nodes)}
        self.trimmed = trimmed or set()  # nodes whose children are left out of the picture

    def picture(self, name: str) -> Picture:
        windows = any(n.alpha is not None or n.beta is not None for n in self.nodes)
        spacing = (
            {"nodesep": "0.6", "ranksep": "0.6"}
            if windows
            else {"nodesep": "0.25", "ranksep": "0.4"}
        )
        picture = Picture(name, graph_attr={"rankdir": "TB", **spacing})
        self._ruler(picture)  # declared first, so that it stands on the left
        for node in self.nodes:
            picture.node(self.ids[node.path], **self._node_attrs(node))
        for node in self.nodes:
            if node.path and node.path[:-1] in self.ids:
                parent, child = self.ids[node.path[:-1]], self.ids[node.path]
                picture.edge(parent, child, **self._edge_attrs(node))
        for path in self.trimmed:  # a subtree left out of the picture
            if path in self.ids:
                more = self.ids[path] + "_more"
                picture.node(more, "⋯", shape="plaintext", fontcolor=FAINT)
                picture.edge(self.ids[path], more, style="dotted", arrowhead="none", color=FAINT)
        return picture

    def _node_attrs(self, node: _Node) -> dict[str, str]:
        attrs = {"shape": _shape(node.player), "fixedsize": "false"}
        faint = node.status in ("unseen", "pruned")
        text = self._value_text(node)
        if self.boards and node.state is not None:
            last = node.path[-1] if node.path else None
            attrs["label"] = board_label(node.state, caption=text or " ", last=last)
            attrs["margin"] = "0.04"
        elif node.inside is not None:
            attrs["label"] = f"{node.inside}\\n{text}" if text else str(node.inside)
        else:
            attrs["label"] = text or " "
            attrs["width"] = attrs["height"] = "0.45"
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
        if node.path == self.current:
            styles.append("filled")
            attrs["fillcolor"] = CURRENT
        if node.path in self.pv_paths:
            attrs["penwidth"] = "2.5"
            styles.append("bold")
        if styles:
            attrs["style"] = ",".join(dict.fromkeys(styles))
        xlabel = self._xlabel(node)
        if xlabel:
            attrs["xlabel"] = xlabel
        return attrs

    def _evaluated_at_cutoff(self, node: _Node) -> bool:
        return (
            self.depth_limit is not None
            and node.status == "leaf"
            and not node.terminal
            and len(node.path) >= self.depth_limit
        )

    def _value_text(self, node: _Node) -> str:
        if node.status == "open" and node.value is not None:
            return ("≥" if node.player is MAX else "≤") + number_text(node.value)
        if node.status in ("done", "leaf"):
            return node.bound + number_text(node.value)
        return ""

    def _xlabel(self, node: _Node) -> str:
        parts = []
        if self.names and node.name is not None:
            parts.append(str(node.name))
        if node.status != "leaf" and (node.alpha is not None or node.beta is not None):
            parts.append(f"α={number_text(node.alpha)} β={number_text(node.beta)}")
        if node.cut is not None:
            parts.append(node.cut)
        return "\\n".join(parts)  # DOT's line break

    def _edge_attrs(self, node: _Node) -> dict[str, str]:
        attrs = {"arrowhead": "none"}
        if node.status in ("unseen", "pruned"):
            attrs["color"] = FAINT if node.status == "unseen" else PRUNED
        if node.status == "pruned":
            attrs["style"] = "dashed"
        if node.path in self.pv_paths:
            attrs["penwidth"] = "2.5"
        if not self.boards and node.name is None and node.inside is None:
            attrs["label"] = str(node.path[-1])
        return attrs

    def _ruler(self, picture: Picture) -> None:
        """Depths on the left, the cut-off depth marked, each level on its own rank."""
        if self.depth_limit is None:
            return
        deepest = max(len(n.path) for n in self.nodes)
        levels: dict[int, list[str]] = {}
        for node in self.nodes:
            levels.setdefault(len(node.path), []).append(self.ids[node.path])
        for d in range(deepest + 1):
            marker = d == self.depth_limit
            text = f"depth {d}" + ("  ◀ cut-off: e(p)" if marker else "")
            picture.node(
                f"depth{d}",
                text,
                shape="plaintext",
                fontsize="10",
                fontcolor=CUTOFF_COLOUR if marker else "#555555",
            )
            if d:
                picture.edge(f"depth{d - 1}", f"depth{d}", style="invis")
            with picture.subgraph() as level:
                level.attr(rank="same")
                level.node(f"depth{d}")
                for node_id in levels.get(d, []):
                    level.node(node_id)
