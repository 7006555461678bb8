"""The checks of exercise set 06: right answers pass, typical mistakes get their own hints."""

from __future__ import annotations

import inspect
import json
import math
import re
from pathlib import Path

import pytest

from coursekit.checks import ch06
from coursekit.checks.common import SUCCESS_LINE
from coursekit.checks.parts import judge_function
from coursekit.checks.public.ch06 import (
    ASPIRATION_TREE,
    BSTAR_SNAPSHOTS,
    KILLER_MOVES,
    MEASURE_MOVES,
    MTDF_TREE,
    PVS_TREE,
    SSS_TREE,
)
from coursekit.games import MAX, MIN, GameTree
from coursekit.search import alphabeta, minimax, mtdf, negamax, pvs
from coursekit.tools.grading.student_function import StudentFunction
from coursekit.tools.sandbox.process import Sandbox

INF = math.inf


def passes(capsys):
    return capsys.readouterr().out.strip() == SUCCESS_LINE


# --- part 1 -----------------------------------------------------------------------------------


def right_negamax(game, state):
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    return max(-right_negamax(game, game.result(state, a)) for a in game.actions(state))


def test_part1_right_negamax_passes(capsys):
    ch06.check_negamax_function(right_negamax)
    assert passes(capsys)


def test_part1_hidden_seed_passes(capsys):
    ch06.check_negamax_function(right_negamax, seed=123)
    assert passes(capsys)


@pytest.mark.parametrize("mistake", list(ch06.NEGAMAX_MISTAKES))
def test_part1_each_mistake_gets_its_hint(mistake):
    def student(game, state):
        return ch06.mistaken_negamax(game, state, mistake)

    with pytest.raises(AssertionError, match="negamax written so that"):
        ch06.check_negamax_function(student)


def test_part1_the_max_view_is_not_the_movers_view():
    def max_view(game, state):
        value = right_negamax(game, state)
        return value if game.to_move(state) is MAX else -value

    with pytest.raises(AssertionError, match="not the value for the player"):
        ch06.check_negamax_function(max_view)


def test_part1_placeholders_get_hints():
    with pytest.raises(AssertionError, match="no answer yet"):
        ch06.check_negamax_function(None)

    def unwritten(game, state):
        raise NotImplementedError

    with pytest.raises(AssertionError, match="NotImplementedError"):
        ch06.check_negamax_function(unwritten)


def test_mistaken_negamax_refuses_unknown_mistakes():
    tree = GameTree.from_nested([1, 2])
    with pytest.raises(ValueError, match="mistake"):
        ch06.mistaken_negamax(tree, tree.initial, "typo")


# --- part 2 -----------------------------------------------------------------------------------


def fixed_table_value(game, state, alpha, beta, table):
    """The table search of part 2 with the flag judged by the window actually searched."""
    if state in table:
        flag, stored = table[state]
        if flag == ch06.EXACT:
            return stored
        if flag == ch06.LOWER:
            alpha = max(alpha, stored)
        else:
            beta = min(beta, stored)
        if alpha >= beta:
            return stored
    alpha0, beta0 = alpha, beta
    if game.is_terminal(state):
        v = game.utility(state, MAX)
    elif game.to_move(state) is MAX:
        v = -INF
        for a in game.actions(state):
            v = max(v, fixed_table_value(game, game.result(state, a), alpha, beta, table))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
    else:
        v = INF
        for a in game.actions(state):
            v = min(v, fixed_table_value(game, game.result(state, a), alpha, beta, table))
            beta = min(beta, v)
            if alpha >= beta:
                break
    if v <= alpha0:
        table[state] = (ch06.UPPER, v)
    elif v >= beta0:
        table[state] = (ch06.LOWER, v)
    else:
        table[state] = (ch06.EXACT, v)
    return v


