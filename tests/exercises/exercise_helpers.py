"""Helpers shared by the exercise tests: the fixture exercise set, the real ones, submissions."""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat

from coursekit.tools.exercise import ExerciseSet, released_notebook

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FIXTURE_SOLUTIONS = HERE / "fixtures" / "solutions"
FIXTURE = FIXTURE_SOLUTIONS / "91_fixture.ipynb"
REAL_SOLUTIONS = sorted((ROOT / "solutions").glob("*.ipynb"))

# The fixture set: which answer cells each part needs, and its points.
FIXTURE_PARTS = {"p1": ({"a1"}, 1), "p2": ({"a2", "a3"}, 2), "p3": ({"a2"}, 3), "p4": ({"a4"}, 0.5)}
FIXTURE_ANSWERS = ["a1", "a2", "a3", "a4"]

TIMEOUT = 5
"""Seconds per cell in these tests: every honest cell here takes well under one."""


def real_set_ids(path: Path) -> str:
    return path.stem


def cell(nb: nbformat.NotebookNode, cell_id: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if c.get("id") == cell_id)


def submission(exercise: ExerciseSet, answered=(), edit=None) -> nbformat.NotebookNode:
    """The released notebook of ``exercise`` with the answers of the cells ``answered`` filled in.

    ``answered`` holds answer-cell ids; ``edit`` (optional) changes the notebook further.
    """
    nb = released_notebook(exercise)
    for cell_id in answered:
        cell(nb, cell_id).source = cell(exercise.notebook, cell_id).source
    nb = copy.deepcopy(nb)
    if edit is not None:
        edit(nb)
    return nb


def write(nb: nbformat.NotebookNode, path: Path) -> Path:
    nbformat.write(nb, path)
    return path
