"""Speaker notes that stay out of the reader's way: a closed "Lecturer's notes" line.

A markdown cell of slide type ``notes`` is what the lecturer says beside a slide. In a
notebook, in the lab and in the web book it is a closed HTML ``<details>`` block whose
summary line says what it is (``▸ Lecturer's notes``, in the notebook's language); a click
opens it. Being in the cell's own text, it stays closed however the cell is shown: JupyterLab
renders it so when the notebook opens, again at "Run All" (which shows every text cell: a
cell merely collapsed by ``jupyter.source_hidden`` would open), after a save, and nbconvert's
pages do the same. The slides leave the wrapper out (:func:`without_wrappers`): in reveal.js's
speaker view the notes are read as they are.

The wrapper is presentation, written by ``coursekit execute`` and ``coursekit translate
build`` (:func:`wrap_notes`); authors and translators write only the notes' text, and a
translation file hashes and holds the text alone (:func:`notes_text`).
"""

from __future__ import annotations

import re

import nbformat

from coursekit.text import say

OPEN = '<details class="ck-notes"><summary>{summary}</summary>\n\n'
CLOSE = "\n\n</details>"
WRAPPED = re.compile(
    r'\A<details class="ck-notes"><summary>[^<\n]*</summary>\n\n(?P<text>.*)\n\n</details>\s*\Z',
    re.DOTALL,
)


def is_notes(cell: nbformat.NotebookNode) -> bool:
    """Whether ``cell`` is a text cell of speaker notes (slide type ``notes``)."""
    kind = cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
    return cell.get("cell_type") == "markdown" and kind == "notes"


def notes_text(source: str) -> str:
    """The text of a notes cell's ``source``, without its wrapper (if it has one).

    >>> notes_text(wrapped("Say **more**.", "en"))
    'Say **more**.'
    >>> notes_text("Not wrapped.")
    'Not wrapped.'
    """
    found = WRAPPED.match(source)
    return found["text"] if found else source


def wrapped(text: str, lang: str | None = None) -> str:
    """``text`` (notes, without a wrapper) in the closed block, its summary in ``lang``.

    >>> print(wrapped("Say more.", "en"))
    <details class="ck-notes"><summary>Lecturer's notes</summary>
    <BLANKLINE>
    Say more.
    <BLANKLINE>
    </details>
    """
    summary = say("edition.notes", lang=lang)
    return OPEN.format(summary=summary) + notes_text(text).strip() + CLOSE


def wrap_notes(nb: nbformat.NotebookNode, lang: str | None = None) -> int:
    """Put every notes cell of ``nb`` into its closed block (its summary in ``lang``, else
    the notebook's language) and drop JupyterLab's collapse, which Run All would undo;
    return how many cells changed.

    >>> from nbformat.v4 import new_markdown_cell, new_notebook
    >>> note = new_markdown_cell("say more", metadata={"slideshow": {"slide_type": "notes"},
    ...                                                "jupyter": {"source_hidden": True}})
    >>> nb = new_notebook(cells=[new_markdown_cell("a slide"), note])
    >>> wrap_notes(nb), wrap_notes(nb), "jupyter" in nb.cells[1].metadata
    (1, 0, False)
    >>> nb.cells[1].source.startswith('<details class="ck-notes">')
    True
    """
    lang = lang or nb.metadata.get("coursekit", {}).get("language", "en")
    changed = 0
    for cell in nb.cells:
        if not is_notes(cell):
            continue
        source = wrapped(cell.source, lang)
        look = cell.metadata.get("jupyter", {})
        if source != cell.source or "source_hidden" in look:
            changed += 1
        cell.source = source
        look.pop("source_hidden", None)
        if "jupyter" in cell.metadata and not look:
            del cell.metadata["jupyter"]
    return changed


def without_wrappers(nb: nbformat.NotebookNode, resources: dict):
    """An nbconvert preprocessor for the slides: each notes cell as its text alone (the
    speaker view shows it open).

    >>> from nbformat.v4 import new_markdown_cell, new_notebook
    >>> notes = {"slideshow": {"slide_type": "notes"}}
    >>> note = new_markdown_cell(wrapped("say more"), metadata=notes)
    >>> without_wrappers(new_notebook(cells=[note]), {})[0].cells[0].source
    'say more'
    """
    for cell in nb.cells:
        if is_notes(cell):
            cell.source = notes_text(cell.source)
    return nb, resources
