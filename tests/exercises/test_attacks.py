"""A class of clever students against the grader: each attack is written before its defence.

Every submission below is a released exercise notebook with one attack in one
answer cell (issue 21's list, and more). All are graded in one sandboxed batch
beside an honest submission, with a secret in the grader's environment. None
earns a point its honest work would not; the honest one keeps full marks;
nothing is written or read outside each submission's sandbox; the secret
appears in no output; no process of a submission outlives the batch; the
grader's own memory stays small.
"""

from __future__ import annotations

import csv
import os
import resource

import pytest
from exercise_helpers import REAL_SOLUTIONS, ROOT, TIMEOUT, cell, submission, write
from plain_user import sandboxes_below

from coursekit.tools.grading.grade import Settings, feedback_text, grade_all, write_csv
from coursekit.tools.notebooks.exercise import load_exercise_set
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here"),
]

SECRET = "INSTRUCTOR_API_TOKEN"
SECRET_VALUE = "tok-3f9a-do-not-leak"

# --- set 03 part 3: write minimax_value (the library's minimax is what it must not use) -------

LIBRARY = "from coursekit.search import minimax\n"
CALL = "    return minimax(game, state).value\n"

MODULE_NAME = '__name__ = "coursekit.x"\n' + LIBRARY + "def minimax_value(game, state):\n" + CALL

THREAD = (
    LIBRARY
    + "from concurrent.futures import ThreadPoolExecutor\n"
    + "def minimax_value(game, state):\n"
    + "    with ThreadPoolExecutor(1) as pool:\n"
    + "        return pool.submit(lambda: minimax(game, state).value).result()\n"
)

NO_PROFILER = (
    "import sys\n" + LIBRARY + "def minimax_value(game, state):\n"
    '    getattr(sys, "setprofile")(None)\n' + CALL
)

PATCHED_JSON = (
    "import json\n_dumps = json.dumps\n"
    "json.dumps = lambda data, *a, **k: _dumps({k: v for k, v in data.items() if k != 'called'}"
    " if isinstance(data, dict) else data, *a, **k)\n"
    + LIBRARY
    + "def minimax_value(game, state):\n"
    + CALL
)

OTHER_SEARCH = (
    "from coursekit.search import alphabeta, negamax, solve\n"
    "def minimax_value(game, state):\n"
    "    for search in (alphabeta, negamax):\n"
    "        try:\n"
    "            return search(game, state).value\n"
    "        except Exception:\n"
    "            pass\n"
    "    return solve(game, state).value\n"
)

REFERENCE = (
    "from coursekit.checks import ch03\n"
    "def minimax_value(game, state):\n"
    "    return ch03.reference_minimax(game, state)\n"
)

READ_CHECK_SOURCE = (
    "import coursekit.checks, pathlib\n"
    "_source = (pathlib.Path(coursekit.checks.__file__).parent / 'ch03.py').read_text()\n"
    "exec(_source.replace('from __future__ import annotations', ''))\n"
    "def minimax_value(game, state):\n"
    "    from coursekit.search import minimax\n" + CALL
)

COMPILED_ORIGINALS = (
    "import glob, importlib.util, sys\n"
    "_found = glob.glob('/**/search/__pycache__/minimax*.pyc', recursive=True)\n"
    "_found += glob.glob('/**/coursekit/search/minimax.py', recursive=True)\n"
    "def minimax_value(game, state):\n"
    "    for path in _found:\n"
    "        spec = importlib.util.spec_from_file_location('m', path)\n"
    "        module = importlib.util.module_from_spec(spec)\n"
    "        try:\n"
    "            spec.loader.exec_module(module)\n"
    "            return module.minimax(game, state).value\n"
    "        except Exception:\n"
    "            continue\n"
    "    return 0\n"
)

SEED_GUESS = (
    "import random\n"
    "from coursekit.tools.grading import grade\n"
    "_seed = getattr(grade, 'HIDDEN_SEED', None) or grade.Settings().seed\n"
    "def minimax_value(game, state):\n"
    "    return random.Random(_seed).choice([-1, 0, 1])\n"
)

