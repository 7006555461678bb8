"""Exercise set 01 as students get it: every graded cell fails with an AssertionError from its
check (never a NameError or TypeError) while the answers are missing, and passes with them."""

from __future__ import annotations

import re
from pathlib import Path

import matplotlib
import nbformat
import pytest

matplotlib.use("Agg")

SOLUTIONS = Path(__file__).resolve().parents[2] / "solutions" / "01_game_theory.ipynb"
REGION = re.compile(r"### BEGIN SOLUTION.*?### END SOLUTION", re.DOTALL)


def released(source: str) -> str:
    """What `coursekit release` leaves in an answer cell."""
    return REGION.sub("raise NotImplementedError  # your code here", source)


def run(cells, strip: bool) -> dict[int, BaseException | None]:
    """Run the code cells in one namespace; return what each graded cell raised."""
    namespace: dict = {}
    outcome = {}
    for index, cell in enumerate(cells):
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        source = released(cell.source) if strip and "solution" in tags else cell.source
        try:
            exec(compile(source, f"cell {index}", "exec"), namespace)
            error = None
        except NotImplementedError as raised:
            assert "solution" in tags, f"cell {index} raised outside an answer cell"
            error = raised
        except AssertionError as raised:
            error = raised
        if "check" in tags:
            outcome[index] = error
    return outcome


@pytest.fixture(scope="module")
def notebook():
    return nbformat.read(SOLUTIONS, as_version=4)


def test_graded_cells_and_answer_cells_are_marked(notebook):
    graded = [c for c in notebook.cells if "check" in c.metadata.get("tags", [])]
    answers = [c for c in notebook.cells if "solution" in c.metadata.get("tags", [])]
    assert len(graded) == len(answers) == 5
    assert sum(c.metadata["coursekit"]["points"] for c in graded) == 11
    assert all("ch01.check_" in c.source for c in graded)
    assert all(REGION.search(c.source) for c in answers)


def test_released_notebook_fails_with_hints_not_name_errors(notebook, capsys):
    outcome = run(notebook.cells, strip=True)
    assert len(outcome) == 5
    for index, error in outcome.items():
        assert isinstance(error, AssertionError), f"graded cell {index}: {error!r}"
        assert "no answer yet" in str(error) or "NotImplementedError" in str(error)


def test_solutions_pass(notebook, capsys):
    outcome = run(notebook.cells, strip=False)
    assert all(error is None for error in outcome.values()), outcome
    assert capsys.readouterr().out.count("✔ Correct.") == 5
