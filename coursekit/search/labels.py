"""How a search algorithm is named for a reader, in the chosen language.

The name an algorithm is registered under (``"alpha-beta"``, ``"minimax (two-phase)"``) is
an identifier: code passes it (``search="alpha-beta"``), the registry is keyed by it and a
result records it in ``SearchResult.algorithm``. What a reader sees — a caption, a
dropdown's choice, a printed result, a chart's title — is :func:`algorithm_label`: the same
name in English, the course's term in Chinese (α-β剪枝, 极小极大过程), read from
``coursekit/locale/<language>/algorithms.json``.
"""

from __future__ import annotations

import re

from coursekit.text import say, table

COMPOSITE = re.compile(r"(?P<outer>.+?) \((?P<inner>.+)\)")
"""A name built from another: ``"aspiration (alpha-beta)"``, ``"iterative deepening (PVS)"``."""


def label_key(name: str) -> str:
    """The message key of an algorithm's label: its name in lower case, words joined by ``_``.

    >>> label_key("alpha-beta"), label_key("minimax (two-phase)"), label_key("SSS*")
    ('algorithms.alpha_beta', 'algorithms.minimax_two_phase', 'algorithms.sss')
    """
    return "algorithms." + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def algorithm_label(name: str) -> str:
    """An algorithm's name as a reader sees it, in the chosen language.

    Parameters
    ----------
    name : str
        The registered name (``SearchResult.algorithm``, a key of
        :func:`~coursekit.search.algorithms`), or a name built from one such as
        ``"iterative deepening (alpha-beta)"``.

    Returns
    -------
    str
        The course's term for it (in English the name itself); a name the course does not
        know (a student's own search) as it is.

    Examples
    --------
    >>> algorithm_label("alpha-beta"), algorithm_label("my search")
    ('alpha-beta', 'my search')
    >>> from coursekit.text import speaking
    >>> with speaking("zh"):
    ...     algorithm_label("alpha-beta"), algorithm_label("iterative deepening (negamax)")
    ('α-β剪枝', '迭代加深（负极大值搜索）')
    """
    key = label_key(name)
    if key in table("en"):
        return say(key)
    parts = COMPOSITE.fullmatch(name)
    if parts and label_key(parts["outer"]) in table("en"):
        outer = say(label_key(parts["outer"]))
        return say("algorithms.of", outer=outer, inner=algorithm_label(parts["inner"]))
    return name