FORGED_REPLIES = (
    "import os, json\n"
    "def minimax_value(game, state):\n"
    "    line = json.dumps({'returned': 1}) + '\\n'\n"
    "    for fd in range(3, 12):\n"
    "        try:\n"
    "            os.write(fd, (line * 500).encode())\n"
    "        except OSError:\n"
    "            pass\n"
    "    return 1\n"
)

ENVIRONMENT_IN_HINT = (
    "import os\ndef minimax_value(game, state):\n    raise ValueError(repr(dict(os.environ)))\n"
)

KILL_THE_GRADER = (
    "import os, signal\n"
    "def minimax_value(game, state):\n"
    "    for pid in range(1, 4000):\n"
    "        try:\n"
    "            os.kill(pid, signal.SIGKILL)\n"
    "        except OSError:\n"
    "            pass\n"
    "    return 0\n"
)

ORPHAN = (
    "import os, time, subprocess, sys\n"
    "subprocess.Popen([sys.executable, '-c', 'import time\\nwhile True: time.sleep(1)'],\n"
    "                 start_new_session=True)\n"
    "def minimax_value(game, state):\n"
    "    if os.fork() == 0:\n"
    "        os.setsid()\n"
    "        while True:\n"
    "            time.sleep(1)\n"
    "    return 0\n"
)

HUGE_REPLY = "def minimax_value(game, state):\n    return [[0] * 1000] * 20000\n"

PICKLED_REPLY = (
    "class Evil:\n"
    "    def __reduce__(self):\n"
    "        return (print, ('pwned',))\n"
    "def minimax_value(game, state):\n"
    "    return Evil()\n"
)

# --- set 03 part 1 and 2: worked out by hand (values read as literals) -----------------------

BY_HAND_LIBRARY = (
    "from coursekit.search import minimax\n"
    "values = {n: minimax(TREE, n).value for n in TREE.labels if TREE.children(n)}\n"
    "move = minimax(TREE).move\n"
)
BY_HAND_COMPUTED = "values = dict(zip(TREE.labels, range(40)))\nmove = TREE.labels[1]\n"
BY_HAND_HUGE = "values = {" + ", ".join(f"'n{i}': {i}" for i in range(30000)) + "}\nmove = 'B'\n"
E_VALUES_COMPUTED = "e_values = [GAME.evaluate(GAME.parse(b)) for b in BOARDS]\n"

# --- set 00: the machine itself ---------------------------------------------------------------

DISK_FILL = (
    "import os\n"
    "for folder in ('.', '/tmp', os.path.expanduser('~')):\n"
    "    try:\n"
    "        with open(os.path.join(folder, 'fill'), 'wb') as f:\n"
    "            for _ in range(1300):\n"
    "                f.write(b'x' * 1024**2)\n"
    "    except OSError:\n"
    "        pass\n"
    "leaves = 0\n"
)
MEMORY_THROUGH_TMP = (
    "import os\n"
    "for i in range(80):\n"
    "    try:\n"
    "        with open(f'/tmp/m{i}', 'wb') as f:\n"
    "            f.write(b'x' * 64 * 1024**2)\n"
    "    except OSError:\n"
    "        break\n"
    "leaves = 0\n"
)
FLOOD_OUTPUT = (
    "import os, sys\n"
    "chunk = b'y' * 1024**2\n"
    "for fd in (1, 2):\n"
    "    for _ in range(400):\n"
    "        try:\n"
    "            os.write(fd, chunk)\n"
    "        except OSError:\n"
    "            break\n"
    "leaves = 0\n"
)
HUGE_VALUE = "leaves = [[1, 2, 3]] * 3_000_000\n"
CPU_HOG = "import multiprocessing\nx = 0\nwhile True:\n    x += 1\n"
NETWORK = (
    "import socket\n"
    "try:\n"
    "    socket.create_connection(('127.0.0.1', 22), timeout=2).send(b'hello')\n"
    "    leaves = 1024\n"
    "except OSError:\n"
    "    leaves = 0\n"
)
ENVIRONMENT_IN_NOTE = "import os\nraise RuntimeError(repr(dict(os.environ)))\n"


