"""Matches between engines: who plays better, measured by playing.

An *engine* is a search with its settings: which algorithm, which
evaluation function, how deep or how long per move. Two engines play a
:func:`match` — a series of games from seeded random openings, each opening
played twice so that both engines get both colours — and several play a
:func:`round_robin`, every pair a match. The results say more than any one
game: wins, draws and losses, the depth each engine reached on average and
how many positions it searched per second.

>>> from coursekit.games import TicTacToe
>>> strong = MatchEngine("depth 9", search="minimax", depth=9)
>>> weak = MatchEngine("depth 1", search="minimax", depth=1)
>>> result = match(TicTacToe(), strong, weak, games=4, opening_plies=1, seed=1)
>>> result.points("depth 9") >= result.points("depth 1")
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from coursekit.games.base import MAX, MIN, Game
from coursekit.games.playout import random_line
from coursekit.search.core import Evaluate, SearchError
from coursekit.search.iterative_deepening import iterative_deepening
from coursekit.search.registry import CHANCE, DETERMINISTIC, get
from coursekit.search.result import SearchResult
from coursekit.text import number_text, padded, say


class EngineFailure(Exception):
    """An engine could not give a move (it crashed or ran out of time): it loses the game.

    Raised by an engine's ``think``; :func:`play_game` turns it into a lost game
    with ``reason`` in the record, so a tournament goes on.
    """

    def __init__(self, engine: str, reason: str) -> None:
        super().__init__(f"{engine}: {reason}")
        self.engine = engine
        self.reason = reason


@dataclass(frozen=True)
class MatchEngine:
    """A player for matches: a registered search with its evaluation and its limit per move.

    Give ``depth`` (search that many plies), ``seconds`` (iterative deepening
    within that time per move, never deeper than ``depth`` if both are given)
    or neither (search to the end: only for small games). What a search takes
    comes from its registry entry: one with a clock of its own (MCTS) gets
    ``seconds`` itself, one without a depth limit refuses ``depth``.
    """

    name: str
    """How the engine appears in tables."""

    search: str = "alpha-beta"
    """The name of a registered search (``coursekit.search.algorithms()``)."""

    evaluate: Evaluate | None = field(default=None, compare=False)
    """e(p) at the cut-off; the game's own ``evaluate`` when ``None``."""

    depth: int | None = None
    """Plies searched per move (the deepest iteration when ``seconds`` is given)."""

    seconds: float | None = None
    """Time per move for iterative deepening."""

    options: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """Further keywords for the search, as its function takes them (MCTS:
    ``{"playouts": 1000, "seed": 1}``)."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise SearchError(say("errors.search.engine_name", name=self.name))
        try:
            algorithm = get(self.search)
        except KeyError as error:
            raise self._refused(error.args[0]) from None
        if self.depth is not None and not algorithm.depth:
            raise self._refused(say("errors.search.engine_no_depth", search=self.search))
        if self.evaluate is not None and not algorithm.evaluation:
            raise self._refused(say("errors.search.engine_no_evaluation", search=self.search))
        if not isinstance(self.options, Mapping) or not all(
            isinstance(key, str) for key in self.options
        ):
            raise self._refused(say("errors.search.engine_options", options=self.options))

    def _refused(self, problem: str) -> SearchError:
        """The error naming this engine and what is wrong with it."""
        return SearchError(say("errors.search.engine", name=self.name, problem=problem))

    def think(self, game: Game, state: Any) -> SearchResult:
        """Search ``state`` and return the result (its ``move`` is the engine's choice).

        Raises
        ------
        SearchError
            When the search does not play this kind of game (its registry entry's ``games``).
        """
        algorithm = get(self.search)
        kind = CHANCE if getattr(game, "is_chance", None) is not None else DETERMINISTIC
        if kind not in algorithm.games:
            raise self._refused(say(f"errors.search.engine_kind.{kind}", search=self.search))
        options = dict(self.options)
        if self.seconds is not None and algorithm.clock:
            return algorithm.function(game, state, seconds=self.seconds, **options)
        if self.seconds is not None:
            return iterative_deepening(
                game, state, search=algorithm.function, seconds=self.seconds,
                max_depth=self.depth, evaluate=self.evaluate, **options,
            )  # fmt: skip
        if not algorithm.depth:  # an anytime search with its own default budget
            return algorithm.function(game, state, **options)
        return algorithm.function(game, state, depth=self.depth, evaluate=self.evaluate, **options)


@dataclass(frozen=True)
class PlayedGame:
    """One game of a match."""

    max_engine: str
    """The engine that played MAX (moved first)."""

    min_engine: str
    """The engine that played MIN."""

    opening: tuple
    """The seeded random moves played before the engines took over."""

    outcome: int
    """+1 MAX won, −1 MIN won, 0 a draw (or stopped at ``max_moves``)."""

    moves: tuple
    """Every move of the game, the opening's included."""

    depths: dict[str, list[int]]
    """Per engine, the depth reached at each of its moves."""

    nodes: dict[str, int]
    """Per engine, the positions searched in this game."""

    seconds: dict[str, float]
    """Per engine, the time spent thinking in this game."""

    forfeit: str | None = None
    """The engine that lost by failing (a crash, a time-out, an illegal move), if any."""

    note: str = ""
    """Why it forfeited, for the results table."""

    def points(self, engine: str) -> float:
        """1 for a win, ½ for a draw, 0 for a loss (0 for an engine that did not play)."""
        if engine == self.max_engine:
            return (1 + self.outcome) / 2
        if engine == self.min_engine:
            return (1 - self.outcome) / 2
        return 0.0


@dataclass(frozen=True)
class Row:
    """One engine's line of a results table."""

    engine: str
    games: int
    wins: int
    draws: int
    losses: int
    points: float
    mean_depth: float
    nodes_per_second: float


@dataclass(frozen=True)
class MatchResult:
    """The games of a match or a round robin, and the tables made from them."""

    engines: tuple[str, ...]
    """The engines' names, in the order given."""

    games: tuple[PlayedGame, ...]
    """Every game played, in order."""

    def points(self, engine: str) -> float:
        """The engine's total score (a win 1, a draw ½)."""
        return sum(g.points(engine) for g in self.games)

    def table(self) -> list[Row]:
        """One row per engine, best score first (ties keep the given order)."""
        rows = [self._row(name) for name in self.engines]
        return sorted(rows, key=lambda row: -row.points)

    def crosstable(self) -> dict[str, dict[str, float]]:
        """``crosstable()[a][b]``: a's points against b."""
        table = {a: {b: 0.0 for b in self.engines if b != a} for a in self.engines}
        for g in self.games:
            table[g.max_engine][g.min_engine] += g.points(g.max_engine)
            table[g.min_engine][g.max_engine] += g.points(g.min_engine)
        return table

    def _row(self, name: str) -> Row:
        played = [g for g in self.games if name in (g.max_engine, g.min_engine)]
        wins = sum(1 for g in played if g.points(name) == 1)
        draws = sum(1 for g in played if g.points(name) == 0.5)
        depths = [d for g in played for d in g.depths.get(name, [])]
        nodes = sum(g.nodes.get(name, 0) for g in played)
        seconds = sum(g.seconds.get(name, 0.0) for g in played)
        return Row(
            engine=name,
            games=len(played),
            wins=wins,
            draws=draws,
            losses=len(played) - wins - draws,
            points=sum(g.points(name) for g in played),
            mean_depth=sum(depths) / len(depths) if depths else 0.0,
            nodes_per_second=nodes / seconds if seconds else 0.0,
        )

    def __str__(self) -> str:
        lines = [say("printed.search.match_head")]  # the columns below, in the language's words
        for r in self.table():
            lines.append(
                f"{padded(r.engine, 20)} {r.games:>5} {r.wins:>3} {r.draws:>3} {r.losses:>3} "
                f"{number_text(r.points):>6} {r.mean_depth:>5.1f} {r.nodes_per_second:>9,.0f}"
            )
        return "\n".join(lines)


def play_game(
    game: Game,
    max_engine: MatchEngine,
    min_engine: MatchEngine,
    opening: Sequence[Any] = (),
    *,
    max_moves: int | None = None,
) -> PlayedGame:
    """Play one game: the opening's moves, then the engines in turn until the end.

    An engine whose ``think`` raises :class:`EngineFailure`, or that chooses
    an illegal move, loses the game (``forfeit`` and ``note`` say why).

    Raises
    ------
    SearchError
        When an opening move is not legal, or the game has chance nodes (a match
        rolls no dice yet).
    """
    if getattr(game, "is_chance", None) is not None:
        raise SearchError(say("errors.search.match_chance", game=game))
    state = game.initial
    moves: list[Any] = []
    for move in opening:
        if move not in game.actions(state):
            raise SearchError(say("errors.search.opening", move=move, moves=moves))
        state = game.result(state, move)
        moves.append(move)
    engines = {MAX: max_engine, MIN: min_engine}
    depths: dict[str, list[int]] = {max_engine.name: [], min_engine.name: []}
    nodes = {max_engine.name: 0, min_engine.name: 0}
    seconds = {max_engine.name: 0.0, min_engine.name: 0.0}
    forfeit, note = None, ""
    while not game.is_terminal(state) and (max_moves is None or len(moves) < max_moves):
        engine = engines[game.to_move(state)]
        started = time.perf_counter()
        try:
            result = engine.think(game, state)
            if result.move not in game.actions(state):
                reason = say("errors.search.engine_illegal", move=result.move)
                raise EngineFailure(engine.name, reason)
        except EngineFailure as failure:
            forfeit, note = engine.name, failure.reason
            break
        finally:
            seconds[engine.name] += time.perf_counter() - started
        depths[engine.name].append(result.depth_limit or result.stats.depth)
        nodes[engine.name] += result.stats.nodes
        state = game.result(state, result.move)
        moves.append(result.move)
    outcome = game_outcome(game, state, forfeit, max_engine.name)
    return PlayedGame(
        max_engine.name, min_engine.name, tuple(opening), outcome, tuple(moves),
        depths, nodes, seconds, forfeit, note,
    )  # fmt: skip


def game_outcome(game: Game, state: Any, forfeit: str | None, max_name: str) -> int:
    """+1 MAX won, -1 MIN won, 0 a draw: by forfeit, else by the finished game, else a draw
    (a game stopped before its end)."""
    if forfeit is not None:
        return -1 if forfeit == max_name else 1
    if game.is_terminal(state):
        utility = game.utility(state, MAX)
        return (utility > 0) - (utility < 0)
    return 0


def openings(game: Game, count: int, plies: int, seed: int) -> list[tuple]:
    """``count`` seeded random openings of ``plies`` moves that do not end the game."""
    rng = random.Random(seed)
    return [tuple(random_line(game, plies, rng)) for _ in range(count)]


def match(
    game: Game,
    first: MatchEngine,
    second: MatchEngine,
    *,
    games: int = 2,
    opening_plies: int = 2,
    seed: int = 0,
    max_moves: int | None = None,
    progress: bool = False,
) -> MatchResult:
    """Play ``games`` games between two engines, colours alternating, from seeded openings.

    Each opening is played twice, once with each engine moving first, so an
    even number of games is fair to both.

    Parameters
    ----------
    game : Game
        What is played.
    first, second : MatchEngine
        The engines (their names must differ).
    games : int
        How many games (the openings are ``ceil(games / 2)``).
    opening_plies : int
        Random moves played before the engines take over (seeded by ``seed``).
    max_moves : int, optional
        Stop a game after this many moves in all and score it a draw.
    progress : bool
        Show a progress bar (tqdm).

    Returns
    -------
    MatchResult
        The games, ``points(name)``, ``table()`` and ``crosstable()``.

    Raises
    ------
    SearchError
        When the names are equal or ``games`` / ``opening_plies`` is not a whole number.
    """
    return round_robin(
        game, [first, second], games=games, opening_plies=opening_plies, seed=seed,
        max_moves=max_moves, progress=progress,
    )  # fmt: skip


def round_robin(
    game: Game,
    engines: Iterable[MatchEngine],
    *,
    games: int = 2,
    opening_plies: int = 2,
    seed: int = 0,
    max_moves: int | None = None,
    progress: bool = False,
    on_game: Callable[[PlayedGame], Any] | None = None,
    play: Callable[..., PlayedGame] | None = None,
) -> MatchResult:
    """Every pair of engines plays a :func:`match` of ``games`` games from the same openings.

    ``play`` plays one game (default :func:`play_game`; a tournament passes its referee's).
    """
    play = play or play_game
    engines = list(engines)
    names = [e.name for e in engines]
    if len(set(names)) != len(names) or len(engines) < 2:
        raise SearchError(say("errors.search.engine_names", names=names))
    for label, value, least in (("games", games, 1), ("opening_plies", opening_plies, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise SearchError(
                say("errors.search.whole_at_least", name=label, least=least, value=value)
            )
    lines = openings(game, (games + 1) // 2, opening_plies, seed)
    schedule = [
        (a, b) if i % 2 == 0 else (b, a) for a, b in combinations(engines, 2) for i in range(games)
    ]
    bar = None
    if progress:
        from tqdm.auto import tqdm  # only when asked: tqdm.auto loads the notebook front end

        bar = tqdm(total=len(schedule), desc=say("printed.progress.games"), leave=False)
    played: list[PlayedGame] = []
    for index, (white, black) in enumerate(schedule):
        opening = lines[(index % games) // 2]
        result = play(game, white, black, opening, max_moves=max_moves)
        played.append(result)
        if on_game is not None:
            on_game(result)
        if bar is not None:
            bar.update()
    if bar is not None:
        bar.close()
    return MatchResult(tuple(names), tuple(played))


def score_interval(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """A confidence interval for an engine's expected score per game (Wilson's score interval).

    The score rate ``points / games`` (a win 1, a draw ½) is treated as the share of
    successes in ``games`` trials; ``z = 1.96`` gives about 95 %. Draws make the true
    interval a little narrower, so this one errs on the safe side.

    Parameters
    ----------
    points : float
        The points scored (0 … ``games``).
    games : int
        The games played (1 or more).
    z : float
        The normal quantile of the confidence level (> 0).

    Returns
    -------
    (float, float)
        The lowest and the highest score rate in the interval, both in [0, 1].

    Raises
    ------
    SearchError
        When ``games`` is not a whole number >= 1 or ``points`` not in [0, games].

    Examples
    --------
    >>> low, high = score_interval(20, 40)
    >>> round(low, 3), round(high, 3)
    (0.352, 0.648)
    >>> score_interval(0, 10)[0], round(score_interval(10, 10)[1], 6)
    (0.0, 1.0)
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SearchError(say("errors.search.whole_at_least", name="games", least=1, value=games))
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 <= points <= games:
        raise SearchError(say("errors.search.between", name="points", most=games, value=points))
    if isinstance(z, bool) or not isinstance(z, (int, float)) or not z > 0:
        raise SearchError(say("errors.search.positive", name="z", value=z))
    rate = points / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games**2))
    # the interval always holds the rate itself; min/max only undo rounding at 0 and 1
    return max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))
