"""The algorithms a reader can pick in the explorers, in the order the course meets them.

Each chapter registers its search functions here, so widgets list whatever
exists without knowing the chapters::

    @register("alpha-beta", chapter=4, description="minimax with α-β pruning")
    def alphabeta(game, state=None, *, depth=None, evaluate=None, order=None, trace=False): ...

A registered function takes ``(game, state=None, *, ..., trace=False)`` and
returns a :class:`~coursekit.search.result.SearchResult`. Its entry also says
what it takes and gives, so that consumers ask the registry instead of
special-casing names:

==============  ======================================================  ==========
capability      meaning                                                 default
==============  ======================================================  ==========
``depth``       takes ``depth=`` (a depth limit, with e(p) at the cut)  True
``clock``       takes ``seconds=`` (stops when the time is up)          False
``evaluation``  takes ``evaluate=`` (a static evaluation e(p))          True
``trace``       what ``trace=True`` gives: ``"tree"`` (enter / leaf /   ``"tree"``
                exit / cutoff events, :class:`~.result.Trace`),
                ``"mcts"`` (one record per iteration), ``None``
``exact``       the game-theoretic value of the searched tree (True),   True
                or an anytime estimate that improves with more work
``games``       the games it plays: ``"deterministic"``, ``"chance"``   deterministic
==============  ======================================================  ==========

The defaults are those of the depth-first searches of chapters 3–6, so their
registrations name none. Who asks what:

- :class:`~coursekit.widgets.TreeExplorer` offers the algorithms with a
  ``"tree"`` trace that play deterministic games (it steps through that trace);
- ``node_counts`` and :class:`~coursekit.widgets.AlgorithmComparison` count the
  exact ones that play deterministic games (an estimate's effort is whatever
  it was given);
- :class:`~coursekit.search.match.MatchEngine` takes any algorithm: ``depth``
  only if it takes a depth, ``seconds`` by its own clock if it has one, else by
  iterative deepening.

>>> import coursekit.search
>>> alphabeta = get("alpha-beta")
>>> alphabeta.depth, alphabeta.clock, alphabeta.trace, alphabeta.exact, sorted(alphabeta.games)
(True, False, 'tree', True, ['deterministic'])
>>> "alpha-beta" in algorithms(trace="tree", exact=True, game_kind=DETERMINISTIC)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from coursekit.search.core import SearchError
from coursekit.text import say

F = TypeVar("F", bound=Callable)


DETERMINISTIC = "deterministic"
"""Games without chance: every move's result is known (tic-tac-toe, Connect Four, trees)."""

CHANCE = "chance"
"""Games with chance nodes (dice): ``game.is_chance`` and ``game.chance_outcomes``."""

GAME_KINDS = (DETERMINISTIC, CHANCE)

TRACE_KINDS = ("tree", "mcts", None)
"""What ``trace=True`` gives: tree events, MCTS iterations, or nothing."""


@dataclass(frozen=True)
class Algorithm:
    """A registered search algorithm and what it takes and gives (the module docstring)."""

    name: str
    function: Callable
    chapter: int
    description: str
    depth: bool = True
    """Takes ``depth=``: a depth limit with e(p) at the cut-off."""
    clock: bool = False
    """Takes ``seconds=``: stops when the time is up (an anytime search)."""
    evaluation: bool = True
    """Takes ``evaluate=``: a static evaluation e(p)."""
    trace: str | None = "tree"
    """What ``trace=True`` gives: ``"tree"`` events, ``"mcts"`` iterations or ``None``."""
    exact: bool = True
    """The game-theoretic value of the searched tree (False: an anytime estimate)."""
    games: frozenset[str] = frozenset({DETERMINISTIC})
    """The kinds of games it plays: :data:`DETERMINISTIC`, :data:`CHANCE`."""


_REGISTRY: dict[str, Algorithm] = {}


def register(
    name: str,
    *,
    chapter: int,
    description: str = "",
    depth: bool = True,
    clock: bool = False,
    evaluation: bool = True,
    trace: str | None = "tree",
    exact: bool = True,
    games: tuple[str, ...] = (DETERMINISTIC,),
) -> Callable[[F], F]:
    """Decorator: list a search function under ``name`` with its capabilities
    (re-registering replaces it).

    Raises
    ------
    SearchError
        When ``trace`` or ``games`` names a kind the registry does not know.
    """
    if trace not in TRACE_KINDS:
        raise SearchError(say("errors.search.trace_kind", kinds=TRACE_KINDS, trace=trace))
    if not games or any(kind not in GAME_KINDS for kind in games):
        raise SearchError(say("errors.search.game_kinds", kinds=GAME_KINDS, games=games))

    def decorate(function: F) -> F:
        _REGISTRY[name] = Algorithm(
            name, function, chapter, description,
            depth=depth, clock=clock, evaluation=evaluation,
            trace=trace, exact=exact, games=frozenset(games),
        )  # fmt: skip
        return function

    return decorate


def algorithms(
    *,
    trace: str | None = None,
    exact: bool | None = None,
    game_kind: str | None = None,
    depth: bool | None = None,
) -> dict[str, Algorithm]:
    """The registered algorithms by name, ordered by chapter, then by registration;
    with arguments, only those with that ``trace`` kind, ``exact`` or not, that play
    games of ``game_kind``, that take a ``depth`` limit or not (``None``: any).

    >>> import coursekit.search
    >>> list(algorithms())[:2]
    ['minimax', 'minimax (two-phase)']
    >>> "MCTS (UCT)" in algorithms(), "MCTS (UCT)" in algorithms(exact=True)
    (True, False)
    """
    ranked = sorted(enumerate(_REGISTRY.values()), key=lambda item: (item[1].chapter, item[0]))
    return {
        algorithm.name: algorithm
        for _, algorithm in ranked
        if (trace is None or algorithm.trace == trace)
        and (exact is None or algorithm.exact == exact)
        and (game_kind is None or game_kind in algorithm.games)
        and (depth is None or algorithm.depth == depth)
    }


class UnknownAlgorithmError(SearchError, KeyError):
    """No search algorithm is registered under the name asked for (also a ``KeyError``)."""

    __str__ = SearchError.__str__  # KeyError would quote the message


def get(name: str) -> Algorithm:
    """The algorithm registered under ``name``.

    Raises
    ------
    UnknownAlgorithmError
        (a ``KeyError`` too) listing the known names.
    """
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(algorithms()) or "none"
        raise UnknownAlgorithmError(
            say("errors.search.unknown_algorithm", name=name, known=known)
        ) from None
