"""Pictures drawn in the browser, in JupyterLab and a static HTML page, all offline.

The fixture notebook ``fixtures/pictures.ipynb`` (written by
``fixtures/make_pictures_notebook.py``) holds a 100-node step-through, an AND/OR
graph with connector arcs, labels in Chinese, a picture far wider than any
column and a payoff table. Every test measures, in the page, that no picture is
wider than its container, no text is smaller than 12 px and every text has WCAG
AA contrast (4.5:1) on its background, in the light and the dark theme. The
times of a step and of a redraw after an edit are written to
``build/test-artifacts/pictures-timing.json`` (reported in ``bench/pictures.md``,
never asserted).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import jupyter_lab

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "fixtures" / "pictures.ipynb"
# the step-through, the AND/OR graph, the Chinese labels, the wide fan, four explorers
PICTURES = 8
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
MIN_TEXT_PX = 12  # at 100 % zoom: coursekit.draw.base.MIN_TEXT_PX
AA = 4.5

# Everything a test fails on, measured in the page: pictures wider than their container, a
# scrolled picture whose root is out of view, text below 12 px, text with contrast below AA.
MEASURE_JS = "\n".join(  # the function, without its leading comment lines
    line
    for line in (HERE / "measure_pictures.js").read_text().splitlines()
    if not line.startswith("//")
)


NODE_TEXT_JS = """([index, title]) => {
  const g = document.querySelectorAll('.ck-graph')[index];
  const node = [...g.querySelectorAll('g.node')].find(
    (n) => n.querySelector(':scope > title').textContent === title);
  const shape = node.querySelector('polygon, ellipse');
  return {text: node.querySelector('text').textContent, stroke: getComputedStyle(shape).stroke};
}"""


def measure(page) -> dict:
    return page.evaluate(MEASURE_JS, {"px": MIN_TEXT_PX, "aa": AA})


def assert_legible(found: dict, where: str) -> None:
    assert found["pictures"] >= PICTURES, f"{where}: {found['pictures']} pictures drawn"
    assert found["texts"] > 100, f"{where}: only {found['texts']} texts measured"
    assert not found["wide"], f"{where}: pictures wider than their container: {found['wide']}"
    assert not found["hidden_root"], f"{where}: root scrolled out of view: {found['hidden_root']}"
    assert not found["small"], f"{where}: text below {MIN_TEXT_PX} px: {found['small'][:8]}"
    assert not found["clipped"], f"{where}: text cut off by its picture: {found['clipped'][:8]}"
    assert not found["contrast"], f"{where}: contrast below AA: {found['contrast'][:8]}"


def wait_for_pictures(page, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "n => [...document.querySelectorAll('.ck-graph')].filter(g => g.querySelector('svg'))"
        ".length >= n",
        arg=PICTURES,
        timeout=timeout,
    )


def step_and_time(page, button: str) -> float:
    """Click ``button`` of the step-through (the first picture); the step's time in the page."""
    page.locator(".ck-graph").first.locator(f"button.ck-graph-button:text-is('{button}')").click()
    return float(page.locator(".ck-graph").first.get_attribute("data-step-ms"))


def record_timing(artifacts: Path, key: str, values: dict) -> None:
    path = artifacts / "pictures-timing.json"
    known = json.loads(path.read_text()) if path.exists() else {}
    known[key] = values
    path.write_text(json.dumps(known, indent=2) + "\n")


# --- a static HTML page: no kernel -------------------------------------------------------


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """The fixture notebook exported as static HTML, in the light and the dark theme."""
    from coursekit.tools.site import slides, static_html

    try:
        assets = slides.fetch_assets()
    except slides.SlidesError as error:
        pytest.skip(f"the offline page assets are missing and cannot be fetched: {error}")
    out = tmp_path_factory.mktemp("html")
    found = {}
    for theme in ("light", "dark"):
        folder = out / theme
        (page,) = static_html.export_pages([FIXTURE], folder, theme=theme, assets=assets)
        found[theme] = page
    return found


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_static_page_draws_every_picture_legibly_offline(theme, pages, open_page, artifacts):
    page, log = open_page("file://")
    page.goto(pages[theme].as_uri())
    wait_for_pictures(page)
    page.screenshot(path=artifacts / f"pictures-static-{theme}.png", full_page=True)
    assert_legible(measure(page), f"static HTML ({theme})")
    assert not log.blocked, f"requests off the machine: {log.blocked}"
    assert not log.failed, f"failed requests: {log.failed}"
    assert page.locator(".ck-graph path.ck-arc").count() >= 3  # the AND/OR graph's k-connectors


