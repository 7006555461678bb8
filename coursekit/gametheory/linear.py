"""Many small linear systems at once, in floating point (numpy).

Support and vertex enumeration solve one small square system for every pair
of strategy subsets: 12,870 systems for an 8×8 game. Solving them in one
batched numpy call is what makes enumeration fast; every answer that matters
is then confirmed exactly (:mod:`coursekit.gametheory.exact`), so rounding can
cost time but never correctness.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
from collections.abc import Iterator

import numpy as np

from coursekit.text import say

CONDITION_LIMIT = 1e8
"""Systems whose condition number may exceed this are left to exact arithmetic."""

TOLERANCE = 1e-6
"""Slack allowed when a float solution is screened (inequalities, signs)."""

BATCH = 20_000
"""Systems solved per numpy call (keeps memory small for bigger games)."""


@functools.cache
def subsets(n: int, k: int) -> np.ndarray:
    """All k-element subsets of ``range(n)`` as rows of an integer array.

    >>> subsets(3, 2).tolist()
    [[0, 1], [0, 2], [1, 2]]
    """
    combos = list(itertools.combinations(range(n), k))
    array = np.array(combos, dtype=np.intp).reshape(len(combos), k)
    array.setflags(write=False)
    return array


def subset_pairs(m: int, n: int, k: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Every pair (I, J) of k-subsets of ``range(m)`` and ``range(n)``, in batches.

    Yields ``(I, J)``: two arrays of shape ``(count, k)`` whose rows, taken
    together, run through all ``C(m, k) · C(n, k)`` pairs.
    """
    rows, cols = subsets(m, k), subsets(n, k)
    per_batch = max(1, BATCH // len(cols))
    for start in range(0, len(rows), per_batch):
        chunk = rows[start : start + per_batch]
        yield np.repeat(chunk, len(cols), axis=0), np.tile(cols, (len(chunk), 1))


def solve_many(matrices: np.ndarray, rhs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Solve ``matrices[t] @ x[t] = rhs`` for every t.

    Returns ``(x, good)``: ``good[t]`` is True where the system is safely
    conditioned and ``x[t]`` can be trusted to about ``TOLERANCE``; elsewhere
    ``x[t]`` is NaN and the caller must decide exactly (the system may be
    singular or merely ill-conditioned).

    The condition number is first bounded without an SVD by the inequality of
    Guggenheimer, Edelman and Johnson (1995), cond₂(M) ≤ 2 (‖M‖_F / √s)^s / |det M|,
    and measured exactly only where that bound is too high.

    >>> x, good = solve_many(np.array([[[2.0, 1.0], [1.0, 3.0]], [[1.0, 2.0], [2.0, 4.0]]]),
    ...                      np.array([3.0, 5.0]))
    >>> x[0].round(6).tolist(), good.tolist()
    ([0.8, 1.4], [True, False])
    """
    count, size, _ = matrices.shape
    x = np.full((count, size), np.nan)
    if count == 0:
        return x, np.zeros(0, dtype=bool)
    det = np.abs(np.linalg.det(matrices))
    frobenius = np.linalg.norm(matrices, axis=(1, 2))
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        bound = 2.0 * (frobenius / np.sqrt(size)) ** size / det
    good = np.isfinite(bound) & (bound < CONDITION_LIMIT)
    # The bound is cheap but loose: measure the few systems it doubts with an SVD.
    doubted = np.flatnonzero(~good & (det > 0))
    if len(doubted):
        good[doubted] = np.linalg.cond(matrices[doubted]) < CONDITION_LIMIT
    if good.any():
        rhs_all = np.broadcast_to(rhs, (int(good.sum()), size))[..., None]
        x[good] = np.linalg.solve(matrices[good], rhs_all)[..., 0]
    return x, good


class _NoBar:
    """Stands in for a progress bar when none is shown."""

    def update(self, count: int) -> None:
        return None


@contextlib.contextmanager
def progress_bar(
    total: int | None, show: bool, what: str, unit: str = "systems"
) -> Iterator[object]:
    """A tqdm progress bar, or a silent stand-in when ``show`` is False.

    ``total`` counts the steps (``None``: not known in advance, the bar counts
    up); ``unit`` names them: ``"systems"`` or ``"bases"``.
    """
    if not show:
        yield _NoBar()
        return
    from tqdm.auto import tqdm  # only for long runs: the import takes a moment

    with tqdm(total=total, desc=what, unit=say(f"printed.progress.{unit}")) as bar:
        yield bar
