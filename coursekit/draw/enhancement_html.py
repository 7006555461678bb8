"""What each enhancement of a solver costs, as an HTML table: nodes and time per position.

:func:`enhancement_html` lays out figures it is given (from
:func:`coursekit.search.enhancement_table`, a benchmark's note, a reference
solver): one row per enhancement switched on, one pair of columns (nodes, ms)
per group of measurements — a test set solved live, the same set in a
benchmark. Plain HTML, no pandas: it renders alike in JupyterLab, a static
page and the slides, and keeps the theme's colours.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence

from coursekit.draw.pruning_plot import PlotError
from coursekit.text import say

_CELL = "padding:2px 10px;text-align:right;border-bottom:1px solid var(--jp-border-color2,#ccc)"


def _number(value: float | None, digits: int) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:,.{digits}f}"


def enhancement_label(name: str) -> str:
    """The name of one of the solver's enhancements (``ENHANCEMENTS``), as a table shows it
    in the notebook's language.

    Parameters
    ----------
    name : str
        An enhancement as :func:`coursekit.search.enhancement_table` names it.

    Returns
    -------
    str
        Its label; a name the tables do not know comes back unchanged.

    Examples
    --------
    >>> from coursekit.text import speaking
    >>> enhancement_label("non-losing moves")
    'non-losing moves'
    >>> with speaking("zh"):
    ...     enhancement_label("non-losing moves")
    '不败走步'
    """
    key = f"printed_search.enhancement.{name}"
    try:
        return say(key)
    except KeyError:
        return name


def enhancement_html(
    labels: Sequence[str],
    groups: Mapping[str, Sequence[tuple[float, float] | None]],
    *,
    bold: Sequence[int] = (),
) -> str:
    """An HTML table: one row per label, a (nodes, ms) pair of columns per group.

    Parameters
    ----------
    labels : sequence of str
        The rows, e.g. ``"α-β negamax"``, ``"+ table"``, ``"Pons' C++ solver"``.
    groups : mapping of str to sequence
        Per column group (its title over its two columns), one ``(mean nodes,
        mean ms)`` per label, or ``None`` where that group has no figure ("–").
    bold : sequence of int
        Rows to set in bold (the last enhancement, a reference).

    Returns
    -------
    str
        ``<table>…</table>``, to show with ``IPython.display.HTML``.

    Raises
    ------
    PlotError
        When a group has not one entry per label.

    Examples
    --------
    >>> table = enhancement_html(["α-β", "+ table"], {"L3_R1": [(1739, 4.6), (135, 0.39)]})
    >>> "<td style" in table and ">1,739</td>" in table and ">0.39</td>" in table
    True
    """
    for title, figures in groups.items():
        if len(figures) != len(labels):
            raise PlotError(
                say("errors.draw.group", title=repr(title), rows=len(figures), labels=len(labels))
            )
    border = "border-left:1px solid var(--jp-border-color2,#ccc)"
    top = f"<th style='{_CELL}'></th>" + "".join(
        f"<th colspan='2' style='{_CELL};text-align:center;{border}'>{html.escape(title)}</th>"
        for title in groups
    )
    nodes, ms = say("printed_search.nodes"), say("printed_search.ms")
    sub = f"<th style='{_CELL};text-align:left'>{say('printed_search.switched_on')}</th>" + (
        f"<th style='{_CELL};{border}'>{nodes}</th><th style='{_CELL}'>{ms}</th>" * len(groups)
    )
    rows = []
    for k, label in enumerate(labels):
        weight = "font-weight:bold;" if k in bold else ""
        label_style = f"{_CELL};text-align:left;white-space:nowrap;{weight}"
        cells = [f"<td style='{label_style}'>{html.escape(label)}</td>"]
        for figures in groups.values():
            nodes, ms = figures[k] if figures[k] is not None else (None, None)
            cells.append(f"<td style='{_CELL};{border};{weight}'>{_number(nodes, 0)}</td>")
            cells.append(f"<td style='{_CELL};{weight}'>{_number(ms, 2)}</td>")
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return (
        "<table style='border-collapse:collapse;"
        "color:var(--jp-content-font-color0,#111);background:var(--jp-layout-color0,#fff)'>"
        f"<tr>{top}</tr><tr>{sub}</tr>{''.join(rows)}</table>"
    )
