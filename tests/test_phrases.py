"""The lines the notebooks' own code prints (``coursekit.tr``) have their Chinese.

A chapter's code prints English written in the code, ``tr("value for MAX: {value}", …)``;
the Chinese notebook runs the same code and prints the phrase book's line
(``coursekit/locale/zh/phrases/*.json``). These tests read every master notebook's code
and fail on a line with no translation, a translation whose ``{fields}`` differ, a
translation nothing prints any more, or a ``tr`` whose English the tests cannot read.
"""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import nbformat
import pytest
from IPython.core.inputtransformer2 import TransformerManager

from coursekit.text import phrase_book, speaking, tr

ROOT = Path(__file__).resolve().parents[1]
MASTERS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("solutions/*.ipynb")])
BOOKS = sorted((ROOT / "coursekit/locale/zh/phrases").glob("*.json"))


def tr_calls(source: str) -> list[ast.Call]:
    """Every call of ``tr(…)`` in a code cell (IPython's magics turned into Python first)."""
    tree = ast.parse(TransformerManager().transform_cell(source))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tr"
    ]


def printed_lines() -> dict[str, str]:
    """English line → where it is printed, over every master notebook."""
    found: dict[str, str] = {}
    for path in MASTERS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            for call in tr_calls(cell.source):
                where = f"{path.relative_to(ROOT)} cell {cell.get('id')}"
                first = call.args[0] if call.args else None
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                    f"{where}: tr() must be given its English as a literal string"
                )
                found.setdefault(first.value, where)
    return found


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_notebooks_print_through_tr():
    assert printed_lines(), "no notebook calls tr(): the phrase books would be dead"


def test_every_printed_line_has_its_chinese_with_the_same_fields():
    book = phrase_book("zh")
    for english, where in printed_lines().items():
        assert english in book, f"{where}: no Chinese for {english!r} in locale/zh/phrases/"
        assert fields(book[english]) == fields(english), f"{where}: fields differ for {english!r}"


def test_no_translation_is_left_over():
    stale = sorted(set(phrase_book("zh")) - set(printed_lines()))
    assert not stale, f"nothing prints these any more: {stale}"


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.name)
def test_a_phrase_book_is_flat_json_of_chinese_strings(path):
    book = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(book, dict) and book
    for english, chinese in book.items():
        assert isinstance(chinese, str) and chinese != english, english
        assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese), f"not Chinese: {chinese!r}"


def test_tr_prints_the_chosen_language():
    english = next(iter(phrase_book("zh")))
    values = {name: 7 for name in fields(english)}
    assert tr(english, **values) == english.format(**values)
    with speaking("zh"):
        assert tr(english, **values) != english.format(**values)


def test_a_line_translated_in_two_files_is_named(tmp_path):
    from coursekit.text import _merged

    (tmp_path / "ch01.json").write_text('{"a line": "一行"}', encoding="utf-8")
    (tmp_path / "ch02.json").write_text('{"a line": "另一行"}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"ch02\.json repeats \['a line'\]"):
        _merged(tmp_path)
