"""Move ordering (走法排序): try the likely best move first, so that α-β cuts sooner.

α-β is fastest when every node's best move comes first (chapter 4's N_D).
Nobody knows the best move before searching, but four guesses are cheap:

- the **principal variation** of the previous, shallower iteration of
  iterative deepening (遍历深化): the line it thought best is tried first;
- the **table move**: the best move a transposition table remembers for the
  position, found by an earlier search of it;
- **killer moves** (杀手启发): the moves that last caused a cut-off at the same
  ply elsewhere in the tree; a move that refutes one position often refutes
  its siblings too. :class:`Killers` keeps two per ply;
- the **history heuristic** (历史启发): every move that causes a cut or is
  best at a node earns a score (more when found by a deeper search); the
  other moves are tried in decreasing score. Killers are its special case:
  a history restricted to one ply and forgetting all but the last two.

The steps of :func:`arrange` for a node's moves:

1. put first, in this order and once each, the PV move, the table move and
   the killers of the node's ply — each only if legal here;
2. after them, the other moves by decreasing history score (ties keep the
   game's own order).

>>> killers, history = Killers(), History()
>>> killers.add(2, "c"); history.add(True, "d", depth=3)
>>> arrange(["a", "b", "c", "d", "e"], True, 2, pv_move="e", killers=killers, history=history)
['e', 'c', 'd', 'a', 'b']
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any


class Killers:
    """The killer moves of each ply: the last ``slots`` distinct moves that caused a cut there.

    >>> k = Killers()
    >>> k.add(3, "a"); k.add(3, "b"); k.add(3, "a"); k.add(3, "c")
    >>> k.at(3), k.at(4)
    (['c', 'a'], [])
    """

    def __init__(self, slots: int = 2) -> None:
        self.slots = slots
        self.moves: dict[int, list[Any]] = {}
        """Ply → its killer moves, the most recent first."""

    def add(self, ply: int, move: Any) -> None:
        """``move`` caused a cut at ``ply``: make it the first killer there."""
        kept = self.moves.setdefault(ply, [])
        if kept and kept[0] == move:
            return
        if move in kept:
            kept.remove(move)
        kept.insert(0, move)
        del kept[self.slots :]

    def at(self, ply: int) -> list[Any]:
        """The killers of ``ply``, the most recent first."""
        return self.moves.get(ply, [])


class History:
    """History scores of moves, per side: what cut or was best before, weighted by depth.

    >>> h = History()
    >>> h.add(True, 3, depth=2); h.add(True, 3, depth=1); h.add(False, 3, depth=4)
    >>> h.score(True, 3), h.score(False, 3), h.score(True, 5)
    (5, 16, 0)
    """

    def __init__(self) -> None:
        self.scores: dict[tuple[bool, Hashable], float] = {}
        """(is MAX to move, move) → score."""

    def add(self, max_to_move: bool, move: Hashable, depth: float) -> None:
        """Credit ``move`` with depth² (1 for a search without a depth limit)."""
        gain = depth * depth if depth != float("inf") else 1
        key = (max_to_move, move)
        self.scores[key] = self.scores.get(key, 0) + gain

    def score(self, max_to_move: bool, move: Hashable) -> float:
        """The move's score for the side to move (0 when never credited)."""
        return self.scores.get((max_to_move, move), 0)


def arrange(
    actions: Sequence[Any],
    max_to_move: bool,
    ply: int,
    *,
    pv_move: Any = None,
    table_move: Any = None,
    killers: Killers | None = None,
    history: History | None = None,
) -> list[Any]:
    """The moves in the order to try them (steps 1–2 of the module docstring).

    Parameters
    ----------
    actions :
        The legal moves, in the game's (or the caller's) order.
    max_to_move, ply :
        Who moves at the node and its ply (for the history and the killers).
    pv_move, table_move :
        The previous iteration's move here and the table's best move (``None``: none).
    killers, history :
        The heuristics' memories (``None``: not used).

    Returns
    -------
    list
        The same moves, reordered.
    """
    front: list[Any] = []
    for move in (pv_move, table_move, *(killers.at(ply) if killers else ())):
        if move is not None and move not in front and move in actions:
            front.append(move)
    rest = [a for a in actions if a not in front] if front else list(actions)
    if history is not None:
        scores, side = history.scores, max_to_move
        rest.sort(key=lambda a: -scores.get((side, a), 0))
    return front + rest
