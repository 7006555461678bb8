"""The Chinese edition as a student meets it: nothing left in English (issue #36).

Every Chinese notebook of both editions — chapters, solutions and the blank exercises — is
run top to bottom in a fresh kernel (once per session: the ``notebook_runs`` store of
tests/notebook_runs.py, shared with nbval, the exports and the web book) and everything a
student can read in it is scanned:
outputs, error messages and hints, and the stored state of its widgets (labels, choices,
tooltips, step captions, the texts of its pictures, the words the page writes around them).
Then the typical mistakes of ``tests/student_mistakes.py`` are typed into the simplified
Chinese exercises and widgets (the traditional edition's messages are the same, converted),
and every hint and message they bring is scanned the same way.
What may stay English, and why, is in ``tests/chinese_text.py``.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
from chinese_text import answer_data, english_lines, english_words, shown_texts, widget_texts
from student_mistakes import MISTAKES, WIDGET_MISTAKES

from coursekit.tools.notebooks.exercise import is_graded, read_notebook
from coursekit.tools.translation.editions import translated_languages

ROOT = Path(__file__).resolve().parents[1]
EDITION = [  # both Chinese editions: simplified, and traditional (converted from it)
    path
    for language in translated_languages()
    for folder in ("notebooks", "solutions", "exercises")
    for path in sorted((ROOT / folder / language.folder).glob("*.ipynb"))
]
HANZI = re.compile(r"[\u4e00-\u9fff]")
CELL_TIMEOUT = 300  # seconds: a loaded machine, and a student's slow function


@pytest.mark.slow
@pytest.mark.parametrize("path", EDITION, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_chinese_notebook_run_afresh_shows_no_english(path, notebook_runs):
    nb = notebook_runs.executed(path)
    found = english_lines(nb, answer_data(path.stem))
    assert not found, f"{path.relative_to(ROOT)} shows English:\n  " + "\n  ".join(found)


@pytest.mark.slow
def test_the_scan_reads_the_widgets_their_pictures_and_their_page(notebook_runs):
    """The scan above reaches what a student sees beside the outputs (it could miss it)."""
    nb = notebook_runs.executed(ROOT / "notebooks/zh/04_alphabeta.ipynb")
    texts = [text for where, text, _ in shown_texts(nb) if where.startswith("widget")]
    assert "算法" in texts and "子节点顺序" in texts  # the tree explorer's labels
    assert "α-β剪枝" in texts  # a dropdown's choice
    assert any(text.startswith("α-β剪枝：第 ") for text in texts)  # a step's caption
    assert any(text.startswith("更多 ▸") for text in texts)  # the page's words
    assert any(re.search(r"[αβ]剪枝（因 \w+）", text) for text in texts)  # a picture's cut


def mistaken(name: str, k: int):
    """The Chinese exercise set ``name`` with the k-th mistake of every answer cell typed in."""
    nb = copy.deepcopy(read_notebook(ROOT / "exercises" / "zh" / f"{name}.ipynb"))
    for cell in nb.cells:
        mistakes = MISTAKES[name].get(cell.get("id"))
        if mistakes:
            cell.source = mistakes[min(k, len(mistakes) - 1)]
    return nb


RUNS = [(name, k) for name, cells in MISTAKES.items() for k in range(max(map(len, cells.values())))]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "k"), RUNS, ids=[f"{n}-{k}" for n, k in RUNS])
def test_mistakes_in_a_chinese_exercise_get_chinese_hints(name, k):
    from coursekit.tools.notebooks.execute import execute_notebook

    folder = ROOT / "exercises" / "zh"
    nb = execute_notebook(  # a cell that shows a wrong answer may fail too: go on
        mistaken(name, k),
        cwd=folder,
        timeout=CELL_TIMEOUT,
        store_widget_state=False,
        allow_errors=True,
        name=name,
    )
    graded = [cell for cell in nb.cells if is_graded(cell)]
    for cell in graded:  # every answer is wrong: every part fails, with a hint in Chinese
        errors = [o for o in cell.outputs if o.get("output_type") == "error"]
        assert errors, f"{name} run {k}: cell {cell.get('id')} passed a mistake"
        hint = errors[0].evalue
        assert HANZI.search(hint), f"{name} run {k}: {hint}"
        assert "Fraction(" not in hint, f"{name} run {k}: a value as Python writes it: {hint}"
    found = english_lines(nb, answer_data(name))
    assert not found, f"{name}, mistakes run {k}, shows English:\n  " + "\n  ".join(found)


@pytest.mark.parametrize(
    ("name", "options", "actions"), WIDGET_MISTAKES, ids=[m[0] for m in WIDGET_MISTAKES]
)
def test_mistakes_in_a_chinese_widget_are_told_in_chinese(name, options, actions, chinese):
    from ipywidgets.embed import dependency_state

    import coursekit.widgets

    widget = getattr(coursekit.widgets, name)(**options)
    for kind, attribute, value in actions:
        if kind == "set":
            getattr(widget, attribute).value = value
        else:
            getattr(widget, attribute)(value)
    state = dependency_state([widget], drop_defaults=False)
    feedback = [
        model["state"]["value"]
        for model in state.values()
        if "ck-feedback" in model["state"].get("_dom_classes", ())
    ]
    if feedback:  # the mistake is told beside its box, in Chinese
        assert any(HANZI.search(message) for message in feedback), f"{name}: {feedback}"
    found = [
        f"{model['model_name']}: {line.strip()}  {english_words(line)}"
        for model in state.values()
        for text in widget_texts(model["state"])
        for line in text.splitlines()
        if english_words(line)
    ]
    assert not found, f"{name} shows English:\n  " + "\n  ".join(found)
