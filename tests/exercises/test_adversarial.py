"""Adversarial submissions: none earns a point it did not earn, none touches another.

Each submission below is a released exercise notebook whose answers are wrong
or missing, plus one way of cheating the grader (from issue 15) or of hurting
the machine. All are graded in one batch, in the sandbox, beside honest
submissions: the cheats score exactly what their honest answers earn, the
honest submissions score full marks, the package and the other submissions
stay as they were, and every cheat is named in a column of the CSV.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from exercise_helpers import REAL_SOLUTIONS, ROOT, TIMEOUT, cell, submission, write

import coursekit
from coursekit.tools.grading.grade import Settings, grade_all, write_csv
from coursekit.tools.notebooks.exercise import load_exercise_set
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here")

SOLUTIONS = ROOT / "solutions"
PACKAGE_FILES = sorted((Path(coursekit.__file__).parent / "checks").glob("*.py"))

REBIND = """
class _Pass:
    def __getattr__(self, name):
        return lambda *args, **kwargs: print("✔ Correct.")
ch00 = _Pass()
leaves = 0
"""

PATCH = """
import coursekit.checks.ch00 as checks
import coursekit.checks.common as common
import coursekit.checks.parts as parts
for name in list(vars(checks)):
    if name.startswith("check_"):
        vars(checks)[name] = lambda *args, **kwargs: None
common.require = common.fail = common.answered = lambda *args, **kwargs: None
parts.plain = lambda value, depth=0: 20
leaves = 0
"""

CUSTOM_EXC = """
get_ipython().set_custom_exc((BaseException,), lambda *args, **kwargs: None)
leaves = 0
"""

TRANSFORMER = """
get_ipython().input_transformers_cleanup.append(lambda lines: ["pass\\n"])
leaves = 0
"""

RIGGED = """
class Yes(int):
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __le__(self, other): return True
    def __ge__(self, other): return True
    def __lt__(self, other): return False
    def __gt__(self, other): return other == 0
    __hash__ = int.__hash__
class Same(tuple):
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    __hash__ = tuple.__hash__
leaves, nodes, depth = Yes(0), Yes(0), Yes(0)
def complete_tree_size(b, m):
    return Same((Yes(0), Yes(0)))
"""

PEEK = """
import glob, json, os
places = [{solutions!r}]
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            args = open(f"/proc/{{pid}}/cmdline", "rb").read().split(b"\\0")
            places.append(os.readlink(f"/proc/{{pid}}/cwd"))
        except OSError:
            continue
        places += [a.decode() for a in args if b"solutions" in a]
found = [p for place in places for pattern in ("00_start*.ipynb", "solutions/00_start*.ipynb")
         for p in glob.glob(os.path.join(place, pattern))]
leaves = 0
for path in found:
    for c in json.load(open(path))["cells"]:
        if "solution" in c["metadata"].get("tags", []):
            exec("".join(c["source"]))
"""

COPY_OTHER = """
import glob, json
leaves = 0
for path in glob.glob({folder!r} + "/*.ipynb") + [{honest!r}]:
    try:
        cells = json.load(open(path))["cells"]
    except OSError:
        continue
    for c in cells:
        if "solution" in c["metadata"].get("tags", []) and "None" not in "".join(c["source"]):
            exec("".join(c["source"]))
"""

REWRITE = """
from pathlib import Path
import shutil, os
for target in {targets!r}:
    for write in (lambda: open(target, "a").write("\\nrequire = lambda *a, **k: None\\n"),
                  lambda: Path(target).write_text("def require(*a, **k): pass\\n"),
                  lambda: shutil.copy("/etc/hostname", target),
                  lambda: os.system(f"echo 'passed = None' >> {{target}}")):
        try:
            write()
        except OSError:
            pass
for outside in [{folder!r} + "/evil.txt", "/work/evil.txt", "/root/evil.txt"]:
    try:
        Path(outside).write_text("was here")
    except OSError:
        pass
get_ipython().system("touch " + {folder!r} + "/evil-shell.txt")
leaves = 0
"""

FORK_BOMB = """
import os, time
me = os.getpid()
for _ in range(100_000):
    try:
        os.fork()
    except OSError:
        break
if os.getpid() != me:
    time.sleep(3600)
