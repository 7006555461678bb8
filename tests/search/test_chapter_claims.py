"""The claims chapters 3-6 make in prose, checked against the package's own numbers.

Each test computes a number (or a fact) with coursekit and checks that the
notebook's text says it, so that the prose and the library cannot drift apart.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from coursekit.games import MAX, GameTree, TicTacToe
from coursekit.search import EXIT, alphabeta, best_case_leaves, distinct_uniform_tree, mtdf

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def prose(name: str) -> str:
    """The markdown of a chapter, its lines joined (as a reader sees the sentences)."""
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(text.split())


class UnitTicTacToe(TicTacToe):
    """Tic-tac-toe valued +1 / 0 / −1, as the other libraries value it."""

    def utility(self, state, player=MAX):
        value = super().utility(state, player)
        return 0 if value == 0 else math.copysign(1, value)


@pytest.mark.timeout(120)
def test_why_tictactoe_takes_16811_or_18297_nodes():
    infinite, unit = TicTacToe(), UnitTicTacToe()
    assert alphabeta(infinite).stats.nodes == 16_811
    assert alphabeta(unit).stats.nodes == 18_297
    assert alphabeta(unit, alpha=-1, beta=1).stats.nodes == 16_811
    for chapter in ("04_alphabeta.ipynb", "06_beyond_alphabeta.ipynb"):
        text = prose(chapter)
        assert "18,297" in text and "16,811" in text and "±1" in text and "(−1, +1)" in text


@pytest.mark.parametrize(("branching", "depth"), [(3, 3), (3, 4), (4, 5), (4, 6)])
def test_mtdf_evaluates_one_leaf_more_than_the_minimal_tree(branching, depth):
    tree = distinct_uniform_tree(branching, depth, ordering="best")
    r = mtdf(tree, trace=True)
    tips = [e.path[-1] for e in r.trace if e.kind == "leaf"]
    assert r.stats.leaves == len(tips) == best_case_leaves(branching, depth) + 1
    assert set(tips) == set(alphabeta(tree, trace=True).trace.evaluated_leaves())
    twice = [tip for tip in set(tips) if tips.count(tip) > 1]
    assert twice == [r.pv[-1]]  # the end of the principal variation
    assert r.stats.fail_highs == r.stats.fail_lows == 1


def test_chapter_6_says_what_the_extra_mtdf_leaf_is():
    text = prose("06_beyond_alphabeta.ipynb")
    assert "PVS and MTD(f) too" not in text
    assert "MTD(f) evaluates one leaf more" in text
    assert "end of the principal variation" in text


def test_the_textbooks_alphabeta_is_fail_soft():
    """MAX-VALUE / MIN-VALUE returning v on a cut give the values of fail_soft=True."""
    deep = GameTree.from_nested(
        [[[[9, 1], [7, 4]], [[7, 8], [6, 2]]], [[[0, 1], [9, 0]], [[4, 7], [6, 6]]]]
    )

    def value(node, alpha, beta, seen):  # the textbook's pseudocode, one function for both
        if deep.is_terminal(node):
            return deep.leaf_value(node)
        maximising = deep.player(node) is MAX
        v = -math.inf if maximising else math.inf
        for kid in deep.children(node):
            w = value(kid, alpha, beta, seen)
            v = max(v, w) if maximising else min(v, w)
            if (v >= beta) if maximising else (v <= alpha):
                seen[node] = v
                return v  # "if v ≥ β: return v": the node's own bound, not β
            alpha, beta = (max(alpha, v), beta) if maximising else (alpha, min(beta, v))
        seen[node] = v
        return v

    seen: dict[str, float] = {}
    value(deep.initial, -math.inf, math.inf, seen)
    soft, hard = alphabeta(deep, trace=True, fail_soft=True), alphabeta(deep, trace=True)

    def exits(result):
        return {e.path[-1] if e.path else "A": e.value for e in result.trace if e.kind == EXIT}

    assert exits(soft) == seen  # every inner node: the textbook's value is fail-soft's
    assert seen["C1a"] == 0 and exits(hard)["C1a"] == 4  # fail-hard writes α = 4 there
    text = prose("04_alphabeta.ipynb")
    assert "textbook's fail-hard" not in text
    assert "they return v itself, even on a cut, so they are **fail-soft**" in text


def test_alphabetas_properties_table_has_its_space():
    text = prose("04_alphabeta.ipynb")
    assert "## α-β: its properties" in text
    assert "| space | O(bm), depth first | O(bm), depth first" in text


def test_the_survey_slips_are_corrected():
    text = prose("06_beyond_alphabeta.ipynb")
    assert "DUAL* (Marsland, Reinefeld and Schaeffer 1987)" in text
    assert "SSS* and DUAL* (Stockman 1979)" not in text
    assert "in fact B* was published in 1979" in text and "Palay's, 1983" in text
    assert "the most cuts" in text and "last two" in text  # both killers


def test_chapter_5_names_quiescence_and_the_chess_positions_right():
    from coursekit.games.chess_game import Chess

    game = Chess()
    text = prose("05_evaluation_functions.ipynb")
    assert "静态搜索)" not in text and "Quiescence search (静止搜索)" in text
    assert "无法保证最优决策" in text
    a = game.parse("3r2k1/p2n1ppp/1pq1pn2/8/8/5N2/P3QPPP/4R1K1 w - - 0 1").board
    b = game.parse("3r2k1/p2n1ppp/1pq1pn2/3N4/8/8/P3QPPP/4R1K1 w - - 0 1").board
    moved = {sq for sq in range(64) if a.piece_at(sq) != b.piece_at(sq)}
    assert sorted(map(lambda sq: "abcdefgh"[sq % 8] + str(sq // 8 + 1), moved)) == ["d5", "f3"]
    assert "differ only in where **a rook** stands" in text and "made for this notebook" in text
    assert "on f3 in (a) and on d5 in (b)" in text
    assert "Only the white knight stands elsewhere" not in text


@pytest.mark.parametrize(
    ("chapter", "terms"),
    [
        ("03_minimax.ipynb", ["静态估值函数", "静态估计函数", "估价函数"]),
        ("04_alphabeta.ipynb", ["倒推值", "最优α-β剪枝", "祖先节点", "先辈节点"]),
        ("04_alphabeta.ipynb", ["上确界", "下确界"]),
        ("05_evaluation_functions.ipynb", ["静止搜索", "迭代加深", "遍历深化"]),
        ("06_beyond_alphabeta.ipynb", ["主变量", "零窗口", "遍历深化", "乐观值", "悲观值"]),
        ("06_beyond_alphabeta.ipynb", ["状态空间搜索", "定式", "定式优化", "专家数据库"]),
    ],
)
def test_the_decks_terms_appear(chapter, terms):
    text = prose(chapter)
    assert [t for t in terms if t not in text] == []
