"""The tree explorer, driven headlessly: edits, errors, root, algorithms, steps, random trees."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from coursekit.draw.graph_view import StepThrough, captions_of
from coursekit.draw.trees import (
    CURRENT,
    LABEL_SUFFIX,
    NAME_SUFFIX,
    draw_search,
    search_caption,
)
from coursekit.games import MAX, MIN, GameTree
from coursekit.games.examples import six_level_tree
from coursekit.games.gametree import GameTreeError
from coursekit.search import algorithms, minimax, register, reorder
from coursekit.widgets import TreeExplorer
from coursekit.widgets.tree_explorer import drawable_depth


@pytest.fixture
def explorer():
    return TreeExplorer("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")


def test_it_starts_with_the_finished_search(explorer):
    assert explorer.search.value == 3 and explorer.search.move == "B"
    assert explorer.step.max == explorer.step.value == len(explorer.search.trace) == 17
    assert "value <b>3</b>" in explorer.result.value
    assert "step 17 of 17" in explorer.picture.source
    for css, part in [
        ("ck-tree-input", explorer.text),
        ("ck-step", explorer.step),
        ("ck-result", explorer.result),
        ("ck-random", explorer.random_tree),
        ("ck-algorithm", explorer.algorithm),
        ("ck-root", explorer.root),
    ]:
        assert css in part._dom_classes


def test_an_edit_searches_and_redraws_at_once(explorer):
    explorer.text.value = "[[1, 9], [5, 6]]"
    assert explorer.search.value == 5 and explorer.search.move == "C"
    assert explorer.feedback.message == ""
    assert "value <b>5</b>" in explorer.result.value
    assert explorer.step.max == len(explorer.search.trace)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[3, 12], [2, x]]", "line 1, column 15: 'x' is not a number"),
        ("[[3, 12],\n [2, []]]", "line 2, column 6: empty list"),
        ("[[3, 12]", "never closed"),
    ],
)
def test_bad_text_shows_the_problem_and_keeps_the_last_good_tree(explorer, text, message):
    picture, result = explorer.picture.source, explorer.result.value
    explorer.text.value = text
    assert message in explorer.feedback.message
    assert message.split(":")[0] in explorer.feedback.value
    assert explorer.tree.to_nested() == [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert (explorer.picture.source, explorer.result.value) == (picture, result)
    explorer.text.value = "[[7]]"
    assert explorer.feedback.message == "" and explorer.search.value == 7


def test_the_root_player_can_change(explorer):
    explorer.root.value = MIN
    assert explorer.tree.root_player is MIN
    assert explorer.search.value == 6 and explorer.search.move == "C"
    explorer.root.value = MAX
    assert explorer.search.value == 3


def test_every_registered_algorithm_is_offered(explorer):
    assert [value for _, value in explorer.algorithm.options] == list(
        algorithms(trace="tree", game_kind="deterministic")
    )
    explorer.algorithm.value = "minimax (two-phase)"
    assert explorer.search.algorithm == "minimax (two-phase)" and explorer.search.value == 3
    first = explorer.search.trace[1]
    assert first.kind == "enter" and first.path == ("B",)  # breadth first


def test_a_later_chapter_algorithm_appears_in_new_explorers():
    @register("test: minimax again", chapter=99)
    def again(game, state=None, **options):
        return minimax(game, state, **options)

    try:
        w = TreeExplorer()
        assert "test: minimax again" in [value for _, value in w.algorithm.options]
        w.algorithm.value = "test: minimax again"
        assert w.search.value == 3
    finally:
        from coursekit.search import registry

        del registry._REGISTRY["test: minimax again"]


def test_stepping_through_the_trace(explorer):
    explorer.first.click()
    assert explorer.step.value == 0 and "nothing searched yet" in explorer.picture.source
    explorer.forward.click()
    explorer.forward.click()
    assert explorer.step.value == 2 and "step 2 of 17, enter B" in explorer.picture.source
    explorer.back.click()
    assert explorer.step.value == 1
    explorer.back.click()
    explorer.back.click()
    assert explorer.step.value == 0  # never below the first step
    explorer.last.click()
    assert explorer.step.value == 17
    explorer.forward.click()
    assert explorer.step.value == 17  # never past the last
    explorer.step.value = 5
    assert "step 5 of 17" in explorer.picture.source


def test_an_algorithm_that_fails_is_reported_beside_the_box():
    @register("test: refuses", chapter=99)
    def refuses(game, state=None, **options):
        raise ValueError("trees with more than 3 leaves are not supported")

    try:
        w = TreeExplorer()
        before = w.picture.source
        w.algorithm.value = "test: refuses"
        assert "test: refuses cannot search this tree: trees with more" in w.feedback.message
        assert w.picture.source == before
        w.algorithm.value = "minimax"
        assert w.feedback.message == "" and w.search.algorithm == "minimax"
    finally:
        from coursekit.search import registry

        del registry._REGISTRY["test: refuses"]


@pytest.mark.parametrize(
    ("box", "value"), [("branching", 2), ("depth", 2), ("seed", 11), ("order", "best")]
)
def test_each_random_tree_box_makes_its_tree_at_once(explorer, box, value):
    course_tree = explorer.tree
    getattr(explorer, box).value = value
    shape = {"branching": 3, "depth": 3, "seed": 0, "order": "random", box: value}
    expected = GameTree.random(**shape)
    assert explorer.tree == expected != course_tree
    assert GameTree.from_spec(explorer.text.value) == expected
    assert explorer.search.value == minimax(expected).value
    assert f"{len(expected)} nodes" in explorer.result.value


def test_the_random_tree_button_moves_to_the_next_seed(explorer):
    explorer.branching.value, explorer.depth.value, explorer.seed.value = 2, 3, 11
    explorer.order.value = "best"
    explorer.random_tree.click()
    assert explorer.seed.value == 12
    expected = GameTree.random(branching=2, depth=3, seed=12, order="best")
    assert explorer.tree == expected
    assert explorer.tree != GameTree.random(branching=2, depth=3, seed=11, order="best")
    assert explorer.search.value == minimax(expected).value


def test_a_random_tree_takes_the_root_player(explorer):
    explorer.root.value = MIN
    explorer.seed.value = 4
    assert explorer.tree == GameTree.random(branching=3, depth=3, seed=4, root=MIN)
    assert explorer.search.value == minimax(explorer.tree).value


def test_a_random_tree_replaces_bad_text_and_its_message(explorer):
    explorer.text.value = "[[3, 12], [2, x]]"
    assert explorer.feedback.message
    explorer.depth.value = 2
    assert explorer.feedback.message == ""
    assert explorer.tree == GameTree.random(branching=3, depth=2, seed=0)


def test_a_random_tree_that_cannot_be_made_keeps_the_last_good_tree(explorer, monkeypatch):
    def refuse(**shape):
        raise GameTreeError("the limit is 10 nodes")

    before = (explorer.tree, explorer.text.value, explorer.picture.source)
    monkeypatch.setattr(GameTree, "random", refuse)
    explorer.depth.value = 5
    assert explorer.feedback.message == "the limit is 10 nodes"
    assert (explorer.tree, explorer.text.value, explorer.picture.source) == before


def test_big_random_trees_are_drawn_in_part(explorer):
    explorer.branching.value, explorer.depth.value = 4, 6
    explorer.random_tree.click()
    assert len(explorer.tree) == sum(4**d for d in range(7))
    assert "⋯" in explorer.picture.source  # the lower levels are left out


def test_a_game_tree_can_be_passed_in():
    tree = GameTree.from_nested([[1, 2], [3, 4]], root=MIN)
    w = TreeExplorer(tree)
    assert w.root.value is MIN and w.search.value == 2


def test_the_whole_search_steps_in_the_browser():
    explorer = TreeExplorer()
    view = explorer.picture
    steps = len(explorer.search.trace)
    assert view.steps["count"] == steps and not view.controls
    layout = view.dot
    explorer.first.click()
    assert view.step == 0 and view.dot == layout  # restyled in the page, not laid out again
    assert "nothing searched yet" in view.source
    explorer.forward.click()
    assert view.step == 1 and view.dot == layout


def test_a_long_search_steps_in_the_browser_without_python_redraws(monkeypatch):
    import coursekit.widgets.tree_explorer as module

    explorer = TreeExplorer()
    explorer.branching.value, explorer.depth.value = 5, 6  # 19,531 nodes
    view, search = explorer.picture, explorer.search
    total = len(search.trace)
    assert total > 20_000 and view.steps["count"] == total == explorer.step.max
    depth = drawable_depth(search.game)
    assert depth == 1  # 25 nodes at depth 2 would not fit the column readably
    captions = captions_of(view.steps)
    assert len(captions) == total + 1
    steps = StepThrough(styles=view.steps["styles"], count=total, items=view.steps["items"])

    def no_drawing(*args, **kwargs):
        raise AssertionError("a step was drawn in Python")

    layout = view.dot
    monkeypatch.setattr(module, "draw_search", no_drawing)
    monkeypatch.setattr(module, "draw_search_steps", no_drawing)
    below = [k for k, e in enumerate(search.trace, 1) if e.depth > depth + 1]
    for k in (0, below[0], below[len(below) // 2], below[-1], total):
        explorer.step.value = k
        assert view.step == k and view.dot == layout  # only restyled, in the page
    monkeypatch.undo()
    for k in (below[0], below[len(below) // 2], below[-1]):
        event = search.trace[k - 1]
        ancestor = search.game.path_label(event.path[:depth])
        assert captions[k] == search_caption(search, k, depth)
        assert f"inside {ancestor} (highlighted)" in captions[k]
        assert "drawn to depth 1 of 6" in captions[k]
        # the drawn ancestor is highlighted at that step, and the drawing at step k agrees
        picture = draw_search(search, k, max_depth=depth)
        node = next(  # the node whose label beside it starts with the ancestor's name
            n.removesuffix(LABEL_SUFFIX)
            for n, a in picture.looks.items()
            if n.endswith(LABEL_SUFFIX) and a["label"].split("\\r")[0] == ancestor
        )
        style, _ = steps.look_at(node, k)
        assert steps.styles[style]["fillcolor"] == CURRENT
        assert picture.looks[node]["fillcolor"] == CURRENT
        lit = {
            n
            for n in picture.looks
            if steps.styles[steps.look_at(n, k)[0]].get("fillcolor") == CURRENT
        }
        assert lit == {node}


def test_a_very_deep_tree_steps_in_the_browser_drawn_to_an_affordable_depth():
    from coursekit.widgets.tree_explorer import STEP_BUDGET

    explorer = TreeExplorer("[" * 1_200 + "1, 2" + "]" * 1_200)
    view, total = explorer.picture, len(explorer.search.trace)
    assert view.steps["count"] == total > 2_400
    texts = ("_more", LABEL_SUFFIX, NAME_SUFFIX)  # ⋯ and the texts beside and under nodes
    drawn = sum(1 for item in view.steps["items"] if "->" not in item and not item.endswith(texts))
    changes = sum(len(changes) for changes in view.steps["items"].values())
    assert 10 < drawn < 400 and changes <= 2 * STEP_BUDGET
    assert f"the tree is drawn to depth {drawn - 1} of 1200" in captions_of(view.steps)[-1]


# --- α-β and the children's order ------------------------------------------------------------


def test_alphabeta_is_offered_and_draws_its_cut(explorer):
    assert "alpha-beta" in [value for _, value in explorer.algorithm.options]
    explorer.algorithm.value = "alpha-beta"
    assert explorer.search.algorithm == "alpha-beta" and explorer.search.value == 3
    assert explorer.search.trace.pruned() == ["C2", "C3"]
    assert "α cut by A" in explorer.picture.source
    assert "ck-ordering" in explorer.ordering._dom_classes
    assert "ck-counts" in explorer.counts._dom_classes


def counts_table(explorer):
    """The counts table as {column header: (nodes, leaves)}, and the highlighted header."""
    parser = _Cells()
    parser.feed(explorer.counts.value)
    (_, *heads), (_, *nodes), (_, *leaves) = parser.rows
    table = {h: (n, v) for h, n, v in zip(heads, nodes, leaves, strict=True)}
    return table, parser.current


class _Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.current, self._class = [], set(), ""

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._class = dict(attrs).get("class") or ""
            self.rows[-1].append("")

    def handle_data(self, data):
        if self.rows and self.rows[-1] and data.strip():
            self.rows[-1][-1] += data.strip()
            if "ck-current" in self._class and len(self.rows) == 1:
                self.current.add(data.strip())


@pytest.mark.parametrize("ordering", ["as typed", "worst", "best"])
def test_the_counts_table_holds_every_algorithms_own_stats(explorer, ordering):
    explorer.ordering.value = ordering
    explorer.algorithm.value = "SSS*"
    table, current = counts_table(explorer)
    assert current == {"SSS*"}
    tree = explorer.searched_tree
    for name, algorithm in algorithms(exact=True, game_kind="deterministic").items():
        stats = algorithm.function(tree).stats
        assert table[name] == (f"{stats.nodes:,}", f"{stats.leaves:,}"), name
    # the course's tree is uniform (b = 3, d = 2): the minimal tree is α-β's in the best order
    best = algorithms()["alpha-beta"].function(reorder(tree, "best")).stats
    assert table["minimal tree (b=3, d=2)"] == (str(best.nodes), str(best.leaves))
    assert best.leaves == 3**1 + 3**1 - 1


def test_the_counts_table_follows_edits_and_the_chosen_algorithm(explorer):
    explorer.text.value = "[[1, 2], [3, [4, 5]]]"  # ragged: no minimal tree
    explorer.algorithm.value = "alpha-beta"
    table, current = counts_table(explorer)
    assert current == {"alpha-beta"}
    assert not any(head.startswith("minimal tree") for head in table)
    full = minimax(explorer.searched_tree).stats
    assert table["minimax"] == (str(full.nodes), str(full.leaves))


def test_the_folded_table_says_what_the_chosen_algorithm_saves(explorer):
    assert "ck-counts-box" in explorer.counts_box._dom_classes
    assert explorer.counts_box.selected_index is None  # folded: one line high
    title = explorer.counts_box.titles[0]
    assert "minimax: 13 nodes, 9 leaves" in title
    assert "alpha-beta: 11 nodes, 7 leaves" in title and "2 leaves fewer" in title
    explorer.counts_box.selected_index = 0  # opened, it stays open across edits
    explorer.algorithm.value = "SSS*"
    assert "SSS*: 11 nodes, 7 leaves — 2 leaves fewer" in explorer.counts_box.titles[0]
    explorer.text.value = "[[1, 2], [3, 4]]"  # worst order for α-β: nothing to prune
    explorer.algorithm.value = "alpha-beta"
    assert "nothing pruned" in explorer.counts_box.titles[0]
    assert explorer.counts_box.selected_index == 0


def test_an_algorithm_that_cannot_search_the_tree_gets_a_dash():
    @register("test: refuses to count", chapter=99)
    def refuses(game, state=None, **options):
        raise ValueError("no")

    try:
        table, _ = counts_table(TreeExplorer())
        assert table["test: refuses to count"] == ("—", "—")
    finally:
        from coursekit.search import registry

        del registry._REGISTRY["test: refuses to count"]


def test_sss_star_shows_its_open_list_at_every_step_in_the_page(explorer):
    explorer.algorithm.value = "SSS*"
    captions = explorer.picture.steps["captions"]  # what the page shows, with no kernel
    steps = explorer.search.trace.steps
    assert len(captions) == len(explorer.search.trace) + 1
    assert captions[0].endswith("OPEN: (A, live, ∞)")
    assert captions[-1].endswith(f"{steps[-1].open[0]}")  # (A, solved, 3)
    assert all("\nOPEN" in caption for caption in captions)
    explorer.algorithm.value = "alpha-beta"
    assert not any("OPEN" in caption for caption in explorer.picture.steps["captions"])


def test_the_child_order_changes_the_pruning_and_survives_edits(explorer):
    explorer.algorithm.value = "alpha-beta"
    leaves = {}
    for ordering in ("worst", "random", "best", "as typed"):
        explorer.ordering.value = ordering
        assert explorer.search.value == 3  # the order never changes the value
        leaves[ordering] = explorer.search.stats.leaves
        assert f"{leaves[ordering]} leaves" in explorer.result.value
    assert leaves["best"] == 5 < leaves["as typed"] == 7 < leaves["worst"]
    explorer.ordering.value = "best"
    explorer.text.value = "[[1, 9], [5, 6]]"  # an edit keeps the chosen order
    assert explorer.ordering.value == "best"
    assert explorer.searched_tree.to_nested() == [[5, 6], [1, 9]]
    assert explorer.tree.to_nested() == [[1, 9], [5, 6]]  # the typed tree is kept as typed
    assert explorer.search.move == "B" and explorer.search.value == 5


def test_a_random_order_follows_the_seed(explorer):
    explorer.ordering.value = "random"
    shuffled = {}
    for seed in range(6):
        explorer.seed.value = seed
        shuffled[seed] = explorer.searched_tree.to_nested()
        assert shuffled[seed] == reorder(explorer.tree, "random", seed=seed).to_nested()
        assert explorer.search.value == minimax(explorer.tree).value
    assert len({str(t) for t in shuffled.values()}) > 1


def test_a_game_tree_keeps_its_node_names_until_edited():
    explorer = TreeExplorer(six_level_tree(), algorithm="alpha-beta")
    assert explorer.tree.initial == "S0"
    first = str(explorer.search.trace.cutoffs()[0])
    assert first == "β cut at L: α = 8 ≥ β = 5 of F; pruned L2"
    explorer.text.value = explorer.text.value.replace("9", "10")  # an edit names afresh
    assert explorer.tree.initial == "A"


# --- trees with chance nodes (chapter 7) ---------------------------------------------------


def test_a_chance_tree_is_searched_by_the_searches_of_games_of_chance():
    from coursekit.draw.trees import CHANCE_FILL
    from coursekit.games import ChanceTree
    from coursekit.search import expectiminimax
    from coursekit.search.registry import CHANCE, algorithms

    tree = ChanceTree.from_nested(
        [((0.5, [3, 5]), (0.5, [1, 8])), ((0.25, [4, 6]), (0.75, [2, 9]))]
    )
    w = TreeExplorer(tree)
    offered = [value for _, value in w.algorithm.options]
    assert offered == list(algorithms(trace="tree", game_kind=CHANCE))
    r = expectiminimax(tree, trace=True)
    assert w.step.max == len(r.trace) and w.search.value == r.value
    assert w.picture.source.count(CHANCE_FILL) == 2 and "label=0.25" in w.picture.source
    assert w.ordering.layout.display == "none"  # chance decides the order of the outcomes


def test_a_chance_tree_typed_with_fractions_is_read_exactly_and_bad_text_is_named():
    from fractions import Fraction

    from coursekit.games import ChanceTree
    from coursekit.search import expectiminimax

    w = TreeExplorer(ChanceTree.from_nested([((0.5, 1), (0.5, 3)), 0]))
    w.text.value = "[((1/3, 3), (2/3, [1, 2])), 0]"
    assert w.feedback.message == ""
    assert w.search.value == expectiminimax(w.tree).value == Fraction(1, 3) * 3 + Fraction(2, 3)
    good = w.tree.to_nested()
    for bad, message in [
        ("[((1/3, 3), (1/3, 1)), 0]", "add up to 2/3, not 1"),
        ("[((1/3, 3), (2/3, oops)), 0]", "expected a number"),
        ("[((1/3, 3), (2/3, 1)), 0", "column"),
    ]:
        w.text.value = bad
        assert message in w.feedback.message
        assert w.tree.to_nested() == good


def test_a_random_chance_tree_and_the_root_player_search_again():
    from coursekit.games import MIN, ChanceTree
    from coursekit.search import expectiminimax

    w = TreeExplorer(ChanceTree.from_nested([((0.5, 1), (0.5, 3)), 0]))
    w.seed.value = 4
    assert isinstance(w.tree, ChanceTree) and w.search.value == expectiminimax(w.tree).value
    w.root.value = MIN
    assert w.tree.to_move(w.tree.initial) is MIN
    assert w.search.value == expectiminimax(w.tree).value
