"""The course's JupyterLite lab (``coursekit site --offline``), offline, in Chromium.

The site is built once per test run (Pyodide bundled from npm; ``built_site``, shared with
the book's tests) and served by a local
``http.server``; every request that would leave the machine is aborted and recorded. The tests
check that

- chapters 02, 03, 04 and 06 (and 04 in Chinese) "Run All" in the browser's own Python and
  every cell runs, to the end, with no error except in cells that fail on purpose
  (``raises-exception``): Run All goes on past those, as in JupyterLab (the site patches
  JupyterLite's kernel manager, ``lite_patches.let_run_all_go_on``), and a cell that needs
  numpy or matplotlib (which exist only on Pyodide's CDN, which an offline site lacks:
  README says so) prints one line instead (``coursekit.tools.site.offline_lab``), which the
  notebook's first cell announces; a step-through there steps, and the speaker notes are
  closed;
- a chapter and its exercise of the same file name (and the chapter's Chinese edition) open
  in one lab each get a kernel of their own, in the light and the dark theme
  (``lite_patches.SESSION_BY_PATH_PATCH``);
- a graded cell of exercise 04 says ✔ for a correct answer typed into the lab; saved and
  the page opened again, the answer is still there (the browser's storage); downloaded
  from the lab, the notebook scores full marks under ``coursekit check``.

The time from opening the lab to the first executed cell of each chapter, under Run All,
is written to ``build/test-artifacts/site/lab-first-cell-<chapter>.txt`` (``bench/site.py``
measures it alone). (``test_site.py`` tests the web book.)
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from coursekit.text import say
from coursekit.tools.notebooks.speaker_notes import is_notes
from coursekit.tools.site import lite
from tests.browser.test_pictures import RUN_CODE_JS  # what the kernel prints for some code
from tests.browser.test_site import LAB_PATHS, ROOT, serving
from tests.exercises.exercise_helpers import cell as cell_by_id

pytestmark = pytest.mark.browser

KERNEL_TIMEOUT_S = 240
RUN_TIMEOUT_S = 300


@pytest.fixture(scope="module")
def served_lab(built_site):
    """The lab of the site ``coursekit site --offline`` builds (built once per test run: the
    book's tests serve the same folder), on localhost."""
    with serving(built_site) as address:
        yield address


# --- the lab -------------------------------------------------------------------------------

CELLS_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.cells;
  const found = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== "code") continue;
    const outputs = cell.outputs.toJSON();
    found.push({
      index: i,
      tags: cell.getMetadata("tags") || [],
      source: cell.sharedModel.getSource(),
      count: cell.executionCount,
      errors: outputs.filter(o => o.output_type === "error").map(o => o.ename + ": " + o.evalue),
      text: outputs.filter(o => o.output_type === "stream").map(o => o.text).join(""),
    });
  }
  return found;
}"""


def open_notebook(open_page, base: str, path: str):
    page, log = open_page(base)
    page.set_viewport_size({"width": 1366, "height": 768})
    started = time.monotonic()
    page.goto(f"{base}lab/lab/index.html?path={path}")
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.content"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session",
        timeout=KERNEL_TIMEOUT_S * 1000,
    )
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status"
        " === 'idle'",
        timeout=KERNEL_TIMEOUT_S * 1000,
    )
    return page, log, started


KERNEL_JS = "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status"


def settled(page) -> list[dict]:
    """The code cells once the kernel has been idle, with nothing changing, for 3 s."""
    deadline = time.monotonic() + RUN_TIMEOUT_S
    last, quiet = None, 0
    while time.monotonic() < deadline:
        time.sleep(1)
        cells = page.evaluate(CELLS_JS)
        seen = [(c["count"], len(c["errors"])) for c in cells]
        quiet = quiet + 1 if seen == last and page.evaluate(KERNEL_JS) == "idle" else 0
        if quiet >= 3:
            return cells
        last = seen
    raise AssertionError(f"the notebook did not settle in {RUN_TIMEOUT_S} s")


def run_all(
    page,
    started: float | None = None,
    timing: Path | None = None,
    go_on=lambda cell: False,
) -> list[dict]:
    """Run All; return the code cells when it ends.

    Run All stops at the first cell that fails unless it is tagged ``raises-exception``
    (the request then says ``stop_on_error: false``): when ``go_on(cell)`` accepts the
    cell it stopped at, the run goes on from the next cell ("Run All Below"), as a student
    would.
    With ``timing``, the seconds from ``started`` (asking for the page) to the end of the
    first code cell are written there.
    """
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    if timing is not None:
        page.wait_for_function(
            f"() => ({CELLS_JS})()[0].count > 0", timeout=RUN_TIMEOUT_S * 1000, polling=100
        )
        timing.write_text(f"{time.monotonic() - started:.1f} s from opening the lab page\n")
    while True:
        cells = settled(page)
        pending = [c for c in cells if not c["count"]]
        failed = [c for c in cells if c["errors"] and c["count"]]
        if not pending or not failed or not go_on(failed[-1]):
            return cells
        page.evaluate(
            "(i) => { window.jupyterapp.shell.currentWidget.content.activeCellIndex = i;"
            " window.jupyterapp.commands.execute('notebook:run-all-below'); }",
            pending[0]["index"],
        )


WHERE_AND_BYTECODE = """\
import importlib.util, os, coursekit, IPython
pyc = [importlib.util.cache_from_source(m.__file__) for m in (IPython, coursekit)]
print(os.getcwd(), *map(os.path.exists, pyc), sorted(os.listdir()))"""


def step_once(page) -> bool:
    """Click the first "back" button of a step-through that is shown (an explorer opens at
    its last step); whether its picture changed."""
    found = page.evaluate(
        """() => {
      const buttons = document.querySelectorAll(
        ".ck-step-back, .ck-graph-controls button[title='previous step']");
      const shown = [...buttons].find(b => b.getClientRects().length > 0 && !b.disabled);
      if (shown) shown.setAttribute("data-ck-test", "back");
      return Boolean(shown);
    }"""
    )
    if not found:
        return False
    button = page.locator("[data-ck-test='back']")
    picture = button.locator("xpath=ancestor::div[contains(@class,'jp-OutputArea')][1]")
    button.scroll_into_view_if_needed()
    before = picture.inner_html()
    button.click()
    try:
        page.wait_for_function(
            "([el, old]) => el.innerHTML !== old",
            arg=[picture.element_handle(), before],
            timeout=30_000,
        )
    except Exception:
        return False
    return True


def missing(cell: dict) -> bool:
    """Whether a cell's errors all say that numpy, scipy or matplotlib is not there."""
    # Pyodide's kernel names the error "<class 'ModuleNotFoundError'>"
    return all(
        "ModuleNotFoundError" in e and any(f"'{name}" in e for name in lite.SCIENTIFIC)
        for e in cell["errors"]
    )


