"""What every depth-first game-tree search shares: limits, leaf values, move generation.

An algorithm builds one :class:`Search` per call. It turns the common
options into three small functions chosen once, before the search starts:

- :attr:`Search.cutoff_test` — CUTOFF-TEST(s, d): stop here? (a terminal
  position, the depth limit reached, or the caller's own ``cutoff``);
- :attr:`Search.eval` — the value of a node where the search stops: UTILITY
  for finished games, the static evaluation e(p) otherwise;
- :attr:`Search.moves` — the actions to try, ordered and, with
  ``symmetry=True``, one action per class of symmetric results.

and it makes the :class:`~coursekit.search.result.Trace` (only when asked
for) and the final :class:`~coursekit.search.result.SearchResult`.

Writing another algorithm (α-β, negamax, …) follows :func:`~coursekit.search.minimax`:

1. ``search = Search(game, state, depth=…, …, trace=trace, algorithm="name")``;
2. take ``search.cutoff_test``, ``search.eval`` and ``search.moves`` into local
   names and count ``nodes``, ``leaves`` (and ``cutoffs``, ``tt_hits``) in local
   variables;
3. add events only under ``if traced:`` (with ``traced = search.trace is not
   None`` decided once), building paths only then, values from MAX's side;
4. return ``search.result(value, pv, nodes=…, leaves=…, depth=…, cutoffs=…)``
   and list the function with ``@register(name, chapter=N)``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from numbers import Real
from typing import Any

from coursekit.errors import CoursekitError
from coursekit.games.base import MAX, Game
from coursekit.games.gametree import GameTree
from coursekit.search.result import SearchResult, Stats, Trace
from coursekit.text import say

State = Any
Action = Any
Evaluate = Callable[[State], float]
Cutoff = Callable[[State, int], bool]
Order = Callable[[State, Sequence[Action]], Sequence[Action]]


class SearchError(CoursekitError):
    """A search was asked for something it cannot do (e.g. a depth limit without e(p))."""


def distinct_actions(game: Game, state: State, actions: Sequence[Action]) -> list[Action]:
    """Keep one action per class of symmetric results, judged by ``game.key``.

    The course counts symmetric positions as one: from the empty tic-tac-toe
    board only three first moves stay (corner, edge, centre).

    >>> from coursekit.games import TicTacToe
    >>> game = TicTacToe()
    >>> distinct_actions(game, game.initial, game.actions(game.initial))
    [0, 1, 4]
    """
    key = getattr(game, "key", None)
    if key is None:
        raise SearchError(say("errors.search.no_key", game=game))
    seen: set[Hashable] = set()
    kept = []
    for action in actions:
        k = key(game.result(state, action))
        if k not in seen:
            seen.add(k)
            kept.append(action)
    return kept


_GAME_METHODS = ("to_move", "actions", "result", "is_terminal", "utility")


def check_position(game: Game, state: State = None) -> State:
    """The position to search from: ``state``, or ``game.initial`` when ``None``.

    Checked once, at the root, so that a wrong argument is named at once
    instead of failing deep inside a search.

    Raises
    ------
    SearchError
        When ``game`` lacks a method of the :class:`~coursekit.games.Game`
        protocol, or ``state`` is not a position of that game (not of the
        type of ``game.initial``, or refused by the game).

    >>> from coursekit.games import GameTree
    >>> check_position(GameTree.from_nested([1, 2]), "Z")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    coursekit.search.core.SearchError: state 'Z' is not a position of ...: the tree has no node 'Z'
    """
    if isinstance(game, type):
        raise SearchError(say("errors.search.game_class", name=game.__name__))
    missing = [name for name in ("initial", *_GAME_METHODS) if not hasattr(game, name)]
    if missing:
        raise SearchError(say("errors.search.not_a_game", game=game, missing=", ".join(missing)))
    if state is None:
        return game.initial
    if not isinstance(state, type(game.initial)):
        kind = type(game.initial).__name__
        raise SearchError(say("errors.search.state_type", game=game, kind=kind, state=state))
    try:
        game.to_move(state)
        game.is_terminal(state)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as error:
        reason = error.args[0] if error.args else type(error).__name__
        problem = say("errors.search.state_refused", state=state, game=game, reason=reason)
        raise SearchError(problem) from None
    return state


class Search:
    """The shared set-up of one search call (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        state: State = None,
        *,
        depth: int | None = None,
        evaluate: Evaluate | None = None,
        cutoff: Cutoff | None = None,
        order: Order | None = None,
        symmetry: bool = False,
        trace: bool = False,
        algorithm: str = "",
    ) -> None:
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)):
            raise SearchError(say("errors.search.depth_type", depth=depth))
        if depth is not None and depth < 0:
            raise SearchError(say("errors.search.depth_negative", depth=depth))
        for name, function in (("evaluate", evaluate), ("cutoff", cutoff), ("order", order)):
            if function is not None and not callable(function):
                raise SearchError(say("errors.search.not_a_function", name=name, function=function))
        self.game = game
        self.root = check_position(game, state)
        self.depth = depth
        self.algorithm = algorithm
        self.trace: Trace | None = None
        if trace:
            words = getattr(game, "move_text", str)
            self.trace = Trace(name=getattr(game, "path_label", None), move_text=words)
        self.cutoff_test: Cutoff = self._make_cutoff_test(depth, cutoff)
        self.eval: Evaluate = self._make_eval(evaluate, limited=depth is not None or bool(cutoff))
        self.moves: Callable[[State], Sequence[Action]] = self._make_moves(order, symmetry)
        self._evaluate, self._order, self._cutoff = evaluate, order, cutoff
        self._symmetry = symmetry
        self._started = time.perf_counter()

    def _make_cutoff_test(self, depth: int | None, cutoff: Cutoff | None) -> Cutoff:
        is_terminal = self.game.is_terminal
        if depth is None and cutoff is None:
            return lambda state, ply: is_terminal(state)
        if cutoff is None:
            return lambda state, ply: ply >= depth or is_terminal(state)
        if depth is None:
            return lambda state, ply: is_terminal(state) or cutoff(state, ply)
        return lambda state, ply: ply >= depth or is_terminal(state) or cutoff(state, ply)

    def _make_eval(self, evaluate: Evaluate | None, limited: bool) -> Evaluate:
        game = self.game
        utility = game.utility
        if not limited:  # every leaf is a finished game
            return lambda state: utility(state, MAX)
        static = evaluate or getattr(game, "evaluate", None)
        if static is None:
            raise SearchError(say("errors.search.needs_evaluation", game=game))
        is_terminal = game.is_terminal
        name = "evaluate" if evaluate else "game.evaluate"

        def leaf_value(state: State) -> float:
            if is_terminal(state):
                return utility(state, MAX)
            value = static(state)
            if value != value:  # only NaN differs from itself; every comparison with it is False
                raise SearchError(_not_a_number(name, static, state_text(game, state), value))
            return value

        return leaf_value

    def _make_moves(self, order: Order | None, symmetry: bool) -> Callable[[State], Sequence]:
        game = self.game
        actions = game.actions
        if symmetry:
            if getattr(game, "key", None) is None:
                raise SearchError(say("errors.search.no_key", game=game))
            if order is None:
                return lambda state: distinct_actions(game, state, actions(state))
            return lambda state: distinct_actions(game, state, order(state, actions(state)))
        if order is None:
            return actions
        return lambda state: order(state, actions(state))

    def outcome_and_successors(
        self,
    ) -> tuple[Callable[[State], float | None], Callable[[State], Iterable[tuple[Action, State]]]]:
        """The two functions a search to the end of the game without a trace can make do with.

        - ``outcome(state)``: UTILITY from MAX's side if the game is over in
          ``state``, else ``None`` (TERMINAL-TEST and UTILITY in one call);
        - ``successors(state)``: the pairs ``(a, RESULT(state, a))`` for the moves
          ``a`` to try, in order (ACTIONS and every RESULT in one call; an iterable,
          which may make them one at a time, as a generator does).

        They are the game's own optional ``outcome`` and ``successors`` when it
        has them (``successors`` only when neither ``order`` nor ``symmetry``
        changes the moves), else they are built from the protocol's methods:
        the answers are the same, a game's own are only cheaper. A game's own is
        not used when a method it stands for was redefined below it (a subclass
        with its own ``utility`` but the inherited ``outcome``; an instance whose
        ``result`` was replaced): see :func:`_shortcut`.

        >>> from coursekit.games import GameTree
        >>> search = Search(GameTree.from_nested([[3, 12], [2, 4]]))
        >>> outcome, successors = search.outcome_and_successors()
        >>> outcome("A"), outcome("B1"), list(successors("A"))
        (None, 3, [('B', 'B'), ('C', 'C')])
        """
        game = self.game
        outcome = _shortcut(game, "outcome", ("is_terminal", "utility"))
        if outcome is None:
            is_terminal, utility = game.is_terminal, game.utility

            def outcome(state: State) -> float | None:
                return utility(state, MAX) if is_terminal(state) else None

        successors = _shortcut(game, "successors", ("actions", "result"))
        if successors is None or self._order is not None or self._symmetry:
            moves, result = self.moves, game.result

            def successors(state: State) -> Iterator[tuple[Action, State]]:
                for action in moves(state):
                    yield action, result(state, action)

        return outcome, successors

    def explain(self, error: TypeError) -> SearchError:
        """The SearchError to raise for a ``TypeError`` met inside the search (the rare path).

        The search loops never check types: a string or ``None`` from e(p), or an
        ``order`` of the wrong shape, shows up as a ``TypeError`` somewhere inside.
        Only then is the culprit looked for: ``order`` and ``cutoff`` called once at
        the root, and the leaves of the first few hundred nodes valued again, each
        value checked.
        """
        game, root = self.game, self.root
        if self._order is not None:
            problem = _order_problem(self._order, root, list(game.actions(root)))
            if problem:
                return SearchError(problem)
        if self._cutoff is not None:
            try:
                self._cutoff(root, 0)
            except TypeError as failure:
                return SearchError(say("errors.search.cutoff_failed", error=failure))
        try:
            problem = self._first_bad_leaf()
        except TypeError:  # the game or the cutoff itself fails: say so below
            problem = None
        if problem:
            return SearchError(problem)
        return SearchError(say("errors.search.type_error", game=game, error=error))

    def _first_bad_leaf(self, budget: int = 500) -> str | None:
        """Value the first ``budget`` nodes' leaves again, depth first: the first non-number."""
        game = self.game
        evaluate = self._evaluate or getattr(game, "evaluate", None)
        limited = self.depth is not None or self._cutoff is not None
        stack = [(self.root, 0)]
        while stack and budget > 0:
            state, ply = stack.pop()
            budget -= 1
            if self.cutoff_test(state, ply):
                if game.is_terminal(state) or not limited:
                    name, value = "game.utility", game.utility(state, MAX)
                else:
                    name = "evaluate" if self._evaluate else "game.evaluate"
                    try:
                        value = evaluate(state)
                    except TypeError as error:
                        shown = state_text(game, state)
                        return say(
                            "errors.search.leaf_type_error", name=name, error=error, state=shown
                        )
                if isinstance(value, bool) or not isinstance(value, Real):
                    return say(
                        "errors.search.leaf_not_number",
                        name=name,
                        value=value,
                        kind=type(value).__name__,
                        state=state_text(game, state),
                    )
                continue
            children = [game.result(state, a) for a in game.actions(state)]
            stack.extend((child, ply + 1) for child in reversed(children))
        return None

    def result(
        self,
        value: float,
        pv: Sequence[Action],
        *,
        nodes: int,
        leaves: int,
        depth: int,
        cutoffs: int = 0,
        tt_hits: int = 0,
    ) -> SearchResult:
        """Wrap up: the :class:`SearchResult` with statistics and the trace (if any)."""
        stats = Stats(
            nodes=nodes,
            leaves=leaves,
            cutoffs=cutoffs,
            tt_hits=tt_hits,
            depth=depth,
            seconds=time.perf_counter() - self._started,
        )
        return SearchResult(
            value=value,
            pv=tuple(pv),
            stats=stats,
            trace=self.trace,
            algorithm=self.algorithm,
            depth_limit=self.depth,
            game=self.game,
            state=self.root,
        )


