"""Two-player games in normal form (标准型博弈): two payoff matrices and their labels.

The row player (行参与者) picks a row, the column player (列参与者) a column,
both at once; the pair is an *outcome* (局势) and pays ``A[i][j]`` to the row
player and ``B[i][j]`` to the column player.
"""

from __future__ import annotations

import functools
import numbers
import unicodedata
import warnings
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Literal

import numpy as np

from coursekit.errors import CoursekitError
from coursekit.gametheory import dominance, equilibria, vertices, zerosum
from coursekit.gametheory.exact import Matrix, column, dot, format_fraction, to_fraction

PlayerRef = int | str
"""A player: 0 or ``"row"`` for the row player, 1 or ``"column"`` for the column
player, or the player's name."""

Profile = tuple[int, int]
"""A pure outcome: (row index, column index), counted from 0."""


class PayoffError(CoursekitError):
    """A payoff matrix, a label or a mixed strategy that cannot be used.

    ``row`` and ``column`` (counted from 0) say where the problem is when it is
    in one entry, so that an editor can show the message beside that cell.
    """

    def __init__(self, message: str, *, row: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.row = row
        self.column = column


class DegenerateGameWarning(UserWarning):
    """Issued when an answer about equilibria needs more care because the game is degenerate."""


class NormalFormGame:
    """A two-player game given by its payoff matrices (双矩阵博弈).

    Parameters
    ----------
    A, B:
        The row player's and the column player's payoffs, as rows of numbers
        (lists, tuples or numpy arrays; ints, fractions or floats). Floats are
        read as the decimals they print as, so ``-0.5`` is exactly −1/2.
    row_labels, col_labels:
        Names of the strategies (策略); ``r1, r2, …`` and ``c1, c2, …`` by default.
    players:
        Names of the two players (参与者).

    Examples
    --------
    The prisoner's dilemma (囚徒困境) in years of prison, as negative payoffs:

    >>> g = NormalFormGame([[-0.5, -10], [0, -2]], [[-0.5, 0], [-10, -2]],
    ...                    row_labels=["silent", "confess"], col_labels=["silent", "confess"])
    >>> g.pure_equilibria()
    [(1, 1)]
    >>> g.collective_optimum()
    [(0, 0)]
    >>> print(g)
                 silent  confess
    silent   -0.5, -0.5   -10, 0
    confess      0, -10   -2, -2
    """

    def __init__(
        self,
        A: object,
        B: object,
        row_labels: Sequence[str] | None = None,
        col_labels: Sequence[str] | None = None,
        players: Sequence[str] = ("row player", "column player"),
    ) -> None:
        self.exact_A: Matrix = _read_matrix(A, "the row player's payoffs")
        self.exact_B: Matrix = _read_matrix(B, "the column player's payoffs")
        m, n = len(self.exact_A), len(self.exact_A[0])
        if (len(self.exact_B), len(self.exact_B[0])) != (m, n):
            raise PayoffError(
                f"the column player's payoffs are {len(self.exact_B)}×{len(self.exact_B[0])} "
                f"but the row player's are {m}×{n}: both matrices need the same shape"
            )
        self.shape: tuple[int, int] = (m, n)
        self.row_labels = _read_labels(row_labels, m, "row", "r")
        self.col_labels = _read_labels(col_labels, n, "column", "c")
        self.players = _read_players(players)
        self.A = _float_array(self.exact_A)
        self.B = _float_array(self.exact_B)

    # ------------------------------------------------------------------ building
    @classmethod
    def zero_sum(
        cls,
        A: object,
        row_labels: Sequence[str] | None = None,
        col_labels: Sequence[str] | None = None,
        players: Sequence[str] = ("row player", "column player"),
    ) -> NormalFormGame:
        """A zero-sum game (零和博弈): the column player pays the row player ``A[i][j]``.

        >>> NormalFormGame.zero_sum([[1, -1], [-1, 1]]).exact_B[0]
        (Fraction(-1, 1), Fraction(1, 1))
        """
        rows = _read_matrix(A, "the row player's payoffs")
        return cls(rows, [[-v for v in row] for row in rows], row_labels, col_labels, players)

    @classmethod
    def from_pairs(
        cls,
        pairs: Sequence[Sequence[Sequence[object]]],
        row_labels: Sequence[str] | None = None,
        col_labels: Sequence[str] | None = None,
        players: Sequence[str] = ("row player", "column player"),
    ) -> NormalFormGame:
        """Build a game from a table of payoff pairs, the way the course writes it.

        >>> NormalFormGame.from_pairs([[(3, 3), (0, 5)], [(5, 0), (1, 1)]]).pure_equilibria()
        [(1, 1)]
        """
        rows = _rows_of(pairs, "the table of payoff pairs")
        A, B = [], []
        for i, row in enumerate(rows):
            A.append([]), B.append([])
            for j, pair in enumerate(row):
                if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence):
                    raise PayoffError(
                        f"row {i + 1}, column {j + 1}: {pair!r} is not a pair of payoffs",
                        row=i,
                        column=j,
                    )
                if len(pair) != 2:
                    raise PayoffError(
                        f"row {i + 1}, column {j + 1} has {len(pair)} payoffs; "
                        "it needs two (row player's, column player's)",
                        row=i,
                        column=j,
                    )
                A[-1].append(pair[0]), B[-1].append(pair[1])
        return cls(A, B, row_labels, col_labels, players)

    @classmethod
    def random(
        cls, rows: int, cols: int, seed: int | None = None, low: int = 0, high: int = 99
    ) -> NormalFormGame:
        """A game with integer payoffs drawn uniformly from ``low … high`` (seeded).

        >>> NormalFormGame.random(3, 2, seed=1).shape
        (3, 2)
        """
        rng = np.random.default_rng(seed)
        A = rng.integers(low, high, size=(rows, cols), endpoint=True)
        B = rng.integers(low, high, size=(rows, cols), endpoint=True)
        return cls(A, B)

    def relabel(
        self,
        row_labels: Sequence[str] | None = None,
        col_labels: Sequence[str] | None = None,
        players: Sequence[str] | None = None,
    ) -> NormalFormGame:
        """The same payoffs with other names."""
        return NormalFormGame(
            self.exact_A,
            self.exact_B,
            self.row_labels if row_labels is None else row_labels,
            self.col_labels if col_labels is None else col_labels,
            self.players if players is None else players,
        )

    def restrict(self, rows: Sequence[int], cols: Sequence[int]) -> NormalFormGame:
        """The game in which only the given rows and columns are left (labels kept).

        >>> g = NormalFormGame.random(3, 3, seed=0)
        >>> g.restrict([0, 2], [1]).row_labels
        ('r1', 'r3')
        """
        return NormalFormGame(
            [[self.exact_A[i][j] for j in cols] for i in rows],
            [[self.exact_B[i][j] for j in cols] for i in rows],
            [self.row_labels[i] for i in rows],
            [self.col_labels[j] for j in cols],
            self.players,
        )

    # ------------------------------------------------------------------ reading
    def payoff(self, i: int, j: int) -> tuple[Fraction, Fraction]:
        """The payoffs (row player's, column player's) of the outcome (i, j)."""
        return self.exact_A[i][j], self.exact_B[i][j]

    def player(self, who: PlayerRef) -> int:
        """The index (0 = row, 1 = column) of a player given by index, role or name.

        >>> NormalFormGame([[0]], [[0]], players=("Tian Ji", "King")).player("King")
        1
        """
        if isinstance(who, (int, np.integer)) and who in (0, 1):
            return int(who)
        if who in ("row", "column", "col"):
            return 0 if who == "row" else 1
        if who in self.players:
            return self.players.index(who)
        raise ValueError(f"unknown player {who!r}: use 0, 1, 'row', 'column' or {self.players}")

    def labels(self, who: PlayerRef) -> tuple[str, ...]:
        """The strategy labels of a player."""
        return self.row_labels if self.player(who) == 0 else self.col_labels

    def payoffs_of(self, who: PlayerRef) -> Matrix:
        """A player's exact payoff matrix, always indexed [row][column]."""
        return self.exact_A if self.player(who) == 0 else self.exact_B

    def totals(self) -> set[Fraction]:
        """The different totals ``A[i][j] + B[i][j]`` that the outcomes pay."""
        return {a + b for a_row, b_row in zip(self.exact_A, self.exact_B, strict=True)
                for a, b in zip(a_row, b_row, strict=True)}  # fmt: skip

    def is_zero_sum(self) -> bool:
        """True when every outcome pays ``A[i][j] + B[i][j] == 0`` (零和博弈)."""
        return self.totals() == {0}

    def is_constant_sum(self) -> bool:
        """True when every outcome pays the same total (常和博弈), like chess's 0+1, ½+½."""
        return len(self.totals()) == 1

    # ------------------------------------------------------------------ best responses
    def best_responses(
        self, who: PlayerRef, against: int | Sequence[object] | None = None
    ) -> list[int] | list[list[int]]:
        """Best responses (最优反应) of a player.

        With ``against`` an opponent's pure strategy (an index) or mixed
        strategy (probabilities), the list of the player's best pure
        strategies against it. Without it, that list for each pure strategy of
        the opponent, in order.

        >>> g = NormalFormGame([[3, 0], [5, 1]], [[3, 5], [0, 1]])
        >>> g.best_responses("row")
        [[1], [1]]
        >>> g.best_responses(1, against=[Fraction(1, 2), Fraction(1, 2)])
        [1]
        """
        p = self.player(who)
        if against is None:
            return [self.best_responses(p, k) for k in range(self.shape[1 - p])]
        if isinstance(against, (int, np.integer)):
            mix = [Fraction(int(k == against)) for k in range(self.shape[1 - p])]
        else:
            mix = self._read_mix(against, 1 - p)
        values = self._values_against(p, mix)
        best = max(values)
        return [k for k, v in enumerate(values) if v == best]

    def _values_against(self, p: int, mix: Sequence[Fraction]) -> list[Fraction]:
        """The player's expected payoff of each pure strategy against the opponent's mix."""
        if p == 0:
            return [dot(mix, row) for row in self.exact_A]
        return [dot(mix, column(self.exact_B, j)) for j in range(self.shape[1])]

    def is_equilibrium(self, p: Sequence[object], q: Sequence[object]) -> bool:
        """True when the mixed profile (p, q) is a Nash equilibrium, checked exactly.

        Each strategy used with positive probability must be a best response to
        the other player's mix (mutual best responses, 相互最优反应).

        >>> g = NormalFormGame([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
        >>> g.is_equilibrium([Fraction(1, 2)] * 2, [Fraction(1, 2)] * 2)
        True
        >>> g.is_equilibrium([1, 0], [1, 0])
        False
        """
        mixes = (self._read_mix(p, 0), self._read_mix(q, 1))
        for who in (0, 1):
            best = set(self.best_responses(who, mixes[1 - who]))
            if any(w > 0 and k not in best for k, w in enumerate(mixes[who])):
                return False
        return True

    # ------------------------------------------------------------------ dominance
    def dominated(self, strict: bool = True) -> list[dominance.Domination]:
        """The strategies dominated by another pure strategy (严格/弱劣势策略), for both players.

        >>> g = NormalFormGame([[3, 0], [5, 1]], [[3, 5], [0, 1]], ["C", "D"], ["C", "D"])
        >>> for d in g.dominated():
        ...     print(d)
        row player's C is strictly dominated by D
        column player's C is strictly dominated by D
        """
        m, n = self.shape
        return dominance.dominated(self, range(m), range(n), strict)

    def eliminate_dominated(self, strict: bool = True) -> dominance.Elimination:
        """Iterated elimination of dominated strategies (重复剔除劣势策略), step by step.

        >>> g = NormalFormGame([[3, 0], [5, 1]], [[3, 5], [0, 1]], ["C", "D"], ["C", "D"])
        >>> e = g.eliminate_dominated()
        >>> [(d.player, g.labels(d.player)[d.strategy]) for d in e.steps]
        [(0, 'C'), (1, 'C')]
        >>> e.rows, e.cols
        ((1,), (1,))
        """
        return dominance.eliminate(self, strict)

    # ------------------------------------------------------------------ equilibria
    def pure_equilibria(self) -> list[Profile]:
        """All pure-strategy Nash equilibria (纯策略纳什均衡) as (row, column) pairs.

        An outcome is an equilibrium when each player's strategy is a best
        response to the other's.
        """
        row_best = self.best_responses(0)
        col_best = self.best_responses(1)
        return [
            (i, j) for i in range(self.shape[0]) for j in col_best[i] if i in row_best[j]
        ]  # fmt: skip

    def mixed_equilibria(
        self, method: Literal["auto", "support", "vertex"] = "auto"
    ) -> list[equilibria.Equilibrium]:
        """Nash equilibria in mixed strategies (混合策略纳什均衡), exact.

        Each equilibrium is a pair ``(p, q)`` of probability vectors of
        fractions, verified exactly as mutual best responses. Pure equilibria
        are among them (a probability of 1).

        ``method="support"`` is support enumeration (支撑集枚举): it finds
        *every* equilibrium of a non-degenerate game. ``method="vertex"`` lists
        the *extreme* equilibria by vertex enumeration, which is also every
        equilibrium of a non-degenerate game. A degenerate game (see
        :meth:`degeneracy`) can have infinitely many equilibria; ``"auto"``
        (the default) then warns, says so, and returns its extreme equilibria:
        every equilibrium is a mix of extreme ones from one of
        :meth:`equilibrium_components`.

        >>> g = NormalFormGame([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
        >>> [(e.p, e.q) for e in g.mixed_equilibria()]
        [((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))]
        """
        if method == "vertex":
            return self.extreme_equilibria()
        if method not in ("auto", "support"):
            raise ValueError(f"unknown method {method!r}: use 'auto', 'support' or 'vertex'")
        degenerate = self.degeneracy()
        if degenerate is None:
            return equilibria.support_enumeration(self)
        if method == "support":
            warnings.warn(
                f"{degenerate}. Support enumeration may miss some of its equilibria; "
                "extreme_equilibria() lists all extreme ones.",
                DegenerateGameWarning,
                stacklevel=2,
            )
            return equilibria.support_enumeration(self)
        warnings.warn(
            f"{degenerate}. It may have infinitely many equilibria: listed are all its extreme "
            "equilibria (vertex enumeration); every equilibrium mixes extreme ones from one "
            "of equilibrium_components().",
            DegenerateGameWarning,
            stacklevel=2,
        )
        return self.extreme_equilibria()

    def extreme_equilibria(self) -> list[equilibria.Equilibrium]:
        """All extreme equilibria (vertex enumeration of the best-response polytopes).

        For a non-degenerate game these are all its equilibria.
        """
        return list(self._vertex_analysis.equilibria)

    def equilibrium_components(self) -> list[vertices.Component]:
        """The maximal Nash subsets: every equilibrium is ``(p, q)`` with ``p`` a mix of
        a component's row strategies and ``q`` a mix of its column strategies.

        >>> g = NormalFormGame([[1, 1], [0, 0]], [[1, 1], [1, 1]])  # column player indifferent
        >>> [len(c.q) for c in g.equilibrium_components()]
        [2]
        """
        return vertices.components(self._vertex_analysis.equilibria)

    def degeneracy(self) -> vertices.Degeneracy | None:
        """Why the game is degenerate (退化), or ``None`` when it is not.

        A game is non-degenerate when no mixed strategy that uses k pure
        strategies has more than k pure best responses. Only then do support
        enumeration's equal-size supports find every equilibrium.

        >>> print(NormalFormGame([[1, 1], [0, 0]], [[1, 1], [1, 1]]).degeneracy())
        ... # doctest: +NORMALIZE_WHITESPACE
        the game is degenerate: if row player plays r1 (1 strategy used),
        column player has 2 best responses (c1, c2)
        """
        return self._vertex_analysis.degeneracy

    def is_degenerate(self) -> bool:
        """True when the game is degenerate (see :meth:`degeneracy`)."""
        return self.degeneracy() is not None

    @functools.cached_property
    def _vertex_analysis(self) -> vertices.VertexAnalysis:
        return vertices.analyse(self)

    # ------------------------------------------------------------------ optima
    def pareto_optimal(self) -> list[Profile]:
        """Pure outcomes that no other outcome improves for one player without hurting the
        other (帕累托最优).

        >>> NormalFormGame([[-0.5, -10], [0, -2]], [[-0.5, 0], [-10, -2]]).pareto_optimal()
        [(0, 0), (0, 1), (1, 0)]
        """
        outcomes = [(i, j) for i in range(self.shape[0]) for j in range(self.shape[1])]
        return [o for o in outcomes if not any(self._improves(other, o) for other in outcomes)]

    def _improves(self, better: Profile, worse: Profile) -> bool:
        a, b = self.payoff(*better)
        c, d = self.payoff(*worse)
        return a >= c and b >= d and (a > c or b > d)

    def collective_optimum(self) -> list[Profile]:
        """The outcomes with the largest total payoff (集体最优), as in the course's
        "optimum: both stay silent".
        """
        totals = {
            (i, j): self.exact_A[i][j] + self.exact_B[i][j]
            for i in range(self.shape[0])
            for j in range(self.shape[1])
        }
        best = max(totals.values())
        return [o for o, total in totals.items() if total == best]

    # ------------------------------------------------------------------ mixed profiles
    def expected_payoffs(self, p: Sequence[object], q: Sequence[object]) -> tuple:
        """The expected payoffs (期望收益) of both players when they play p and q.

        Exact fractions when p and q are given as fractions or integers,
        floats when they hold floats.

        >>> g = NormalFormGame([[2, 0], [0, 1]], [[1, 0], [0, 2]])
        >>> g.expected_payoffs([Fraction(2, 3), Fraction(1, 3)], [Fraction(1, 3), Fraction(2, 3)])
        (Fraction(2, 3), Fraction(2, 3))
        >>> g.expected_payoffs([0.5, 0.5], [0.5, 0.5])
        (0.75, 0.75)
        """
        x, y = self._read_mix(p, 0), self._read_mix(q, 1)
        values = (
            dot(x, [dot(y, row) for row in self.exact_A]),
            dot(x, [dot(y, row) for row in self.exact_B]),
        )
        if all(isinstance(v, (numbers.Rational, Decimal)) for v in [*p, *q]):
            return values
        return tuple(float(v) for v in values)

    def _read_mix(self, mix: Sequence[object], who: int) -> list[Fraction]:
        """Check that ``mix`` is a probability vector over a player's strategies."""
        name, size = self.players[who], self.shape[who]
        if isinstance(mix, (str, bytes)) or not isinstance(mix, (Sequence, np.ndarray)):
            raise PayoffError(f"{name}'s mixed strategy must be a list of probabilities")
        if len(mix) != size:
            raise PayoffError(
                f"{name}'s mixed strategy has {len(mix)} probabilities for {size} strategies"
            )
        try:
            values = [to_fraction(v) for v in mix]
        except (TypeError, ValueError) as error:
            raise PayoffError(f"{name}'s mixed strategy: {error}") from None
        if any(v < 0 for v in values):
            raise PayoffError(f"{name}'s mixed strategy has a negative probability")
        if abs(sum(values) - 1) > Fraction(1, 10**9):
            raise PayoffError(f"{name}'s probabilities add up to {float(sum(values)):g}, not 1")
        return values

    # ------------------------------------------------------------------ zero-sum
    def zero_sum_value(self) -> zerosum.ZeroSumSolution:
        """The value (博弈值) and optimal mixed strategies of a zero-sum game (linear programming).

        >>> s = NormalFormGame.zero_sum([[1, -1], [-1, 1]]).zero_sum_value()
        >>> s.value, s.p
        (Fraction(0, 1), (Fraction(1, 2), Fraction(1, 2)))
        """
        return zerosum.solve(self)

    # ------------------------------------------------------------------ text
    def to_pairs(self) -> list[list[tuple[Fraction, Fraction]]]:
        """The table of payoff pairs (the inverse of :meth:`from_pairs`)."""
        return [[self.payoff(i, j) for j in range(self.shape[1])] for i in range(self.shape[0])]

    def __str__(self) -> str:
        """The payoff table as text: one line per row, "a, b" in each cell."""
        cells = [
            [f"{format_fraction(a)}, {format_fraction(b)}" for a, b in row]
            for row in self.to_pairs()
        ]
        table = [["", *self.col_labels]] + [
            [label, *row] for label, row in zip(self.row_labels, cells, strict=True)
        ]
        widths = [max(_width(line[c]) for line in table) for c in range(len(table[0]))]
        return "\n".join(
            _pad(line[0], widths[0], left=True)
            + "".join("  " + _pad(text, w) for text, w in zip(line[1:], widths[1:], strict=True))
            for line in table
        )

    def __repr__(self) -> str:
        m, n = self.shape
        return f"<NormalFormGame {m}×{n}: {self.players[0]} vs {self.players[1]}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NormalFormGame):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple:
        return (self.exact_A, self.exact_B, self.row_labels, self.col_labels, self.players)


