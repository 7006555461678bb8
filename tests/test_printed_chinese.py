"""Text the package prints into chapters 0, 6 and 7 follows the notebook's language.

SSS*'s and B*'s steps, the solver's enhancement table, the search-effort plot and a
picture's text/plain placeholder say their words through ``say`` (locale areas
``printed_search`` and ``printed_draw``): English as before, Chinese with
``set_language("zh")``; numbers, node names and the algorithm's own words (OPEN, live,
PROVEBEST) are the same in both.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.draw.base import BROWSER_ONLY
from coursekit.draw.enhancement_html import enhancement_html, enhancement_label
from coursekit.draw.search_effort import search_effort_plot
from coursekit.games import GameTree
from coursekit.search import sss_star
from coursekit.search.bstar import BoundedTree, bstar
from coursekit.search.connect4_solver import ENHANCEMENTS
from coursekit.text import speaking

CJK = re.compile(r"[\u4e00-\u9fff]")
TREE = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
BOUNDED = BoundedTree.from_nested(
    (0, 10, [(2, 8, [(3, 7, [5, 6]), (2, 9, [4, 8])]), (1, 9, [1, 3]), (0, 5, [0, 4])])
)


def numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d+)?|∞", text)


def test_sss_steps_in_english_are_unchanged():
    first = sss_star(TREE, trace=True).trace.steps[0]
    assert str(first) == "Γ2 at A: OPEN = (B, live, ∞) (C, live, ∞) (D, live, ∞)"


def test_sss_steps_in_chinese_keep_the_case_node_and_open_list():
    steps = sss_star(TREE, trace=True).trace.steps
    english = [str(step) for step in steps]
    with speaking("zh"):
        chinese = [str(step) for step in steps]
    for en, zh in zip(english, chinese, strict=True):
        assert CJK.search(zh) and " at " not in zh, zh
        assert en.split(" = ", 1)[1] == zh.split(" = ", 1)[1]  # OPEN itself is the same
        assert en.split(" at ")[0] == zh.split("（")[0]  # the case Γ1 … Γ6


def test_bstar_steps_in_chinese_keep_strategy_node_and_bounds():
    steps = bstar(BOUNDED, trace=True).steps
    english = [str(step) for step in steps]
    with speaking("zh"):
        chinese = [str(step) for step in steps]
    for en, zh in zip(english, chinese, strict=True):
        assert "expanded" in en and "expanded" not in zh and "扩展" in zh
        assert en.split(":")[0] == zh.split("：")[0]  # PROVEBEST / DISPROVEREST
        assert numbers(en) == numbers(zh)


@given(st.lists(st.sampled_from(ENHANCEMENTS), min_size=1, max_size=5, unique=True))
@settings(max_examples=20, deadline=None)
def test_the_enhancement_table_is_chinese_but_for_its_figures(names):
    labels = [f"+ {enhancement_label(name)}" for name in names]
    figures = {"L3_R1": [(1_000 + k, 1.5) for k in range(len(names))]}
    with speaking("zh"):
        chinese_labels = [f"+ {enhancement_label(name)}" for name in names]
        table = enhancement_html(chinese_labels, figures)
    assert labels == [f"+ {name}" for name in names]  # English: the solver's own names
    assert all(CJK.search(label) for label in chinese_labels)
    assert "switched on" not in table and "开启的改进" in table and "节点数" in table
    assert ">1,000</td>" in table


def test_an_unknown_enhancement_keeps_its_name():
    with speaking("zh"):
        assert enhancement_label("a new idea") == "a new idea"


def test_the_effort_plot_labels_follow_the_language():
    counts = {"B = 3, D = 4": {"minimax": 121, "α-β": 60}}
    english = search_effort_plot(counts, minimal={"B = 3, D = 4": 17})
    with speaking("zh"):
        chinese = search_effort_plot(counts, minimal={"B = 3, D = 4": 17})
    assert english.axes[0].get_ylabel() == "nodes searched (log scale)"
    assert chinese.axes[0].get_ylabel() == "搜索的节点数（对数刻度）"
    legend = [t.get_text() for t in chinese.axes[0].get_legend().get_texts()]
    assert "最小树（Knuth & Moore）" in legend


def test_a_pictures_placeholder_follows_the_language():
    from coursekit.draw.uniform_tree import uniform_tree

    assert uniform_tree(b=2, m=1)._repr_mimebundle_()["text/plain"] == BROWSER_ONLY
    with speaking("zh"):
        placeholder = uniform_tree(b=2, m=1)._repr_mimebundle_()["text/plain"]
    assert CJK.search(placeholder) and placeholder != BROWSER_ONLY
