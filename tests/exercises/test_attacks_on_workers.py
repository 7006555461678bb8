"""The grader's attack suite again, graded on Dask workers (`coursekit grade --scheduler`).

The attacks are test_attacks.py's, each in one answer cell of a released
notebook; here the batch runs as tasks on a local cluster's workers, which get
each submission's bytes and grade it in their own sandbox. The same defences
must hold: no attack earns a point, the honest submission keeps full marks,
links and FIFOs are refused before anything is read, the instructor's secret
reaches no output, nothing is written beside the submissions and no process of
a submission outlives the batch.
"""

from __future__ import annotations

import ctypes
import os
import time

import pytest
import test_attacks as attacks
from exercise_helpers import REAL_SOLUTIONS, ROOT, TIMEOUT, cell, submission, write
from plain_user import sandboxes_below

from coursekit.tools.grading.batch import grade_batch
from coursekit.tools.grading.grade import Settings, feedback_text
from coursekit.tools.notebooks.exercise import load_exercise_set
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here"),
]

# a few of each kind: library calls, forged replies, killing the grader, orphans, floods
FUNCTION = ["module_name", "other_search", "forged_replies", "kill_the_grader", "orphan",
            "huge_reply", "pickled_reply", "environment_in_hint"]  # fmt: skip
MACHINE = ["disk_fill", "flood_output", "network", "environment_in_note"]

PR_SET_CHILD_SUBREAPER = 36


def adopt_orphans() -> None:
    """Make this process the one that orphans below it are given to (not the machine's init),
    so that a sandbox which outlived its worker is still found below this test's lane."""
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")


def left_below_us(seconds: float = 10.0) -> list[str]:
    """The sandboxed processes still below this process once the workers have had
    ``seconds`` to end theirs."""
    end = time.monotonic() + seconds
    while (left := sandboxes_below(os.getpid())) and time.monotonic() < end:
        time.sleep(0.2)
    return left


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    start, minimax = (load_exercise_set(next(p for p in REAL_SOLUTIONS if p.stem == name))
                      for name in ("00_start_here", "03_minimax"))  # fmt: skip

    def attack(exercise, answer, name):
        def edit(nb):
            cell(nb, answer).source = getattr(attacks, name.upper())

        return submission(exercise, (), edit)

    notebooks = {name: attack(minimax, "935f2196", name) for name in FUNCTION}
    notebooks |= {name: attack(start, "q1-answer", name) for name in MACHINE}
    notebooks["by_hand_computed"] = attack(minimax, "d24d8504", "by_hand_computed")
    notebooks["honest"] = submission(minimax, [a.cell_id for a in minimax.answers])
    paths = {}
    for name, nb in notebooks.items():
        paths[name] = write(nb, folder / f"{name}_{nb.metadata['coursekit']['exercise']}.ipynb")
    os.symlink(ROOT / "solutions" / "03_minimax.ipynb", folder / "symlink_03_minimax.ipynb")
    os.mkfifo(folder / "fifo_03_minimax.ipynb")
    paths |= {kind: folder / f"{kind}_03_minimax.ipynb" for kind in ("symlink", "fifo")}
    before = sorted(p.name for p in folder.iterdir())
    journal = tmp_path_factory.mktemp("out") / "grades.journal.sqlite"
    os.environ[attacks.SECRET] = attacks.SECRET_VALUE  # the workers start with it
    adopt_orphans()
    try:
        settings = Settings(timeout=2 * TIMEOUT, sandbox=Sandbox(hidden=[ROOT, folder]))
        grades = grade_batch(
            list(paths.values()), {s.name: s for s in (start, minimax)}, ROOT / "solutions",
            scheduler="local:2", journal=journal, settings=settings,
        )  # fmt: skip
    finally:
        del os.environ[attacks.SECRET]
    return {
        "grades": dict(zip(paths, grades, strict=True)),
        "journal": journal.read_bytes(),
        "before": before,
        "after": sorted(p.name for p in folder.iterdir()),
        "left": left_below_us(),
        "set": minimax,
    }


@pytest.mark.parametrize("name", [*FUNCTION, *MACHINE, "by_hand_computed"])
def test_no_attack_earns_a_point_on_a_worker(batch, name):
    grade = batch["grades"][name]
    assert grade.exercise is not None, grade.problem
    assert grade.total == 0, [(p.status, p.detail) for p in grade.parts]


def test_the_honest_submission_keeps_full_marks_on_a_worker(batch):
    grade = batch["grades"]["honest"]
    assert grade.total == batch["set"].max_points, [p.detail for p in grade.parts]
    assert grade.sandbox == "bubblewrap"


def test_a_library_call_fails_by_construction_on_a_worker(batch):
    for name in ("module_name", "other_search"):
        assert "not available while this part is graded" in batch["grades"][name].parts[2].detail


@pytest.mark.parametrize(("name", "kind"), [("symlink", "symbolic link"), ("fifo", "FIFO")])
def test_links_and_fifos_are_refused_before_anything_is_sent(batch, name, kind):
    grade = batch["grades"][name]
    assert grade.total == 0 and kind in grade.problem


def test_the_secret_reaches_no_output_and_nothing_is_left_behind(batch):
    assert attacks.SECRET_VALUE.encode() not in batch["journal"]
    for grade in batch["grades"].values():
        assert attacks.SECRET_VALUE not in feedback_text(grade)
    assert batch["after"] == batch["before"]
    assert batch["left"] == [], f"sandboxed processes remain: {batch['left']}"
