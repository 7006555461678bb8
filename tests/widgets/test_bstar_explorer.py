"""The B* explorer, driven headlessly: edits, random trees, steps in the page, bad input."""

from __future__ import annotations

import pytest

from coursekit.draw.bstar import node_id
from coursekit.search.bstar import BoundedTree, bstar
from coursekit.text import number_text
from coursekit.widgets import BStarExplorer, StepThrough
from coursekit.widgets.bstar_explorer import EXAMPLE


@pytest.fixture
def explorer():
    return BStarExplorer()


def page_steps(explorer):
    """What the page steps through with no kernel: the StepThrough sent to it."""
    return StepThrough(**explorer.picture.steps)


def test_it_opens_on_the_finished_proof(explorer):
    r = bstar(BoundedTree.from_text(EXAMPLE), trace=True)
    assert explorer.step.max == explorer.step.value == r.expansions == len(r.steps)
    assert f"move <b>{r.move}</b> proved best" in explorer.result.value
    for css, part in [
        ("ck-tree-input", explorer.text),
        ("ck-step", explorer.step),
        ("ck-result", explorer.result),
        ("ck-random", explorer.random_tree),
    ]:
        assert css in part._dom_classes


def test_every_step_is_in_the_page_with_the_traces_bounds(explorer):
    r = explorer.search
    steps = page_steps(explorer)
    assert steps.count == len(r.steps)
    leaves = {(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)}
    leaves |= {(1, 1, 1), (2, 0), (2, 1)}  # the example's leaves
    for k in range(steps.count + 1):
        bounds = r.start if k == 0 else r.steps[k - 1].bounds
        strategy = "PROVEBEST" in steps.captions[k] or "DISPROVEREST" in steps.captions[k]
        assert strategy == (k > 0) and "stopping rule" in steps.captions[k]
        for path, low, high in bounds:
            _, lines = steps.look_at(node_id(path), k)
            shown = number_text(low) if path in leaves else f"[{low}, {high}]"
            assert lines[0] == shown, (k, path)
    # a node B* has not generated yet is hidden at step 0
    hidden = steps.look_at(node_id((0, 0)), 0)[0]
    assert steps.styles[hidden]["opacity"] == "0"
    assert steps.captions[-1].endswith("proved best, B* stops")


def test_the_slider_and_buttons_step(explorer):
    explorer.first.click()
    assert explorer.step.value == explorer.picture.step == 0
    assert "step 0 of" in explorer.picture.source
    explorer.forward.click()
    assert explorer.picture.step == 1 and "step 1 of" in explorer.picture.source
    assert "step 1 of" in explorer.caption
    explorer.last.click()
    assert explorer.step.value == explorer.step.max


def test_an_edit_runs_b_star_again_at_once(explorer):
    explorer.text.value = "(0, 10, [(2, 8, [5, 6]), (0, 4, [1, 3])])"
    assert explorer.search.move == 0 and explorer.step.max == 1
    assert explorer.feedback.message == ""
    explorer.random_tree.click()
    again = BoundedTree.from_text(explorer.text.value)
    assert explorer.tree == again and explorer.search.move == bstar(again).move


def test_a_bounded_tree_can_be_passed_in():
    tree = BoundedTree.from_nested((0, 4, [1, 3]))
    w = BStarExplorer(tree)
    assert w.text.value == "(0, 4, [1, 3])" and w.search.move == 1


def test_a_one_line_tree_followed_by_enter_is_wrong_on_line_1(explorer):
    explorer.text.value = "(0, 10, [(2, 8), (1, 5\n"
    assert "line 1, column 23" in explorer.feedback.message
