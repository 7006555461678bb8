"""`coursekit grade` on the fixture set: exact points, tampering, time-outs, dead kernels, junk."""

from __future__ import annotations

import csv
import re
import subprocess
import sys

import nbformat
import pytest
from exercise_helpers import (
    FIXTURE_ANSWERS,
    FIXTURE_PARTS,
    FIXTURE_SOLUTIONS,
    TIMEOUT,
    cell,
    submission,
    write,
)

from coursekit.tools.grading.grade import (
    find_exercise,
    grade_all,
    match_cells,
    merge,
    review_flags,
    submission_paths,
    write_csv,
)
from coursekit.tools.notebooks.exercise import load_exercise_sets, released_notebook

PARTIAL = [("a1", "a4"), ("a2",), ("a2", "a3"), ("a3",)]


def expected_points(answered) -> float:
    """Points of the parts whose answer cells are all answered (from the fixture's table)."""
    return sum(points for needs, points in FIXTURE_PARTS.values() if needs <= set(answered))


def _edit(cell_id, source):
    def change(nb):
        cell(nb, cell_id).source = source

    return change


def _tamper(nb):
    cell(nb, "p1").source = "pass"
    nb.cells.remove(cell(nb, "p2"))
    # a "fixed" call: a correct formula, but not the graded cell that was released
    formula = "lambda b, m: (b**m, sum(b**d for d in range(m + 1)))"
    cell(nb, "p3").source = f"ch00.check_tree_size({formula})"


def _forge_outputs(nb):
    for part in FIXTURE_PARTS:
        graded = cell(nb, part)
        graded.execution_count = 1
        graded.outputs = [nbformat.v4.new_output("stream", name="stdout", text="✔ Correct.\n")]


def _new_ids(nb):
    for number, c in enumerate(nb.cells):
        c["id"] = f"copied-{number}"


STUBBORN = (
    "budget = 10**6\ndepth = None\nwhile True:\n    try:\n        while True:\n            pass\n"
    "    except KeyboardInterrupt:\n        pass  # ignores the interrupt"
)
DIES_IN_CHECK = (
    "def tree_nodes(b, m):\n    if m >= 5:\n        import os\n        os._exit(1)\n"
    "    return sum(b**d for d in range(m + 1))"
)
CHEAT = (
    "import coursekit.checks.ch00 as checks\n"
    "checks.check_leaf_count = lambda **_: print('✔ Correct.')\nleaves = None"
)

# name → (answered cells, a further change): every submission of the fixture batch
NOTEBOOKS = {
    "full": (FIXTURE_ANSWERS, None),
    "forged": ((), _forge_outputs),
    **{"partial_" + "_".join(answered): (answered, None) for answered in PARTIAL},
    "tampered": (FIXTURE_ANSWERS, _tamper),
    "loop": (FIXTURE_ANSWERS, _edit("a1", "leaves = None\nwhile True:\n    pass")),
    "dies": (FIXTURE_ANSWERS, _edit("a3", "import os\nos._exit(1)")),
    "dies_in_check": (FIXTURE_ANSWERS, _edit("a2", DIES_IN_CHECK)),
    "stubborn": (FIXTURE_ANSWERS, _edit("a4", STUBBORN)),
    "new_ids": (FIXTURE_ANSWERS, _new_ids),
    "cheat": (FIXTURE_ANSWERS, _edit("a1", CHEAT)),
}
JUNK = {
    "corrupt_91_fixture.ipynb": b'{"cells": [',
    "91_fixture.txt": b"my answers are in the email",
    "image_91_fixture.ipynb": b"\x89PNG\r\n\x1a\n\x00\x00\xff",
    "json_91_fixture.ipynb": b'{"answer": 42}',
    "empty_91_fixture.ipynb": b"",
}


@pytest.fixture(scope="module")
def sets():
    return load_exercise_sets(FIXTURE_SOLUTIONS)


@pytest.fixture(scope="module")
def batch(sets, tmp_path_factory):
    """Grade every fixture submission at once (in parallel); name → Grade, and the paths."""
    folder = tmp_path_factory.mktemp("submissions")
    exercise = sets["91_fixture"]
    paths = {}
    for name, (answered, change) in NOTEBOOKS.items():
        paths[name] = write(submission(exercise, answered, change), folder / f"{name}.ipynb")
    # graded by its metadata although its name says nothing
    paths["renamed"] = paths.pop("full").rename(folder / "my homework.ipynb")
    # a notebook of no known set
    stranger = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    paths["stranger"] = write(stranger, folder / "stranger.ipynb")
    for name, content in JUNK.items():
        (folder / name).write_bytes(content)
        paths[name] = folder / name
    names = list(paths)
    grades = grade_all([paths[n] for n in names], sets, timeout=TIMEOUT, jobs=2, progress=False)
    return dict(zip(names, grades, strict=True)), paths


