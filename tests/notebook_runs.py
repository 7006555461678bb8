"""Every notebook of the course run once per test session, and shared by every test.

A chapter, solution or exercise notebook takes seconds to a minute to run in a fresh
kernel, and many tests need it run: nbval compares its checked outputs, the picture test
measures it as a page, the slide tests export it as a deck, the web book exports it as a
page of the book, the Chinese tests scan what it prints. They all read one store:

* :meth:`NotebookRuns.executed` runs a notebook top to bottom in a fresh kernel in its own
  folder (as ``coursekit execute`` and the exporters do: a per-cell timeout, one retry of a
  stalled kernel, the widget state stored), keeps going past a cell that raises (its error
  stays in its outputs, as nbval would see it), and writes the result to the store's
  folder. Whoever asks first runs it; everyone else — another test, another fixture, the
  other lane of the suite — waits for that run and reads it.
* :meth:`NotebookRuns.for_export` is :func:`coursekit.tools.notebooks.execute.run_for_export` from
  the store: the exporters' runs, which must not fail outside the cells tagged
  ``raises-exception``.
* :class:`ExportStore` does the same for exports (a deck, a page in a theme): made once,
  measured by every check that needs it.

The store lives in one folder per test run, shared by the lanes of ``pytest -n 2``
(``testrun_uid``, the same in every worker), and locks with ``flock``: no notebook runs
twice in a session, whichever lane asks. A run is keyed by the notebook's path and the
SHA-256 of its bytes: a test that writes a notebook of its own is never served a stale run.

**nbval on the store.** pytest collects the chapter and solution notebooks (``notebooks/``,
``solutions/``, every language). Each code cell is one test, as under ``pytest
--nbval-lax``: it fails when the cell raised (unless tagged ``raises-exception``) or, for a
cell marked ``# NBVAL_CHECK_OUTPUT``, when its outputs differ from the stored ones after the
sanitizers of ``tests/nbval_sanitize.cfg``. The judging is nbval's own code
(:class:`StoredNbCell` replaces only where the outputs come from). ``pytest --nbval-lax
NB.ipynb`` still runs a notebook in nbval's own live kernel (this plugin then steps aside).

The root ``conftest.py`` hooks this module into pytest.
"""

from __future__ import annotations

import contextlib
import copy
import fcntl
import hashlib
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import nbformat
import pytest
from nbval.plugin import IPyNbCell, IPyNbFile, coalesce_streams

CELL_TIMEOUT = 300
"""Seconds a cell of a stored run may take (nbval's ``--nbval-cell-timeout`` in pyproject)."""

RUNS_FOLDER = pytest.StashKey[Path]()


def run_folder(config: pytest.Config) -> Path:
    """This test run's store folder: the same in every xdist worker, new for every run."""
    if RUNS_FOLDER not in config.stash:
        folder = Path(tempfile.gettempdir()) / f"coursekit-test-runs-{run_id(config)}"
        folder.mkdir(parents=True, exist_ok=True)
        config.stash[RUNS_FOLDER] = folder
    return config.stash[RUNS_FOLDER]


def run_id(config: pytest.Config) -> str:
    """The run's id: xdist's ``testrunuid``, which the controller picks (the root conftest
    asks for it before the workers start) and hands every worker; ours without xdist."""
    worker = getattr(config, "workerinput", None)
    if worker is not None:
        return worker["testrunuid"]
    if getattr(config.option, "testrunuid", None) is None:
        config.option.testrunuid = uuid.uuid4().hex  # xdist's NodeManager passes it on
    return config.option.testrunuid


def remove_run_folder(config: pytest.Config) -> None:
    """Delete the store at the end of the run (by the controller, after every worker)."""
    if getattr(config, "workerinput", None) is None:
        shutil.rmtree(run_folder(config), ignore_errors=True)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (made if missing): one maker at a time."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def made_once(target: Path, make: Callable[[Path], None]) -> Path:
    """``target``, made by ``make(target)`` unless this run already made it.

    ``make`` writes a temporary path that is renamed into place, so a reader never sees
    half a file; a failed ``make`` leaves nothing, and the next asker tries again (and
    fails the same way, with the same message, in its own test).
    """
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with locked(target.with_name(target.name + ".lock")):
        if not target.exists():
            partial = target.with_name(target.name + ".partial")
            try:
                make(partial)
            except BaseException:
                _remove(partial)
                raise
            os.replace(partial, target)
    return target


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _key(path: Path) -> str:
    """Names a run: the notebook's path and its bytes (an edited notebook is a new run)."""
    digest = hashlib.sha256(str(path).encode() + b"\0" + path.read_bytes()).hexdigest()
    return f"{path.stem}-{digest[:16]}"


