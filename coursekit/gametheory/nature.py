"""Games against nature (与自然的博弈): decision criteria for one player facing chance.

Nature does not care about payoffs; it only picks a state (drought, flood,
good weather). So the row player's payoff matrix is all there is, and the
question is how to choose a row when the column is unknown:

* **maximin** (悲观准则, Wald): the row whose worst payoff is best;
* **maximax** (乐观准则): the row whose best payoff is best;
* **expected value** (期望值准则): the row with the best average payoff under
  given probabilities of the states;
* **minimax regret** (后悔值准则, Savage): the regret of a choice in a state
  is what it loses against the best choice for that state; choose the row
  whose largest regret is smallest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from coursekit.gametheory.errors import PayoffError
from coursekit.gametheory.exact import Matrix, dot, to_fraction
from coursekit.text import say

if TYPE_CHECKING:
    from coursekit.gametheory.game import NormalFormGame


@dataclass(frozen=True)
class Decision:
    """The score of every row under a criterion, and the best rows (``optimism``: Hurwicz's
    weight as it was given, for that criterion only)."""

    criterion: str
    scores: tuple[Fraction, ...]
    best: tuple[int, ...]
    optimism: str | None = None

    @property
    def name(self) -> str:
        """The criterion's name as the course writes it, in the chosen language.

        >>> from coursekit.gametheory import catalog
        >>> from coursekit.text import speaking
        >>> d = maximin(catalog.farmer_vs_nature())
        >>> d.criterion, d.name
        ('maximin', 'maximin')
        >>> with speaking("zh"):
        ...     d.name
        '悲观准则'
        """
        if self.optimism is not None:
            return say("printed_gametheory.criterion.hurwicz", optimism=self.optimism)
        return say("printed_gametheory.criterion." + self.criterion.replace(" ", "_"))


def _choose(
    criterion: str,
    scores: Sequence[Fraction],
    smaller_is_better: bool = False,
    optimism: str | None = None,
) -> Decision:
    target = min(scores) if smaller_is_better else max(scores)
    best = tuple(i for i, s in enumerate(scores) if s == target)
    return Decision(criterion, tuple(scores), best, optimism)


def maximin(game: NormalFormGame) -> Decision:
    """The rows whose worst payoff is largest (the pessimist's choice).

    >>> from coursekit.gametheory import catalog
    >>> g = catalog.farmer_vs_nature()
    >>> d = maximin(g)
    >>> d.scores, g.row_labels[d.best[0]]
    ((Fraction(3, 1), Fraction(2, 1), Fraction(1, 1)), 'prepare for drought (防旱)')
    """
    return _choose("maximin", [min(row) for row in game.exact_A])


def maximax(game: NormalFormGame) -> Decision:
    """The rows whose best payoff is largest (the optimist's choice)."""
    return _choose("maximax", [max(row) for row in game.exact_A])


def expected_value(game: NormalFormGame, probabilities: Sequence[object]) -> Decision:
    """The rows with the largest expected payoff when the states have these probabilities.

    >>> from coursekit.gametheory import catalog
    >>> g = catalog.farmer_vs_nature()
    >>> d = expected_value(g, catalog.WEATHER_FORECAST)
    >>> [str(s) for s in d.scores], g.row_labels[d.best[0]]
    (['29/5', '6', '32/5'], 'rest (放心休息)')
    """
    q = game._read_mix(probabilities, 1, "probabilities")
    return _choose("expected value", [dot(q, row) for row in game.exact_A])


def regret(game: NormalFormGame) -> Matrix:
    """The regret table (后悔值表): for each state, the best payoff minus this row's payoff.

    >>> from coursekit.gametheory import catalog
    >>> [[int(r) for r in row] for row in regret(catalog.farmer_vs_nature())]
    [[0, 4, 3], [3, 0, 3], [4, 6, 0]]
    """
    m, n = game.shape
    best = [max(game.exact_A[i][j] for i in range(m)) for j in range(n)]
    return tuple(tuple(best[j] - game.exact_A[i][j] for j in range(n)) for i in range(m))


def minimax_regret(game: NormalFormGame) -> Decision:
    """The rows whose largest regret is smallest.

    >>> from coursekit.gametheory import catalog
    >>> g = catalog.farmer_vs_nature()
    >>> d = minimax_regret(g)
    >>> [int(s) for s in d.scores], g.row_labels[d.best[0]]
    ([4, 3, 6], 'prepare for flood (防涝)')
    """
    return _choose("minimax regret", [max(row) for row in regret(game)], smaller_is_better=True)


def hurwicz(game: NormalFormGame, optimism: object) -> Decision:
    """Hurwicz's criterion: weigh each row's best payoff by ``optimism`` and its worst by the rest.

    ``optimism = 0`` is maximin, ``optimism = 1`` is maximax.
    """
    try:
        alpha = to_fraction(optimism)
    except (TypeError, ValueError):
        alpha = None
    if alpha is None or not 0 <= alpha <= 1:
        raise PayoffError(say("errors.gametheory.optimism", optimism=repr(optimism)))
    scores = [alpha * max(row) + (1 - alpha) * min(row) for row in game.exact_A]
    return _choose(f"Hurwicz (optimism {optimism})", scores, optimism=str(optimism))