def points(grade):
    return [part.points for part in grade.parts]


def test_a_full_answer_gets_every_point_and_nothing_to_report(batch):
    grades, _ = batch
    grade = grades["renamed"]
    assert grade.exercise.name == "91_fixture"
    assert grade.total == 6.5 and points(grade) == [1, 2, 3, 0.5]
    assert not (grade.tampered or grade.timed_out or grade.kernel_died or grade.review)
    assert not (grade.notes or grade.problem)


def test_an_unanswered_notebook_gets_nothing_even_with_forged_outputs(batch):
    grades, _ = batch
    grade = grades["forged"]  # as released, plus "✔ Correct." stored under every graded cell
    assert grade.total == 0
    assert [part.detail.split(":")[0] for part in grade.parts] == ["CheckFailed"] * 4
    assert not grade.tampered and not grade.notes  # stubs raising NotImplementedError: fine


@pytest.mark.parametrize("answered", PARTIAL, ids="_".join)
def test_a_partial_answer_gets_exactly_the_points_of_the_parts_answered(batch, answered):
    grades, _ = batch
    grade = grades["partial_" + "_".join(answered)]
    assert grade.total == expected_points(answered)
    for part, result in zip(FIXTURE_PARTS, grade.parts, strict=True):
        needs, value = FIXTURE_PARTS[part]
        assert result.points == (value if needs <= set(answered) else 0), part


def test_tampered_graded_cells_get_no_points_and_are_reported(batch):
    grades, _ = batch
    grade = grades["tampered"]
    assert grade.tampered == ["part 1 edited", "part 2 deleted", "part 3 edited"]
    assert points(grade) == [0, 0, 0, 0.5]
    assert [part.status for part in grade.parts] == ["tampered"] * 3 + ["passed"]


def test_an_endless_loop_costs_its_own_part_only(batch):
    grades, _ = batch
    grade = grades["loop"]
    assert grade.timed_out == ["answer 1"]
    assert points(grade) == [0, 2, 3, 0.5]
    assert not grade.kernel_died


def test_a_loop_that_ignores_the_interrupt_is_stopped_and_the_rest_still_graded(batch):
    grades, _ = batch
    grade = grades["stubborn"]
    assert grade.timed_out == ["answer 4"]
    assert points(grade) == [1, 2, 3, 0]


def test_a_dead_kernel_is_reported_and_the_other_parts_still_graded(batch):
    grades, _ = batch
    grade = grades["dies"]
    assert len(grade.kernel_died) == 1 and grade.kernel_died[0].startswith("answer 3")
    assert points(grade) == [1, 0, 3, 0.5]  # part 1 ran before the death and counts
    assert "answer 3 uses ._exit" in grade.review


def test_a_kernel_killed_inside_a_check_loses_that_part_only(batch):
    grades, _ = batch
    grade = grades["dies_in_check"]
    assert len(grade.kernel_died) == 1 and grade.kernel_died[0].startswith("part 3")
    assert points(grade) == [1, 2, 0, 0.5]


def test_answers_are_matched_by_order_when_the_ids_changed(batch):
    grades, _ = batch
    grade = grades["new_ids"]
    assert grade.total == 6.5 and not grade.tampered
    assert any("matched by order" in note for note in grade.notes)


def test_answer_code_that_touches_the_checks_is_flagged_for_review(batch):
    grades, _ = batch
    grade = grades["cheat"]
    assert grade.review == ["answer 1 imports coursekit.checks (grading machinery)"]


@pytest.mark.parametrize("name", list(JUNK))
def test_a_file_that_is_not_a_notebook_is_reported_not_a_crash(batch, name):
    grades, _ = batch
    grade = grades[name]
    assert grade.problem.startswith("not a notebook"), grade.problem
    assert grade.exercise is None and grade.total == 0


def test_a_notebook_of_no_known_set_is_reported(batch):
    grades, _ = batch
    assert grades["stranger"].problem.startswith("cannot tell which exercise set")


