"""Extreme equilibria and degeneracy, by vertex enumeration of the best-response polytopes.

Shift the payoffs so that all are positive (this changes no equilibrium) and
look at the polytopes

    P = {x ∈ ℝᵐ : x ≥ 0, Bᵀx ≤ 1}      (the row player's side)
    Q = {y ∈ ℝⁿ : A y ≤ 1, y ≥ 0}      (the column player's side)

A point of P carries the *labels* of the row strategies it does not play
(xᵢ = 0) and of the column strategies that are best responses to it
((Bᵀx)ⱼ = 1); likewise for Q. A pair of vertices (x, y) ≠ (0, 0) whose labels
together cover every strategy is an equilibrium after scaling x and y to
probabilities, and every extreme equilibrium arises so (von Stengel,
"Computing equilibria for two-person games", 2002, §3).

The game is *degenerate* (退化) exactly when some point of P has more than m
labels or some point of Q more than n, i.e. when a mixed strategy that uses k
pure strategies has more than k best responses. Such a point can always be
taken to be a vertex, so the vertices decide it.

The steps (:func:`vertex_enumeration`):

1. move the payoffs to positive integers (a positive affine change: the same
   equilibria and best responses);
2. list the vertices of P and of Q by walking each polytope from corner to
   corner, pivoting in exact integers (:func:`~coursekit.gametheory.vertex_walk.walk_vertices`);
   first in floats (:func:`~coursekit.gametheory.float_walk.float_walk`), which
   answers for a non-degenerate game and hands over to the exact walk when
   anything is too close to call;
3. give each vertex its labels, and keep the pairs of vertices whose labels
   cover every strategy;
4. scale each pair to probabilities and check it exactly as an equilibrium
   (after the walk in floats: each pair solved from its basis in fractions; a
   failed check, a degenerate vertex or an even number of equilibria — a
   non-degenerate game has an odd number — sends the game to the exact walk);
5. look for a vertex with too many labels: a witness of degeneracy.

Step 2 read as the definition reads is :func:`polytope_vertices`: for each
support S and set T of tight constraints with |S| = |T|, solve one small
system. It solves C(m + n, n) systems per polytope where the walk visits
only the vertices; the tests check that both find the same vertices.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from coursekit.gametheory import exact
from coursekit.gametheory.best_response import Equilibrium, order
from coursekit.gametheory.errors import GameTooLargeError
from coursekit.gametheory.exact import Matrix
from coursekit.gametheory.float_walk import float_walk
from coursekit.gametheory.linear import TOLERANCE, progress_bar, solve_many, subset_pairs
from coursekit.gametheory.vertex_walk import Vertex, most_bases, walk_vertices
from coursekit.text import number_text, say

Labels = tuple[tuple[str, ...], tuple[str, ...]]

CLEAR = 100 * TOLERANCE
"""A float slack above this is taken as certainly positive."""

MAX_BASES = 320_000
"""The most bases :func:`vertex_enumeration` walks without ``force=True``, counted by the
upper bound theorem (:func:`enumeration_size`): every game up to 14×14 (310,080), whose
walk takes at most about half a minute here; a random 13×13 game walks about a fifth of
its bound, in a few seconds.
"""

PROGRESS_BASES = 100_000
"""From this bound on (13×13 and larger), a progress bar counts the bases walked."""


@dataclass(frozen=True)
class Degeneracy:
    """A witness of degeneracy: a mixed strategy of ``player`` with too many best responses."""

    player: int
    mix: tuple[Fraction, ...]
    best_responses: tuple[int, ...]
    names: tuple[str, str]
    labels: tuple[tuple[str, ...], tuple[str, ...]]

    def __str__(self) -> str:
        mine, theirs = self.labels[self.player], self.labels[1 - self.player]
        used = [k for k, x in enumerate(self.mix) if x > 0]
        if len(used) == 1:
            strategy = mine[used[0]]
        else:
            terms = " + ".join(f"{number_text(self.mix[k], decimals=True)}·{mine[k]}" for k in used)
            strategy = say("printed_gametheory.mix", terms=terms)
        used_key = "one_used" if len(used) == 1 else "used"
        return say(
            "printed_gametheory.degenerate",
            player=self.names[self.player],
            strategy=strategy,
            used=say(f"printed_gametheory.{used_key}", count=len(used)),
            other=self.names[1 - self.player],
            count=len(self.best_responses),
            replies=", ".join(theirs[k] for k in self.best_responses),
        )


@dataclass(frozen=True)
class VertexAnalysis:
    """Everything vertex enumeration tells about a game."""

    equilibria: tuple[Equilibrium, ...]
    degeneracy: Degeneracy | None


@dataclass(frozen=True)
class Component:
    """A maximal Nash subset (纳什均衡分量): every p mixing ``p``'s vectors with every q
    mixing ``q``'s vectors is an equilibrium."""

    p: tuple[tuple[Fraction, ...], ...]
    q: tuple[tuple[Fraction, ...], ...]


