"""Every picture of every chapter and exercise notebook, as a student sees it on a laptop.

Each chapter (``notebooks/``) and exercise notebook (``exercises/``, run as released: its
unanswered parts fail, the pictures around them draw) is exported as a static HTML page in
JupyterLab's light and dark theme (``course_exports``: from the session's one run of it, each
page made once per test run and shared with the other export tests). The page is opened in
a 1366×768 window with its column as wide as JupyterLab's there (934 px, the file browser open), and
measured (``measure_pictures.js``): every text of every picture reaches WCAG AA against
the colour painted behind it, no text is below 12 px or cut off by its picture's edge, no
picture is wider than its cell, a node's label stands beside its own node, and no exercise
picture needs sideways scrolling (a chapter's largest trees may scroll, the root and the move
chosen from it in view). In English and in Chinese. A screenshot of each page goes to
``build/test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.test_pictures import MEASURE_JS, MIN_TEXT_PX

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
# the chapters and exercises in English and in Chinese (the traditional edition draws the same)
NOTEBOOKS = [
    path
    for folder in ("notebooks", "exercises", "notebooks/zh", "exercises/zh")
    for path in sorted((ROOT / folder).glob("*.ipynb"))
]
LAPTOP = {"width": 1366, "height": 768}
LAB_COLUMN_PX = 934  # a cell's output column in JupyterLab at 1366 px, the file browser open
AA = 4.5


def page_name(notebook: Path) -> str:
    """``notebooks_04_alphabeta``, ``zh_04_alphabeta`` (``notebooks/zh/``), ``exercises-zh_…``."""
    folder = notebook.parent.relative_to(ROOT).as_posix().replace("/", "-")
    return f"{folder}_{notebook.stem}"


NARROW_JS = """(column) => {
  const output = document.querySelector('.jp-OutputArea-output');
  const main = document.querySelector('main') || document.body;
  if (!output) return;
  const extra = output.getBoundingClientRect().width - column;
  main.style.maxWidth = `${main.getBoundingClientRect().width - extra}px`;
}"""

ALL_DRAWN_JS = """() => [...document.querySelectorAll('.ck-graph')].every(
  (g) => g.querySelector('svg') || g.querySelector('.ck-graph-frame').textContent)"""


MISPLACED = {"notebooks_04_alphabeta", "notebooks-zh_04_alphabeta"}
"""Pages with a known fault (:data:`MISPLACED_REASON`)."""
MISPLACED_REASON = (
    "chapter 04's step-through of deck 004's tree (pictures 5 and 6) puts H's label right of "
    "its pruned sibling instead of beside H: H is its parent's first child, so no sibling on "
    "its left holds the label in place (draw/trees.py _label_beside); the fix is the nearest "
    "node left on the whole rank (issue 38)"
)


def _notebooks() -> list:
    known = pytest.mark.xfail(strict=True, raises=AssertionError, reason=MISPLACED_REASON)
    return [
        pytest.param(path, marks=known) if page_name(path) in MISPLACED else path
        for path in NOTEBOOKS
    ]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("notebook", _notebooks(), ids=page_name)
def test_every_picture_reads_on_a_laptop(notebook, theme, course_exports, open_page, artifacts):
    path = course_exports.page(notebook, theme)  # made once per test run
    page, log = open_page("file://")
    page.set_viewport_size(LAPTOP)
    page.goto(path.as_uri())
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
    assert not found["hidden_choice"], f"{where}: chosen move out of view: {found['hidden_choice']}"
    assert not found["clipped"], f"{where}: text cut off by its picture: {found['clipped'][:8]}"
    assert not found["misplaced"], f"{where}: labels away from their node: {found['misplaced'][:8]}"
    if notebook.relative_to(ROOT).parts[0] == "exercises":
        assert not found["scrolls"], f"{where}: pictures that scroll sideways: {found['scrolls']}"
    assert not log.blocked, f"requests off the machine: {log.blocked}"