def test_part2_the_fixed_table_passes(capsys):
    ch06.check_table_function(fixed_table_value)
    assert passes(capsys)
    ch06.check_table_function(fixed_table_value, seed=7)
    assert passes(capsys)


def test_part2_no_table_at_all_passes(capsys):
    def plain(game, state, alpha, beta, table):
        r = negamax(game, state, alpha=alpha, beta=beta)
        return r.value

    ch06.check_table_function(plain)
    assert passes(capsys)


def test_part2_the_given_bug_is_caught():
    with pytest.raises(AssertionError, match="as if it were exact: a result"):
        ch06.check_table_function(ch06.exact_only_table_value)


def test_part2_a_clipped_answer_is_caught():
    def clipped(game, state, alpha, beta, table):
        value = negamax(game, state).value
        return min(max(value, alpha + 0.5), beta - 0.5) if alpha < value < beta else value + 1

    with pytest.raises(AssertionError, match="cannot return there: inside"):
        ch06.check_table_function(clipped)


def test_part2_answers_of_the_wrong_type_fail():
    with pytest.raises(AssertionError, match="cannot return"):
        ch06.check_table_function(lambda game, state, alpha, beta, table: "3")


def _graded_table(source, tmp_path, seed=11):
    """The grader's verdict on part 2 when the notebook's cells are ``source``.

    As when grading: the check runs here, and each call of the student's function goes to
    another interpreter where only the student's cells ran (unsealed here: no sandbox).
    """
    (tmp_path / "cells.json").write_text(json.dumps([source]), encoding="utf-8")
    part = ch06.PARTS[2]
    package = str(Path(ch06.__file__).resolve().parents[2])  # this checkout's coursekit
    unsealed = Sandbox(sealed=False, environment={"PYTHONPATH": package})
    with StudentFunction(unsealed, tmp_path, part, seconds=120) as function:
        return judge_function(part, function, seed)


def test_part2_the_grader_sees_the_table_work_through_the_adapter(tmp_path):
    """The shared table stays beside the student's code: what crosses is the answers."""
    fixed = inspect.getsource(fixed_table_value).replace("fixed_table_value", "table_value")
    fixed = fixed.replace("ch06.", "")  # the notebook's names, from the public module
    imports = "from coursekit.checks.public.ch06 import EXACT, INF, LOWER, MAX, UPPER\n"
    assert _graded_table(imports + fixed, tmp_path).passed
    buggy = "from coursekit.checks.public.ch06 import exact_only_table_value as table_value\n"
    verdict = _graded_table(buggy, tmp_path)
    assert not verdict.passed and "answered as if it were exact" in verdict.hint


# --- part 3 -----------------------------------------------------------------------------------


def test_part3_only_the_measured_prediction_passes(capsys):
    without, with_killers = ch06.killer_counts()
    assert with_killers < without  # measured below: killers save nodes on this position
    ch06.check_prediction("fewer")
    assert passes(capsys)
    ch06.check_prediction(" Fewer")
    assert passes(capsys)
    for wrong in ("same", "more"):
        with pytest.raises(AssertionError, match="not what happens on this position"):
            ch06.check_prediction(wrong)


@pytest.mark.parametrize(("answer", "hint"), [(None, "no answer"), ("less", "should be one of")])
def test_part3_non_predictions_fail(answer, hint):
    with pytest.raises(AssertionError, match=hint):
        ch06.check_prediction(answer)


def test_part4_the_measurement_passes(capsys):
    game, state = ch06.killer_position()
    without = negamax(game, state, depth=ch06.KILLER_DEPTH).stats.nodes
    with_killers = negamax(game, state, depth=ch06.KILLER_DEPTH, killers=True).stats.nodes
    ch06.check_killer_measurement(without, with_killers)
    assert passes(capsys)


