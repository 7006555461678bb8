"""`coursekit release` writes exercises/ from solutions/, and exercises/ is never stale."""

from __future__ import annotations

import shutil

import nbformat
import pytest
from exercise_helpers import FIXTURE, REAL_SOLUTIONS, ROOT, cell, real_set_ids

from coursekit.tools.cli import main
from coursekit.tools.grading.release import released_text
from coursekit.tools.notebooks.exercise import STUB, read_notebook


@pytest.fixture
def course(tmp_path):
    """A course folder holding the fixture set as its only solution notebook."""
    (tmp_path / "solutions").mkdir()
    shutil.copy(FIXTURE, tmp_path / "solutions" / FIXTURE.name)
    return tmp_path


def _release(course, *extra):
    return main(
        ["release", "--solutions", str(course / "solutions"), "--out", str(course / "ex"), *extra]
    )


def test_release_writes_once_and_then_finds_nothing_to_do(course, capsys):
    assert _release(course, "--check") == 1
    assert "ex/91_fixture.ipynb is missing" in capsys.readouterr().out
    assert _release(course) == 0
    assert "released" in capsys.readouterr().out
    written = (course / "ex" / "91_fixture.ipynb").read_text()
    assert STUB in written and "### BEGIN SOLUTION" not in written
    assert _release(course) == 0
    assert "is up to date" in capsys.readouterr().out
    assert _release(course, "--check") == 0
    assert "is up to date (1 notebook)" in capsys.readouterr().out
    assert (course / "ex" / "91_fixture.ipynb").read_text() == written


def test_check_notices_a_changed_solution_and_a_hand_edited_exercise(course, capsys):
    _release(course)
    nb = nbformat.read(course / "solutions" / "91_fixture.ipynb", as_version=4)
    cell(nb, "q1").source += "\n\nA clearer question."
    nbformat.write(nb, course / "solutions" / "91_fixture.ipynb")
    capsys.readouterr()
    assert _release(course, "--check") == 1
    assert "91_fixture.ipynb is out of date" in capsys.readouterr().out
    _release(course)
    assert _release(course, "--check") == 0
    exercise = course / "ex" / "91_fixture.ipynb"
    exercise.write_text(exercise.read_text().replace(STUB, "pass"))
    assert _release(course, "--check") == 1


def test_a_released_notebook_whose_solution_is_gone_is_removed(course, capsys):
    shutil.copy(course / "solutions" / "91_fixture.ipynb", course / "solutions" / "92_gone.ipynb")
    _release(course)
    (course / "solutions" / "92_gone.ipynb").unlink()
    (course / "ex" / "notes.ipynb").write_text("{}")  # not made by release: left alone
    assert _release(course, "--check") == 1
    assert "92_gone.ipynb has no solution notebook" in capsys.readouterr().out
    assert _release(course) == 0
    assert not (course / "ex" / "92_gone.ipynb").exists()
    assert (course / "ex" / "notes.ipynb").exists()


def test_a_backup_copy_of_a_released_notebook_is_never_removed(course, capsys):
    _release(course)
    backup = course / "ex" / "91_fixture_backup.ipynb"
    shutil.copy(course / "ex" / "91_fixture.ipynb", backup)
    assert _release(course, "--check") == 0
    assert _release(course) == 0
    assert backup.exists()


@pytest.mark.parametrize("points", [float("nan"), float("inf"), -float("inf")])
def test_release_refuses_points_that_are_not_a_finite_number(course, capsys, points):
    path = course / "solutions" / "91_fixture.ipynb"
    nb = nbformat.read(path, as_version=4)
    cell(nb, "p2").metadata["coursekit"]["points"] = points
    nbformat.write(nb, path)
    assert _release(course) == 2
    assert "cell 10 (id 'p2'): points must be a positive number" in capsys.readouterr().err
    assert not (course / "ex").exists()


def test_a_broken_solution_stops_the_release_with_its_notebook_and_cell(course, capsys):
    path = course / "solutions" / "91_fixture.ipynb"
    nb = nbformat.read(path, as_version=4)
    cell(nb, "p2").metadata.pop("coursekit")
    nbformat.write(nb, path)
    assert _release(course) == 2
    assert "91_fixture.ipynb, cell 10 (id 'p2'): a graded cell needs its points" in (
        capsys.readouterr().err
    )
    assert not (course / "ex").exists()


# ----------------------------------------------------------------- the real sets


def test_there_is_at_least_the_warm_up_set():
    assert ROOT / "solutions" / "00_start_here.ipynb" in REAL_SOLUTIONS


@pytest.mark.parametrize("solution", REAL_SOLUTIONS, ids=real_set_ids)
def test_exercises_are_what_release_would_write(solution):
    released = ROOT / "exercises" / solution.name
    assert released.exists(), f"{released.name} is missing: run `coursekit release`"
    assert released.read_text(encoding="utf-8") == released_text(solution), (
        f"exercises/{solution.name} is stale: run `coursekit release`"
    )


def test_every_released_notebook_has_its_solution():
    names = {path.name for path in REAL_SOLUTIONS}
    for path in sorted((ROOT / "exercises").glob("*.ipynb")):
        assert path.name in names, f"exercises/{path.name} has no solution: run `coursekit release`"
        assert read_notebook(path).metadata["coursekit"]["exercise"] == path.stem
