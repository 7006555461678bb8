"""What a student sees under a Chinese notebook's code cells is Chinese (issues #24, #36).

The Chinese notebooks of both editions (``notebooks/zh/``, ``notebooks/zh-Hant/``, and the
solutions once they are executed) run the masters' code, so every line that code prints goes through
``coursekit.tr`` or ``coursekit.text.say``. This test reads the stored outputs — stream
text, ``text/plain``, ``text/markdown``, the text of ``text/html`` and error messages —
and fails on any line holding an English word that is not code, notation or a name
(``tests/chinese_text.py`` lists what stays English, and why). It reports the notebook,
the cell id and the line. ``tests/test_chinese_edition.py`` runs every Chinese notebook
afresh and reads its widgets too.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from chinese_text import answer_data, english_lines, english_words

from coursekit.tools.translation.editions import translated_languages

ROOT = Path(__file__).resolve().parents[1]

# ---------------------------------------------------------------------------------------
# Chapters whose printed lines are not converted yet (issue #24, helpers prt1/prt2).
# The ONE place to edit: delete a chapter's entry once its conversion is merged.
NOT_YET_CHINESE: dict[str, str] = {}
# ---------------------------------------------------------------------------------------


def executed(path: Path) -> bool:
    return any(cell.get("outputs") for cell in nbformat.read(path, as_version=4).cells)


def chinese_notebooks() -> list:
    """Every built notebook of each Chinese edition (simplified, traditional): chapters, and
    solutions once executed."""
    paths = []
    for language in translated_languages():
        paths += sorted(ROOT.glob(f"notebooks/{language.folder}/*.ipynb"))
        folder = ROOT / "solutions" / language.folder
        paths += [path for path in sorted(folder.glob("*.ipynb")) if executed(path)]
    params = []
    for path in paths:
        reason = NOT_YET_CHINESE.get(path.name[:2])
        marks = [pytest.mark.xfail(strict=False, reason=reason)] if reason else []
        params.append(pytest.param(path, marks=marks, id=str(path.relative_to(ROOT))))
    return params


def test_the_guard_sees_the_chinese_notebooks():
    assert any(ROOT.glob("notebooks/zh/*.ipynb")), "no Chinese notebook found"


@pytest.mark.parametrize(
    "line, english",
    [
        ("move 0: expected value 2.5", ["move", "expected", "value"]),
        ("a picture (drawn in the browser when the notebook runs)", ["picture", "drawn"]),
        ("status = solved；费用 49；70 个循环", ["status", "solved"]),
        ("目标 2 分：第一步 roll，17 个局面", ["roll"]),
        ("alpha-beta：第 14 步（共 16 步）", ["alpha", "beta"]),
        ("minimax (two-phase)：第 3 步", ["minimax", "two", "phase"]),
        ("特征（open twos、threes、threats、centre）", ["open", "twos", "threes"]),
        ("更多 ▸ 点击：显示整幅图", []),
        ("走步 0：期望值 2.5", []),
        ("Γ2（A）之后 OPEN = (B, live, ∞) (C, live, ∞) (D, solved, 3)", []),
        ("α-β剪枝：第 5 步（共 5 步），DISPROVEREST：扩展了 2", []),
        ("调用 `python bench/mcts_vs_alphabeta.py` 生成这张表", []),
        ("格式 image/svg+xml", []),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []),
        ("(b) Nxf6+, Nxb6, Qxe6, O-O", []),
        ("(b) take the knight, then the queen", ["take", "the", "knight"]),
        ("你的函数抛出了 ZeroDivisionError：division by zero", []),
        ("见 BStarExplorer；Star1 剪枝；UCB1 = w/n", []),
        ("| 一字棋 | OpenSpiel expectiminimax (= minimax) | 0.5 |", []),
        ("第一步 掷骰（roll）；悲观准则 → prepare for drought (防旱)", []),
    ],
)
def test_what_counts_as_english(line, english):
    assert english_words(line)[: len(english)] == english
    assert bool(english_words(line)) == bool(english)


@pytest.mark.parametrize("path", chinese_notebooks())
def test_a_chinese_notebook_shows_no_english(path):
    found = english_lines(nbformat.read(path, as_version=4), answer_data(path.stem))
    where = path.relative_to(ROOT)
    assert not found, f"{where} shows English:\n  " + "\n  ".join(found)
