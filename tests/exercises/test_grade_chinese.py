"""`coursekit grade` on a Chinese submission: its hints and feedback in Chinese, while a
submission in English graded at the same time keeps English (each in its own thread)."""

from __future__ import annotations

import shutil

from exercise_helpers import ROOT

from coursekit.tools.grading.grade import Settings, feedback_text, grade_all
from coursekit.tools.notebooks.exercise import load_exercise_set
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem


def test_each_submission_is_graded_in_its_own_language(tmp_path):
    chinese = shutil.copy(ROOT / "exercises" / "zh" / "00_start_here.ipynb", tmp_path / "a.ipynb")
    english = shutil.copy(ROOT / "exercises" / "00_start_here.ipynb", tmp_path / "b.ipynb")
    exercise = load_exercise_set(ROOT / "solutions" / "00_start_here.ipynb")
    sandbox = Sandbox(hidden=[ROOT / "solutions"]) if sandbox_problem() is None else None
    settings = Settings(timeout=60, sandbox=sandbox)
    zh, en = grade_all([chinese, english], {exercise.name: exercise}, jobs=2, progress=False,
                       settings=settings)  # fmt: skip
    assert (zh.language, en.language) == ("zh", "en")
    assert zh.total == en.total == 0
    text = feedback_text(zh)
    assert text.startswith("# a.ipynb 的评语") and "得 0 分，满分 5 分" in text
    assert "✘ 第 1 题：0/1 — 未通过：这一题还没有作答" in text and "仍然抛出" in text
    english_text = feedback_text(en)
    assert "Exercise set 00_start_here: 0 of 5 points." in english_text
    assert "还" not in english_text and "✘ part 1: 0/" in english_text
