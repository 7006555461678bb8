"""Exercise set 02 follows the exercise conventions, and its unanswered form fails cleanly."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from exercise_helpers import ROOT, TIMEOUT

SOURCE = Path(__file__).resolve().parents[2] / "solutions" / "02_and_or_graphs.ipynb"
REGION = re.compile(r"### BEGIN SOLUTION.*?### END SOLUTION", re.DOTALL)


@pytest.fixture(scope="module")
def notebook():
    return nbformat.read(SOURCE, as_version=4)


def tags(cell) -> list[str]:
    return cell.metadata.get("tags", [])


def test_solution_and_check_cells(notebook):
    solutions = [c for c in notebook.cells if "solution" in tags(c)]
    checks = [c for c in notebook.cells if "check" in tags(c)]
    assert len(solutions) == 7 and len(checks) == 7
    for cell in solutions:
        assert len(REGION.findall(cell.source)) == 1
    for cell in checks:
        assert cell.metadata["coursekit"]["points"] > 0
        assert re.fullmatch(r"ch02\.check_\w+\([\w, ]*\)", cell.source.strip())
    assert sum(c.metadata["coursekit"]["points"] for c in checks) == 24


def test_without_answers_every_graded_cell_fails_with_an_assertion(notebook):
    """What a student sees before answering: hints, never a NameError or TypeError."""
    namespace: dict = {}
    outcomes = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        source = REGION.sub("raise NotImplementedError  # your code here", cell.source)
        try:
            exec(compile(source, "<cell>", "exec"), namespace)
        except NotImplementedError:
            outcomes.append(("solution", "NotImplementedError"))
            continue
        except AssertionError as error:
            outcomes.append(("check", str(error)))
            continue
        outcomes.append(("solution" if "solution" in tags(cell) else "other", None))
    graded = [message for kind, message in outcomes if kind == "check"]
    assert len(graded) == 7
    assert all(message for message in graded)
    assert sum("no answer yet" in m or "NotImplementedError" in m for m in graded) == 7


def test_the_chinese_set_gives_set_02s_hints_in_chinese(tmp_path):
    """`coursekit check` on the released Chinese set, two parts answered wrongly by hand."""
    released = nbformat.read(ROOT / "exercises" / "zh" / "02_and_or_graphs.ipynb", as_version=4)
    answers = {
        "d9a5cd67": 'q_cycles_1 = [{"n0": 8, "n1": 2, "n2": 4, "n3": 4}]',  # AO* not finished
        "849b4fe8": 'best_1 = ["R1", "R3", "R5"]\ncost_1 = 5',  # the wrong cost
    }
    for cell in released.cells:
        if cell.get("id") in answers:
            cell.source = answers[cell.id]
    path = tmp_path / "02_and_or_graphs.ipynb"
    nbformat.write(released, path)
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "check", str(path), "--timeout", str(4 * TIMEOUT)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1, done.stdout[-2000:]
    assert "到那时 AO* 还没有结束" in done.stdout
    assert "你给出的费用不是你的解图的费用 k(n, N)" in done.stdout
    assert "start node" not in done.stdout and "The cost you give" not in done.stdout
