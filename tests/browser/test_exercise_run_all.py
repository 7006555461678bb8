"""A blank exercise notebook, "Run All" in a real JupyterLab: every part shows its verdict.

JupyterLab stops "Run All" at the first cell that raises, unless the cell is
tagged ``raises-exception``; the release tags answer and graded cells so
(:data:`coursekit.tools.notebooks.exercise.RUN_ON_TAG`). This test opens each released
notebook of ``exercises/`` unanswered, runs all its cells, and checks that every
code cell ran and every graded cell shows a one-line hint (``✘ …``), not a
traceback.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from coursekit.tools.notebooks.exercise import is_graded
from tests.browser.test_lab import KERNEL_IDLE, Lab, cell_at
from tests.conftest import jupyter_lab

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = sorted((ROOT / "exercises").glob("[0-9][0-9]_*.ipynb"))
RUN_SECONDS = 120  # a blank notebook runs in a few seconds

PROMPTS_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map(cell => {
    const prompt = cell.querySelector('.jp-InputPrompt');
    return prompt ? prompt.textContent.trim() : '';
})"""
ERROR_TEXT_JS = """cell => [...cell.querySelectorAll(
    '[data-mime-type="application/vnd.jupyter.stderr"]')].map(box => box.textContent).join('\\n')"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[Lab]:
    """A fresh JupyterLab serving a copy of exercises/ (Lab edits what it opens)."""
    work = tmp_path_factory.mktemp("lab-exercises")
    root = work / "exercises"
    shutil.copytree(ROOT / "exercises", root)
    with jupyter_lab(work, root) as (base, token):
        yield Lab(base, token, root)


def run_all(page, code_cells: list[int], seconds: float = RUN_SECONDS) -> list[str]:
    """Run > Run All Cells; the prompts of the code cells once all ran or ``seconds`` passed.

    (A stopped "Run All" leaves the cells after the error at "[ ]:"; JupyterLab may send
    the cells one by one, so a moment with no cell waiting does not mean it is done.)
    """
    page.locator(".jp-StatusBar-Widget", has_text=KERNEL_IDLE).wait_for(timeout=120_000)
    page.locator("li.lm-MenuBar-item", has_text="Run").click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()
    from playwright.sync_api import TimeoutError as NotAllRan

    with contextlib.suppress(NotAllRan):  # the prompts say which cells never ran
        page.wait_for_function(
            """indices => {
                const cells = document.querySelectorAll('.jp-Notebook .jp-Cell');
                return indices.every(i => /^\\[\\d+\\]:$/.test(
                    cells[i].querySelector('.jp-InputPrompt').textContent.trim()));
            }""",
            arg=code_cells,
            timeout=seconds * 1000,
        )
    page.locator(".jp-StatusBar-Widget", has_text=KERNEL_IDLE).wait_for(timeout=60_000)
    prompts = page.evaluate(PROMPTS_JS)
    return [prompts[i] for i in code_cells]


def verdict_problems(page, nb: nbformat.NotebookNode, seconds: float = RUN_SECONDS) -> list[str]:
    """What is wrong with what a blank notebook shows after "Run All" (nothing, ideally)."""
    code_cells = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and c.source.strip()]
    problems = [
        f"cell {i + 1} never ran (prompt {prompt!r}): Run All stopped before it"
        for i, prompt in zip(code_cells, run_all(page, code_cells, seconds), strict=True)
        if not prompt.startswith("[") or not prompt[1:-2].isdigit()
    ]
    for number, index in enumerate([i for i, c in enumerate(nb.cells) if is_graded(c)], 1):
        text = cell_at(page, index).evaluate(ERROR_TEXT_JS).strip()
        if not text.startswith("✘ ") or len(text.splitlines()) != 1:
            problems.append(f"part {number} (cell {index + 1}) shows {text[:300]!r}, not a hint")
    return problems


@pytest.mark.parametrize("path", EXERCISES, ids=lambda path: path.stem)
def test_run_all_on_a_blank_exercise_shows_every_parts_verdict(path, lab, open_page, artifacts):
    nb = nbformat.read(path, as_version=4)
    page, log = open_page(lab.base)
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(lab.url(path.name))
    problems = verdict_problems(page, nb)
    shots = artifacts / "lab-exercises" / path.stem
    shots.mkdir(parents=True, exist_ok=True)
    for number, index in enumerate([i for i, c in enumerate(nb.cells) if is_graded(c)], 1):
        cell_at(page, index).screenshot(path=shots / f"part-{number}.png")
    assert not problems, "\n".join(problems)
    assert log.blocked == [], "JupyterLab asked for something off this machine"


def test_without_the_tag_run_all_stops_at_the_first_failing_part(lab, open_page):
    """The test above can fail: the same notebook without the tags stops at part 1."""
    nb = nbformat.read(EXERCISES[0], as_version=4)
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if "raises-exception" in tags:
            tags.remove("raises-exception")
    nbformat.write(nb, lab.root / "untagged.ipynb")
    page, _ = open_page(lab.base)
    page.goto(lab.url("untagged.ipynb"))
    problems = verdict_problems(page, nb, seconds=20)
    assert any("never ran" in problem for problem in problems), problems
