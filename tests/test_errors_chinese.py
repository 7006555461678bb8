"""With the language set to Chinese, the errors a student meets most are Chinese and still
name the place, the argument and the value (a sample: trees, payoff tables, AND/OR rules)."""

from __future__ import annotations

import pytest

from coursekit.andor import AndOrGraph
from coursekit.andor.errors import RuleSyntaxError
from coursekit.evaluation import tictactoe_features
from coursekit.evaluation.weighted_linear import (
    EvaluationError,
    Feature,
    WeightedLinear,
    fit_weights,
)
from coursekit.games import ConnectFour, GameTree, TicTacToe
from coursekit.games.base import GameError
from coursekit.games.chancetree import ChanceTree, ChanceTreeError
from coursekit.games.gametree import GameTreeError
from coursekit.gametheory import NormalFormGame
from coursekit.gametheory.errors import PayoffError
from coursekit.gametheory.parse import parse_pair, parse_table
from coursekit.search import (
    SearchError,
    alphabeta,
    expectiminimax,
    iterative_deepening,
    mcts,
    minimax,
    solve,
)
from coursekit.search.alphabeta import best_case_leaves
from coursekit.search.bstar import BoundedTree, BStarError
from coursekit.search.connect4_solver import Connect4Solver
from coursekit.search.match import MatchEngine
from coursekit.search.play import play
from coursekit.search.quiescence import quiescent
from coursekit.search.transposition import TranspositionTable
from coursekit.text import number_value, set_language
from coursekit.widgets import AOStarExplorer, PayoffEditor, TreeExplorer
from coursekit.widgets.tree_explorer import parse_chance_tree

pytestmark = pytest.mark.usefixtures("chinese")  # every test speaks Chinese


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[3, 12], [2, oops]]", "第 1 行第 15 列：'oops' 不是数"),
        ("", "文本是空的：请输入一棵树"),
        ("[[3, 12]]]", "树已经结束，后面却还有 ']'：多了一个 ']'"),
        ("[[3, 12], []]", "第 1 行第 11 列：空列表 []：内部节点至少要有一个子节点"),
        ("[[3, 12] [2, 4]]", "这里应当是 ',' 或 ']'，却遇到了 '['"),
        ("[[3；12]]", "发现了全角分号 '；'：子节点之间请用 ASCII 逗号"),
        ("[[3, 12], [2, 4]", "在第 1 行第 1 列开始的列表没有闭合"),
        ("[1" + "0" * 400 + "]", "401 位的数对叶节点的值来说太大了"),
    ],
)
def test_tree_text_errors_in_chinese(text, message):
    with pytest.raises(GameTreeError) as error:
        GameTree.from_spec(text)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: parse_pair("7"), PayoffError, "'7' 中只有 1 个收益；每个格子需要两个"),
        (lambda: parse_pair("(3, -1"), PayoffError, "'(3, -1' 中有一个括号没有闭合"),
        (lambda: parse_table("3, 3 | 0, 5\n5, 0"), PayoffError, "第 2 行有 1 个格子"),
        (lambda: parse_table("3, x | 0, 5"), PayoffError, "第 1 行第 1 个格子：'x' 不是数"),
        (lambda: AndOrGraph.from_rules("n0 -> "), RuleSyntaxError,
         "第 1 行：这条规则在“->”之后没有后继节点（在“n0 ->”中）"),
        (lambda: AndOrGraph.from_rules("n0 -> n1\nh: n1=-2"), RuleSyntaxError,
         "h(n1) 必须大于或等于 0"),
        (lambda: AndOrGraph.from_rules("n0 -> n1；n2"), RuleSyntaxError, "“；”是全角字符"),
        (lambda: NormalFormGame([[1, 2], [3]], [[1, 2], [3, 4]]), PayoffError,
         "A（行参与者的收益）：第 2 行有 1 个元素，而第 1 行有 2 个"),
        (lambda: NormalFormGame([[1, 2]], [[1], [2]]), PayoffError, "两个矩阵的形状必须相同"),
        (lambda: number_value("1e400"), ValueError, "'1e400' 作为数太大了（∞ 请写作 inf）"),
        (lambda: GameTree.random(branching=3, depth=-1), GameTreeError, "而给出的是 -1"),
        (lambda: GameTree.from_nested([[1, 2]]).result("A", "C9"), GameTreeError,
         "'C9' 不是 A 的子节点"),
        (lambda: TicTacToe().parse("x.o/.x/..."), GameError, "第 2 行有 2 个格子，而不是 3 个"),
        (lambda: TicTacToe().result(TicTacToe().parse("x../.../..."), 0), GameError,
         "格子 0 不是棋盘上的空格（0–8）"),
    ],
)  # fmt: skip
def test_table_rule_and_number_errors_in_chinese(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert message in str(raised.value)


def test_the_widgets_show_the_errors_in_chinese():
    tree = TreeExplorer()
    tree.text.value = "[[3, 12], [2, oops]]"
    assert tree.feedback.message == "第 1 行第 15 列：'oops' 不是数"
    editor = PayoffEditor(plot=False)
    editor.text.value = "3, 3 | 0, 5\n5, 0"
    assert editor.text_feedback.message == "第 2 行有 1 个格子，而第 1 行有 2 个"
    explorer = AOStarExplorer()
    explorer.rules.value = "n0 -> "
    assert explorer.rules_feedback.message.startswith("第 1 行：这条规则在“->”之后没有后继节点")


def test_english_messages_are_unchanged():
    set_language("en")
    with pytest.raises(GameTreeError, match=r"line 1, column 15: 'oops' is not a number"):
        GameTree.from_spec("[[3, 12], [2, oops]]")
    with pytest.raises(PayoffError, match="line 2 has 1 cell but line 1 has 2"):
        parse_table("3, 3 | 0, 5\n5, 0")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: WeightedLinear([]), "评价函数至少需要一个特征"),
        (lambda: Feature("", len), "特征需要一个名字（非空字符串），而给出的是 ''"),
        (lambda: Feature("a", len, weight="x"), "特征 'a'：权值 weight 应当是一个数"),
        (lambda: tictactoe_features(ConnectFour()),
         "game 应当是一个 TicTacToe，而给出的是 ConnectFour("),
        (lambda: WeightedLinear([Feature("a", len)]).with_weights({"b": 1}), "没有名为 'b' 的特征"),
        (lambda: fit_weights(WeightedLinear([Feature("a", len)]), [(1,)], [1, 2]),
         "有 1 个局面，却有 2 个目标值"),
    ],
)  # fmt: skip
def test_evaluation_errors_in_chinese(call, message):
    with pytest.raises(EvaluationError) as raised:
        call()
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: parse_chance_tree("[((1/4, 3), (1/2, [1, 2])), 0]"),
         "(0,) 处的概率之和是 3/4，而不是 1"),
        (lambda: parse_chance_tree("[x, 1]"), "第 2 列：这里应当是一个数、一个分数（例如 1/3）"),
        (lambda: ChanceTree.from_nested([[], 1]), "(0,) 处的决策节点没有子节点"),
        (lambda: ChanceTree.random(2, chance=2), "chance 应当是 0 … 1 之间的概率，而给出的是 2"),
    ],
)  # fmt: skip
def test_chance_tree_errors_in_chinese(call, message):
    with pytest.raises(ChanceTreeError) as raised:
        call()
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(0, 10, [5, 6", "第 1 行第 14 列：这里应当是逗号 ',' 或 ']'，却遇到了文本的末尾"),
        ("(0, 10, [5, (8, 1)])", "节点 1：悲观值 8 高于乐观值 1"),
        ("(0, 10 [5])", "这里应当是乐观值之后的 ',' 或 ')'"),
        ("(0, 10, [5, 6]) x", "第 1 行第 17 列：树已经结束，后面却还有 'x'"),
    ],
)  # fmt: skip
def test_bounded_tree_errors_in_chinese(text, message):
    with pytest.raises(BStarError) as raised:
        BoundedTree.from_text(text)
    assert message in str(raised.value)