def polytope_vertices(C: np.ndarray, C_exact: Matrix, bar: object = None) -> list[Vertex]:
    """All vertices of {z ≥ 0 : C z ≤ 1} for a positive matrix C of shape (constraints, d).

    >>> C = np.array([[1.0, 2.0], [2.0, 1.0]])
    >>> sorted(sorted(v.tight) for v in polytope_vertices(C, ((1, 2), (2, 1))))
    [[], [0], [0, 1], [1]]
    """
    constraints, d = C.shape
    found = [Vertex(frozenset(range(d)), frozenset(), (), (), (Fraction(0),) * d)]
    exact_points: set[tuple[Fraction, ...]] = set()
    for k in range(1, min(constraints, d) + 1):
        for S, T in subset_pairs(d, constraints, k):
            z, good = solve_many(C[T[:, :, None], S[:, None, :]], np.ones(k))
            slack = 1.0 - np.einsum("ctk,tk->tc", C[:, S], z)
            np.put_along_axis(slack, T, np.inf, axis=1)  # the basis constraints are tight
            with np.errstate(invalid="ignore"):
                feasible = (z > -TOLERANCE).all(axis=1) & (slack > -TOLERANCE).all(axis=1)
                clear = good & (z > CLEAR).all(axis=1) & (slack > CLEAR).all(axis=1)
            for t in np.flatnonzero(clear):
                support = tuple(S[t].tolist())
                zeros = frozenset(range(d)) - frozenset(support)
                found.append(Vertex(zeros, frozenset(T[t].tolist()), support, tuple(T[t].tolist())))
            for t in np.flatnonzero(~good | (feasible & ~clear)):
                vertex = _exact_vertex(C_exact, tuple(S[t].tolist()), tuple(T[t].tolist()))
                if vertex is not None and vertex.point not in exact_points:
                    exact_points.add(vertex.point)
                    found.append(vertex)
            if bar is not None:
                bar.update(len(S))
    return found


def _exact_vertex(C: Matrix, support: tuple[int, ...], tight_set: tuple[int, ...]) -> Vertex | None:
    """The vertex of a basis, in fractions, or ``None`` if singular or infeasible."""
    point = _solve_basis(C, support, tight_set)
    if point is None or any(v < 0 for v in point):
        return None
    values = [exact.dot(point, row) for row in C]
    if any(v > 1 for v in values):
        return None
    zeros = frozenset(i for i, v in enumerate(point) if v == 0)
    tight = frozenset(c for c, v in enumerate(values) if v == 1)
    return Vertex(zeros, tight, support, tight_set, point)


def _solve_basis(
    C: Matrix, support: tuple[int, ...], tight_set: tuple[int, ...]
) -> tuple[Fraction, ...] | None:
    d = len(C[0])
    part = exact.solve_linear_system(
        [[C[c][s] for s in support] for c in tight_set], [Fraction(1)] * len(support)
    )
    if part is None:
        return None
    point = [Fraction(0)] * d
    for s, v in zip(support, part, strict=True):
        point[s] = v
    return tuple(point)


