"""The iterated prisoner's dilemma (重复囚徒困境) and a round-robin tournament.

Played once, the prisoner's dilemma ends in mutual betrayal. Played again
and again with the same partner, cooperation can pay: Axelrod's tournaments
(1980) were won by tit-for-tat. Here a few classic strategies meet in a
round robin, with *noise* — a move that comes out the opposite of what was
meant, with a small probability — drawn from a seeded generator so that a
tournament can be replayed exactly.

Writing a strategy
------------------
A strategy is a function of three arguments that returns ``"C"``
(cooperate) or ``"D"`` (defect)::

    def my_strategy(mine: list[str], theirs: list[str], rng: random.Random) -> str:
        ...

``mine`` and ``theirs`` are the moves made so far (after noise), oldest
first; ``rng`` is the only randomness a strategy may use. Its name in the
tables is the function's ``__name__`` (or set a ``name`` attribute).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from coursekit.gametheory.errors import PayoffError
from coursekit.gametheory.game import NormalFormGame
from coursekit.text import say

COOPERATE, DEFECT = "C", "D"
Strategy = Callable[[list[str], list[str], random.Random], str]


def always_cooperate(mine: list[str], theirs: list[str], rng: random.Random) -> str:
    """Cooperate, always."""
    return COOPERATE


def always_defect(mine: list[str], theirs: list[str], rng: random.Random) -> str:
    """Defect, always: the one-shot game's equilibrium strategy."""
    return DEFECT


def tit_for_tat(mine: list[str], theirs: list[str], rng: random.Random) -> str:
    """Cooperate first, then copy the opponent's last move (以牙还牙)."""
    return theirs[-1] if theirs else COOPERATE


def grim_trigger(mine: list[str], theirs: list[str], rng: random.Random) -> str:
    """Cooperate until the opponent defects once, then defect forever (冷酷策略)."""
    return DEFECT if DEFECT in theirs else COOPERATE


def random_moves(mine: list[str], theirs: list[str], rng: random.Random) -> str:
    """Cooperate or defect with probability 1/2 each."""
    return COOPERATE if rng.random() < 0.5 else DEFECT


def pavlov(mine: list[str], theirs: list[str], rng: random.Random) -> str:
    """Win–stay, lose–shift (Nowak and Sigmund 1993): keep the last move after a good round
    (3 or 5 points), change it after a bad one (0 or 1). That is: cooperate when both made
    the same move last round, defect when they differed."""
    if not mine:
        return COOPERATE
    return COOPERATE if mine[-1] == theirs[-1] else DEFECT


CLASSIC: tuple[Strategy, ...] = (
    always_cooperate,
    always_defect,
    tit_for_tat,
    grim_trigger,
    random_moves,
    pavlov,
)


def name_of(strategy: Strategy) -> str:
    """The name a strategy goes by in tables and plots."""
    return getattr(strategy, "name", None) or getattr(strategy, "__name__", repr(strategy))


@dataclass(frozen=True)
class Match:
    """One match: the moves actually made (noise included) and the total scores."""

    players: tuple[str, str]
    moves: tuple[tuple[str, str], ...]
    scores: tuple[Fraction, Fraction]

    def cooperation_rate(self, player: int) -> float:
        """The share of rounds in which ``player`` (0 or 1) cooperated."""
        return sum(m[player] == COOPERATE for m in self.moves) / len(self.moves)


def _stage_payoffs(game: NormalFormGame) -> dict[tuple[str, str], tuple[Fraction, Fraction]]:
    if game.shape != (2, 2):
        raise PayoffError(say("errors.gametheory.stage_game", shape=game.shape))
    index = {COOPERATE: 0, DEFECT: 1}
    return {(a, b): game.payoff(index[a], index[b]) for a in index for b in index}


