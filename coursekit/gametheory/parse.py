"""Payoffs typed as text, the way an editor receives them.

A cell is a pair of payoffs, ``"3, -1"`` (row player's, column player's); a
whole table is one line per row with cells separated by ``|``::

    -0.5, -0.5 | -10, 0
       0, -10  |  -2, -2

Numbers may be integers, decimals or fractions (``1/2``). Text typed with a
Chinese input method is understood too: full-width digits, minus signs,
commas, semicolons and brackets (``３，－１``, ``（3；-1）``) are read as their
ASCII forms. Errors are :class:`PayoffError` and say what is wrong and where:
the line and cell for a table.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from fractions import Fraction

from coursekit.gametheory.errors import PayoffError
from coursekit.gametheory.game import NormalFormGame
from coursekit.text import number_text, say

NOT_FINITE = {"nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"}

FLOAT_MAX = Fraction(sys.float_info.max)

MINUS_SIGNS = str.maketrans({"\u2212": "-", "\u2013": "-", "\ufe63": "-", "\uff0d": "-"})
"""Minus signs that are not ASCII: −, –, the small and the full-width hyphen-minus."""


def ascii_text(text: str) -> str:
    """Full-width forms typed with a Chinese input method turned into ASCII.

    >>> ascii_text("（３，－１）"), ascii_text("１／２；０")
    ('(3,-1)', '1/2;0')
    """
    return unicodedata.normalize("NFKC", text).translate(MINUS_SIGNS)


def parse_number(text: str) -> Fraction:
    """Read one payoff: ``'3'``, ``'-0.5'``, ``'1/3'``.

    Raises
    ------
    PayoffError
        When the text is not a number, not finite or beyond the float range.

    Examples
    --------
    >>> parse_number(" -0.5 "), parse_number("1/3"), parse_number("－３")
    (Fraction(-1, 2), Fraction(1, 3), Fraction(-3, 1))
    >>> parse_number("nan")
    Traceback (most recent call last):
    ...
    coursekit.gametheory.errors.PayoffError: 'nan' is not a finite number
    """
    word = ascii_text(text).strip()
    if word.lower() in NOT_FINITE:
        raise PayoffError(say("errors.payoff.not_finite", word=repr(word)))
    if len(word) > 400:
        raise PayoffError(say("errors.payoff.too_long", start=repr(word[:20])))
    try:
        number = Fraction(word)
    except (ValueError, ZeroDivisionError):
        raise PayoffError(say("errors.number.not_a_number", word=repr(word))) from None
    if abs(number) > FLOAT_MAX:
        raise PayoffError(say("errors.payoff.beyond_float", word=repr(word)))
    return number


def parse_pair(text: str) -> tuple[Fraction, Fraction]:
    """Read a cell: two payoffs separated by a comma, a semicolon or spaces; brackets
    (round or square, both or neither) optional; full-width forms understood.

    Raises
    ------
    PayoffError
        When the cell does not hold exactly two numbers or its brackets do not match.

    Examples
    --------
    >>> parse_pair("(3, -1)"), parse_pair("1/2 0"), parse_pair("［３，－１］")
    ((Fraction(3, 1), Fraction(-1, 1)), (Fraction(1, 2), Fraction(0, 1)), (Fraction(3, 1), \
Fraction(-1, 1)))
    >>> parse_pair("7")
    Traceback (most recent call last):
    ...
    coursekit.gametheory.errors.PayoffError: '7' has 1 payoff; a cell needs two, like '3, -1'
    >>> parse_pair("(3, -1")
    Traceback (most recent call last):
    ...
    coursekit.gametheory.errors.PayoffError: '(3, -1' opens a bracket it does not close
    """
    shown = text.strip()
    inner = _unbracketed(ascii_text(text).strip(), shown)
    words = re.split(r"\s*[,;]\s*|\s+", inner.strip()) if inner.strip() else []
    if "" in words:
        raise PayoffError(say("errors.payoff.empty_payoff", cell=repr(shown)))
    if len(words) != 2:
        key = "errors.payoff.one_payoff" if len(words) == 1 else "errors.payoff.payoffs"
        raise PayoffError(say(key, cell=repr(shown), count=len(words)))
    first, second = (parse_number(w) for w in words)
    return first, second


def _unbracketed(text: str, shown: str) -> str:
    """The cell without its enclosing brackets, which must match."""
    for opening, closing in ("()", "[]"):
        if text.startswith(opening) and text.endswith(closing):
            text = text[1:-1]
            break
    if "(" in text or "[" in text:
        raise PayoffError(say("errors.payoff.unclosed", cell=repr(shown)))
    if ")" in text or "]" in text:
        raise PayoffError(say("errors.payoff.unopened", cell=repr(shown)))
    return text


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
        cells = ascii_text(line).split("|")
        if rows and len(cells) != len(rows[0]):
            key = "errors.payoff.one_cell" if len(cells) == 1 else "errors.payoff.cells"
            raise PayoffError(
                say(key, line=number, count=len(cells), first=first_line, first_count=len(rows[0])),
                row=len(rows),
            )
        row = []
        for k, cell in enumerate(cells):
            try:
                row.append(parse_pair(cell))
            except PayoffError as error:
                raise PayoffError(
                    say("errors.payoff.at_cell", line=number, cell=k + 1, error=error),
                    row=len(rows),
                    column=k,
                ) from None
        first_line = first_line or number
        rows.append(row)
    if not rows:
        raise PayoffError(say("errors.payoff.empty_table"))
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
