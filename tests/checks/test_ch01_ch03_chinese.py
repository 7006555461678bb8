"""With the language set to Chinese, the hints of exercise sets 01 and 03 come out Chinese."""

from __future__ import annotations

import re

import pytest

from coursekit.checks import ch01, ch03
from coursekit.games import MAX, GameTree
from coursekit.gametheory import SmartPigs

from .test_ch01 import student_mixed_2x2
from .test_ch03 import BOARDS, TREE, always_max, good_minimax, mover_utility, right_values

CJK = re.compile(r"[\u4e00-\u9fff]")


pytestmark = pytest.mark.usefixtures("chinese")  # every test speaks Chinese


def hint(check, *args) -> str:
    with pytest.raises(AssertionError) as error:
        check(*args)
    return str(error.value)


def test_the_success_line_is_chinese(capsys):
    ch03.check_minimax_function(good_minimax)
    assert capsys.readouterr().out.strip() == "✔ 正确。"


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: hint(ch01.check_pure_equilibria, 3), "pure_nash 应当是一个以 A 和 B"),
        (lambda: hint(ch01.check_pure_equilibria, lambda A, B: "none"), "你的函数在 博弈 A = "),
        (lambda: hint(ch01.check_elimination, ["middle"]), "第 1 步：此时 'middle' 还不是"),
        (lambda: hint(ch01.check_elimination, ["bottom", "bottom"]), "'bottom' 已经被剔除过了"),
        (lambda: hint(ch01.check_elimination, ["down"]), "'down' 不是这个博弈中的策略"),
        (lambda: hint(ch01.check_optima, [("top", "up")], []), "局势中的 ('top', 'up')"),
        (lambda: hint(ch01.check_pigs_variant, SmartPigs(), (0.5, 0.5)), "小猪的抢先吃到的量"),
        (lambda: hint(ch01.check_pigs_variant, SmartPigs(head_start=(10, 1)), (1, 0)), "混合策略"),
        (lambda: hint(ch01.check_mixed_2x2, lambda A, B: student_mixed_2x2(A, B)[::-1]),
         "你把 p 和 q 弄反了"),
    ],
)  # fmt: skip
def test_ch01_hints_in_chinese(call, words):
    text = call()
    assert words in text and "should" not in text


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: hint(ch03.check_backed_up, TREE, {**right_values(), "B1": 3}, "B"),
         "B1 是极大节点，取其子节点倒推值中的最大者"),
        (lambda: hint(ch03.check_backed_up, TREE, {**right_values(), "B": 2, "A": 2}, "B"),
         "取其子节点倒推值中的最小者"),
        (lambda: hint(ch03.check_backed_up, TREE, right_values(), "C"), "走到 C 得不到"),
        (lambda: hint(ch03.check_evaluations, BOARDS, [1, -2, -1, 4]), "棋盘 1：符号反了"),
        (lambda: hint(ch03.check_minimax_function, always_max), "每个节点都取了最大值"),
        (lambda: hint(ch03.check_minimax_function, mover_utility), "站在 MAX 的立场给终局计分"),
        (lambda: hint(ch03.check_count_distinct, lambda s: 0), "你的函数在下面的棋局上数错了（0）"),
        (lambda: hint(ch03.check_symmetry_counts, {1: 1}), "请给出深度 1、2、3、4"),
    ],
)  # fmt: skip
def test_ch03_hints_in_chinese(call, words):
    text = call()
    assert words in text and CJK.search(text)


def test_a_tree_is_described_in_chinese():
    tree = GameTree.from_nested([[1, 2], [3]])
    assert ch03._describe(tree) == "[[1, 2], [3]]（根节点由 MAX 走）"
    assert MAX.name == "MAX"


def test_the_narrow_trough_story_is_told_in_chinese():
    from coursekit.checks.public.ch01 import NARROW_TROUGH, narrow_trough
    from coursekit.text import speaking

    assert CJK.search(narrow_trough()) and "1 个单位" in narrow_trough()
    with speaking("en"):
        assert narrow_trough() == NARROW_TROUGH  # the English constant is the English story
    assert NARROW_TROUGH.startswith("The farmer fits a narrow feeding hole.")
