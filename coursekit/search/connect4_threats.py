"""Threats in Connect Four: the empty cells where a player would complete four in a line.

Two finders with one answer. :func:`threat_finder` is chapter 6's: a few
shifts and ANDs per direction on a bitboard, on one board or on several side by
side. :func:`region_threat_finder` gives the same cells with fewer operations
for one board, which is what counts in CPython (every operation on an integer
costs a few hundred machine instructions whatever its size): the solver's fast
path (:mod:`coursekit.search.connect4_fast`) uses it.

Bitboards as in :mod:`coursekit.search.connect4_solver`: bit ``col * (rows + 1) +
row``, a spare bit on top of every column, so that no line wraps from one
column into the next.
"""

from __future__ import annotations

from collections.abc import Callable


def threat_finder(rows: int = 6, cols: int = 7) -> Callable[[int, int], int]:
    """A function ``threats(stones, empty)``: the cells of ``empty`` where ``stones`` get four.

    Shifting a bitboard by ``step`` moves every stone one cell along a
    direction: 1 up a column, ``rows + 1`` to the next column, ``rows`` and
    ``rows + 2`` along the two diagonals. A cell completes four when three of
    the player's stones lie on a line through it: the two before it and one
    more before them or after the cell (``xxx.``, ``xx.x``), or the mirror
    image of that (``.xxx``, ``x.xx``). Straight up only ``xxx`` below counts.

    The same function works on several boards side by side in one integer
    (see :data:`Connect4Solver.width`): no shift reaches from one board into
    the next one's cells.

    Parameters
    ----------
    rows, cols : int
        The size of the board.

    Returns
    -------
    Callable[[int, int], int]
        ``threats(stones, empty)``, a bitboard.

    Examples
    --------
    >>> from coursekit.games import ConnectFour
    >>> threats = threat_finder(6, 7)
    >>> game = ConnectFour()
    >>> s = game.from_moves("112233")  # x on columns 1-3 of the bottom row, o above
    >>> board = sum(game.cell(row, col) for row in range(6) for col in range(7))
    >>> empty = board ^ (s.x | s.o)
    >>> threats(s.x, empty) == game.cell(0, 3)  # x wins in column 4
    True
    >>> threats(s.o, empty) == game.cell(1, 3)  # o would win just above it
    True
    """
    h = rows + 1
    a1, a2, a3 = h, 2 * h, 3 * h  # → one, two, three cells along a row
    d1, d2, d3 = h - 1, 2 * (h - 1), 3 * (h - 1)  # ↘ along a falling diagonal
    u1, u2, u3 = h + 1, 2 * (h + 1), 3 * (h + 1)  # ↗ along a rising diagonal

    def threats(stones: int, empty: int) -> int:
        p = stones
        cells = (p << 1) & (p << 2) & (p << 3)  # ↑: three stacked below
        # Each other direction alike: two stones just before the cell and a third before
        # them or just after the cell; or two just after it and a third after or before.
        before, after = (p << a1) & (p << a2), (p >> a1) & (p >> a2)
        cells |= before & ((p << a3) | (p >> a1)) | after & ((p >> a3) | (p << a1))
        before, after = (p << d1) & (p << d2), (p >> d1) & (p >> d2)
        cells |= before & ((p << d3) | (p >> d1)) | after & ((p >> d3) | (p << d1))
        before, after = (p << u1) & (p << u2), (p >> u1) & (p >> u2)
        cells |= before & ((p << u3) | (p >> u1)) | after & ((p >> u3) | (p << u1))
        return cells & empty

    return threats


def region_threat_finder(rows: int = 6, cols: int = 7) -> Callable[[int, int], int]:
    """A function ``threats(stones, empty)`` with the answer of :func:`threat_finder`, cheaper.

    Four regions of one integer hold the board, one per direction (up, along a
    row, the two diagonals), far enough apart that a stone moved three cells
    either way stays out of the next region's board. Multiplying the bitboard
    by ``spread(k)`` puts into region d the stones moved k cells along
    direction d, so six products give the stones 1, 2 and 3 cells before and
    after every cell in every direction at once, and one formula finds the
    cells with two stones before them and a third before those or just after
    the cell, or the mirror image. Straight up only three stones below count
    (region 0 gets no stones from above), and ORing the regions onto region 0
    gives the cells in the board's own layout. That is eighteen operations on
    integers where :func:`threat_finder` takes fifty, and in CPython each costs
    about the same whatever it does. It serves one board at a time.

    Parameters
    ----------
    rows, cols : int
        The size of the board.

    Returns
    -------
    Callable[[int, int], int]
        ``threats(stones, empty)``, a bitboard.

    Examples
    --------
    >>> from coursekit.games import ConnectFour
    >>> game = ConnectFour()
    >>> s = game.from_moves("112233")
    >>> board = sum(game.cell(row, col) for row in range(6) for col in range(7))
    >>> fast, plain = region_threat_finder(), threat_finder()
    >>> fast(s.x, board ^ (s.x | s.o)) == plain(s.x, board ^ (s.x | s.o)) == game.cell(0, 3)
    True
    """
    h = rows + 1
    steps = (1, h, h - 1, h + 1)  # up, along a row, the two diagonals
    reach = 3 * max(steps)  # the farthest a stone moves
    region = cols * h + 2 * reach

    def spread(k: int) -> int:
        """Times a bitboard: its stones moved k cells along each region's direction."""
        return sum(1 << (d * region + k * step) for d, step in enumerate(steps) if d or k > 0)

    m1, m2, m3, n1, n2, n3 = (spread(k) for k in (1, 2, 3, -1, -2, -3))
    two_regions = 2 * region

    def threats(stones: int, empty: int) -> int:
        p = stones
        x1, x2, x3, y1, y2, y3 = p * m1, p * m2, p * m3, p * n1, p * n2, p * n3
        cells = x1 & x2 & (x3 | y1) | y1 & y2 & (x1 | y3)  # xxx. xx.x, or .xxx x.xx
        cells |= cells >> two_regions
        return (cells | cells >> region) & empty

    return threats
