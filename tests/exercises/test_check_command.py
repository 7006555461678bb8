"""`coursekit check` (the students' command): one test per graded cell, a summary like a score."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from exercise_helpers import FIXTURE, FIXTURE_ANSWERS, TIMEOUT, cell, submission, write

from coursekit.tools.grading.check import CheckError, require_nbval

SUMMARY = re.compile(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed|deselected)")


def check(path):
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "check", str(path), "--timeout", str(TIMEOUT)],
        capture_output=True,
        text=True,
        cwd=path.parent,
    )
    last = done.stdout.strip().splitlines()[-1]
    return done, {word: int(n) for n, word in SUMMARY.findall(last)}


def test_the_solution_passes_with_full_marks():
    done, counts = check(FIXTURE)
    assert done.returncode == 0, done.stdout
    assert counts == {"passed": 4}
    assert "score: 6.5 of 6.5 points" in done.stdout
    assert "::part 4 PASSED" not in done.stdout  # quiet by default: one character per part
    assert "cells that raised an error" not in done.stdout  # outputs are not compared


def test_the_released_notebook_fails_every_part_with_a_hint_and_nothing_else(fixture_set, tmp_path):
    path = write(submission(fixture_set), tmp_path / "91_fixture.ipynb")
    done, counts = check(path)
    assert done.returncode == 1
    assert counts == {"failed": 4}  # the unanswered stubs are not counted
    assert len(re.findall(r"^✘ part \d \(cell \d+\): 0/", done.stdout, re.MULTILINE)) == 4
    assert len(re.findall(r"^✘ (?!part)", done.stdout, re.MULTILINE)) == 4  # one hint each
    assert "no answer yet" in done.stdout and "still raises NotImplementedError" in done.stdout
    assert "cells that raised an error" not in done.stdout
    for number in range(1, 5):
        assert f"91_fixture.ipynb::part {number} " in done.stdout  # failure headings name parts
    assert "score: 0 of 6.5 points" in done.stdout


def test_a_partial_answer_reads_as_its_score(fixture_set, tmp_path):
    path = write(submission(fixture_set, ["a1", "a4"]), tmp_path / "91_fixture.ipynb")
    done, counts = check(path)
    assert counts == {"passed": 2, "failed": 2}
    assert "score: 1.5 of 6.5 points" in done.stdout


def test_answer_errors_are_shown_and_graded_cells_cannot_be_switched_off(fixture_set, tmp_path):
    def mistakes(nb):
        cell(nb, "a1").source = "leaves = B **"  # a syntax error in an answer
        cell(nb, "p1").source = "pass"  # an edited graded cell
        cell(nb, "p2").metadata["tags"] += ["raises-exception", "nbval-skip"]

    path = write(submission(fixture_set, FIXTURE_ANSWERS[1:], mistakes), tmp_path / "x.ipynb")
    done, counts = check(path)
    assert "answer cell 5: SyntaxError: invalid syntax (cell 5, line 1)" in done.stdout
    assert "Part 1 (cell 6) was edited" in done.stdout
    # part 1 scores 0 here, as at grading; the tags on part 2 change nothing: it runs,
    # and passes on its merits
    assert "part 1 (cell 6): 0/1 (graded cell edited: 0 at grading)" in done.stdout
    assert counts == {"passed": 3, "failed": 1}


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("nope.ipynb", None, "no such notebook: {path}"),
        ("broken.ipynb", "{", "{path}: not a notebook: corrupt JSON"),
        ("answers.txt", FIXTURE.read_text(), "{path}: not a notebook (a notebook's name ends"),
        ("answers.py", "x = 1\n", "{path}: not a notebook"),
        ("notes.md", "# Notes\n", "{path}: not a notebook"),
    ],
)
def test_what_is_not_a_notebook_gets_a_clear_error(tmp_path, name, content, message):
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "check", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.startswith("coursekit check: " + message.format(path=path))


def test_the_course_script_offers_the_check_command(repo_root):
    script = (repo_root / "course").read_text()
    assert 'check)\n    setup\n    exec "$VENV/bin/coursekit" check "$@"' in script
    done = subprocess.run([str(repo_root / "course"), "-h"], capture_output=True, text=True)
    assert "./course check NOTEBOOK" in done.stderr
    assert "set -euo" not in done.stderr


def test_without_nbval_the_check_says_how_to_install_it(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "nbval" else real(name)
    )
    with pytest.raises(CheckError, match=r"needs nbval: run `.* -m pip install pytest nbval`"):
        require_nbval()


def test_a_by_hand_part_answered_with_code_scores_what_the_grader_gives(tmp_path):
    """Set 03 part 1 is worked by hand: `minimax(...)` is right but is not literals."""
    from exercise_helpers import REAL_SOLUTIONS

    from coursekit.tools.notebooks.exercise import load_exercise_set

    exercise = load_exercise_set(next(p for p in REAL_SOLUTIONS if p.stem == "03_minimax"))

    def computed(nb):
        cell(nb, "d24d8504").source = (
            "from coursekit.search import minimax\n"
            "values = {n: minimax(TREE, n).value for n in TREE.labels if TREE.children(n)}\n"
            "move = minimax(TREE).move\n"
        )

    done, _ = check(write(submission(exercise, ["d24d8504"]), tmp_path / "03_minimax.ipynb"))
    assert re.search(r"^✔ part 1 \(cell \d+\): 3/3", done.stdout, re.MULTILINE), done.stdout
    done, _ = check(write(submission(exercise, (), computed), tmp_path / "03_minimax.ipynb"))
    assert re.search(r"^✘ part 1 \(cell \d+\): 0/3", done.stdout, re.MULTILINE), done.stdout
    assert "worked out by hand" in done.stdout


def test_a_notebook_downloaded_from_the_lab_checks_as_it_is(tmp_path):
    """The lab's copy starts with its install cell (and names the Pyodide kernel): a
    student who downloads it from the browser checks it with nothing to remove."""
    from coursekit.tools.site import lite

    lab_copy = lite.lite_notebook(FIXTURE, ["coursekit", "chess"], set())
    assert lab_copy.cells[0].id == lite.BOOTSTRAP_ID
    done, counts = check(write(lab_copy, tmp_path / "91_fixture.ipynb"))
    assert done.returncode == 0, done.stdout
    assert counts == {"passed": 4}
    assert "score: 6.5 of 6.5 points" in done.stdout
    assert "cells that raised an error" not in done.stdout, done.stdout
