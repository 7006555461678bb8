"""Best responses in mixed strategies for 2×2 games, the picture's model.

Let p be the probability that the row player plays its first row and q the
probability that the column player plays its first column. Against q, the
row player's first row is better, worse or just as good as the second as
the difference

    d(q) = q·(A₀₀ − A₁₀) + (1 − q)·(A₀₁ − A₁₁)

is positive, negative or zero; its best responses are p = 1, p = 0 or every
p. Drawn in the (p, q) square, each player's best responses form a path,
and the equilibria are exactly where the two paths meet (Osborne,
*An Introduction to Game Theory*, 2004, §4.3). The steps
(:func:`best_response_graph`):

1. the gains of the first strategy over the second against each pure
   strategy of the opponent;
2. where d changes sign (at most once: it is linear), the player is
   indifferent: a horizontal (or vertical) piece;
3. on either side, the constant best choice: vertical (or horizontal) pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from coursekit.gametheory.errors import PayoffError
from coursekit.gametheory.exact import Matrix
from coursekit.text import say

Point = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class BestResponseGraph:
    """The points (p, q) where ``player``'s strategy is a best response to the other's.

    ``segments`` are straight pieces in (p, q) coordinates; ``everywhere`` is
    True when the player is indifferent whatever the other does (the whole
    square is then best responses).
    """

    player: int
    segments: tuple[tuple[Point, Point], ...]
    everywhere: bool


def _advantage(payoffs: Matrix, player: int) -> tuple[Fraction, Fraction]:
    """Step 1: (gain of strategy 0 over 1 when the opponent plays 0, … when it plays 1)."""
    P = payoffs
    if player == 0:
        return P[0][0] - P[1][0], P[0][1] - P[1][1]
    return P[0][0] - P[0][1], P[1][0] - P[1][1]


def best_response_graph(payoffs: Matrix, player: int) -> BestResponseGraph:
    """The best-response graph of ``player`` (0 = row, 1 = column) in a 2×2 game.

    Parameters
    ----------
    payoffs : 2×2 rows of fractions
        The player's own payoffs, indexed [row][column].
    player : int
        0 for the row player, 1 for the column player.

    Raises
    ------
    PayoffError
        When the matrix is not 2×2.

    Examples
    --------
    >>> from coursekit.gametheory import catalog
    >>> g = catalog.couples_quarrel()
    >>> graph = best_response_graph(g.exact_A, 0)
    >>> [(tuple(map(str, a)), tuple(map(str, b))) for a, b in graph.segments]
    [(('1', '0'), ('1', '1/2')), (('1', '1/2'), ('0', '1/2')), (('0', '1/2'), ('0', '1'))]
    """
    shape = (len(payoffs), len(payoffs[0]) if payoffs else 0)
    if shape != (2, 2):
        raise PayoffError(say("errors.gametheory.graph_2x2", shape=shape))
    gain_if_0, gain_if_1 = _advantage(payoffs, player)

    def best(t: Fraction) -> Fraction | None:
        """The best probability of strategy 0 when the opponent plays 0 with probability t."""
        d = t * gain_if_0 + (1 - t) * gain_if_1
        return None if d == 0 else Fraction(int(d > 0))

    zero, one = Fraction(0), Fraction(1)
    if gain_if_0 == gain_if_1 == 0:
        corners = [(zero, zero), (one, zero), (one, one), (zero, one)]
        edges = tuple(zip(corners, corners[1:] + corners[:1], strict=True))
        return BestResponseGraph(player, _orient(edges, player), True)
    pieces: list[tuple[Point, Point]] = []
    # d(t) is linear in t: it changes sign at most once, where it is zero
    root = gain_if_1 / (gain_if_1 - gain_if_0) if gain_if_0 != gain_if_1 else None
    if root is not None and 0 < root < 1:
        below, above = best(root / 2), best((root + 1) / 2)
        pieces.append(((below, zero), (below, root)))
        pieces.append(((below, root), (above, root)))  # indifferent at t = root: any p
        pieces.append(((above, root), (above, one)))
    else:
        # no switch inside (0, 1): one constant choice, possibly indifferent at an end
        middle = best(Fraction(1, 2))
        pieces.append(((middle, zero), (middle, one)))
        for end in (zero, one):
            if best(end) is None:
                pieces.append(((zero, end), (one, end)))
    return BestResponseGraph(player, _orient(tuple(pieces), player), False)


def _orient(segments: tuple[tuple[Point, Point], ...], player: int) -> tuple:
    """Segments are built as (own probability, opponent's); the picture wants (p, q)."""
    if player == 0:
        return segments
    return tuple(((a[1], a[0]), (b[1], b[0])) for a, b in segments)