def expected(cell: dict) -> bool:
    """Whether a cell's error is expected: it fails on purpose (``raises-exception``, an
    error the chapter shows) or, offline, it needs numpy, scipy or matplotlib (a chart)."""
    return "raises-exception" in cell["tags"] or missing(cell)


NOTES_JS = """() => {
  const notes = [...document.querySelectorAll(".jp-MarkdownCell details.ck-notes")];
  return {count: notes.length, open: notes.filter((d) => d.open).length};
}"""


@pytest.mark.parametrize("path", LAB_PATHS)
def test_chapter_runs_all_in_the_lab_offline(served_lab, open_page, artifacts, path):
    page, log, started = open_notebook(open_page, served_lab, path)
    folder = artifacts / "site"
    folder.mkdir(exist_ok=True)
    name = path.removeprefix("notebooks/").replace("/", "-").removesuffix(".ipynb")
    # Run All goes on to the end: past a cell failing on purpose, past a missing numpy
    cells = run_all(page, started, folder / f"lab-first-cell-{name}.txt")
    pending = [c["source"][:200] for c in cells if not c["count"]]
    page.screenshot(path=str(folder / f"lab-{name}.png"))
    failed = [c for c in cells if c["errors"] and "raises-exception" not in c["tags"]]
    assert not pending, f"cells that did not run: {pending}"
    assert not failed, "\n\n".join(f"{c['source'][:300]}\n→ {c['errors']}" for c in failed)
    source = nbformat.read(ROOT / path, as_version=4)
    language = source.metadata.get("coursekit", {}).get("language", "en")
    if lite.needs_scientific(source):  # said once, in the first cell, in its language
        announced = say("edition.lab_offline", packages="numpy, scipy, matplotlib", lang=language)
        assert cells[0]["text"].strip() == announced, cells[0]["text"]
        skipped = [c for c in cells if "is not in this offline lab" in c["text"]
                   or "离线实验室里没有" in c["text"]]  # fmt: skip
        assert skipped, f"{path}: no cell said that it needs numpy"
        assert all(c["text"].count("\n") <= 2 for c in skipped), skipped[0]["text"]
    assert log.off_machine() == [], log.off_machine()
    notes = page.evaluate(NOTES_JS)
    assert notes["count"] == sum(map(is_notes, source.cells)) and notes["open"] == 0, notes
    assert step_once(page), f"{path}: no step-through stepped in the lab"
    # the kernel imports itself before it moves into the students' files
    # (lite_patches.KERNEL_START_PATCH), and then works in the notebook's own folder; IPython
    # and coursekit came with bytecode (lite_bytecode.compile_for_pyodide: Pyodide never writes any)
    where = page.evaluate(RUN_CODE_JS, WHERE_AND_BYTECODE)
    folder_in_lab = "/drive/" + str(Path(path).parent)
    assert where.startswith(f"{folder_in_lab} True True [") and Path(path).name in where, where


