"""Monte Carlo tree search (蒙特卡洛树搜索) with UCT: values from random playouts, no e(p).

Each iteration grows a tree from the root in four steps (Kocsis and
Szepesvári, "Bandit based Monte-Carlo planning", ECML 2006; Browne et al.,
"A Survey of Monte Carlo Tree Search Methods", 2012; Russell and Norvig §5.4):

1. **Selection** — from the root, while the node is fully expanded and the
   game not over, go to the child with the largest UCB1 value
   ``U(n) / N(n) + c · sqrt(ln N(parent) / N(n))``, where ``U(n)`` counts the
   wins (a draw: ½) of the player who chose ``n`` and ``N(n)`` its visits: the
   first term exploits, the second explores;
2. **Expansion** — add one untried child (chosen at random);
3. **Simulation** — a playout (模拟) of random moves from it to the end of the game;
4. **Back-propagation** — add 1 to ``N`` and the result to ``U`` of every node
   on the path, each from the point of view of the player who chose it.

The move played is the root's most visited child. The search is *anytime*:
stop it after ``playouts`` iterations or ``seconds`` of time, whichever
comes first; more work gives a better estimate. With ``seed=`` it is
reproducible (with a clock, how far it gets depends on the machine).

>>> from coursekit.games import TicTacToe
>>> game = TicTacToe()
>>> s = game.parse("XX. / OO. / ...")       # X to move: 2 wins at once
>>> r = mcts(game, s, playouts=300, seed=1)
>>> r.move, r.algorithm
(2, 'MCTS (UCT)')
>>> again = mcts(game, s, playouts=300, seed=1)   # the same seed, the same search
>>> (again.pv, again.children) == (r.pv, r.children)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, overload

from coursekit.games.base import MAX, Game
from coursekit.search.core import SearchError, check_position
from coursekit.search.registry import register
from coursekit.search.result import SearchResult, Stats
from coursekit.text import say

DEFAULT_PLAYOUTS = 1_000
"""Iterations when neither ``playouts`` nor ``seconds`` is given."""

UCT_C = math.sqrt(2)
"""The exploration constant c of UCB1 for rewards in [0, 1] (Kocsis and Szepesvári)."""


def ucb1(wins: float, visits: int, parent_visits: int, c: float = UCT_C) -> float:
    """UCB1 of a child: its mean result plus the exploration term,
    ``wins / visits + c · sqrt(ln parent_visits / visits)``.

    Parameters
    ----------
    wins : float
        The child's wins (a draw ½) for the player who chose it.
    visits : int
        The child's visits (1 or more).
    parent_visits : int
        The parent's visits (1 or more).
    c : float
        The exploration constant (√2 by default).

    Raises
    ------
    SearchError
        When a count is not a whole number >= 1.

    Examples
    --------
    >>> round(ucb1(2, 3, 10), 3), round(ucb1(1, 2, 10), 3)   # fewer visits: a larger bonus
    (1.906, 2.017)
    """
    for name, count in (("visits", visits), ("parent_visits", parent_visits)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise SearchError(say("errors.search.whole_at_least", name=name, least=1, value=count))
    return wins / visits + c * math.sqrt(math.log(parent_visits) / visits)


class ChildScore(NamedTuple):
    """One child as selection saw it: its counts and its UCB1 value."""

    move: Any
    visits: int
    wins: float
    """Wins (draws ½) of the player who chose this child."""
    ucb: float
    """``wins / visits + c · sqrt(ln N(parent) / visits)``."""


class Count(NamedTuple):
    """A node's counts after back-propagation."""

    path: tuple
    visits: int
    wins: float


class MCTSStep(NamedTuple):
    """One iteration of MCTS, as a step-through draws it."""

    selected: tuple
    """The path chosen by selection, from the root (``()``: the root itself)."""
    choices: tuple[tuple[ChildScore, ...], ...]
    """At each node of the selected path but the last: every child's counts and UCB1."""
    expanded: tuple | None
    """The path of the child added by expansion (``None``: the game was over there)."""
    playout: tuple
    """The random moves played from the expanded node to the end of the game."""
    reward: float
    """The playout's result for MAX: 1 a win, ½ a draw, 0 a loss."""
    counts: tuple[Count, ...]
    """The counts of every node on the path after back-propagation, the root's first."""

    @property
    def started(self) -> tuple:
        """The node whose playout this was: the expanded child, or the finished game reached."""
        return self.selected if self.expanded is None else self.expanded


