"""Vertex enumeration by pivoting: the corners of a polytope, walked from one to the next.

The polytopes of :mod:`~coursekit.gametheory.vertex_enumeration` have the form
{z ≥ 0 : C z ≤ 1} with C positive, d unknowns and m constraints. Read as the
definition reads (:func:`~coursekit.gametheory.vertex_enumeration.polytope_vertices`),
a vertex is a choice of d tight constraints, and every choice costs one linear
system: 12,870 systems for each polytope of an 8×8 game, 10.4 million for
13×13, almost all of them infeasible. Yet a vertex has only d neighbours along
the edges of the polytope, each one *pivot* away, as the simplex method
moves. Walking that graph from the origin visits the vertices only (about
two hundred for a random 8×8 game, ten thousand for 13×13), which is how lrs
(D. Avis, "lrs: a revised implementation of the reverse search vertex
enumeration algorithm", 2000) and gambit's ``enummixed`` work. The steps, as
:func:`walk_vertices` follows them:

1. **Equations.** A slack sᵢ ≥ 0 in each constraint makes C z + s = 1. A
   *basis* chooses m of the m + d variables to be computed from the others,
   which are 0 (their constraints are tight); its *dictionary* is the system
   solved for them. The walk starts at the origin: every slack in the basis.
2. **Integer pivoting.** An edge swaps one variable out of the basis for one
   in. The dictionary is kept in integers, the real entries times the
   determinant D of the basis (J. Edmonds, 1967; Bareiss's elimination is
   the same idea): a pivot on entry p turns each other entry into
   (entry·p − row entry·column entry) / D, a division that is always exact.
   No fraction and no rounding, however long the walk.
3. **The ratio test** names the variable that leaves: of the rows whose
   entry in the entering column is positive, the one with the smallest
   right-hand side / entry reaches 0 first.
4. **The lexicographic rule.** At a degenerate vertex (more tight
   constraints than unknowns) several rows tie. The tie is broken by
   comparing the rows of [right-hand side | B⁻¹] lexicographically (Dantzig,
   Orden and Wolfe, 1955): the ratio test for right-hand sides 1 + (ε, ε², …)
   with ε tiny. That perturbed polytope is *simple* — each vertex has one
   basis and exactly d neighbours — its graph is connected, and every vertex
   of the real polytope is one of its vertices with ε = 0. So the walk over
   these *lexicographic* bases misses no vertex and never loops.
5. **Breadth first**, with the set of bases met: each basis is pivoted into
   once. Its vertex is its set of tight constraints (non-basic variables and
   basic ones whose value is 0), so a degenerate vertex reached through
   several bases is listed once.

The work grows with the bases walked, at most :func:`most_bases` (the upper
bound theorem, P. McMullen 1970) and usually far fewer.

>>> corners = walk_vertices([[1, 2], [2, 1]])   # {z ≥ 0 : z₁ + 2z₂ ≤ 1, 2z₁ + z₂ ≤ 1}
>>> sorted(sorted(c.tight) for c in corners)   # tight constraints: none, one or both
[[], [0], [0, 1], [1]]
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Vertex:
    """A vertex z of {z ≥ 0 : C z ≤ 1}: which coordinates are 0, which constraints are tight.

    ``support`` and ``tight_set`` name a basis that defines it; ``point`` holds
    its exact coordinates once computed.
    """

    zeros: frozenset[int]
    """The unknowns zⱼ that are 0 at the vertex."""
    tight: frozenset[int]
    """The constraints (C z)ᵢ = 1 that hold with equality."""
    support: tuple[int, ...]
    """The unknowns a defining basis computes (the others are 0)."""
    tight_set: tuple[int, ...]
    """The constraints that basis makes tight: C[tight_set, support] z = 1."""
    point: tuple[Fraction, ...] | None = None
    """The exact coordinates, when already known."""


class _Dictionary:
    """One basis: which variable each row computes, which each column holds, and the integers.

    Variables 0 … d − 1 are the unknowns z, d … d + m − 1 the slacks. Row r
    reads ``det · basic[r] + Σ_c rows[r][c] · nonbasic[c] = rows[r][d]``.
    """

    __slots__ = ("basic", "det", "key", "nonbasic", "rows")

    def __init__(self, basic: list[int], nonbasic: list[int], rows: list[list[int]], det: int):
        self.basic, self.nonbasic, self.rows, self.det = basic, nonbasic, rows, det
        self.key = sum(1 << v for v in basic)  # the basis as a set, for the walk's memory

    def leaving_row(self, c: int) -> int:
        """Steps 3 and 4: the row whose variable leaves when column ``c`` enters."""
        rows, d = self.rows, len(self.nonbasic)
        best, ties = -1, None
        for r, row in enumerate(rows):
            a = row[c]
            if a > 0:
                if best < 0:
                    best, best_a, best_b = r, a, row[d]
                    continue
                difference = row[d] * best_a - best_b * a  # compare rhs / a without dividing
                if difference < 0:
                    best, best_a, best_b, ties = r, a, row[d], None
                elif difference == 0:
                    ties = [*(ties or [best]), r]
        return best if ties is None else self._lexicographic(c, ties)

    def _lexicographic(self, c: int, ties: list[int]) -> int:
        """Step 4: among rows tied in the ratio test, the lexicographically smallest row of B⁻¹ / a.

        Column k of B⁻¹ (times det) is the dictionary's column of slack d + k
        when that slack is non-basic, else the unit vector of its row.
        """
        d, rows = len(self.nonbasic), self.rows
        column_of = {v: k for k, v in enumerate(self.nonbasic)}
        for slack in range(d, d + len(rows)):
            k = column_of.get(slack)
            unit = self.det  # a basic slack's column: det in its own row, 0 elsewhere
            entry = {
                r: rows[r][k] if k is not None else unit * (self.basic[r] == slack) for r in ties
            }
            least = ties[0]  # the smallest entry / column entry (all column entries positive)
            for r in ties[1:]:
                if entry[r] * rows[least][c] < entry[least] * rows[r][c]:
                    least = r
            ties = [r for r in ties if entry[r] * rows[least][c] == entry[least] * rows[r][c]]
            if len(ties) == 1:
                return ties[0]
        raise RuntimeError("the rows of B⁻¹ are independent: a tie cannot last")  # a bug here

    def pivot(self, r: int, c: int) -> _Dictionary:
        """Step 2: the neighbouring basis: the variables of row ``r`` and column ``c`` swapped."""
        det, rows = self.det, self.rows
        pivot_row = rows[r]
        p = pivot_row[c]
        new_rows = []
        for i, row in enumerate(rows):
            if i == r:
                new_row = pivot_row[:]
                new_row[c] = det
            else:
                f = row[c]
                new_row = [(x * p - f * y) // det for x, y in zip(row, pivot_row, strict=True)]
                new_row[c] = -f
            new_rows.append(new_row)
        basic, nonbasic = self.basic[:], self.nonbasic[:]
        basic[r], nonbasic[c] = nonbasic[c], basic[r]
        return _Dictionary(basic, nonbasic, new_rows, p)

    def vertex(self) -> Vertex:
        """Step 5: the vertex of this basis, by its zero unknowns and tight constraints."""
        d = len(self.nonbasic)
        at_zero = [
            *self.nonbasic,
            *(v for v, row in zip(self.basic, self.rows, strict=True) if row[d] == 0),
        ]
        return Vertex(
            zeros=frozenset(v for v in at_zero if v < d),
            tight=frozenset(v - d for v in at_zero if v >= d),
            support=tuple(sorted(v for v in self.basic if v < d)),
            tight_set=tuple(sorted(v - d for v in self.nonbasic if v >= d)),
        )


def walk_vertices(C: Sequence[Sequence[int]], bar: object = None) -> list[Vertex]:
    """All vertices of {z ≥ 0 : C z ≤ 1} for a matrix C of positive integers (m × d).

    Parameters
    ----------
    C : rows of int
        The constraints, one row each; every entry a positive integer (which
        makes the polytope bounded).
    bar : optional
        A progress bar: ``bar.update(1)`` after each basis.

    Returns
    -------
    list of Vertex
        The origin first, then in the order the walk meets them.

    Examples
    --------
    >>> [sorted(v.zeros) for v in walk_vertices([[3]])]   # the segment 0 ≤ z ≤ 1/3
    [[0], []]
    """
    m, d = len(C), len(C[0])
    start = _Dictionary(list(range(d, d + m)), list(range(d)), [[*row, 1] for row in C], 1)
    seen = {start.key}
    queue = deque([start])
    found: dict[tuple[frozenset[int], frozenset[int]], Vertex] = {}
    while queue:
        basis = queue.popleft()
        vertex = basis.vertex()
        found.setdefault((vertex.zeros, vertex.tight), vertex)
        for c in range(d):
            r = basis.leaving_row(c)
            key = basis.key ^ (1 << basis.basic[r]) ^ (1 << basis.nonbasic[c])
            if key not in seen:
                seen.add(key)
                queue.append(basis.pivot(r, c))
        if bar is not None:
            bar.update(1)
    return list(found.values())


def most_bases(d: int, m: int) -> int:
    """The most bases the walk can meet in {z ≥ 0 : C z ≤ 1} with d unknowns and m constraints.

    The walk meets the vertices of a simple d-dimensional polytope with at
    most d + m facets, and the upper bound theorem (McMullen, 1970) caps
    those at C(N − ⌈d/2⌉, ⌊d/2⌋) + C(N − ⌊d/2⌋ − 1, ⌈d/2⌉ − 1) for N = d + m.

    >>> most_bases(2, 2), most_bases(3, 3), most_bases(13, 13)   # square, cube, 13×13 game
    (4, 8, 54264)
    """
    n, low, high = d + m, d // 2, (d + 1) // 2
    return math.comb(n - high, low) + math.comb(n - low - 1, high - 1)
