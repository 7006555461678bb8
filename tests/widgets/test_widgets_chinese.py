"""With the language set to Chinese, every widget's labels, results and captions are Chinese.

The explorers compute their step captions once, when the picture is built, and send them to
the page (kernel-free stepping, slides, static HTML): the language in effect then is the
one a student reads, so a Chinese notebook (``set_language("zh")`` in its first cell)
stores Chinese captions in its widget state.
"""

from __future__ import annotations

import re

from coursekit.draw.graph_view import captions_of
from coursekit.games import GameTree
from coursekit.search import alphabeta, sss_star
from coursekit.text import set_language
from coursekit.widgets import (
    AlgorithmComparison,
    AOStarExplorer,
    BStarExplorer,
    ConnectFourBoard,
    PayoffEditor,
    TicTacToeBoard,
    TreeExplorer,
    TreeSizeExplorer,
)
from coursekit.widgets.base import static_html

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_step_controls_and_tree_explorer_labels(chinese):
    w = TreeExplorer()
    assert (w.first.description, w.back.description) == ("« 第一步", "‹ 上一步")
    assert (w.forward.description, w.last.description) == ("下一步 ›", "最后一步 »")
    assert w.text.description == "博弈树" and w.algorithm.description == "算法"
    assert w.result.value.startswith("<b>极小极大过程</b>：倒推值 <b>3</b>，走步 <b>B</b>")
    assert "13 个节点，9 个叶节点，深度 2" in w.result.value
    assert "少 2 个叶节点" in w.counts_box.get_title(0)
    assert "<th>算法</th>" in w.counts.value and "最小树（b=3, d=2）" in w.counts.value


def test_the_orders_keep_their_values_and_show_chinese_labels(chinese):
    w = TreeExplorer()
    assert [label for label, _ in w.ordering.options] == ["输入顺序", "最差", "随机", "最佳"]
    w.ordering.value = "best"  # the value a notebook sets stays English
    assert w.ordering.label == "最佳"


def test_the_explorers_captions_are_chinese_in_the_page(chinese):
    w = TreeExplorer(algorithm="alpha-beta")
    captions = captions_of(w.picture.steps)
    assert captions[0] == "α-β剪枝：第 0 步（共 16 步），尚未搜索"
    assert captions[3] == "α-β剪枝：第 3 步（共 16 步），静态估值 B1 = 3"
    assert captions[-1].endswith("根节点的倒推值为 3 — 倒推值 3，走步 B")
    assert any("α剪枝" in c for c in captions)


def test_a_static_preview_says_in_chinese_what_it_is(chinese):
    html = static_html(TreeSizeExplorer())
    power = '<i>b</i><sup style="font-size: 1em"><i>m</i></sup>'
    assert "运行这个单元格即可使用" in html and f"个叶节点（{power}）" in html


def test_cuts_stats_and_open_list_in_chinese(chinese):
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = alphabeta(tree, trace=True)
    assert [str(c) for c in r.trace.cutoffs()] == ["在 C 处α剪枝：β = 2 ≤ A 的 α = 3；剪去 C2、C3"]
    assert str(r.stats) == "11 个节点，7 个叶节点，剪枝 1 次，深度 2"
    assert str(r).startswith("α-β剪枝：倒推值 3，走步 B，主变量 B B1")
    sss = TreeExplorer(tree, algorithm="SSS*")
    assert any("OPEN 表：" in c for c in captions_of(sss.picture.steps))
    assert sss_star(tree).value == 3


def test_payoff_editor_in_chinese(chinese):
    w = PayoffEditor(plot=False)
    assert w.rows.description == "行数" and w.text.description == "收益表"
    assert "<b>纯策略纳什均衡</b>" in w.summary.value and "严格劣于" in w.summary.value
    assert "纳什均衡" in w.table.value
    w.text.value = "\n".join(["0, 0 | " * 6 + "0, 0"] * 7)
    assert w.text_feedback.message == "编辑器最多接受 6×6 个策略"


def test_aostar_explorer_in_chinese(chinese):
    w = AOStarExplorer()
    assert w.rules.description == "规则" and w.cycle.description == "循环"
    assert "AO* 用 4 个循环解决了 n0：费用 5" in w.summary.value
    assert "最佳解图" in w.heuristic.value
    captions = captions_of(w.picture.steps)
    assert captions and all(CJK.search(c) for c in captions), captions[:2]
    w.h_inputs["n4"].value = "２，５"
    assert w.h_feedback.message.startswith("h(n4) 必须是 ≥ 0 的有限数")
    assert "小数请用小数点" in w.h_feedback.message


def test_tictactoe_in_chinese(chinese):
    w = TicTacToeBoard()
    assert w.new_game.description == "新的一局" and w.depth.description == "搜索深度"
    assert "轮到你走" in w.status.value
    w.play(4)
    w.play(4)
    assert "格子 4 已被占用" in w.status.value
    assert "计算机（○）搜索了 2 层" in w.candidates.value


def test_connect_four_in_chinese(chinese):
    w = ConnectFourBoard(depth=1)
    assert w.limit.label == "深度" and w.new_game.description == "新的一局"
    assert "引擎的限制：<b>深度 1</b>" in w.plan.value
    assert "先走，MAX" in w.board.value


def test_bstar_and_comparison_in_chinese(chinese):
    b = BStarExplorer()
    assert b.result.value.startswith("经过 <b>5</b> 次扩展，证明走步 <b>0</b> 最佳")
    assert "停止规则" in b.caption
    assert all(CJK.search(c) for c in captions_of(b.picture.steps))
    c = AlgorithmComparison()
    assert "<th" in c.table.value and "叶节点数" in c.table.value


def test_english_stays_the_default():
    set_language("en")
    try:
        w = TreeExplorer()
        assert w.result.value.startswith("<b>minimax</b>: value <b>3</b>")
        assert captions_of(w.picture.steps)[0] == "minimax: step 0 of 17, nothing searched yet"
    finally:
        set_language(None)


def test_the_chinese_chapters_store_chinese_captions():
    """Run top to bottom in Chinese, the chapters store the explorers' captions in Chinese
    (what their static pages and slides show)."""
    from pathlib import Path

    folder = Path(__file__).parents[2] / "notebooks" / "zh"
    stored = {path.name: path.read_text(encoding="utf-8") for path in folder.glob("*.ipynb")}
    assert any(re.search(r"第 \d+ 步（共 \d+ 步）", text) for text in stored.values())
    for name, text in stored.items():
        assert not re.search(r"step \d+ of \d+", text), name
