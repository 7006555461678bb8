"""Set 07 part 2 answered as a calculator user writes it: ✔ in the notebook, full points from
`coursekit check` and from `coursekit grade`, in English and in both Chinese editions.

The question gives c ≈ 1.4142 and ln 10 ≈ 2.3026 and invites a calculator for the square
roots; an answer written with ``** 0.5``, ``math.sqrt`` or rounded decimals is the same
answer, and every route must say so (``coursekit.checks.by_hand``). Code in its place is
refused by every route with the same hint.
"""

from __future__ import annotations

import re
import subprocess
import sys

import nbformat
import pytest
from exercise_helpers import ROOT, TIMEOUT, cell, write

from coursekit.tools.grading.grade import Settings, grade_all
from coursekit.tools.notebooks.execute import execute_notebook
from coursekit.tools.notebooks.exercise import load_exercise_set
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem

pytestmark = pytest.mark.slow
SECONDS = 4 * TIMEOUT

CALCULATOR = (
    "ucb = {\n"
    '    "a": 3 / 5 + 1.4142 * (2.3026 / 5) ** 0.5,\n'
    '    "b": 2 / 3 + 1.4142 * math.sqrt(2.3026 / 3),\n'
    '    "c": 2.02,\n'
    "}\n"
    'selected = "c"\n'
)
CODE = (
    "ucb = {m: w / n + 1.4142 * (2.3026 / n) ** 0.5 for m, (w, n) in CHILDREN.items()}\n"
    'selected = "c"\n'
)


def part_2(lang: str, answer: str):
    """Set 07 in ``lang``, every answer the solution's but part 2's, which is ``answer``."""
    where = () if lang == "en" else (lang,)
    exercise = load_exercise_set(ROOT.joinpath("solutions", *where, "07_chance_and_mcts.ipynb"))
    nb = nbformat.read(ROOT.joinpath("exercises", *where, "07_chance_and_mcts.ipynb"), 4)
    for answer_cell in exercise.answers:
        cell(nb, answer_cell.cell_id).source = cell(exercise.notebook, answer_cell.cell_id).source
    graded = exercise.parts[1]
    above = [c for c in nb.cells[: graded.index] if "solution" in c.metadata.get("tags", [])]
    above[-1].source = answer
    return exercise, nb, graded


def in_the_notebook(nb, graded, tmp_path) -> str:
    done = execute_notebook(
        nb, cwd=tmp_path, timeout=SECONDS, retries=0, allow_errors=True, store_widget_state=0
    )
    outputs = done.cells[graded.index].outputs
    return "".join(o.get("text", "") + str(o.get("evalue", "")) for o in outputs)


LANGS = ["en", "zh", "zh-Hant"]
HAND = {"en": "worked out by hand", "zh": "亲手", "zh-Hant": "親手"}
"""A word of the by-hand hint in each language."""


def part_line(lang: str, mark: str, points: str) -> re.Pattern:
    """The line `coursekit check` writes for part 2 in ``lang``."""
    if lang == "en":
        return re.compile(rf"^{mark} part 2 \(cell \d+\): {points}", re.MULTILINE)
    line = {"zh": "第 2 题（第 \\d+ 个单元格）", "zh-Hant": "第 2 題（第 \\d+ 個單元格）"}[lang]
    return re.compile(rf"^{mark} {line}：{points}", re.MULTILINE)


def by_check(path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "check", str(path), "--timeout", str(SECONDS)],
        capture_output=True,
        text=True,
        cwd=path.parent,
    )
    return done.stdout


@pytest.fixture(scope="module")
def graded_batch(tmp_path_factory):
    """One grading batch: set 07 with part 2 as a calculator answer and as code, en and zh."""
    folder = tmp_path_factory.mktemp("calculator")
    paths = []
    for lang in LANGS:
        for name, answer in (("calculator", CALCULATOR), ("code", CODE)):
            paths.append(write(part_2(lang, answer)[1], folder / f"{lang}-{name}.ipynb"))
    english = load_exercise_set(ROOT / "solutions" / "07_chance_and_mcts.ipynb")
    sets = {english.name: english}  # a Chinese submission is graded against the same set
    sandbox = Sandbox(hidden=[ROOT / "solutions"]) if sandbox_problem() is None else None
    grades = grade_all(paths, sets, jobs=2, progress=False, settings=Settings(sandbox=sandbox))
    return {path.stem: grade for path, grade in zip(paths, grades, strict=True)}


@pytest.mark.parametrize("lang", LANGS)
def test_a_calculator_answer_is_right_in_the_notebook_in_check_and_in_grade(
    lang, graded_batch, tmp_path
):
    exercise, nb, graded = part_2(lang, CALCULATOR)
    shown = in_the_notebook(nb, graded, tmp_path)
    assert shown.startswith("✔"), shown
    report = by_check(write(nb, tmp_path / "07_chance_and_mcts.ipynb"))
    assert part_line(lang, "✔", "2/2").search(report), report
    grade = graded_batch[f"{lang}-calculator"]
    assert grade.total == exercise.max_points, [p.detail for p in grade.parts]


@pytest.mark.parametrize("lang", LANGS)
def test_code_in_its_place_is_refused_by_all_three_with_one_hint(lang, graded_batch, tmp_path):
    _, nb, graded = part_2(lang, CODE)
    hint = graded_batch[f"{lang}-code"].parts[1].detail
    assert graded_batch[f"{lang}-code"].parts[1].points == 0
    assert HAND[lang] in hint, hint
    assert hint in in_the_notebook(nb, graded, tmp_path)
    report = by_check(write(nb, tmp_path / "07_chance_and_mcts.ipynb"))
    assert part_line(lang, "✘", "0/2").search(report), report
    assert hint in report.replace("\n", " ") or hint[:60] in report, report
