"""Features of a tic-tac-toe position, for learning an evaluation function.

The course's e(p) is one feature: lines still open for MAX minus lines still
open for MIN. A learned evaluation may weigh it against others that a person
would look at: lines where a player already has two marks (a threat), lines
with one mark, the centre, and whose turn it is (the tempo: in tic-tac-toe
the player to move has the initiative).

>>> from coursekit.games import TicTacToe
>>> game = TicTacToe()
>>> s = game.parse("x..\\n.o.\\n..x")
>>> {t.name: t.value for t in tictactoe_features(game).terms(s)}
{'open lines': 1, 'twos': 0, 'ones': 1, 'centre': -1, 'to move': -1}
"""

from __future__ import annotations

from coursekit.evaluation.weighted_linear import EvaluationError, Feature, WeightedLinear
from coursekit.games.base import MAX
from coursekit.games.tictactoe import LINES, TicTacToe, TicTacToeState
from coursekit.text import say

CENTRE = 1 << 4
"""The bit of the middle cell."""


def _lines_with(mine: int, theirs: int, marks: int) -> int:
    """Lines holding exactly ``marks`` of ``mine`` and none of ``theirs``."""
    return sum(1 for line in LINES if not line & theirs and (line & mine).bit_count() == marks)


def tictactoe_features(game: TicTacToe) -> WeightedLinear:
    """The five features (each MAX's count minus MIN's), all with weight 1 until fitted.

    Raises
    ------
    EvaluationError
        When ``game`` is not a :class:`~coursekit.games.TicTacToe`.
    """
    if not isinstance(game, TicTacToe):
        raise EvaluationError(say("errors.evaluation.game", kind="TicTacToe", game=game))

    def twos(s: TicTacToeState) -> int:
        return _lines_with(s.x, s.o, 2) - _lines_with(s.o, s.x, 2)

    def ones(s: TicTacToeState) -> int:
        return _lines_with(s.x, s.o, 1) - _lines_with(s.o, s.x, 1)

    def centre(s: TicTacToeState) -> int:
        return bool(s.x & CENTRE) - bool(s.o & CENTRE)

    def to_move(s: TicTacToeState) -> int:
        return 1 if game.to_move(s) is MAX else -1

    return WeightedLinear(
        [
            Feature("open lines", game.evaluate, 1.0, "the course's e(p)"),
            Feature("twos", twos, 1.0, "two marks in a line still open"),
            Feature("ones", ones, 1.0, "one mark in a line still open"),
            Feature("centre", centre, 1.0, "the middle cell"),
            Feature("to move", to_move, 1.0, "the player to move has the initiative"),
        ]
    )