def test_part4_mistakes_get_hints():
    game, state = ch06.killer_position()
    without = negamax(game, state, depth=ch06.KILLER_DEPTH).stats.nodes
    with_killers = negamax(game, state, depth=ch06.KILLER_DEPTH, killers=True).stats.nodes
    assert without != with_killers  # else the exercise measures nothing
    with pytest.raises(AssertionError, match="swapped"):
        ch06.check_killer_measurement(with_killers, without)
    with pytest.raises(AssertionError, match="nodes_with is not"):
        ch06.check_killer_measurement(without, with_killers + 1)
    from_the_start = negamax(game, depth=ch06.KILLER_DEPTH).stats.nodes
    with pytest.raises(AssertionError, match="nodes_without is not"):
        ch06.check_killer_measurement(from_the_start, with_killers)
    with pytest.raises(AssertionError, match="whole number"):
        ch06.check_killer_measurement(float(without), with_killers)
    with pytest.raises(AssertionError, match="no answer"):
        ch06.check_killer_measurement(None, with_killers)


def test_part4_measures_what_chapter_6_does_not_print():
    assert MEASURE_MOVES != KILLER_MOVES
    counts = ch06.killer_counts()
    assert not {6_555, 2_608} & set(counts)  # chapter 6's counts, on KILLER_MOVES' position
    game, state = ch06.killer_position()
    assert state != game.initial and len(MEASURE_MOVES) == 5


def test_random_trees_hold_both_roots():
    roots = {tree.root_player for tree in ch06.random_trees()}
    assert roots == {MAX, MIN}


# --- part 5: aspiration ------------------------------------------------------------------------
# By hand: the window (2, 4); B is worth 5 ≥ 4, so A stops after B and returns 5 (fail high);
# the re-search with (5, +∞) finds C worth 7 (D stops at 2): two searches, value 7.


def test_part5_the_package_agrees_with_the_hand_search():
    assert ch06.aspiration_facts() == ("fail high", 5, 2, 7)
    assert minimax(ASPIRATION_TREE).value == 7


@pytest.mark.parametrize("outcome", ["fail high", "Fail-High", "fail_high"])
def test_part5_right_answers_pass(outcome, capsys):
    ch06.check_aspiration(outcome, 5, 2, 7.0)
    assert passes(capsys)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (("fail low", 5, 2, 7), "does not end as you say. It fails high when"),
        (("fail high", 4, 2, 7), "a bound of the window, as fail-hard α-β would return"),
        (("fail high", 7, 2, 7), "the tree's true value, but the first search never finds it"),
        (("fail high", 5, 3, 7), "cannot fail the same way again"),
        (("fail high", 5, 2, 5), "ends with the tree's minimax value"),
        (("high", 5, 2, 7), "should be one of"),
        ((None, 5, 2, 7), "no answer"),
    ],
)
def test_part5_mistakes_get_hints(answer, hint):
    with pytest.raises(AssertionError, match=hint):
        ch06.check_aspiration(*answer)


# --- part 6: PVS ----------------------------------------------------------------------------
# By hand: B, searched with the full window, is worth 5 (α = 5). C's zero-window test: C1
# stops at 7, C2 at 9, C returns 7 > 5, a fail high: C is searched again and is worth 7
# (α = 7). D's test: D1 is worth 6 ≤ 7, a fail low. Only C is searched twice; the value is 7.


def test_part6_the_package_agrees_with_the_hand_search():
    assert ch06.researched_root_moves() == ["C"]
    assert pvs(PVS_TREE).value == minimax(PVS_TREE).value == 7


def test_part6_right_answers_pass(capsys):
    for answer in ({"C"}, ["C"], ("C",)):
        ch06.check_pvs(answer, 7)
        assert passes(capsys)


@pytest.mark.parametrize(
    ("researched", "value", "hint"),
    [
        ({"C", "D"}, 7, "Not every later move is searched again"),
        ({"B", "C"}, 7, "B is the first move: PVS searches it once"),
        ({"D"}, 7, "The zero-window test of D fails low"),
        (set(), 7, "misses a move whose zero-window test fails high"),
        ({"C"}, 5, "PVS finds the root's minimax value"),
        ({"C1"}, 7, "should hold moves at the root"),
    ],
)
def test_part6_mistakes_get_hints(researched, value, hint):
    with pytest.raises(AssertionError, match=hint):
        ch06.check_pvs(researched, value)


