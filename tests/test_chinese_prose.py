"""The Chinese prose names every control as the Chinese widget labels it (issue #36).

An English chapter names a widget's controls in quotation marks, by the labels the English
widget shows ("Search depth", "Children", "New random tree", a picture's "β cut by G"). The
Chinese text of that cell must name the same control by the label the Chinese widget shows
(“搜索深度”, “子节点顺序”, “新的随机树”, “β剪枝（因 G）”), never by the English one. The
labels come from the widgets themselves: each chapter is run in English and in Chinese
(the session's ``notebook_runs``), and the texts of each widget of one run are paired with
those of the same widget of the other. Both Chinese editions are checked (the traditional
one's text and labels are the simplified ones, converted).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from chinese_text import widget_texts

from coursekit.tools.notebooks.exercise import read_notebook
from coursekit.tools.translation import translate
from coursekit.tools.translation.editions import translated_languages

ROOT = Path(__file__).resolve().parents[1]
QUOTED = re.compile(r'"([^"\n]{1,40})"')
STATE = "application/vnd.jupyter.widget-state+json"
VIEW = "application/vnd.jupyter.widget-view+json"


def widget_models(nb) -> list[dict]:
    """The stored widget models an executed notebook shows: each widget displayed by a cell,
    in the order of the cells, then its children in their order (depth first)."""
    state = nb.metadata.get("widgets", {}).get(STATE, {}).get("state", {})
    shown = [
        output["data"][VIEW]["model_id"]
        for cell in nb.cells
        for output in cell.get("outputs", [])
        if VIEW in output.get("data", {})
    ]
    models, stack = [], list(reversed(shown))
    while stack:
        model = state.get(stack.pop().removeprefix("IPY_MODEL_"))
        if model is not None:
            models.append(model)
            stack.extend(reversed(model["state"].get("children", [])))
    return models


def shown_lines(model: dict) -> list[str]:
    return [line.strip() for text in widget_texts(model["state"]) for line in text.splitlines()]


def label_pairs(english, chinese) -> dict[str, str]:
    """Each text the English run's widgets show → what the same widget shows in Chinese.

    The two runs execute the same code, so they make the same widgets in the same order.
    """
    ours, theirs = widget_models(english), widget_models(chinese)
    assert [m["model_name"] for m in ours] == [m["model_name"] for m in theirs]
    pairs = {}
    for mine, other in zip(ours, theirs, strict=True):
        lines, translated = shown_lines(mine), shown_lines(other)
        if len(lines) == len(translated):
            pairs.update({a: b for a, b in zip(lines, translated, strict=True) if a})
    return pairs


def test_pairs_of_labels_are_found_by_widget_and_order():
    def model(name, **state):
        return {"model_name": name, "state": state}

    def run(*models):
        views = [{"output_type": "display_data", "data": {VIEW: {"model_id": "0"}}}]
        cells = [{"cell_type": "code", "source": "", "outputs": views}]
        box = model("VBoxModel", children=[f"IPY_MODEL_{i + 1}" for i in range(len(models))])
        state = {str(i): m for i, m in enumerate([box, *models])}
        return {"cells": cells, "metadata": {"widgets": {STATE: {"state": state}}}}

    english = run(model("IntSliderModel", description="Search depth"), model("ButtonModel"))
    chinese = run(model("IntSliderModel", description="搜索深度"), model("ButtonModel"))
    from nbformat import from_dict

    assert label_pairs(from_dict(english), from_dict(chinese)) == {"Search depth": "搜索深度"}


CHAPTERS = [  # (master, language): each chapter in each Chinese edition
    (master, language)
    for language in translated_languages()
    for master in translate.masters(ROOT, language)
    if master.parent.name == "notebooks"
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("master", "language"), CHAPTERS, ids=[f"{m.stem}-{lang.code}" for m, lang in CHAPTERS]
)
def test_the_chinese_text_names_each_control_as_the_chinese_widget_does(
    master, language, notebook_runs
):
    english = notebook_runs.executed(master)
    chinese = notebook_runs.executed(translate.built_path(master, language))
    labels = label_pairs(english, chinese)
    sections = translate.sections_of(master, language)
    wrong = []
    for cell in read_notebook(master).cells:
        if cell.cell_type != "markdown":
            continue
        text = sections[cell.get("id")].text
        for name in QUOTED.findall(cell.source):
            if name not in labels:
                continue  # a quotation, not a control's label
            if f"“{labels[name]}”" not in text:
                wrong.append(f'cell {cell.get("id")}: "{name}" should be “{labels[name]}”')
            if labels[name] != name and f"“{name}”" in text:
                wrong.append(f"cell {cell.get('id')}: names the English label “{name}”")
    assert not wrong, "\n".join(wrong)
