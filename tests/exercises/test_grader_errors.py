"""A grader's own failure is the grader's: graded again, and never a student's 0 (issue 37)."""

from __future__ import annotations

import csv

import pytest
from exercise_helpers import (
    FIXTURE_ANSWERS,
    TIMEOUT,
    grader_always_failing,
    grader_failing_in_jobs,
    grader_failing_once,
    submission,
    write,
)

from coursekit.tools.grading import grade
from coursekit.tools.grading.grade import GRADER_ERROR, Settings, grade_all, write_csv

pytestmark = pytest.mark.slow


def _class(fixture_set, tmp_path):
    return [
        write(submission(fixture_set, FIXTURE_ANSWERS), tmp_path / f"s{n}_91_fixture.ipynb")
        for n in range(2)
    ]


def test_a_job_the_grader_fails_on_is_graded_again(fixture_set, tmp_path, monkeypatch):
    monkeypatch.setattr(grade, "JOB", grader_failing_once)
    settings = Settings(timeout=TIMEOUT)
    grades = grade_all(_class(fixture_set, tmp_path), {"91_fixture": fixture_set}, jobs=2,
                       progress=False, settings=settings)  # fmt: skip
    assert [g.total for g in grades] == [fixture_set.max_points] * 2, [g.problem for g in grades]


def test_a_grader_that_keeps_failing_gives_no_mark_and_says_why(fixture_set, tmp_path, monkeypatch):
    monkeypatch.setattr(grade, "JOB", grader_always_failing)
    paths = _class(fixture_set, tmp_path)
    grades = grade_all(paths, {"91_fixture": fixture_set}, jobs=2, progress=False,
                       settings=Settings(timeout=TIMEOUT))  # fmt: skip
    assert all(g.internal and g.problem.startswith(GRADER_ERROR) for g in grades)
    write_csv(grades, tmp_path / "grades.csv")
    rows = list(csv.DictReader((tmp_path / "grades.csv").open(encoding="utf-8")))
    assert [row["total"] for row in rows] == ["", ""]  # no number a 0 could be read from
    assert all("grader error" in row["problem"] for row in rows)


def test_when_no_job_process_works_the_last_try_grades_here(fixture_set, tmp_path, monkeypatch):
    monkeypatch.setattr(grade, "JOB", grader_failing_in_jobs)
    grades = grade_all(_class(fixture_set, tmp_path), {"91_fixture": fixture_set}, jobs=2,
                       progress=False, settings=Settings(timeout=TIMEOUT))  # fmt: skip
    assert [g.total for g in grades] == [fixture_set.max_points] * 2, [g.problem for g in grades]