SESSIONS_JS = """() => [...window.jupyterapp.serviceManager.sessions.running()].map(
  (s) => ({path: s.path, kernel: s.kernel && s.kernel.id}))"""
KERNEL_OF_JS = """(path) => {
  for (const w of window.jupyterapp.shell.widgets("main")) {
    const s = w.sessionContext && w.sessionContext.session;
    if (w.context && w.context.path === path && s && s.kernel)
      return {status: s.kernel.status, id: s.kernel.id, path: s.path};
  }
  return null;
}"""
OPEN_JS = "(path) => window.jupyterapp.commands.execute('docmanager:open', {path})"
SAME_NAME = (
    "notebooks/04_alphabeta.ipynb",
    "exercises/04_alphabeta.ipynb",
    "notebooks/zh/04_alphabeta.ipynb",
)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_notebooks_of_the_same_name_each_get_a_kernel(served_lab, open_page, artifacts, theme):
    """Issue #38: after one 04_alphabeta.ipynb had a kernel, another stayed "Initializing"."""
    page, log, _ = open_notebook(open_page, served_lab, SAME_NAME[0])
    if theme == "dark":
        page.evaluate(
            "() => window.jupyterapp.commands.execute('apputils:change-theme',"
            " {theme: 'JupyterLab Dark'})"
        )
    for path in SAME_NAME[1:]:
        page.evaluate(OPEN_JS, path)
        page.wait_for_function(
            f"() => {{ const k = ({KERNEL_OF_JS})({path!r}); return k && k.status === 'idle'; }}",
            timeout=KERNEL_TIMEOUT_S * 1000,
        )
    kernels = [page.evaluate(KERNEL_OF_JS, path) for path in SAME_NAME]
    assert [k["path"] for k in kernels] == list(SAME_NAME), kernels
    assert len({k["id"] for k in kernels}) == len(SAME_NAME), kernels
    where = page.evaluate(RUN_CODE_JS, "import os; print(os.getcwd())")  # the last one opened
    assert where.strip() == "/drive/notebooks/zh", where
    folder = artifacts / "site"
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"lab-same-name-{theme}.png"))
    assert log.off_machine() == [], log.off_machine()


def first_part(name: str = "04_alphabeta") -> tuple[str, str, str]:
    """The first answer cell of an exercise set: its id, its solution, and the id of the
    graded cell after it (read from the solution notebook)."""
    solution = nbformat.read(ROOT / "solutions" / f"{name}.ipynb", as_version=4)
    cells = solution.cells
    for i, cell in enumerate(cells):
        if "solution" in cell.metadata.get("tags", []):
            graded = next(c for c in cells[i:] if "check" in c.metadata.get("tags", []))
            return cell.id, cell.source, graded.id
    raise AssertionError(f"{name} has no answer cell")


