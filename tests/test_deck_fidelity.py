"""What the decks say, told right in English and in Chinese, with every number recomputed.

The items of the third fidelity review (issue 37): deck 004's named α-β example read back
from its numbers, one story for the six-level figure, the decks' terms (上确界 / 下确界,
估价函数, 状态空间搜索, 定式优化, 专家数据库), iterative deepening from depth 0, the
stage-1 names, both 与/或 conventions, chapter 7's Pig counts and AlphaGo, chapter 00's
chapter list and exercise set 04's part letters. Each test computes its numbers with
coursekit, then looks for them in the English master and in its Chinese text; the
traditional edition, generated from the simplified one, is read through the same conversion
(``coursekit.tools.translation.derive.converter``).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from coursekit.games import MAX, Pig, TicTacToe
from coursekit.games.examples import DECK_BOUNDS, DECK_TIPS, deck_alphabeta_tree
from coursekit.search import (
    alphabeta,
    distinct_uniform_tree,
    expectiminimax,
    iterative_deepening,
    minimax,
    reorder,
)

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = json.loads((ROOT / "coursekit" / "locale" / "glossary.json").read_text("utf-8"))


CHINESE = ["zh", "zh-Hant"]
"""The Chinese editions: the simplified one written, the traditional one generated from it."""


def said(simplified: str, lang: str) -> str:
    """A simplified Chinese phrase as the edition ``lang`` writes it (English quotes it so)."""
    if lang in ("en", "zh"):
        return simplified
    from coursekit.tools.translation.derive import converter

    return converter(lang)(simplified)


def prose(notebook: str, lang: str = "en", folder: str = "notebooks") -> str:
    """The markdown of a notebook as a reader sees it: English, its Chinese text (zh), or the
    built traditional edition (zh-Hant)."""
    path = ROOT / folder / ("" if lang == "en" else f"{lang}/") / notebook
    if lang == "zh":
        path = path.with_suffix(".zh.md")
        text = re.sub(r"<!-- cell .*? -->", " ", path.read_text(encoding="utf-8"))
        return " ".join(text.split())
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(text.split())


def printed(notebook: str, cell_id: str, lang: str = "en") -> str:
    """What a code cell printed when the notebook was last executed."""
    path = ROOT / "notebooks" / ("" if lang == "en" else f"{lang}/") / notebook
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    cell = next(c for c in cells if c.get("id") == cell_id)
    return "".join("".join(o.get("text", "")) for o in cell["outputs"])


def minus(numbers) -> str:
    """Numbers as the prose writes them: with a typographic minus."""
    return " ".join(str(n).replace("-", "−") for n in numbers)


def glossary_spellings() -> set[str]:
    return {s for t in GLOSSARY["terms"] for s in (t["zh"], *t.get("also", []))}


# --- deck 004's named α-β example, read back from its numbers ------------------------------


@pytest.mark.parametrize("lang", CHINESE)
def test_chapter_4_tells_the_named_example_with_its_numbers(lang):
    tree = deck_alphabeta_tree()
    r = alphabeta(tree, trace=True, fail_soft=True)
    cuts = r.trace.cutoffs()
    deep = [c.node for c in cuts if c.cause != tree.parent(c.node)]
    assert (r.value, r.stats.leaves, len(cuts), deep) == (2, 10, 3, ["I"])
    en, zh = prose("04_alphabeta.ipynb"), prose("04_alphabeta.ipynb", lang)
    assert f"all **{r.stats.leaves} tips** and cuts **three** branches (×)" in en
    assert f"S0 is worth **{r.value}**" in en and said(f"S0 的值为 **{r.value}**", lang) in zh
    assert said(f"全部 **{r.stats.leaves} 个端节点**", lang) in zh
    assert said("剪掉**三个**分枝（×）", lang) in zh
    for text in (en, zh):  # the deck's own numbers, as its text gives them
        assert minus(DECK_TIPS) in text and minus(DECK_BOUNDS) in text
    assert f"S0, B, E, J, {r.pv[-1]}" in en and tree.leaf_value(r.pv[-1]) == r.value


@pytest.mark.parametrize("lang", ["en", *CHINESE])
def test_the_executed_chapter_prints_the_decks_bounds(lang):
    out = printed("04_alphabeta.ipynb", "ab6l0005", lang)
    found, deck = re.findall(r"\[[-\d, ]+\]", out)
    assert found == deck == str(sorted(DECK_BOUNDS))


@pytest.mark.parametrize("lang", CHINESE)
def test_chapter_2_reads_the_same_tree_as_an_and_or_graph(lang):
    value = minimax(deck_alphabeta_tree()).value
    en, zh = prose("02_and_or_graphs.ipynb"), prose("02_and_or_graphs.ipynb", lang)
    assert f"finds one for t = {value} and proves there is none for t = {value + 1}" in en
    found = f"在 t = {value} 时找到了这样一个策略，并证明了 t = {value + 1} 时不存在"
    assert said(found, lang) in zh
    assert "six_level" not in en + zh


# --- one story for the six-level figure -------------------------------------------------------


@pytest.mark.parametrize("lang", CHINESE)
def test_the_six_level_figure_is_one_story_the_exercises_tree(lang):
    from coursekit.checks.public.ch04 import DECK_TREE

    assert DECK_TREE.height == 6 and deck_alphabeta_tree().height == 4
    chapter = prose("04_alphabeta.ipynb"), prose("04_alphabeta.ipynb", lang)
    exercise = (
        prose("04_alphabeta.ipynb", folder="solutions"),
        prose("04_alphabeta.ipynb", lang, folder="solutions"),
    )
    assert "six moves below the root, so seven rows of nodes" in chapter[0] + exercise[0]
    rows = said("七排节点", lang)
    assert all("六步" in text and rows in text for text in (chapter[1], exercise[1]))
    assert "it is four moves deep" in chapter[0] and said("它只有四步深", lang) in chapter[1]
    for text in (*chapter, *exercise):
        assert "six-level example (六层)" not in text and said("六层例子", lang) not in text


# --- the decks' terms --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("notebook", "terms"),
    [
        ("03_minimax.ipynb", ["估价函数", "静态估计函数"]),
        ("04_alphabeta.ipynb", ["上确界", "下确界"]),
        ("06_beyond_alphabeta.ipynb", ["状态空间搜索", "定式优化", "专家数据库"]),
    ],
)
def test_the_decks_terms_are_in_every_edition_and_the_glossary(notebook, terms):
    for lang in ("en", *CHINESE):
        text = prose(notebook, lang)
        assert [t for t in terms if said(t, lang) not in text] == [], lang
    assert set(terms) <= glossary_spellings()


@pytest.mark.parametrize("lang", CHINESE)
def test_the_root_value_is_a_tips_and_pruning_follows_the_early_bounds(lang):
    uniform = distinct_uniform_tree(3, 4, seed=1)
    firsts, leaves = [], []
    for ordering in ("worst", "as typed", "best"):
        tree = reorder(uniform, ordering)
        r = alphabeta(tree)
        assert tree.leaf_value(r.pv[-1]) == r.value  # the end of the line is a tip
        firsts.append(minimax(tree, tree.children(tree.initial)[0]).value)
        leaves.append(r.stats.leaves)
    assert firsts[-1] == minimax(uniform).value and leaves == sorted(leaves, reverse=True)
    a, b, c = firsts
    assert f"worth {a} in the worst order, {b} as typed and {c}" in prose("04_alphabeta.ipynb")
    assert f"evaluates {leaves[0]}, {leaves[1]} and {leaves[2]} tips" in prose("04_alphabeta.ipynb")
    zh = prose("04_alphabeta.ipynb", lang)
    assert said(f"最差顺序下是 {a}，按输入顺序是 {b}，在最佳顺序下是 {c}", lang) in zh
    assert said(f"估值了 {leaves[0]}、{leaves[1]} 和 {leaves[2]} 个端节点", lang) in zh


# --- iterative deepening, from depth 0 ---------------------------------------------------------


@pytest.mark.parametrize("lang", CHINESE)
def test_iterative_deepening_is_counted_from_depth_0_as_the_tongji_deck_does(lang):
    game = TicTacToe()
    assert alphabeta(game, depth=0).move is None  # depth 0 values the position only
    first = iterative_deepening(game, game.initial, max_depth=2).iterations[0]
    assert first.depth == 1 and first.move is not None
    en5, zh5 = prose("05_evaluation_functions.ipynb"), prose("05_evaluation_functions.ipynb", lang)
    assert "first 0, then 1, then 2" in en5 and said("首先为 0，接着为 1，然后为 2", lang) in zh5
    assert "first 1, then 2" not in en5 and said("先是 1，然后是 2", lang) not in zh5
    assert "`iterative_deepening` starts at depth 1" in en5 and said("从深度 1 开始", lang) in zh5
    en6, zh6 = prose("06_beyond_alphabeta.ipynb"), prose("06_beyond_alphabeta.ipynb", lang)
    assert "starts it at depth 2, then 3; the Tongji deck starts at 0" in en6
    assert said("从深度 2 开始", lang) in zh6 and said("同济的课件从 0 开始", lang) in zh6


# --- stage 1 by α-β: the deck's A is the corner ---------------------------------------------


@pytest.mark.parametrize("lang", CHINESE)
def test_stage_1_names_the_corner_a_as_the_deck_does(lang):
    game = TicTacToe()
    r = alphabeta(game, depth=2, symmetry=True, trace=True)
    corner = minimax(game, game.result(game.initial, 0), depth=1)
    (cut,) = r.trace.cutoffs()
    assert corner.value == -1 and cut.path == (1,) and cut.cause == () and cut.kind == "alpha"
    en, zh = prose("04_alphabeta.ipynb"), prose("04_alphabeta.ipynb", lang)
    assert "corner — the AND/OR deck's node A — is worth −1" in en
    assert "A has α = −1" not in en
    assert said("课件中的节点 A——值为 −1", lang) in zh and said("A 有 α = −1", lang) not in zh


# --- the two 与/或 conventions --------------------------------------------------------------


@pytest.mark.parametrize("lang", CHINESE)
def test_both_and_or_conventions_are_told_with_the_deck_that_uses_each(lang):
    en, zh = prose("02_and_or_graphs.ipynb"), prose("02_and_or_graphs.ipynb", lang)
    assert "The decks name MAX's nodes" not in en
    assert "in the Tongji deck MAX's nodes are 与 and MIN's are 或" in en
    assert "The AND/OR deck calls MAX's nodes **或节点** (OR) and MIN's **与节点** (AND)" in en
    assert said("在同济的课件中，MAX 的节点是“与”，MIN 的节点是“或”", lang) in zh
    entries = {t["zh"]: t["en"] for t in GLOSSARY["terms"]}
    assert "the Tongji deck: a MIN node" in entries["或节点"]
    assert "the Tongji deck: a MAX node" in entries["与节点"]


# --- chapter 7 -------------------------------------------------------------------------------


def reachable(game) -> int:
    """The positions reachable from the start (chance nodes and finished games included)."""
    seen, stack = {game.initial}, [game.initial]
    while stack:
        state = stack.pop()
        if game.is_terminal(state):
            continue
        if game.is_chance(state):
            after = [game.result(state, o) for o, _ in game.chance_outcomes(state)]
        else:
            after = [game.result(state, a) for a in game.actions(state)]
        stack += [s for s in after if s not in seen]
        seen.update(after)
    return len(seen)


@pytest.mark.parametrize("lang", ["en", *CHINESE])
def test_pig_counts_positions_and_visits_apart(lang):
    out = printed("07_chance_and_mcts.ipynb", "bf2255a2", lang).replace(",", "")
    chinese = said(r"(\d+) 个局面（(\d+) 次访问", lang) if lang != "en" else ""
    line = chinese or r"(\d+) positions \((\d+) visits"
    shown = [tuple(map(int, pair)) for pair in re.findall(line, out)]
    games = [(2, 1), (3, 1), (4, 1), (3, 2), (8, 2)]
    expected = []
    for target, turns in games:
        game = Pig(target=target, turns=turns)
        r = expectiminimax(game, memo=True)
        assert r.stats.nodes - r.stats.tt_hits == reachable(game)
        expected.append((reachable(game), r.stats.nodes))
    assert shown == expected
    (positions, visits), hits = expected[0], expected[0][1] - expected[0][0]
    text = prose("07_chance_and_mcts.ipynb", lang)
    if lang == "en":
        assert f"{positions} positions and {visits} visits, {hits} of them memo hits" in text
    else:
        counts = f"共有 {positions} 个局面、{visits} 次访问，其中 {hits} 次是备忘命中"
        assert said(counts, lang) in text


@pytest.mark.parametrize("lang", CHINESE)
def test_alphago_is_told_right(lang):
    en, zh = prose("07_chance_and_mcts.ipynb"), prose("07_chance_and_mcts.ipynb", lang)
    # the search's priors came from the network trained on human moves, not the self-play one
    assert "The search took its priors from the first, the network trained on human moves" in en
    assert said("搜索中的先验概率取自前一个，即用人类走步训练的那个网络", lang) in zh
    assert "then improved by self-play; the value network" not in en
    # AlphaGo Zero: one network with two heads, not two networks
    assert "a single network that gives both the priors and the value" in en
    assert "learned both networks" not in en and said("学习这两个网络", lang) not in zh
    assert said("一个同时给出先验概率和价值的网络", lang) in zh
    for text in (en, zh):
        assert "5–0" in text and "4–1" in text and "2015" in text and "2016" in text


@pytest.mark.parametrize("lang", CHINESE)
def test_the_chinese_chapter_7_says_minimax_one_way(lang):
    """The glossary's spelling, 极小极大, everywhere chapter 7's Chinese editions speak."""
    book = (ROOT / "coursekit" / "locale" / lang / "phrases" / "ch07.json").read_text("utf-8")
    built = (ROOT / "notebooks" / lang / "07_chance_and_mcts.ipynb").read_text("utf-8")
    for text in (prose("07_chance_and_mcts.ipynb", lang), book, built):
        assert said("极大极小", lang) not in text and said("极小极大", lang) in text


# --- chapter 00's list, exercise set 04's letters -------------------------------------------


@pytest.mark.parametrize("lang", ["en", *CHINESE])
def test_chapter_00_lists_every_chapter(lang):
    text = prose("00_start_here.ipynb", lang)
    chapters = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert len(chapters) >= 8
    assert [c for c in chapters if f"| `{c}` |" not in text] == []


@pytest.mark.parametrize("lang", ["en", *CHINESE])
def test_exercise_set_04_letters_its_parts_a_to_e(lang):
    from coursekit.checks.ch04 import PARTS

    nb = "04_alphabeta.ipynb"
    path = ROOT / "solutions" / ("" if lang == "en" else f"{lang}/") / nb
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = [" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown"]
    letters = [m for t in text for m in re.findall(r"(?<![A-Za-z])[(（]([a-e])[)）]", t)]
    assert letters == [chr(ord("a") + n) for n in range(len(PARTS))]


def test_the_named_examples_crossed_branches_only_stand_for_the_decks_crosses():
    """The named example is MAX at S0; its pruned tips stand only for the deck's ×."""
    tree = deck_alphabeta_tree()
    crossed = [t for t in tree.leaves if t[-1].isdigit()]
    assert tree.player("S0") is MAX and crossed == ["G2", "D2", "I3"]
    assert all(tree.leaf_value(t) == 0 for t in crossed) and not math.isnan(minimax(tree).value)
