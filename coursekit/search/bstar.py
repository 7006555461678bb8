"""B* (Berliner 1979): best-first search on optimistic and pessimistic bounds.

Every node carries two values from MAX's point of view: a pessimistic bound
(the least it is surely worth) and an optimistic one (the most it can be
worth). Expanding a node backs its children's bounds up: at a MAX node both
bounds are the largest of the children's, at a MIN node the smallest (and
kept inside the node's own bounds). B* stops as soon as one move at the root
is *proved* best: its pessimistic bound is at least every other move's
optimistic bound. Until then it applies one of two strategies:

- PROVEBEST: expand below the best move (the highest optimistic bound) to
  raise its pessimistic bound above the others' optimistic ones;
- DISPROVEREST: expand below a rival (the highest optimistic bound among the
  others) to lower its optimistic bound under the best's pessimistic one.

The rule used here to choose between them is a simple one: PROVEBEST when the
best move's interval is at least as wide as every rival's, DISPROVEREST
otherwise (falling back on the other strategy when the chosen one has nothing
left to expand). Below the root, the search follows the child whose bound
limits the one to move: the highest optimistic bound at MAX nodes, the lowest
pessimistic bound at MIN nodes. The value found is only proved to be the best
*move*: B* does not compute the exact value.

PB* (Palay 1983) replaces each pair of bounds by a probability distribution
over the node's value. Instead of waiting for a proof, it estimates how
likely each move is to be the best and expands where that probability can
change most, stopping when one move is best with high enough probability.
That is a more faithful use of what an evaluation knows, but it is hard in
practice: good distributions must be learnt or tuned for each game, backing
them up assumes the children are independent (they are not), every
expansion costs far more arithmetic than a pair of numbers, and the
stopping rule is a matter of confidence, so it may stop on a wrong move.

>>> tree = BoundedTree.from_nested((0, 10, [(2, 8, [5, 6]), (0, 4, [1, 3])]))
>>> r = bstar(tree, trace=True)
>>> r.move, r.expansions
(0, 1)
>>> print(r.steps[0])
PROVEBEST: expanded 0; root children (5, 5) (0, 4)
"""

from __future__ import annotations

import copy
import random as _random
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from coursekit.errors import CoursekitError
from coursekit.text import number_text

PROVEBEST = "PROVEBEST"
DISPROVEREST = "DISPROVEREST"


class BStarError(CoursekitError):
    """A bounded tree that is not of the form B* needs."""


@dataclass
class BNode:
    """A node of a bounded tree: its bounds now, and its children (hidden until expanded)."""

    pessimistic: float
    optimistic: float
    children: list[BNode] = field(default_factory=list)
    expanded: bool = False

    @property
    def settled(self) -> bool:
        """True when the bounds meet: nothing below can change them."""
        return self.pessimistic >= self.optimistic


@dataclass
class BoundedTree:
    """A game tree whose nodes carry (pessimistic, optimistic) bounds; MAX moves at the root.

    A node is written ``(pessimistic, optimistic, [children…])`` and a leaf as a
    number (its exact value). Inner bounds should contain the exact minimax value.
    """

    root: BNode

    @classmethod
    def from_nested(cls, spec: Any) -> BoundedTree:
        """Build the tree from the nested form described in the class docstring.

        Raises
        ------
        BStarError
            When a node is not a number or a (pessimistic, optimistic[, children]) tuple
            with pessimistic ≤ optimistic.
        """
        return cls(_node(spec, "spec"))

    @classmethod
    def random(
        cls, branching: int = 3, depth: int = 3, seed: int | None = 0, spread: int = 4
    ) -> BoundedTree:
        """A random uniform tree whose bounds contain the exact minimax values.

        Leaves are exact; an inner node's bounds are its exact value widened by up to
        ``spread`` on each side.
        """
        for name, v, low in (
            ("branching", branching, 1),
            ("depth", depth, 1),
            ("spread", spread, 0),
        ):
            if isinstance(v, bool) or not isinstance(v, int) or v < low or v > 8:
                raise BStarError(f"{name} must be a whole number from {low} to 8, got {v!r}")
        rng = _random.Random(seed)

        def grow(d: int, maximizing: bool) -> tuple[float, Any]:
            if d == 0:
                v = rng.randint(-9, 9)
                return v, v
            grown = [grow(d - 1, not maximizing) for _ in range(branching)]
            exact = (max if maximizing else min)(g[0] for g in grown)
            lo, hi = exact - rng.randint(0, spread), exact + rng.randint(0, spread)
            return exact, (lo, hi, [g[1] for g in grown])

        return cls.from_nested(grow(depth, True)[1])


