"""Every chapter and solution notebook follows the course's notebook conventions."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from coursekit.languages import records
from coursekit.tools.notebooks.speaker_notes import is_notes, wrapped

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


def test_every_speaker_note_is_a_closed_lecturers_note(notebook):
    """A notes text says what the slide above says, and more: in JupyterLab, the lab and the
    web book it is one closed line, "Lecturer's notes" in the notebook's language
    (``coursekit execute`` and ``coursekit translate build`` wrap it:
    ``coursekit.tools.notebooks.speaker_notes``), which stays closed through Run All and a save; the
    slides show it as speaker notes."""
    _, nb = notebook
    lang = nb.metadata.get("coursekit", {}).get("language", "en")
    notes = [cell for cell in nb.cells if is_notes(cell)]
    open_ = [cell.id for cell in notes if cell.source != wrapped(cell.source, lang)]
    hidden = [cell.id for cell in notes if cell.metadata.get("jupyter", {}).get("source_hidden")]
    assert not open_, f"notes not in their closed block (`coursekit execute` wraps them): {open_}"
    assert not hidden, f"notes collapsed by JupyterLab, which Run All opens: {hidden}"


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


CARET = re.compile(r"\$[^$\n]+\$|`[^`\n]*`|(?P<caret>\w\^[\w(⌈⌊])")
"""An exponent written with a caret (``b^m``, ``O(b^(m/2))``), outside mathematics
(``$b^m$``) and code (`` `mine ^ taken` ``)."""


def test_exponents_are_written_as_mathematics(notebook):
    """Issue #38: slides showed ``b^m`` and ``O(b^(m/2))`` as typed; ``$b^m$`` is typeset."""
    _, nb = notebook
    carets = [
        (cell.get("id"), found["caret"])
        for cell in nb.cells
        if cell.cell_type == "markdown"
        for found in CARET.finditer(cell.source)
        if found["caret"]
    ]
    assert not carets, f"exponents written with a caret (write $b^m$): {carets[:5]}"
