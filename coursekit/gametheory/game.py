"""Two-player games in normal form (标准型博弈): two payoff matrices and their labels.

The row player (行参与者) picks a row, the column player (列参与者) a column,
both at once; the pair is an *outcome* (局势) and pays ``A[i][j]`` to the row
player and ``B[i][j]`` to the column player.
"""

from __future__ import annotations

import numbers
import sys
import unicodedata
import warnings
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Literal

import numpy as np

from coursekit.gametheory import (
    best_response,
    dominance,
    support_enumeration,
    vertex_enumeration,
    zero_sum,
)
from coursekit.gametheory.best_response import Equilibrium, Profile
from coursekit.gametheory.errors import DegenerateGameWarning, GameTooLargeError, PayoffError
from coursekit.gametheory.exact import Matrix, dot, to_fraction
from coursekit.gametheory.labels import same_name
from coursekit.text import number_text, say

__all__ = [
    "DegenerateGameWarning",
    "GameTooLargeError",
    "NormalFormGame",
    "PayoffError",
    "PlayerRef",
    "Profile",
]

PlayerRef = int | str
"""A player: 0 or ``"row"`` for the row player, 1 or ``"column"`` for the column
player, or the player's name."""

FLOAT_MAX = Fraction(sys.float_info.max)
"""The largest payoff in absolute value: the algorithms screen with floats."""


