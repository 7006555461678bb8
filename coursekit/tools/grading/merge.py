"""A submission's answers put into the instructor's notebook: what the grader runs.

A student's file is never run as it is. :func:`find_exercise` tells which
exercise set it is; :func:`merge` takes its *answer cells* — matched by cell
id, falling back to the order of the cells tagged ``solution``
(:func:`match_cells`) — and puts them into the instructor's solution
notebook in place of the solutions, so that every graded cell is the
instructor's original; a graded cell the student edited or deleted makes its
part *tampered*. :func:`stand_in` then puts, in place of each graded cell of a
declared part, the cell that writes its answer as data.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from coursekit.checks import parts as declared_parts
from coursekit.tools.notebooks.exercise import ExerciseSet, is_answer, is_graded, source_digest

if TYPE_CHECKING:
    from pathlib import Path

    import nbformat


def find_exercise(
    path: Path, nb: nbformat.NotebookNode, sets: dict[str, ExerciseSet]
) -> ExerciseSet:
    """The exercise set of a submission: from its metadata, else from its file name."""
    named = nb.get("metadata", {}).get("coursekit", {})
    name = named.get("exercise") if isinstance(named, dict) else None
    if name in sets:
        return sets[name]
    file_name = path.name.lower()
    in_name = [s for s in sets if re.search(rf"(?<![a-z0-9]){re.escape(s)}(?![a-z0-9])", file_name)]
    if in_name:
        return sets[max(in_name, key=len)]
    known = ", ".join(sets) or "none"
    raise ValueError(
        f"cannot tell which exercise set this is: no coursekit.exercise in its metadata and "
        f"no set name in the file name (known sets: {known})"
    )


def match_cells(
    wanted_ids: Sequence[str],
    cells: Sequence[nbformat.NotebookNode],
    tagged: Callable[[nbformat.NotebookNode], bool],
) -> tuple[list[nbformat.NotebookNode | None], int]:
    """The submission's cell for each wanted id, and how many were matched by order.

    A cell is matched by its id; the wanted ids left over take, in order, the
    ``tagged`` cells that matched no id (a notebook copied cell by cell into a
    new file keeps its tags but gets new ids).
    """
    by_id = {cell.get("id"): cell for cell in cells if cell.get("id")}
    found: list[nbformat.NotebookNode | None] = [by_id.get(cell_id) for cell_id in wanted_ids]
    taken = {id(cell) for cell in found if cell is not None}
    spare = iter([cell for cell in cells if tagged(cell) and id(cell) not in taken])
    by_order = 0
    for i, cell in enumerate(found):
        if cell is None:
            found[i] = next(spare, None)
            by_order += found[i] is not None
    return found, by_order


# ------------------------------------------------------------------ merging


@dataclass
class Merged:
    """The notebook to run for a submission and what was found while building it."""

    notebook: nbformat.NotebookNode
    answers: list[str | None]  # the student's source of each answer cell, None if missing
    tampered: dict[int, str]  # part number → "edited" / "deleted"
    by_order: int


def merge(exercise: ExerciseSet, submission: nbformat.NotebookNode) -> Merged:
    """Put the submission's answers into the instructor's notebook; find tampered parts."""
    cells = [cell for cell in submission.cells if isinstance(cell, dict)]
    answer_cells, answers_by_order = match_cells(
        [a.cell_id for a in exercise.answers], cells, is_answer
    )
    graded_cells, graded_by_order = match_cells(
        [p.cell_id for p in exercise.parts], cells, is_graded
    )
    nb = copy.deepcopy(exercise.notebook)
    answers: list[str | None] = []
    for answer, cell in zip(exercise.answers, answer_cells, strict=True):
        source = (
            cell.get("source") if cell is not None and cell.get("cell_type") == "code" else None
        )
        answers.append(source if isinstance(source, str) else None)
        target = nb.cells[answer.index]
        target.source = answers[-1] if answers[-1] is not None else answer.stub
        target.outputs = []
        target.execution_count = None
    tampered = {}
    for part, cell in zip(exercise.parts, graded_cells, strict=True):
        if cell is None or cell.get("cell_type") != "code":
            tampered[part.number] = "deleted"
        elif source_digest(str(cell.get("source", ""))) != part.digest:
            tampered[part.number] = "edited"
    return Merged(nb, answers, tampered, answers_by_order + graded_by_order)


def neutralise(nb: nbformat.NotebookNode, exercise: ExerciseSet, index: int) -> None:
    """Keep cell ``index`` from running again: an answer back to its stub, others skipped."""
    stubs = {a.index: a.stub for a in exercise.answers}
    cell = nb.cells[index]
    if index in stubs:
        cell.source = stubs[index]
    elif "nbval-skip" not in cell.metadata.setdefault("tags", []):
        cell.metadata.tags.append("nbval-skip")


def cell_labels(exercise: ExerciseSet) -> dict[int, str]:
    """Cell index → "part k" / "answer k" / "cell n", as reports name them."""
    labels = {p.index: p.label for p in exercise.parts}
    labels.update({a.index: a.label for a in exercise.answers})
    return labels


def stand_in(nb: nbformat.NotebookNode, declared: dict) -> dict[int, str]:
    """Put, in place of each value part's graded cell, the cell that exports its data.

    Returns part number → the file (in the run's folder) the data will be in.
    """
    files = {}
    graded = [cell for cell in nb.cells if is_graded(cell)]
    for number, cell in enumerate(graded, 1):
        part = declared.get(number)
        if isinstance(part, declared_parts.Value) and not part.by_hand:
            files[number] = f"part-{number}.json"
            cell.source = declared_parts.export_source(part, files[number])
        elif part is not None:  # decided elsewhere: nothing of the answers runs here
            cell.source = "pass"
    return files
