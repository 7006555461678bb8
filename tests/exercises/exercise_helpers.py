"""Helpers shared by the exercise tests: the fixture exercise set, the real ones, submissions."""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat

from coursekit.tools.notebooks.exercise import ExerciseSet, released_notebook

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


def grader_failing_once(path, sets, *, settings):
    """A grader that fails the first time it meets each submission (as CPython 3.11's
    gh-106905 made it fail at random), then grades it: a job of ``grade_all`` in tests."""
    from coursekit.tools.grading.grade import grade_submission

    marker = Path(str(path) + ".failed-once")
    if not marker.exists():
        marker.write_text("")
        raise SystemError("AST constructor recursion depth mismatch (before=39, after=37)")
    return grade_submission(path, sets, settings=settings)


def grader_always_failing(path, sets, *, settings):
    """A grader that always fails (its own bug): the row must say so and give no mark."""
    raise SystemError("the grader's own bug")


def grader_failing_in_jobs(path, sets, *, settings):
    """A grader that fails in every job process (as when none can start), but not in the
    grading process itself: ``grade_all``'s last try grades there."""
    import multiprocessing

    from coursekit.tools.grading.grade import grade_submission

    if multiprocessing.parent_process() is not None:
        raise SystemError("no job process works here")
    return grade_submission(path, sets, settings=settings)
