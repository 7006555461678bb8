"""Round three: attacks on the layers under the grader, as root and as a plain user.

Issue 34's review got through with attacks no earlier test named: library
helpers outside the withheld package, the kernel keyring shared between a
kernel and a graded function, a 19 MB notebook parsed in the grader, a
runner stopped with ``SIGSTOP``, a slow demo after a right answer, a loop or
``exit()`` in one answer costing another part, and formulas and HTML riding
into the grades and the feedback. Each is a submission below, graded in one
batch by ``coursekit grade`` beside honest submissions — once as root and once
as a plain user. None earns an unearned point, each honest answer keeps its
points, the grader's processes stay small, and the outputs carry no code.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import time

import nbformat
import pytest
from exercise_helpers import REAL_SOLUTIONS, ROOT, cell, submission, write
from plain_user import MODES, folder_for, give, python_as, require

from coursekit.tools.notebooks.exercise import load_exercise_set
from coursekit.tools.sandbox.process import sandbox_problem

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here"),
]

TIMEOUT = 10

# --- set 03 part 3 (minimax_value): the library by another door -----------------------------

TREE_HELPER = """
from coursekit.games.gametree import _arrange
def minimax_value(game, state):
    return _arrange(game.to_nested(state), game.to_move(state), True)[0]
"""

ANY_DOOR = """
def minimax_value(game, state):
    doors = [
        lambda: __import__("coursekit.search.registry", fromlist=["get"]).get("minimax")
        .function(game, state).value,
        lambda: __import__("coursekit.andor.aostar", fromlist=["ao_star"]).ao_star(game),
        lambda: __import__("coursekit.widgets", fromlist=["x"]).TreeExplorer(game).value,
        lambda: __import__("coursekit.evaluation", fromlist=["x"]).solve(game, state),
        lambda: __import__("coursekit.gametheory", fromlist=["x"]).solve(game),
    ]
    for door in doors:
        try:
            return door()
        except Exception:
            continue
    return None
"""

# the kernel (part 5's cell runs there) puts the library's search in the user keyring;
# the graded function reads it back
KEYRING_STORE = """
import ctypes, inspect
import coursekit.search.minimax as _m
_libc = ctypes.CDLL(None, use_errno=True)
_code = inspect.getsource(_m).encode()
_libc.syscall(248, b"user", b"coursekit-answer", _code, len(_code), -3)  # add_key
from coursekit.games import TicTacToe
counts = None
"""
KEYRING_LOAD = """
import ctypes
_libc = ctypes.CDLL(None, use_errno=True)
def minimax_value(game, state):
    key = _libc.syscall(250, 10, -3, b"user", b"coursekit-answer", 0)  # KEYCTL_SEARCH
    buffer = ctypes.create_string_buffer(1 << 20)
    size = _libc.syscall(250, 11, key, buffer, 1 << 20)  # KEYCTL_READ
    if key < 0 or size < 0:
        raise RuntimeError("no key")
    space = {"__name__": "stolen"}
    exec(buffer.raw[:size].decode(), space)
    return space["minimax"](game, state).value
"""

HTML_IN_HINT = """
def minimax_value(game, state):
    raise ValueError('<img src=x onerror=alert(1)> [click](javascript:alert(1))')
"""

# --- set 00: the runner, the cells, the machine ------------------------------------------------

STOP_THE_RUNNER = """
import os, signal
for target in (os.getppid(), 1, os.getpid()):
    try:
        os.kill(target, signal.SIGSTOP)
    except OSError:
        pass
leaves = 4**5
"""
FORK_IN_KERNEL = """
import os
for _ in range(300):
    try:
        if os.fork() == 0:
            os._exit(0)
    except OSError:
        break
leaves = 4**5
"""
SLOW_DEMO = """
def complete_tree_size(b, m):
    leaves, nodes = 1, 1
    for _ in range(m):
        leaves *= b
        nodes += leaves
    return leaves, nodes
