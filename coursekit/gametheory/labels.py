"""The names of the catalogue's players and strategies, in the reader's language.

A game of the catalogue (:mod:`coursekit.gametheory.catalog`, the smart pigs) names its
players and strategies in the language chosen when it is made: ``confess (认罪)`` in
English (the course's Chinese term beside the English word), ``认罪`` in simplified and
``認罪`` in traditional Chinese. The names live in the language tables
(``coursekit/locale/<code>/labels_gametheory.json``, keys ``gametheory.label.<name>``).
A player may be named in any of the course's languages: a notebook's code written for one
edition runs in the others (:func:`same_name`).

>>> from coursekit.text import speaking
>>> with speaking("zh"):
...     label("confess")
'认罪'
>>> label("confess", lang="en")
'confess (认罪)'
>>> same_name("Tian Ji (田忌)", label("tian_ji", lang="zh-Hant"))
True
"""

from __future__ import annotations

import functools

from coursekit.text import LANGUAGES, say, table

PREFIX = "gametheory.label."


def label(name: str, *, lang: str | None = None) -> str:
    """The name ``name`` (a key such as ``"confess"``) in ``lang`` (default: the chosen one)."""
    return say(PREFIX + name, lang=lang)


def labels(*names: str) -> tuple[str, ...]:
    """:func:`label` of each of ``names``, in the chosen language."""
    return tuple(label(name) for name in names)


@functools.cache
def _keys() -> dict[str, str]:
    """Every language's spelling of every name → its key."""
    return {
        text: key
        for code in LANGUAGES
        for key, text in table(code).items()
        if key.startswith(PREFIX)
    }


def same_name(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one name, perhaps spelt in two of the course's languages."""
    return a == b or (a in _keys() and _keys().get(a) == _keys().get(b))
