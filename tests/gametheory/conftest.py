"""Shared helpers for the game-theory tests: random games and an independent equilibrium check.

Test modules import them with ``from tests.gametheory.conftest import …`` (pytest has
already loaded this module under that name).
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from coursekit.gametheory import NormalFormGame


def float_check(game: NormalFormGame, p, q, tolerance: float = 1e-9) -> bool:
    """Mutual best responses, checked with numpy floats only (independent of coursekit's code)."""
    p, q = np.array(p, dtype=float), np.array(q, dtype=float)
    if abs(p.sum() - 1) > tolerance or abs(q.sum() - 1) > tolerance:
        return False
    if (p < -tolerance).any() or (q < -tolerance).any():
        return False
    rows, cols = game.A @ q, p @ game.B
    return bool(
        (rows[p > tolerance] >= rows.max() - tolerance).all()
        and (cols[q > tolerance] >= cols.max() - tolerance).all()
    )


@st.composite
def games(draw, max_size: int = 5, low: int = -9, high: int = 9) -> NormalFormGame:
    """A random game of 1…max_size strategies per player with integer payoffs."""
    m = draw(st.integers(1, max_size))
    n = draw(st.integers(1, max_size))
    payoffs = st.lists(
        st.lists(st.integers(low, high), min_size=n, max_size=n), min_size=m, max_size=m
    )
    return NormalFormGame(draw(payoffs), draw(payoffs))
