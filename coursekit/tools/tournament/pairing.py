"""Who plays whom in each round of a class tournament: a round robin, or Swiss rounds.

A *round robin* lets every entry meet every other once. Its rounds come from
the circle method: the entries sit at two rows of tables, the first stays in
its seat and the others move one seat round after every round, so that after
``n - 1`` rounds (``n`` even; with an odd field one entry rests each round)
every pair has met exactly once.

A *Swiss* tournament plays far fewer rounds — about ``log2(n) + 2`` rank a
field well — and pairs, in every round, entries whose scores are close. The
pairing of one round is a **minimum-weight perfect matching** (networkx's
:func:`~networkx.algorithms.matching.min_weight_matching`) on a graph of the
entries:

1. an edge joins two entries that have not met yet (no rematch);
2. its weight is the squared difference of their points (similar scores meet),
   plus a small cost when both are owed the same colour (colours balance out);
3. with an odd field a *bye* joins the matching as one more vertex: an edge to
   each entry that has had the fewest byes (byes go round fairly), weighted as
   if the bye had fewer points than anyone (the lowest scores get it);
4. a perfect matching of that graph is the round; when none exists (every
   pairing left is a rematch) the round cannot be paired, and the caller is
   told so.

Vertices are entry numbers, never names, so that the matching does not depend
on the order in which Python hashes strings: the same history gives the same
round in every process, which is what a resumed tournament relies on.

>>> rounds = round_robin_rounds([0, 1, 2, 3])
>>> len(rounds), sorted(sorted((p.first, p.second)) for r in rounds for p in r)
(3, [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]])
>>> history = History.empty([0, 1, 2, 3])
>>> [(p.board, p.first, p.second) for p in swiss_round([0, 1, 2, 3], history, 1)]
[(1, 0, 3), (2, 2, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import networkx as nx

from coursekit.tools.tournament.records import Pairing

BYE = -1
"""The vertex that stands for the bye in a Swiss round's graph."""

SCORE_WEIGHT = 10_000
"""The cost of pairing entries half a point apart (squared: a point apart costs four times)."""

COLOUR_WEIGHT = 100
"""The cost of pairing two entries that are owed the same colour (less than any score gap)."""


class PairingError(ValueError):
    """A round cannot be paired (every pairing left would be a rematch)."""


@dataclass
class History:
    """What the earlier rounds say about each entry: all that the next pairing needs."""

    points: dict[int, float]
    """Points so far (a win 1, a draw ½, a bye a win for every game of its round)."""

    met: set[frozenset[int]] = field(default_factory=set)
    """The pairs that have played each other."""

    colour: dict[int, int] = field(default_factory=dict)
    """Games as MAX minus games as MIN: positive means the entry is owed MIN."""

    last: dict[int, int] = field(default_factory=dict)
    """+1 when the entry's latest game was as MAX, -1 as MIN (absent: none yet)."""

    byes: dict[int, int] = field(default_factory=dict)
    """Byes received so far."""

    @classmethod
    def empty(cls, entries: Iterable[int]) -> History:
        """The history before the first round."""
        entries = list(entries)
        return cls(points=dict.fromkeys(entries, 0.0), colour=dict.fromkeys(entries, 0))

    def add_game(self, max_entry: int, min_entry: int, max_points: float) -> None:
        """Record one game: who played MAX and MIN, and MAX's points (1, ½ or 0)."""
        self.points[max_entry] += max_points
        self.points[min_entry] += 1 - max_points
        self.met.add(frozenset((max_entry, min_entry)))
        self.colour[max_entry] += 1
        self.colour[min_entry] -= 1
        self.last[max_entry], self.last[min_entry] = 1, -1

    def add_bye(self, entry: int, points: float) -> None:
        """Record a bye worth ``points``."""
        self.points[entry] += points
        self.byes[entry] = self.byes.get(entry, 0) + 1


