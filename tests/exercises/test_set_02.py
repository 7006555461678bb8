"""Exercise set 02 follows the exercise conventions, and its unanswered form fails cleanly."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

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
