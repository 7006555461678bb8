"""Tic-tac-toe boards: inside graph nodes (graphviz HTML-like labels) and as HTML.

>>> from coursekit.games import TicTacToe
>>> game = TicTacToe()
>>> state = game.parse(". o .\\n. x .\\n. . .")
>>> "×" in board_label(state) and "○" in board_label(state)
True
>>> board_html(state).count("<td")
9
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from coursekit.draw.base import Picture

MARK_X = "×"
MARK_O = "○"
HIGHLIGHT = "#ffe08a"


def marks(state) -> list[str]:
    """The nine cells of a tic-tac-toe state as '×', '○' or ''."""
    return [MARK_X if state.x >> i & 1 else MARK_O if state.o >> i & 1 else "" for i in range(9)]


def board_label(state, *, caption: str | None = None, last: int | None = None) -> str:
    """A graphviz HTML-like label (with its outer ``< >``): the board, a caption under it.

    ``last`` marks the cell of the move that led here.
    """
    rows = []
    cells = marks(state)
    for r in range(3):
        tds = []
        for c in range(3):
            i = 3 * r + c
            fill = f' BGCOLOR="{HIGHLIGHT}"' if i == last else ""
            mark = f'<FONT POINT-SIZE="11">{cells[i]}</FONT>' if cells[i] else ""
            tds.append(f'<TD WIDTH="16" HEIGHT="16" FIXEDSIZE="TRUE"{fill}>{mark}</TD>')
        rows.append("<TR>" + "".join(tds) + "</TR>")
    if caption is not None:
        rows.append(f'<TR><TD COLSPAN="3" BORDER="0">{html.escape(caption)}</TD></TR>')
    table = (
        '<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="1">'
        + "".join(rows)
        + "</TABLE>"
    )
    return f"<{table}>"


def draw_board(state, *, caption: str | None = None, last: int | None = None) -> Picture:
    """One board as a picture (for notebooks)."""
    picture = Picture("board")
    picture.node("board", board_label(state, caption=caption, last=last), shape="plain")
    return picture


def board_html(state, *, last: int | None = None, size: int = 28) -> str:
    """One board as an HTML table, for notebooks and widgets."""
    cells = marks(state)
    rows = []
    for r in range(3):
        tds = []
        for c in range(3):
            i = 3 * r + c
            fill = f"background:{HIGHLIGHT};color:#1a1a1a;" if i == last else ""
            tds.append(
                f'<td style="width:{size}px;height:{size}px;border:1px solid #444;'
                f'text-align:center;font-size:{size * 2 // 3}px;{fill}">{cells[i]}</td>'
            )
        rows.append("<tr>" + "".join(tds) + "</tr>")
    return '<table class="ck-board" style="border-collapse:collapse">' + "".join(rows) + "</table>"


def boards_html(states: Iterable, captions: Sequence[str] | None = None) -> str:
    """Several boards side by side, each with an optional caption below."""
    states = list(states)
    captions = list(captions) if captions is not None else [""] * len(states)
    if len(captions) != len(states):
        raise ValueError(f"{len(states)} boards but {len(captions)} captions")
    cells = "".join(
        f'<td style="padding:0 12px;text-align:center;vertical-align:top">{board_html(s)}'
        f"<div>{html.escape(c)}</div></td>"
        for s, c in zip(states, captions, strict=True)
    )
    return f'<table class="ck-boards"><tr>{cells}</tr></table>'