def _shortcut(game: Game, name: str, stands_for: tuple[str, ...]) -> Callable | None:
    """The game's optional member ``name``, unless a method it stands for was redefined below it.

    ``outcome`` answers ``is_terminal`` and ``utility`` at once: a subclass that
    changes ``utility`` (a game valued ±1 instead of ±∞) and inherits ``outcome``
    would get the old values from it. So the member is used only if it was
    defined where each method of ``stands_for`` was, or below (in a subclass,
    or on the instance itself); else ``None``, and the search builds it from
    those methods.

    >>> from coursekit.games import MAX, TicTacToe
    >>> class Unit(TicTacToe):  # the same game valued +1 / 0 / −1
    ...     def utility(self, state, player=MAX):
    ...         return max(-1, min(1, super().utility(state, player)))
    >>> _shortcut(TicTacToe(), "outcome", ("is_terminal", "utility")) is not None
    True
    >>> _shortcut(Unit(), "outcome", ("is_terminal", "utility")) is None
    True
    """
    member = getattr(game, name, None)
    if member is None:
        return None
    own = getattr(game, "__dict__", {})
    classes = type(game).__mro__

    def depth(attribute: str) -> int:
        """0: set on the instance; 1, 2, …: defined in its class, that class's base, …"""
        if attribute in own:
            return 0
        return next((i for i, cls in enumerate(classes, 1) if attribute in vars(cls)), len(classes))

    here = depth(name)
    return member if all(here <= depth(other) for other in stands_for) else None


