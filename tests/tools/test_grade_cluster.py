"""`coursekit grade --scheduler`: the CSV of a local run; a killed batch resumed, not regraded."""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

import nbformat
import pytest

from coursekit.tools.cli import main
from coursekit.tools.grading.batch import journal_path
from coursekit.tools.notebooks.exercise import load_exercise_sets, released_notebook
from coursekit.tools.sandbox.process import sandbox_problem
from tests.tools.killing import kill_when

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here"),
]

SOLUTIONS = Path(__file__).resolve().parent.parent / "exercises" / "fixtures" / "solutions"


def answered(cells: list[str]) -> nbformat.NotebookNode:
    """The fixture set as released, with the solution's answer in the cells ``cells``."""
    exercise = load_exercise_sets(SOLUTIONS)["91_fixture"]
    nb = released_notebook(exercise)
    for cell in nb.cells:
        if cell.get("id") in cells:
            cell.source = next(c for c in exercise.notebook.cells if c.get("id") == cell.id).source
    return nb


@pytest.fixture(scope="module")
def batch(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("submissions")
    nbformat.write(answered(["a1", "a2", "a3", "a4"]), folder / "full_91_fixture.ipynb")
    nbformat.write(answered(["a1"]), folder / "some_91_fixture.ipynb")
    dies = answered(["a1", "a2", "a4"])
    next(c for c in dies.cells if c.get("id") == "a3").source = "import os\nos._exit(1)"
    nbformat.write(dies, folder / "dies_91_fixture.ipynb")
    (folder / "corrupt_91_fixture.ipynb").write_bytes(b'{"cells": [')
    os.symlink(SOLUTIONS / "91_fixture.ipynb", folder / "link_91_fixture.ipynb")
    return folder


def grade(batch: Path, csv: Path, *options: str) -> int:
    arguments = ["grade", str(batch), "--solutions", str(SOLUTIONS), "--csv", str(csv)]
    return main([*arguments, "--seed", "11", "--timeout", "10", *options])


def test_a_batch_on_a_local_cluster_gives_the_same_csv_as_two_jobs(batch, tmp_path):
    assert grade(batch, tmp_path / "jobs.csv", "--jobs", "2") == 0
    assert grade(batch, tmp_path / "cluster.csv", "--scheduler", "local:2") == 0
    local = (tmp_path / "jobs.csv").read_text(encoding="utf-8")
    assert (tmp_path / "cluster.csv").read_text(encoding="utf-8") == local
    assert "symbolic link" in local and "corrupt JSON" in local and ",6.5,6.5," in local
    with sqlite3.connect(journal_path(tmp_path / "cluster.csv")) as journal:
        assert journal.execute("SELECT COUNT(*) FROM grades").fetchone() == (5,)


def graded_rows(csv: Path) -> dict[str, tuple]:
    with sqlite3.connect(journal_path(csv)) as journal:
        rows = journal.execute("SELECT file, sha256, worker, finished FROM grades")
        return {row[0]: row for row in rows}


def test_a_killed_batch_resumes_without_regrading(batch, tmp_path):
    csv = tmp_path / "grades.csv"
    command = [sys.executable, "-m", "coursekit.tools.cli", "grade", str(batch), "--solutions",
               str(SOLUTIONS), "--csv", str(csv), "--seed", "11", "--timeout", "10",
               "--scheduler", "local:1"]  # fmt: skip
    kill_when(command, lambda: journal_path(csv).exists() and _graded_on_workers(csv) >= 1)
    before = graded_rows(csv)
    assert not csv.exists() and 1 <= sum(row[2] != "here" for row in before.values()) < 3
    # the resumed batch takes the journal's seed: no --seed needed
    arguments = ["grade", str(batch), "--solutions", str(SOLUTIONS), "--csv", str(csv)]
    assert main([*arguments, "--timeout", "10", "--scheduler", "local:1", "--resume"]) == 0
    after = graded_rows(csv)
    for file, row in before.items():
        if row[2] != "here":  # graded on a worker before the kill: not graded again
            assert after[file] == row
    assert grade(batch, tmp_path / "jobs.csv", "--jobs", "2") == 0
    assert csv.read_text(encoding="utf-8") == (tmp_path / "jobs.csv").read_text(encoding="utf-8")


def _graded_on_workers(csv: Path) -> int:
    try:
        return sum(row[2] != "here" for row in graded_rows(csv).values())
    except sqlite3.OperationalError:  # the table is being made
        return 0


def test_scheduler_options_that_do_not_go_together_are_refused(batch, tmp_path, capsys):
    assert grade(batch, tmp_path / "a.csv", "--resume") == 2
    assert "--resume goes with --scheduler" in capsys.readouterr().err
    assert grade(batch, tmp_path / "a.csv", "--jobs", "2", "--scheduler", "local:1") == 2
    assert "not both" in capsys.readouterr().err
    assert grade(batch, tmp_path / "a.csv", "--scheduler", "lab:8786") == 2
    assert "give local:N" in capsys.readouterr().err
