"""Every real exercise set (solutions/*.ipynb, present and future) works with check and grade.

For each set: the solution passes `./course check` with full marks; the released
notebook fails every graded cell with an AssertionError and raises nothing else; and the
grader gives full, partial and tampered-and-broken submissions exactly the points they
earn. What a submission earns is found independently of the grader: by running the
submission itself with nbclient and seeing which graded cells raise.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from exercise_helpers import REAL_SOLUTIONS, ROOT, TIMEOUT, cell, real_set_ids, write

from coursekit.tools.grading.check import CHECK_FAILURES, UNANSWERED, run_cells
from coursekit.tools.grading.grade import Settings, grade_all
from coursekit.tools.notebooks.execute import execute_notebook
from coursekit.tools.notebooks.exercise import (
    STUB,
    ExerciseSet,
    load_exercise_set,
    released_notebook,
)
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem

pytestmark = pytest.mark.slow
REAL_TIMEOUT = 2 * TIMEOUT  # real checks run many random cases


@pytest.fixture(scope="module", params=REAL_SOLUTIONS, ids=real_set_ids)
def exercise(request) -> ExerciseSet:
    return load_exercise_set(request.param)


def test_the_launcher_checks_a_solution_with_full_marks():
    """``./course check`` (the launcher students use), on one set: the others are checked
    with the command it runs (``coursekit check``, below)."""
    exercise = load_exercise_set(REAL_SOLUTIONS[0])
    done = subprocess.run(
        [str(ROOT / "course"), "check", str(exercise.path), "--timeout", str(REAL_TIMEOUT)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert_full_marks(exercise, done)


def assert_full_marks(exercise: ExerciseSet, done: subprocess.CompletedProcess) -> None:
    """``coursekit check`` said every part passed and gave the whole score."""
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert re.fullmatch(rf"=+ {len(exercise.parts)} passed in [\d.]+s =+", summary), summary
    total = f"{exercise.max_points:g}"
    assert f"score: {total} of {total} points" in done.stdout


def test_the_released_notebook_fails_every_part_with_an_assertion_and_nothing_else(
    exercise, monkeypatch
):
    monkeypatch.chdir(ROOT)
    results, _ = run_cells(Path("exercises") / exercise.path.name, timeout=REAL_TIMEOUT)
    kinds = {r.index: r for r in results}
    for part in exercise.parts:
        result = kinds[part.index]
        assert result.outcome == "failed" and result.ename in CHECK_FAILURES, (
            f"{part.label}: {result.ename}: {result.evalue}"
        )
    for result in results:
        if result.kind == "answer":
            assert result.outcome == "passed" or result.ename == UNANSWERED, result
        elif result.kind == "other":
            assert result.outcome in ("passed", "skipped"), result


# ------------------------------------------------------------------ the grader


def _with_answers(exercise: ExerciseSet, numbers, replace_stub=None) -> nbformat.NotebookNode:
    """The released notebook with the answers ``numbers`` (from 1) filled in.

    ``replace_stub`` maps other answer numbers to code that replaces their stub line.
    """
    nb = released_notebook(exercise)
    for answer in exercise.answers:
        target = cell(nb, answer.cell_id)
        if answer.number in numbers:
            target.source = cell(exercise.notebook, answer.cell_id).source
        elif replace_stub and answer.number in replace_stub:
            target.source = _replace_stub(target.source, replace_stub[answer.number])
    return nb


def _replace_stub(source: str, code: str) -> str:
    lines = []
    for line in source.splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        if line.strip() == STUB:
            lines += [indent + new for new in code.splitlines()]
        else:
            lines.append(line)
    return "\n".join(lines)


def _parts_by_running(exercise: ExerciseSet, nb, tmp_path) -> dict[int, float]:
    """Part number → its points if its graded cell raises nothing when ``nb`` runs (nbclient)."""
    done = execute_notebook(
        nb, cwd=tmp_path, timeout=REAL_TIMEOUT, retries=0, allow_errors=True, store_widget_state=0
    )
    return {
        part.number: 0
        if any(o.output_type == "error" for o in done.cells[part.index].outputs)
        else part.points
        for part in exercise.parts
    }


def _points_by_running(exercise: ExerciseSet, nb, tmp_path) -> float:
    return sum(_parts_by_running(exercise, nb, tmp_path).values())


def _tamper(exercise: ExerciseSet, nb) -> dict[int, str]:
    """Edit part 1 into `pass`, fake part 2's check, delete part 3; return what was done."""
    done = {}
    parts = exercise.parts
    cell(nb, parts[0].cell_id).source = "pass"
    done[1] = "edited"
    if len(parts) > 1:
        cell(nb, parts[1].cell_id).source = "from coursekit.checks.common import passed\npassed()"
        done[2] = "edited"
    if len(parts) > 2:
        nb.cells.remove(cell(nb, parts[2].cell_id))
        done[3] = "deleted"
    return done


def _runs_a_kernel(exercise: ExerciseSet) -> bool:
    """Whether grading runs the whole notebook in a kernel (a value part not worked by hand)."""
    from coursekit.checks.parts import Value, declarations

    parts = declarations(exercise.name)[1].values()
    return any(isinstance(part, Value) and not part.by_hand for part in parts)


def _at_cell_level(exercise: ExerciseSet, number: int) -> bool:
    """Whether answer ``number``'s stub line runs when its cell runs (not inside a ``def``)."""
    stub = exercise.answers[number - 1].stub
    return any(line == STUB for line in stub.splitlines())