def test_the_csv_has_a_row_per_submission_a_column_per_part_and_the_reports(batch, tmp_path):
    grades, paths = batch
    out = tmp_path / "grades.csv"
    write_csv(list(grades.values()), out)
    with open(out, newline="", encoding="utf-8") as table:
        reader = csv.DictReader(table)
        rows = list(reader)
    parts = [f"91_fixture part {n}" for n in range(1, 5)]
    reports = ["tampered", "timed_out", "kernel_died", "review", "notes"]
    reports += ["problem", "sandbox", "seed"]
    assert reader.fieldnames == ["file", "exercise", *parts, "total", "max", *reports]
    assert [row["file"] for row in rows] == [str(paths[name]) for name in grades]
    by_name = dict(zip(grades, rows, strict=True))
    assert [by_name["renamed"][p] for p in parts] == ["1", "2", "3", "0.5"]
    assert by_name["renamed"]["total"] == "6.5" and by_name["renamed"]["max"] == "6.5"
    assert by_name["tampered"]["tampered"] == "part 1 edited; part 2 deleted; part 3 edited"
    assert by_name["loop"]["timed_out"] == "answer 1"
    assert by_name["dies"]["kernel_died"].startswith("answer 3")
    assert by_name["corrupt_91_fixture.ipynb"]["problem"].startswith("not a notebook: corrupt")
    assert by_name["corrupt_91_fixture.ipynb"][parts[0]] == ""


def test_the_grade_command_writes_the_csv_and_says_what_it_found(sets, tmp_path):
    exercise = sets["91_fixture"]
    full = write(submission(exercise, FIXTURE_ANSWERS), tmp_path / "a_91_fixture.ipynb")
    bad = write(submission(exercise, FIXTURE_ANSWERS, _tamper), tmp_path / "b_91_fixture.ipynb")
    (tmp_path / "c_91_fixture.ipynb").write_text("{")
    out = tmp_path / "grades.csv"
    command = [sys.executable, "-m", "coursekit", "grade", str(tmp_path), "--csv", str(out)]
    command += ["--solutions", str(FIXTURE_SOLUTIONS), "--timeout", str(TIMEOUT), "--jobs", "2"]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    graded, seed, memory = done.stdout.strip().splitlines()
    assert graded == f"graded 3 submissions into {out} (1 tampered, 1 problem)"
    assert re.fullmatch(r"grader memory: at most \d+ MB in any of its processes", memory)
    assert re.fullmatch(
        r"hidden cases: seed (\d+) \(coursekit grade --seed \1 repeats this run\)", seed
    )
    assert "grading: 100%" in done.stderr and "3/3" in done.stderr  # the progress bar
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(row["file"], row["total"]) for row in rows] == [
        (str(full), "6.5"),
        (str(bad), "0.5"),
        (str(tmp_path / "c_91_fixture.ipynb"), "0"),
    ]


