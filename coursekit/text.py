"""How numbers and nodes are written, everywhere in the course.

One convention for every picture, table and message: whole numbers plain
(``3``, not ``3.0``), other numbers short (``0.25``, ``0.333``), infinity
as ``∞`` and ``-∞`` (a won game for MAX, an unsolvable node's cost), exact
fractions as ``p/q``. And one seam for every sentence a student reads:
``say(key, **values)`` looks the message up in the table of the chosen
language (``coursekit/locale/<code>/*.json``; :func:`set_language`,
``$COURSEKIT_LANG``). What a chapter's own code prints is written in English
in the code and translated by :func:`tr` from the language's phrase book
(``coursekit/locale/<code>/phrases/*.json``). The languages themselves are data,
one record each (:mod:`coursekit.languages`). This module imports nothing from the
package but those records, so any layer may use it.
"""

from __future__ import annotations

import json
import math
import os
import re
import string
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from pathlib import Path
from typing import Any

from coursekit.languages import LOCALE, RECORD, codes, lookup, record


def number_text(value: float | Fraction | None, *, decimals: bool = False) -> str:
    """A value as the course writes it.

    Parameters
    ----------
    value : int, float, Fraction or None
        A payoff, backed-up value, cost or heuristic value.
    decimals : bool
        Write a fraction whose denominator divides a power of ten as the exact
        decimal it is (``-1/2`` as ``-0.5``, ``7/20`` as ``0.35``), as the
        course writes half a year in prison; other fractions stay ``p/q``.

    Returns
    -------
    str
        ``""`` for ``None``; ``"∞"`` / ``"-∞"`` for infinities; whole numbers
        without a decimal point; a fraction that is not whole as ``p/q``;
        other floats with at most four significant digits.

    Examples
    --------
    >>> [number_text(v) for v in (3.0, -math.inf, math.inf, 0.25, 1 / 3, None)]
    ['3', '-∞', '∞', '0.25', '0.3333', '']
    >>> number_text(Fraction(2, 3)), number_text(Fraction(4, 2)), number_text(10**20)
    ('2/3', '2', '100000000000000000000')
    >>> [number_text(Fraction(x), decimals=True) for x in ("-1/2", "7/20", "1/3", "-1/1024")]
    ['-0.5', '0.35', '1/3', '-0.0009765625']
    """
    if value is None:
        return ""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        if decimals and _decimal_places(value.denominator) is not None:
            return _decimal_text(value)
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, int):
        return str(value)
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    if math.isnan(value):
        return "nan"
    if float(value).is_integer() and abs(value) < 1e16:
        return str(int(value))
    return f"{value:.4g}"