LOOP = "while True:\n    pass"
DIE = "import os\nos._exit(1)"


@pytest.fixture(scope="module")
def graded(exercise, tmp_path_factory):
    """One grading batch per set: a full, a partial and a tampered-and-broken submission.

    The last one has its graded cells tampered with (see :func:`_tamper`), an endless
    loop in place of its first answer and ``os._exit`` in place of its last.
    """
    folder = tmp_path_factory.mktemp(exercise.name)
    everything = range(1, len(exercise.answers) + 1)
    first, last = 1, len(exercise.answers)
    broken = {first: LOOP, last: DIE} if last > first else {first: LOOP} if last else {}
    notebooks = {
        "full": _with_answers(exercise, everything),
        "partial": _with_answers(exercise, everything[0::2]),
        "broken": _with_answers(exercise, set(everything) - set(broken), broken),
    }
    tampered = _tamper(exercise, notebooks["broken"])
    paths = [write(nb, folder / f"{name}.ipynb") for name, nb in notebooks.items()]
    sets = {exercise.name: exercise}
    # as `coursekit grade` does: sealed off where bubblewrap runs, decided in the grader
    sandbox = Sandbox(hidden=[ROOT / "solutions"]) if sandbox_problem() is None else None
    settings = Settings(timeout=REAL_TIMEOUT, sandbox=sandbox)
    grades = grade_all(paths, sets, jobs=2, progress=False, settings=settings)
    return dict(zip(notebooks, grades, strict=True)), notebooks, tampered, broken


def test_a_full_submission_gets_full_marks(exercise, graded):
    grades, *_ = graded
    grade = grades["full"]
    assert grade.total == exercise.max_points, [p.detail for p in grade.parts]
    assert not (grade.tampered or grade.timed_out or grade.kernel_died or grade.problem)
    assert not grade.review, grade.review


def test_a_partial_submission_gets_exactly_the_points_it_earns(exercise, graded, tmp_path):
    grades, notebooks, *_ = graded
    assert grades["partial"].total == _points_by_running(exercise, notebooks["partial"], tmp_path)


def _parts_by_check(done: subprocess.CompletedProcess) -> dict[int, float]:
    """Part number → the points ``coursekit check`` (the student's command) gave it."""
    found = re.findall(r"^[✔✘] part (\d+) \(cell \d+\): ([\d.]+)/", done.stdout, re.MULTILINE)
    return {int(number): float(got) for number, got in found}


@pytest.fixture(scope="module")
def checked(exercise, graded, tmp_path_factory) -> dict[str, subprocess.CompletedProcess]:
    """``coursekit check`` on the full and the partial submission, once per set."""
    _, notebooks, *_ = graded
    folder = tmp_path_factory.mktemp(f"{exercise.name}-check")
    found = {}
    for name in ("full", "partial"):
        (folder / name).mkdir()
        path = write(notebooks[name], folder / name / f"{exercise.name}.ipynb")
        command = [sys.executable, "-m", "coursekit", "check", str(path)]
        found[name] = subprocess.run(
            [*command, "--timeout", str(REAL_TIMEOUT)],
            capture_output=True,
            text=True,
            cwd=path.parent,
        )
    return found


def test_a_full_submission_passes_the_check_command_with_full_marks(exercise, checked):
    assert_full_marks(exercise, checked["full"])


@pytest.mark.parametrize("name", ["full", "partial"])
def test_the_check_command_gives_each_part_the_points_the_grader_gives(
    exercise, graded, checked, name
):
    grades, *_ = graded
    by_check = _parts_by_check(checked[name])
    parts = zip(exercise.parts, grades[name].parts, strict=True)
    assert by_check == {part.number: result.points for part, result in parts}


def test_tampering_a_loop_and_a_dead_kernel_cost_only_their_own_parts(exercise, graded, tmp_path):
    grades, _, tampered, broken = graded
    grade = grades["broken"]
    assert grade.tampered == [f"part {n} {how}" for n, how in tampered.items()]
    # The loop and the exit run, and are reported, where a kernel runs their cell; inside a
    # function they run only when a part calls it (a tampered part is not judged at all).
    first, last = min(broken, default=0), max(broken, default=0)
    if broken and _runs_a_kernel(exercise) and _at_cell_level(exercise, first):
        assert grade.timed_out, "the endless loop was not reported"
    if DIE in broken.values() and _runs_a_kernel(exercise) and _at_cell_level(exercise, last):
        assert grade.kernel_died, "the dead kernel was not reported"
    # What the same submission earns with those answers unanswered, run as it is
    # with the graded cells untouched; the tampered parts then lose their points.
    unanswered = _with_answers(exercise, set(range(1, len(exercise.answers) + 1)) - set(broken))
    by_running = _parts_by_running(exercise, unanswered, tmp_path)
    for part, result in zip(exercise.parts, grade.parts, strict=True):
        earned = 0 if part.number in tampered else by_running[part.number]
        assert result.points == earned, (part.label, result.status, result.detail)


def test_every_part_is_decided_by_the_grader_not_in_the_kernel(exercise):
    """Every real set's check module declares all its parts (docs/exercises.md)."""
    from coursekit.checks.parts import declarations

    found = declarations(exercise.name)
    assert found is not None, f"no coursekit.checks module has EXERCISE = {exercise.name!r}"
    assert sorted(found[1]) == [part.number for part in exercise.parts]
