"""Playing a whole game: engines search again after every reply, as the course describes.

A *player* is any function ``player(game, state) -> action``. :func:`engine`
makes one from a search algorithm: before each of its moves it searches
afresh from the position on the board (whatever the depth, one search
decides only one move). :func:`human` asks a person; :func:`random_player`
picks at random.

>>> from coursekit.games import TicTacToe, MAX, MIN
>>> record = play(TicTacToe(), {MAX: engine(depth=2), MIN: engine()})
>>> record.winner is None, len(record.moves)      # perfect MIN holds a draw
(True, 9)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from coursekit.games.base import MAX, MIN, Game, Player
from coursekit.search.core import SearchError, check_position
from coursekit.search.minimax import minimax
from coursekit.search.result import SearchResult
from coursekit.text import say

PlayerFunction = Callable[[Game, Any], Any]


class Engine:
    """A computer player: runs ``search(game, state, **options)`` before every move.

    The results of its searches are kept in :attr:`results`, newest last.
    """

    def __init__(self, search: Callable[..., SearchResult] = minimax, **options: Any) -> None:
        self.search = search
        self.options = options
        self.results: list[SearchResult] = []

    def __call__(self, game: Game, state: Any) -> Any:
        result = self.search(game, state, **self.options)
        self.results.append(result)
        return result.move

    def __repr__(self) -> str:
        name = getattr(self.search, "__name__", repr(self.search))
        return f"engine({', '.join([name] + [f'{k}={v!r}' for k, v in self.options.items()])})"


def engine(search: Callable[..., SearchResult] = minimax, **options: Any) -> Engine:
    """A player that searches with ``search`` (minimax by default) before each move.

    ``options`` go to the search, e.g. ``engine(depth=2)`` looks two plies ahead.
    """
    return Engine(search, **options)


def human(ask: Callable[[str], str] = input, show: Callable[[str], Any] = print) -> PlayerFunction:
    """A player that asks a person for each move (by default on the keyboard).

    The answer is matched against the legal moves as written by ``str``;
    anything else is asked again.
    """

    def choose(game: Game, state: Any) -> Any:
        moves = list(game.actions(state))
        by_name = {str(m): m for m in moves}
        if hasattr(game, "to_text"):
            show(game.to_text(state))
        while True:
            answer = ask(say("printed.play.your_move", moves=", ".join(by_name))).strip()
            if answer in by_name:
                return by_name[answer]
            show(say("printed.play.illegal", answer=repr(answer)))

    return choose


def random_player(seed: int | None = None) -> PlayerFunction:
    """A player that picks one of the legal moves at random (seeded)."""
    rng = random.Random(seed)
    return lambda game, state: rng.choice(list(game.actions(state)))


@dataclass(frozen=True, eq=False)
class GameRecord:
    """What :func:`play` returns: a finished (or stopped) game, read-only.

    Its fields cannot be reassigned. The sequences are lists (as the chapter
    notebooks print them); :func:`play` makes new ones for every game, so
    changing one changes no other record.
    """

    game: Game = field(repr=False)
    """The game played."""

    states: list = field(default_factory=list)
    """Every position from the start to the last one: ``len(moves) + 1`` positions."""

    moves: list = field(default_factory=list)
    """The moves played, in order; ``moves[i]`` leads from ``states[i]`` to ``states[i + 1]``."""

    searches: list[SearchResult | None] = field(default_factory=list, repr=False)
    """For each move, the search an engine made to choose it (``None`` for other players)."""

    @property
    def final(self) -> Any:
        """The last position."""
        return self.states[-1]

    @property
    def finished(self) -> bool:
        return self.game.is_terminal(self.final)

    @property
    def utility(self) -> float | None:
        """The outcome for MAX, or ``None`` when the game was stopped before the end."""
        return self.game.utility(self.final, MAX) if self.finished else None

    @property
    def winner(self) -> Player | None:
        """MAX or MIN for a win, ``None`` for a draw or an unfinished game."""
        outcome = self.utility
        if not outcome:
            return None
        return MAX if outcome > 0 else MIN


def play(
    game: Game,
    players: Mapping[Player, PlayerFunction] | Sequence[PlayerFunction],
    state: Any = None,
    *,
    max_moves: int | None = None,
) -> GameRecord:
    """Play from ``state`` (``game.initial``) until the game ends or ``max_moves`` are made.

    Each turn the player to move is asked for its move in the current
    position; an engine therefore searches again after every reply.

    Parameters
    ----------
    game : Game
        What is played.
    players : {MAX: player, MIN: player} or (max_player, min_player)
        A player is a function ``player(game, state) -> move``: :func:`engine`,
        :func:`human`, :func:`random_player` or your own.
    state : optional
        The starting position; ``game.initial`` when ``None``.
    max_moves : int or None
        Stop after this many moves (``None``: play to the end).

    Returns
    -------
    GameRecord
        ``states``, ``moves``, ``searches`` (each engine's search) and the
        outcome: ``finished``, ``utility`` (for MAX), ``winner``.

    Raises
    ------
    SearchError
        When ``players`` is not two player functions, ``state`` is not a
        position of ``game``, ``max_moves`` is not a whole number >= 0, or a
        player chooses an illegal move (its search's own errors pass through).

    See Also
    --------
    engine, human, random_player

    Examples
    --------
    >>> from coursekit.games import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> answers = iter(["D"])                      # a person plays D at the root
    >>> record = play(tree, {MAX: human(ask=lambda _: next(answers), show=print), MIN: engine()})
    A
    >>> record.moves, record.utility               # MIN answers D3: 2 instead of 3
    (['D', 'D3'], 2)
    """
    if not isinstance(players, Mapping):
        if not isinstance(players, Sequence) or len(players) != 2:
            raise SearchError(say("errors.search.players", players=players))
        players = {MAX: players[0], MIN: players[1]}
    missing = [p for p in (MAX, MIN) if p not in players]
    if missing:
        raise SearchError(say("errors.search.no_player", missing=", ".join(map(str, missing))))
    for who, player in players.items():
        if not callable(player):
            raise SearchError(say("errors.search.player_function", who=who, player=player))
    state = check_position(game, state)
    if max_moves is not None and (
        isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0
    ):
        raise SearchError(
            say("errors.search.whole_or_none", name="max_moves", least=0, value=max_moves)
        )
    states, moves, searches = [state], [], []
    while not game.is_terminal(state) and (max_moves is None or len(moves) < max_moves):
        player = players[game.to_move(state)]
        move = player(game, state)
        legal = game.actions(state)
        if move not in legal:
            raise SearchError(say("errors.search.illegal_move", player=player, move=move))
        found = getattr(player, "results", None)
        searches.append(found[-1] if found else None)
        state = game.result(state, move)
        moves.append(move)
        states.append(state)
    return GameRecord(game, states, moves, searches)
