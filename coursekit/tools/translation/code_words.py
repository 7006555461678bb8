"""The comments and docstrings of an exercise's code, in the language of its translation.

A translated notebook runs the English master's code, comments included
(docs/text-and-languages.md). An exercise is the exception: its code tells a student what to
write — ``leaves = None  # your answer: the number of leaves``, a function's docstring
above ``raise NotImplementedError  # your code here`` — so the release of a translated
exercise set writes those words in the set's language. Their translation is kept in the
set's translation file, one section per code cell that has any, named after the cell with
:data:`SUFFIX` and hashed like a markdown cell's (a changed English comment makes it
stale)::

    <!-- cell 76effe8a.code en:3f0c8e2a91d4 -->
    你的答案：习题 1 的与或图

one line per comment or docstring, in the cell's order, without the ``#`` or the quotes.
The stub's comment is the message ``check.your_code_here``.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Mapping
from typing import NamedTuple

import nbformat

from coursekit.text import say
from coursekit.tools.notebooks.exercise import STUB, is_answer, is_graded, release_source

SUFFIX = ".code"
"""A translation file's section of a code cell's words is named ``<cell id>.code``."""

STUB_COMMENT = STUB.split("#", 1)[1].strip()
"""``your code here``: the comment of the line that replaces each solution region."""


class Words(NamedTuple):
    """A comment or a docstring of a cell's code, where it stands (lines from 1)."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str
    docstring: bool


def _column(line: str, byte_offset: int) -> int:
    """The character column of an ``ast`` offset (which counts UTF-8 bytes)."""
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


def _docstrings(source: str) -> list[Words]:
    """The docstrings of the functions and classes ``source`` defines."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines, found = source.split("\n"), []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0] if node.body else None
            if ast.get_docstring(node) is None or not isinstance(first, ast.Expr):
                continue
            value = first.value
            start = _column(lines[value.lineno - 1], value.col_offset)
            end = _column(lines[value.end_lineno - 1], value.end_col_offset)
            text = " ".join(ast.get_docstring(node).split())
            found.append(Words(value.lineno, start, value.end_lineno, end, text, True))
    return found


def _comments(source: str) -> list[Words]:
    """The comments of ``source`` (each runs to the end of its line)."""
    found = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                (line, column), (_, end) = token.start, token.end
                found.append(Words(line, column, line, end, token.string[1:].strip(), False))
    except (tokenize.TokenError, SyntaxError):
        return []  # not Python (a cell of shell commands): nothing to translate
    return found


def code_words(source: str) -> list[Words]:
    """The comments and docstrings of Python ``source``, in the order they stand.

    >>> source = "def f():\\n    'Say it.'\\n    x = 1  # '#' here\\n"
    >>> [words.text for words in code_words(source)]
    ['Say it.', "'#' here"]
    """
    return sorted(_comments(source) + _docstrings(source))


def released(cell: nbformat.NotebookNode) -> str:
    """The source a student gets for a code cell: an answer cell's regions replaced by the stub."""
    return release_source(cell.source) if is_answer(cell) else cell.source


def _to_translate(source: str) -> list[Words]:
    return [words for words in code_words(source) if words.text != STUB_COMMENT]


def english_words(nb: nbformat.NotebookNode) -> dict[str, str]:
    """The comments and docstrings an exercise notebook's student meets, by section name:
    one line each, for each code cell as released (the stub's comment aside; a graded cell,
    whose digest the grader checks, as it is); ``{}`` for a notebook without answer cells
    (a chapter keeps its comments English)."""
    if not any(is_answer(cell) for cell in nb.cells):
        return {}
    texts = {}
    for cell in nb.cells:
        if cell.cell_type == "code" and not is_graded(cell):  # a graded cell is kept as is
            lines = [words.text for words in _to_translate(released(cell))]
            if lines:
                texts[cell.get("id") + SUFFIX] = "\n".join(lines)
    return texts


def translated_source(source: str, translations: Mapping[str, str], language: str) -> str:
    """``source`` with each comment and docstring found in ``translations`` (English →
    translation) and the stub's comment in ``language``; everything else as it is.

    >>> translated_source("x = None  # your answer\\nraise NotImplementedError  # your code here",
    ...                   {"your answer": "你的答案"}, "zh")
    'x = None  # 你的答案\\nraise NotImplementedError  # 在这里写你的代码'
    """
    lines = source.split("\n")
    for words in reversed(code_words(source)):
        if words.text == STUB_COMMENT and not words.docstring:
            new = say("check.your_code_here", lang=language)
        else:
            new = translations.get(words.text)
        if new is None:
            continue
        new = f'"""{new}"""' if words.docstring else "# " + new
        first, last = lines[words.line - 1], lines[words.end_line - 1]
        lines[words.line - 1 : words.end_line] = [
            first[: words.column] + new + last[words.end_column :]
        ]
    return "\n".join(lines)


def translate_code_words(
    nb: nbformat.NotebookNode, sections: Mapping[str, str], language: str
) -> None:
    """Write the comments and docstrings of a released exercise notebook ``nb`` (in place)
    from the translation file's ``sections`` (section name → text), in ``language``.

    The words of each cell are paired in order with the lines of its section, which names
    the words of the solution notebook's cell that the released cell keeps.
    """
    for cell in nb.cells:
        if cell.cell_type != "code" or is_graded(cell):  # its digest proves it untouched
            continue
        lines = sections.get(cell.get("id") + SUFFIX, "").splitlines()
        english = [words.text for words in _to_translate(cell.source)]
        pairs = dict(zip(english, lines, strict=False))
        cell.source = translated_source(cell.source, pairs, language)