class NotebookRuns:
    """The session's runs of notebooks on disk (see the module's docstring)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path_of(self, notebook: Path) -> Path:
        """Where the run of ``notebook`` is (made by this call if it is not there yet)."""
        notebook = Path(notebook).resolve()

        def make(target: Path) -> None:
            from coursekit.tools.notebooks.execute import execute_notebook

            done = execute_notebook(
                nbformat.read(notebook, as_version=4),
                cwd=notebook.parent,
                timeout=CELL_TIMEOUT,
                store_widget_state=True,
                allow_errors=True,
                name=str(notebook),
            )
            with target.open("w", encoding="utf-8") as handle:
                nbformat.write(done, handle)

        return made_once(self.folder / f"{_key(notebook)}.ipynb", make)

    def executed(self, notebook: Path) -> nbformat.NotebookNode:
        """``notebook`` as run top to bottom in a fresh kernel, errors kept in their cells."""
        return nbformat.read(self.path_of(notebook), as_version=4)

    def for_export(self, notebook: Path, **_options) -> nbformat.NotebookNode:
        """What ``execute.run_for_export`` gives: the run, refused if a cell failed that is
        not tagged ``raises-exception`` (the exporters' options are those of the store)."""
        done = self.executed(notebook)
        failed = unexpected_errors(done)
        if failed:
            raise AssertionError(f"{notebook}: cells failed when run: {'; '.join(failed)}")
        return done


def unexpected_errors(nb: nbformat.NotebookNode) -> list[str]:
    """The errors of cells not tagged ``raises-exception``, as ``cell N: Name: value``."""
    return [
        f"cell {i}: {output.get('ename')}: {output.get('evalue')}"
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code" and "raises-exception" not in cell.metadata.get("tags", [])
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]


class ExportStore:
    """Exports made once per session on disk, read by every test that measures them.

    ``folder(name, fill)`` is a folder ``fill`` filled once (the libraries a kind of export
    loads); ``file(relative, write)`` a file ``write(path)`` wrote once (a deck, a page).
    """

    def __init__(self, folder: Path) -> None:
        self.root = folder

    def folder(self, name: str, fill: Callable[[Path], None]) -> Path:
        def make(partial: Path) -> None:
            partial.mkdir(parents=True)
            fill(partial)

        return made_once(self.root / name, make)

    def file(self, relative: str, write: Callable[[Path], None]) -> Path:
        return made_once(self.root / relative, write)


def copy_of(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy a test may change without changing what others read."""
    return copy.deepcopy(nb)


# --- nbval on the store ---------------------------------------------------------------------


class StoredNbFile(IPyNbFile):
    """A notebook whose cells nbval judges on the session's stored run of it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.compare_outputs = False  # lax: only cells marked NBVAL_CHECK_OUTPUT compare

    def setup(self) -> None:
        self.setup_sanitize_files()
        runs = NotebookRuns(run_folder(self.config) / "notebooks")
        executed = runs.executed(Path(self.path))
        self.stored = [cell for cell in executed.cells if cell.cell_type == "code"]

    def collect(self):
        for item in super().collect():
            yield StoredNbCell.from_parent(
                self, name=item.name, cell_num=item.cell_num, cell=item.cell, options=item.options
            )

    def teardown(self) -> None:
        pass  # no kernel of its own


class StoredNbCell(IPyNbCell):
    """One code cell, judged as nbval judges it, on its outputs in the stored run."""

    def runtest(self) -> None:
        if self.options["skip"]:
            pytest.skip()
        outs = coalesce_streams(copy.deepcopy(self.parent.stored[self.cell_num].outputs))
        self.test_outputs = outs
        errors = [out for out in outs if out.output_type == "error"]
        if errors and not self.options["check_exception"]:
            traceback = "\n" + "\n".join(errors[0].get("traceback", []))
            self.raise_cell_error("Cell execution caused an exception", traceback)
        unrun = self.cell.execution_count is None
        if unrun and self.cell.outputs:
            self.raise_cell_error("Unrun reference cell has outputs")
        expected = coalesce_streams(self.cell.outputs)
        if self.options["check"] and not unrun and not self.compare_outputs(outs, expected):
            self.raise_cell_error("Cell outputs differ", "\n".join(self.comparison_traceback))
