"""Payoffs typed as text, the way an editor receives them.

A cell is a pair of payoffs, ``"3, -1"`` (row player's, column player's); a
whole table is one line per row with cells separated by ``|``::

    -0.5, -0.5 | -10, 0
       0, -10  |  -2, -2

Numbers may be integers, decimals or fractions (``1/2``). Errors say what is
wrong and where: the line and cell for a table.
"""

from __future__ import annotations

import re
from fractions import Fraction

from coursekit.gametheory.errors import PayoffError
from coursekit.gametheory.game import NormalFormGame
from coursekit.text import number_text

NOT_FINITE = {"nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"}


def parse_number(text: str) -> Fraction:
    """Read one payoff: ``'3'``, ``'-0.5'``, ``'1/3'``.

    >>> parse_number(" -0.5 "), parse_number("1/3")
    (Fraction(-1, 2), Fraction(1, 3))
    >>> parse_number("nan")
    Traceback (most recent call last):
    ...
    ValueError: 'nan' is not a finite number
    """
    word = text.strip()
    if word.lower() in NOT_FINITE:
        raise ValueError(f"{word!r} is not a finite number")
    try:
        return Fraction(word)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{word!r} is not a number") from None


def parse_pair(text: str) -> tuple[Fraction, Fraction]:
    """Read a cell: two payoffs separated by a comma (or spaces), brackets optional.

    >>> parse_pair("(3, -1)"), parse_pair("1/2 0")
    ((Fraction(3, 1), Fraction(-1, 1)), (Fraction(1, 2), Fraction(0, 1)))
    >>> parse_pair("7")
    Traceback (most recent call last):
    ...
    ValueError: '7' has 1 payoff; a cell needs two, like '3, -1'
    """
    inner = text.strip().removeprefix("(").removesuffix(")")
    words = [w for w in re.split(r"[,\s]+", inner.strip()) if w]
    if len(words) != 2:
        count = f"{len(words)} payoff{'s' if len(words) != 1 else ''}"
        raise ValueError(f"{text.strip()!r} has {count}; a cell needs two, like '3, -1'")
    first, second = (parse_number(w) for w in words)
    return first, second


def parse_table(text: str) -> list[list[tuple[Fraction, Fraction]]]:
    """Read a whole table of payoff pairs, one line per row, cells separated by ``|``.

    Blank lines are skipped; a ``PayoffError`` names the line and cell.

    >>> parse_table("3, 3 | 0, 5\\n5, 0 | 1, 1")[1][0]
    (Fraction(5, 1), Fraction(0, 1))
    >>> parse_table("3, 3 | 0, 5\\n5, 0")
    Traceback (most recent call last):
    ...
    coursekit.gametheory.errors.PayoffError: line 2 has 1 cell but line 1 has 2
    """
    rows: list[list[tuple[Fraction, Fraction]]] = []
    first_line = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        cells = line.split("|")
        if rows and len(cells) != len(rows[0]):
            plural = "s" if len(cells) != 1 else ""
            raise PayoffError(
                f"line {number} has {len(cells)} cell{plural} but line {first_line} has "
                f"{len(rows[0])}",
                row=len(rows),
            )
        row = []
        for k, cell in enumerate(cells):
            try:
                row.append(parse_pair(cell))
            except ValueError as error:
                raise PayoffError(
                    f"line {number}, cell {k + 1}: {error}", row=len(rows), column=k
                ) from None
        first_line = first_line or number
        rows.append(row)
    if not rows:
        raise PayoffError("the table is empty: type one line per row, cells separated by |")
    return rows


def table_text(game: NormalFormGame) -> str:
    """A game's payoffs in the text form that :func:`parse_table` reads.

    >>> from coursekit.gametheory import catalog
    >>> print(table_text(catalog.prisoners_dilemma()))
    -0.5, -0.5 | -10, 0
    0, -10 | -2, -2
    """
    return "\n".join(
        " | ".join(
            f"{number_text(a, decimals=True)}, {number_text(b, decimals=True)}" for a, b in row
        )
        for row in game.to_pairs()
    )