# --- part 7: MTD(f) -------------------------------------------------------------------------
# By hand (f = 0): β = 0 → B returns 3 (high); β = 4 → 5 (high); β = 6 → C returns 7 (high);
# β = 8 → every move stays at or below 7 (low): lower = upper = 7 after four passes.


def test_part7_the_package_agrees_with_the_hand_passes():
    assert ch06.mtdf_pass_values() == [3, 5, 7, 7]
    r = mtdf(MTDF_TREE, guess=0, table=False, deepening=False)
    assert (r.value, r.stats.fail_highs, r.stats.fail_lows) == (7, 3, 1)
    assert mtdf(MTDF_TREE, guess=0).value == alphabeta(MTDF_TREE).value == 7


def test_part7_right_answers_pass(capsys):
    for answer in ([3, 5, 7, 7], (3, 5, 7.0, 7)):
        ch06.check_mtdf(answer)
        assert passes(capsys)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        ([0, 1, 2, 3, 4, 5, 6, 7, 7], "one step at a time, as fail-hard"),
        ([3, 5, 7], "does not stop there: it stops only when the lower and the upper"),
        ([3, 6, 7, 7], "Pass 2 returns another value"),
        ([3, 5, 7, 7, 7], "too many passes"),
        ([3, 5], "Pass|stops too soon"),
        ("3577", "should be of type"),
    ],
)
def test_part7_mistakes_get_hints(answer, hint):
    with pytest.raises(AssertionError, match=hint):
        ch06.check_mtdf(answer)


# --- part 8: SSS* ---------------------------------------------------------------------------
# By hand: Γ2 at A; Γ3 at B; Γ1 at B1 (4); Γ3 at C; Γ1 at C1 (6); Γ3 at D; Γ1 at D1 (5);
# Γ4 at C1 → (C2, live, 6); Γ1 at C2 (min(6, 2) = 2); Γ4 at D1 → (D2, live, 5); Γ1 at D2:
# min(5, 7) = 5. After step 11: (D2, solved, 5) (B1, solved, 4) (C2, solved, 2).
SSS_OPEN = [("D2", "solved", 5), ("B1", "solved", 4), ("C2", "solved", 2)]


def test_part8_the_package_agrees_with_the_hand_steps():
    assert ch06.open_after() == SSS_OPEN
    assert ch06.open_after(1)[0] == ("B", "live", INF)


def test_part8_right_answers_pass(capsys):
    for answer in (SSS_OPEN, SSS_OPEN[::-1], [list(e) for e in SSS_OPEN]):
        ch06.check_sss_open(answer)
        assert passes(capsys)
    ch06.check_sss_open([("D2", "SOLVED", 5.0), ("B1", "Solved", 4), ("C2", "solved", 2)])
    assert passes(capsys)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        ([("D2", "solved", 7), *SSS_OPEN[1:]], r"static value, but Γ1 puts a leaf back with"),
        ([*SSS_OPEN, ("D3", "live", 5)], "Γ3 puts back only the first child of a MIN node"),
        ([("D2", "live", 5), *SSS_OPEN[1:]], "The status of D2 is wrong"),
        (SSS_OPEN[:2], "holds a state more than your list"),
        ([("D2", "solved", 4), *SSS_OPEN[1:]], "The merit of D2 is wrong"),
        ([("D2", "open", 5), *SSS_OPEN[1:]], "A status is"),
        ([("D2", 5), *SSS_OPEN[1:]], "should be a triple"),
    ],
)
def test_part8_mistakes_get_hints(answer, hint):
    with pytest.raises(AssertionError, match=hint):
        ch06.check_sss_open(answer)