def _point(C: Matrix, vertex: Vertex) -> tuple[Fraction, ...] | None:
    """The vertex's exact coordinates, solved from its basis; ``None`` if that is singular."""
    if vertex.point is not None:
        return vertex.point
    if len(vertex.support) != len(vertex.tight_set):  # not a basis (a float walk gone wrong)
        return None
    return _solve_basis(C, vertex.support, vertex.tight_set)


def _positive_integers(matrix: Matrix) -> Matrix:
    """Step 1: the payoffs as positive integers, ``L·(v − lowest) + 1`` with L the least
    common denominator. Positive, as the polytopes need, and integers, as the walk's exact
    pivoting needs; a positive affine change of payoffs changes no best response and no
    equilibrium.

    >>> _positive_integers(((Fraction(1, 2), -1), (0, 2)))
    ((4, 1), (3, 7))
    """
    values = [Fraction(v) for row in matrix for v in row]
    scale = math.lcm(*(v.denominator for v in values))
    low = min(values)
    return tuple(tuple(int((Fraction(v) - low) * scale) + 1 for v in row) for row in matrix)


def vertex_enumeration(
    A: Matrix,
    B: Matrix,
    labels: Labels,
    players: tuple[str, str],
    *,
    force: bool = False,
    progress: bool | None = None,
) -> VertexAnalysis:
    """Extreme equilibria and a degeneracy witness (if any), by vertex enumeration.

    Parameters
    ----------
    A, B : rows of fractions
        The row player's and the column player's payoffs, indexed [row][column].
    labels, players :
        The strategies' and the players' names, for the degeneracy witness.
    force : bool
        Enumerate even a game whose polytopes may have more than
        :data:`MAX_BASES` bases together (see :func:`enumeration_size`).
    progress : bool or None
        Show a progress bar (tqdm); ``None``: only for games that may take a while.

    Returns
    -------
    VertexAnalysis

    Raises
    ------
    GameTooLargeError
        When the game is too large for a quick answer and ``force`` is False.

    Examples
    --------
    >>> r = vertex_enumeration(((1, 1), (0, 0)), ((1, 1), (1, 1)), (("a", "b"), ("x", "y")),
    ...                        ("R", "C"))
    >>> len(r.equilibria), r.degeneracy.player
    (2, 0)
    """
    m, n = len(A), len(A[0])
    total = _checked_size(m, n, force)
    A_int = _positive_integers(A)
    B_t = _positive_integers(tuple(zip(*B, strict=True)))
    show = total >= PROGRESS_BASES if progress is None else progress
    with progress_bar(None, show, say("printed.progress.vertex"), "bases") as bar:
        fast = _fast_path(A, B, B_t, A_int, bar)
        if fast is not None:
            return VertexAnalysis(tuple(order(fast)), None)
        P = walk_vertices(B_t, bar)  # zeros → i, tight column j → m + j
        Q = walk_vertices(A_int, bar)  # tight row i → i, zeros j → m + j
    p_labels = [_mask(v.zeros) | _mask(v.tight) << m for v in P]
    q_labels = [_mask(v.tight) | _mask(v.zeros) << m for v in Q]
    found = _equilibria(A, B, (p_labels, P.__getitem__, B_t), (q_labels, Q.__getitem__, A_int))
    if found is None:
        raise RuntimeError("vertex enumeration produced a non-equilibrium")
    witness = _witness((m, n), P, Q, B_t, A_int, labels, players)
    return VertexAnalysis(tuple(order(found)), witness)


def _checked_size(m: int, n: int, force: bool) -> int:
    """The most bases the walk may meet; refused up front beyond :data:`MAX_BASES` unless forced.

    Raises
    ------
    GameTooLargeError
        When the bound exceeds :data:`MAX_BASES` and ``force`` is False.
    """
    total = enumeration_size(m, n)
    if total > MAX_BASES and not force:
        raise GameTooLargeError(
            say(
                "errors.gametheory.vertex_too_large",
                m=m,
                n=n,
                total=total,
                most=MAX_BASES,
                duration=_walk_duration(total),
            )
        )
    return total