def play_match(
    first: Strategy,
    second: Strategy,
    rounds: int = 100,
    noise: float = 0.0,
    seed: int | None = 0,
    game: NormalFormGame | None = None,
) -> Match:
    """Play ``rounds`` rounds of the stage ``game`` (Axelrod's points by default).

    With probability ``noise`` a move is flipped after it is chosen.

    >>> m = play_match(tit_for_tat, always_defect, rounds=5)
    >>> "".join(a for a, _ in m.moves), m.scores
    ('CDDDD', (Fraction(4, 1), Fraction(9, 1)))
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise PayoffError(say("errors.gametheory.rounds", rounds=repr(rounds)))
    if (
        isinstance(noise, bool)
        or not isinstance(noise, (int, float, Fraction))
        or not 0 <= noise <= 1
    ):
        raise PayoffError(say("errors.gametheory.noise", noise=repr(noise)))
    payoffs = _stage_payoffs(game if game is not None else _points())
    rng = random.Random(seed)
    history: tuple[list[str], list[str]] = ([], [])
    scores = [Fraction(0), Fraction(0)]
    for _ in range(rounds):
        moves = []
        for me, strategy in enumerate((first, second)):
            move = strategy(list(history[me]), list(history[1 - me]), rng)
            if move not in (COOPERATE, DEFECT):
                raise PayoffError(
                    say("errors.gametheory.move", strategy=name_of(strategy), move=repr(move))
                )
            if rng.random() < noise:
                move = DEFECT if move == COOPERATE else COOPERATE
            moves.append(move)
        for me in (0, 1):
            history[me].append(moves[me])
            scores[me] += payoffs[moves[0], moves[1]][me]
    return Match(
        (name_of(first), name_of(second)),
        tuple(zip(history[0], history[1], strict=True)),
        (scores[0], scores[1]),
    )


def _points() -> NormalFormGame:
    from coursekit.gametheory.catalog import prisoners_dilemma_points

    return prisoners_dilemma_points()


@dataclass(frozen=True)
class Tournament:
    """A round robin's results.

    ``scores[a][b]`` is the average score per round of strategy ``a`` in its
    matches against ``b``; ``average`` each strategy's average per round
    over all its matches; ``ranking`` the strategies from best to worst.
    """

    names: tuple[str, ...]
    scores: tuple[tuple[float, ...], ...]
    average: tuple[float, ...]
    rounds: int
    noise: float
    seed: int

    @property
    def ranking(self) -> list[str]:
        """Strategy names from the best average to the worst (ties by name)."""
        order = sorted(range(len(self.names)), key=lambda k: (-self.average[k], self.names[k]))
        return [self.names[k] for k in order]


def tournament(
    strategies: Sequence[Strategy] = CLASSIC,
    rounds: int = 200,
    noise: float = 0.05,
    seed: int = 0,
    repetitions: int = 3,
    game: NormalFormGame | None = None,
) -> Tournament:
    """Every strategy plays every strategy (itself included) ``repetitions`` times.

    Each match has its own seed, derived from ``seed`` and the pair, so the
    results do not depend on the order in which matches are played.

    >>> t = tournament([tit_for_tat, always_defect], rounds=10, noise=0.0, repetitions=1)
    >>> t.names, t.scores
    (('tit_for_tat', 'always_defect'), ((3.0, 0.9), (1.4, 1.0)))
    """
    names = tuple(name_of(s) for s in strategies)
    if len(set(names)) != len(names):
        raise PayoffError(say("errors.gametheory.same_name", names=names))
    count = len(strategies)
    totals = [[Fraction(0)] * count for _ in range(count)]
    for a in range(count):
        for b in range(a, count):
            for r in range(repetitions):
                match_seed = random.Random(f"{seed}/{a}/{b}/{r}").getrandbits(32)
                match = play_match(strategies[a], strategies[b], rounds, noise, match_seed, game)
                totals[a][b] += match.scores[0]
                if a != b:
                    totals[b][a] += match.scores[1]
    per_round = [[float(t / (rounds * repetitions)) for t in row] for row in totals]
    average = [sum(row) / count for row in per_round]
    return Tournament(
        names, tuple(tuple(r) for r in per_round), tuple(average), rounds, noise, seed
    )