def test_static_page_steps_with_no_kernel(pages, open_page, artifacts):
    page, log = open_page("file://")
    page.goto(pages["light"].as_uri())
    wait_for_pictures(page)
    before = page.evaluate(NODE_TEXT_JS, [0, "n1"])
    assert before["text"] == "?"
    times = [step_and_time(page, "›")]
    after = page.evaluate(NODE_TEXT_JS, [0, "n1"])
    assert after["text"] == "1" and after["stroke"] != before["stroke"]
    assert page.locator(".ck-graph-readout").first.text_content() == "step 1 / 99"
    times.append(step_and_time(page, "»"))
    assert page.evaluate(NODE_TEXT_JS, [0, "n99"])["text"] == "99"
    times.append(step_and_time(page, "«"))
    assert page.evaluate(NODE_TEXT_JS, [0, "n1"])["text"] == "?"
    page.screenshot(path=artifacts / "pictures-static-stepped.png")
    record_timing(artifacts, "static step, 100 nodes (ms)", {"steps": times})
    assert not log.blocked


EXPLORER_NODE_JS = """([selector, title]) => {
  const g = document.querySelector(selector + ' .ck-graph');
  const node = [...g.querySelectorAll('g.node')].find(
    (n) => n.querySelector(':scope > title').textContent === title);
  const shape = node.querySelector('polygon, ellipse');
  return {
    texts: [...node.querySelectorAll('text')].map((t) => t.textContent).join('|'),
    opacity: shape.getAttribute('opacity'), stroke: getComputedStyle(shape).stroke,
    caption: g.querySelector('.ck-graph-caption').textContent,
  };
}"""


@pytest.mark.parametrize(
    ("explorer", "slider", "node"),
    [(".ck-tree-explorer", ".ck-step", "n0"), (".ck-aostar-explorer", ".ck-cycle", "v1")],
)
def test_static_page_explorers_step_with_no_kernel(explorer, slider, node, pages, open_page):
    page, log = open_page("file://")
    page.goto(pages["light"].as_uri())
    wait_for_pictures(page)
    before = page.evaluate(EXPLORER_NODE_JS, [explorer, node])
    handle = page.locator(f"{explorer} {slider} .noUi-handle").first
    handle.focus()
    page.keyboard.press("Home")  # the first step: nothing searched yet
    page.wait_for_timeout(300)
    after = page.evaluate(EXPLORER_NODE_JS, [explorer, node])
    assert after != before, f"{explorer}: the slider changed nothing drawn"
    assert after["caption"] != before["caption"]
    if explorer == ".ck-aostar-explorer":  # before the first cycle G holds the start node only
        shown = page.locator(f"{explorer} .ck-graph g.node:not(.ck-hidden)")
        assert shown.count() == 1
    assert not log.blocked


# --- a search of 23,437 steps, stepped in a static page -----------------------------------

BIG_EXPLORER = (
    "from coursekit.widgets import TreeExplorer\n"
    "big = TreeExplorer()\n"
    "big.branching.value, big.depth.value = 5, 6  # 19,531 nodes, minimax\n"
    "big"
)
# the widest drawings readable_depth allows: 16 nodes a level (minimax), 9 with α/β beside
WIDEST_EXPLORERS = (
    "wide = TreeExplorer()\n"
    "wide.branching.value, wide.depth.value = 4, 5\n"
    "windows = TreeExplorer(algorithm='alpha-beta')\n"
    "windows.branching.value, windows.depth.value = 3, 4\n"
    "display(wide, windows)"
)

