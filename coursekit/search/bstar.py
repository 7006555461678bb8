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
import math
import random as _random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from coursekit.errors import CoursekitError
from coursekit.text import number_text, number_value, say

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
    The same form as text is read by :meth:`from_text` and written by :meth:`to_text`.
    """

    root: BNode

    @classmethod
    def from_text(cls, text: str) -> BoundedTree:
        """Read a tree written as in :meth:`from_nested`, e.g. ``(0, 10, [(2, 8, [5, 6]), 4])``.

        Full-width punctuation and digits typed with a Chinese input method
        (``（ ） ［ ］ ， 、 －`` and ``０``–``９``) are read as their ASCII twins;
        ``∞``, ``inf`` and ``-inf`` are infinite bounds.

        Raises
        ------
        BStarError
            When ``text`` is not a string or not such a tree; the message gives the
            line and column and what was expected there.

        Examples
        --------
        >>> BoundedTree.from_text("（0，10，［5，(1, 3, [1, 3])］）").to_text()
        '(0, 10, [5, (1, 3, [1, 3])])'
        >>> BoundedTree.from_text("(0, 10, [5, 6)")
        Traceback (most recent call last):
          ...
        coursekit.search.bstar.BStarError: line 1, column 14: expected ',' or ']' but found ')'
        """
        if not isinstance(text, str):
            raise BStarError(say("errors.search.bstar.text", text=text))
        return cls(_build(_BoundsReader(text).read(), text=True))

    def to_text(self) -> str:
        """The tree as the text :meth:`from_text` reads.

        >>> BoundedTree.from_nested((0, 10, [(2, 8, [5, 6]), 4])).to_text()
        '(0, 10, [(2, 8, [5, 6]), 4])'
        """
        return _node_text(self.root)

    @classmethod
    def from_nested(cls, spec: Any) -> BoundedTree:
        """Build the tree from the nested form described in the class docstring.

        Raises
        ------
        BStarError
            When a node is not a number or a (pessimistic, optimistic[, children]) tuple
            with pessimistic ≤ optimistic.
        """
        return cls(_build(spec))

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
                raise BStarError(say("errors.search.bstar.size", name=name, low=low, value=v))
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


def _node_text(node: BNode) -> str:
    if not node.children:
        return number_text(node.pessimistic)
    kids = ", ".join(_node_text(child) for child in node.children)
    return f"({number_text(node.pessimistic)}, {number_text(node.optimistic)}, [{kids}])"


# --- reading a bounded tree from text, with line and column in the errors ----------------------

_FULL_WIDTH = str.maketrans(
    {
        "（": "(", "）": ")", "［": "[", "］": "]", "【": "[", "】": "]", "，": ",", "、": ",",
        "－": "-", "＋": "+", "．": ".", "　": " ", "\u2212": "-",
        **{chr(0xFF10 + d): str(d) for d in range(10)},  # ０ … ９
    }
)  # fmt: skip
_WORD = re.compile(r"[^\s,()\[\]]+")

MAX_TEXT_DEPTH = 100
"""Deepest tree :meth:`BoundedTree.from_text` reads (B* steps through small trees)."""


class _BoundsReader:
    """Reads ``(p, o, [children])`` / number text; errors say where (line, column) and what."""

    def __init__(self, text: str) -> None:
        self.text = text.translate(_FULL_WIDTH)
        self.pos = 0

    def fail(self, message: str, pos: int | None = None) -> BStarError:
        pos = min(self.pos if pos is None else pos, len(self.text.rstrip()))  # not past Enter
        line = self.text.count("\n", 0, pos) + 1
        column = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        where = say("errors.tree.where", line=line, column=column)
        return BStarError(say("errors.at", where=where, message=message))

    def peek(self) -> str:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, chars: str, what: str) -> str:
        char = self.peek()
        if not char or char not in chars:
            found = repr(char) if char else say("errors.tree.end_of_text")
            raise self.fail(say("errors.search.bstar.expected", what=say(what), found=found))
        self.pos += 1
        return char

    def read(self) -> Any:
        if not self.peek():
            raise self.fail(say("errors.search.bstar.empty"))
        tree = self.tree(0)
        if self.peek():
            raise self.fail(say("errors.tree.after_end", char=repr(self.text[self.pos])))
        return tree

    def tree(self, depth: int) -> Any:
        """A number (an exact leaf) or ``(pessimistic, optimistic[, [children…]])``."""
        if depth > MAX_TEXT_DEPTH:
            raise self.fail(say("errors.search.bstar.too_deep", levels=MAX_TEXT_DEPTH))
        if self.peek() != "(":
            if self.peek() in ("", ")", "[", "]", ","):
                found = repr(self.peek()) if self.peek() else say("errors.tree.end_of_text")
                what = say("errors.search.bstar.number_or_parenthesis")
                raise self.fail(say("errors.search.bstar.expected", what=what, found=found))
            return self.number()
        self.pos += 1
        low = self.number()
        self.expect(",", "errors.search.bstar.after_pessimistic")
        high = self.number()
        if self.expect(",)", "errors.search.bstar.after_optimistic") == ")":
            return (low, high)
        self.expect("[", "errors.search.bstar.open_children")
        children = [self.tree(depth + 1)]
        while self.expect(",]", "errors.search.bstar.comma_or_bracket") == ",":
            children.append(self.tree(depth + 1))
        self.expect(")", "errors.search.bstar.close_node")
        return (low, high, children)

    def number(self) -> float:
        self.peek()
        word = _WORD.match(self.text, self.pos)
        if word is None:
            found = repr(self.text[self.pos]) if self.pos < len(self.text) else None
            found = found or say("errors.search.bstar.the_end")
            what = say("errors.search.bstar.number")
            raise self.fail(say("errors.search.bstar.expected", what=what, found=found))
        self.pos = word.end()
        try:
            return number_value(word.group(), say("errors.search.bstar.bound"))
        except ValueError as problem:
            self.pos = word.start()
            raise self.fail(str(problem)) from None


def _build(spec: Any, *, text: bool = False) -> BNode:
    """The tree of nested ``spec`` (walked with a stack: a deep spec needs no recursion).

    Errors name the node as :meth:`BoundedTree.from_nested`'s caller wrote it
    (``spec[0][1]``), or, for a tree read from text, as B*'s steps name it (``node 0.1``).
    """
    found: list[BNode] = []
    stack: list[tuple[Any, tuple[int, ...], BNode | None]] = [(spec, (), None)]
    while stack:
        item, path, parent = stack.pop()
        node, kids = _one_node(item, _place(path, text))
        (found if parent is None else parent.children).append(node)
        stack.extend((kids[i], (*path, i), node) for i in reversed(range(len(kids))))
    return found[0]


def _place(path: tuple[int, ...], text: bool) -> str:
    if text:
        if not path:
            return say("errors.search.bstar.root")
        return say("errors.search.bstar.node", path=".".join(map(str, path)))
    return "spec" + "".join(f"[{i}]" for i in path)


def _one_node(spec: Any, where: str) -> tuple[BNode, list]:
    """One node of a spec, its children left to the caller: (the node, the children's specs)."""
    if isinstance(spec, (int, float)) and not isinstance(spec, bool):
        if math.isnan(spec):
            raise BStarError(say("errors.search.bstar.nan_leaf", where=where))
        return BNode(spec, spec), []
    if isinstance(spec, tuple) and len(spec) in (2, 3):
        lo, hi = spec[0], spec[1]
        if not all(isinstance(b, (int, float)) and not isinstance(b, bool) for b in (lo, hi)):
            raise BStarError(
                say("errors.search.bstar.bounds_numbers", where=where, bounds=spec[:2])
            )
        if math.isnan(lo) or math.isnan(hi):
            raise BStarError(say("errors.search.bstar.nan_bound", where=where, bounds=spec[:2]))
        if lo > hi:
            raise BStarError(say("errors.search.bstar.crossed", where=where, lo=lo, hi=hi))
        if len(spec) == 3 and not isinstance(spec[2], (list, tuple)):
            raise BStarError(say("errors.search.bstar.children", where=where, children=spec[2]))
        kids = list(spec[2]) if len(spec) == 3 else []
        if not kids and lo != hi:
            raise BStarError(say("errors.search.bstar.leaf_exact", where=where, lo=lo, hi=hi))
        return BNode(lo, hi), kids
    raise BStarError(say("errors.search.bstar.spec", where=where, spec=spec))


Bounds = tuple[tuple[tuple[int, ...], float, float], ...]
"""Every node B* can see, as ``(path of child numbers, pessimistic, optimistic)``, in preorder:
the root and the children of every expanded node."""


class BStep(NamedTuple):
    """One B* expansion: the strategy, the node expanded (its path of child numbers), the
    (pessimistic, optimistic) bounds of the root's children after it, and (``bounds``) those
    of every node B* can see after it."""

    strategy: str
    node: tuple[int, ...]
    root_children: tuple[tuple[float, float], ...]
    bounds: Bounds = ()

    def __str__(self) -> str:
        name = ".".join(map(str, self.node)) or "root"
        pairs = " ".join(f"({number_text(p)}, {number_text(o)})" for p, o in self.root_children)
        return say("printed.bstar_step", strategy=self.strategy, node=name, pairs=pairs)


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
    start: Bounds = ()
    """With ``trace=True``: every node's bounds once the root is expanded, before step 1."""


class RuleState(NamedTuple):
    """Where the stopping rule stands: the best move (highest optimistic bound, the first of
    equals), its pessimistic bound, the highest optimistic bound of the other moves (-∞
    when there is none), and whether the first is at least the second (B* stops)."""

    best: int
    pessimistic: float
    rival: float
    proved: bool


def stopping_rule(children: Sequence[tuple[float, float]]) -> RuleState:
    """The stopping rule on the root's children, given as (pessimistic, optimistic) pairs.

    >>> stopping_rule([(2, 7), (1, 6), (0, 5)])
    RuleState(best=0, pessimistic=2, rival=6, proved=False)
    >>> stopping_rule([(3, 7), (3, 3), (0, 0)]).proved
    True
    """
    best = max(range(len(children)), key=lambda i: children[i][1])
    rival = max((o for i, (_, o) in enumerate(children) if i != best), default=-math.inf)
    return RuleState(best, children[best][0], rival, children[best][0] >= rival)


def proved(children: list[BNode]) -> int | None:
    """The index of a root child proved best (the stopping rule), or None."""
    state = stopping_rule([(c.pessimistic, c.optimistic) for c in children])
    return state.best if state.proved else None


def visible_bounds(root: BNode) -> Bounds:
    """The bounds of every node B* can see below and at ``root`` (see :data:`Bounds`).

    >>> tree = BoundedTree.from_nested((0, 10, [(2, 8, [5, 6]), 4]))
    >>> tree.root.expanded = True
    >>> visible_bounds(tree.root)
    (((), 0, 10), ((0,), 2, 8), ((1,), 4, 4))
    """
    found = []
    stack: list[tuple[tuple[int, ...], BNode]] = [((), root)]
    while stack:
        path, node = stack.pop()
        found.append((path, node.pessimistic, node.optimistic))
        if node.expanded:
            stack.extend(((*path, i), c) for i, c in reversed(list(enumerate(node.children))))
    return tuple(found)


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
        raise BStarError(say("errors.search.bstar.tree", tree=tree))
    root = copy.deepcopy(tree.root)  # the caller's tree is left as it was
    root.expanded = True
    kids = root.children
    if not kids:
        return BStarResult(None, root.pessimistic, root.optimistic, 0, (), root)
    _back_up(root, maximizing=True)
    initial = visible_bounds(root) if trace else ()
    steps: list[BStep] = []
    expansions = 0
    while (move := proved(kids)) is None:
        if expansions >= limit:
            raise BStarError(say("errors.search.bstar.limit", limit=limit))
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
        for depth in range(len(line) - 1, -1, -1):  # up to the root
            _back_up(line[depth], maximizing=depth % 2 == 0)
        if trace:
            pairs = tuple((c.pessimistic, c.optimistic) for c in kids)
            steps.append(BStep(strategy, tuple(path), pairs, visible_bounds(root)))
    return BStarResult(
        move, kids[move].pessimistic, kids[move].optimistic, expansions, tuple(steps), root,
        initial,
    )  # fmt: skip


def _back_up(node: BNode, *, maximizing: bool) -> None:
    if not node.children:  # an exact leaf
        return
    pick = max if maximizing else min
    node.pessimistic = max(node.pessimistic, pick(c.pessimistic for c in node.children))
    node.optimistic = min(node.optimistic, pick(c.optimistic for c in node.children))