def _fast_path(A: Matrix, B: Matrix, B_t: Matrix, A_int: Matrix, bar) -> set | None:
    """Step 2 in floats: the equilibria of a non-degenerate game, or ``None`` to walk exactly.

    Every pair is confirmed in fractions (step 4); a non-degenerate game has an
    odd number of equilibria (Lemke and Howson), so an even count is not trusted either.
    """
    m, n = len(A), len(A[0])
    P = float_walk(B_t, bar)  # unknowns: labels 0 … m − 1, tight columns: m … m + n − 1
    Q = float_walk(A_int, bar) if P is not None else None  # unknowns: m + j, tight rows: i
    if P is None or Q is None:
        return None
    p_labels = P.labels(range(m + n))
    q_labels = Q.labels([*range(m, m + n), *range(m)])
    found = _equilibria(A, B, (p_labels, P.vertex, B_t), (q_labels, Q.vertex, A_int))
    return found if found is not None and len(found) % 2 == 1 else None


def _equilibria(A: Matrix, B: Matrix, P: tuple, Q: tuple) -> set[Equilibrium] | None:
    """Steps 3 and 4: the complete pairs of vertices as equilibria, each checked exactly.

    ``P`` and ``Q`` are (labels of each vertex, the vertex of an index, the
    polytope's matrix). Returns ``None`` when a pair fails the exact check (a
    walk in floats gone wrong).
    """
    (p_labels, p_vertex, B_t), (q_labels, q_vertex, A_int) = P, Q
    found = set()
    for a, b in _complete_pairs(p_labels[1:], q_labels[1:], (len(A), len(A[0]))):
        x, y = _point(B_t, p_vertex(a + 1)), _point(A_int, q_vertex(b + 1))
        if x is None or y is None:
            return None
        x_int, y_int = _integer_direction(x), _integer_direction(y)
        if not _best_responses_to_each_other(A_int, B_t, x_int, y_int):
            return None
        p = tuple(Fraction(v, sum(x_int)) for v in x_int)
        q = tuple(Fraction(v, sum(y_int)) for v in y_int)
        found.add(Equilibrium(p, q))
    return found


