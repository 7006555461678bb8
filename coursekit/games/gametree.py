"""Explicit game trees (博弈树) as drawn in the course: labelled nodes, values at the leaves.

A :class:`GameTree` is a game whose states are node labels and whose moves go
from a node to one of its children. MAX and MIN move in turn, level by level,
starting with the player given for the root. The leaves carry values from
MAX's point of view (the course's static values f(p) at the tips).

Trees come from nested lists (the usual way to type a textbook tree), from a
labelled spec with the node names of a figure, from JSON, from text typed
into a widget (errors say where: line and column), or at random.

>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MAX)
>>> tree.initial, tree.children("A"), tree.children("C")
('A', ('B', 'C', 'D'), ('C1', 'C2', 'C3'))
>>> tree.to_move("C"), tree.leaf_value("C1")
(MIN, 2)
>>> GameTree.from_spec("[[3, 12, 8], [2, x, 6]]")
Traceback (most recent call last):
  ...
coursekit.games.gametree.GameTreeError: line 1, column 18: 'x' is not a number
"""

from __future__ import annotations

import json
import math
import random as _random
import re
from collections.abc import Iterator, Mapping, Sequence
from numbers import Real
from typing import Any

from coursekit.games.base import MAX, MIN, GameError, Player
from coursekit.text import number_value, say

Nested = Any
"""A number (a leaf) or a list of nested trees (an inner node)."""

MAX_RANDOM_NODES = 200_000
"""Random trees larger than this are refused (they would not fit in a picture or a lesson)."""

MAX_DEPTH = 10_000
"""Trees built from nested lists or text may be this many levels deep (their labels grow
with the depth: B1a1a…); labelled specs have no limit."""

ORDERS = ("random", "best", "worst")


class GameTreeError(GameError):
    """A tree spec that does not describe a game tree; the message says where."""


class NodeError(GameTreeError, KeyError):
    """A label that names no node of the tree (a ``KeyError`` too, for old callers)."""

    __str__ = GameTreeError.__str__  # KeyError would quote the message


# --- labels as in the figures -------------------------------------------------------------


def _letters(n: int, alphabet: str) -> str:
    """Bijective base-26 numbering: 1 → a, 26 → z, 27 → aa (spreadsheet columns)."""
    text = ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        text = alphabet[rest] + text
    return text