def unroll(line: tuple | None) -> list[Action]:
    """Turn a linked line ``(a1, (a2, (a3, None)))`` into the list ``[a1, a2, a3]``."""
    moves = []
    while line is not None:
        action, line = line
        moves.append(action)
    return moves


def state_text(game: Game, state: State) -> str:
    """``state`` for an error message: its repr, and the board when the game can draw one."""
    to_text = getattr(game, "to_text", None)
    if to_text is None or isinstance(game, GameTree):
        return repr(state)
    try:
        board = to_text(state)
    except Exception:  # a message must never fail: without the board, then
        return repr(state)
    return f"{state!r}:\n{board}" if "\n" in board else f"{state!r} ({board})"


def _not_a_number(name: str, function: Callable, state: str, value: Any) -> str:
    what = getattr(function, "__qualname__", None) or repr(function)
    return say("errors.search.nan", name=name, what=what, value=value, state=state)


def _order_problem(order: Callable, state: State, actions: list) -> str | None:
    """What is wrong with ``order`` (called once, on ``state``'s moves), or None."""
    try:
        ordered = order(state, list(actions))
    except TypeError as error:
        return say("errors.search.order_failed", error=error)
    try:
        same = isinstance(ordered, Sequence) and sorted(map(repr, ordered)) == sorted(
            map(repr, actions)
        )
    except TypeError:
        same = False
    if not same:
        return say("errors.search.order_changed", actions=actions, ordered=ordered)
    return None