def _integer_direction(point: tuple[Fraction, ...]) -> list[int]:
    """The point times the common denominator of its coordinates: integers, the same direction."""
    scale = math.lcm(*(v.denominator for v in point))
    return [v.numerator * (scale // v.denominator) for v in point]


def _best_responses_to_each_other(A: Matrix, B_t: Matrix, x: list[int], y: list[int]) -> bool:
    """Step 4 exactly, in integers: x, y ≥ 0, not 0, each using only best responses to the other.

    ``A`` and ``B_t`` are the payoffs as positive integers (step 1: the same best
    responses), ``x`` and ``y`` mixed strategies up to a positive factor, which
    scales every payoff against them alike.
    """
    if min(x) < 0 or min(y) < 0 or not any(x) or not any(y):
        return False
    rows = [sum(a * v for a, v in zip(row, y, strict=True)) for row in A]  # against y
    cols = [sum(b * v for b, v in zip(col, x, strict=True)) for col in B_t]  # against x
    best_row, best_col = max(rows), max(cols)
    return all(rows[i] == best_row for i, v in enumerate(x) if v) and all(
        cols[j] == best_col for j, v in enumerate(y) if v
    )


def enumeration_size(m: int, n: int) -> int:
    """The most bases vertex enumeration walks in an m×n game: both polytopes' bound.

    >>> enumeration_size(8, 8), enumeration_size(13, 13), enumeration_size(15, 15)
    (1320, 108528, 682176)
    """
    return most_bases(m, n) + most_bases(n, m)


def _walk_duration(bases: int) -> str:
    """At most how long a walk over this many bases takes, in words (about 0.1 ms a basis)."""
    seconds = bases * 1e-4
    if seconds < 120:
        return say("errors.gametheory.seconds", seconds=f"{seconds:.0f}")
    return say("errors.gametheory.minutes", minutes=f"{seconds / 60:.0f}")


_BITS = [1 << i for i in range(256)]


def _mask(indices: frozenset[int]) -> int:
    """The set as an integer, one bit each."""
    if indices and max(indices) >= len(_BITS):
        return sum(1 << i for i in indices)
    return sum(map(_BITS.__getitem__, indices))


def _complete_pairs(
    p_labels: list[int], q_labels: list[int], shape: tuple[int, int]
) -> list[tuple[int, int]]:
    """Index pairs whose label sets together are complete (all m + n labels).

    A vertex of P has at least m labels, one of Q at least n. Two with exactly
    that many are complete only when their labels are complementary, which a
    dictionary finds at once; a vertex with more labels (degenerate) is checked
    against every vertex of the other polytope.
    """
    m, n = shape
    full = (1 << (m + n)) - 1
    by_labels: dict[int, list[int]] = {}
    for j, b in enumerate(q_labels):
        by_labels.setdefault(b, []).append(j)
    pairs = {(i, j) for i, a in enumerate(p_labels) for j in by_labels.get(full ^ a, ())}
    for i, a in enumerate(p_labels):
        if a.bit_count() > m:
            pairs.update((i, j) for j in _covering(a, q_labels, full))
    for j, b in enumerate(q_labels):
        if b.bit_count() > n:
            pairs.update((i, j) for i in _covering(b, p_labels, full))
    return sorted(pairs)


def _covering(labels: int, others: list[int], full: int) -> list[int]:
    """The indices of ``others`` whose labels, with ``labels``, are all of ``full``."""
    if full < 2**63:
        return np.flatnonzero((np.array(others, dtype=np.int64) | labels) == full).tolist()
    return [k for k, other in enumerate(others) if labels | other == full]


def _witness(
    shape: tuple[int, int],
    P: list[Vertex],
    Q: list[Vertex],
    B_t: Matrix,
    A: Matrix,
    labels: Labels,
    players: tuple[str, str],
) -> Degeneracy | None:
    """Step 5: a mixed strategy with more best responses than strategies used, if any."""
    m, n = shape
    candidates = []
    for player, vertices, C, d in ((0, P, B_t, m), (1, Q, A, n)):
        for v in vertices:
            if len(v.zeros) + len(v.tight) > d:
                used = d - len(v.zeros)
                candidates.append((used, player, v, C))
    if not candidates:
        return None
    _, player, vertex, C = min(candidates, key=lambda c: (c[0], c[1]))
    point = _point(C, vertex)
    assert point is not None, "a basis of the exact walk is never singular"
    mix = tuple(v / sum(point) for v in point)
    return Degeneracy(player, mix, tuple(sorted(vertex.tight)), players, labels)


def components(extreme: tuple[Equilibrium, ...]) -> list[Component]:
    """Maximal Nash subsets: the maximal bicliques of "p and q form an equilibrium".

    Every equilibrium of a bimatrix game is a mix within one of them
    (Winkels 1979; Avis, Rosenberg, Savani and von Stengel 2010).
    """
    import networkx as nx

    graph = nx.Graph()
    ps = sorted({e.p for e in extreme}, reverse=True)
    qs = sorted({e.q for e in extreme}, reverse=True)
    graph.add_nodes_from(("p", k) for k in range(len(ps)))
    graph.add_nodes_from(("q", k) for k in range(len(qs)))
    graph.add_edges_from((("p", a), ("p", b)) for a in range(len(ps)) for b in range(a))
    graph.add_edges_from((("q", a), ("q", b)) for a in range(len(qs)) for b in range(a))
    graph.add_edges_from((("p", ps.index(e.p)), ("q", qs.index(e.q))) for e in extreme)
    found = []
    for clique in nx.find_cliques(graph):
        p_side = sorted(k for side, k in clique if side == "p")
        q_side = sorted(k for side, k in clique if side == "q")
        if p_side and q_side:
            found.append(Component(tuple(ps[k] for k in p_side), tuple(qs[k] for k in q_side)))
    return sorted(found, key=lambda c: (c.p, c.q), reverse=True)
