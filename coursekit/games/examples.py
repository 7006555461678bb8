"""The course's example game trees, with the names their figures give the nodes.

- :func:`six_level_tree` — chapter 4's six-level α-β example (六层): MAX squares,
  MIN circles, root S0, the pruned nodes marked × in the figure, α cuts and
  β cuts, some of them deep (caused by an ancestor above the parent).

The decks draw their α-β examples as pictures. What survives of them in the
course's text is the form — six levels; S0 at the root and the letters A, B, …
(no O) below it, the leftmost node generated first; × on every pruned branch;
the AND/OR deck's two named cuts, an α cut below the MIN ("与") node G under C
and a β cut below the MAX ("或") node D under A — but not every tip value. The
tree below is built to that form for this course: the deck's 21 names, its two
named cuts, and every other kind of cut the decks describe.

>>> from coursekit.search import alphabeta
>>> tree = six_level_tree()
>>> tree.initial, tree.height, len(tree.leaves)
('S0', 5, 22)
>>> r = alphabeta(tree, trace=True)
>>> r.value, r.pv, r.trace.pruned()
(5, ('A', 'C', 'F', 'K', 'K2'), ['L2', 'N', 'P2', 'D2', 'S', 'U', 'B2'])
"""

from __future__ import annotations

from coursekit.games.base import MAX
from coursekit.games.gametree import GameTree

SIX_LEVEL_TREE = {
    "S0": ["A", "B"],
    "A": ["C", "D"],
    "B": ["E", 0],
    "C": ["F", "G"],
    "D": ["H", 2],
    "E": ["I", "J"],
    "F": ["K", "L"],
    "G": ["M", "N"],
    "H": ["P", "Q"],
    "I": ["R", "S"],
    "J": ["T", "U"],
    "K": [3, 5],
    "L": [8, 1],
    "M": [2, 4],
    "N": [9, 2],
    "P": [7, 3],
    "Q": [1, 6],
    "R": [1, 3],
    "S": [7, 0],
    "T": [2, 4],
    "U": [5, 8],
}
"""Chapter 4's six-level tree, ``label → children`` (a number is a tip, named after its
parent and place: K1, K2, …; D2 and B2 stand for the branches the figure only crosses
out), as :meth:`GameTree.from_labelled` reads it. S0 is MAX.

Searched left to right by α-β it has seven cuts, each pruning one branch (×):

========  ======  ===============================  ============
cut at    kind    because                          pruned
========  ======  ===============================  ============
L         β cut   α(L) = 8 ≥ β(F) = 5, the parent  L2
G         α cut   β(G) = 4 ≤ α(C) = 5, the parent  N (and its tips)
P         β cut   α(P) = 7 ≥ β(A) = 5, deep        P2
D         β cut   α(D) = 6 ≥ β(A) = 5, the parent  D2
I         α cut   β(I) = 3 ≤ α(S0) = 5, deep       S (and its tips)
J         α cut   β(J) = 4 ≤ α(S0) = 5, deep       U (and its tips)
B         α cut   β(B) = 4 ≤ α(S0) = 5, the parent B2
========  ======  ===============================  ============

12 of the 22 tips are evaluated; the root's value is 5, by the move to A.
"""


def six_level_tree() -> GameTree:
    """Chapter 4's six-level α-β example (:data:`SIX_LEVEL_TREE`), MAX at the root S0."""
    return GameTree.from_labelled(SIX_LEVEL_TREE, MAX, root_label="S0")