def test_without_nbval_the_grader_stops_once_with_the_fix(sets, tmp_path, monkeypatch, capsys):
    import importlib.util

    from coursekit.tools.cli import main

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "nbval" else real_find_spec(name, *a),
    )
    write(submission(sets["91_fixture"], FIXTURE_ANSWERS), tmp_path / "a_91_fixture.ipynb")
    out = tmp_path / "grades.csv"
    args = ["grade", str(tmp_path), "--csv", str(out), "--solutions", str(FIXTURE_SOLUTIONS)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("needs nbval") == 1 and "pip install pytest nbval" in err
    assert not out.exists()


# ------------------------------------------------------------------ the parts, unit by unit


def test_match_cells_uses_ids_first_then_the_order_of_tagged_cells():
    def code(cell_id, tags=()):
        return nbformat.v4.new_code_cell("", id=cell_id, metadata={"tags": list(tags)})

    cells = [code("x", ["solution"]), code("b", ["solution"]), code("y", ["solution"]), code("z")]
    found, by_order = match_cells(["a", "b", "c"], cells, lambda c: "solution" in c.metadata.tags)
    assert [c.id if c else None for c in found] == ["x", "b", "y"]
    assert by_order == 2
    found, by_order = match_cells(["a", "b", "c", "d"], cells[:2], lambda c: True)
    assert [c.id if c else None for c in found] == ["x", "b", None, None]


def test_find_exercise_reads_metadata_then_the_file_name(sets, tmp_path):
    nb = nbformat.v4.new_notebook()
    assert find_exercise(tmp_path / "alice-91_fixture.ipynb", nb, sets).name == "91_fixture"
    assert find_exercise(tmp_path / "91_fixture (1).ipynb", nb, sets).name == "91_fixture"
    with pytest.raises(ValueError, match="cannot tell"):
        find_exercise(tmp_path / "191_fixture_2.ipynb", nb, {})
    with pytest.raises(ValueError, match=r"known sets: 91_fixture"):
        find_exercise(tmp_path / "x91_fixtures.ipynb", nb, sets)
    nb.metadata["coursekit"] = {"exercise": "91_fixture"}
    assert find_exercise(tmp_path / "whatever.ipynb", nb, sets).name == "91_fixture"


def test_merge_keeps_the_instructors_graded_cells_and_takes_the_students_answers(fixture_set):
    student = submission(fixture_set, ["a1"], _edit("p4", "pass  "))
    cell(student, "p1").source += "   \n\n"  # trailing blanks are not an edit
    cell(student, "setup").source = "import os  # a student's change outside the answers"
    merged = merge(fixture_set, student)
    assert merged.tampered == {4: "edited"}
    assert cell(merged.notebook, "a1").source == cell(fixture_set.notebook, "a1").source
    assert cell(merged.notebook, "a2").source == fixture_set.answers[1].stub
    for cell_id in [*FIXTURE_PARTS, "setup"]:
        assert cell(merged.notebook, cell_id).source == cell(fixture_set.notebook, cell_id).source
    assert all(cell(merged.notebook, a).outputs == [] for a in FIXTURE_ANSWERS)


def test_an_answer_cell_turned_into_markdown_counts_as_missing(fixture_set):
    student = released_notebook(fixture_set)
    index = next(i for i, c in enumerate(student.cells) if c.id == "a1")
    student.cells[index] = nbformat.v4.new_markdown_cell("I don't know", id="a1")
    merged = merge(fixture_set, student)
    assert merged.answers[0] is None
    assert cell(merged.notebook, "a1").source == fixture_set.answers[0].stub


@pytest.mark.parametrize(
    "source, flag",
    [
        ("import coursekit.checks.common as c\nc.require = print", "imports coursekit.checks"),
        ("from coursekit.checks import ch00", "imports coursekit.checks"),
        ("from coursekit import checks", "imports coursekit.checks"),
        ("import coursekit.tools.grading.grade", "imports coursekit.tools"),
        ("import nbval.plugin", "imports nbval"),
        ("import sys\nsys.modules['coursekit.checks.ch00'] = None", "uses .modules"),
        ("import builtins\nbuiltins.print = id", "imports builtins"),
        ("exec('x = 1')", "uses exec"),
        ("setattr(ch00, 'check_leaf_count', print)", "uses setattr"),
        ("vars(ch00)['check_leaf_count'] = print", "uses vars"),
        ("ch00.check_leaf_count.__code__ = print.__code__", "uses .__code__"),
        ("ch00 = object()", "rebinds ch00"),
        ("TREE = None", "rebinds TREE"),
        ("def ch00(): pass", "rebinds ch00"),
        ("class Yes(int):\n    def __eq__(self, other): return True", "defines __eq__"),
        ("class Yes(int):\n    pass", "subclasses int"),
        ("!cat ../solutions/00_start_here.ipynb", "runs shell commands or magics"),
        ("%%bash\ncat /etc/passwd", "runs shell commands or magics"),
        ("text = open('answers.txt').read()", "files (open)"),
        ("from pathlib import Path\nPath('x').write_text('y')", "files (.write_text)"),
        ("import pathlib", "imports pathlib (files)"),
        ("import shutil\nshutil.rmtree('/')", "files (.rmtree)"),
        ("import io\nio.FileIO('x', 'w')", "imports io (files)"),
        ("import os\nos.system('ls')", "processes (.system)"),
        ("import os\nos.execv('/bin/sh', [])", "processes (.execv)"),
        ("import os\nos.fork()", "processes (.fork)"),
        ("import subprocess", "imports subprocess (processes)"),
        ("import multiprocessing", "imports multiprocessing (processes)"),
        ("import runpy\nrunpy.run_path('x.py')", "runs other code (.run_path)"),
        ("import importlib\nimportlib.import_module('x')", "imports importlib"),
        ("get_ipython().set_custom_exc((AssertionError,), print)", "IPython hook .set_custom_exc"),
        ("get_ipython().input_transformers_cleanup.append(f)", "IPython hook .input_transform"),
        ("get_ipython().events.register('pre_run_cell', f)", "IPython hook .events"),
        ("import socket", "imports socket (network)"),
    ],
)
def test_review_flags_catch_the_usual_ways_to_reach_outside(source, flag):
    flags = review_flags(source, protected={"ch00", "TREE"})
    assert any(flag in found for found in flags), flags


def test_review_flags_leave_ordinary_answers_alone(fixture_set):
    for answer in FIXTURE_ANSWERS:
        assert review_flags(cell(fixture_set.notebook, answer).source) == []
    assert review_flags("def f(:") == []  # a syntax error is the check's business


def test_folders_stand_for_the_notebooks_under_them(tmp_path):
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / ".ipynb_checkpoints").mkdir()
    for name in ["alice/01_x.ipynb", "alice/.ipynb_checkpoints/01_x-checkpoint.ipynb", "b.ipynb"]:
        (tmp_path / name).write_text("{}")
    (tmp_path / "notes.txt").write_text("")
    assert submission_paths([tmp_path, tmp_path / "notes.txt"]) == [
        tmp_path / "alice" / "01_x.ipynb",
        tmp_path / "b.ipynb",
        tmp_path / "notes.txt",
    ]