def child_label(parent: str, depth: int, index: int) -> str:
    """The label of the ``index``-th child (from 0) of ``parent``, the child at ``depth``.

    The root is A, its children B, C, D, …; below them digits and small
    letters take turns: B1, B2, …, then B1a, B1b, …, then B1a1, …

    >>> [child_label("A", 1, i) for i in range(3)], child_label("B", 2, 0), child_label("B1", 3, 1)
    (['B', 'C', 'D'], 'B1', 'B1b')
    """
    if depth == 1:
        return _letters(index + 2, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if depth % 2 == 0:
        return f"{parent}{index + 1}"
    return parent + _letters(index + 1, "abcdefghijklmnopqrstuvwxyz")


def _spec_place(where: Any) -> str:
    """``spec[1][0]`` from the linked index path ``(0, (1, None))``."""
    indices = []
    while where is not None:
        i, where = where
        indices.append(f"[{i}]")
    indices.reverse()
    if len(indices) > 8:  # a very deep place: its first and last steps and its level
        place = f"spec{''.join(indices[:3])}…{''.join(indices[-3:])}"
        return say("errors.tree.deep_place", place=place, level=len(indices))
    return "spec" + "".join(indices)


def _check_number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise GameTreeError(say("errors.tree.not_a_number", where=where, value=repr(value)))
    if math.isnan(value):
        raise GameTreeError(say("errors.tree.nan", where=where))
    return value


# --- reading nested-list text with line and column numbers -----------------------------------

_WORD = re.compile(r"[^\s,\[\]]+")


# Full-width punctuation from a Chinese input method. Some is read as its ASCII twin (each
# replaced by one character, so line and column numbers stay right); some is named in the
# error message, because guessing what it meant could give a wrong tree.
_FULL_WIDTH = str.maketrans(
    {
        "，": ",", "、": ",", "［": "[", "］": "]", "【": "[", "】": "]", "－": "-", "＋": "+",
        "．": ".", "　": " ", "∶": ":",
        **{chr(0xFF10 + d): str(d) for d in range(10)},  # ０ … ９
    }
)  # fmt: skip
_NAMED = {
    "；": "full_semicolon",
    ";": "semicolon",
    "（": "full_parenthesis",
    "）": "full_parenthesis",
    "(": "parenthesis",
    ")": "parenthesis",
    "。": "full_stop",
    "{": "brace",
    "}": "brace",
}
"""Characters named in the error (``errors.tree.found.<name>``, with the character)."""


class _NestedReader:
    """A reader for ``[[3, 12, 8], [2, 4, 6]]`` that gives line and column in its errors.

    It keeps the lists still open on an explicit stack, so a tree may be
    thousands of levels deep (a recursive reader would hit Python's recursion
    limit at about a thousand).
    """

    def __init__(self, text: str) -> None:
        self.text = text.translate(_FULL_WIDTH)
        self.pos = 0

    def where(self, pos: int | None = None) -> str:
        # the end of the text is where its last word ends: a tree typed on one line and
        # followed by Enter is still wrong "on line 1"
        pos = min(self.pos if pos is None else pos, len(self.text.rstrip()))
        line = self.text.count("\n", 0, pos) + 1
        column = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        return say("errors.tree.where", line=line, column=column)

    def fail(self, message: str, pos: int | None = None) -> GameTreeError:
        return GameTreeError(say("errors.at", where=self.where(pos), message=message))

    def skip_space(self) -> str:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def read(self) -> Nested:
        named = [(self.text.find(char), char) for char in _NAMED]
        named = [(pos, char) for pos, char in named if pos >= 0]
        if named:
            pos, char = min(named)
            raise self.fail(say(f"errors.tree.found.{_NAMED[char]}", char=char), pos)
        if not self.skip_space():
            raise self.fail(say("errors.tree.empty"))
        tree = self.item()
        if self.skip_space():
            char = self.text[self.pos]
            key = "errors.tree.one_too_many" if char == "]" else "errors.tree.after_end"
            raise self.fail(say(key, char=repr(char)))
        return tree

    def item(self) -> Nested:
        """One tree: a number, or a list of trees (the open lists wait on ``stack``)."""
        stack: list[tuple[list, int]] = []  # (the items read so far, where the list opened)
        while True:
            char = self.skip_space()
            if char == "[":
                stack.append(([], self.pos))
                self.pos += 1
                if self.skip_space() == "]":
                    raise self.fail(say("errors.tree.empty_list"), stack[-1][1])
                continue
            if char == ",":
                raise self.fail(say("errors.tree.missing_child"))
            if char in ("", "]"):
                found = say("errors.tree.end_of_text") if not char else repr(char)
                raise self.fail(say("errors.tree.expected_item", found=found))
            value: Nested = self.number()
            while True:  # close every list that ends after this value
                if not stack:
                    return value
                items, start = stack[-1]
                items.append(value)
                char = self.skip_space()
                if not char:
                    raise self.fail(say("errors.tree.never_closed", where=self.where(start)))
                if char != "]" and char != ",":
                    raise self.fail(say("errors.tree.expected_comma", char=repr(char)))
                self.pos += 1
                if char == "," and self.skip_space() != "]":
                    break  # another item follows
                if char == ",":
                    self.pos += 1  # a trailing comma before ']' is fine
                stack.pop()
                value = items

    def number(self) -> float:
        word = _WORD.match(self.text, self.pos)
        assert word is not None  # item() has seen a character that starts a word
        self.pos = word.end()
        try:
            return number_value(word.group(), say("errors.tree.leaf_value"))
        except ValueError as problem:
            self.pos = word.start()
            raise self.fail(str(problem)) from None


# --- the tree ---------------------------------------------------------------------------------


class GameTree:
    """A finite game tree with labelled nodes, values at its leaves, MAX and MIN in turn.

    It is a :class:`~coursekit.games.Game`: a state is a node label, the
    actions at a node are its children's labels, and the utility of a leaf is
    its value (for MAX; the negative for MIN).

    Parameters
    ----------
    children:
        Each inner node's label → its children's labels, left to right.
    values:
        Each leaf's label → its value (MAX's point of view).
    root:
        The player to move at the root (MAX in the course's trees).
    root_label:
        The root's label; found by itself when only one node has no parent.
    static:
        Optional static values e(p) of inner nodes, for depth-limited searches.
    """

    def __init__(
        self,
        children: Mapping[str, Sequence[str]],
        values: Mapping[str, float],
        *,
        root: Player = MAX,
        root_label: str | None = None,
        static: Mapping[str, float] | None = None,
    ) -> None:
        if not isinstance(root, Player):
            raise GameTreeError(say("errors.tree.root", root=repr(root)))
        self._children = {str(k): tuple(str(c) for c in v) for k, v in children.items()}
        self._values = {str(k): _check_number(v, f"leaf {k}") for k, v in values.items()}
        self._static = {str(k): _check_number(v, f"node {k}") for k, v in (static or {}).items()}
        self.root_player = root
        self.initial = self._find_root(root_label)
        self._depth: dict[str, int] = {}
        self._parent: dict[str, str | None] = {}
        self._order: list[str] = []
        self._walk()

    # --- building and checking -------------------------------------------------------------

    def _find_root(self, root_label: str | None) -> str:
        for label, kids in self._children.items():
            if not kids:
                raise GameTreeError(say("errors.tree.no_children", label=label))
            if label in self._values:
                raise GameTreeError(say("errors.tree.children_and_value", label=label))
        known = self._children.keys() | self._values.keys()
        if not known:
            raise GameTreeError(say("errors.tree.no_nodes"))
        cycle = self._cycle()
        if cycle:
            raise GameTreeError(say("errors.tree.cycle", cycle=cycle))
        parents: dict[str, str] = {}
        for label, kids in self._children.items():
            for kid in kids:
                if kid not in known:
                    raise GameTreeError(say("errors.tree.unknown", kid=repr(kid), label=label))
                if kid in parents:
                    raise GameTreeError(
                        say("errors.tree.two_parents", kid=kid, first=parents[kid], label=label)
                    )
                parents[kid] = label
        if root_label is not None:
            if root_label not in known:
                raise GameTreeError(say("errors.tree.root_label", root=repr(root_label)))
            return root_label
        roots = sorted(known - parents.keys())
        if len(roots) == 1:
            return roots[0]
        raise GameTreeError(say("errors.tree.many_roots", roots=", ".join(roots)))

    def _cycle(self) -> str | None:
        """One cycle among the nodes, as 'A → B → A', or None when there is none.

        Depth first with an explicit stack (a spec may be thousands of levels deep).
        """
        finished: set[str] = set()
        for start in self._children:
            if start in finished:
                continue
            path, on_path = [start], {start}
            stack = [iter(self._children.get(start, ()))]
            while stack:
                kid = next(stack[-1], None)
                if kid is None:  # every child done
                    stack.pop()
                    node = path.pop()
                    on_path.discard(node)
                    finished.add(node)
                    continue
                if kid in on_path:
                    return " → ".join([*path[path.index(kid) :], kid])
                if kid not in finished:
                    path.append(kid)
                    on_path.add(kid)
                    stack.append(iter(self._children.get(kid, ())))
        return None

    def _walk(self) -> None:
        """Fix depths and parents from the root, refusing cycles and unreachable nodes."""
        self._depth[self.initial] = 0
        self._parent[self.initial] = None
        level = [self.initial]
        while level:
            self._order += level
            below = []
            for label in level:
                for kid in self._children.get(label, ()):
                    if kid in self._depth:
                        raise GameTreeError(
                            say(
                                "errors.games.tree.reached_twice",
                                kid=kid,
                                root=self.initial,
                                label=label,
                            )
                        )
                    self._depth[kid] = self._depth[label] + 1
                    self._parent[kid] = label
                    below.append(kid)
            level = below
        unreachable = sorted((self._children.keys() | self._values.keys()) - self._depth.keys())
        if unreachable:
            raise GameTreeError(
                say(
                    "errors.games.tree.unreachable", nodes=", ".join(unreachable), root=self.initial
                )
            )
        for label in self._order:
            if label not in self._children and label not in self._values:
                raise GameTreeError(say("errors.games.tree.no_value", label=label))
        self._labels = tuple(self._order)
        self._leaves = tuple(self._left_to_right_leaves())

    def _left_to_right_leaves(self) -> list[str]:
        leaves, stack = [], [self.initial]
        while stack:
            label = stack.pop()
            kids = self._children.get(label)
            if kids:
                stack.extend(reversed(kids))
            else:
                leaves.append(label)
        return leaves

    @classmethod
    def from_nested(
        cls, spec: Nested, root: Player = MAX, *, uniform: bool = False, root_label: str = "A"
    ) -> GameTree:
        """A tree from nested lists of leaf values, labelled A; B, C, D; B1 … D3; B1a … .

        Parameters
        ----------
        spec : number or list
            A leaf value, or a list of subtrees (lists or tuples), nested up to
            ``MAX_DEPTH`` levels deep.
        root : Player
            The player to move at the root.
        uniform : bool
            Require every leaf at the same depth (a complete textbook tree);
            otherwise a game may end early on some branches.
        root_label : str
            The root's label; the others follow from it.

        Returns
        -------
        GameTree

        Raises
        ------
        GameTreeError
            Naming the place (``spec[1][0]``) of an empty list or a leaf that is
            not a number, a ragged tree with ``uniform=True``, a bad ``root``.

        See Also
        --------
        from_spec : the same from text; from_labelled : with the figure's own labels.

        Examples
        --------
        >>> GameTree.from_nested([[1, 2], [3, [4, 5]]]).leaves
        ('B1', 'B2', 'C1', 'C2a', 'C2b')
        >>> GameTree.from_nested([[1, 2], []])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
          ...
        coursekit.games.gametree.GameTreeError: spec[1] (node C): empty list: ...
        """
        if not isinstance(root_label, str) or not root_label:
            raise GameTreeError(say("errors.games.tree.root_label", value=repr(root_label)))
        children: dict[str, list[str]] = {}
        values: dict[str, float] = {}
        # Depth first, left to right, with an explicit stack of (subtree, label, depth, where);
        # ``where`` is the linked index path (i, parent's where), written out only for errors.
        stack: list[tuple[Nested, str, int, Any]] = [(spec, root_label, 0, None)]
        while stack:
            node, label, depth, where = stack.pop()
            if isinstance(node, (list, tuple)):
                if not node:
                    raise GameTreeError(
                        say("errors.games.tree.spec_empty", place=_spec_place(where), label=label)
                    )
                if depth >= MAX_DEPTH:
                    raise GameTreeError(
                        say(
                            "errors.games.tree.spec_too_deep",
                            place=_spec_place(where),
                            label=label[:12],
                            most=MAX_DEPTH,
                        )
                    )
                kids = [child_label(label, depth + 1, i) for i in range(len(node))]
                children[label] = kids
                for i in reversed(range(len(node))):
                    stack.append((node[i], kids[i], depth + 1, (i, where)))
            else:
                if isinstance(node, bool) or not isinstance(node, Real) or math.isnan(node):
                    _check_number(node, f"{_spec_place(where)} (node {label})")  # says why
                values[label] = node
        tree = cls(children, values, root=root, root_label=root_label)
        if uniform:
            tree._require_uniform()
        return tree

    def _require_uniform(self) -> None:
        first, *others = self.leaves
        for leaf in others:
            if self._depth[leaf] != self._depth[first]:
                raise GameTreeError(
                    say(
                        "errors.games.tree.ragged",
                        leaf=leaf,
                        depth=self._depth[leaf],
                        first=first,
                        first_depth=self._depth[first],
                    )
                )

    @classmethod
    def from_spec(cls, text: str, root: Player = MAX, *, uniform: bool = False) -> GameTree:
        """A tree from nested-list text such as ``[[3, 12, 8], [2, 4, 6]]``.

        Parameters
        ----------
        text : str
            Nested lists of leaf values. Numbers may be negative or decimal;
            ``inf``, ``-inf`` and ``∞`` stand for won and lost positions.
            Full-width commas, brackets, digits and minus signs (typed with a
            Chinese input method) are read as their ASCII twins. The tree may be
            thousands of levels deep.
        root : Player
            The player to move at the root.
        uniform : bool
            Require every leaf at the same depth.

        Returns
        -------
        GameTree
            Labelled as :meth:`from_nested` labels.

        Raises
        ------
        GameTreeError
            When ``text`` is not a string or not a tree; the message gives the
            line and column and what was expected there.

        See Also
        --------
        to_spec : writes the text back; from_nested : the same from Python lists.

        Examples
        --------
        >>> GameTree.from_spec("［［3，12］，［-1，４］］").to_nested()
        [[3, 12], [-1, 4]]
        >>> GameTree.from_spec("[[3; 12], [2, 4]]")
        Traceback (most recent call last):
          ...
        coursekit.games.gametree.GameTreeError: line 1, column 4: found a semicolon: separate \
children with an ASCII comma ','
        """
        if not isinstance(text, str):
            raise GameTreeError(say("errors.games.tree.not_text", text=repr(text)))
        return cls.from_nested(_NestedReader(text).read(), root, uniform=uniform)

    @classmethod
    def from_labelled(
        cls,
        spec: Mapping[str, Any],
        root: Player = MAX,
        *,
        root_label: str | None = None,
        static: Mapping[str, float] | None = None,
    ) -> GameTree:
        """A tree from node names as in a figure: ``label → [children…]`` or ``label → value``.

        A child may be written as a plain number: it becomes a leaf named after
        its parent and position (B1, B2, …). Chains of any length are read.

        Parameters
        ----------
        spec : dict
            ``label → [children…]`` for inner nodes, ``label → value`` for leaves.
        root : Player
            The player to move at the root.
        root_label : str, optional
            The root; found by itself when only one node has no parent.
        static : dict, optional
            Static values e(p) of inner nodes, for depth-limited searches.

        Returns
        -------
        GameTree

        Raises
        ------
        GameTreeError
            When ``spec`` is not a dict, names an unknown child, has a cycle, a
            node with two parents, several roots, or a value that is not a number.

        See Also
        --------
        from_nested, from_json, to_labelled

        Examples
        --------
        >>> t = GameTree.from_labelled({"S": ["A", "B"], "A": [3, 5], "B": ["E", 1], "E": 4})
        >>> t.initial, t.children("A"), t.leaf_value("E")
        ('S', ('A1', 'A2'), 4)
        >>> GameTree.from_labelled({"S": ["A", "B"], "A": [3, 5]})
        Traceback (most recent call last):
          ...
        coursekit.games.gametree.GameTreeError: unknown label 'B' (a child of S)
        """
        if not isinstance(spec, Mapping):
            raise GameTreeError(say("errors.games.tree.labelled_spec", spec=repr(spec)))
        children: dict[str, list[str]] = {}
        values: dict[str, float] = {}
        for label, entry in spec.items():
            label = str(label)
            if isinstance(entry, (list, tuple)):
                children[label] = []
                for i, kid in enumerate(entry):
                    if isinstance(kid, str):
                        children[label].append(kid)
                        continue
                    leaf = f"{label}{i + 1}"
                    if leaf in spec or leaf in values:
                        raise GameTreeError(
                            say("errors.games.tree.label_twice", leaf=leaf, label=label)
                        )
                    values[leaf] = _check_number(kid, f"child {i + 1} of {label}")
                    children[label].append(leaf)
            else:
                values[label] = _check_number(entry, f"node {label}")
        return cls(children, values, root=root, root_label=root_label, static=static)

    @classmethod
    def from_json(cls, text: str) -> GameTree:
        """A tree from JSON: a nested list, or an object with ``"root"`` ("MAX"/"MIN") and
        either ``"tree"`` (nested list) or ``"nodes"`` (labelled spec, optional
        ``"root_label"`` and ``"static"``). :meth:`to_json` writes the second form.

        Raises
        ------
        GameTreeError
            When ``text`` is not a string of valid JSON (line and column given)
            or does not describe a tree.

        See Also
        --------
        to_json, from_labelled, from_nested

        Examples
        --------
        >>> GameTree.from_json('{"root": "MIN", "tree": [[1, 2], [3]]}').root_player
        MIN
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise GameTreeError(say("errors.games.tree.not_json_text", text=repr(text)))
        try:
            data = json.loads(text)
        except RecursionError:
            raise GameTreeError(say("errors.games.tree.json_too_deep")) from None
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            if isinstance(error, UnicodeDecodeError):
                raise GameTreeError(
                    say("errors.games.tree.not_utf8", reason=error.reason)
                ) from None
            raise GameTreeError(
                say(
                    "errors.games.tree.bad_json",
                    line=error.lineno,
                    column=error.colno,
                    reason=error.msg,
                )
            ) from None
        if isinstance(data, list):
            return cls.from_nested(data)
        if not isinstance(data, dict):
            raise GameTreeError(say("errors.games.tree.json_kind"))
        root = _player(data.get("root", "MAX"))
        if "tree" in data:
            return cls.from_nested(data["tree"], root)
        if "nodes" in data:
            return cls.from_labelled(
                data["nodes"], root, root_label=data.get("root_label"), static=data.get("static")
            )
        raise GameTreeError(say("errors.games.tree.json_entry"))

    @classmethod
    def random(
        cls,
        branching: int | tuple[int, int] = 3,
        depth: int = 4,
        seed: int | None = 0,
        order: str = "random",
        values: tuple[int, int] = (-9, 9),
        root: Player = MAX,
    ) -> GameTree:
        """A random uniform-depth tree with whole-number leaf values.

        Parameters
        ----------
        branching : int or (int, int)
            The number of children of every inner node, or a ``(fewest, most)``
            range to draw it from.
        depth : int
            The depth of every leaf (0: the tree is one leaf).
        seed : int or None
            The seed of the random numbers (``None``: a different tree each time).
        order : {"random", "best", "worst"}
            How the children of every node are arranged: as drawn, best first
            for the player to move (the order α-β likes most), or worst first.
        values : (int, int)
            The range ``(low, high)`` of the leaf values, both included.
        root : Player
            The player to move at the root.

        Returns
        -------
        GameTree
            Labelled as :meth:`from_nested` labels.

        Raises
        ------
        GameTreeError
            When an argument is not of the kind described above, or the tree could
            have more than ``MAX_RANDOM_NODES`` nodes.

        See Also
        --------
        from_nested, from_spec, tree_size

        Examples
        --------
        >>> t = GameTree.random(branching=2, depth=3, seed=1, order="best")
        >>> len(t), t.height
        (15, 3)
        >>> GameTree.random(branching=2.5)
        Traceback (most recent call last):
          ...
        coursekit.games.gametree.GameTreeError: branching must be a whole number >= 1 or a \
range (fewest, most) of them, got 2.5
        """
        lo_b, hi_b = _whole_range(branching, "branching", say("errors.tree.expected_branching"), 1)
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_DEPTH:
            raise GameTreeError(say("errors.tree.depth", most=MAX_DEPTH, depth=repr(depth)))
        if order not in ORDERS:
            raise GameTreeError(
                say("errors.tree.order", choices=", ".join(ORDERS), order=repr(order))
            )
        low, high = _whole_range(values, "values", say("errors.tree.expected_values"), None)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise GameTreeError(say("errors.tree.seed", seed=repr(seed)))
        if not isinstance(root, Player):
            raise GameTreeError(say("errors.tree.root", root=repr(root)))
        size = 0
        for d in range(depth + 1):  # stops as soon as the limit is passed
            size += hi_b**d
            if size > MAX_RANDOM_NODES:
                raise GameTreeError(
                    say(
                        "errors.tree.too_big",
                        branching=branching,
                        depth=depth,
                        most=MAX_RANDOM_NODES,
                    )
                )
        nested = _grow(_random.Random(seed), depth, (lo_b, hi_b), (low, high))
        if order != "random":
            nested = _arrange(nested, root, best_first=order == "best")[1]
        return cls.from_nested(nested, root)

    # --- the game --------------------------------------------------------------------------

    def to_move(self, label: str) -> Player:
        """MAX on the root's levels of even depth, MIN on the odd ones (or the other way)."""
        try:
            even = self._depth[label] % 2 == 0
        except (KeyError, TypeError):
            raise GameTreeError(say("errors.tree.no_node", label=repr(label))) from None
        return self.root_player if even else self.root_player.opponent

    def actions(self, label: str) -> tuple[str, ...]:
        """The children's labels, left to right (none at a leaf)."""
        kids = self._children.get(label)
        if kids is None:
            self._require(label)  # a leaf has no moves; an unknown label is an error
            return ()
        return kids

    def result(self, label: str, action: str) -> str:
        if action not in self.actions(label):
            raise GameTreeError(say("errors.tree.not_a_child", action=repr(action), label=label))
        return action

    def is_terminal(self, label: str) -> bool:
        return label not in self._children

    def utility(self, label: str, player: Player = MAX) -> float:
        """The leaf's value for ``player`` (the value itself for MAX)."""
        if label not in self._values:
            raise GameTreeError(say("errors.tree.not_a_leaf", label=label))
        return self._values[label] * player.sign

    def evaluate(self, label: str) -> float:
        """The static value of a node: a leaf's value, or an inner node's given static value."""
        if label in self._values:
            return self._values[label]
        if label in self._static:
            return self._static[label]
        raise GameTreeError(say("errors.tree.no_static", label=label))

    def key(self, label: str) -> str:
        return label

    def to_text(self, label: str) -> str:
        """A node (a state of the game) as text: its label.

        >>> tree = GameTree.from_nested([[3, 12], [2, 4]])
        >>> tree.to_text("C"), tree.parse(" C ")
        ('C', 'C')
        """
        self._require(label)
        return label

    def parse(self, text: str) -> str:
        """The node (a state of the game) named by ``text``: a label of this tree.

        Raises
        ------
        GameTreeError
            When ``text`` names no node of the tree.
        """
        if not isinstance(text, str):
            raise GameTreeError(say("errors.games.tree.not_a_label", text=repr(text)))
        label = text.strip()
        self._require(label)
        return label

    def path_label(self, path: tuple) -> str:
        """The label of the node a search reached by ``path`` (its last move, or the root)."""
        return path[-1] if path else self.initial

    # --- the tree --------------------------------------------------------------------------

    def children(self, label: str) -> tuple[str, ...]:
        """The labels of ``label``'s children (empty for a leaf)."""
        self._require(label)
        return self._children.get(label, ())

    def leaf_value(self, label: str) -> float:
        """The value written at leaf ``label``."""
        self._require(label)
        return self.utility(label, MAX)

    def player(self, label: str) -> Player:
        """The player to move at ``label`` (same as :meth:`to_move`)."""
        self._require(label)
        return self.to_move(label)

    def depth_of(self, label: str) -> int:
        self._require(label)
        return self._depth[label]

    def parent(self, label: str) -> str | None:
        self._require(label)
        return self._parent[label]

    def path_to(self, label: str) -> tuple[str, ...]:
        """The moves from the root to ``label`` (a search's path to that node)."""
        self._require(label)
        path = []
        while self._parent[label] is not None:
            path.append(label)
            label = self._parent[label]
        return tuple(reversed(path))

    @property
    def labels(self) -> tuple[str, ...]:
        """All labels, level by level from the root."""
        return self._labels

    @property
    def leaves(self) -> tuple[str, ...]:
        """The leaves from left to right."""
        return self._leaves

    @property
    def height(self) -> int:
        """The depth of the deepest leaf (0 for a single leaf)."""
        return max(self._depth.values())

    def _require(self, label: str) -> None:
        try:
            known = label in self._depth
        except TypeError:  # unhashable
            known = False
        if not known:
            raise NodeError(say("errors.tree.no_node", label=repr(label)))

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, label: object) -> bool:
        return label in self._depth

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameTree):
            return NotImplemented
        return (
            self.initial == other.initial
            and self.root_player == other.root_player
            and self._children == other._children
            and self._values == other._values
            and self._static == other._static
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return say(
            "printed.game_tree",
            nodes=len(self),
            leaves=len(self.leaves),
            height=self.height,
            player=self.root_player,
            root=self.initial,
        )

    # --- writing ---------------------------------------------------------------------------

    def to_nested(self, label: str | None = None) -> Nested:
        """The tree (or the subtree at ``label``) as nested lists of leaf values."""
        label = self.initial if label is None else label
        self._require(label)
        if label in self._values:
            return self._values[label]
        nested: list = []
        stack = [(label, nested)]  # an explicit stack: trees may be very deep
        while stack:
            node, out = stack.pop()
            for kid in self._children[node]:
                if kid in self._values:
                    out.append(self._values[kid])
                else:
                    out.append([])
                    stack.append((kid, out[-1]))
        return nested

    def to_spec(self) -> str:
        """The whole tree as nested-list text that :meth:`from_spec` reads back.

        One line, or one line per child of the root for deeper trees.

        >>> print(GameTree.from_nested([[3, 12, 8], [2, 4, 6]]).to_spec())
        [[3, 12, 8], [2, 4, 6]]

        See Also
        --------
        to_json : also keeps the labels, the root's player and static values.
        """
        if self.height < 3 or len(self._children.get(self.initial, ())) < 2:
            return _nested_text(self.to_nested())
        lines = [_nested_text(self.to_nested(kid)) for kid in self._children[self.initial]]
        return "[\n  " + ",\n  ".join(lines) + "\n]"

    def to_labelled(self) -> dict[str, Any]:
        """The labelled spec: inner label → list of child labels, leaf label → value."""
        return {
            label: list(self._children[label]) if label in self._children else self._values[label]
            for label in self._order
        }

    def to_json(self) -> str:
        """JSON that :meth:`from_json` reads back into an equal tree."""
        data: dict[str, Any] = {
            "root": self.root_player.value,
            "root_label": self.initial,
            "nodes": self.to_labelled(),
        }
        if self._static:
            data["static"] = self._static
        return json.dumps(data, allow_nan=True)


_CLOSE, _COMMA = object(), object()


def _nested_text(node: Nested) -> str:
    """``[[3, 12], 8]`` written out, with an explicit stack (trees may be very deep)."""
    parts: list[str] = []
    stack: list[Any] = [node]
    while stack:
        item = stack.pop()
        if item is _CLOSE:
            parts.append("]")
        elif item is _COMMA:
            parts.append(", ")
        elif isinstance(item, list):
            parts.append("[")
            stack.append(_CLOSE)
            for i in reversed(range(len(item))):
                stack.append(item[i])
                if i:
                    stack.append(_COMMA)
        elif math.isinf(item):
            parts.append("inf" if item > 0 else "-inf")
        else:
            parts.append(str(item))
    return "".join(parts)


def _player(value: Any) -> Player:
    if isinstance(value, Player):
        return value
    if isinstance(value, str) and value.upper() in ("MAX", "MIN"):
        return MAX if value.upper() == "MAX" else MIN
    raise GameTreeError(say("errors.games.tree.json_root", value=repr(value)))


def _whole_range(value: Any, name: str, expected: str, least: int | None) -> tuple[int, int]:
    """``(low, high)`` from a whole number (when ``least`` is given) or a pair of them."""
    pair = (value, value) if isinstance(value, int) and least is not None else value
    ok = isinstance(pair, (tuple, list)) and len(pair) == 2
    ok = ok and all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
    ok = ok and (least is None or all(v >= least for v in pair))
    if not ok:
        raise GameTreeError(say("errors.must_be", name=name, expected=expected, value=repr(value)))
    low, high = pair
    if low > high:
        raise GameTreeError(say("errors.tree.empty_range", name=name, value=repr(value)))
    return low, high


def _grow(rng: _random.Random, depth: int, branching: tuple, values: tuple) -> Nested:
    """A random nested tree, drawn depth first (an explicit stack: depth is not limited).

    Each inner node draws its number of children, then its subtrees left to
    right: the same draws, in the same order, as the recursive definition.
    """
    top: list = []
    stack = [(top, depth)]
    while stack:
        parent, d = stack.pop()
        if d == 0:
            parent.append(rng.randint(*values))
        else:
            node: list = []
            parent.append(node)
            stack.extend([(node, d - 1)] * rng.randint(*branching))
    return top[0]


def _arrange(node: Nested, player: Player, best_first: bool) -> tuple[float, Nested]:
    """Sort every node's children by their minimax value; return (value, sorted tree).

    Bottom up with an explicit stack: a node is arranged once all its children are.
    """
    if not isinstance(node, list):
        return node, node
    arranged: dict[int, tuple[float, Nested]] = {}  # id of an inner list → (value, sorted)
    stack: list[tuple[list, Player, bool]] = [(node, player, False)]
    while stack:
        item, who, children_done = stack.pop()
        if not children_done:
            stack.append((item, who, True))
            stack.extend((kid, who.opponent, False) for kid in item if isinstance(kid, list))
            continue
        ranked = [arranged.pop(id(kid)) if isinstance(kid, list) else (kid, kid) for kid in item]
        # MAX likes high values, MIN low ones: "best first" is descending at MAX nodes.
        ranked.sort(key=lambda pair: pair[0], reverse=(who is MAX) == best_first)
        values = [value for value, _ in ranked]
        best = max(values) if who is MAX else min(values)
        arranged[id(item)] = (best, [kid for _, kid in ranked])
    return arranged[id(node)]


def tree_size(b: int, m: int) -> tuple[int, int]:
    """Return ``(leaves, nodes)`` of the complete tree: b^m leaves, 1 + b + … + b^m nodes.

    >>> tree_size(3, 2)
    (9, 13)
    """
    for name, value, least in (("b", b, 1), ("m", m, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise GameTreeError(
                say("errors.whole_at_least", name=name, least=least, value=repr(value))
            )
    return b**m, sum(b**d for d in range(m + 1))


def uniform_shape(tree: GameTree) -> tuple[int, int] | None:
    """``(b, d)`` when every inner node of ``tree`` has b children and every leaf is d deep,
    else None (a ragged tree, or a single leaf).

    >>> uniform_shape(GameTree.from_nested([[3, 12], [2, 4]])), uniform_shape(
    ...     GameTree.from_nested([[3, 12], 4]))
    ((2, 2), None)
    """
    widths = {len(tree.children(label)) for label in tree.labels if not tree.is_terminal(label)}
    depths = {tree.depth_of(label) for label in tree.leaves}
    if len(widths) != 1 or len(depths) != 1:
        return None
    return widths.pop(), depths.pop()