def test_part8_merits_may_be_typed_as_infinity():
    step1 = [("B", "live", "∞"), ("C", "live", math.inf), ("D", "live", "inf")]
    assert {(n, s, ch06._merit(m)) for n, s, m in step1} == set(ch06.open_after(1))


# --- part 9: B* -----------------------------------------------------------------------------
# By hand: the best move has the highest optimistic bound; B* stops when its pessimistic bound
# is at least every other optimistic bound. 0: 2 < 6; 1: 4 ≥ 4 (proved 0); 2: 4 < 5;
# 3: 5 ≥ 5 (proved 1); 4: a tie at 6, move 0's 3 < 6.
BSTAR_PROVED = [None, 0, None, 1, None]


def test_part9_the_package_agrees_with_the_hand_rule():
    assert ch06.proved_moves() == BSTAR_PROVED
    assert len(BSTAR_SNAPSHOTS) == len(BSTAR_PROVED)


def test_part9_right_answers_pass(capsys):
    for answer in (BSTAR_PROVED, tuple(BSTAR_PROVED)):
        ch06.check_bstar(answer)
        assert passes(capsys)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        ([None] * 5, "passes the others' optimistic bounds strictly"),
        ([0, 0, 1, 1, 0], "with the others' pessimistic bounds"),
        ([0, 0, 1, 1, None], "you compare optimistic bounds only"),
        ([None, 0, None, 1, 0], "Your answer for moment 4 is wrong"),
        ([None, 0, None], "one answer per moment"),
        ([None, 0, None, "1", None], "the number of a move"),
    ],
)
def test_part9_mistakes_get_hints(answer, hint):
    with pytest.raises(AssertionError, match=hint):
        ch06.check_bstar(answer)


# --- the new parts together ------------------------------------------------------------------


def test_set_06_has_at_least_seven_parts_and_the_hand_parts_are_by_hand():
    assert len(ch06.PARTS) >= 7
    by_hand = sorted(n for n, part in ch06.PARTS.items() if getattr(part, "by_hand", False))
    assert by_hand == [3, 5, 6, 7, 8, 9]


@pytest.mark.parametrize(
    ("check", "answer"),
    [
        (ch06.check_aspiration, ("fail low", 4, 3, 5)),
        (ch06.check_pvs, ({"C", "D"}, 7)),
        (ch06.check_mtdf, ([3, 5, 7],)),
        (ch06.check_bstar, ([None] * 5,)),
    ],
)
def test_hints_never_give_the_answer(check, answer):
    with pytest.raises(AssertionError) as error:
        check(*answer)
    text = str(error.value)
    assert "[3, 5, 7, 7]" not in text and "None, 0, None, 1" not in text
    assert "asp_bound is 5" not in text and "{'C'}" not in text


def test_the_hand_trees_are_small():
    for tree in (ASPIRATION_TREE, PVS_TREE, MTDF_TREE, SSS_TREE):
        assert len(tree) <= 25 and tree.root_player is MAX


# --- the hints in Chinese --------------------------------------------------------------------

LOCALE = Path(ch06.__file__).resolve().parents[1] / "locale"
CJK = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_WORDS = re.compile(r"\b(?:Your|your|the|is|not|should|with|when)\b")


def _raising_table_value(game, state, alpha, beta, table):
    raise KeyError("flag")


