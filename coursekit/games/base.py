"""The formal game of the course: S0, PLAYER, ACTIONS, RESULT, TERMINAL-TEST, UTILITY.

Two players take turns: MAX (who moves first in the course's trees and whose
point of view every value is given in) and MIN. A game is any object with the
methods of :class:`Game`; states must be immutable and hashable so that search
code can use them as dictionary keys (transposition tables, memoisation).
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from coursekit.errors import CoursekitError


class GameError(CoursekitError):
    """A bad argument to a game: a state or move that does not belong to it, a bad size, …"""


class Player(enum.Enum):
    """One of the two players (博弈双方) of a two-player zero-sum game."""

    MAX = "MAX"
    MIN = "MIN"

    @property
    def opponent(self) -> Player:
        """The other player."""
        return Player.MIN if self is Player.MAX else Player.MAX

    @property
    def sign(self) -> int:
        """+1 for MAX, −1 for MIN: turns a value for MAX into one for this player."""
        return 1 if self is Player.MAX else -1

    def __repr__(self) -> str:
        return self.value

    __str__ = __repr__

    # Members are singletons compared by identity, so the identity hash is exact; Enum's own
    # __hash__ hashes the name in Python code, which showed up in profiles of every state hash.
    __hash__ = object.__hash__


MAX = Player.MAX
MIN = Player.MIN

State = Hashable
Action = Any


@runtime_checkable
class Game(Protocol):
    """The course's formal definition of a game, as a protocol.

    ===================  =========================================
    course               method
    ===================  =========================================
    S0                   ``initial``
    PLAYER(s)            ``to_move(state)``
    ACTIONS(s)           ``actions(state)``
    RESULT(s, a)         ``result(state, action)``
    TERMINAL-TEST(s)     ``is_terminal(state)``
    UTILITY(s, p)        ``utility(state, player)``
    ===================  =========================================

    Optional methods, used when present (each has the same meaning in every game):

    ``evaluate(state) -> float``
        A static evaluation e(p) from MAX's point of view (depth-limited searches).
    ``key(state) -> Hashable``
        A key shared by equivalent states (symmetry reduction, transposition tables).
    ``to_text(state) -> str``
        One *state* written for a person (a board, a node's label); :func:`~coursekit.search.human`
        shows it before asking for a move.
    ``parse(text) -> State``
        The state that ``text`` describes, so that ``parse(to_text(s)) == s``; bad text raises
        an error derived from :class:`~coursekit.errors.CoursekitError` that says where.
    ``move_text(action) -> str``
        One *move* written for a person, in the chosen language (Pig's ``"roll"`` is 掷骰 in
        Chinese); the action itself stays what code passes. Without it a move is ``str(action)``:
        read it through :func:`move_text`.

    Two optional methods only make searches to the end of the game cheaper; they must
    answer as the protocol does (a subclass that redefines ``utility`` or ``result``
    without them makes the searches build them from the protocol again):

    ``outcome(state) -> float | None``
        ``utility(state, MAX)`` if ``is_terminal(state)``, else ``None``.
    ``successors(state) -> Iterable[tuple[action, state]]``
        The pairs ``(a, result(state, a))`` for ``a`` in ``actions(state)``, in that
        order (a generator may make them one at a time).

    Games of chance (chapter 7) add two methods; a game without them has no chance nodes:

    ``is_chance(state) -> bool``
        True at a chance node (a dice roll): nobody chooses there, chance does.
        ``to_move`` may be asked there too and names the player who rolled.
    ``chance_outcomes(state) -> Sequence[tuple[outcome, probability]]``
        The outcomes of the chance node ``state``, in a fixed order, with probabilities
        that add up to 1; ``result(state, outcome)`` is the state after that outcome
        (outcomes are the "actions" of a chance node, ``actions`` is not asked there).

    Whole-game serialisations have other names (``GameTree.to_spec`` / ``from_spec``).
    """

    initial: State

    def to_move(self, state: State) -> Player:
        """The player whose turn it is in ``state``."""
        ...

    def actions(self, state: State) -> Sequence[Action]:
        """The legal moves in ``state``, in a fixed order."""
        ...

    def result(self, state: State, action: Action) -> State:
        """The state reached by playing ``action`` in ``state``."""
        ...

    def is_terminal(self, state: State) -> bool:
        """True when the game is over in ``state``."""
        ...

    def utility(self, state: State, player: Player = MAX) -> float:
        """The final payoff of a terminal ``state`` for ``player``."""
        ...


def move_text(game: Any, action: Any) -> str:
    """A move as a person reads it: the game's own ``move_text(action)``, else ``str(action)``.

    Pictures, captions and printed results write moves through this function, so that a game
    whose moves are words (Pig's ``"roll"`` and ``"hold"``) shows them in the reader's language
    while its code keeps comparing the English identifiers.

    >>> from coursekit.games import Pig
    >>> move_text(Pig(), "roll"), move_text(None, 4)
    ('roll', '4')
    """
    words = getattr(game, "move_text", None)
    return str(action) if words is None else words(action)


def moves_text(game: Any, actions: Iterable[Any]) -> str:
    """Several moves as a person reads them, separated by spaces (a path, a line of play).

    >>> moves_text(None, (4, 1))
    '4 1'
    """
    return " ".join(move_text(game, action) for action in actions)
