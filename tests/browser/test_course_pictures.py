"""Every picture of every chapter and exercise notebook, as a student sees it on a laptop.

Each chapter (``notebooks/``) and exercise notebook (``exercises/``, run as released: its
unanswered parts fail, the pictures around them draw) is run once and exported as a
static HTML page in JupyterLab's light and dark theme. The page is opened in a 1366×768
window with its column as wide as JupyterLab's there (934 px, the file browser open), and
measured (``measure_pictures.js``): every text of every picture reaches WCAG AA against
the colour painted behind it, no text is below 11 px, no picture is wider than its cell,
and no exercise picture needs sideways scrolling (a chapter's largest trees may scroll,
the root in view). A screenshot of each page goes to ``build/test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from tests.browser.test_pictures import MEASURE_JS, MIN_TEXT_PX

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted(
    (ROOT / "exercises").glob("*.ipynb")
)
LAPTOP = {"width": 1366, "height": 768}
LAB_COLUMN_PX = 934  # a cell's output column in JupyterLab at 1366 px, the file browser open
AA = 4.5


def page_name(notebook: Path) -> str:
    return f"{notebook.parent.name}_{notebook.stem}"


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> Path:
    """Every notebook run once, written as a page in each theme: ``folder/THEME/NAME.html``."""
    from coursekit.tools import slides, static_html
    from coursekit.tools.execute import execute_notebook

    try:
        assets = slides.fetch_assets()
    except slides.SlidesError as error:
        pytest.skip(f"the offline page assets are missing and cannot be fetched: {error}")
    out = tmp_path_factory.mktemp("course-pages")
    for theme in ("light", "dark"):
        slides.copy_vendor(assets, out / theme)
    for notebook in NOTEBOOKS:
        nb = execute_notebook(
            nbformat.read(notebook, as_version=4),
            cwd=notebook.parent,
            store_widget_state=True,
            allow_errors=notebook.parent.name == "exercises",  # its answers are not written
            name=str(notebook),
        )
        for theme in ("light", "dark"):
            body, _ = static_html.html_exporter(theme).from_notebook_node(
                nb, resources={"metadata": {"name": notebook.stem}}
            )
            (out / theme / f"{page_name(notebook)}.html").write_text(body, encoding="utf-8")
    return out


NARROW_JS = """(column) => {
  const output = document.querySelector('.jp-OutputArea-output');
  const main = document.querySelector('main') || document.body;
  if (!output) return;
  const extra = output.getBoundingClientRect().width - column;
  main.style.maxWidth = `${main.getBoundingClientRect().width - extra}px`;
}"""

ALL_DRAWN_JS = """() => [...document.querySelectorAll('.ck-graph')].every(
  (g) => g.querySelector('svg') || g.querySelector('.ck-graph-frame').textContent)"""


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=page_name)
def test_every_picture_reads_on_a_laptop(notebook, theme, pages, open_page, artifacts):
    page, log = open_page("file://")
    page.set_viewport_size(LAPTOP)
    page.goto((pages / theme / f"{page_name(notebook)}.html").as_uri())
    page.wait_for_load_state("networkidle")
    page.evaluate(NARROW_JS, LAB_COLUMN_PX)
    page.wait_for_function(ALL_DRAWN_JS, timeout=60_000)
    page.wait_for_timeout(1000)  # the last pictures fit their narrowed column
    page.screenshot(path=artifacts / f"course-{page_name(notebook)}-{theme}.png", full_page=True)
    found = page.evaluate(MEASURE_JS, {"px": MIN_TEXT_PX, "aa": AA})
    where = f"{page_name(notebook)} ({theme})"
    assert not found["contrast"], f"{where}: contrast below AA: {found['contrast'][:8]}"
    assert not found["small"], f"{where}: text below {MIN_TEXT_PX} px: {found['small'][:8]}"
    assert not found["wide"], f"{where}: pictures wider than their cell: {found['wide']}"
    assert not found["hidden_root"], f"{where}: root scrolled out of view: {found['hidden_root']}"
    if notebook.parent.name == "exercises":
        assert not found["scrolls"], f"{where}: pictures that scroll sideways: {found['scrolls']}"
    assert not log.blocked, f"requests off the machine: {log.blocked}"
