"""The comments and docstrings of a translated exercise (tools/translation/code_words.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.tools.notebooks.exercise import is_answer, read_notebook
from coursekit.tools.translation import code_words, translate
from coursekit.tools.translation.editions import translated_languages

ROOT = Path(__file__).resolve().parents[2]

ANSWER = '''leaves = None  # your answer: the number of leaves


def size(b, m):
    """Return (leaves, nodes)."""
    ### BEGIN SOLUTION
    return b**m, 1  # the solution's own comment
    ### END SOLUTION
'''


def exercise() -> nbformat.NotebookNode:
    """A small exercise notebook: an answer cell, a graded cell with a comment, a set-up cell."""
    cells = [
        nbformat.v4.new_code_cell("x = 'a # in a string'  # a set-up comment"),
        nbformat.v4.new_code_cell(ANSWER, metadata={"tags": ["solution"]}),
        nbformat.v4.new_code_cell("check(leaves)  # graded", metadata={"tags": ["check"]}),
    ]
    for cell, cell_id in zip(cells, ("setup", "answer", "graded"), strict=True):
        cell["id"] = cell_id
    return nbformat.v4.new_notebook(cells=cells)


def test_the_words_a_student_meets_are_listed_per_cell_in_order():
    assert code_words.english_words(exercise()) == {
        "setup.code": "a set-up comment",
        "answer.code": "your answer: the number of leaves\nReturn (leaves, nodes).",
    }


def test_a_chapter_keeps_its_comments():
    chapter = exercise()
    chapter.cells[1].metadata = {}
    assert code_words.english_words(chapter) == {}


def test_comments_and_docstrings_are_written_and_the_code_is_kept():
    released = code_words.released(exercise().cells[1])
    pairs = {"your answer: the number of leaves": "你的答案：叶节点的数目"}
    pairs["Return (leaves, nodes)."] = "返回 (叶节点数, 节点数)。"
    out = code_words.translated_source(released, pairs, "zh")
    assert "leaves = None  # 你的答案：叶节点的数目" in out
    assert '    """返回 (叶节点数, 节点数)。"""' in out
    assert "raise NotImplementedError  # 在这里写你的代码" in out
    assert "solution's own comment" not in out  # the region is gone before
    assert ast.dump(ast.parse(out)) != ast.dump(ast.parse(released))  # the docstring changed
    assert without_docstrings(out) == without_docstrings(released)


def without_docstrings(source: str) -> str:
    """The code of ``source`` without its docstrings (comments never reach the AST)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and ast.get_docstring(node):
            node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree)


def test_a_multi_line_docstring_becomes_one_line():
    source = 'def f():\n    """Two\n    lines."""\n    return 1\n'
    out = code_words.translated_source(source, {"Two lines.": "两行。"}, "zh")
    assert out == 'def f():\n    """两行。"""\n    return 1\n'


@given(
    st.lists(st.text(alphabet="abc xyz:,()'.é中文", min_size=1, max_size=20), max_size=4),
    st.text(alphabet="中文字：（）", min_size=1, max_size=10),
)
def test_whatever_the_comments_say_the_code_stays_the_same(texts, chinese):
    lines = [f"v{i} = None  # {text}" for i, text in enumerate(texts)]
    source = "\n".join([*lines, "def f():", '    """Do it."""', "    return 'x # y'"])
    english = [w.text for w in code_words.code_words(source)]
    out = code_words.translated_source(source, dict.fromkeys(english, chinese), "zh")
    assert without_docstrings(out) == without_docstrings(source)
    assert [w.text for w in code_words.code_words(out)] == [" ".join(chinese.split())] * len(
        english
    )


SETS = [
    (master, language)
    for language in translated_languages()
    for master in translate.masters(ROOT, language)
    if translate.released_path(master, language)
]


@pytest.mark.parametrize(
    ("master", "language"), SETS, ids=[f"{m.stem}-{lang.code}" for m, lang in SETS]
)
def test_a_chinese_exercise_runs_the_english_code(master, language):
    """exercises/zh/ (and zh-Hant/) differ from exercises/ in their comments and docstrings
    only, and every answer cell's words are Chinese (the stub's too)."""
    chinese = translate.released_path(master, language)
    english = ROOT / "exercises" / master.name
    ours = [c for c in read_notebook(chinese).cells if c.cell_type == "code"]
    theirs = [c for c in read_notebook(english).cells if c.cell_type == "code"]
    ours = [c for c in ours if c.get("id") != translate.LANGUAGE_CELL_ID]
    assert [c.get("id") for c in ours] == [c.get("id") for c in theirs]
    for mine, master_cell in zip(ours, theirs, strict=True):
        assert without_docstrings(mine.source) == without_docstrings(master_cell.source)
        if is_answer(mine):
            for words in code_words.code_words(mine.source):
                assert any("\u4e00" <= ch <= "\u9fff" for ch in words.text), (mine.id, words)
