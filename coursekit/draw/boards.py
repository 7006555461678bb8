"""Tic-tac-toe boards: inside graph nodes (graphviz HTML-like labels) and as HTML.

>>> from coursekit.games import TicTacToe
>>> game = TicTacToe()
>>> state = game.parse(". o .\\n. x .\\n. . .")
>>> "×" in board_label(state) and "○" in board_label(state)
True
>>> board_html(state).count('class="ck-board-cell"')
9
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from coursekit.draw.base import Picture
from coursekit.text import say

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
    """One board as HTML, for notebooks and widgets: a square grid of ``size``-px cells.

    A grid of ``div``s, not a table: JupyterLab's table style (cell padding, striped rows,
    columns as narrow as their text) would make an empty column collapse.
    """
    cells = marks(state)
    line = "var(--jp-content-font-color2, #555)"
    tds = []
    for i in range(9):
        fill = (
            f"background:{HIGHLIGHT};color:#1a1a1a"
            if i == last
            else ("background:var(--jp-layout-color0, #fff)")
        )
        tds.append(
            f'<div class="ck-board-cell" style="display:flex;align-items:center;'
            f'justify-content:center;line-height:1;font-size:{size * 2 // 3}px;{fill}">'
            f"{cells[i]}</div>"
        )
    grid = (
        f"display:inline-grid;grid-template-columns:repeat(3,{size}px);"
        f"grid-auto-rows:{size}px;gap:1px;padding:1px;background:{line}"
    )
    return f'<div class="ck-board" style="{grid}">' + "".join(tds) + "</div>"


def boards_html(states: Iterable, captions: Sequence[str] | None = None) -> str:
    """Several boards side by side (as many rows as the column needs), each with an
    optional caption below."""
    states = list(states)
    captions = list(captions) if captions is not None else [""] * len(states)
    if len(captions) != len(states):
        raise ValueError(say("errors.draw.captions", boards=len(states), captions=len(captions)))
    items = "".join(
        f'<div style="text-align:center">{board_html(s)}<div>{html.escape(c)}</div></div>'
        for s, c in zip(states, captions, strict=True)
    )
    return (
        '<div class="ck-boards" style="display:flex;flex-wrap:wrap;gap:8px 24px;'
        f'align-items:flex-start">{items}</div>'
    )