def _set(name):
    return load_exercise_set(next(p for p in REAL_SOLUTIONS if p.stem == name))


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """Grade every attack in one sandboxed batch, with a secret in the grader's environment."""
    folder = tmp_path_factory.mktemp("class")
    start, minimax = _set("00_start_here"), _set("03_minimax")

    def attack(exercise, answer, source):
        def edit(nb):
            cell(nb, answer).source = source

        return submission(exercise, (), edit)

    function = {
        "module_name": MODULE_NAME,
        "thread": THREAD,
        "no_profiler": NO_PROFILER,
        "patched_json": PATCHED_JSON,
        "other_search": OTHER_SEARCH,
        "reference": REFERENCE,
        "read_check_source": READ_CHECK_SOURCE,
        "compiled_originals": COMPILED_ORIGINALS,
        "seed_guess": SEED_GUESS,
        "forged_replies": FORGED_REPLIES,
        "environment_in_hint": ENVIRONMENT_IN_HINT,
        "kill_the_grader": KILL_THE_GRADER,
        "orphan": ORPHAN,
        "huge_reply": HUGE_REPLY,
        "pickled_reply": PICKLED_REPLY,
    }
    notebooks = {name: attack(minimax, "935f2196", code) for name, code in function.items()}
    notebooks |= {
        "by_hand_library": attack(minimax, "d24d8504", BY_HAND_LIBRARY),
        "by_hand_computed": attack(minimax, "d24d8504", BY_HAND_COMPUTED),
        "by_hand_huge": attack(minimax, "d24d8504", BY_HAND_HUGE),
        "e_values_computed": attack(minimax, "1f65dca3", E_VALUES_COMPUTED),
        "disk_fill": attack(start, "q1-answer", DISK_FILL),
        "memory_through_tmp": attack(start, "q1-answer", MEMORY_THROUGH_TMP),
        "flood_output": attack(start, "q1-answer", FLOOD_OUTPUT),
        "huge_value": attack(start, "q1-answer", HUGE_VALUE),
        "cpu_hog": attack(start, "q1-answer", CPU_HOG),
        "network": attack(start, "q1-answer", NETWORK),
        "environment_in_note": attack(start, "q1-answer", ENVIRONMENT_IN_NOTE),
        "honest": submission(minimax, [a.cell_id for a in minimax.answers]),
    }
    paths = {}
    for name, nb in notebooks.items():
        exercise = (
            "00_start_here" if nb.metadata["coursekit"]["exercise"] == "00_start_here" else ""
        )
        paths[name] = write(nb, folder / f"{name}_{exercise or '03_minimax'}.ipynb")
    solution = ROOT / "solutions" / "03_minimax.ipynb"
    os.symlink(solution, folder / "symlink_03_minimax.ipynb")
    paths["symlink"] = folder / "symlink_03_minimax.ipynb"
    os.mkfifo(folder / "fifo_03_minimax.ipynb")
    paths["fifo"] = folder / "fifo_03_minimax.ipynb"
    (folder / "big_03_minimax.ipynb").write_bytes(b" " * (21 * 1024**2))
    paths["big"] = folder / "big_03_minimax.ipynb"
    before = sorted(p.name for p in folder.iterdir())
    sets = {s.name: s for s in (start, minimax)}
    os.environ[SECRET] = SECRET_VALUE
    try:
        settings = Settings(timeout=2 * TIMEOUT, sandbox=Sandbox(hidden=[ROOT, folder]))
        grades = grade_all(list(paths.values()), sets, jobs=2, progress=False, settings=settings)
    finally:
        del os.environ[SECRET]
    out = tmp_path_factory.mktemp("out") / "grades.csv"
    write_csv(grades, out)
    return {
        "grades": dict(zip(paths, grades, strict=True)),
        "csv": out.read_text(encoding="utf-8"),
        "rows": dict(zip(paths, csv.DictReader(out.open(encoding="utf-8")), strict=True)),
        "before": before,
        "after": sorted(p.name for p in folder.iterdir()),
        "set": minimax,
    }