# A cell of the open notebook, by id: its source and its outputs as JSON (null if none).
CELL_JS = """(id) => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.id === id)
      return {source: cell.sharedModel.getSource(), outputs: JSON.stringify(cell.outputs.toJSON())};
  }
  return null;
}"""


def test_exercise_04_says_correct_in_the_lab(served_lab, open_page, artifacts):
    answer_id, solution, graded_id = first_part()
    page, log, _ = open_notebook(open_page, served_lab, "exercises/04_alphabeta.ipynb")
    run_all(page)
    blank = page.evaluate(CELL_JS, graded_id)
    assert blank is not None and "✔" not in blank["outputs"], blank
    page.evaluate(
        """([id, source]) => {
      const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
      for (let i = 0; i < cells.length; i++)
        if (cells.get(i).id === id) cells.get(i).sharedModel.setSource(source);
    }""",
        [answer_id, solution],
    )
    run_all(page)
    folder = artifacts / "site"
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / "lab-exercise-04.png"))
    verdict = page.evaluate(CELL_JS, graded_id)["outputs"]
    assert "✔" in verdict, verdict

    # the work is kept in the browser: saved, the page opened again, the answer is there
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    page.reload()
    page.wait_for_function(
        f"() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        f" && ({CELL_JS})({json.dumps(answer_id)}) !== null",
        timeout=KERNEL_TIMEOUT_S * 1000,
    )
    assert page.evaluate(CELL_JS, answer_id)["source"] == solution

    # and downloaded, `coursekit check` scores it: the part answered, full marks
    with page.expect_download() as download:
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:download')")
    downloaded = folder / "lab-exercise-04-downloaded.ipynb"
    download.value.save_as(downloaded)
    assert cell_by_id(nbformat.read(downloaded, as_version=4), answer_id).source == solution
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "check", downloaded.name],
        capture_output=True, text=True, cwd=folder, check=False,
    )  # fmt: skip
    assert re.search(r"^✔ part 1 \(cell \d+\)", done.stdout, re.MULTILINE), done.stdout
    assert "cells that raised an error" not in done.stdout, done.stdout
    assert log.off_machine() == [], log.off_machine()


# The active cell of the open notebook: its id, and whether it is on the screen.
ACTIVE_CELL_JS = """() => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const cell = notebook.activeCell;
  if (!cell) return null;
  const box = cell.node.getBoundingClientRect();
  const view = notebook.node.getBoundingClientRect();
  return {id: cell.model.id, index: notebook.activeCellIndex,
          seen: box.bottom > view.top && box.top < view.bottom};
}"""


@pytest.mark.parametrize(
    "path", ["notebooks/04_alphabeta.ipynb", "notebooks/zh/04_alphabeta.ipynb"]
)
def test_a_link_to_a_cell_opens_the_notebook_there(served_lab, open_page, artifacts, path):
    """The web book's line under an explorer leads to its own cell in the lab
    (``?path=…#cell-id=…``, ``lite_patches.open_at_cell``): the notebook opens with that cell
    selected and on the screen."""
    nb = nbformat.read(ROOT / path, as_version=4)
    target = [c for c in nb.cells if c.cell_type == "code"][-2]  # far down the notebook
    page, log = open_page(served_lab)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{served_lab}lab/lab/index.html?path={path}#cell-id={target.id}")
    page.wait_for_function(
        "(id) => document.documentElement.dataset.ckCellShown === id",
        arg=target.id,
        timeout=KERNEL_TIMEOUT_S * 1000,
    )
    # still there once the kernel has started (its start redraws the cells above)
    page.wait_for_function(
        "() => { const s = window.jupyterapp.shell.currentWidget.sessionContext.session;"
        " return s && s.kernel && s.kernel.status === 'idle'; }",
        timeout=KERNEL_TIMEOUT_S * 1000,
    )
    with contextlib.suppress(Exception):  # the assertion below says where it is
        page.wait_for_function(f"() => ({ACTIVE_CELL_JS})().seen", timeout=5_000)
    active = page.evaluate(ACTIVE_CELL_JS)
    folder = artifacts / "site"
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"lab-cell-link-{path.replace('/', '-')}.png"))
    assert active and active["id"] == target.id, active
    assert active["seen"], f"{path}: the linked cell is not on the screen: {active}"
    assert log.off_machine() == [], log.off_machine()