BIG_STATE_JS = """() => {
  const g = document.querySelector('.ck-tree-explorer .ck-graph');
  const lit = [...g.querySelectorAll('g.node')].filter((n) => {
    const shape = n.querySelector('polygon, ellipse');
    return shape && (shape.getAttribute('fill') || '').toLowerCase() === '#ffe08a';
  });
  return {
    caption: g.querySelector('.ck-graph-caption').textContent,
    step: g.dataset.step,
    nodes: [...g.querySelectorAll('g.node')].map((n) =>
      [...n.querySelectorAll('text')].map((t) => t.textContent).join('|') + ':' +
      (n.querySelector('polygon, ellipse') || {getAttribute: () => ''}).getAttribute('stroke')),
    // a lit node's texts, then those of the text node beside it (its name first)
    lit: lit.map((n) => {
      const title = n.querySelector(':scope > title').textContent + '_label';
      const beside = [...g.querySelectorAll('g.node')].find(
        (m) => m.querySelector(':scope > title').textContent === title);
      return [...n.querySelectorAll('text'), ...(beside ? beside.querySelectorAll('text') : [])]
        .map((t) => t.textContent).join('|');
    }),
  };
}"""


@pytest.fixture(scope="module")
def big_page(tmp_path_factory) -> Path:
    """A static HTML page (no kernel): a tree explorer on a tree of branching 5, depth 6, and
    two whose drawn part is as wide as :func:`~coursekit.draw.trees.readable_depth` allows."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    from coursekit.tools.site import slides, static_html

    try:
        assets = slides.fetch_assets()
    except slides.SlidesError as error:
        pytest.skip(f"the offline page assets are missing and cannot be fetched: {error}")
    out = tmp_path_factory.mktemp("big")
    notebook = out / "big_explorer.ipynb"
    nb = new_notebook(cells=[new_code_cell(BIG_EXPLORER), new_code_cell(WIDEST_EXPLORERS)])
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["kernelspec"] = kernel
    nbformat.write(nb, notebook)
    (page,) = static_html.export_pages([notebook], out / "html", assets=assets)
    return page


def test_a_search_of_thousands_of_steps_steps_in_a_static_page(big_page, open_page, artifacts):
    page, log = open_page("file://")
    page.goto(big_page.as_uri())
    page.wait_for_function(
        "() => /step 23437 of 23437/.test(document.querySelector("
        "'.ck-tree-explorer .ck-graph-caption')?.textContent || '')",
        timeout=60_000,
    )
    page.wait_for_timeout(300)
    page.screenshot(path=artifacts / "pictures-big-explorer.png", full_page=True)
    found = measure(page)
    # (each explorer is drawn to the deepest level that fits the column with the texts
    # beside its nodes: 51 texts in all here)
    assert found["pictures"] == 3 and found["texts"] >= 45
    assert not found["wide"], f"pictures wider than their container: {found['wide']}"
    assert not found["small"], f"text below {MIN_TEXT_PX} px: {found['small'][:8]}"
    assert not found["contrast"], f"contrast below AA: {found['contrast'][:8]}"
    scrolled = page.evaluate(
        "() => [...document.querySelectorAll('.ck-tree-explorer .ck-graph-frame')]"
        ".map((f) => f.scrollWidth - f.clientWidth)"
    )
    assert all(extra <= 1 for extra in scrolled), f"drawn parts that scroll: {scrolled} px"

    last = page.evaluate(BIG_STATE_JS)
    assert "the tree is drawn to depth 1 of 6" in last["caption"]
    handle = page.locator(".ck-tree-explorer .ck-step .noUi-handle").first
    handle.focus()
    page.keyboard.press("ArrowLeft")  # one step back: the root's last child finishes
    page.wait_for_timeout(300)
    before_last = page.evaluate(BIG_STATE_JS)
    assert before_last["step"] == "23436"
    assert before_last["caption"] != last["caption"] and before_last["nodes"] != last["nodes"]

    # the middle of the search happens far below the drawn depth: its drawn ancestor lights up
    track = page.locator(".ck-tree-explorer .ck-step .noUi-base").first.bounding_box()
    page.mouse.click(track["x"] + track["width"] / 2, track["y"] + track["height"] / 2)
    page.wait_for_timeout(300)
    middle = page.evaluate(BIG_STATE_JS)
    assert 5_000 < int(middle["step"]) < 18_000, middle["step"]
    assert f"step {middle['step']} of 23437" in middle["caption"]
    assert "(highlighted)" in middle["caption"], middle["caption"]
    assert middle["nodes"] != before_last["nodes"]
    inside = middle["caption"].split(" — inside ")[1].split(" (highlighted)")[0]
    assert [text.split("|")[1] for text in middle["lit"]] == [inside]  # its name, beside it
    page.screenshot(path=artifacts / "pictures-big-explorer-middle.png", full_page=True)
    assert not log.blocked, f"requests off the machine: {log.blocked}"


# --- JupyterLab, with a kernel -----------------------------------------------------------


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """A fresh JupyterLab serving a copy of the fixture notebook; (base URL, token)."""
    work = tmp_path_factory.mktemp("lab-pictures")
    root = work / "root"
    root.mkdir()
    shutil.copy(FIXTURE, root / FIXTURE.name)
    with jupyter_lab(work, root) as (base, token):
        yield base, token


RUN_CODE_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  let out = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') out += msg.content.ename + ': ' + msg.content.evalue;
  };
  await future.done;
  return out;
}"""


