"""The course's example game trees, with the names their figures give the nodes.

- :func:`six_level_tree` — chapter 4's six-level α-β example (六层): MAX squares,
  MIN circles, root S0, the pruned nodes marked × in the figure, α cuts and
  β cuts, some of them deep (caused by an ancestor above the parent).

The decks draw this example as a picture; what survives of it in the course's
text is the form (six levels, S0 at the root and the letters A, B, … below, the
leftmost node generated first, × on every pruned node) and the rules it
illustrates, not the numbers at the tips. The tree below is built to that form
for this course, so that every kind of cut the decks name happens in it.

>>> from coursekit.search import alphabeta
>>> tree = six_level_tree()
>>> tree.initial, tree.height, len(tree.leaves)
('S0', 5, 23)
>>> r = alphabeta(tree, trace=True)
>>> r.value, r.pv, r.trace.pruned()
(7, ('B', 'E', 'L', 'X', 'X2'), ['Q2', 'H2', 'T2', 'J', 'W', 'Y2', 'N'])
"""

from __future__ import annotations

from coursekit.games.base import MAX
from coursekit.games.gametree import GameTree

SIX_LEVEL_TREE = {
    "S0": ["A", "B"],
    "A": ["C", "D"],
    "B": ["E", "F"],
    "C": ["G", "H"],
    "D": ["I", "J"],
    "E": ["K", "L"],
    "F": ["M", "N"],
    "G": ["P", "Q"],
    "H": ["R", 3],
    "I": ["S", "T"],
    "J": ["U"],
    "K": ["V", "W"],
    "L": ["X"],
    "M": ["Y"],
    "N": ["Z"],
    "P": [5, 3],
    "Q": [8, 2],
    "R": [1, 4],
    "S": [2, 7],
    "T": [9, 6],
    "U": [3, 1],
    "V": [4, 3],
    "W": [6, 0],
    "X": [0, 7],
    "Y": [8, 3],
    "Z": [1, 9],
}
"""Chapter 4's six-level tree, ``label → children`` (a number is a tip, named after its
parent: P1, P2, …), as :meth:`GameTree.from_labelled` reads it. S0 is MAX.

Searched left to right by α-β it has seven cuts, each pruning one subtree (×):

========  ======  ===============================  ============
cut at    kind    because                          pruned
========  ======  ===============================  ============
Q         β cut   α(Q) = 8 ≥ β(G) = 5, the parent  Q2
H         α cut   β(H) = 4 ≤ α(C) = 5, the parent  H2
T         β cut   α(T) = 9 ≥ β(A) = 5, deep        T2
D         β cut   α(D) = 7 ≥ β(A) = 5, the parent  J (and U)
K         α cut   β(K) = 4 ≤ α(S0) = 5, deep       W
Y         β cut   α(Y) = 8 ≥ β(B) = 7, deep        Y2
F         β cut   α(F) = 8 ≥ β(B) = 7, the parent  N (and Z)
========  ======  ===============================  ============

13 of the 23 tips are evaluated; the root's value is 7, by the move to B.
"""


def six_level_tree() -> GameTree:
    """Chapter 4's six-level α-β example (:data:`SIX_LEVEL_TREE`), MAX at the root S0."""
    return GameTree.from_labelled(SIX_LEVEL_TREE, MAX, root_label="S0")