class NormalFormGame:
    """A two-player game given by its payoff matrices (双矩阵博弈), an immutable value.

    Parameters
    ----------
    A, B : rows of numbers
        The row player's and the column player's payoffs, as rows of numbers
        (lists, tuples or numpy arrays; ints, fractions, decimals or floats),
        both of the same shape. Floats are read as the decimals they print as,
        so ``-0.5`` is exactly −1/2. Every payoff must be finite and within
        the float range (about ±1.8e308).
    row_labels, col_labels : sequence of str, optional
        Names of the strategies (策略); ``r1, r2, …`` and ``c1, c2, …`` by default.
    players : pair of str
        Names of the two players (参与者).

    Raises
    ------
    PayoffError
        When a matrix is not a non-empty table of finite numbers, the two
        shapes differ, or a label is missing, empty or used twice. The
        message names the argument and, for one entry, its row and column
        (also in ``error.row`` / ``error.column``).

    See Also
    --------
    NormalFormGame.from_pairs : the same game from a table of payoff pairs.
    coursekit.gametheory.catalog : the course's games.

    Notes
    -----
    A game is a value: its payoffs, labels and players cannot be changed
    (``exact_A``, ``A``, … are read-only properties; the numpy arrays are not
    writeable), so two equal games have equal hashes and the analysis cached
    on a game never goes stale. Use :meth:`relabel` and :meth:`restrict` to
    get other games.

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
    >>> g.exact_A = ((0, 0), (0, 0))
    Traceback (most recent call last):
    ...
    AttributeError: NormalFormGame is immutable: build a new game instead of setting exact_A
    """

    __slots__ = ("_A", "_B", "_cache", "_col_labels", "_exact_A", "_exact_B", "_players",
                 "_row_labels")  # fmt: skip

    def __init__(
        self,
        A: object,
        B: object,
        row_labels: Sequence[str] | None = None,
        col_labels: Sequence[str] | None = None,
        players: Sequence[str] = ("row player", "column player"),
    ) -> None:
        exact_A = _read_matrix(A, say("errors.game.A"))
        exact_B = _read_matrix(B, say("errors.game.B"))
        m, n = len(exact_A), len(exact_A[0])
        if (len(exact_B), len(exact_B[0])) != (m, n):
            raise PayoffError(
                say("errors.game.shapes", b_rows=len(exact_B), b_cols=len(exact_B[0]), m=m, n=n)
            )
        fields = {
            "_exact_A": exact_A,
            "_exact_B": exact_B,
            "_row_labels": _read_labels(row_labels, m, "row", "r"),
            "_col_labels": _read_labels(col_labels, n, "column", "c"),
            "_players": _read_players(players),
            "_A": _float_array(exact_A),
            "_B": _float_array(exact_B),
            "_cache": {},
        }
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(say("errors.gametheory.immutable_set", name=name))

    def __delattr__(self, name: str) -> None:
        raise AttributeError(say("errors.gametheory.immutable_delete", name=name))

    # ------------------------------------------------------------------ fields
    @property
    def exact_A(self) -> Matrix:
        """The row player's payoffs as rows of fractions (read-only)."""
        return self._exact_A

    @property
    def exact_B(self) -> Matrix:
        """The column player's payoffs as rows of fractions (read-only)."""
        return self._exact_B

    @property
    def A(self) -> np.ndarray:
        """The row player's payoffs as a float array (not writeable)."""
        return self._A

    @property
    def B(self) -> np.ndarray:
        """The column player's payoffs as a float array (not writeable)."""
        return self._B

    @property
    def shape(self) -> tuple[int, int]:
        """(number of rows, number of columns)."""
        return len(self._exact_A), len(self._exact_A[0])

    @property
    def row_labels(self) -> tuple[str, ...]:
        """The row player's strategy names."""
        return self._row_labels

    @property
    def col_labels(self) -> tuple[str, ...]:
        """The column player's strategy names."""
        return self._col_labels

    @property
    def players(self) -> tuple[str, str]:
        """The two players' names: (row player, column player)."""
        return self._players

    def _cached(self, key: str, compute: object) -> object:
        """A result computed once per game (the game cannot change, so it never goes stale)."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

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

        Parameters
        ----------
        A : rows of numbers
            The row player's payoffs; the column player's are ``-A``.
        row_labels, col_labels, players :
            As for :class:`NormalFormGame`.

        Returns
        -------
        NormalFormGame

        Raises
        ------
        PayoffError
            As for :class:`NormalFormGame`.

        See Also
        --------
        zero_sum_value : the value and optimal strategies of such a game.

        Examples
        --------
        >>> NormalFormGame.zero_sum([[1, -1], [-1, 1]]).exact_B[0]
        (Fraction(-1, 1), Fraction(1, 1))
        """
        rows = _read_matrix(A, say("errors.game.row_payoffs"))
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

        Parameters
        ----------
        pairs : rows of (row payoff, column payoff) pairs
            ``pairs[i][j]`` is the outcome of row i against column j.
        row_labels, col_labels, players :
            As for :class:`NormalFormGame`.

        Returns
        -------
        NormalFormGame

        Raises
        ------
        PayoffError
            When a cell is not a pair of numbers (``error.row`` and
            ``error.column`` say which), or as for :class:`NormalFormGame`.

        See Also
        --------
        to_pairs : the inverse.
        coursekit.gametheory.parse.parse_table : the same table read from text.

        Examples
        --------
        >>> NormalFormGame.from_pairs([[(3, 3), (0, 5)], [(5, 0), (1, 1)]]).pure_equilibria()
        [(1, 1)]
        """
        rows = _rows_of(pairs, say("errors.gametheory.pairs"))
        A, B = [], []
        for i, row in enumerate(rows):
            A.append([]), B.append([])
            for j, pair in enumerate(row):
                if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence):
                    raise PayoffError(
                        say("errors.game.not_a_pair", row=i + 1, column=j + 1, pair=repr(pair)),
                        row=i,
                        column=j,
                    )
                if len(pair) != 2:
                    raise PayoffError(
                        say("errors.game.pair_size", row=i + 1, column=j + 1, count=len(pair)),
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

        Parameters
        ----------
        rows, cols : int
            The numbers of strategies, at least 1 each.
        seed : int, optional
            The seed of numpy's generator: the same seed gives the same game.
        low, high : int
            The smallest and the largest payoff (both included), ``low <= high``.

        Returns
        -------
        NormalFormGame

        Raises
        ------
        PayoffError
            When a size is not a positive integer, ``low > high``, or the seed
            is not a non-negative integer.

        Examples
        --------
        >>> NormalFormGame.random(3, 2, seed=1).shape
        (3, 2)
        >>> NormalFormGame.random(-2, 3)
        Traceback (most recent call last):
        ...
        coursekit.gametheory.errors.PayoffError: rows must be a positive integer, not -2
        """
        for name, value in (("rows", rows), ("cols", cols)):
            if not _is_integer(value) or value < 1:
                raise PayoffError(say("errors.gametheory.positive", name=name, value=repr(value)))
        for name, value in (("low", low), ("high", high)):
            if not _is_integer(value) or abs(value) >= 2**62:
                raise PayoffError(say("errors.gametheory.below", name=name, value=repr(value)))
        if low > high:
            raise PayoffError(say("errors.gametheory.low_high", low=low, high=high))
        if seed is not None and (not _is_integer(seed) or seed < 0):
            raise PayoffError(say("errors.gametheory.seed", seed=repr(seed)))
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
        rows = [self._strategy(0, i, "rows") for i in _indices(rows, "rows")]
        cols = [self._strategy(1, j, "cols") for j in _indices(cols, "cols")]
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
        i, j = self._strategy(0, i, "i"), self._strategy(1, j, "j")
        return self.exact_A[i][j], self.exact_B[i][j]

    def player(self, who: PlayerRef) -> int:
        """The index (0 = row, 1 = column) of a player given by index, role or name.

        Raises
        ------
        PayoffError
            For anything else (``True``, 2, an unknown name).

        >>> NormalFormGame([[0]], [[0]], players=("Tian Ji", "King")).player("King")
        1
        """
        if _is_integer(who) and who in (0, 1):
            return int(who)
        if isinstance(who, str):
            if who in ("row", "column", "col"):
                return 0 if who == "row" else 1
            named = [i for i, name in enumerate(self.players) if same_name(who, name)]
            if named:  # its name, perhaps as another edition of the course spells it
                return named[0]
        raise PayoffError(say("errors.gametheory.who", who=repr(who), players=self.players))

    def _strategy(self, player: int, index: object, name: str) -> int:
        """Check that ``index`` is one of the player's strategies, counted from 0."""
        size = self.shape[player]
        kind = "row" if player == 0 else "column"
        if not _is_integer(index) or not 0 <= index < size:
            raise PayoffError(
                say(f"errors.gametheory.{kind}.index", name=name, last=size - 1, index=repr(index))
            )
        return int(index)

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

        Parameters
        ----------
        who : 0, 1, "row", "column" or a player's name
            The player whose best responses are wanted.
        against : int, sequence of probabilities, or None
            An opponent's pure strategy (an index from 0) or mixed strategy
            (one probability per strategy, adding up to exactly 1). Without
            it, the answer for each pure strategy of the opponent, in order.

        Returns
        -------
        list of int, or list of lists of int
            The player's best pure strategies (indices from 0).

        Raises
        ------
        PayoffError
            When ``who`` is not a player, ``against`` is out of range, a bool
            or not an integer, or not a probability vector of the right length.

        See Also
        --------
        coursekit.gametheory.best_response : the algorithm.

        Examples
        --------
        >>> g = NormalFormGame([[3, 0], [5, 1]], [[3, 5], [0, 1]])
        >>> g.best_responses("row")
        [[1], [1]]
        >>> g.best_responses(1, against=[Fraction(1, 2), Fraction(1, 2)])
        [1]
        >>> g.best_responses(0, against=7)
        Traceback (most recent call last):
        ...
        coursekit.gametheory.errors.PayoffError: against must be a column index, \
