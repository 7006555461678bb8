"""The course's web book (``coursekit site``), offline, in headless Chromium.

The whole site is built once per module as ``coursekit site --offline`` builds it (Pyodide
bundled from npm; each chapter run once per session, a run the export tests share) and
served by a local ``http.server``; every request that would leave the machine is aborted and
recorded. The tests check that every page of the web book (each chapter in every language,
the glossary, the front page), in one tab opened at 390 px (a phone) and widened to 1366 px
(a laptop): every widget view is rendered, every picture the widget state holds is drawn (an
SVG, or its line of text; none says ⚠), every image loaded, every step-through steps once
with its control in the page (no kernel) and its drawing changes, the page does not scroll
sideways, and nothing was asked of another machine, missing, or failed in the page; no
control that only a kernel answers is shown, a line under each such explorer leads to the
lab, and every speaker note is one closed line; and that every link of the site resolves.
``test_site_lab.py`` tests the lab.

Screenshots: ``build/test-artifacts/site/`` (``book-<page>-390.png`` the whole page,
``book-<page>-1366.png`` the window after the last step).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

import pytest

from coursekit.tools.site import book as site

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LAB_CHAPTERS = ("02", "03", "04", "06")
LAB_PATHS = [  # the chapters the lab runs offline in the tests, and chapter 04 in Chinese
    *(f"notebooks/{n.name}" for c in LAB_CHAPTERS for n in ROOT.glob(f"notebooks/{c}_*.ipynb")),
    "notebooks/zh/04_alphabeta.ipynb",
]
KERNEL_TIMEOUT_S = 240
RUN_TIMEOUT_S = 300


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def serving(folder: Path):
    """``folder`` served on localhost; yields its address."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()


@pytest.fixture(scope="module")
def served(built_site):
    """The whole site as ``coursekit site --offline`` builds it, served on localhost (built
    once per test run: the lab's tests serve the same folder)."""
    with serving(built_site) as address:
        yield address


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


# What the book shows of the controls only a kernel answers (none), of the lines that lead to
# the lab instead, and of the speaker notes (each a closed line).
BOOK_PARTS_JS = """() => ({
  needsKernel: document.querySelectorAll(".ck-needs-kernel").length,
  shownNeedsKernel: [...document.querySelectorAll(".ck-needs-kernel")]
      .filter((e) => e.getClientRects().length).length,
  explorers: new Set([...document.querySelectorAll(".ck-needs-kernel")]
      .map((e) => e.closest(".jp-OutputArea-output"))).size,
  labLines: [...document.querySelectorAll(".ck-lab-line a")]
      .filter((a) => a.href.includes("lab/index.html?path=")
          && a.hash === "#" + a.closest(".jp-Cell").id).length,
  notes: document.querySelectorAll("details.ck-notes").length,
  openNotes: document.querySelectorAll("details.ck-notes[open]").length,
})"""


def check_page(page, where: str) -> dict:
    """Every widget view rendered, every picture drawn (none says ⚠), every image loaded;
    no control that needs a kernel shown, a line to the lab under each explorer that has
    them (to its own cell: ``#cell-id=…``), every speaker note closed."""
    parts = page.evaluate(BOOK_PARTS_JS)
    assert parts["shownNeedsKernel"] == 0, f"{where}: controls that need a kernel shown: {parts}"
    assert parts["labLines"] == parts["explorers"], f"{where}: lines to the lab: {parts}"
    assert parts["openNotes"] == 0, f"{where}: speaker notes open: {parts}"
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
        served_notebook = page.request.get(f"{served}lab/files/{notebook}")
        assert served_notebook.ok, f"{where}: {href}"
        if url.fragment:  # a line under an explorer: its cell is in the lab's notebook
            cell = urllib.parse.unquote(url.fragment).removeprefix("cell-id=")
            ids = [c.get("id") for c in served_notebook.json()["cells"]]
            assert cell in ids, f"{where}: {href} names no cell of {notebook}"
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
