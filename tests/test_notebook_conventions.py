"""Every chapter and solution notebook follows the course's notebook conventions."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from coursekit.languages import records

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = [  # the English masters and every language's notebooks built from them
    path
    for language in records()  # the master's folder is "", the others' zh/, zh-Hant/, …
    for base in ("notebooks", "solutions")
    for path in sorted((ROOT / base / language.folder).glob("*.ipynb"))
]
SLIDE_TYPES = {"slide", "subslide", "fragment", "-", "skip", "notes"}
NAME = re.compile(r"^\d\d_[a-z0-9_]+\.ipynb$")


def test_there_are_chapter_notebooks():
    assert (ROOT / "notebooks" / "00_start_here.ipynb") in NOTEBOOKS


@pytest.fixture(params=NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def notebook(request):
    return request.param, nbformat.read(request.param, as_version=4)


def test_name_follows_the_chapter_scheme(notebook):
    path, _ = notebook
    assert NAME.match(path.name), f"{path.name} should be NN_topic.ipynb"


def test_is_valid_and_uses_the_python3_kernel(notebook):
    _, nb = notebook
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"


def test_every_cell_has_slide_metadata(notebook):
    _, nb = notebook
    missing = [
        i
        for i, cell in enumerate(nb.cells)
        if cell.metadata.get("slideshow", {}).get("slide_type") not in SLIDE_TYPES
    ]
    assert not missing, f"cells without a valid slideshow.slide_type: {missing}"


def test_every_speaker_note_is_collapsed_in_jupyterlab(notebook):
    """A notes text says what the slide above says, and more: JupyterLab shows it as one
    grey line (``coursekit execute`` collapses them; so does
    ``coursekit.tools.execute.hide_notes``), the slides as speaker notes."""
    _, nb = notebook
    open_notes = [
        i
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "markdown"
        and cell.metadata.get("slideshow", {}).get("slide_type") == "notes"
        and not cell.metadata.get("jupyter", {}).get("source_hidden")
    ]
    assert not open_notes, f"speaker notes shown in full in JupyterLab: cells {open_notes}"


def test_starts_with_a_title_slide(notebook):
    _, nb = notebook
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert first.metadata["slideshow"]["slide_type"] == "slide"


def test_no_stored_errors_except_where_expected(notebook):
    _, nb = notebook
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or "raises-exception" in cell.metadata.get("tags", []):
            continue
        errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
        assert not errors, f"cell {i} stores an error: {errors[0].ename}"


def test_no_widget_state_is_stored(notebook):
    _, nb = notebook
    assert "widgets" not in nb.metadata, "run `coursekit execute` (it drops widget state)"


def test_checked_outputs_are_stored(notebook):
    _, nb = notebook
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and cell.source.startswith("# NBVAL_CHECK_OUTPUT"):
            assert cell.outputs, f"cell {i} is checked by nbval but stores no output to compare"
