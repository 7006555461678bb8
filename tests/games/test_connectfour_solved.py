"""Small Connect Four boards solved to the end, checked by an independent brute force.

The brute force here knows nothing of coursekit's bitboards: a grid of lists,
pieces dropped by scanning the column, every line checked cell by cell, and a
memoised negamax over the grid's text.
"""

from __future__ import annotations

import functools

import pytest

from coursekit.games import ConnectFour
from coursekit.search import solve


def brute_force_value(rows: int, cols: int, k: int) -> int:
    """+1 first player wins, 0 draw, -1 second player wins, with perfect play."""

    def wins(grid: tuple[str, ...], mark: str) -> bool:
        for r in range(rows):
            for c in range(cols):
                for dr, dc in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                    cells = [(r + i * dr, c + i * dc) for i in range(k)]
                    if all(0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] == mark
                           for rr, cc in cells):  # fmt: skip
                        return True
        return False

    @functools.cache
    def negamax(grid: tuple[str, ...], mark: str) -> int:
        other = "o" if mark == "x" else "x"
        if wins(grid, other):
            return -1
        best = None
        for c in range(cols):
            r = next((r for r in range(rows) if grid[r][c] == "."), None)
            if r is None:
                continue
            row = grid[r][:c] + mark + grid[r][c + 1 :]
            child = (*grid[:r], row, *grid[r + 1 :])
            value = -negamax(child, other)
            best = value if best is None else max(best, value)
        return 0 if best is None else best

    return negamax(tuple("." * cols for _ in range(rows)), "x")


@pytest.mark.parametrize(
    ("rows", "cols", "k"),
    [(3, 3, 3), (3, 4, 3), (4, 3, 3), (2, 4, 2), (2, 5, 3), (5, 2, 2)],
)
def test_solve_agrees_with_a_brute_force(rows, cols, k):
    value = solve(ConnectFour(rows=rows, cols=cols, k=k)).value
    sign = 0 if value == 0 else (1 if value > 0 else -1)
    assert sign == brute_force_value(rows, cols, k)