def round_robin_rounds(entries: Sequence[int]) -> list[list[Pairing]]:
    """Every pair once, in ``n - 1`` rounds (the circle method; ``n`` rounded up to even).

    Parameters
    ----------
    entries : sequence of int
        The entries' numbers, in the order of their seats.

    Returns
    -------
    list of list of Pairing
        The rounds; with an odd field each round has one bye (a rest: it scores nothing).

    Examples
    --------
    >>> [[(p.first, p.second) for p in r] for r in round_robin_rounds([0, 1, 2])]
    [[(1, 0), (2, None)], [(0, 2), (1, None)], [(2, 1), (0, None)]]
    """
    seats: list[int | None] = ([None] if len(entries) % 2 else []) + list(entries)
    n = len(seats)
    rounds = []
    for number in range(1, n):
        tables, rests = [], []
        for table in range(n // 2):
            a, b = seats[table], seats[n - 1 - table]
            # the fixed seat changes colour every round, the others every other table
            if (table == 0 and number % 2 == 0) or (table > 0 and table % 2 == 1):
                a, b = b, a
            if a is None or b is None:
                rests.append(b if a is None else a)
            else:
                tables.append((a, b))
        boards = [*tables, *((rest, None) for rest in rests)]  # the rest last, as in a Swiss round
        rounds.append([Pairing(number, k, a, b) for k, (a, b) in enumerate(boards, 1)])
        seats = [seats[0], seats[-1], *seats[1:-1]]  # everyone but the first moves one seat
    return rounds


def swiss_round(order: Sequence[int], history: History, round_number: int) -> list[Pairing]:
    """Pair one Swiss round as a minimum-weight perfect matching (see the module's steps).

    Parameters
    ----------
    order : sequence of int
        The entries still playing, best first (points, then the seeded starting order).
        Boards are numbered in this order.
    history : History
        The earlier rounds.
    round_number : int
        The round being paired (from 1).

    Returns
    -------
    list of Pairing
        Every entry exactly once: the boards, then the bye (if the field is odd).

    Raises
    ------
    PairingError
        When no perfect matching avoids a rematch (too many rounds for the field).

    Examples
    --------
    >>> history = History.empty(range(5))
    >>> history.add_game(0, 1, 1.0)
    >>> [(p.first, p.second) for p in swiss_round([0, 2, 3, 4, 1], history, 2)]
    [(2, 0), (4, 3), (1, None)]
    """
    graph = _pairing_graph(order, history)
    matching = nx.min_weight_matching(graph)
    if 2 * len(matching) != graph.number_of_nodes():
        raise PairingError(
            f"round {round_number} cannot be paired without a rematch "
            f"({len(order)} entries): play fewer Swiss rounds, or a round robin"
        )
    rank = {entry: place for place, entry in enumerate(order)}
    rank[BYE] = len(order)
    pairs = sorted(
        (sorted(pair, key=rank.__getitem__) for pair in matching), key=lambda p: rank[p[0]]
    )
    games = [(a, b) for a, b in pairs if b != BYE]
    rounds = [
        Pairing(round_number, board, *_colours(a, b, history, board))
        for board, (a, b) in enumerate(games, 1)
    ]
    byes = [a for a, b in pairs if b == BYE]
    return rounds + [Pairing(round_number, len(rounds) + 1, a, None) for a in byes]


def _pairing_graph(order: Sequence[int], history: History) -> nx.Graph:
    """The entries (and a bye for an odd field), joined where they may meet, with weights."""
    graph = nx.Graph()
    graph.add_nodes_from(order)
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            if frozenset((a, b)) not in history.met:
                graph.add_edge(a, b, weight=_weight(a, b, history))
    if len(order) % 2:
        fewest = min(history.byes.get(entry, 0) for entry in order)
        lowest = min(history.points[entry] for entry in order) - 1
        graph.add_node(BYE)
        for entry in order:
            if history.byes.get(entry, 0) == fewest:
                gap = round(2 * (history.points[entry] - lowest))
                graph.add_edge(BYE, entry, weight=SCORE_WEIGHT * gap * gap)
    return graph


def _weight(a: int, b: int, history: History) -> int:
    """Squared score gap (in half points), plus a cost when both are owed the same colour."""
    gap = round(2 * (history.points[a] - history.points[b]))
    owed_a, owed_b = history.colour.get(a, 0), history.colour.get(b, 0)
    clash = (owed_a > 0 and owed_b > 0) or (owed_a < 0 and owed_b < 0)
    return SCORE_WEIGHT * gap * gap + COLOUR_WEIGHT * clash


def _colours(a: int, b: int, history: History, board: int) -> tuple[int, int]:
    """(MAX, MIN) of a pairing, ``a`` the better placed: MAX to the one owed it most, then to
    the one who was MIN last, then to ``a`` on odd boards and to ``b`` on even ones."""
    owed_a, owed_b = history.colour.get(a, 0), history.colour.get(b, 0)
    if owed_a != owed_b:
        return (a, b) if owed_a < owed_b else (b, a)
    last_a, last_b = history.last.get(a, 0), history.last.get(b, 0)
    if last_a != last_b:
        return (a, b) if last_a < last_b else (b, a)
    return (a, b) if board % 2 else (b, a)
