"""What every depth-first game-tree search shares: limits, leaf values, move generation.

An algorithm builds one :class:`Search` per call. It turns the common
options into three small functions chosen once, before the search starts:

- :attr:`Search.cutoff_test` — CUTOFF-TEST(s, d): stop here? (a terminal
  position, the depth limit reached, or the caller's own ``cutoff``);
- :attr:`Search.eval` — the value of a node where the search stops: UTILITY
  for finished games, the static evaluation e(p) otherwise;
- :attr:`Search.moves` — the actions to try, ordered and, with
  ``symmetry=True``, one action per class of symmetric results.

and it makes the :class:`~coursekit.search.result.Trace` (only when asked
for) and the final :class:`~coursekit.search.result.SearchResult`.

Writing another algorithm (α-β, negamax, …) follows :func:`~coursekit.search.minimax`:

1. ``search = Search(game, state, depth=…, …, trace=trace, algorithm="name")``;
2. take ``search.cutoff_test``, ``search.eval`` and ``search.moves`` into local
   names and count ``nodes``, ``leaves`` (and ``cutoffs``, ``tt_hits``) in local
   variables;
3. add events only under ``if traced:`` (with ``traced = search.trace is not
   None`` decided once), building paths only then, values from MAX's side;
4. return ``search.result(value, pv, nodes=…, leaves=…, depth=…, cutoffs=…)``
   and list the function with ``@register(name, chapter=N)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from coursekit.errors import CoursekitError
from coursekit.games.base import MAX, Game
from coursekit.search.result import SearchResult, Stats, Trace

State = Any
Action = Any
Evaluate = Callable[[State], float]
Cutoff = Callable[[State, int], bool]
Order = Callable[[State, Sequence[Action]], Sequence[Action]]


class SearchError(CoursekitError):
    """A search was asked for something it cannot do (e.g. a depth limit without e(p))."""


def distinct_actions(game: Game, state: State, actions: Sequence[Action]) -> list[Action]:
    """Keep one action per class of symmetric results, judged by ``game.key``.

    The course counts symmetric positions as one: from the empty tic-tac-toe
    board only three first moves stay (corner, edge, centre).

    >>> from coursekit.games import TicTacToe
    >>> game = TicTacToe()
    >>> distinct_actions(game, game.initial, game.actions(game.initial))
    [0, 1, 4]
    """
    key = getattr(game, "key", None)
    if key is None:
        raise SearchError(f"{game!r} has no key(state) method, so symmetry cannot be used")
    seen: set[Hashable] = set()
    kept = []
    for action in actions:
        k = key(game.result(state, action))
        if k not in seen:
            seen.add(k)
            kept.append(action)
    return kept


_GAME_METHODS = ("to_move", "actions", "result", "is_terminal", "utility")


def check_position(game: Game, state: State = None) -> State:
    """The position to search from: ``state``, or ``game.initial`` when ``None``.

    Checked once, at the root, so that a wrong argument is named at once
    instead of failing deep inside a search.

    Raises
    ------
    SearchError
        When ``game`` lacks a method of the :class:`~coursekit.games.Game`
        protocol, or ``state`` is not a position of that game (not of the
        type of ``game.initial``, or refused by the game).

    >>> from coursekit.games import GameTree
    >>> check_position(GameTree.from_nested([1, 2]), "Z")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    coursekit.search.core.SearchError: state 'Z' is not a position of ...: the tree has no node 'Z'
    """
    if isinstance(game, type):
        raise SearchError(
            f"game must be a game, not the class {game.__name__}: write {game.__name__}(…)"
        )
    missing = [name for name in ("initial", *_GAME_METHODS) if not hasattr(game, name)]
    if missing:
        raise SearchError(
            f"game must follow the Game protocol (initial, to_move, actions, result, "
            f"is_terminal, utility); {game!r} has no {', '.join(missing)}"
        )
    if state is None:
        return game.initial
    if not isinstance(state, type(game.initial)):
        raise SearchError(
            f"state must be a position of {game!r} (a {type(game.initial).__name__} like "
            f"game.initial), got {state!r}"
        )
    try:
        game.to_move(state)
        game.is_terminal(state)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as error:
        reason = error.args[0] if error.args else type(error).__name__
        raise SearchError(f"state {state!r} is not a position of {game!r}: {reason}") from None
    return state


class Search:
    """The shared set-up of one search call (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        state: State = None,
        *,
        depth: int | None = None,
        evaluate: Evaluate | None = None,
        cutoff: Cutoff | None = None,
        order: Order | None = None,
        symmetry: bool = False,
        trace: bool = False,
        algorithm: str = "",
    ) -> None:
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)):
            raise SearchError(f"depth must be a whole number or None, got {depth!r}")
        if depth is not None and depth < 0:
            raise SearchError(f"depth must be 0 or more, got {depth}")
        for name, function in (("evaluate", evaluate), ("cutoff", cutoff), ("order", order)):
            if function is not None and not callable(function):
                raise SearchError(f"{name} must be a function or None, got {function!r}")
        self.game = game
        self.root = check_position(game, state)
        self.depth = depth
        self.algorithm = algorithm
        self.trace: Trace | None = Trace(name=getattr(game, "path_label", None)) if trace else None
        self.cutoff_test: Cutoff = self._make_cutoff_test(depth, cutoff)
        self.eval: Evaluate = self._make_eval(evaluate, limited=depth is not None or bool(cutoff))
        self.moves: Callable[[State], Sequence[Action]] = self._make_moves(order, symmetry)
        self._started = time.perf_counter()

    def _make_cutoff_test(self, depth: int | None, cutoff: Cutoff | None) -> Cutoff:
        is_terminal = self.game.is_terminal
        if depth is None and cutoff is None:
            return lambda state, ply: is_terminal(state)
        if cutoff is None:
            return lambda state, ply: ply >= depth or is_terminal(state)
        if depth is None:
            return lambda state, ply: is_terminal(state) or cutoff(state, ply)
        return lambda state, ply: ply >= depth or is_terminal(state) or cutoff(state, ply)

    def _make_eval(self, evaluate: Evaluate | None, limited: bool) -> Evaluate:
        game = self.game
        utility = game.utility
        if not limited:  # every leaf is a finished game
            return lambda state: utility(state, MAX)
        static = evaluate or getattr(game, "evaluate", None)
        if static is None:
            raise SearchError(
                f"a depth-limited search needs a static evaluation e(p): pass evaluate=… "
                f"or use a game with an evaluate() method ({game!r} has none)"
            )
        is_terminal = game.is_terminal
        return lambda state: utility(state, MAX) if is_terminal(state) else static(state)

    def _make_moves(self, order: Order | None, symmetry: bool) -> Callable[[State], Sequence]:
        game = self.game
        actions = game.actions
        if symmetry:
            if getattr(game, "key", None) is None:
                raise SearchError(f"{game!r} has no key(state) method, so symmetry cannot be used")
            if order is None:
                return lambda state: distinct_actions(game, state, actions(state))
            return lambda state: distinct_actions(game, state, order(state, actions(state)))
        if order is None:
            return actions
        return lambda state: order(state, actions(state))

    def result(
        self,
        value: float,
        pv: Sequence[Action],
        *,
        nodes: int,
        leaves: int,
        depth: int,
        cutoffs: int = 0,
        tt_hits: int = 0,
    ) -> SearchResult:
        """Wrap up: the :class:`SearchResult` with statistics and the trace (if any)."""
        stats = Stats(
            nodes=nodes,
            leaves=leaves,
            cutoffs=cutoffs,
            tt_hits=tt_hits,
            depth=depth,
            seconds=time.perf_counter() - self._started,
        )
        return SearchResult(
            value=value,
            pv=tuple(pv),
            stats=stats,
            trace=self.trace,
            algorithm=self.algorithm,
            depth_limit=self.depth,
            game=self.game,
            state=self.root,
        )


def unroll(line: tuple | None) -> list[Action]:
    """Turn a linked line ``(a1, (a2, (a3, None)))`` into the list ``[a1, a2, a3]``."""
    moves = []
    while line is not None:
        action, line = line
        moves.append(action)
    return moves
