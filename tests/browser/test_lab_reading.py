"""What a student reading a chapter in JupyterLab meets: closed speaker notes, boxes that apply.

One JupyterLab (1366×768) serves a copy of ``notebooks/`` for this module. In English and
in Chinese, in the light and the dark theme:

- every speaker note is one closed line, "Lecturer's notes", when the chapter opens, after
  Run All (which renders every text cell: JupyterLab's own collapse would open) and after a
  save and a reload; the file saved still holds each note wrapped, none collapsed by
  JupyterLab (``coursekit.tools.notebooks.speaker_notes``);
- the tree explorer's box applies a tree on Enter (no new line is added), says so beside it,
  and the result line follows (``graph_view.js``'s key listener, ``applies_on_enter``).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from coursekit.text import say
from coursekit.tools.notebooks.speaker_notes import is_notes
from tests.browser.test_lab import Lab
from tests.conftest import jupyter_lab

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LAPTOP = {"width": 1366, "height": 768}
IDLE_JS = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const session = panel && panel.sessionContext && panel.sessionContext.session;
  return Boolean(panel && panel.content && session && session.kernel
                 && session.kernel.status === "idle");
}"""
RAN_ALL_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === "code" && cell.sharedModel.getSource().trim() && !cell.executionCount)
      return false;
  }
  return panel.sessionContext.session.kernel.status === "idle";
}"""
# The notes as the page shows them: each closed block, whether it is open, whether it shows
# more than its summary line, and JupyterLab's own collapsed inputs.
NOTES_JS = """() => {
  const notes = [...document.querySelectorAll(".jp-MarkdownCell details.ck-notes")];
  // shown: the block is taller than its summary line (its text is laid out under it)
  const tall = (d) => d.getBoundingClientRect().height
      > d.querySelector("summary").getBoundingClientRect().height + 4;
  return {
    count: notes.length,
    open: notes.filter((d) => d.open).length,
    shownText: notes.filter(tall).length,
    summaries: [...new Set(notes.map((d) => d.querySelector("summary").textContent.trim()))],
    collapsed: document.querySelectorAll(".jp-MarkdownCell .jp-Placeholder").length,
  };
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[Lab]:
    """A fresh JupyterLab serving a copy of notebooks/ (both editions) and a tree notebook."""
    work = tmp_path_factory.mktemp("lab-reading")
    root = work / "notebooks"
    shutil.copytree(ROOT / "notebooks", root)
    for language in ("en", "zh"):
        nb = nbformat.v4.new_notebook()
        nb.cells = [
            nbformat.v4.new_code_cell(
                f"import coursekit\ncoursekit.set_language({language!r})\n"
                "from coursekit.widgets import TreeExplorer\nTreeExplorer()"
            )
        ]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}  # fmt: skip
        nbformat.write(nb, root / f"tree_{language}.ipynb")
    with jupyter_lab(work, root, python_path=str(ROOT)) as (base, token):
        yield Lab(base, token, root)


def open_notebook(open_page, lab: Lab, notebook: str, theme: str):
    page, log = open_page(lab.base)
    page.set_viewport_size(LAPTOP)
    page.goto(lab.url(notebook))
    page.wait_for_function(IDLE_JS, timeout=180_000)
    if theme == "dark":
        page.evaluate(
            "() => window.jupyterapp.commands.execute('apputils:change-theme',"
            " {theme: 'JupyterLab Dark'})"
        )
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    return page, log


def run_all(page) -> None:
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(RAN_ALL_JS, timeout=600_000, polling=500)


def assert_notes_closed(page, expected: int, summary: str, where: str) -> None:
    found = page.evaluate(NOTES_JS)
    assert found["count"] == expected, f"{where}: {found['count']} of {expected} notes shown closed"
    assert found["open"] == 0 and found["shownText"] == 0, f"{where}: notes open: {found}"
    assert found["summaries"] == [summary], f"{where}: {found['summaries']}"
    assert found["collapsed"] == 0, f"{where}: raw Markdown collapsed by JupyterLab: {found}"


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(
    "notebook", ["00_start_here.ipynb", "zh/00_start_here.ipynb", "zh/04_alphabeta.ipynb"]
)
def test_speaker_notes_stay_closed_through_run_all_and_save(
    notebook, theme, lab, open_page, artifacts
):
    if notebook.startswith("zh/04") and theme == "dark":
        pytest.skip("chapter 04 once (its Run All is long): the light theme")
    nb = nbformat.read(lab.root / notebook, as_version=4)
    expected = sum(is_notes(cell) for cell in nb.cells)
    language = nb.metadata.get("coursekit", {}).get("language", "en")
    summary = say("edition.notes", lang=language)
    assert expected >= 9, f"{notebook} has {expected} notes"
    page, log = open_notebook(open_page, lab, notebook, theme)
    where = f"{notebook} ({theme})"
    assert_notes_closed(page, expected, summary, f"{where}, opened")
    run_all(page)
    assert_notes_closed(page, expected, summary, f"{where}, after Run All")
    shots = artifacts / "lab-reading"
    shots.mkdir(parents=True, exist_ok=True)
    name = notebook.replace("/", "-").removesuffix(".ipynb")
    page.screenshot(path=shots / f"notes-{name}-{theme}.png")
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    saved = json.loads((lab.root / notebook).read_text(encoding="utf-8"))
    notes = [c for c in saved["cells"] if is_notes(c)]
    assert len(notes) == expected
    assert all("".join(c["source"]).startswith('<details class="ck-notes">') for c in notes)
    assert not [c for c in notes if c["metadata"].get("jupyter", {}).get("source_hidden")]
    page.reload()
    page.wait_for_function(IDLE_JS, timeout=180_000)
    assert_notes_closed(page, expected, summary, f"{where}, saved and opened again")
    assert log.blocked == []


TREE = "[[3, 12, 8], [2, 4, 6], [14, 5, 7]]"


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_enter_applies_a_tree_and_the_box_says_so(language, theme, lab, open_page, artifacts):
    page, log = open_notebook(open_page, lab, f"tree_{language}.ipynb", theme)
    run_all(page)
    box = page.locator(".ck-tree-input textarea")
    box.wait_for(timeout=60_000)
    hint = page.locator(".ck-feedback .ck-hint")
    assert hint.inner_text() == say("widgets.applies_on_enter", lang=language)
    result = page.locator(".ck-result").first
    before = result.inner_text()
    box.fill(TREE)
    box.press("Enter")
    page.wait_for_function(
        "([old]) => document.querySelector('.ck-result').innerText !== old", arg=[before],
        timeout=60_000,
    )  # fmt: skip
    assert box.input_value() == TREE, "Enter added a line instead of applying the tree"
    assert "3" in result.inner_text() and result.inner_text() != before
    shots = artifacts / "lab-reading"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=shots / f"tree-enter-{language}-{theme}.png")
    # Shift+Enter is a new line; the tree is applied again when the box is left
    box.press("Shift+Enter")
    assert box.input_value() == TREE + "\n"
    assert log.blocked == []
