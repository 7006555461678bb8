"""Monte Carlo tree search drawn step by step: the tree it grows, its counts and UCB1 values.

Each iteration of an MCTS trace (:class:`~coursekit.search.mcts.MCTSTrace`) is
drawn in four steps, as the textbook tells it:

1. **selection** — the path chosen from the root in blue, the UCB1 value of
   every child it compared written on the edge into that child;
2. **expansion** — the new node, yellow, with ``0/0``;
3. **simulation** — the node's random playout and its result (in the caption);
4. **back-propagation** — the counts on the path, updated, in green.

A node shows ``w/n``: its visits ``n`` and the wins ``w`` (a draw ½) of the
player who *chose* it — the number UCB1 maximises from its parent. The root
shows its visits. MAX nodes are squares, MIN nodes circles, as everywhere.
Step 0 is the empty tree; step ``4·i`` the tree after ``i`` iterations.

>>> from coursekit.games import TicTacToe
>>> from coursekit.search import mcts
>>> game = TicTacToe()
>>> r = mcts(game, game.parse("XO. / .X. / O.."), playouts=6, seed=1, trace=True)
>>> mcts_step_count(r)
25
>>> "UCB" in draw_mcts(r, 21).source       # iteration 6's selection compares UCB1 values
True
"""

from __future__ import annotations

import math
from typing import Any

from coursekit.draw.base import Picture, looks_only
from coursekit.draw.graph_view import StepThrough, step_through
from coursekit.errors import CoursekitError
from coursekit.games.base import MAX
from coursekit.search.labels import algorithm_label
from coursekit.search.mcts import MCTSStep
from coursekit.search.result import SearchResult
from coursekit.text import number_text, say

PHASES = ("selection", "expansion", "simulation", "back-propagation")
"""The four steps of one iteration, in order."""

MAX_MCTS_ITERATIONS = 100
"""The most iterations a step-through draws (4 steps each): more would be unreadable."""

PATH_COLOUR = "#1f5fbf"
NEW_FILL = "#ffe08a"
PLAYOUT_FILL = "#ffd0a8"
BACKUP_COLOUR = "#2e7d32"
FAINT = "#9a9a9a"
UCB_PLACEHOLDER = "UCB 0.00"
"""The edge text the layout keeps room for (a step writes the UCB1 value there, or nothing)."""


def mcts_step_count(result: SearchResult) -> int:
    """The steps of the step-through of ``result``: four per iteration, and step 0."""
    return 4 * len(_trace(result)) + 1


def draw_mcts(result: SearchResult, step: int | None = None) -> Picture:
    """The MCTS tree of ``result`` as it stood at ``step`` (the module docstring);
    ``None``: after the last iteration.

    Raises
    ------
    CoursekitError
        (a ``ValueError``) When ``result`` has no MCTS trace (search with
        ``trace=True``), or more than :data:`MAX_MCTS_ITERATIONS` iterations.
    """
    trace = _trace(result)
    last = mcts_step_count(result) - 1
    k = last if step is None else max(0, min(int(step), last))
    ids = _node_ids(trace)
    players = _players(result, ids)
    return _picture(result, k, ids, players)


def mcts_caption(result: SearchResult, step: int) -> str:
    """What happens at ``step`` of the step-through, in words.

    >>> from coursekit.games import TicTacToe
    >>> from coursekit.search import mcts
    >>> game = TicTacToe()
    >>> r = mcts(game, game.parse("XO. / .X. / O.."), playouts=3, seed=1, trace=True)
    >>> print(mcts_caption(r, 0))
    MCTS (UCT): 3 iterations of selection, expansion, simulation and back-propagation
    >>> mcts_caption(r, 2).startswith("iteration 1 of 3 — 2 expansion: add move")
    True
    """
    trace = _trace(result)
    total = len(trace)
    if step <= 0:
        return say("mcts.overview", algorithm=algorithm_label(result.algorithm), total=total)
    i, phase = divmod(step - 1, 4)
    it = trace[i]
    phase_name = say(f"mcts.phase.{PHASES[phase].replace('-', '_')}")
    head = say("mcts.head", i=i + 1, total=total, k=phase + 1, phase=phase_name)
    if phase == 0:
        if not it.choices:
            return head + say("mcts.select_root")
        return head + say("mcts.select", path=_moves(it.selected))
    if phase == 1:
        if it.expanded is None:
            return head + say("mcts.expand_over")
        return head + say("mcts.expand", move=it.expanded[-1], where=_where(it.selected))
    if phase == 2:
        moves = " ".join(map(str, it.playout)) or say("mcts.no_moves")
        outcome = _outcome(it.reward)
        return head + say("mcts.simulate", moves=moves, outcome=outcome, reward=_reward(it))
    text = head + say("mcts.back")
    if i + 1 == total:
        best = max(result.children, key=lambda child: child.visits)  # the first among equals
        text += say("mcts.done", move=best.move, visits=best.visits)
    return text


def mcts_step_through(result: SearchResult) -> tuple[Picture, StepThrough]:
    """The layout and the steps of the whole step-through, for a
    :class:`~coursekit.widgets.GraphView` (every step drawn; the last laid out with room for
    every UCB1 value).

    >>> from coursekit.games import TicTacToe
    >>> from coursekit.search import mcts
    >>> game = TicTacToe()
    >>> r = mcts(game, game.parse("XO. / .X. / O.."), playouts=5, seed=2, trace=True)
    >>> layout, through = mcts_step_through(r)
    >>> through.count, len(through.captions)
    (20, 21)
    """
    trace = _trace(result)
    ids = _node_ids(trace)
    players = _players(result, ids)
    last = mcts_step_count(result) - 1
    with looks_only():
        pictures = [_picture(result, k, ids, players) for k in range(last)]
    pictures.append(_picture(result, last, ids, players))
    layout = _picture(result, last, ids, players, room=True)
    return step_through(pictures, layout=layout)


