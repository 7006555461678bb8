"""Benchmark: a class of correct submissions, graded sealed with two jobs (issue 21's measure).

    PYTHONPATH=/path/to/checkout python bench/grading_class.py 03_minimax 60

Grades ``COUNT`` copies of the full solution of one exercise set, as `coursekit
grade` does (bubblewrap, 60 s cells, 2 jobs), with the package found on
``PYTHONPATH``; run it once with an older checkout there (a `git worktree` of
the commit to compare) and once with this one, one after the other on the same
machine, and compare the wall times. Prints one line: the wall time, the totals
(all must be full marks) and the grader's peak memory.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

import nbformat

import coursekit
from coursekit.tools.grading.grade import Settings, grade_all
from coursekit.tools.notebooks.exercise import load_exercise_set, released_notebook
from coursekit.tools.sandbox.process import Sandbox


def main(name: str, count: int) -> None:
    root = Path(coursekit.__file__).resolve().parent.parent
    exercise = load_exercise_set(root / "solutions" / f"{name}.ipynb")
    folder = Path(tempfile.mkdtemp(prefix="coursekit-class-"))
    nb = released_notebook(exercise)
    for answer in exercise.answers:
        nb.cells[answer.index].source = exercise.notebook.cells[answer.index].source
    paths = []
    for i in range(count):
        paths.append(folder / f"s{i:02d}_{name}.ipynb")
        nbformat.write(nb, paths[-1])
    settings = Settings(timeout=60, sandbox=Sandbox(hidden=[root / "solutions", folder]))
    started = time.perf_counter()
    grades = grade_all(paths, {exercise.name: exercise}, jobs=2, progress=False, settings=settings)
    wall = time.perf_counter() - started
    totals = sorted({g.total for g in grades})
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{root.name} {name}: {count} submissions, 2 jobs, {wall:.1f} s; totals {totals} of "
        f"{exercise.max_points:g}; grader peak {peak:.0f} MB"
    )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