# ---------------------------------------------------------------------- text
def _width(text: str) -> int:
    """Columns the text takes in a monospace font (a Chinese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, left: bool = False) -> str:
    space = " " * (width - _width(text))
    return text + space if left else space + text


# ---------------------------------------------------------------------- validation
def _rows_of(values: object, what: str) -> list[Sequence[object]]:
    """The rows of a matrix-like value, or a PayoffError saying what is wrong."""
    if isinstance(values, np.ndarray):
        if values.ndim != 2:
            raise PayoffError(f"{what} must be a 2-D table, not a {values.ndim}-D array")
        values = values.tolist()
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise PayoffError(f"{what} must be rows of numbers, not {type(values).__name__}")
    rows = list(values)
    if not rows:
        raise PayoffError(f"{what} have no rows: a player needs at least one strategy")
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, (Sequence, np.ndarray)):
            raise PayoffError(f"{what}: row {i + 1} is {row!r}, not a row of numbers", row=i)
        if len(row) == 0:
            raise PayoffError(f"{what}: row {i + 1} is empty", row=i)
        if len(row) != len(rows[0]):
            raise PayoffError(
                f"{what}: row {i + 1} has {len(row)} entries but row 1 has {len(rows[0])}",
                row=i,
            )
    return rows


def _read_matrix(values: object, what: str) -> Matrix:
    """Validate a payoff matrix and read it as exact fractions."""
    rows = _rows_of(values, what)
    matrix = []
    for i, row in enumerate(rows):
        read = []
        for j, value in enumerate(row):
            try:
                read.append(to_fraction(value))
            except (TypeError, ValueError) as error:
                raise PayoffError(
                    f"{what}: row {i + 1}, column {j + 1}: {error}", row=i, column=j
                ) from None
        matrix.append(tuple(read))
    return tuple(matrix)


def _read_labels(labels: Sequence[str] | None, count: int, kind: str, prefix: str) -> tuple:
    if labels is None:
        return tuple(f"{prefix}{k + 1}" for k in range(count))
    if isinstance(labels, str):
        raise PayoffError(f"the {kind} labels must be a list of strings, not one string")
    labels = tuple(labels)
    if len(labels) != count:
        raise PayoffError(f"{len(labels)} {kind} labels for {count} {kind}s")
    for k, label in enumerate(labels):
        if not isinstance(label, str) or not label.strip():
            where = {"row": {"row": k}, "column": {"column": k}}[kind]
            raise PayoffError(f"{kind} label {k + 1} must be a non-empty string", **where)
        if label in labels[:k]:
            where = {"row": {"row": k}, "column": {"column": k}}[kind]
            raise PayoffError(f"{kind} label {label!r} is used twice", **where)
    return labels


def _read_players(players: Sequence[str]) -> tuple[str, str]:
    if isinstance(players, str) or len(players) != 2:
        raise PayoffError("players must be two names: (row player, column player)")
    if not all(isinstance(p, str) and p.strip() for p in players) or players[0] == players[1]:
        raise PayoffError(f"players must be two different non-empty names, not {players!r}")
    return (players[0], players[1])


def _float_array(matrix: Matrix) -> np.ndarray:
    array = np.array([[float(v) for v in row] for row in matrix])
    array.setflags(write=False)
    return array