x = 0
while True:  # a demo that never ends, after a right answer
    x += 1
"""
LOOP = "nodes = None\ndepth = None\nwhile True:\n    pass\n"
EXIT = "import sys\nbudget = None\ndepth = None\nsys.exit(0)\n"


def _set(name):
    return load_exercise_set(next(p for p in REAL_SOLUTIONS if p.stem == name))


def _with(exercise, answered, changes):
    """The set's released notebook with ``answered`` answer ids filled in and ``changes``
    (answer id → source) put in place."""

    def edit(nb):
        for answer_id, source in changes.items():
            cell(nb, answer_id).source = source

    return submission(exercise, answered, edit)


def _hostile_notebook(exercise):
    """A released notebook of about 19 MB of tiny nested outputs (3.8 GB to parse, once)."""
    nb = submission(exercise)
    target = next(c for c in nb.cells if c.cell_type == "code")
    output = {"output_type": "execute_result", "execution_count": 1, "metadata": {},
              "data": {"application/json": [[0, [1], {}]] * 1_350_000}}  # fmt: skip
    target.outputs = [nbformat.from_dict(output)]
    return nb


def notebooks():
    start, minimax = _set("00_start_here"), _set("03_minimax")
    full_start = [a.cell_id for a in start.answers]
    full_minimax = [a.cell_id for a in minimax.answers]
    others = [a for a in full_minimax if a != "935f2196"]
    return {
        "honest_00": submission(start, full_start),
        "honest_03": submission(minimax, full_minimax),
        "tree_helper_03": _with(minimax, others, {"935f2196": TREE_HELPER}),
        "any_door_03": _with(minimax, others, {"935f2196": ANY_DOOR}),
        "keyring_03": _with(minimax, [], {"62f7bd6d": KEYRING_STORE, "935f2196": KEYRING_LOAD}),
        "html_in_hint_03": _with(minimax, [], {"935f2196": HTML_IN_HINT}),
        "stop_the_runner_00": _with(start, [], {"q1-answer": STOP_THE_RUNNER}),
        "fork_in_kernel_00": _with(start, [], {"q1-answer": FORK_IN_KERNEL}),
        "slow_demo_00": _with(start, [], {"q3-answer": SLOW_DEMO}),
        "loop_and_exit_elsewhere_00": _with(
            start, ["q1-answer", "q3-answer"], {"q2-answer": LOOP, "q4-answer": EXIT}
        ),
        "=1+1_formula_00": submission(start, ["q1-answer"]),
        "@SUM(A1)_formula_00": submission(start, ["q1-answer"]),
    }


EXPECTED = {  # name → points of each part (what the answers earn on their honest merits)
    "honest_00": [1, 1, 2, 1],
    "honest_03": [3, 2, 4, 2, 2],
    "tree_helper_03": [3, 2, 0, 2, 2],
    "any_door_03": [3, 2, 0, 2, 2],
    "keyring_03": [0, 0, 0, 0, 0],
    "html_in_hint_03": [0, 0, 0, 0, 0],
    "stop_the_runner_00": [1, 0, 0, 0],
    "fork_in_kernel_00": [1, 0, 0, 0],
    "slow_demo_00": [0, 0, 2, 0],
    "loop_and_exit_elsewhere_00": [1, 0, 2, 0],
    "=1+1_formula_00": [1, 0, 0, 0],
    "@SUM(A1)_formula_00": [1, 0, 0, 0],
}

GRADE = """
import json, sys
from coursekit.tools.cli import main
from coursekit.tools.sandbox.limits import peak_memory
code = main(sys.argv[1:])
print(json.dumps({"code": code, "peak": peak_memory()}))
"""


@pytest.fixture(scope="module", params=MODES)
def batch(request):
    """The whole class graded by ``coursekit grade`` in one mode; rows by name, feedback."""
    mode = request.param
    require(mode)
    folder = folder_for(mode)
    try:
        names = {}
        for name, nb in notebooks().items():
            set_name = "00_start_here" if name.endswith("_00") else "03_minimax"
            names[name] = write(nb, folder / f"{name[:-3]}_{set_name}.ipynb").name
        hostile = folder / "big_00_start_here.ipynb"  # written compact: about 19 MB
        hostile.write_text(json.dumps(_hostile_notebook(_set("00_start_here"))))
        names["hostile_00"] = hostile.name
        give(folder, mode)
        arguments = ["grade", *names.values(), "--solutions", str(ROOT / "solutions")]
        arguments += ["--csv", "grades.csv", "--feedback", "feedback", "--jobs", "2"]
        arguments += ["--timeout", str(TIMEOUT)]
        began = time.monotonic()
        done = python_as(mode, ["-c", GRADE, *arguments], timeout=3600, cwd=folder)
        seconds = time.monotonic() - began
        assert done.returncode == 0, done.stderr[-3000:]
        result = json.loads(done.stdout.strip().splitlines()[-1])
        said = re.search(r"grader memory: at most (\d+) MB", done.stdout)
        result["peak"] = max(result["peak"], int(said.group(1)) * 1024**2)
        raw_csv = (folder / "grades.csv").read_text(encoding="utf-8")
        rows = {row["file"]: row for row in csv.DictReader(raw_csv.splitlines())}
        rows |= {row.removeprefix("'"): rows[row] for row in list(rows)}  # formulas defused
        feedback = {p.name: p.read_text() for p in (folder / "feedback").iterdir()}
        yield {"mode": mode, "names": names, "rows": rows, "feedback": feedback,
               "csv": raw_csv, "peak": result["peak"], "seconds": seconds,
               "hostile_bytes": hostile.stat().st_size}  # fmt: skip
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _points(batch, name):
    row = batch["rows"][batch["names"][name]]
    return [float(v) for k, v in row.items() if " part " in k and v != ""]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_submission_earns_exactly_its_honest_points(batch, name):
    row = batch["rows"][batch["names"][name]]
    assert _points(batch, name) == EXPECTED[name], row


def test_a_hostile_notebook_is_refused_and_the_grader_stays_small(batch):
    row = batch["rows"][batch["names"]["hostile_00"]]
    assert 15e6 < batch["hostile_bytes"] < 20 * 1024**2
    assert "more memory than a submission may" in row["problem"], row
    assert batch["peak"] < 500 * 1024**2, batch["peak"]


def test_no_cell_of_the_csv_is_a_formula(batch):
    for line in csv.reader(batch["csv"].splitlines()):
        for value in line:
            assert not value.startswith(("=", "+", "@", "\t", "\r")), value
            assert not value.startswith("-") or value.lstrip("-").replace(".", "").isdigit()
    assert "'=1+1_formula_00_start_here.ipynb" in batch["rows"]


def test_the_feedback_carries_no_html_and_no_link(batch):
    for name, text in batch["feedback"].items():
        assert "<img" not in text and "](javascript:" not in text, name
    hint = next(t for n, t in batch["feedback"].items() if "html_in_hint" in n)
    assert "&lt;img" in hint and "\\[click\\]" in hint


def test_the_library_by_another_door_is_withheld_and_flagged(batch):
    for name in ("tree_helper_03", "any_door_03"):
        row = batch["rows"][batch["names"][name]]
        assert (
            "part 3 calls the library" in row["review"]
            or "Withheld" in row["review"]
            or (_points(batch, name)[2] == 0)
        ), row


def test_a_stopped_runner_does_not_hold_the_slot(batch):
    # every submission came back, none with a problem other than the hostile notebook's
    problems = {n: r["problem"] for n, r in batch["rows"].items() if r["problem"]}
    assert list(problems) == [batch["names"]["hostile_00"]], problems
