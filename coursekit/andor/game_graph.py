"""A two-player game as an AND/OR graph, seen from MAX's side.

MAX needs *one* good move in each of its positions (an OR: one 1-connector
per move) and must have an answer to *every* move of MIN (an AND: one
k-connector to all of MIN's k possible results). The terminal nodes are the
finished games MAX has won; a finished game MAX has lost is a dead end. A
solution graph from the start position is then a winning strategy for MAX:
a move for each MAX position it reaches and an answer to every reply of MIN,
all ending in MAX's wins.

A MAX move costs 1 and MIN's k-connector costs k, so a solution graph costs
as many edges as the strategy has (counted as in a tree); with h = 0, AO*
returns the smallest winning strategy.

>>> from coursekit.games import Grundy
>>> r = winning_strategy(Grundy(7))
>>> r.solved, len(r.solution.nodes)
(True, 8)
"""

from __future__ import annotations

from typing import Any

from coursekit.andor.aostar import AOStarResult, ao_star
from coursekit.andor.errors import AndOrError
from coursekit.andor.graph import Connector, Node
from coursekit.andor.solution import SolutionGraph
from coursekit.games.base import MAX, Game
from coursekit.text import say


class GameAndOrGraph:
    """The AND/OR graph of ``game`` from MAX's point of view (a decomposable problem).

    Nodes are the game's states; ``start`` is its initial state.
    """

    def __init__(self, game: Game) -> None:
        needed = ("initial", "actions", "result", "is_terminal", "utility", "to_move")
        if not all(hasattr(game, name) for name in needed):
            raise AndOrError(
                say(
                    "errors.andor.not_a_game",
                    needed=", ".join(needed),
                    kind=type(game).__name__,
                    game=f"{game!r:.60}",
                )
            )
        self.game = game
        self.start = game.initial

    def is_terminal(self, state: Node) -> bool:
        """A finished game that MAX has won."""
        return self.game.is_terminal(state) and self.game.utility(state, MAX) > 0

    def heuristic(self, state: Node) -> float:
        """h = 0: nothing is assumed about the size of a strategy."""
        return 0

    def connectors_of(self, state: Node) -> list[Connector]:
        """MAX to move: one 1-connector per distinct result; MIN to move: one k-connector."""
        if self.game.is_terminal(state):
            return []  # a game MAX has lost: a dead end
        results = list(dict.fromkeys(self.game.result(state, a) for a in self.game.actions(state)))
        if not results:
            return []
        if self.game.to_move(state) is MAX:
            return [Connector(state, (result,), cost=1) for result in results]
        return [Connector(state, tuple(results))]

    def moves(self, solution: SolutionGraph) -> dict[Node, Any]:
        """MAX's move in each of its positions of ``solution`` (a winning strategy)."""
        chosen = {}
        for connector in solution.connectors:
            state = connector.parent
            if self.game.to_move(state) is MAX:
                (target,) = connector.successors
                chosen[state] = next(
                    a for a in self.game.actions(state) if self.game.result(state, a) == target
                )
        return chosen


def winning_strategy(game: Game, state: Node | None = None, **options: Any) -> AOStarResult:
    """Search MAX's AND/OR graph of ``game`` with AO* (h = 0) from ``state``.

    Parameters
    ----------
    game : Game
        Any game of :mod:`coursekit.games` (``initial``, ``actions``,
        ``result``, ``is_terminal``, ``utility``, ``to_move``).
    state : optional
        The position to search from (default: ``game.initial``).
    **options
        Passed to :func:`~coursekit.andor.aostar.ao_star` (``max_cycles``,
        ``snapshots``, ``progress`` …).

    Returns
    -------
    AOStarResult
        Solved exactly when MAX can force a win; its solution graph is then
        MAX's winning strategy (:meth:`GameAndOrGraph.moves` lists the moves).

    Raises
    ------
    AndOrError
        When ``game`` is not a game, or for a bad option of :func:`ao_star`.

    See Also
    --------
    coursekit.search.solve : the game's exact value by memoised minimax.

    Examples
    --------
    >>> from coursekit.games import MIN, Grundy
    >>> winning_strategy(Grundy(7, first=MIN)).status
    'solved'
    >>> winning_strategy("Grundy")
    Traceback (most recent call last):
    ...
    coursekit.andor.errors.AndOrError: game: expected a game (initial, actions, result, ...
    """
    graph = GameAndOrGraph(game)
    return ao_star(graph, graph.start if state is None else state, **options)
