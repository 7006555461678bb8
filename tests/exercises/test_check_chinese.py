"""`coursekit check` on a Chinese exercise notebook: Chinese hints and a Chinese score."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from exercise_helpers import ROOT, TIMEOUT


def check(path):
    return subprocess.run(
        [sys.executable, "-m", "coursekit", "check", str(path), "--timeout", str(2 * TIMEOUT)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_the_released_chinese_set_fails_each_part_with_a_chinese_hint():
    done = check(ROOT / "exercises" / "zh" / "00_start_here.ipynb")
    assert done.returncode == 1, done.stdout[-2000:]
    assert len(re.findall(r"^✘ 第 \d 题（第 \d+ 个单元格）：0/", done.stdout, re.MULTILINE)) == 4
    assert "这一题还没有作答" in done.stdout  # answered(None), from the kernel
    assert "仍然抛出 NotImplementedError" in done.stdout  # run_cases, from the kernel
    assert "得分：0 分，满分 5 分" in done.stdout
    assert "score:" not in done.stdout
    assert "个评分题是测试" in done.stdout and "graded parts are the tests" not in done.stdout
    assert re.search(r"^单元格 \d+：$", done.stdout, re.MULTILINE)  # each failure's header


def test_the_chinese_solution_gets_full_marks_in_chinese():
    done = check(ROOT / "solutions" / "zh" / "00_start_here.ipynb")
    assert done.returncode == 0, done.stdout[-2000:]
    assert "得分：5 分，满分 5 分" in done.stdout


def test_set_06_in_chinese_scores_in_chinese_and_its_solution_gets_full_marks():
    done = check(ROOT / "exercises" / "zh" / "06_beyond_alphabeta.ipynb")
    assert done.returncode == 1, done.stdout[-2000:]
    assert len(re.findall(r"^✘ 第 \d 题（第 \d+ 个单元格）：0/", done.stdout, re.MULTILINE)) == 9
    assert "这一题还没有作答" in done.stdout
    assert "得分：0 分，满分 22 分" in done.stdout
    solved = check(ROOT / "solutions" / "zh" / "06_beyond_alphabeta.ipynb")
    assert solved.returncode == 0, solved.stdout[-2000:]
    assert "得分：22 分，满分 22 分" in solved.stdout


def test_coursekit_check_names_a_missing_notebook_in_the_chosen_language(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "check", str(tmp_path / "nope.ipynb")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "COURSEKIT_LANG": "zh_CN.UTF-8"},
    )
    assert done.returncode == 2
    assert f"coursekit check：没有这个笔记本：{tmp_path / 'nope.ipynb'}" in done.stderr
