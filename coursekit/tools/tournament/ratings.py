"""Ratings with their uncertainty, from a tournament's games: openskill, game by game.

Points say who won most; a rating also says *how sure* that is. Every entry
starts at the same rating μ with a wide uncertainty σ; each game moves the
winner's μ up and the loser's down (a draw pulls them together), by more when
the result surprises, and shrinks both σ. The standings rank by the
*conservative* rating μ − 3σ: a value the entry's true strength exceeds with
about 99.7 % probability, so that an entry with few or lucky games does not
outrank one that has shown its strength many times.

The model is openskill's Bradley–Terry model with full pairing (Weng and Lin,
"A Bayesian approximation method for online ranking", JMLR 12, 2011): for two
players it is the logistic model behind Elo, with a σ that Elo lacks. Why
openskill rather than trueskill: it is maintained (trueskill's last release is
from 2018), MIT-licensed and free of the patent on TrueSkill, pure Python, and
it rates draws, which a tournament of evaluation functions has many of.

Games are applied in the order of their keys (round, board, game), never in
the order they finished: the same journal gives the same ratings whatever the
number of workers that played it.

>>> games = [(1, "a", "b", 1), (2, "b", "a", -1)]
>>> after = ratings_by_round(["a", "b"], games)
>>> [round(after[-1][name].mu, 2) for name in ("a", "b")]
[29.66, 20.34]
>>> after[-1]["a"].conservative < after[-1]["a"].mu
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

CONFIDENCE = 3
"""The conservative rating is μ − CONFIDENCE × σ."""


@dataclass(frozen=True)
class Rating:
    """One entry's rating: its estimated strength μ and the uncertainty σ of that estimate."""

    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """μ − 3σ: what the standings rank by."""
        return self.mu - CONFIDENCE * self.sigma


def ratings_by_round(
    names: Sequence[str], games: Iterable[tuple[int, str, str, int]]
) -> list[dict[str, Rating]]:
    """Every entry's rating after each round.

    Parameters
    ----------
    names : sequence of str
        The entries that play (each starts with openskill's initial rating).
    games : iterable of (round, max entry, min entry, outcome)
        The games in the order they are rated (rounds from 1, nondecreasing;
        the outcome +1 when MAX won, −1 when MIN won, 0 a draw).

    Returns
    -------
    list of dict
        Item ``r - 1`` maps each name to its rating after round ``r`` (an
        entry that did not play in a round keeps its rating); empty when no
        game was played.

    Raises
    ------
    ValueError
        When a game names an entry that is not in ``names`` or the rounds go back.
    """
    model = BradleyTerryFull()
    current = {name: model.rating(name=name) for name in names}
    after: list[dict[str, Rating]] = []
    last = 0
    for number, max_entry, min_entry, outcome in games:
        if number < last:
            raise ValueError(f"games out of order: round {number} after round {last}")
        if max_entry not in current or min_entry not in current:
            raise ValueError(f"a game between {max_entry!r} and {min_entry!r}: not both rated")
        while len(after) < number - 1:  # the rounds before this game's are over
            after.append(_snapshot(current))
        last = number
        ranks = [0, 0] if outcome == 0 else [0, 1] if outcome > 0 else [1, 0]
        [[current[max_entry]], [current[min_entry]]] = model.rate(
            [[current[max_entry]], [current[min_entry]]], ranks=ranks
        )
    while len(after) < last:
        after.append(_snapshot(current))
    return after


def _snapshot(current: dict) -> dict[str, Rating]:
    return {name: Rating(rating.mu, rating.sigma) for name, rating in current.items()}


def initial_rating() -> Rating:
    """The rating every entry starts with (μ = 25, σ = 25/3 in openskill's scale).

    >>> initial_rating()
    Rating(mu=25.0, sigma=8.333333333333334)
    """
    rating = BradleyTerryFull().rating()
    return Rating(rating.mu, rating.sigma)
