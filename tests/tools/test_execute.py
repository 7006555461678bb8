"""Notebook execution recovers from one stalled cell, says so, and gives up after that."""

from __future__ import annotations

import pytest
from nbclient.exceptions import CellExecutionError, CellTimeoutError
from nbformat.v4 import new_code_cell, new_notebook

from coursekit.tools.notebooks.execute import execute_notebook
from tests.conftest import stall_once


def _notebook(*sources: str):
    nb = new_notebook(cells=[new_code_cell(s) for s in sources])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    return nb


def test_a_stall_that_happens_once_is_retried(tmp_path):
    messages = []
    done = execute_notebook(
        _notebook(stall_once("done")), cwd=tmp_path, timeout=3, say=messages.append, name="nb"
    )
    assert done.cells[0].outputs[0].text.strip() == "done"
    assert messages == ["nb: a cell timed out (a known nbclient stall with widgets); retrying once"]


def test_a_cell_that_always_stalls_fails_after_one_retry(tmp_path):
    messages = []
    with pytest.raises(CellTimeoutError):
        execute_notebook(
            _notebook("import time; time.sleep(60)"), cwd=tmp_path, timeout=2, say=messages.append
        )
    assert len(messages) == 1


def test_errors_in_cells_are_not_retried(tmp_path):
    messages = []
    with pytest.raises(CellExecutionError, match="ZeroDivisionError"):
        execute_notebook(_notebook("1 / 0"), cwd=tmp_path, say=messages.append)
    assert messages == []


def test_the_kernel_runs_in_the_given_folder(tmp_path):
    done = execute_notebook(_notebook("import os; print(os.getcwd())"), cwd=tmp_path)
    assert done.cells[0].outputs[0].text.strip() == str(tmp_path)
