"""Quiescence search (静止搜索): do not judge a position in the middle of an exchange.

A depth-limited search values the positions at its horizon by EVAL. If the
last move there was a capture, EVAL sees a piece won — and not the recapture
one ply later, just beyond the horizon. The course's answer: apply EVAL only
to *quiescent* (quiet) positions, those where nothing is about to change
dramatically, and search on from noisy ones, trying only the noisy moves
(captures and promotions in chess; in Connect Four, a move that wins at once
or stops the opponent from winning at once) until the position is quiet.

At each position of this small search the player to move may also decline
every noisy move and "stand pat" on EVAL of the position, so the noisy
search can only help the mover; α-β bounds cut it short as usual.

Steps, for a position s with window (α, β), from MAX's point of view
    1. If s is terminal, return UTILITY(s).
    2. stand ← EVAL(s). If the quiescence depth limit is reached or s has no
       noisy move, return stand.
    3. MAX to move: if stand ≥ β return stand; α ← max(α, stand); for each
       noisy move, value ← search(child, α, β); keep the largest; stop when
       it reaches β. MIN to move: the same with min, β and α exchanged.

Use it as the ``evaluate`` of any depth-limited search::

    q = quiescent(game)              # game.evaluate, game's noisy moves
    r = alphabeta(game, state, depth=2, evaluate=q)
    q.nodes                          # positions the quiescence search visited

>>> from coursekit.games.chess_game import Chess
>>> game = Chess("6k1/8/4p3/3p4/8/8/8/3Q2K1 w - - 0 1")
>>> after = game.result(game.initial, game.move(game.initial, "Qxd5"))
>>> q = quiescent(game)
>>> game.evaluate(after), q(after)   # a pawn up, says EVAL; a queen down after ...exd5
(8, -1)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from coursekit.games.base import MAX, Game
from coursekit.search.core import Evaluate, SearchError
from coursekit.text import say

Noisy = Callable[[Any], Sequence[Any]]


class Quiescence:
    """An evaluation that searches noisy moves before it trusts EVAL (see the module docstring).

    Calling it on a state returns that state's quiescent value from MAX's
    point of view; :attr:`nodes` counts the positions it has visited so far
    (reset it with :meth:`reset`).
    """

    def __init__(self, game: Game, evaluate: Evaluate, noisy: Noisy, max_depth: int) -> None:
        self.game = game
        self.evaluate = evaluate
        self.noisy = noisy
        self.max_depth = max_depth
        self.nodes = 0

    def reset(self) -> None:
        """Start counting nodes from zero."""
        self.nodes = 0

    def __call__(self, state: Any) -> float:
        return self.value(state, -math.inf, math.inf, 0)

    def value(self, state: Any, alpha: float, beta: float, depth: int) -> float:
        """The quiescent value of ``state`` within the window (α, β), ``depth`` plies in."""
        game = self.game
        self.nodes += 1
        if game.is_terminal(state):
            return game.utility(state, MAX)
        stand = self.evaluate(state)
        if depth >= self.max_depth:
            return stand
        moves = self.noisy(state)
        if not moves:
            return stand
        best = stand
        if game.to_move(state) is MAX:
            if best >= beta:
                return best
            alpha = max(alpha, best)
            for move in moves:
                best = max(best, self.value(game.result(state, move), alpha, beta, depth + 1))
                if best >= beta:
                    return best
                alpha = max(alpha, best)
        else:
            if best <= alpha:
                return best
            beta = min(beta, best)
            for move in moves:
                best = min(best, self.value(game.result(state, move), alpha, beta, depth + 1))
                if best <= alpha:
                    return best
                beta = min(beta, best)
        return best

    def __repr__(self) -> str:
        return f"quiescent({self.game!r}, max_depth={self.max_depth})"


def quiescent(
    game: Game,
    evaluate: Evaluate | None = None,
    *,
    noisy: Noisy | None = None,
    max_depth: int = 8,
) -> Quiescence:
    """An ``evaluate`` for depth-limited searches that extends noisy positions first.

    Parameters
    ----------
    game : Game
        The game searched.
    evaluate : function, optional
        EVAL of quiet positions (MAX's point of view); ``game.evaluate`` by default.
    noisy : function, optional
        ``noisy(state)`` lists the moves that make a position not quiet; by
        default the game's ``noisy_moves`` (captures and promotions in chess,
        wins and blocks in Connect Four).
    max_depth : int
        The most noisy plies searched beyond the horizon.

    Returns
    -------
    Quiescence
        A callable evaluation with a node counter (``.nodes``).

    Raises
    ------
    SearchError
        When the game has no EVAL or no notion of noisy moves and none is
        given, ``evaluate`` or ``noisy`` is not a function, or ``max_depth``
        is not a whole number >= 0.
    """
    if evaluate is None:
        evaluate = getattr(game, "evaluate", None)
        if evaluate is None:
            raise SearchError(say("errors.search.no_evaluate", game=game))
    if noisy is None:
        noisy = getattr(game, "noisy_moves", None)
        if noisy is None:
            raise SearchError(say("errors.search.no_noisy", game=game))
    for name, function in (("evaluate", evaluate), ("noisy", noisy)):
        if not callable(function):
            key = "noisy_function" if name == "noisy" else "state_function"
            raise SearchError(say(f"errors.search.{key}", name=name, function=function))
    if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0:
        raise SearchError(
            say("errors.search.whole_at_least", name="max_depth", least=0, value=max_depth)
        )
    return Quiescence(game, evaluate, noisy, max_depth)
