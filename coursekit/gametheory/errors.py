"""The errors and warnings of :mod:`coursekit.gametheory`.

They live in a module of their own so that the algorithm modules, which take
matrices and never import :class:`~coursekit.gametheory.game.NormalFormGame`,
can raise them too.
"""

from __future__ import annotations

from coursekit.errors import CoursekitError


class PayoffError(CoursekitError):
    """A payoff matrix, a label, a strategy or a mixed strategy that cannot be used.

    ``row`` and ``column`` (counted from 0) say where the problem is when it is
    in one entry, so that an editor can show the message beside that cell.
    """

    def __init__(self, message: str, *, row: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.row = row
        self.column = column


class GameTooLargeError(PayoffError):
    """A computation that would run for minutes, refused up front with the size and a way out."""


class DegenerateGameWarning(UserWarning):
    """Issued when an answer about equilibria needs more care because the game is degenerate."""