FUNCTION_ATTACKS = [
    "module_name",
    "thread",
    "no_profiler",
    "patched_json",
    "other_search",
    "reference",
    "read_check_source",
    "compiled_originals",
    "seed_guess",
    "forged_replies",
    "environment_in_hint",
    "kill_the_grader",
    "orphan",
    "huge_reply",
    "pickled_reply",
]
VALUE_ATTACKS = ["by_hand_library", "by_hand_computed", "by_hand_huge", "e_values_computed"]
MACHINE_ATTACKS = [
    "disk_fill",
    "memory_through_tmp",
    "flood_output",
    "huge_value",
    "cpu_hog",
    "network",
    "environment_in_note",
]


@pytest.mark.parametrize("name", FUNCTION_ATTACKS + VALUE_ATTACKS + MACHINE_ATTACKS)
def test_no_attack_earns_a_point(batch, name):
    grade = batch["grades"][name]
    assert grade.exercise is not None, grade.problem
    assert grade.total == 0, [(p.status, p.detail) for p in grade.parts]


def test_the_honest_submission_beside_the_attacks_keeps_full_marks(batch):
    grade = batch["grades"]["honest"]
    assert grade.total == batch["set"].max_points, [p.detail for p in grade.parts]


@pytest.mark.parametrize("name", ["module_name", "thread", "no_profiler", "other_search"])
def test_a_library_call_fails_by_construction_and_says_why(batch, name):
    detail = batch["grades"][name].parts[2].detail
    assert "not available while this part is graded" in detail, detail


def test_by_hand_answers_that_are_code_are_refused_with_the_reason(batch):
    for name in ("by_hand_library", "by_hand_computed"):
        detail = batch["grades"][name].parts[0].detail
        assert "worked out by hand" in detail and "without running code" in detail, detail
    assert "worked out by hand" in batch["grades"]["e_values_computed"].parts[1].detail


@pytest.mark.parametrize(("name", "kind"), [("symlink", "symbolic link"), ("fifo", "FIFO")])
def test_links_and_fifos_are_refused_before_anything_is_read(batch, name, kind):
    grade = batch["grades"][name]
    assert grade.total == 0 and kind in grade.problem
    assert kind in batch["rows"][name]["problem"]


def test_a_submission_over_the_size_cap_is_refused(batch):
    assert "more than a submission may have" in batch["grades"]["big"].problem


def test_the_instructors_environment_appears_in_no_output(batch):
    assert SECRET_VALUE not in batch["csv"]
    for grade in batch["grades"].values():
        assert SECRET_VALUE not in feedback_text(grade)
        assert SECRET not in feedback_text(grade)


def test_nothing_was_written_beside_the_submissions(batch):
    assert batch["after"] == batch["before"]
    assert not (ROOT / "fill").exists()


def test_no_process_of_a_submission_outlives_the_batch(batch):
    assert sandboxes_below(os.getpid()) == []  # every sandbox was started below this process


def test_the_grader_stays_small(batch):
    biggest = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    assert biggest < 1024**3, f"the grader's process grew to {biggest / 1024**2:.0f} MB"


def test_the_seed_of_the_hidden_cases_is_in_the_report_and_not_in_the_package(batch):
    seeds = {row["seed"] for row in batch["rows"].values()}
    assert len(seeds) == 1 and seeds.pop().isdigit()
    from coursekit.tools.grading import grade

    assert not hasattr(grade, "HIDDEN_SEED")
    assert len({Settings().seed for _ in range(5)}) > 1  # drawn anew for every run
