"""Game-tree pictures: shapes, values, bold principal variation, steps, cut-offs, boards."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.checks.public.ch04 import DECK_TREE, ORDER_TREE, TREE
from coursekit.draw.base import has_dot, looks_only, readable_width_pt
from coursekit.draw.boards import board_html, board_label, boards_html, draw_board
from coursekit.draw.graph_view import step_through, step_through_at
from coursekit.draw.trees import (
    BOARDS_PER_ROW,
    COMPACT_TEXT_PT,
    CURRENT,
    LABEL_CLASS,
    LABEL_SUFFIX,
    LEAF_SLOT_PT,
    NAME_SUFFIX,
    NODE_SLOT_PT,
    WINDOW_SLOT_PT,
    changed_steps,
    draw_chance_tree,
    draw_search,
    draw_search_steps,
    draw_tree,
    readable_depth,
    search_caption,
)
from coursekit.errors import CoursekitError
from coursekit.games import MAX, MIN, GameTree, Grundy, TicTacToe
from coursekit.search import (
    CUTOFF,
    ENTER,
    EXIT,
    LEAF,
    SearchResult,
    Stats,
    Trace,
    algorithms,
    alphabeta,
    minimax,
    minimax_two_phase,
)
from coursekit.search.registry import get
from coursekit.text import number_text

EXAMPLE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def nodes_of(picture):
    """{node id: {attribute: value}} read from the DOT source (edges left out).

    The text node beside a tree node (``n3_label``) is not a node of the tree: its
    lines (or the name under a leaf, ``n3_name``) are its node's ``"xlabel"`` here, one
    ``\\n`` between two.
    """
    found = {}
    for line in picture.source.splitlines():
        m = re.match(r"^\s*(\w+) \[(.*)\]$", line)
        if m and "->" not in line and m.group(1) not in ("graph", "node", "edge"):
            found[m.group(1)] = attributes(m.group(2))
    for name in [n for n in found if n.endswith((LABEL_SUFFIX, NAME_SUFFIX))]:
        beside = found.pop(name)
        assert beside["class"] == LABEL_CLASS and beside["shape"] == "plaintext"
        text = beside["label"].removesuffix("\\r").replace("\\r", "\\n")
        found[name.removesuffix(LABEL_SUFFIX).removesuffix(NAME_SUFFIX)]["xlabel"] = text
    return found


def attributes(text):
    attrs, i = {}, 0
    while i < len(text):
        m = re.match(r"\s*(\w+)=", text[i:])
        if not m:
            break
        key, i = m.group(1), i + m.end()
        if text[i] == '"':
            j = i + 1
            while text[j] != '"' or text[j - 1] == "\\":
                j += 1
            attrs[key], i = text[i + 1 : j], j + 1
        elif text[i] == "<":
            depth, j = 0, i
            while True:
                depth += {"<": 1, ">": -1}.get(text[j], 0)
                j += 1
                if depth == 0:
                    break
            attrs[key], i = text[i:j], j
        else:
            j = i
            while j < len(text) and text[j] != " ":
                j += 1
            attrs[key], i = text[i:j], j
    return attrs


def by_name(picture):
    """Tree nodes by their xlabel (the GameTree label)."""
    return {a["xlabel"].split("\\n")[0]: a for a in nodes_of(picture).values() if "xlabel" in a}


def reference(tree, label):
    kids = tree.children(label)
    if not kids:
        return tree.leaf_value(label)
    values = [reference(tree, k) for k in kids]
    return max(values) if tree.player(label) is MAX else min(values)


def test_a_plain_tree_has_squares_circles_and_leaf_values():
    tree = GameTree.from_nested(EXAMPLE)
    nodes = by_name(draw_tree(tree))
    assert set(nodes) == set(tree.labels)
    for label, attrs in nodes.items():
        assert attrs["shape"] == ("box" if tree.player(label) is MAX else "circle")
        expected = number_text(tree.leaf_value(label)) if tree.is_terminal(label) else " "
        assert attrs["label"] == expected


@given(st.integers(0, 10**6), st.integers(1, 3), st.integers(1, 3), st.sampled_from([MAX, MIN]))
@settings(max_examples=60, deadline=None)
def test_a_finished_search_shows_every_backed_up_value_and_a_bold_line(seed, b, d, root):
    tree = GameTree.random(branching=b, depth=d, seed=seed, root=root)
    result = minimax(tree, trace=True)
    nodes = by_name(draw_search(result))
    on_pv = {tree.initial, *result.pv}
    for label, attrs in nodes.items():
        assert attrs["label"] == number_text(reference(tree, label))
        assert attrs["shape"] == ("box" if tree.player(label) is MAX else "circle")
        assert ("penwidth" in attrs) == (label in on_pv)
        assert "fillcolor" not in attrs  # no "current step" once the search is over


@given(st.integers(0, 10**6), st.data())
@settings(max_examples=60, deadline=None)
def test_a_step_shows_only_what_the_trace_knows_then(seed, data):
    tree = GameTree.random(branching=2, depth=3, seed=seed)
    search = data.draw(st.sampled_from([minimax, minimax_two_phase]))
    result = search(tree, trace=True)
    k = data.draw(st.integers(0, len(result.trace) - 1))
    nodes = by_name(draw_search(result, k))
    assert len(nodes) == len(tree)  # the whole tree is always drawn
    seen = {result.trace.name(e.path) for e in result.trace.upto(k)}
    final = {result.trace.name(e.path) for e in result.trace.upto(k) if e.kind in (LEAF, EXIT)}
    for label, attrs in nodes.items():
        if label not in seen:
            assert attrs["label"] == " " and attrs["color"] == "#b8b8b8"
        elif label in final:
            assert attrs["label"] == number_text(reference(tree, label))
        else:  # open: the best value so far, as a bound
            assert attrs["label"] == " " or attrs["label"][0] in "≥≤"
    if k:
        current = result.trace.name(result.trace[k - 1].path)
        assert nodes[current].get("fillcolor") == "#ffe08a"
    assert f"step {k} of {len(result.trace)}" in draw_search(result, k).source


def test_the_two_phase_form_values_all_tips_before_backing_up():
    tree = GameTree.from_nested(EXAMPLE)
    result = minimax_two_phase(tree, trace=True)
    phase_one = sum(1 for e in result.trace if e.kind in (ENTER, LEAF))
    nodes = by_name(draw_search(result, phase_one))
    assert all(nodes[leaf]["label"] != " " for leaf in tree.leaves)
    # phase 1 computes no value above the tips: no running bound (≤3) at B, none at A
    assert nodes["B"]["label"] == " " and nodes["A"]["label"] == " "
    # the recursive form does keep one while it works below B
    recursive = minimax(tree, trace=True)
    after_b1 = next(k for k, e in enumerate(recursive.trace, 1) if e.kind == LEAF)
    assert by_name(draw_search(recursive, after_b1))["B"]["label"] == "≤3"


def handmade_alphabeta():
    """A result as α-β would give on [[3, 12], [2, 4]]: C2 never generated."""
    tree = GameTree.from_nested([[3, 12], [[2, 1], [4, 5]]])
    t = Trace(name=tree.path_label)
    inf = math.inf
    t.add(ENTER, (), MAX, None, -inf, inf)
    t.add(ENTER, ("B",), MIN, None, -inf, inf)
    t.add(LEAF, ("B", "B1"), MAX, 3)
    t.add(LEAF, ("B", "B2"), MAX, 12)
    t.add(EXIT, ("B",), MIN, 3, -inf, 3)
    t.add(ENTER, ("C",), MIN, None, 3, inf)
    t.add(ENTER, ("C", "C1"), MAX, None, 3, inf)
    t.add(LEAF, ("C", "C1", "C1a"), MIN, 2)
    t.add(LEAF, ("C", "C1", "C1b"), MIN, 1)
    t.add(EXIT, ("C", "C1"), MAX, 2)
    t.add(CUTOFF, ("C",), MIN, 2, 3, 2, pruned=("C2",))
    t.add(EXIT, ("C",), MIN, 2)
    t.add(EXIT, (), MAX, 3)
    stats = Stats(nodes=6, leaves=4, cutoffs=1)
    return tree, SearchResult(
        value=3, pv=("B", "B1"), stats=stats, trace=t, algorithm="alpha-beta", game=tree, state="A"
    )


def test_pruned_nodes_are_grey_crosses_and_their_subtrees_vanish():
    _tree, result = handmade_alphabeta()
    nodes = by_name(draw_search(result))
    assert nodes["C2"]["label"] == "×" and "dashed" in nodes["C2"]["style"]
    assert "C2a" not in nodes and "C2b" not in nodes  # never generated, never drawn
    assert nodes["C"]["xlabel"] == "C\\nα=3 β=2"  # the window at the cut-off, beside C


def test_depth_cut_off_ruler_and_dashed_evaluations():
    game = TicTacToe()
    result = minimax(game, depth=2, symmetry=True, trace=True)
    picture = draw_search(result)
    nodes = nodes_of(picture)
    ruler = {k: a for k, a in nodes.items() if k.startswith("depth")}
    assert set(ruler) == {"depth0", "depth1", "depth2"}
    assert "cut-off" in ruler["depth2"]["label"] and "cut-off" not in ruler["depth1"]["label"]
    boards = {k: a for k, a in nodes.items() if not k.startswith("depth")}
    assert len(boards) == 16 and all(a["label"].startswith("<<TABLE") for a in boards.values())
    dashed = [a for a in boards.values() if "dashed" in a.get("style", "")]
    assert len(dashed) == 12  # every position at depth 2 was valued by e(p)
    assert "rank=same" in picture.source


def test_a_row_of_more_boards_than_a_slide_holds_is_staggered():
    game = TicTacToe()
    above_the_cross = game.parse(". o .\n. x .\n. . .")
    result = minimax(game, above_the_cross, depth=2, symmetry=True, trace=True)
    source = draw_search(result).source
    ids = [n for n in nodes_of(draw_search(result)) if not n.startswith("depth")]
    deepest = [i for i in ids if re.search(rf"\bn\d+ -> {i} \[", source)]
    lower = set(re.findall(r"-> (n\d+) \[[^]]*minlen=2", source))
    parents = {i for i in ids if re.search(rf"\b{i} -> n\d+ \[", source)}
    row = [i for i in deepest if i not in parents and i != "n0"]
    assert len(row) > BOARDS_PER_ROW
    assert lower == set(row[1::2])  # every other board of the row, left to right, lower
    assert "ordering=out" in source  # kept in the game's order, between the upper ones
    assert re.search(r"rank=same\s+depth2_lower", source)


def test_a_row_that_fits_is_not_staggered():
    result = minimax(TicTacToe(), depth=2, symmetry=True, trace=True)  # 12 boards deep
    source = draw_search(result).source
    assert "minlen=2" not in source and "ordering" not in source


def test_no_ruler_without_a_depth_limit():
    assert "cut-off" not in draw_search(minimax(GameTree.from_nested(EXAMPLE), trace=True)).source


def test_other_games_get_names_inside_and_moves_on_edges():
    grundy = draw_search(minimax(Grundy(7), trace=True))
    labels = [a["label"] for a in nodes_of(grundy).values()]
    assert any(label.startswith("5-1-1") for label in labels)
    plain = draw_search(minimax(TicTacToe(), depth=1, trace=True), boards=False)
    assert "[label=4 arrowhead=none" in plain.source or "label=4" in plain.source


def test_big_searches_are_trimmed_or_refused():
    result = minimax(GameTree.random(branching=3, depth=6, seed=2), trace=True)
    with pytest.raises(ValueError, match="more than 400: draw the upper levels only"):
        draw_search(result)
    trimmed = draw_search(result, max_depth=2)
    nodes = nodes_of(trimmed)
    assert sum(1 for k in nodes if not k.endswith("_more")) == 13
    assert sum(1 for k in nodes if k.endswith("_more")) == 9


def test_a_result_without_trace_cannot_be_stepped():
    with pytest.raises(ValueError, match="trace=True"):
        draw_search(minimax(GameTree.from_nested(EXAMPLE)))


def test_boards():
    game = TicTacToe()
    state = game.parse("x.o/.x./...")
    label = board_label(state, caption="e = 1", last=4)
    assert label.count("<TD WIDTH") == 9 and label.count("×") == 2 and label.count("○") == 1
    assert "BGCOLOR" in label and "e = 1" in label
    assert "shape=plain" in draw_board(state).source
    assert board_html(state).count("×") == 2
    assert boards_html([state, game.initial], ["a", "b"]).count('class="ck-board"') == 2
    with pytest.raises(ValueError, match="2 boards but 1 captions"):
        boards_html([state, state], ["a"])


def test_captions_name_the_step():
    game = TicTacToe()
    result = minimax(game, depth=2, symmetry=True, trace=True)
    assert "step 3 of" in draw_search(result, 3).source
    assert "evaluate the node after 0 1 = 1" in draw_search(result, 3).source
    assert "enter the root" in draw_search(result, 1).source
    tree = GameTree.from_nested(EXAMPLE)
    assert "evaluate B1 = 3" in draw_search(minimax(tree, trace=True), 3).source


# --- α-β pictures ---------------------------------------------------------------------------------


def test_alphabeta_shows_windows_cuts_and_pruned_nodes():
    tree = GameTree.from_nested(EXAMPLE)
    nodes = by_name(draw_search(alphabeta(tree, trace=True)))
    assert nodes["C"]["xlabel"] == "C\\nα=3 β=2\\nα cut by A"  # the cut's kind and cause
    assert nodes["C"]["label"] == "≤2" and nodes["C"]["color"] == "#c0392b"
    assert nodes["C2"]["label"] == nodes["C3"]["label"] == "×"
    assert "dashed" in nodes["C2"]["style"] and nodes["C2"]["color"] == "#9a9a9a"
    assert nodes["A"]["xlabel"] == "A\\nα=3 β=∞" and nodes["A"]["label"] == "3"
    assert nodes["D"]["label"] == "≤2"  # D failed low: its own β, a bound
    assert "cut" not in nodes["D"]["xlabel"]  # D3 was its last child: nothing pruned
    assert nodes["B1"]["xlabel"] == "B1"  # leaves carry no window
    assert all("cut" not in a["xlabel"] for k, a in nodes.items() if k != "C")


def test_alphabeta_step_by_step_captions_and_bounds():
    tree = GameTree.from_nested([[5, 6], [[[3, 9], 7], 8]])
    r = alphabeta(tree, trace=True)
    cut = r.trace.cutoffs()[0]
    at_cut = draw_search(r, cut.step)
    assert "α cut at C1a: β = 3 ≤ α = 5 of A; pruned C1a2" in at_cut.source
    nodes = by_name(at_cut)
    assert nodes["C1a"]["xlabel"].endswith("α cut by A")  # a deep cut: A, not the parent C1
    assert nodes["A"]["xlabel"] == "A\\nα=5 β=∞"  # α follows the best child so far
    assert nodes["C1a2"]["label"] == "×"
    before = by_name(draw_search(r, cut.step - 1))
    assert "cut" not in before["C1a"]["xlabel"] and before["C1a2"]["label"] == " "
    after = draw_search(r, cut.step + 1)
    assert "C1a is worth ≤3 (returns 5)" in after.source
    soft = draw_search(alphabeta(tree, fail_soft=True, trace=True), cut.step + 1)
    assert "C1a is worth ≤3" in soft.source and "returns" not in soft.source


@given(st.integers(0, 10_000), st.booleans())
@settings(max_examples=60, deadline=None)
def test_every_step_of_an_alphabeta_search_draws(seed, soft):
    tree = GameTree.random(branching=(1, 3), depth=4, seed=seed, values=(0, 4))
    r = alphabeta(tree, fail_soft=soft, trace=True)
    pruned = set(r.trace.pruned())
    for k in range(0, len(r.trace) + 1, 3):
        draw_search(r, k)
    nodes = by_name(draw_search(r))
    assert {name for name, a in nodes.items() if a["label"] == "×"} == pruned
    cut_nodes = {c.node for c in r.trace.cutoffs()}
    assert {name for name, a in nodes.items() if " cut by " in a["xlabel"]} == cut_nodes


def test_alphabeta_on_a_game_without_names_says_where_in_moves():
    r = alphabeta(TicTacToe(), depth=2, symmetry=True, trace=True)
    first = r.trace.cutoffs()[0]
    assert first.cause == () and first.node == (1,)
    assert str(first).startswith("α cut at the node after 1: β = -1 ≤ α = -1 of the root;")
    picture = draw_search(r, names=False)
    assert "α cut by the root" in picture.source


# --- trees too wide to read: drawn to the depth that fits the column ------------------------


def test_the_readable_depth_is_the_deepest_level_that_fits():
    room = readable_width_pt()
    fits = int(room // NODE_SLOT_PT)  # inner nodes of one level that fit the column
    assert readable_depth([1, fits, 1]) is None
    assert readable_depth([1, fits + 1, 1]) == 0
    assert readable_depth([1, 2, fits, fits + 1, 1]) == 2
    with_windows = int(room // WINDOW_SLOT_PT)
    assert readable_depth([1, with_windows, 1], windows=True) is None
    assert readable_depth([1, with_windows + 1, 1], windows=True) == 0
    leaves = int(room // LEAF_SLOT_PT)  # the last level: leaves, their names under them
    assert leaves > fits > with_windows
    assert readable_depth([1, leaves], windows=True) is None
    assert readable_depth([1, leaves + 1]) == 0
    assert readable_depth([1, fits, 1], ruler=True) == 0  # the ruler takes room on the left
    assert readable_depth([1, fits, 1], room_pt=2 * room) is None
    assert readable_depth([1, 3, 3, 3], max_nodes=7) == 2
    assert readable_depth([40]) is None  # the root is always drawn


def dot_width_pt(picture) -> float:
    """The width Graphviz's dot lays ``picture`` out to, in points."""
    import subprocess

    plain = subprocess.run(
        ["dot", "-Tplain"],
        input=picture.without_caption().source,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return float(plain.split()[2]) * 72


@pytest.mark.skipif(not has_dot(), reason="needs Graphviz's dot to measure layouts")
@pytest.mark.parametrize("search", [minimax, alphabeta])
@pytest.mark.parametrize("branching", [2, 3, 4, 5])
def test_a_tree_drawn_to_its_readable_depth_fits_the_column(search, branching):
    height = 6 if branching == 2 else 4
    tree = GameTree.random(branching=branching, depth=height, seed=branching)
    result = search(tree, trace=True)
    sizes = [branching**d for d in range(height + 1)]
    windows = search is alphabeta
    depth = readable_depth(sizes, windows=windows)
    assert depth is not None and depth < height
    assert dot_width_pt(draw_search(result, max_depth=depth)) <= readable_width_pt()
    # one level more would not fit: the estimate is not needlessly cautious
    assert dot_width_pt(draw_search(result, max_depth=depth + 1)) > 0.75 * readable_width_pt()


@pytest.mark.skipif(not has_dot(), reason="needs Graphviz's dot to measure layouts")
def test_exercise_trees_fit_the_column_whole_with_their_names():
    room = readable_width_pt(COMPACT_TEXT_PT)  # the names under and inside nodes: 10.5 pt
    for tree in (TREE, ORDER_TREE, DECK_TREE):
        assert dot_width_pt(draw_tree(tree)) <= room
    # the deck tree's names ("B1a1a1") are too long for one row: every other one lower
    source = draw_tree(DECK_TREE).source
    assert source.count("minlen=2") == 12  # of 25 leaves
    assert "minlen" not in draw_tree(TREE).source  # short names ("B1a1") keep one row


DEEP = [[[[1, 2], [3, 4]], [[5, 6], [7, 8]]], [[[9, 8], [7, 6]], [[5, 4], [3, 2]]]]


def test_a_step_below_the_drawn_depth_is_told_and_shown_on_its_drawn_ancestor():
    tree = GameTree.from_nested(DEEP)
    r = minimax(tree, trace=True)
    k = next(i for i, e in enumerate(r.trace, 1) if e.kind == LEAF and e.value == 7)
    event = r.trace[k - 1]
    leaf = tree.path_label(event.path)
    ancestor = tree.path_label(event.path[:1])
    caption = search_caption(r, k, max_depth=1)
    assert f"evaluate {leaf} = 7" in caption  # what happened, and where
    assert f"inside {ancestor} (highlighted)" in caption
    assert caption.endswith("the tree is drawn to depth 1 of 4")
    picture = draw_search(r, k, max_depth=1)
    assert picture.caption == caption
    nodes = by_name(picture)
    assert leaf not in nodes  # below the drawn depth
    assert nodes[ancestor]["fillcolor"] == CURRENT and "filled" in nodes[ancestor]["style"]
    assert [n for n, a in nodes.items() if a.get("fillcolor") == CURRENT] == [ancestor]
    # a step at the drawn depth says only how deep the tree is drawn
    at_b = search_caption(r, 2, max_depth=1)
    assert at_b.endswith(", enter B; the tree is drawn to depth 1 of 4")
    assert "drawn to depth" not in search_caption(r, k)  # drawn whole: nothing to add


def test_a_cut_below_the_drawn_depth_is_told():
    r = alphabeta(GameTree.from_nested(DEEP), trace=True)
    cut = r.trace.cutoffs()[0]
    assert len(cut.path) > 1
    caption = search_caption(r, cut.step, max_depth=1)
    assert str(cut) in caption and "(highlighted)" in caption


def looks_of(through, items, count):
    return {item: [through.look_at(item, k) for k in range(count + 1)] for item in items}


TREE_TRACED = list(algorithms(trace="tree", game_kind="deterministic"))


@given(st.integers(0, 10_000), st.sampled_from(TREE_TRACED), st.integers(0, 3))
@settings(max_examples=60, deadline=None)
def test_drawing_only_the_changed_steps_gives_every_step_its_look(seed, algorithm, depth):
    tree = GameTree.random(branching=(1, 3), depth=4, seed=seed, values=(0, 4))
    r = get(algorithm).function(tree, trace=True)  # best first (SSS*) jumps between subtrees
    total = len(r.trace)
    with looks_only():
        every = [draw_search(r, k, max_depth=depth) for k in range(total)]
    every.append(draw_search(r, max_depth=depth))
    layout, dense = step_through(every)
    at = changed_steps(r, depth)
    with looks_only():
        few = list(zip(at, draw_search_steps(r, at[:-1], max_depth=depth), strict=False))
    few.append((total, draw_search(r, max_depth=depth)))
    captions = [search_caption(r, k, depth) for k in range(total + 1)]
    sparse_layout, sparse = step_through_at(few, captions)
    assert sparse_layout.source == layout.source
    assert sparse.captions == dense.captions
    styles = lambda through, looks: {  # noqa: E731 - the style behind each name
        item: [(None if s is None else tuple(through.styles[s].items()), t) for s, t in ks]
        for item, ks in looks.items()
    }
    items = list(every[-1].looks)
    assert items
    assert styles(sparse, looks_of(sparse, items, total)) == styles(
        dense, looks_of(dense, items, total)
    )


def test_a_node_keeps_its_name_at_every_step_when_subtrees_are_pruned():
    tree = GameTree.random(branching=3, depth=3, seed=0, order="best")
    r = alphabeta(tree, trace=True)
    assert any(len(p) > 0 for p in r.trace.pruned())

    def ids(picture):
        named = nodes_of(picture).items()
        return {a["xlabel"].split("\\n")[0]: n for n, a in named if "xlabel" in a}

    final = ids(draw_search(r))
    for k in range(len(r.trace) + 1):
        assert all(final.get(name, node) == node for name, node in ids(draw_search(r, k)).items())


@pytest.mark.parametrize("algorithm", ["SSS*", "DUAL*"])
def test_a_best_first_search_ends_with_its_line_solved(algorithm):
    """SSS* stops when the root is solved: its last picture says so, as its caption does."""
    tree = GameTree.from_nested(EXAMPLE)
    r = get(algorithm).function(tree, trace=True)
    nodes = nodes_of(draw_search(r))
    assert nodes["n0"]["label"] == number_text(r.value) == "3"  # the root, not empty
    assert nodes["n1"]["label"] == "3"  # B, on the line to the deciding leaf: not ≤3
    assert nodes_of(draw_search(r, len(r.trace) - 1))["n0"]["label"] == " "  # still open before


# --- chance nodes (chapter 7) ------------------------------------------------------------


def _chance_lines(source):
    import re

    nodes = dict(re.findall(r"^\s*(n\d+) \[(.*)\]$", source, re.M))
    edges = re.findall(r"^\s*(n\d+) -> (n\d+) \[(.*)\]$", source, re.M)
    return nodes, edges


def test_chance_nodes_are_grey_circles_with_probabilities_on_their_edges():
    import re
    from fractions import Fraction

    from coursekit.draw.trees import CHANCE_FILL
    from coursekit.games.chancetree import ChanceTree

    for seed in range(20):
        tree = ChanceTree.random(3, branching=2, outcomes=3, chance=0.5, seed=seed)
        nodes, edges = _chance_lines(draw_chance_tree(tree).source)
        ids = {path: f"n{i}" for i, path in enumerate(tree.states)}
        assert len(nodes) == len(tree)
        for path, node in ids.items():
            assert (CHANCE_FILL in nodes[node]) == tree.is_chance(path)
            if tree.is_chance(path):
                assert "shape=circle" in nodes[node]
                drawn = [
                    Fraction(re.search(r'label="?([0-9./]+)', attrs).group(1))
                    for a, _, attrs in edges
                    if a == node
                ]
                assert drawn == [Fraction(p) for _, p in tree.chance_outcomes(path)]


def test_an_expectiminimax_search_draws_expected_values_and_dice_outcomes():
    from coursekit.draw.trees import CHANCE_FILL
    from coursekit.games.pig import Pig
    from coursekit.search import expectiminimax

    game = Pig(target=2, turns=1)
    r = expectiminimax(game, trace=True)
    source = draw_search(r).source
    assert source.count(CHANCE_FILL) == sum(
        1 for e in r.trace if e.kind == "enter" and e.player is None
    )
    assert 'label="1: 1/6"' in source and 'label="6: 1/6"' in source
    # the root's value, as a short decimal inside the node
    assert f"label={float(r.value):.3g}" in source
    # an unfinished chance node shows no bound (an average is not a max or a min)
    for k in range(len(r.trace)):
        e = r.trace[k]
        if e.kind == "enter" and e.player is None:
            picture = draw_search(r, k + 2).source
            chance_lines = [line for line in picture.splitlines() if CHANCE_FILL in line]
            assert not any("≤" in line or "≥" in line for line in chance_lines)


def test_the_ruler_speaks_the_notebooks_language(chinese):
    result = minimax(TicTacToe(), depth=2, symmetry=True, trace=True)
    nodes = nodes_of(draw_search(result))
    ruler = {k: a["label"] for k, a in nodes.items() if k.startswith("depth")}
    assert ruler["depth1"] == "深度 1"
    assert "截断" in ruler["depth2"] and "cut-off" not in ruler["depth2"]


@pytest.mark.parametrize(
    ("draw", "value", "words"),
    [
        (draw_tree, "[[1, 2], [3, 4]]", "tree: expected a GameTree, got str"),
        (
            draw_chance_tree,
            GameTree.from_nested([1, 2]),
            "tree: expected a ChanceTree, got GameTree",
        ),
        (draw_search, "minimax", "result: expected a SearchResult, got str"),
        (
            lambda r: draw_search_steps(r, [0]),
            None,
            "result: expected a SearchResult, got NoneType",
        ),
    ],
)
def test_a_drawing_of_the_wrong_thing_is_refused_by_name(draw, value, words):
    with pytest.raises(CoursekitError, match=re.escape(words)):
        draw(value)


def test_the_refusal_speaks_chinese(chinese):
    with pytest.raises(CoursekitError, match="tree：应当是 GameTree，而给出的是 str"):
        draw_tree("[[1, 2]]")
