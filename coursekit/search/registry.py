"""The algorithms a reader can pick in the explorers, in the order the course meets them.

Each chapter registers its search functions here, so widgets list whatever
exists without knowing the chapters::

    @register("alpha-beta", chapter=4, description="minimax with α-β pruning")
    def alphabeta(game, state=None, *, depth=None, evaluate=None, order=None, trace=False): ...

A registered function takes ``(game, state=None, *, depth=None, ..., trace=False)``
and returns a :class:`~coursekit.search.result.SearchResult`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from coursekit.search.core import SearchError

F = TypeVar("F", bound=Callable)


@dataclass(frozen=True)
class Algorithm:
    """A registered search algorithm."""

    name: str
    function: Callable
    chapter: int
    description: str


_REGISTRY: dict[str, Algorithm] = {}


def register(name: str, *, chapter: int, description: str = "") -> Callable[[F], F]:
    """Decorator: list a search function under ``name`` (re-registering replaces it)."""

    def decorate(function: F) -> F:
        _REGISTRY[name] = Algorithm(name, function, chapter, description)
        return function

    return decorate


def algorithms() -> dict[str, Algorithm]:
    """Every registered algorithm by name, ordered by chapter, then by registration.

    >>> import coursekit.search
    >>> list(algorithms())[:2]
    ['minimax', 'minimax (two-phase)']
    """
    ranked = sorted(enumerate(_REGISTRY.values()), key=lambda item: (item[1].chapter, item[0]))
    return {algorithm.name: algorithm for _, algorithm in ranked}


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
            f"no search algorithm called {name!r} (known: {known})"
        ) from None