class MCTSTrace(Sequence[MCTSStep]):
    """The iterations of one MCTS run, in order (the registry's trace kind ``"mcts"``)."""

    def __init__(self, steps: list[MCTSStep] | None = None) -> None:
        self.steps: list[MCTSStep] = [] if steps is None else steps

    def __len__(self) -> int:
        return len(self.steps)

    @overload
    def __getitem__(self, index: int) -> MCTSStep: ...
    @overload
    def __getitem__(self, index: slice) -> MCTSTrace: ...
    def __getitem__(self, index: int | slice) -> MCTSStep | MCTSTrace:
        if isinstance(index, slice):
            return MCTSTrace(self.steps[index])
        return self.steps[index]

    def __iter__(self) -> Iterator[MCTSStep]:
        return iter(self.steps)

    def __repr__(self) -> str:
        return f"<MCTSTrace of {len(self.steps)} iterations>"

    def counts(self, step: int | None = None) -> dict[tuple, Count]:
        """Every node's counts after the first ``step`` iterations (all when ``None``)."""
        known: dict[tuple, Count] = {}
        for it in self.steps[:step]:
            for count in it.counts:
                known[count.path] = count
        return known


@dataclass(frozen=True)
class MCTSResult(SearchResult):
    """A :class:`SearchResult` of MCTS: ``value`` is an estimate in [−1, 1] for MAX (the
    chosen child's mean result, a win 1, a draw 0, a loss −1); ``stats.nodes`` counts the
    tree's nodes, ``stats.leaves`` the playouts; ``trace`` is an :class:`MCTSTrace`."""

    children: tuple[ChildScore, ...] = ()
    """The root's children at the end, in the order they were expanded."""

    timed_out: bool = False
    """True when the clock, not the number of playouts, stopped the search."""


@register(
    "MCTS (UCT)",
    chapter=7,
    description="random playouts guide a growing tree: UCB1 selection, anytime",
    depth=False,
    clock=True,
    evaluation=False,
    trace="mcts",
    exact=False,
)
def mcts(
    game: Game,
    state: Any = None,
    *,
    playouts: int | None = None,
    seconds: float | None = None,
    c: float = UCT_C,
    seed: int | None = None,
    trace: bool = False,
) -> MCTSResult:
    """Search ``game`` from ``state`` by Monte Carlo tree search with UCT.

    Parameters
    ----------
    game : Game
        A deterministic :class:`~coursekit.games.Game` (no chance nodes).
    state : optional
        Where the search starts; ``game.initial`` when ``None``.
    playouts : int or None
        Iterations to run (1 or more); :data:`DEFAULT_PLAYOUTS` when neither
        ``playouts`` nor ``seconds`` is given.
    seconds : float or None
        Stop when this much time has passed (after the iteration running).
    c : float
        The exploration constant of UCB1 (0: pure exploitation).
    seed : int or None
        The seed of the random choices (``None``: a different search each time).
    trace : bool
        Record every iteration (:class:`MCTSStep`).

    Returns
    -------
    MCTSResult
        ``move`` the most visited child of the root, ``pv`` the most visited
        line, ``value`` the estimate for MAX, ``children`` the root's counts.

    Raises
    ------
    SearchError
        When ``game`` is not a game, ``state`` not one of its positions or already
        finished, the game has chance nodes, or a number is out of range.
    """
    root = check_position(game, state)
    budget, seconds = _budget(playouts, seconds)
    if isinstance(c, bool) or not isinstance(c, (int, float)) or not c >= 0:
        raise SearchError(say("errors.search.at_least_zero", name="c", value=c))
    if getattr(game, "is_chance", None) is not None:
        raise SearchError(say("errors.search.mcts_chance", game=game))
    if game.is_terminal(root):
        raise SearchError(say("errors.search.game_over"))
    return _Tree(game, root, c, random.Random(seed), trace).run(budget, seconds)


def _budget(playouts: Any, seconds: Any) -> tuple[int | None, float | None]:
    if playouts is not None and (
        isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1
    ):
        raise SearchError(
            say("errors.search.whole_or_none", name="playouts", least=1, value=playouts)
        )
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0
    ):
        raise SearchError(say("errors.search.positive_or_none", name="seconds", value=seconds))
    if playouts is None and seconds is None:
        playouts = DEFAULT_PLAYOUTS
    return playouts, seconds


