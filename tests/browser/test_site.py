"""The course as a web site (``coursekit site``), offline, in headless Chromium.

The site is built once per session with Pyodide bundled from npm (``--offline``) and
served by a local ``http.server``; every request that would leave the machine is
aborted and recorded. The tests check that

- in the JupyterLite lab, chapters 02, 03, 04 and 06 "Run All" in the browser's own
  Python and every cell runs with no error, except cells that fail on purpose
  (``raises-exception``) and cells that draw a matplotlib chart (numpy and matplotlib
  exist only on Pyodide's CDN, which an offline site lacks: README says so); JupyterLite's
  Run All stops at any error, so after such a cell the run goes on from the next one;
  and a step-through there steps;
- a graded cell of exercise 04 says ✔ for a correct answer typed into the lab;
- the web book's pages draw every picture with no horizontal page scroll at 390 px
  (a phone) and 1366 px (a laptop).

The time from opening the lab to the first executed cell of chapter 04 is written to
``build/test-artifacts/site/lab-timing.txt`` (``bench/site.py`` measures it alone).
Screenshots: ``build/test-artifacts/site/``.
"""

from __future__ import annotations

import functools
import http.server
import threading
import time
from pathlib import Path

import nbformat
import pytest

from coursekit.tools import lite, site

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LAB_CHAPTERS = ("02", "03", "04", "06")
BOOK_CHAPTERS = ("02", "04")
KERNEL_TIMEOUT_S = 240
RUN_TIMEOUT_S = 300


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The site (lab offline for LAB_CHAPTERS + exercise 04, book for BOOK_CHAPTERS), served."""
    out = tmp_path_factory.mktemp("site")
    site.build_site(out, root=ROOT, chosen=LAB_CHAPTERS, book=False, offline=True)
    site.build_site(out / "bookonly", root=ROOT, chosen=BOOK_CHAPTERS, lab=False)
    handler = functools.partial(QuietHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


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
    });
  }
  return found;
}"""


def open_notebook(open_page, base: str, path: str):
    page, log = open_page(base)
    page.set_viewport_size({"width": 1366, "height": 900})
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

    JupyterLite's Run All stops at the first error (a ``raises-exception`` tag does not
    let it go on, as it does in JupyterLab): when ``go_on(cell)`` accepts the cell that
    failed, the run goes on from the next cell ("Run All Below"), as a student would.
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


@pytest.mark.parametrize("number", LAB_CHAPTERS)
def test_chapter_runs_all_in_the_lab_offline(served, open_page, artifacts, number):
    path = next(f"notebooks/{n.name}" for n in (ROOT / "notebooks").glob(f"{number}_*.ipynb"))
    page, log, started = open_notebook(open_page, served, path)
    folder = artifacts / "site"
    folder.mkdir(exist_ok=True)
    cells = run_all(page, started, folder / f"lab-first-cell-{number}.txt", go_on=expected)
    pending = [c["source"][:200] for c in cells if not c["count"]]
    page.screenshot(path=str(folder / f"lab-{number}.png"))
    failed = [c for c in cells if c["errors"]]
    unexplained = [c for c in failed if not expected(c)]
    assert not pending, f"cells that did not run: {pending}"
    assert not unexplained, "\n\n".join(f"{c['source'][:300]}\n→ {c['errors']}" for c in failed)
    assert log.off_machine() == [], log.off_machine()
    assert step_once(page), f"{path}: no step-through stepped in the lab"


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


OUTPUT_TEXT_JS = """(id) => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.id === id) return JSON.stringify(cell.outputs.toJSON());
  }
  return null;
}"""


def test_exercise_04_says_correct_in_the_lab(served, open_page, artifacts):
    answer_id, solution, graded_id = first_part()
    page, log, _ = open_notebook(open_page, served, "exercises/04_alphabeta.ipynb")
    run_all(page)
    blank = page.evaluate(OUTPUT_TEXT_JS, graded_id)
    assert blank is not None and "✔" not in blank, blank
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
    verdict = page.evaluate(OUTPUT_TEXT_JS, graded_id)
    assert "✔" in verdict, verdict
    assert log.off_machine() == [], log.off_machine()


# --- the web book --------------------------------------------------------------------------

DRAWN_JS = """() => {
  const views = [...document.querySelectorAll('.ck-graph')];
  return {views: views.length, drawn: views.filter(v => v.querySelector('svg')
    || v.textContent.trim()).length,
    scroll: document.documentElement.scrollWidth, width: window.innerWidth};
}"""


@pytest.mark.parametrize("width", (390, 1366))
def test_book_pages_draw_and_fit_the_screen(served, open_page, artifacts, width):
    folder = artifacts / "site"
    folder.mkdir(exist_ok=True)
    for number in BOOK_CHAPTERS:
        name = next(n.stem for n in (ROOT / "notebooks").glob(f"{number}_*.ipynb"))
        page, log = open_page(served)
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{served}bookonly/book/{name}.html")
        page.wait_for_function(
            f"() => {{ const d = ({DRAWN_JS})(); return d.views > 0 && d.drawn === d.views; }}",
            timeout=60_000,
        )
        found = page.evaluate(DRAWN_JS)
        page.screenshot(path=str(folder / f"book-{name}-{width}.png"), full_page=True)
        assert found["scroll"] <= found["width"], f"{name} at {width} px: {found}"
        assert log.off_machine() == [] and not log.failed, (log.off_machine(), log.failed)
