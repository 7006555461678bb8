"""Game trees with chance nodes (机会节点): MAX, MIN and dice, as drawn in chapter 7.

A :class:`ChanceTree` is typed as nested Python values:

- a number is a leaf, valued from MAX's point of view;
- a list is a decision node: the player to move picks one of its children;
- a tuple of ``(probability, child)`` pairs is a chance node: chance picks
  a child with that probability (the probabilities add up to 1).

Decision nodes alternate between MAX and MIN, starting with ``root``;
chance nodes take no turn, so below MAX's move and a roll of the dice it is
MIN's turn, as in backgammon. A state is the path of child indices from the
root (``()`` is the root); at a decision node the actions are the child
indices, at a chance node the outcomes are.

The textbook's example that the scale of the values matters at chance nodes
(two moves, each followed by a roll with probabilities 0.9 and 0.1):

>>> tree = ChanceTree.from_nested([((0.9, 2), (0.1, 3)), ((0.9, 1), (0.1, 4))])
>>> tree.is_chance((0,)), tree.chance_outcomes((0,))
(True, ((0, 0.9), (1, 0.1)))
>>> tree.to_move(()), tree.result((), 1), tree.utility((1, 1))
(MAX, (1,), 4)
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Sequence
from fractions import Fraction
from numbers import Real
from typing import Any

from coursekit.games.base import MAX, GameError, Player
from coursekit.text import say

Path = tuple[int, ...]
MAX_CHANCE_TREE_NODES = 200_000
"""Chance trees larger than this are refused (built or random)."""


class ChanceTreeError(GameError):
    """A chance tree was given in a form it cannot take (a bad probability, a bad node, …)."""


class ChanceTree:
    """A finite game tree with MAX, MIN and chance nodes (see the module docstring).

    It follows the :class:`~coursekit.games.Game` protocol with the chance
    extension (``is_chance``, ``chance_outcomes``).
    """

    def __init__(self, nested: Any, root: Player = MAX) -> None:
        if not isinstance(root, Player):
            raise ChanceTreeError(say("errors.chance.root", root=root))
        self.initial: Path = ()
        self.root_player = root
        self._player: dict[Path, Player] = {}  # decision nodes (and chance nodes: the roller)
        self._children: dict[Path, int] = {}  # inner nodes: how many children
        self._chances: dict[Path, tuple[tuple[int, Any], ...]] = {}  # chance nodes
        self._values: dict[Path, Any] = {}  # leaves
        self._nested = nested
        # an explicit stack: a tree may be deeper than Python's recursion limit
        stack: list[tuple[Path, Any, Player]] = [((), nested, root)]
        while stack:
            path, node, player = stack.pop()
            if len(self._player) >= MAX_CHANCE_TREE_NODES:
                limit = f"{MAX_CHANCE_TREE_NODES:,}"
                raise ChanceTreeError(say("errors.chance.too_many", limit=limit))
            self._player[path] = player
            if isinstance(node, tuple):
                self._chances[path] = _outcomes(node, path)
                self._children[path] = len(node)
                stack.extend(((*path, i), child, player) for i, (_, child) in enumerate(node))
            elif isinstance(node, list):
                if not node:
                    raise ChanceTreeError(say("errors.chance.no_children", path=path))
                self._children[path] = len(node)
                stack.extend(((*path, i), child, player.opponent) for i, child in enumerate(node))
            elif isinstance(node, Real) and not isinstance(node, bool):
                self._values[path] = node
            else:
                raise ChanceTreeError(say("errors.chance.bad_node", path=path, node=node))

    @classmethod
    def from_nested(cls, nested: Any, root: Player = MAX) -> ChanceTree:
        """The tree typed as nested values (the module docstring)."""
        return cls(nested, root)

    @classmethod
    def random(
        cls,
        depth: int = 3,
        *,
        branching: int = 2,
        outcomes: int = 2,
        chance: float = 0.5,
        leaf: float = 0.0,
        values: tuple[int, int] = (-9, 9),
        seed: int | None = 0,
        root: Player = MAX,
    ) -> ChanceTree:
        """A random tree: each inner node is a chance node with probability ``chance``.

        Parameters
        ----------
        depth : int
            The deepest level (0: one leaf).
        branching, outcomes : int
            Children of a decision node (1 … ``branching``) and of a chance node
            (2 … ``outcomes``).
        chance : float
            The probability that an inner node (the root included) is a chance node.
        leaf : float
            The probability that a node above ``depth`` is a leaf (a ragged tree).
        values : (int, int)
            The range of the whole-number leaf values.
        seed : int or None
            The seed of the random numbers.
        root : Player
            The player to move at the root's decision level.

        Returns
        -------
        ChanceTree
            Probabilities are exact fractions, so expected values are exact too.

        Raises
        ------
        ChanceTreeError
            When a number is out of its range.

        Examples
        --------
        >>> t = ChanceTree.random(2, branching=2, outcomes=2, chance=1.0, seed=1)
        >>> t.is_chance(()), sum(p for _, p in t.chance_outcomes(()))
        (True, Fraction(1, 1))
        """
        for name, number, low in (("depth", depth, 0), ("branching", branching, 1),
                                  ("outcomes", outcomes, 2)):  # fmt: skip
            if isinstance(number, bool) or not isinstance(number, int) or number < low:
                raise ChanceTreeError(
                    say("errors.search.whole_at_least", name=name, least=low, value=number)
                )
        for name, p in (("chance", chance), ("leaf", leaf)):
            if isinstance(p, bool) or not isinstance(p, Real) or not 0 <= p <= 1:
                raise ChanceTreeError(say("errors.chance.probability", name=name, value=p))
        if max(branching, outcomes) ** depth > MAX_CHANCE_TREE_NODES:
            children, limit = max(branching, outcomes), f"{MAX_CHANCE_TREE_NODES:,}"
            raise ChanceTreeError(
                say("errors.chance.too_large", depth=depth, children=children, limit=limit)
            )
        rng = _random.Random(seed)

        def grow(level: int) -> Any:
            if level == depth or (level > 0 and rng.random() < leaf):
                return rng.randint(*values)
            if rng.random() < chance:
                weights = [rng.randint(1, 4) for _ in range(rng.randint(2, outcomes))]
                total = sum(weights)
                return tuple((Fraction(w, total), grow(level + 1)) for w in weights)
            return [grow(level + 1) for _ in range(rng.randint(1, branching))]

        return cls(grow(0), root)

    # --- the game ------------------------------------------------------------------------

    def to_move(self, state: Path) -> Player:
        """The player to move; at a chance node, the player who moved last before it."""
        self._require(state)
        return self._player[state]

    def actions(self, state: Path) -> range:
        """The child indices of a decision node (none at a leaf or a chance node)."""
        self._require(state)
        return range(0 if state in self._chances else self._children.get(state, 0))

    def is_chance(self, state: Path) -> bool:
        """True at a chance node."""
        return state in self._chances

    def chance_outcomes(self, state: Path) -> tuple[tuple[int, Any], ...]:
        """``(outcome, probability)`` pairs of a chance node, the outcome a child index."""
        self._require(state)
        return self._chances.get(state, ())

    def result(self, state: Path, action: int) -> Path:
        """The child ``action`` (an index) of ``state``."""
        child = (*state, action)
        self._require(child)
        return child

    def is_terminal(self, state: Path) -> bool:
        """True at a leaf."""
        self._require(state)
        return state in self._values

    def utility(self, state: Path, player: Player = MAX) -> Any:
        """A leaf's value for ``player`` (the tree holds MAX's)."""
        if state not in self._values:
            raise ChanceTreeError(say("errors.chance.not_a_leaf", state=state))
        return self._values[state] * player.sign

    def kind(self, state: Path) -> str:
        """``"chance"``, ``"leaf"`` or the player to move (``"MAX"``/``"MIN"``)."""
        if state in self._chances:
            return "chance"
        return "leaf" if self.is_terminal(state) else self._player[state].value

    # --- the tree as a whole ---------------------------------------------------------------

    def to_nested(self) -> Any:
        """The nested values the tree was made from."""
        return self._nested

    def map_values(self, f: Callable[[Any], Any]) -> ChanceTree:
        """The same tree with every leaf value ``v`` replaced by ``f(v)``.

        >>> tree = ChanceTree.from_nested([1, ((0.5, 2), (0.5, 3))])
        >>> tree.map_values(lambda v: v * v).to_nested()
        [1, ((0.5, 4), (0.5, 9))]
        """

        def mapped(node: Any) -> Any:
            if isinstance(node, tuple):
                return tuple((p, mapped(child)) for p, child in node)
            if isinstance(node, list):
                return [mapped(child) for child in node]
            return f(node)

        return ChanceTree(mapped(self._nested), self.root_player)

    @property
    def states(self) -> tuple[Path, ...]:
        """Every node's path, parents before children."""
        return tuple(sorted(self._player, key=lambda p: (len(p), p)))

    def __len__(self) -> int:
        return len(self._player)

    def __repr__(self) -> str:
        return f"<ChanceTree of {len(self)} nodes, {len(self._chances)} chance nodes>"

    def _require(self, state: Any) -> None:
        if state not in self._player:
            raise ChanceTreeError(say("errors.chance.no_node", state=state))


def _outcomes(node: Sequence, path: Path) -> tuple[tuple[int, Any], ...]:
    """The ``(index, probability)`` pairs of a chance node, checked."""
    if len(node) < 1 or not all(isinstance(pair, tuple) and len(pair) == 2 for pair in node):
        raise ChanceTreeError(say("errors.chance.pairs", path=path))
    probabilities = [p for p, _ in node]
    if any(isinstance(p, bool) or not isinstance(p, Real) or p < 0 for p in probabilities):
        problem = say("errors.chance.bad_probability", path=path, probabilities=probabilities)
        raise ChanceTreeError(problem)
    if abs(sum(probabilities) - 1) > 1e-9:
        raise ChanceTreeError(say("errors.chance.sum", path=path, total=sum(probabilities)))
    return tuple((i, p) for i, p in enumerate(probabilities))