SEARCH_LIMIT = 10_000_000
"""The most nodes a search of the whole game may be expected to visit without ``force=True``
(about half a minute at a few microseconds a node)."""


def estimate_tree_nodes(game: Game, state: State, *, samples: int = 50, seed: int = 0) -> float:
    """Knuth's (1975) estimate of the number of nodes of the game tree below ``state``.

    Play ``samples`` random games; each gives 1 + b₁ + b₁b₂ + b₁b₂b₃ + …, where bᵢ is
    the number of moves at the i-th position of that game (each level of the tree
    is as wide as the product of the branchings above it). The mean is an
    unbiased estimate of the tree's size; a few games give its order of magnitude.

    >>> from coursekit.games import TicTacToe
    >>> 1e5 < estimate_tree_nodes(TicTacToe(), TicTacToe().initial) < 3e6   # exactly 549,946
    True
    """
    rng = random.Random(seed)
    total = 0.0
    for _ in range(samples):
        s, width, size = state, 1.0, 1.0
        while not game.is_terminal(s) and size < 1e300:
            moves = list(game.actions(s))
            if not moves:
                break
            width *= len(moves)
            size += width
            s = game.result(s, rng.choice(moves))
        total += size
    return total / samples


_estimates: dict[tuple[str, State], float] = {}