def _trace(result: SearchResult) -> Any:
    trace = getattr(result, "trace", None)
    if trace is None or not all(isinstance(it, MCTSStep) for it in trace):
        raise CoursekitError(say("mcts.not_traced"))
    if len(trace) > MAX_MCTS_ITERATIONS:
        raise CoursekitError(say("mcts.too_many", count=len(trace), most=MAX_MCTS_ITERATIONS))
    return trace


def _node_ids(trace: Any) -> dict[tuple, str]:
    """A name per node, numbered in the order the search added them (the root ``n0``),
    listed depth first (children in the order they were added)."""
    added = [()]
    for it in trace:
        if it.expanded is not None:
            added.append(it.expanded)
    number = {path: i for i, path in enumerate(added)}
    children: dict[tuple, list[tuple]] = {}
    for path in added[1:]:
        children.setdefault(path[:-1], []).append(path)
    ids, stack = {}, [()]
    while stack:
        path = stack.pop()
        ids[path] = f"n{number[path]}"
        stack.extend(reversed(children.get(path, [])))
    return ids


def _players(result: SearchResult, ids: dict[tuple, str]) -> dict[tuple, Any]:
    """The player to move at each node (its shape)."""
    game, states = result.game, {(): result.state}
    for path in sorted(ids, key=len):
        if path:
            states[path] = game.result(states[path[:-1]], path[-1])
    return {path: game.to_move(state) for path, state in states.items()}


def _picture(
    result: SearchResult,
    k: int,
    ids: dict[tuple, str],
    players: dict[tuple, Any],
    *,
    room: bool = False,
) -> Picture:
    """Step ``k``'s picture; ``room``: every node and every edge's UCB text (the layout)."""
    trace = result.trace
    done, phase = (0, -1) if k == 0 else divmod(k - 1, 4)
    it: MCTSStep | None = trace[done] if k > 0 else None
    # counts as they stand: after `done` iterations, and after this one once backed up
    counts = trace.counts(done + 1 if phase == 3 else done)
    shown = set(ids) if room else set(counts) | {()}
    if it is not None and phase >= 1 and it.expanded is not None:
        shown.add(it.expanded)
    on_path = _path_nodes(it, phase) if it is not None else set()
    ucb = _ucb_texts(it) if it is not None and phase == 0 else {}
    # siblings close: the tree of 30 iterations fits a slide across at 14-px text
    picture = Picture("mcts", graph_attr={"rankdir": "TB", "nodesep": "0.1", "ranksep": "0.35"})
    ordered = [path for path in ids if path in shown]  # depth first: siblings side by side
    for path in ordered:
        count = counts.get(path)
        visits, wins = (count.visits, count.wins) if count is not None else (0, 0)
        label = number_text(visits) if not path else f"{number_text(wins)}/{visits}"
        attrs = {
            "shape": "box" if players[path] is MAX else "circle",
            "label": label,
            "width": "0.5",
            "height": "0.5",
            "fixedsize": "false",
        }
        styles = []
        if it is not None and path == it.expanded and phase in (1, 2):
            styles.append("filled")
            attrs["fillcolor"] = NEW_FILL if phase == 1 else PLAYOUT_FILL
        if path in on_path and phase == 0:
            attrs["color"], attrs["penwidth"] = PATH_COLOUR, "2.5"
        if path in on_path and phase == 3:
            attrs["color"], attrs["fontcolor"], attrs["penwidth"] = (
                BACKUP_COLOUR,
                BACKUP_COLOUR,
                "2.5",
            )
        if styles:
            attrs["style"] = ",".join(styles)
        picture.node(ids[path], **attrs)
    for path in ordered:
        if not path:
            continue
        text = UCB_PLACEHOLDER if room else ucb.get(path, "")
        label = f"{path[-1]}\\n{text}" if text else str(path[-1])
        attrs = {"arrowhead": "none", "label": label}
        if path in on_path and phase in (0, 3):
            attrs["color"] = PATH_COLOUR if phase == 0 else BACKUP_COLOUR
            attrs["penwidth"] = "2.5"
        picture.edge(ids[path[:-1]], ids[path], **attrs)
    picture.attr(label=mcts_caption(result, k), labelloc="b", fontsize="11")
    return picture


def _path_nodes(it: MCTSStep, phase: int) -> set[tuple]:
    """The nodes of an iteration's path from the root: to the selected node during
    selection, to the node whose playout it was afterwards."""
    end = it.selected if phase == 0 else it.started
    return {end[:i] for i in range(len(end) + 1)}


def _ucb_texts(it: MCTSStep) -> dict[tuple, str]:
    """``UCB x.xx`` for every child selection compared, by the child's path."""
    texts = {}
    for depth, scores in enumerate(it.choices):
        parent = it.selected[:depth]
        for score in scores:
            texts[(*parent, score.move)] = (
                f"UCB {score.ucb:.2f}" if math.isfinite(score.ucb) else "UCB ∞"
            )
    return texts


def _moves(path: tuple) -> str:
    return say("mcts.root") if not path else say("mcts.moves", moves=" ".join(map(str, path)))


def _where(path: tuple) -> str:
    return say("mcts.root") if not path else say("mcts.after", moves=" ".join(map(str, path)))


def _outcome(reward: float) -> str:
    return say({1.0: "mcts.max_wins", 0.0: "mcts.min_wins"}.get(reward, "mcts.draw"))


def _reward(it: MCTSStep) -> str:
    return say("mcts.reward", reward=number_text(it.reward))
