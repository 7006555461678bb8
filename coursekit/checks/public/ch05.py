"""Exercise set 05's set-up material: the positions the notebook shows (no answers here)."""

from __future__ import annotations

POSITIONS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "3r2k1/p2n1ppp/1pq1pn2/8/8/5N2/P3QPPP/4R1K1 w - - 0 1",
    "r4rk1/pp3ppp/2b5/8/8/2N5/PPB2PPP/3R2K1 b - - 0 1",
    "8/5pk1/6p1/8/2B5/6P1/5PK1/8 w - - 0 1",
]
"""Part (a)'s positions, in FEN."""

QUIET_OR_NOT = {
    "A": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "B": "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
    "C": "4k3/8/8/1b6/8/8/4N3/4K3 w - - 0 1",
    "D": "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "E": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    "F": "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "G": "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
}
"""Part (c)'s positions, by label, in FEN."""