an integer from 0 to 1, not 7
        """
        p = self.player(who)
        payoffs = self.exact_A if p == 0 else self.exact_B
        if against is None:
            return best_response.best_responses_to_each(payoffs, p)
        if isinstance(against, (str, bytes)) or not isinstance(against, (Sequence, np.ndarray)):
            k = self._strategy(1 - p, against, "against")
            mix = [Fraction(int(k == other)) for other in range(self.shape[1 - p])]
        else:
            mix = self._read_mix(against, 1 - p, "against")
        return best_response.best_responses(payoffs, p, mix)

    def is_equilibrium(self, p: Sequence[object], q: Sequence[object]) -> bool:
        """True when the mixed profile (p, q) is a Nash equilibrium, checked exactly.

        Each strategy used with positive probability must be a best response to
        the other player's mix (mutual best responses, 相互最优反应).

        Parameters
        ----------
        p, q : sequences of probabilities
            The row player's and the column player's mixed strategies. Every
            number is read exactly: fractions and integers as they are, floats
            as the decimals they print as (``0.1`` is 1/10). The check has no
            tolerance, so each must add up to exactly 1: ``[1/3, 1/3, 1/3]``
            in floats does not (use ``Fraction(1, 3)``).

        Raises
        ------
        PayoffError
            When ``p`` or ``q`` is not a probability vector of the right length.

        Examples
        --------
        >>> g = NormalFormGame([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
        >>> g.is_equilibrium([Fraction(1, 2)] * 2, [0.5, 0.5])
        True
        >>> g.is_equilibrium([1, 0], [1, 0])
        False
        """
        x, y = self._read_mix(p, 0, "p"), self._read_mix(q, 1, "q")
        return best_response.is_equilibrium(self.exact_A, self.exact_B, x, y)

    # ------------------------------------------------------------------ dominance
    def dominated(
        self,
        strict: bool = True,
        rows: Iterable[int] | None = None,
        cols: Iterable[int] | None = None,
    ) -> list[dominance.Domination]:
        """The strategies dominated by another pure strategy (严格/弱劣势策略), for both players.

        ``rows`` and ``cols`` (all by default) are the strategies still in play.

        >>> g = NormalFormGame([[3, 0], [5, 1]], [[3, 5], [0, 1]], ["C", "D"], ["C", "D"])
        >>> for d in g.dominated():
        ...     print(d)
        row player's C is strictly dominated by D
        column player's C is strictly dominated by D
        """
        m, n = self.shape
        if rows is not None:
            rows = [self._strategy(0, i, "rows") for i in _indices(rows, "rows")]
        if cols is not None:
            cols = [self._strategy(1, j, "cols") for j in _indices(cols, "cols")]
        rows, cols = (range(m) if rows is None else rows), (range(n) if cols is None else cols)
        return dominance.dominated_strategies(
            self.exact_A, self.exact_B, self._labels(), self.players, rows, cols, strict
        )

    def eliminate_dominated(self, strict: bool = True) -> dominance.Elimination:
        """Iterated elimination of dominated strategies (重复剔除劣势策略), step by step.

        >>> g = NormalFormGame([[3, 0], [5, 1]], [[3, 5], [0, 1]], ["C", "D"], ["C", "D"])
        >>> e = g.eliminate_dominated()
        >>> [(d.player, g.labels(d.player)[d.strategy]) for d in e.steps]
        [(0, 'C'), (1, 'C')]
        >>> e.rows, e.cols
        ((1,), (1,))
        """
        return dominance.eliminate(self.exact_A, self.exact_B, self._labels(), self.players, strict)

    def _labels(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return self.row_labels, self.col_labels

    # ------------------------------------------------------------------ equilibria
    def pure_equilibria(self) -> list[Profile]:
        """All pure-strategy Nash equilibria (纯策略纳什均衡) as (row, column) pairs.

        An outcome is an equilibrium when each player's strategy is a best
        response to the other's.

        Returns
        -------
        list of (int, int)
            In row order, then column order.

        See Also
        --------
        mixed_equilibria : equilibria in mixed strategies.

        Examples
        --------
        >>> NormalFormGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]).pure_equilibria()
        [(0, 0), (1, 1)]
        """
        return best_response.pure_equilibria(self.exact_A, self.exact_B)

    def mixed_equilibria(
        self,
        method: Literal["auto", "support", "vertex"] = "auto",
        *,
        force: bool = False,
        progress: bool | None = None,
    ) -> list[Equilibrium]:
        """Nash equilibria in mixed strategies (混合策略纳什均衡), exact.

        ``method="support"`` is support enumeration (支撑集枚举), the textbook
        method: for each pair of supports of equal size, solve the
        indifference equations. It finds *every* equilibrium of a
        non-degenerate game. ``method="vertex"`` lists the *extreme*
        equilibria by vertex enumeration, walking the corners of the players'
        best-response polytopes from one to the next: every equilibrium of a
        non-degenerate game too, far faster on larger games. ``"auto"`` (the
        default) walks the corners once, which also tells whether the game is
        degenerate (see :meth:`degeneracy`). A degenerate game can have
        infinitely many equilibria; ``"auto"`` then warns, says so, and returns
        its extreme equilibria: every equilibrium is a mix of extreme ones
        from one of :meth:`equilibrium_components`.

        Parameters
        ----------
        method : "auto", "support" or "vertex"
            The algorithm.
        force : bool
            Run even on a game so large that enumeration may take more than
            about half a minute (vertex enumeration: beyond
            ``vertex_enumeration.MAX_BASES`` bases, larger than 14×14; support
            enumeration: beyond ``support_enumeration.MAX_PAIRS`` support
            pairs, larger than 10×10 once dominated strategies are removed).
        progress : bool or None
            Show a progress bar; by default only for long enumerations.

        Returns
        -------
        list of Equilibrium
            Pairs ``(p, q)`` of probability vectors of fractions, each verified
            exactly as mutual best responses. Pure equilibria are among them.

        Raises
        ------
        PayoffError
            When ``method`` is unknown.
        GameTooLargeError
            When the game is too large for a quick answer and ``force`` is False.

        Warns
        -----
        DegenerateGameWarning
            When the game is degenerate (see above).

        See Also
        --------
        pure_equilibria, extreme_equilibria, equilibrium_components
        coursekit.gametheory.support_enumeration, coursekit.gametheory.vertex_enumeration

        Examples
        --------
        >>> g = NormalFormGame([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
        >>> [(e.p, e.q) for e in g.mixed_equilibria()]
        [((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))]
        """
        if method not in ("auto", "support", "vertex"):
            raise PayoffError(say("errors.gametheory.method", method=repr(method)))
        if method == "vertex":
            return self.extreme_equilibria(force=force, progress=progress)
        if method == "support":
            found = self._support_enumeration(force, progress)
            degenerate = self._vertex_analysis(force, progress).degeneracy
            if degenerate is not None:
                warnings.warn(
                    say("errors.gametheory.may_miss", degenerate=degenerate),
                    DegenerateGameWarning,
                    stacklevel=2,
                )
            return found
        analysis = self._vertex_analysis(force, progress)
        if analysis.degeneracy is None:  # every equilibrium is extreme
            return list(analysis.equilibria)
        degenerate = analysis.degeneracy
        warnings.warn(
            say("errors.gametheory.infinitely_many", degenerate=degenerate),
            DegenerateGameWarning,
            stacklevel=2,
        )
        return self.extreme_equilibria(force=force)

    def _support_enumeration(self, force: bool, progress: bool | None) -> list[Equilibrium]:
        return list(self._cached("support", lambda: tuple(support_enumeration.support_enumeration(
            self.exact_A, self.exact_B, force=force, progress=progress))))  # fmt: skip

    def extreme_equilibria(
        self, *, force: bool = False, progress: bool | None = None
    ) -> list[Equilibrium]:
        """All extreme equilibria (vertex enumeration of the best-response polytopes).

        For a non-degenerate game these are all its equilibria. ``force`` and
        ``progress`` as in :meth:`mixed_equilibria`.

        >>> len(NormalFormGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]).extreme_equilibria())
        3
        """
        return list(self._vertex_analysis(force, progress).equilibria)

    def equilibrium_components(self, *, force: bool = False) -> list[vertex_enumeration.Component]:
        """The maximal Nash subsets: every equilibrium is ``(p, q)`` with ``p`` a mix of
        a component's row strategies and ``q`` a mix of its column strategies.

        >>> g = NormalFormGame([[1, 1], [0, 0]], [[1, 1], [1, 1]])  # column player indifferent
        >>> [len(c.q) for c in g.equilibrium_components()]
        [2]
        """
        return vertex_enumeration.components(self._vertex_analysis(force).equilibria)

    def degeneracy(self, *, force: bool = False) -> vertex_enumeration.Degeneracy | None:
        """Why the game is degenerate (退化), or ``None`` when it is not.

        A game is non-degenerate when no mixed strategy that uses k pure
        strategies has more than k best responses. Only then do support
        enumeration's equal-size supports find every equilibrium.

        >>> print(NormalFormGame([[1, 1], [0, 0]], [[1, 1], [1, 1]]).degeneracy())
        ... # doctest: +NORMALIZE_WHITESPACE
        the game is degenerate: if row player plays r1 (1 strategy used),
        column player has 2 best responses (c1, c2)
        """
        return self._vertex_analysis(force).degeneracy

    def is_degenerate(self) -> bool:
        """True when the game is degenerate (see :meth:`degeneracy`)."""
        return self.degeneracy() is not None

    def _vertex_analysis(
        self, force: bool = False, progress: bool | None = None
    ) -> vertex_enumeration.VertexAnalysis:
        return self._cached("vertex", lambda: vertex_enumeration.vertex_enumeration(
            self.exact_A, self.exact_B, self._labels(), self.players, force=force,
            progress=progress))  # fmt: skip

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
        floats when they hold floats (read as the decimals they print as, so
        they must add up to exactly 1, as in :meth:`is_equilibrium`).

        >>> g = NormalFormGame([[2, 0], [0, 1]], [[1, 0], [0, 2]])
        >>> g.expected_payoffs([Fraction(2, 3), Fraction(1, 3)], [Fraction(1, 3), Fraction(2, 3)])
        (Fraction(2, 3), Fraction(2, 3))
        >>> g.expected_payoffs([0.5, 0.5], [0.5, 0.5])
        (0.75, 0.75)
        """
        x, y = self._read_mix(p, 0, "p"), self._read_mix(q, 1, "q")
        values = (
            dot(x, [dot(y, row) for row in self.exact_A]),
            dot(x, [dot(y, row) for row in self.exact_B]),
        )
        if all(isinstance(v, (numbers.Rational, Decimal)) for v in [*p, *q]):
            return values
        return tuple(float(v) for v in values)

    def _read_mix(self, mix: object, who: int, name: str) -> list[Fraction]:
        """Check that ``mix`` is a probability vector over a player's strategies, exactly."""
        player, size = self.players[who], self.shape[who]
        what = f"{name} ({player}'s mixed strategy)"
        if isinstance(mix, (str, bytes)) or not isinstance(mix, (Sequence, np.ndarray)):
            raise PayoffError(say("errors.game.mix_list", what=what, size=size, mix=repr(mix)))
        if len(mix) != size:
            raise PayoffError(say("errors.game.mix_size", what=what, count=len(mix), size=size))
        try:
            values = [to_fraction(v) for v in mix]
        except (TypeError, ValueError) as error:
            raise PayoffError(say("errors.game.what", what=what, error=error)) from None
        if any(v < 0 for v in values):
            raise PayoffError(say("errors.game.mix_negative", what=what))
        if sum(values) != 1:
            total = number_text(sum(values), decimals=True)
            raise PayoffError(say("errors.game.mix_sum", what=what, total=total))
        return values

    # ------------------------------------------------------------------ zero-sum
    def zero_sum_value(self) -> zero_sum.ZeroSumSolution:
        """The value (博弈值) and optimal mixed strategies of a zero-sum game, exact.

        Returns
        -------
        ZeroSumSolution
            ``value`` for the row player, optimal ``p`` and ``q``, all fractions
            proven optimal (``exact`` is True).

        Raises
        ------
        PayoffError
            When the game is not zero-sum or constant-sum.

        See Also
        --------
        coursekit.gametheory.zero_sum.solve_zero_sum : the algorithm.

        Examples
        --------
        >>> s = NormalFormGame.zero_sum([[1, -1], [-1, 1]]).zero_sum_value()
        >>> s.value, s.p
        (Fraction(0, 1), (Fraction(1, 2), Fraction(1, 2)))
        """
        if not self.is_constant_sum():
            raise PayoffError(say("errors.game.not_zero_sum"))
        return self._cached("zero_sum", lambda: zero_sum.solve_zero_sum(self.exact_A))

    # ------------------------------------------------------------------ text
    def to_pairs(self) -> list[list[tuple[Fraction, Fraction]]]:
        """The table of payoff pairs (the inverse of :meth:`from_pairs`)."""
        return [[self.payoff(i, j) for j in range(self.shape[1])] for i in range(self.shape[0])]

    def __str__(self) -> str:
        """The payoff table as text: one line per row, "a, b" in each cell."""
        cells = [
            [f"{number_text(a, decimals=True)}, {number_text(b, decimals=True)}" for a, b in row]
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

    def __reduce__(self) -> tuple:
        return (NormalFormGame, self._key())

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
            raise PayoffError(say("errors.game.not_2d", what=what, ndim=values.ndim))
        values = values.tolist()
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise PayoffError(say("errors.game.not_rows", what=what, kind=type(values).__name__))
    rows = list(values)
    if not rows:
        raise PayoffError(say("errors.game.no_rows", what=what))
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, (Sequence, np.ndarray)):
            raise PayoffError(
                say("errors.game.not_a_row", what=what, row=i + 1, value=repr(row)), row=i
            )
        if len(row) == 0:
            raise PayoffError(say("errors.game.empty_row", what=what, row=i + 1), row=i)
        if len(row) != len(rows[0]):
            raise PayoffError(
                say("errors.game.ragged", what=what, row=i + 1, count=len(row), first=len(rows[0])),
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
                number = to_fraction(value)
            except (TypeError, ValueError) as error:
                raise PayoffError(
                    say("errors.game.at", what=what, row=i + 1, column=j + 1, error=error),
                    row=i,
                    column=j,
                ) from None
            if abs(number) > FLOAT_MAX:
                raise PayoffError(
                    say(
                        "errors.game.beyond_float",
                        what=what,
                        row=i + 1,
                        column=j + 1,
                        value=_short(value),
                    ),
                    row=i,
                    column=j,
                )
            read.append(number)
        matrix.append(tuple(read))
    return tuple(matrix)


def _short(value: object) -> str:
    """A number for a message: a huge integer by its number of digits, not by its digits."""
    text = repr(value)
    if len(text) <= 30:
        return text
    if _is_integer(value):
        return say("errors.gametheory.digits", digits=len(str(abs(int(value)))))
    return text[:27] + "..."


def _is_integer(value: object) -> bool:
    """True for an int or numpy integer, but not for a bool (True is not strategy 1)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _read_labels(labels: Sequence[str] | None, count: int, kind: str, prefix: str) -> tuple:
    name = "row_labels" if kind == "row" else "col_labels"
    if labels is None:
        return tuple(f"{prefix}{k + 1}" for k in range(count))
    if isinstance(labels, (str, bytes)) or not isinstance(labels, Iterable):
        raise PayoffError(
            say(f"errors.gametheory.{kind}.labels_list", name=name, labels=repr(labels))
        )
    labels = tuple(labels)
    if len(labels) != count:
        raise PayoffError(
            say(f"errors.gametheory.{kind}.labels_count", name=name, given=len(labels), count=count)
        )
    for k, label in enumerate(labels):
        where = {"row": {"row": k}, "column": {"column": k}}[kind]
        if not isinstance(label, str) or not label.strip():
            raise PayoffError(
                say(f"errors.gametheory.{kind}.label_empty", name=name, place=k + 1), **where
            )
        if label in labels[:k]:
            raise PayoffError(
                say(f"errors.gametheory.{kind}.label_twice", name=name, label=repr(label)), **where
            )
    return labels


def _read_players(players: Sequence[str]) -> tuple[str, str]:
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise PayoffError(say("errors.gametheory.players", players=repr(players)))
    players = tuple(players)
    if len(players) != 2:
        raise PayoffError(say("errors.gametheory.players", players=repr(players)))
    if not all(isinstance(p, str) and p.strip() for p in players) or players[0] == players[1]:
        raise PayoffError(say("errors.gametheory.players_different", players=repr(players)))
    return (players[0], players[1])


def _indices(values: object, name: str) -> list:
    """A list of strategy indices, or a PayoffError naming the argument."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise PayoffError(say("errors.gametheory.indices", name=name, values=repr(values)))
    return list(values)


def _float_array(matrix: Matrix) -> np.ndarray:
    array = np.array([[float(v) for v in row] for row in matrix])
    array.setflags(write=False)
    return array