class Dice(TicTacToe):
    """A game that says it has chance nodes but gives no outcomes."""

    def is_chance(self, state):
        return False


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: minimax(TicTacToe(), depth=-1), "depth 应当大于或等于 0，而给出的是 -1"),
        (lambda: minimax(TicTacToe(), depth="2"), "depth 应当是整数或 None，而给出的是 '2'"),
        (lambda: minimax(TicTacToe, depth=2), "game 应当是一个博弈对象，而不是类 TicTacToe"),
        (lambda: minimax(GameTree.from_nested([[1, 2]]), "Z"), "state 'Z' 不是 <GameTree"),
        (lambda: alphabeta(ConnectFour()), "不限深度，会把每一局都搜索到终局"),
        (lambda: alphabeta(GameTree.from_nested([[1, 2]]), alpha=5, beta=1),
         "窗口要求 alpha < beta，而给出的是 alpha=5, beta=1"),
        (lambda: best_case_leaves(0, 2), "branching 应当是大于或等于 1 的整数，而给出的是 0"),
        (lambda: iterative_deepening(TicTacToe(), seconds=-1), "seconds 应当是正的秒数"),
        (lambda: iterative_deepening(TicTacToe(), max_depth=2, depth=3),
         "max_depth 和 depth 只能给出一个"),
        (lambda: quiescent(TicTacToe(), evaluate=len, noisy=3), "noisy 应当是以状态为参数的函数"),
        (lambda: mcts(TicTacToe(), playouts=0), "playouts 应当是大于或等于 1 的整数或 None"),
        (lambda: mcts(TicTacToe(), c=-1), "c 应当是大于或等于 0 的数，而给出的是 -1"),
        (lambda: expectiminimax(Dice()), "有 is_chance，却没有 chance_outcomes"),
        (lambda: MatchEngine("a", "alphabta"), "引擎 'a'：没有名为 'alphabta' 的搜索算法"),
        (lambda: MatchEngine("a", "MCTS (UCT)", depth=3), "MCTS (UCT) 不接受深度限制"),
        (lambda: play(TicTacToe(), [1]), "players 应当是 {MAX: …, MIN: …} 或一对"),
        (lambda: solve(TicTacToe(), fastest=1), "fastest 应当是 True 或 False，而给出的是 1"),
        (lambda: TranspositionTable(0), "size 应当是大于或等于 1 的整数或 None，而给出的是 0"),
        (lambda: TranspositionTable(10**12), "个槽位在存入任何条目之前就需要约 8 TB"),
        (lambda: Connect4Solver(rows=0), "rows 应当是 1 到 16 之间的整数，而给出的是 0"),
        (lambda: Connect4Solver(enhancements=["magic"]), "未知的增强项 'magic'"),
    ],
)  # fmt: skip
def test_search_errors_in_chinese(call, message):
    with pytest.raises(SearchError) as raised:
        call()
    assert message in str(raised.value)
