"""The course's example game trees, with the names their figures give the nodes.

- :func:`deck_alphabeta_tree` — the AND/OR deck's α-β example S0, A, …, U (deck 004),
  read back from the numbers its text keeps (:data:`DECK_TIPS`, :data:`DECK_BOUNDS`).

The deck draws the example as a picture, and its text keeps the picture's labels
only: the 21 names S0, A–N, P–U (no O), one number beside each (ten static values
of tips, eleven bounds α or β, the Greek lost), seven × for pruned branches, and the
two cuts it names — an α cut below the MIN ("与") node G under C, a β cut below the
MAX ("或") node D under A. Which tip hangs where is not kept. The reading here puts
the letters level by level, left to right, and the tips where both named cuts happen
and the bounds α-β finds are the deck's eleven numbers; where that leaves a choice,
the tips keep the deck's order. Three branches α-β never generates (D2, G2, I3)
stand for the deck's ×: the deck gives them no value, and any value gives the same
search (they are 0 here).

>>> from coursekit.search import alphabeta
>>> tree = deck_alphabeta_tree()
>>> tree.initial, tree.height, len(tree.leaves)
('S0', 4, 13)
>>> r = alphabeta(tree, trace=True)
>>> r.value, r.pv, r.trace.pruned()
(2, ('B', 'E', 'J', 'U'), ['G2', 'D2', 'I3'])
"""

from __future__ import annotations

from coursekit.games.base import MAX
from coursekit.games.gametree import GameTree

DECK_TIPS = (2, 8, 4, 1, -2, 5, 9, 1, -5, 2)
"""The static values of the example's ten tips, in the order deck 004's text gives them."""

DECK_BOUNDS = (1, -2, 2, 5, 2, 5, 1, -5, 1, 1, 2)
"""The eleven bound labels (α or β) of the example, in the order deck 004's text gives them."""

DECK_ALPHABETA_TREE = {
    "S0": ["A", "B"],
    "A": ["C", "D"],
    "B": ["E"],
    "C": ["F", "G"],
    "D": ["H", 0],
    "E": ["I", "J"],
    "F": ["K", "L", "M"],
    "G": ["N", 0],
    "H": ["P", "Q"],
    "I": ["R", "S", 0],
    "J": ["T", "U"],
    "K": 2,
    "L": 1,
    "M": 1,
    "N": -2,
    "P": 8,
    "Q": 5,
    "R": 9,
    "S": -5,
    "T": 4,
    "U": 2,
}
"""The AND/OR deck's α-β example as read here, ``label → children`` or ``label → value``
(:meth:`GameTree.from_labelled`; a plain 0 is a branch the deck only crosses out, named
after its parent and place: D2, G2, I3). S0 is MAX.

Searched left to right by α-β it cuts three times, each pruning one branch (×):

========  ======  ===================================  ======
cut at    kind    because                              pruned
========  ======  ===================================  ======
G         α cut   β(G) = −2 ≤ α(C) = 1, the parent     G2
D         β cut   α(D) = 5 ≥ β(A) = 1, the parent      D2
I         α cut   β(I) = −5 ≤ α(S0) = 1, deep          I3
========  ======  ===================================  ======

All ten named tips are evaluated. Each node's bound when α-β leaves it (fail-soft) is
one of the deck's numbers: F, C, A 1; G −2; H, D 5; I −5; J, E, B 2. The eleventh, S0's
1, is the α it holds while B is searched — the bound of the deep cut at I; S0's final
value is 2, by B.
"""


def deck_alphabeta_tree() -> GameTree:
    """The AND/OR deck's α-β example (:data:`DECK_ALPHABETA_TREE`), MAX at the root S0."""
    return GameTree.from_labelled(DECK_ALPHABETA_TREE, MAX, root_label="S0")