def _node(spec: Any, where: str) -> BNode:
    if isinstance(spec, (int, float)) and not isinstance(spec, bool):
        return BNode(spec, spec)
    if isinstance(spec, tuple) and len(spec) in (2, 3):
        lo, hi = spec[0], spec[1]
        if not all(isinstance(b, (int, float)) and not isinstance(b, bool) for b in (lo, hi)):
            raise BStarError(f"{where}: bounds must be numbers, got {spec[:2]!r}")
        if lo > hi:
            raise BStarError(f"{where}: pessimistic {lo} is above optimistic {hi}")
        kids = list(spec[2]) if len(spec) == 3 else []
        if not kids and lo != hi:
            raise BStarError(f"{where}: a leaf needs its exact value, got bounds {lo}, {hi}")
        return BNode(lo, hi, [_node(k, f"{where}[{i}]") for i, k in enumerate(kids)])
    raise BStarError(
        f"{where} must be a number or a (pessimistic, optimistic[, children]) tuple, got {spec!r}"
    )


class BStep(NamedTuple):
    """One B* expansion: the strategy, the node expanded (its path of child numbers), and
    the (pessimistic, optimistic) bounds of the root's children after it."""

    strategy: str
    node: tuple[int, ...]
    root_children: tuple[tuple[float, float], ...]

    def __str__(self) -> str:
        name = ".".join(map(str, self.node)) or "root"
        pairs = " ".join(f"({number_text(p)}, {number_text(o)})" for p, o in self.root_children)
        return f"{self.strategy}: expanded {name}; root children {pairs}"


@dataclass(frozen=True)
class BStarResult:
    """What :func:`bstar` returns: the move (index of the root's child) proved best."""

    move: int | None
    pessimistic: float
    optimistic: float
    expansions: int
    steps: tuple[BStep, ...] = ()
    root: BNode | None = field(default=None, repr=False, compare=False)
    """The searched copy of the tree, as B* left it (expanded nodes and their bounds)."""


def proved(children: list[BNode]) -> int | None:
    """The index of a root child proved best (the stopping rule), or None."""
    best = max(range(len(children)), key=lambda i: children[i].optimistic)
    others = [c.optimistic for i, c in enumerate(children) if i != best]
    return best if all(children[best].pessimistic >= o for o in others) else None


def bstar(tree: BoundedTree, *, trace: bool = False, limit: int = 100_000) -> BStarResult:
    """Find the root move of ``tree`` proved best by B*.

    Parameters
    ----------
    tree : BoundedTree
        The root is expanded at the start; deeper nodes when B* chooses them.
    trace : bool
        Keep one :class:`BStep` per expansion in ``result.steps``.
    limit : int
        The most expansions allowed (a guard: consistent bounds always stop).

    Returns
    -------
    BStarResult
        The move, the best move's bounds and the number of expansions.

    Raises
    ------
    BStarError
        When ``tree`` is not a BoundedTree or the limit is reached.
    """
    if not isinstance(tree, BoundedTree):
        raise BStarError(f"tree must be a BoundedTree, got {tree!r}")
    root = copy.deepcopy(tree.root)  # the caller's tree is left as it was
    root.expanded = True
    kids = root.children
    if not kids:
        return BStarResult(None, root.pessimistic, root.optimistic, 0, (), root)
    steps: list[BStep] = []
    expansions = 0
    while (move := proved(kids)) is None:
        if expansions >= limit:
            raise BStarError(f"no move proved best after {limit} expansions")
        best = max(range(len(kids)), key=lambda i: kids[i].optimistic)
        rivals = [i for i in range(len(kids)) if i != best and not kids[i].settled
                  and kids[i].optimistic > kids[best].pessimistic]  # fmt: skip
        width = kids[best].optimistic - kids[best].pessimistic
        prove = not rivals or (
            not kids[best].settled
            and all(width >= kids[i].optimistic - kids[i].pessimistic for i in rivals)
        )
        if prove:
            start, strategy = best, PROVEBEST
        else:
            start, strategy = max(rivals, key=lambda i: kids[i].optimistic), DISPROVEREST
        path = [start]
        node, maximizing = kids[start], False
        line = [root, node]
        while node.expanded:
            open_ = [i for i, c in enumerate(node.children) if not c.settled]
            if maximizing:
                i = max(open_, key=lambda i: node.children[i].optimistic)
            else:
                i = min(open_, key=lambda i: node.children[i].pessimistic)
            node, maximizing = node.children[i], not maximizing
            path.append(i)
            line.append(node)
        node.expanded = True
        expansions += 1
        for depth in range(len(line) - 1, 0, -1):
            _back_up(line[depth], maximizing=depth % 2 == 0)
        if trace:
            steps.append(
                BStep(strategy, tuple(path), tuple((c.pessimistic, c.optimistic) for c in kids))
            )
    return BStarResult(
        move, kids[move].pessimistic, kids[move].optimistic, expansions, tuple(steps), root
    )


def _back_up(node: BNode, *, maximizing: bool) -> None:
    if not node.children:  # an exact leaf
        return
    pick = max if maximizing else min
    node.pessimistic = max(node.pessimistic, pick(c.pessimistic for c in node.children))
    node.optimistic = min(node.optimistic, pick(c.optimistic for c in node.children))
