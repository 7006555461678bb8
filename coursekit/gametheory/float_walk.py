"""Vertex enumeration's fast path: the walk of :mod:`~coursekit.gametheory.vertex_walk` in floats.

:func:`~coursekit.gametheory.vertex_walk.walk_vertices` pivots in exact
integers, which grow to a hundred bits and more: in CPython every entry of
every pivot is a few operations on big integers. Most games a lecturer shows
are *non-degenerate*, and there the walk needs no exact arithmetic to find its
way: every basic variable is strictly positive and every ratio test has one
winner by a clear margin. :func:`float_walk` walks the same bases in floating
point, with numpy, and hands the question back (returns ``None``) as soon as
anything is too close to call. The steps:

1. **A level at a time.** The walk is breadth first, and every basis of one
   level (all the bases one pivot farther from the origin than the last) is
   handled at once: their tableaux ``B⁻¹ [C | I | 1]`` are one array of
   bases × rows × columns, and each step below is a few numpy operations on
   it, not a Python loop over entries.
2. **Non-degenerate or hand over.** Every basic variable must be above
   :data:`TOLERANCE` (C is scaled to entries at most 1, so the values are of
   order 1): a value near 0 is a degenerate vertex, or one that floats cannot
   tell from it, and the exact walk, with its lexicographic rule, takes over.
   So does a basis whose values no longer solve B·x = 1 to within
   :data:`TOLERANCE` (rounding piled up along the pivots).
3. **The ratio test for every entering column of every basis at once**: the
   row with the smallest right-hand side / entry among the clearly positive
   entries. A second row within a relative :data:`TOLERANCE` of the first (a
   tie), or an entry too small to tell its sign whose ratio could still win:
   hand over.
4. **Each basis once.** A basis is a set of variables, one bit each; the
   neighbours of a level not met before make the next level, and a
   Gauss–Jordan pivot of their parent's tableau gives theirs. A
   non-degenerate polytope has one basis per vertex, so the vertices are the
   bases, and they are the exact walk's (the same set; the order may differ).

Whatever the floats find is confirmed afterwards in exact arithmetic:
:func:`~coursekit.gametheory.vertex_enumeration.vertex_enumeration` solves
each equilibrium's basis in fractions and checks it as a pair of mutual best
responses, and a non-degenerate game whose walk finds an even number of
equilibria (there is always an odd number, Lemke and Howson 1964) is walked
again exactly. What this cannot catch is a walk that misses two vertices whose
equilibria cancel in the count; with every margin above :data:`TOLERANCE` that
would take rounding errors above 10⁻⁷ in values of order 1, where each basis'
residual is checked and doubles carry sixteen digits.
``tests/gametheory/test_float_walk.py`` compares the two walks on random
polytopes, degenerate ones among them, and ``bench/equilibria.py`` compares
every answer with gambit's exact enumeration.

>>> corners = float_walk([[1, 2], [2, 1]]).vertices()
>>> sorted(sorted(c.tight) for c in corners)
[[], [0], [0, 1], [1]]
>>> float_walk([[4, 2], [2, 4], [3, 3]]) is None   # three lines through one corner
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from coursekit.gametheory.vertex_walk import Vertex

TOLERANCE = 1e-7
"""How close a value may come to 0, or a ratio to the best one, before the walk hands over."""


@dataclass(frozen=True)
class Walked:
    """The bases a walk in floats met, one a row, the origin first; each is one vertex.

    A row of ``nonbasic`` lists the variables that are 0 at the vertex, in
    increasing order: unknowns 0 … d − 1 (zeros) and slacks d … d + m − 1
    (tight constraints). Kept as arrays: a Python object per vertex would
    cost more than the walk.
    """

    basic: np.ndarray
    """Bases × m: the basic variables."""
    nonbasic: np.ndarray
    """Bases × d: the non-basic variables, increasing."""

    def __len__(self) -> int:
        return len(self.basic)

    def vertex(self, k: int) -> Vertex:
        """The ``k``-th vertex (0: the origin), as the exact walk gives it."""
        d = self.nonbasic.shape[1]
        nonbasic = self.nonbasic[k].tolist()
        zeros = [v for v in nonbasic if v < d]
        tight = tuple(v - d for v in nonbasic if v >= d)
        support = tuple(sorted(v for v in self.basic[k].tolist() if v < d))
        return Vertex(frozenset(zeros), frozenset(tight), support, tight)

    def vertices(self) -> list[Vertex]:
        """Every vertex, the origin first."""
        return [self.vertex(k) for k in range(len(self))]

    def labels(self, label_of: Iterable[int]) -> list[int]:
        """Each vertex's labels as bits: variable v (zero or tight) carries ``label_of[v]``."""
        bits = np.uint64(1) << np.array(list(label_of), dtype=np.uint64)
        return np.bitwise_or.reduce(bits[self.nonbasic], axis=1).tolist()


