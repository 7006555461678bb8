"""The course as a web site (``coursekit site``), offline, in headless Chromium.

The whole site is built once per module as ``coursekit site --offline`` builds it (Pyodide
bundled from npm; each chapter run once per session, a run the export tests share) and
served by a local ``http.server``; every request that would leave the machine is
aborted and recorded. The tests check that

- in the JupyterLite lab, chapters 02, 03, 04 and 06 "Run All" in the browser's own
  Python and every cell runs with no error, except cells that fail on purpose
  (``raises-exception``) and cells that draw a matplotlib chart (numpy and matplotlib
  exist only on Pyodide's CDN, which an offline site lacks: README says so). Run All goes
  on past a cell that fails on purpose, as in JupyterLab (the site patches JupyterLite's
  kernel manager, ``lite.let_run_all_go_on``); it stops at a chart's missing numpy, and
  the test goes on from the next cell; and a step-through there steps;
- a graded cell of exercise 04 says ✔ for a correct answer typed into the lab; saved and
  the page opened again, the answer is still there (the browser's storage); downloaded
  from the lab, the notebook scores full marks under ``coursekit check``;
- every page of the web book (each chapter in English and Chinese, the glossary, the front
  page), in one tab opened at 390 px (a phone) and widened to 1366 px (a laptop): every
  widget view is rendered, every picture the widget state holds is drawn (an SVG, or its
  line of text; none says ⚠), every image loaded, every step-through steps once with its
  control in the page (no kernel) and its drawing changes, the page does not scroll
  sideways, and nothing was asked of another machine, missing, or failed in the page.

The time from opening the lab to the first executed cell of each chapter, under Run All,
is written to ``build/test-artifacts/site/lab-first-cell-<chapter>.txt`` (``bench/site.py``
measures it alone).
Screenshots: ``build/test-artifacts/site/`` (``book-<page>-390.png`` the whole page,
``book-<page>-1366.png`` the window after the last step).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import subprocess
import sys
import threading
import time
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

from coursekit.tools import lite, site
from tests.browser.test_pictures import RUN_CODE_JS  # what the kernel prints for some code
from tests.exercises.exercise_helpers import cell as cell_by_id

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LAB_CHAPTERS = ("02", "03", "04", "06")
KERNEL_TIMEOUT_S = 240
RUN_TIMEOUT_S = 300


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def served(tmp_path_factory, chapter_runs):
    """The whole site as ``coursekit site --offline`` builds it, served on localhost (each
    chapter run once per session: the export tests share the runs)."""
    out = tmp_path_factory.mktemp("site")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(site, "run_for_export", chapter_runs.run_for_export)
        site.build_site(out, root=ROOT, offline=True)
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


@pytest.mark.parametrize("number", LAB_CHAPTERS)
def test_chapter_runs_all_in_the_lab_offline(served, open_page, artifacts, number):
    path = next(f"notebooks/{n.name}" for n in (ROOT / "notebooks").glob(f"{number}_*.ipynb"))
    page, log, started = open_notebook(open_page, served, path)
    folder = artifacts / "site"
    folder.mkdir(exist_ok=True)
    # only a missing numpy may stop the run: a cell failing on purpose must not
    cells = run_all(page, started, folder / f"lab-first-cell-{number}.txt", go_on=missing)
    pending = [c["source"][:200] for c in cells if not c["count"]]
    page.screenshot(path=str(folder / f"lab-{number}.png"))
    failed = [c for c in cells if c["errors"]]
    unexplained = [c for c in failed if not expected(c)]
    assert not pending, f"cells that did not run: {pending}"
    assert not unexplained, "\n\n".join(f"{c['source'][:300]}\n→ {c['errors']}" for c in failed)
    assert log.off_machine() == [], log.off_machine()
    assert step_once(page), f"{path}: no step-through stepped in the lab"
    # the kernel imports itself before it moves into the students' files
    # (lite.KERNEL_START_PATCH), and then works in the notebook's own folder; IPython and
    # coursekit came with bytecode (lite.compile_for_pyodide: Pyodide never writes any)
    where = page.evaluate(RUN_CODE_JS, WHERE_AND_BYTECODE)
    assert where.startswith("/drive/notebooks True True [") and Path(path).name in where, where


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


def test_exercise_04_says_correct_in_the_lab(served, open_page, artifacts):
    answer_id, solution, graded_id = first_part()
    page, log, _ = open_notebook(open_page, served, "exercises/04_alphabeta.ipynb")
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


# --- the web book --------------------------------------------------------------------------

# Every page of the web book: each chapter in each language, the glossary, the front page.
BOOK_PAGES = {
    **{chapter.stem: f"{site.BOOK}/{chapter.page}" for chapter in site.book_chapters(ROOT)},
    "glossary": f"{site.BOOK}/glossary.html",
    "index": "index.html",
}
WIDTHS = (390, 1366)  # a phone, a laptop
DRAW_TIMEOUT_MS = 60_000

# What the page shows: its widget views (rendered or not), its pictures (the widget state
# says how many the shown views hold: GraphView models, which have a ``dot``), whether each
# is drawn (an SVG with nodes, or the line of text it was given) or says ⚠, its images, and
# how wide the page is against the window.
PAGE_JS = """() => {
  const views = [...document.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-view+json"]')];
  const pictures = () => {  // read once per page: the state can be megabytes
    const stateScript = document.querySelector(
        'script[type="application/vnd.jupyter.widget-state+json"]');
    const state = stateScript ? JSON.parse(stateScript.textContent).state : {};
    const seen = new Set();
    let count = 0;
    const refs = (value) => typeof value === 'string' && value.startsWith('IPY_MODEL_')
        ? [value.slice(10)] : Array.isArray(value) ? value.flatMap(refs)
        : value && typeof value === 'object' ? Object.values(value).flatMap(refs) : [];
    const walk = (id) => {
      if (!state[id] || seen.has(id)) return;
      seen.add(id);
      const model = state[id].state;
      if ('dot' in model) count += 1;
      refs(model.children || []).forEach(walk);
      (model.outputs || []).forEach((o) => {
        const view = (o.data || {})['application/vnd.jupyter.widget-view+json'];
        if (view) walk(view.model_id);
      });
    };
    views.forEach((s) => walk(JSON.parse(s.textContent).model_id));
    return count;
  };
  if (window.ckPictures === undefined) window.ckPictures = pictures();
  const wanted = window.ckPictures;
  const graphs = [...document.querySelectorAll('.ck-graph')];
  const frame = (g) => g.querySelector('.ck-graph-frame');
  const said = (g) => frame(g).textContent.trim();
  const drawn = (g) => Boolean(frame(g).querySelector(':scope > svg g.node, :scope > svg g.edge'))
      || (said(g) !== '' && !said(g).startsWith('⚠'));
  const images = [...document.querySelectorAll('img')];
  const root = document.scrollingElement;
  return {
    views: views.length,
    unrendered: views.filter((s) => !s.parentElement.querySelector('.widget-subarea > *')).length,
    wanted,
    graphs: graphs.length,
    undrawn: graphs.filter((g) => !drawn(g)).map((g) => said(g).slice(0, 200)),
    warnings: [...document.querySelectorAll('.ck-graph-frame, .ck-graph-caption')]
        .map((e) => e.textContent.trim()).filter((t) => t.startsWith('⚠')),
    widgetErrors: document.body.innerText.includes('Error displaying widget'),
    images: images.length,
    broken: images.filter((i) => !(i.complete && i.naturalWidth > 0))
        .map((i) => i.src.slice(0, 80)),
    scrollWidth: root.scrollWidth,
    clientWidth: root.clientWidth,
  };
}"""
READY_JS = f"""() => {{
  const p = ({PAGE_JS})();
  return p.unrendered === 0 && p.graphs >= p.wanted && p.undrawn.length === 0
      && p.broken.length === 0;
}}"""

# The step-throughs: each picture whose readout says it has steps, and where it stands.
STEP_THROUGHS_JS = """() => [...document.querySelectorAll('.ck-graph')].flatMap((g, index) => {
  const m = /(\\d+) \\/ (\\d+)/.exec(g.querySelector('.ck-graph-readout').textContent);
  return m && Number(m[2]) > 0 ? [{index, step: Number(m[1]), steps: Number(m[2])}] : [];
})"""

# The control that moves picture ``index`` one step on (one step back from its last step):
# its own ‹ › buttons when they show, else its explorer's step buttons or the explorer's
# slider (jslink-ed to the picture), in the innermost widget box around it that has them.
# The control is marked data-ck-test="step"; the answer says which kind it is (or null).
STEP_CONTROL_JS = """([index, forward]) => {
  document.querySelectorAll('[data-ck-test]').forEach((e) => e.removeAttribute('data-ck-test'));
  const g = document.querySelectorAll('.ck-graph')[index];
  const mark = (el, kind) => { el.setAttribute('data-ck-test', 'step'); return kind; };
  if (g.querySelector('.ck-graph-controls').style.display !== 'none') {
    const title = forward ? 'next step' : 'previous step';
    return mark(g.querySelector(`.ck-graph-controls button[title='${title}']`), 'its buttons');
  }
  for (let box = g.parentElement.closest('.widget-container'); box;
       box = box.parentElement && box.parentElement.closest('.widget-container')) {
    const button = box.querySelector(forward ? 'button.ck-step-next' : 'button.ck-step-back');
    if (button) return mark(button, "its explorer's button");
    const handle = box.querySelector('.ck-step .noUi-handle');
    if (handle) return mark(handle, "its explorer's slider");
  }
  return null;
}"""

NEXT_FRAMES_JS = (
    "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
)

# What picture ``index`` shows: its step, its drawing (the SVG's markup) and its caption.
LOOK_JS = """(index) => {
  const g = document.querySelectorAll('.ck-graph')[index];
  return {step: Number(g.dataset.step), svg: g.querySelector('.ck-graph-frame').innerHTML,
          caption: g.querySelector('.ck-graph-caption').textContent};
}"""


def step_each_picture(page, where: str) -> int:
    """Move every step-through of the page one step with its control in the page (no kernel):
    its step and its drawing change. Returns how many were stepped."""
    throughs = page.evaluate(STEP_THROUGHS_JS)
    for through in throughs:
        index, forward = through["index"], through["step"] < through["steps"]
        kind = page.evaluate(STEP_CONTROL_JS, [index, forward])
        what = f"{where}: picture {index} (step {through['step']} of {through['steps']})"
        assert kind, f"{what}: nothing in the page steps it"
        control = page.locator("[data-ck-test='step']")
        before = page.evaluate(LOOK_JS, index)
        if kind.endswith("slider"):
            control.focus()
            page.keyboard.press("ArrowRight" if forward else "ArrowLeft")
        else:
            control.click(timeout=5_000)
        from playwright.sync_api import TimeoutError as Stayed

        with contextlib.suppress(Stayed):  # the assertions below say what stayed
            page.wait_for_function(
                "([index, old]) => Number(document.querySelectorAll('.ck-graph')[index]"
                ".dataset.step) !== old",
                arg=[index, before["step"]],
                timeout=5_000,
            )
        after = page.evaluate(LOOK_JS, index)
        assert after["step"] == before["step"] + (1 if forward else -1), (
            f"{what}: {kind} moved it to step {after['step']}"
        )
        assert after["svg"] != before["svg"], f"{what}: {kind} stepped it, the drawing stayed"
    return len(throughs)


@pytest.fixture(scope="module")
def book_tab(open_module_page, served):
    """One tab for every page of the web book (requests off the machine aborted, recorded)."""
    return open_module_page(served)


def check_page(page, where: str) -> dict:
    """Every widget view rendered, every picture drawn (none says ⚠), every image loaded."""
    found = page.evaluate(PAGE_JS)
    assert found["unrendered"] == 0, f"{where}: widget views not rendered: {found}"
    assert found["graphs"] == found["wanted"], f"{where}: pictures shown ≠ in the state: {found}"
    assert found["undrawn"] == [] and found["warnings"] == [], f"{where}: pictures not drawn"
    assert not found["widgetErrors"], f"{where}: 'Error displaying widget'"
    assert found["broken"] == [], f"{where}: images that did not load"
    return found


def assert_fits(found: dict, where: str) -> None:
    assert found["scrollWidth"] <= found["clientWidth"], (
        f"{where}: the page scrolls sideways ({found['scrollWidth']} px wide)"
    )


LAB_LINKS_JS = """() => [...document.querySelectorAll('a[href*="lab/index.html?path="]')]
    .map((a) => a.href)"""


@pytest.mark.parametrize("name", BOOK_PAGES)
def test_book_page_draws_steps_and_fits_the_screen(served, book_tab, artifacts, name):
    """Opened on a phone (390 px), then the window widened to a laptop's (1366 px): at each
    width every picture drawn and stepped once, no sideways scroll, a screenshot (the
    whole page on the phone, the window on the laptop)."""
    page, log = book_tab
    log.clear()
    folder = artifacts / "site"
    folder.mkdir(exist_ok=True)
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    page.goto(served + BOOK_PAGES[name])
    from playwright.sync_api import TimeoutError as NotDrawn

    with contextlib.suppress(NotDrawn):  # the assertions below say what is missing
        page.wait_for_function(READY_JS, timeout=DRAW_TIMEOUT_MS, polling=100)
    for width in WIDTHS:
        where = f"{BOOK_PAGES[name]} at {width} px"
        if width != WIDTHS[0]:
            page.set_viewport_size({"width": width, "height": 900})
            page.evaluate(NEXT_FRAMES_JS)  # the pictures fit themselves to the new width
        check_page(page, where)
        step_each_picture(page, where)
        shot = folder / f"book-{name}-{width}.png"
        page.screenshot(path=str(shot), full_page=width == WIDTHS[0])
        assert_fits(page.evaluate(PAGE_JS), where)
    where = BOOK_PAGES[name]
    # its links into the lab ("Run it in your browser", the front page's) open a notebook
    # the lab has
    links = page.evaluate(LAB_LINKS_JS)
    assert links or name in ("glossary",), f"{where}: no link into the lab"
    for href in links:
        url = urllib.parse.urlsplit(href)
        notebook = urllib.parse.parse_qs(url.query)["path"][0]
        assert url.path.endswith("/lab/lab/index.html"), f"{where}: {href}"
        assert page.request.get(f"{served}lab/files/{notebook}").ok, f"{where}: {href}"
    assert log.blocked == [] and log.off_machine() == [], f"{where}: requests off the machine"
    assert log.failed == [], f"{where}: files the page asked for that are missing"
    assert log.errors == [], f"{where}: errors in the page"


class LinkParser(HTMLParser):
    """Every ``href`` and ``src`` of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.links += [value for name, value in attrs if name in ("href", "src") and value]


def test_every_link_of_the_built_site_resolves(served):
    """From the front page, follow every link of every page of the book (each language's
    chapters and decks, the glossary): each address on this site answers, and a link into
    the lab names a file the lab serves. (Issue #36: the Chinese pages' glossary and
    "English original" links were dead.)"""
    import urllib.request

    def fetch(url: str) -> bytes:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.read()

    seen, pages, dead = set(), [served + "index.html"], []
    while pages:
        page = pages.pop()
        parser = LinkParser()
        parser.feed(fetch(page).decode("utf-8", "replace"))
        for link in parser.links:
            url = urllib.parse.urljoin(page, link)
            if not url.startswith(served) or url.startswith(("data:", "blob:")):
                continue
            address = urllib.parse.urlsplit(url)._replace(fragment="").geturl()
            if "lab/lab/index.html?path=" in address:
                notebook = urllib.parse.parse_qs(urllib.parse.urlsplit(address).query)["path"][0]
                address = f"{served}lab/files/{notebook}"
            if address in seen:
                continue
            seen.add(address)
            try:
                fetch(address)
            except OSError as error:
                dead.append(f"{page} → {link} ({error})")
                continue
            if address.endswith(".html") and f"{served}{site.BOOK}/" in address:
                pages.append(address)
    assert dead == [], "\n".join(dead)
    assert any(f".{code}.html" in a for a in seen for code in ("zh", "zh-Hant"))