def _decimal_places(denominator: int) -> int | None:
    """The decimal places a fraction with this denominator needs (None: infinitely many)."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    return max(twos, fives) if denominator == 1 else None


def _decimal_text(value: Fraction) -> str:
    """The exact decimal of a fraction whose denominator divides a power of ten."""
    places = _decimal_places(value.denominator) or 0
    digits = str(abs(value.numerator) * 10**places // value.denominator).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def node_text(node: Any) -> str:
    """How a node is named in messages and pictures: its ``label`` if it has one.

    >>> node_text("n3"), node_text(7)
    ('n3', '7')
    """
    return str(getattr(node, "label", node))


NUMBER = re.compile(
    r"[+-]?(?:inf(?:inity)?\b|∞|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)", re.IGNORECASE
)
"""A number as students type it into a tree or a bound: ``3``, ``-2.5``, ``1e3``, ``inf``, ``∞``."""


def number_value(word: str, what: str = "value") -> float:
    """The number ``word`` stands for, read the way :func:`number_text` writes numbers.

    Whole numbers stay ``int``; ``inf``, ``infinity`` and ``∞`` (with a sign) are infinite.

    Parameters
    ----------
    word : str
        One word of the input, without spaces or brackets.
    what : str
        What the number is (``"leaf value"``, ``"bound"``), for the error message.

    Returns
    -------
    int or float

    Raises
    ------
    ValueError
        When ``word`` is not a number, or is too large: the message names the word; the
        callers add the line and column and raise their own error type.

    Examples
    --------
    >>> number_value("12"), number_value("-∞"), number_value("2.5e1")
    (12, -inf, 25.0)
    >>> number_value("1e400")
    Traceback (most recent call last):
    ...
    ValueError: '1e400' is too large for a number (write inf for ∞)
    """
    if NUMBER.fullmatch(word) is None:
        raise ValueError(say("errors.number.not_a_number", word=repr(word)))
    text = word.lower()
    if "inf" in text or "∞" in text:
        return -math.inf if text.startswith("-") else math.inf
    if re.fullmatch(r"[+-]?\d+", text):
        if len(text) > 300:
            raise ValueError(say("errors.number.too_many_digits", digits=len(text), what=what))
        return int(text)
    value = float(text)
    if math.isinf(value):
        raise ValueError(say("errors.number.too_large", word=repr(word)))
    return value


# --- the words a student reads, in the course's languages ---------------------------------

LANGUAGES = codes()
"""The codes of the course's languages, the master (English) first: one per folder of
``coursekit/locale/`` with a record (:mod:`coursekit.languages`)."""

LANGUAGE_VARIABLE = "COURSEKIT_LANG"
"""The environment variable that chooses the language when no code has chosen one."""

_TABLES = LOCALE
_chosen: str | None = None
_speaking: ContextVar[str | None] = ContextVar("coursekit_speaking", default=None)
_tables: dict[str, dict[str, str]] = {}
_phrase_books: dict[str, dict[str, str]] = {}


def language_code(code: str) -> str:
    """The course's name for a language written as a person or a system writes it.

    A tag or a locale is looked up among the records' codes, tags and aliases, its
    last subtags dropped one by one (:func:`coursekit.languages.lookup`): Taiwan's and
    Hong Kong's Chinese are the traditional edition, never folded into the simplified.

    >>> language_code("zh-CN"), language_code("zh_CN.UTF-8"), language_code("EN")
    ('zh', 'zh', 'en')
    >>> language_code("zh-TW"), language_code("zh_HK.UTF-8"), language_code("zh-Hant")
    ('zh-Hant', 'zh-Hant', 'zh-Hant')
    >>> language_code("fr")
    Traceback (most recent call last):
    ...
    ValueError: language 'fr' is not one of the course's languages: en, zh, zh-Hant
    """
    found = lookup(code)
    if found is None:
        raise ValueError(
            f"language {code!r} is not one of the course's languages: {', '.join(LANGUAGES)}"
        )
    return found


def set_language(code: str | None) -> None:
    """Choose the language of every message, hint and label (``None``: back to the default).

    A translated notebook calls ``coursekit.set_language(code)`` in its first code cell
    (``"zh"``, ``"zh-Hant"``).
    Without a call, the environment variable ``COURSEKIT_LANG`` decides, else English.
    """
    global _chosen
    _chosen = None if code is None else language_code(code)


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` inside the ``with`` block, in this thread (and task) only.

    The grader grades many submissions at once, each in its own thread and in its own
    language (the submission's ``metadata.coursekit.language``); :func:`set_language`
    would change every thread's.

    >>> with speaking("zh"):
    ...     say("check.correct")
    '✔ 正确。'
    """
    token = _speaking.set(language_code(code))
    try:
        yield language()
    finally:
        _speaking.reset(token)


def language() -> str:
    """The language chosen now: :func:`speaking`, else :func:`set_language`, else
    ``$COURSEKIT_LANG``, else ``"en"``.

    >>> set_language("zh"); language()
    'zh'
    >>> set_language(None)
    """
    spoken = _speaking.get()
    if spoken is not None:
        return spoken
    if _chosen is not None:
        return _chosen
    wanted = os.environ.get(LANGUAGE_VARIABLE, "")
    try:
        return language_code(wanted) if wanted else "en"
    except ValueError:
        return "en"  # an unknown $COURSEKIT_LANG must not break a notebook


def table(code: str) -> dict[str, str]:
    """Every message of one language, key → template.

    A language's messages are split by area into ``coursekit/locale/<code>/<area>.json``
    (``check.json`` for the checks' verdicts, ``ch02.json`` for exercise set 02's hints,
    ``errors.json``, ``widgets.json``, …) so that areas are edited apart; a key must
    appear in one file only.

    Raises
    ------
    ValueError
        If two files of one language give the same key.
    """
    code = language_code(code)
    if code not in _tables:
        _tables[code] = _merged(_TABLES / code)
    return _tables[code]


def _merged(folder: Path) -> dict[str, str]:
    """The JSON objects of every ``*.json`` file in ``folder``, as one.

    Raises
    ------
    ValueError
        If two files give the same key.
    """
    merged: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        if path.name == RECORD:  # the language's record, not a table of messages
            continue
        with open(path, encoding="utf-8") as file:
            part = json.load(file)
        twice = sorted(set(part) & set(merged))
        if twice:
            raise ValueError(f"{path} repeats {twice}")
        merged.update(part)
    return merged


def say(key: str, *, lang: str | None = None, **values: Any) -> str:
    """The message ``key`` in the chosen language, its ``{fields}`` filled in from ``values``.

    A message missing from the Chinese table falls back to English (a test keeps the two
    tables complete); a key in neither is a programming error.

    >>> say("check.correct", lang="en"), say("check.correct", lang="zh")
    ('✔ Correct.', '✔ 正确。')
    >>> say("check.type", lang="zh", what="深度", expected="int", actual="str")
    '深度的类型应为 int，而它的类型是 str。'

    In a language whose record asks for ``cjk_spacing`` (Chinese), a value written in Latin
    letters or digits gets a space where it meets a Chinese character of the template
    (``mtdf_values 的类型``), as Chinese typesetting does:

    >>> say("check.type", lang="zh", what="mtdf_values", expected="list", actual="int")
    'mtdf_values 的类型应为 list，而它的类型是 int。'
    """
    code = language_code(lang) if lang is not None else language()
    template = table(code).get(key)
    if template is None:
        template = table("en").get(key)
    if template is None:
        raise KeyError(f"no message {key!r} in coursekit/locale/en/")
    if not record(code).cjk_spacing:
        return template.format(**values)
    return _spaced(template, values)