def test_jupyterlab_draws_steps_and_redraws(lab, open_page, artifacts):
    base, token = lab
    page, log = open_page(base)
    page.goto(f"{base}/lab/tree/{FIXTURE.name}?token={token}&reset")
    page.locator(".jp-StatusBar-Widget", has_text=KERNEL_IDLE).wait_for(timeout=120_000)
    page.locator("li.lm-MenuBar-item", has_text="Run").click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()
    wait_for_pictures(page, timeout=120_000)
    page.locator(".jp-StatusBar-Widget", has_text=KERNEL_IDLE).wait_for(timeout=60_000)
    page.wait_for_timeout(500)
    page.screenshot(path=artifacts / "pictures-lab-light.png", full_page=True)
    assert_legible(measure(page), "JupyterLab light")

    # a step in the page syncs back to Python
    steps = [step_and_time(page, "›") for _ in range(3)]
    assert page.evaluate(NODE_TEXT_JS, [0, "n3"])["text"] == "3"
    assert page.evaluate(RUN_CODE_JS, "print(view.step)").strip() == "3"

    # an edit in Python: a new tree, laid out and drawn in the page
    picture = page.locator(".ck-graph").first
    redraws = []
    for branching in (4, 2, 3):
        drawn = int(picture.get_attribute("data-drawn"))
        code = f"t, s = example_step_through(100, {branching}); view.show(t, s, step=0)"
        assert page.evaluate(RUN_CODE_JS, code) == ""
        page.wait_for_function(
            "([n]) => Number(document.querySelector('.ck-graph').dataset.drawn) > n", arg=[drawn]
        )
        redraws.append(float(picture.get_attribute("data-draw-ms")))
    assert page.evaluate(NODE_TEXT_JS, [0, "n1"])["text"] == "?"
    record_timing(
        artifacts,
        "JupyterLab, 100 nodes (ms)",
        {"steps": steps, "redraws after an edit": redraws},
    )

    # the dark theme
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme',"
        " {theme: 'JupyterLab Dark'})"
    )
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    page.wait_for_timeout(1000)
    page.screenshot(path=artifacts / "pictures-lab-dark.png", full_page=True)
    assert_legible(measure(page), "JupyterLab dark")
    assert not log.blocked, f"requests off the machine: {log.blocked}"


CLIPPING_PAGE = """<div class="ck-graph"><div class="ck-graph-frame">{svg}</div></div>"""
SCALED = """<svg width="100pt" height="50pt" viewBox="0 0 100 50"><g class="graph"
  transform="scale(0.5 0.5) translate(0 100)"><title>g</title>
  <text x="150" y="-50" font-size="14">inside</text></g></svg>"""
CUT = """<svg width="100pt" height="50pt" viewBox="0 0 100 50"><g class="graph"><title>g</title>
  <text x="80" y="30" font-size="14">cut off</text></g></svg>"""


@pytest.mark.parametrize("svg, cut", [(SCALED, False), (CUT, True)], ids=["scaled-group", "cut"])
def test_the_measure_finds_text_cut_off_by_its_picture(svg, cut, open_page):
    """A text past its picture's edge is found; a text Graphviz scaled down inside it is not
    (its own coordinates lie past the viewBox, its place on the screen does not)."""
    page, _ = open_page()
    page.set_content(CLIPPING_PAGE.format(svg=svg))
    found = page.evaluate(MEASURE_JS, {"px": 1, "aa": 1})
    assert bool(found["clipped"]) is cut, found["clipped"]