@pytest.mark.parametrize(
    ("call", "hint"),
    [
        (
            lambda: ch06.check_negamax_function(
                lambda g, s: ch06.mistaken_negamax(g, s, "no negation")
            ),
            "和这样写出的负极大值搜索一样：取子节点值中的最大者，却没有取负",
        ),
        (
            lambda: ch06.check_negamax_function(lambda g, s: minimax(g).value),
            "在树 7（根节点上轮到 MIN 走）上，你的函数返回 7，这不是",
        ),
        (
            lambda: ch06.check_negamax_function(lambda g, s: 1 / 0),
            r"根节点上轮到 MAX 走）上抛出了 ZeroDivisionError",
        ),
        (lambda: ch06.check_negamax_function(3), "negamax_value 应当是一个函数"),
        (lambda: ch06.check_table_function(ch06.exact_only_table_value), "被当成了精确值"),
        (lambda: ch06.check_table_function(_raising_table_value), r"、窗口 \(\S+, \S+\) 上抛出了"),
        (lambda: ch06.check_prediction("less"), "你的预测应当是 'fewer', 'same', 'more' 之一"),
        (lambda: ch06.check_prediction("more"), "在这个局面上发生的不是这样"),
        (lambda: ch06.check_killer_measurement(1, 2.5), "nodes_with 应当是一个整数"),
        (lambda: ch06.check_killer_measurement(1, 2), "不是在这个局面上不用杀手走步、深度为 6"),
        (lambda: ch06.check_aspiration("fail low", 5, 2, 7), r"用窗口 \(2, 4\) 进行的第一次搜索"),
        (lambda: ch06.check_aspiration("fail high", 4, 2, 7), "硬失败的 α-β 才会返回"),
        (lambda: ch06.check_aspiration("fail high", 5, 3, 7), "不可能再以同样的方式失败"),
        (lambda: ch06.check_pvs({"B", "C"}, 7), "B 是第一个走步"),
        (lambda: ch06.check_pvs({"D"}, 7), "D 的零窗口测试低出边界"),
        (lambda: ch06.check_pvs({"C1"}, 7), r"根节点上的走步（B, C, D）；C1 不是"),
        (lambda: ch06.check_mtdf([3, 6, 7, 7]), "第 2 遍返回的是另一个值"),
        (lambda: ch06.check_mtdf([3, 5, 7]), "MTD\\(f\\) 不在那里停止"),
        (
            lambda: ch06.check_sss_open([("D2", "solved", 5), ("B1", "solved", 4)]),
            "第 11 步之后的 OPEN 表比你的列表多一个状态",
        ),
        (
            lambda: ch06.check_sss_open([("D2", "solved", 5)]),
            "第 11 步之后的 OPEN 表比你的列表多 2 个状态",
        ),
        (
            lambda: ch06.check_sss_open(
                [("D2", "solved", 7), ("B1", "solved", 4), ("C2", "solved", 2)]
            ),
            "D2 的评分是它的静态估值",
        ),
        (lambda: ch06.check_sss_open([("D2", "open", 5)]), '状态只能是 "live" 或 "solved"'),
        (lambda: ch06.check_bstar([None] * 5), "错误的终止条件：你只在最佳走步的悲观界严格大于"),
        (lambda: ch06.check_bstar([None, 0, None]), "共 5 个"),
        (lambda: ch06.check_bstar([None, 0, None, 1, 0]), "你对时刻 4 的答案不对"),
    ],
)
def test_the_hints_come_out_chinese(call, hint, chinese):
    with pytest.raises(AssertionError, match=hint) as failure:
        call()
    text = str(failure.value)
    assert CJK.search(text) and not ENGLISH_WORDS.search(text), text


def test_the_tree_is_named_in_chinese(chinese):
    big = GameTree.random(branching=3, depth=4, seed=1)
    assert ch06.describe(big) == f"一棵有 {len(big)} 个节点、根节点上轮到 MAX 走的随机树"


def test_every_key_of_the_ch06_tables_is_used_and_every_key_used_is_there():
    source = inspect.getsource(ch06) + inspect.getsource(inspect.getmodule(ch06.describe))
    used = set(re.findall(r'"(ch06\.[a-z_.]+)"', source))
    for language in ("en", "zh"):
        keys = set(json.loads((LOCALE / language / "ch06.json").read_text(encoding="utf-8")))
        assert used == keys, language