def float_walk(C: Sequence[Sequence[int]], bar: object = None) -> Walked | None:
    """All vertices of {z ≥ 0 : C z ≤ 1} by a walk in floats, or ``None`` when floats are unsure.

    Parameters
    ----------
    C : rows of int
        The constraints, one row each, every entry positive (m × d, m + d ≤ 63).
    bar : optional
        A progress bar: ``bar.update(k)`` after each level of k bases.

    Returns
    -------
    Walked or None
        The vertices, the origin first, without exact coordinates; ``None``
        when the polytope is degenerate or too close to it for floats, or
        larger than 63 variables (then
        :func:`~coursekit.gametheory.vertex_walk.walk_vertices` answers).

    Examples
    --------
    >>> [sorted(v.zeros) for v in float_walk([[3]]).vertices()]   # the segment 0 ≤ z ≤ 1/3
    [[0], []]
    """
    m, d = len(C), len(C[0])
    if m + d > 63:  # a basis is a set of variables kept in one 64-bit word
        return None
    scaled = np.array(C, dtype=float)
    M = np.hstack([scaled / scaled.max(), np.eye(m), np.ones((m, 1))])  # [C | I | 1]
    basics = np.array([range(d, d + m)])  # one basis a row: the basic variable of each row
    tableaux = M[None]  # at the origin (every slack basic) the tableau is M itself
    seen = _keys(basics)
    levels: list[tuple[np.ndarray, np.ndarray]] = []
    with np.errstate(divide="ignore", invalid="ignore"):
        while len(basics):  # breadth first, one level of the walk at a time
            nonbasics = _nonbasic(basics, d + m)
            rows = _leaving_rows(M, tableaux, basics, nonbasics)
            if rows is None:
                return None
            levels.append((basics, nonbasics))
            if bar is not None:
                bar.update(len(basics))
            basics, tableaux, seen = _next_level(basics, nonbasics, rows, tableaux, seen)
    return Walked(*(np.concatenate(part) for part in zip(*levels, strict=True)))


def _nonbasic(basics: np.ndarray, variables: int) -> np.ndarray:
    """The non-basic variables of each basis, in increasing order."""
    basic = np.zeros((len(basics), variables), dtype=bool)
    basic[np.arange(len(basics))[:, None], basics] = True
    return np.argsort(basic, axis=1, kind="stable")[:, : variables - basics.shape[1]]


def _leaving_rows(M: np.ndarray, T: np.ndarray, basics: np.ndarray, nonbasics: np.ndarray):
    """Steps 2–3 for a level of bases: the row each non-basic variable enters; ``None``: unsure.

    ``T`` holds the tableaux (bases × rows × columns); the answer is bases × non-basic.
    """
    rhs = T[:, :, -1]
    if rhs.min() <= TOLERANCE:  # a basic variable at 0: degenerate, or too close to tell
        return None
    residual = np.einsum("ikj,kj->ki", M[:, basics], rhs) - 1  # B · (value of the basis) = 1
    if np.abs(residual).max() > TOLERANCE:  # rounding has piled up: hand over
        return None
    entries = np.take_along_axis(T, nonbasics[:, None, :], axis=2)  # bases × rows × entering
    ratios = rhs[:, :, None] / entries
    ratios[entries <= TOLERANCE] = np.inf
    rows = ratios.argmin(axis=1)
    best = np.take_along_axis(ratios, rows[:, None, :], axis=1)[:, 0, :]
    if not np.isfinite(best).all():
        return None
    if (
        T.shape[1] > 1
        and (np.partition(ratios, 1, axis=1)[:, 1, :] <= best * (1 + TOLERANCE)).any()
    ):
        return None  # a tie: the neighbour is degenerate, or floats cannot tell
    unclear = np.abs(entries) <= TOLERANCE  # a sign floats cannot tell …
    if unclear.any() and (unclear & (rhs[:, :, None] <= TOLERANCE * best[:, None, :])).any():
        return None  # … whose ratio could win
    return rows


def _next_level(basics, nonbasics, rows, tableaux, seen):
    """Step 4: the neighbours not met before, each once, and their tableaux (step 1).

    Returns the next level's bases and tableaux, and the keys of every basis met, sorted.
    """
    bases = np.arange(len(basics))[:, None]
    leaving = basics[bases, rows]  # bases × entering: the variable each pivot drops
    one = np.uint64(1)
    keys = _keys(basics)[:, None] ^ (one << leaving.astype(np.uint64))
    keys ^= one << nonbasics.astype(np.uint64)
    new, first = np.unique(keys.ravel(), return_index=True)  # each neighbour once …
    place = np.minimum(np.searchsorted(seen, new), len(seen) - 1)
    fresh = seen[place] != new  # … if not met before (``seen`` is sorted)
    if not fresh.any():
        return basics[:0], tableaux[:0], seen
    i, c = np.divmod(first[fresh], nonbasics.shape[1])
    r, entering = rows[i, c], nonbasics[i, c]
    k = np.arange(len(i))
    T = tableaux[i]
    row = T[k, r, :] / T[k, r, entering][:, None]  # Gauss–Jordan: the pivot row scaled …
    T = T - T[k, :, entering][:, :, None] * row[:, None, :]  # … taken from every row …
    T[k, r, :] = row  # … and put in its place
    after = basics[i].copy()
    after[k, r] = entering
    return after, T, np.sort(np.concatenate([seen, new[fresh]]))


def _keys(basics: np.ndarray) -> np.ndarray:
    """Each basis as a set of variables, one bit each (a 64-bit word)."""
    return np.bitwise_or.reduce(np.uint64(1) << basics.astype(np.uint64), axis=1)
