"""The session's store of notebook runs, and nbval's checks made on it (``tests/notebook_runs.py``).

nbval on the store must fail where nbval fails: a cell that raises without the tag, a checked
output that differs; and pass where it passes: a tagged error, an unchecked output. The store
must run a notebook once however many ask at once, and never serve the run of an older copy.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook, new_output

from tests.notebook_runs import NotebookRuns, made_once, unexpected_errors

ROOT = Path(__file__).resolve().parents[1]
KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}


def notebook(*cells: nbformat.NotebookNode) -> nbformat.NotebookNode:
    nb = new_notebook(cells=list(cells))
    nb.metadata["kernelspec"] = KERNEL
    return nb


def printed(source: str, stored: str, *, tags=()) -> nbformat.NotebookNode:
    """A code cell that ran once (execution count 1) and whose stored output is ``stored``."""
    cell = new_code_cell(source, execution_count=1, metadata={"tags": list(tags)})
    cell.outputs = [new_output("stream", name="stdout", text=stored)]
    return cell


def run_pytest(folder: Path, nb: nbformat.NotebookNode) -> subprocess.CompletedProcess:
    """pytest on ``nb`` in ``folder`` with this checkout's root conftest, as the suite runs it."""
    nbformat.write(nb, folder / "probe.ipynb")
    (folder / "conftest.py").write_text((ROOT / "conftest.py").read_text())
    (folder / "pytest.ini").write_text("[pytest]\n")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "probe.ipynb", "-p", "no:cacheprovider", "-q", "-rA"],
        cwd=folder,
        env={"PYTHONPATH": str(ROOT), "PATH": str(Path(sys.executable).parent)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_checked_output_that_differs_fails_and_an_unchecked_one_passes(tmp_path):
    nb = notebook(
        printed("# NBVAL_CHECK_OUTPUT\nprint('right')", "right\n"),
        printed("# NBVAL_CHECK_OUTPUT\nprint('new')", "old\n"),
        printed("print('anything')", "something else\n"),
    )
    done = run_pytest(tmp_path, nb)
    assert "PASSED probe.ipynb::Cell 0" in done.stdout, done.stdout[-3000:]
    assert "FAILED probe.ipynb::Cell 1" in done.stdout
    assert "PASSED probe.ipynb::Cell 2" in done.stdout
    assert "Cell outputs differ" in done.stdout


def test_an_error_fails_unless_the_cell_is_tagged_to_raise(tmp_path):
    nb = notebook(
        printed("raise ValueError('on purpose')", "", tags=["raises-exception"]),
        printed("raise KeyError('by mistake')", ""),
        printed("print('after')", "after\n"),
    )
    for cell in nb.cells:
        cell.outputs = []
    done = run_pytest(tmp_path, nb)
    assert "PASSED probe.ipynb::Cell 0" in done.stdout, done.stdout[-3000:]
    assert "FAILED probe.ipynb::Cell 1" in done.stdout and "KeyError" in done.stdout
    assert "PASSED probe.ipynb::Cell 2" in done.stdout  # the run goes on, as nbval's does


def test_a_notebook_runs_once_however_many_ask_at_once(tmp_path):
    path = tmp_path / "count.ipynb"
    nbformat.write(notebook(new_code_cell("print(41 + 1)")), path)
    runs = NotebookRuns(tmp_path / "store")
    found = []
    askers = [threading.Thread(target=lambda: found.append(runs.path_of(path))) for _ in range(3)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()
    assert len(set(found)) == 1 and len(list((tmp_path / "store").glob("*.ipynb"))) == 1
    assert runs.executed(path).cells[0].outputs[0].text == "42\n"


def test_an_edited_notebook_is_run_again(tmp_path):
    path = tmp_path / "edited.ipynb"
    runs = NotebookRuns(tmp_path / "store")
    nbformat.write(notebook(new_code_cell("print('first')")), path)
    assert runs.executed(path).cells[0].outputs[0].text == "first\n"
    nbformat.write(notebook(new_code_cell("print('second')")), path)
    assert runs.executed(path).cells[0].outputs[0].text == "second\n"


def test_an_export_refuses_a_run_with_an_unexpected_error(tmp_path):
    path = tmp_path / "broken.ipynb"
    tagged = new_code_cell("1 / 0", metadata={"tags": ["raises-exception"]})
    nbformat.write(notebook(tagged, new_code_cell("[][1]")), path)
    done = NotebookRuns(tmp_path / "store").executed(path)
    assert unexpected_errors(done) == ["cell 1: IndexError: list index out of range"]


def test_a_failed_make_leaves_nothing_behind(tmp_path):
    target = tmp_path / "made.txt"

    def fail(partial: Path) -> None:
        partial.write_text("half")
        raise RuntimeError("the maker broke")

    with pytest.raises(RuntimeError, match="the maker broke"):
        made_once(target, fail)
    assert list(tmp_path.iterdir()) == [tmp_path / "made.txt.lock"]
    assert made_once(target, lambda p: p.write_text("whole")).read_text() == "whole"