leaves = 0
"""

MEMORY_HOG = """
hoard = [bytes(64 * 1024**3)]  # far more than the sandbox's address space
"""

LIBRARY = """
from coursekit.games import tree_size
def complete_tree_size(b, m):
    return tree_size(b, m)
"""

VISIBLE_ONLY = """
from coursekit.checks import ch00 as _ch00
_SEEN = set(_ch00._tree_size_cases())
def complete_tree_size(b, m):
    if (b, m) not in _SEEN:
        return (0, 0)
    leaves, nodes = 1, 1
    for _ in range(m):
        leaves *= b
        nodes += leaves
    return leaves, nodes
"""

PROBLEM_DATA = """
TREE = GameTree.from_nested([[5]], root=MAX)
BOARDS = ["x x x\\no o .\\n. . ."]
values = {label: 5 for label in TREE.labels if TREE.children(label)}
move = TREE.children(TREE.initial)[0]
e_values = [math.inf]
"""


def _set(name):
    return load_exercise_set(next(p for p in REAL_SOLUTIONS if p.stem == name))


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """Grade every submission in one sandboxed batch; returns grades and CSV rows by name."""
    folder = tmp_path_factory.mktemp("class")
    start, minimax = _set("00_start_here"), _set("03_minimax")
    honest = folder / "honest_00_start_here.ipynb"
    common = PACKAGE_FILES[0].parent
    targets = [str(common / "common.py"), str(common / "parts.py")]

    def cheat(source, exercise=start, answer="q1-answer", answered=()):
        def edit(nb):
            cell(nb, answer).source = source

        return submission(exercise, answered, edit)

    notebooks = {
        "honest": submission(start, [a.cell_id for a in start.answers]),
        "rebind_checks": cheat(REBIND),
        "patch_checks": cheat(PATCH),
        "custom_exc": cheat(CUSTOM_EXC),
        "input_transformer": cheat(TRANSFORMER),
        "rigged_eq": cheat(RIGGED),
        "peek_at_solutions": cheat(PEEK.format(solutions=str(SOLUTIONS))),
        "copy_another": cheat(COPY_OTHER.format(folder=str(folder), honest=str(honest))),
        "rewrite_package": cheat(REWRITE.format(targets=targets, folder=str(folder))),
        "fork_bomb": cheat(FORK_BOMB),
        "memory_hog": cheat(MEMORY_HOG),
        "library_call": cheat(LIBRARY, answer="q3-answer", answered=["q1-answer"]),
        "visible_cases_only": cheat(VISIBLE_ONLY, answer="q3-answer"),
        "problem_data": cheat(PROBLEM_DATA, minimax, answer="d24d8504"),
        "after_the_rewrite": submission(start),  # nothing answered: 0, whatever came before
    }
    before = {path: path.read_bytes() for path in PACKAGE_FILES}
    paths = {}
    for name, nb in notebooks.items():
        set_name = "03_minimax" if name == "problem_data" else "00_start_here"
        paths[name] = write(nb, folder / f"{name}_{set_name}.ipynb")
    sets = {s.name: s for s in (start, minimax)}
    sandbox = Sandbox(hidden=[SOLUTIONS, folder])
    settings = Settings(timeout=2 * TIMEOUT, sandbox=sandbox)
    grades = grade_all(list(paths.values()), sets, jobs=2, progress=False, settings=settings)
    out = tmp_path_factory.mktemp("out") / "grades.csv"
    write_csv(grades, out)
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    after = {path: path.read_bytes() for path in PACKAGE_FILES}
    leftovers = sorted(p.name for p in folder.iterdir() if p.suffix != ".ipynb")
    return (
        dict(zip(paths, grades, strict=True)),
        dict(zip(paths, rows, strict=True)),
        before == after,
        leftovers,
    )


CHEATS = [
    "rebind_checks",
    "patch_checks",
    "custom_exc",
    "input_transformer",
    "rigged_eq",
    "peek_at_solutions",
    "copy_another",
    "rewrite_package",
    "fork_bomb",
    "memory_hog",
    "visible_cases_only",
    "problem_data",
]


@pytest.mark.parametrize("name", CHEATS)
def test_a_cheat_earns_nothing(batch, name):
    grades, _, _, _ = batch
    grade = grades[name]
    assert grade.problem == ""
    assert grade.total == 0, [(p.status, p.detail) for p in grade.parts]


@pytest.mark.parametrize("name", [*CHEATS, "library_call"])
def test_a_cheat_is_named_in_a_column_of_the_csv(batch, name):
    _, rows, _, _ = batch
    columns = ("review", "notes", "timed_out", "kernel_died", "tampered")
    assert any(rows[name][column] for column in columns), rows[name]
    assert rows[name]["sandbox"] == "bubblewrap"


def test_the_honest_submissions_beside_the_cheats_score_full_marks(batch):
    grades, rows, _, _ = batch
    assert grades["honest"].total == 5
    assert rows["honest"]["review"] == ""


def test_an_answer_that_calls_the_library_loses_that_part_only(batch):
    grades, _, _, _ = batch
    grade = grades["library_call"]
    assert [p.points for p in grade.parts] == [1, 0, 0, 0]
    assert "coursekit.games.gametree.tree_size is not available" in grade.parts[2].detail


def test_hard_coding_the_visible_cases_fails_on_the_hidden_ones(batch):
    grades, _, _, _ = batch
    # it cannot even read the visible cases: the check module is not there while it is graded
    detail = grades["visible_cases_only"].parts[2].detail
    assert "There is no function" in detail or "wrong result" in detail, detail


def test_no_submission_changed_the_package_or_wrote_beside_the_submissions(batch):
    _, _, unchanged, leftovers = batch
    assert unchanged
    assert leftovers == []
    assert not Path("/work/evil.txt").exists()


def test_the_next_submission_after_a_rewrite_is_graded_on_its_merits(batch):
    grades, _, _, _ = batch
    assert grades["after_the_rewrite"].total == 0


def test_the_memory_hog_stops_at_the_limit(batch):
    grades, _, _, _ = batch
    grade = grades["memory_hog"]
    assert any("MemoryError" in note for note in grade.notes) or grade.kernel_died, grade


def test_without_bubblewrap_grading_refuses_unless_told(monkeypatch, tmp_path, capsys):
    from coursekit.tools.cli import main
    from coursekit.tools.grading import grade as grade_module

    monkeypatch.setattr(grade_module, "sandbox_problem", lambda: "`bwrap` is missing")
    path = write(submission(_set("00_start_here")), tmp_path / "a_00_start_here.ipynb")
    arguments = ["grade", str(path), "--solutions", str(SOLUTIONS), "--csv"]
    assert main([*arguments, str(tmp_path / "g.csv")]) == 2
    assert "--unsafe-no-sandbox" in capsys.readouterr().err
    assert main([*arguments, str(tmp_path / "g.csv"), "--unsafe-no-sandbox", "--jobs", "1"]) == 0
    assert "WARNING" in capsys.readouterr().err
    row = next(csv.DictReader((tmp_path / "g.csv").open(encoding="utf-8")))
    assert row["sandbox"].startswith("NONE")


def test_a_feedback_file_per_submission_names_what_failed(batch, tmp_path):
    from coursekit.tools.grading.grade import write_feedback

    grades, _, _, _ = batch
    files = write_feedback([grades["honest"], grades["library_call"]], tmp_path / "fb")
    assert [f.name for f in files] == [
        "001-honest_00_start_here.feedback.md",
        "002-library_call_00_start_here.feedback.md",
    ]
    assert "5 of 5 points" in files[0].read_text()
    text = files[1].read_text()
    assert "✘ part 3: 0/2 — failed: Your function raised Withheld" in text


def test_the_sandbox_never_shows_the_course_checkout_nor_the_real_package(tmp_path):
    from coursekit.tools.sandbox.package_view import view_for
    from coursekit.tools.sandbox.process import VIEW_MOUNT

    sandbox = Sandbox(hidden=[SOLUTIONS], view=view_for())
    command = sandbox.command(["true"], tmp_path)
    bound = [command[i + 1] for i, option in enumerate(command) if option == "--ro-bind"]
    package = str(Path(coursekit.__file__).resolve().parent)
    assert str(ROOT) not in bound and str(SOLUTIONS) not in bound and package not in bound
    assert str(view_for()) in bound and str(VIEW_MOUNT) in command
    assert "--clearenv" in command
    assert shutil.which("bwrap")