def check_whole_game(
    game: Game, state: State, name: str, force: bool, *, visits: str = "some"
) -> None:
    """Refuse up front a search to the end of the game that would run for hours.

    α-β visits between about 2√N nodes of a tree of N (the best move order,
    Knuth & Moore 1975) and all N (the worst). The guess compared with
    :data:`SEARCH_LIMIT` depends on ``visits``:

    - ``"some"`` (α-β and its relatives, the default): between the two, N^(2/3).
      Connect Four endgames with good move order come in below it, the whole
      of small boards above;
    - ``"all"`` (minimax, which prunes nothing): N itself;
    - ``"fewest"`` (a search with a table that also merges transpositions, such
      as :func:`~coursekit.search.solve`): 2√N, so that only a search that
      would be too long even in the best move order is refused.

    Raises
    ------
    SearchError
        When ``force`` is False and the guess, for N the :func:`estimate_tree_nodes`
        of the tree below ``state``, is more than :data:`SEARCH_LIMIT`.

    >>> from coursekit.games import ConnectFour, TicTacToe
    >>> check_whole_game(TicTacToe(), TicTacToe().initial, "alphabeta", force=False)
    >>> check_whole_game(ConnectFour(), ConnectFour().initial, "alphabeta", force=False)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    coursekit.search.core.SearchError: alphabeta(ConnectFour(rows=6, cols=7, k=4)) with no depth ...
    >>> small = ConnectFour(4, 4)  # α-β may search it whole; minimax visits 10⁸ nodes
    >>> check_whole_game(small, small.initial, "alphabeta", False)
    >>> check_whole_game(small, small.initial, "minimax", False, visits="all")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    coursekit.search.core.SearchError: minimax(ConnectFour(rows=4, cols=4, k=4)) with no depth ...
    """
    if visits not in ("some", "all", "fewest"):
        raise SearchError(say("errors.search.visits", visits=visits))
    if force or isinstance(game, GameTree):  # a GameTree is explicit: its nodes are in memory
        return
    key = (repr(game), state)  # the same game and position: the same estimate, made once
    nodes = _estimates.get(key)
    if nodes is None:
        nodes = _estimates[key] = estimate_tree_nodes(game, state)
        if len(_estimates) > 1_000:  # a long session of many positions: start afresh
            _estimates.clear()
    guess = {"some": nodes ** (2 / 3), "all": nodes, "fewest": 2 * math.sqrt(nodes)}[visits]
    if guess <= SEARCH_LIMIT:
        return
    share = say(
        f"errors.search.whole_game.{visits}",
        fewest=f"{2 * math.sqrt(nodes):.1e}",
        guess=f"{guess:.1e}",
        name=name,
    )
    way_out = say(f"errors.search.whole_game.{'solve' if visits == 'fewest' else 'depth'}")
    raise SearchError(
        say(
            "errors.search.whole_game",
            name=name,
            game=game,
            nodes=f"{nodes:.1e}",
            share=share,
            limit=f"{SEARCH_LIMIT:,}",
            duration=_duration(3e-6 * guess),
            way_out=way_out,
        )
    )


def _duration(seconds: float) -> str:
    for unit, size in (("years", 3.15e7), ("days", 86_400), ("hours", 3_600), ("minutes", 60)):
        if seconds >= size:
            return say(f"errors.search.duration.{unit}", count=f"{seconds / size:,.0f}")
    return say("errors.search.duration.seconds", count=f"{seconds:,.0f}")
