"""No grade depends on the machine's load (issue 37): a class graded on a machine kept busy.

Two processes burn a processor each for the whole run while the grader
grades honest submissions of three sets, three jobs at a time. Every
submission gets full marks: time limits are processor time, each job is a
process of its own (no syntax trees built in parallel threads), and a job the
grader fails on is graded again rather than scored 0.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from exercise_helpers import REAL_SOLUTIONS, ROOT, submission, write

from coursekit.tools.grading.grade import Settings, grade_all
from coursekit.tools.notebooks.exercise import load_exercise_set
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem

pytestmark = pytest.mark.slow

SETS = ("00_start_here", "01_game_theory", "03_minimax")
BURN = "while True:\n    pass\n"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("busy")
    exercises = {p.stem: load_exercise_set(p) for p in REAL_SOLUTIONS if p.stem in SETS}
    paths = []
    for copy in range(2):
        for name, exercise in exercises.items():
            honest = submission(exercise, [a.cell_id for a in exercise.answers])
            paths.append(write(honest, folder / f"student{copy}_{name}.ipynb"))
    sandbox = Sandbox(hidden=[ROOT / "solutions"]) if sandbox_problem() is None else None
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(2)]
    try:
        settings = Settings(timeout=10, sandbox=sandbox)
        grades = grade_all(paths, exercises, jobs=3, progress=False, settings=settings)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    return grades


def test_every_honest_submission_gets_full_marks_on_a_busy_machine(graded):
    for grade in graded:
        assert grade.exercise is not None, grade.problem
        assert grade.total == grade.exercise.max_points, (
            grade.file, [(p.status, p.detail[:200]) for p in grade.parts], grade.problem
        )  # fmt: skip
        assert not grade.internal and not grade.timed_out