_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z0-9_]")


def _spaced(template: str, values: dict[str, Any]) -> str:
    """``template.format(**values)``, with a space between a Latin value and a Chinese
    character of the template beside it."""
    out: list[str] = []
    formatter = string.Formatter()
    for literal, field, spec, conversion in formatter.parse(template):
        if out and out[-1] and literal[:1] and _LATIN.match(out[-1][-1]) and _CJK.match(literal[0]):
            literal = " " + literal
        out.append(literal)
        if field is None:
            continue
        value = formatter.convert_field(formatter.get_field(field, (), values)[0], conversion)
        text = formatter.format_field(value, spec or "")
        before = out[-1][-1:] if out[-1] else ""
        if text and before and _CJK.match(before) and _LATIN.match(text[0]):
            text = " " + text
        out.append(text)
    return "".join(out)


def phrase_book(code: str) -> dict[str, str]:
    """A language's translations of the lines the notebooks' own code prints, English →
    translation (``{}`` for English, whose lines are the code's own).

    The book is split by chapter into ``coursekit/locale/<code>/phrases/chNN.json`` so that
    chapters are translated apart; an English line must appear in one file only.

    Raises
    ------
    ValueError
        If two files of one language translate the same line.
    """
    code = language_code(code)
    if code not in _phrase_books:
        _phrase_books[code] = _merged(_TABLES / code / "phrases")
    return _phrase_books[code]


def tr(english: str, /, **values: Any) -> str:
    """A line that a notebook's own code prints, in the chosen language.

    The code stays readable in English — ``print(tr("value for MAX: {value}", value=v))``
    — and the same code cell prints Chinese in the Chinese notebook: the English template
    is looked up in the language's phrase book (:func:`phrase_book`) and its ``{fields}``
    filled in from ``values``, with :func:`say`'s spacing. A line missing from the book
    comes out in English (``tests/test_phrases.py`` keeps the books complete).

    >>> line = "value for MAX: {value} | positions in the state space: {positions}"
    >>> tr(line, value=1, positions=14)
    'value for MAX: 1 | positions in the state space: 14'
    >>> with speaking("zh"):
    ...     tr(line, value=1, positions=14)
    'MAX 的值：1；状态空间中的局面：14 个'
    """
    code = language()
    template = english if code == "en" else phrase_book(code).get(english, english)
    if not record(code).cjk_spacing:
        return template.format(**values)
    return _spaced(template, values)


def padded(text: str, width: int) -> str:
    """``text`` left-justified to ``width`` columns of a monospaced table, a Chinese
    character counting two (``f"{text:<width}"`` counts it one, so a Chinese row of a
    printed table would stick out).

    Parameters
    ----------
    text : str
        What the cell shows, e.g. ``tr("minimax, symmetry once")``.
    width : int
        The column's width in Latin characters.

    Returns
    -------
    str
        ``text`` and enough spaces after it (none if it is already as wide).

    Examples
    --------
    >>> padded("α-β", 5) + "|"
    'α-β  |'
    >>> padded("最佳", 6) + "|"
    '最佳  |'
    """
    wide = sum(unicodedata.east_asian_width(ch) in "WF" for ch in text)
    return text + " " * max(0, width - len(text) - wide)


SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
"""Digits and minus as superscripts, for a power in printed text (``b^m`` is not mathematics)."""


def power(base: str | int, exponent: str | int) -> str:
    """``base`` to the ``exponent`` as printed text shows it: the exponent raised.

    >>> power(40, 100), power("b", "m"), power("B", "D")
    ('40¹⁰⁰', 'bᵐ', 'Bᴰ')
    """
    raised = str(exponent).translate(SUPERSCRIPT)
    raised = raised.translate(str.maketrans("mdDn", "ᵐᵈᴰⁿ"))
    return f"{base}{raised}"


def power_of_ten(exponent: float) -> str:
    """10 to a (not whole) ``exponent`` in printed text, two significant figures:

    >>> power_of_ten(160.206), power_of_ten(9), power_of_ten(144.3)
    ('1.6 × 10¹⁶⁰', '10⁹', '2.0 × 10¹⁴⁴')
    """
    whole = int(exponent // 1)
    mantissa = 10 ** (exponent - whole)
    if round(mantissa, 1) >= 10:
        whole, mantissa = whole + 1, mantissa / 10
    if abs(mantissa - 1) < 0.05:
        return power(10, whole)
    return f"{mantissa:.1f} × {power(10, whole)}"
