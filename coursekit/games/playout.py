"""Random positions of any game, reproducibly: for openings, samples and training data.

>>> from coursekit.games import TicTacToe
>>> game = TicTacToe()
>>> positions = random_positions(game, 3, seed=1, plies=(2, 4))
>>> len(positions), all(2 <= bin(s.x | s.o).count("1") <= 4 for s in positions)
(3, True)
>>> random_positions(game, 3, seed=1, plies=(2, 4)) == positions
True
"""

from __future__ import annotations

import random
from typing import Any

from coursekit.errors import CoursekitError
from coursekit.games.base import Game
from coursekit.text import say


def random_line(game: Game, plies: int, rng: random.Random, state: Any = None) -> list[Any]:
    """Up to ``plies`` random legal moves from ``state`` that never finish the game.

    Stops early where every move would end the game (or none is left).
    """
    state = game.initial if state is None else state
    line: list[Any] = []
    for _ in range(plies):
        moves = [m for m in game.actions(state) if not game.is_terminal(game.result(state, m))]
        if not moves:
            break
        move = rng.choice(moves)
        state = game.result(state, move)
        line.append(move)
    return line


def random_positions(
    game: Game, count: int, *, seed: int = 0, plies: tuple[int, int] = (0, 8)
) -> list[Any]:
    """``count`` unfinished positions reached by random play of ``plies[0]`` to ``plies[1]`` moves.

    Raises
    ------
    CoursekitError
        When ``count`` is negative or ``plies`` is not a pair ``0 <= low <= high``.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise CoursekitError(say("errors.whole_at_least", name="count", least=0, value=repr(count)))
    if (
        not isinstance(plies, tuple)
        or len(plies) != 2
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in plies)
        or not 0 <= plies[0] <= plies[1]
    ):
        raise CoursekitError(say("errors.games.plies", plies=repr(plies)))
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = game.initial
        for move in random_line(game, rng.randint(*plies), rng):
            state = game.result(state, move)
        found.append(state)
    return found