class _Tree:
    """The search tree, one list entry per node (node 0 is the root): no object per node."""

    def __init__(self, game: Game, root: Any, c: float, rng: random.Random, traced: bool):
        self.game, self.c, self.rng = game, c, rng
        self.state: list[Any] = []
        self.parent: list[int] = []
        self.move: list[Any] = []
        self.children: list[list[int]] = []
        self.untried: list[list[Any]] = []
        self.visits: list[int] = []
        self.wins: list[float] = []  # for the player who chose the node (the parent's mover)
        self.max_chose: list[bool] = []  # was that player MAX?
        self.depth: list[int] = []
        self.trace: MCTSTrace | None = MCTSTrace() if traced else None
        self._add(root, parent=-1, move=None)

    def _add(self, state: Any, parent: int, move: Any) -> int:
        game = self.game
        untried = [] if game.is_terminal(state) else list(game.actions(state))
        self.rng.shuffle(untried)  # expansion pops from the end: a random untried move
        self.state.append(state)
        self.parent.append(parent)
        self.move.append(move)
        self.children.append([])
        self.untried.append(untried)
        self.visits.append(0)
        self.wins.append(0.0)
        self.max_chose.append(parent >= 0 and game.to_move(self.state[parent]) is MAX)
        self.depth.append(0 if parent < 0 else self.depth[parent] + 1)
        if parent >= 0:
            self.children[parent].append(len(self.state) - 1)
        return len(self.state) - 1

    def run(self, playouts: int | None, seconds: float | None) -> MCTSResult:
        """Iterate until the budget is spent; the result."""
        started = time.perf_counter()
        deadline = None if seconds is None else started + seconds
        done, timed_out = 0, False
        while playouts is None or done < playouts:
            if deadline is not None and done and time.perf_counter() >= deadline:
                timed_out = True
                break
            self.iterate()
            done += 1
        return self._result(done, timed_out, time.perf_counter() - started)

    def iterate(self) -> None:
        """One iteration: selection, expansion, simulation, back-propagation."""
        traced = self.trace is not None
        node, choices = self.select(traced)
        selected = node
        if self.untried[node]:
            node = self.expand(node)
        moves, reward = self.simulate(self.state[node], traced)
        self.backpropagate(node, reward)
        if traced:
            path = self.path(node)
            self.trace.steps.append(
                MCTSStep(
                    selected=self.path(selected),
                    choices=tuple(choices),
                    expanded=None if node == selected else path,
                    playout=tuple(moves),
                    reward=reward,
                    counts=tuple(
                        Count(path[:k], self.visits[n], self.wins[n])
                        for k, n in enumerate(self.line_of(node))
                    ),
                )
            )

    def select(self, traced: bool) -> tuple[int, list[tuple[ChildScore, ...]]]:
        """Selection: follow the best UCB1 child while the node is fully expanded."""
        choices: list[tuple[ChildScore, ...]] = []
        node = 0
        children, untried, visits, wins = self.children, self.untried, self.visits, self.wins
        c = self.c
        while not untried[node] and children[node]:
            log_n = math.log(visits[node])
            best, best_ucb = -1, -math.inf
            for child in children[node]:
                ucb = wins[child] / visits[child] + c * math.sqrt(log_n / visits[child])
                if ucb > best_ucb:
                    best, best_ucb = child, ucb
            if traced:
                choices.append(tuple(self._score(child, log_n) for child in children[node]))
            node = best
        return node, choices

    def _score(self, child: int, log_n: float) -> ChildScore:
        n, w = self.visits[child], self.wins[child]
        return ChildScore(self.move[child], n, w, w / n + self.c * math.sqrt(log_n / n))

    def expand(self, node: int) -> int:
        """Expansion: add one untried child of ``node`` (a random one)."""
        move = self.untried[node].pop()
        return self._add(self.game.result(self.state[node], move), node, move)

    def simulate(self, state: Any, traced: bool) -> tuple[list[Any], float]:
        """Simulation: random moves to the end of the game; the result for MAX (1, ½ or 0)."""
        game, choice = self.game, self.rng.choice
        is_terminal, actions, result = game.is_terminal, game.actions, game.result
        moves: list[Any] = []
        while not is_terminal(state):
            move = choice(actions(state))
            if traced:
                moves.append(move)
            state = result(state, move)
        u = game.utility(state, MAX)
        return moves, 1.0 if u > 0 else 0.0 if u < 0 else 0.5

    def backpropagate(self, node: int, reward: float) -> None:
        """Back-propagation: one more visit and the result, for whoever chose each node."""
        visits, wins, max_chose, parent = self.visits, self.wins, self.max_chose, self.parent
        while node >= 0:
            visits[node] += 1
            wins[node] += reward if max_chose[node] else 1.0 - reward
            node = parent[node]

    def line_of(self, node: int) -> list[int]:
        """The nodes from the root to ``node``."""
        line = []
        while node >= 0:
            line.append(node)
            node = self.parent[node]
        return line[::-1]

    def path(self, node: int) -> tuple:
        """The moves from the root to ``node``."""
        return tuple(self.move[n] for n in self.line_of(node)[1:])

    def most_visited(self, node: int) -> int | None:
        """The child of ``node`` with the most visits (the first expanded among equals)."""
        best = None
        for child in self.children[node]:
            if best is None or self.visits[child] > self.visits[best]:
                best = child
        return best

    def _result(self, done: int, timed_out: bool, seconds: float) -> MCTSResult:
        pv, node = [], self.most_visited(0)
        while node is not None:
            pv.append(self.move[node])
            node = self.most_visited(node)
        best = self.most_visited(0)
        mean = self.wins[best] / self.visits[best]  # for the root's mover
        max_mean = mean if self.max_chose[best] else 1 - mean
        log_n = math.log(self.visits[0])
        return MCTSResult(
            value=2 * max_mean - 1,
            pv=tuple(pv),
            stats=Stats(nodes=len(self.state), leaves=done, depth=max(self.depth), seconds=seconds),
            trace=self.trace,
            algorithm="MCTS (UCT)",
            game=self.game,
            state=self.state[0],
            children=tuple(self._score(child, log_n) for child in self.children[0]),
            timed_out=timed_out,
        )
