"""The start-here explorer and the shared widget parts, driven headlessly."""

from __future__ import annotations

from coursekit.draw.uniform_tree import uniform_tree
from coursekit.widgets import Feedback, SvgView, TreeSizeExplorer


def test_sliders_redraw_the_tree():
    explorer = TreeSizeExplorer(b=2, m=1)
    before = explorer.picture.value
    assert explorer.picture.source.count("->") == 2
    explorer.branching.value = 3
    assert explorer.picture.source.count("->") == 3
    explorer.depth.value = 2
    assert explorer.picture.source.count("->") == 12
    assert "9 leaves" in explorer.summary.value and "13 nodes" in explorer.summary.value
    assert explorer.picture.value != before and explorer.picture.dot.startswith("digraph")


def test_big_trees_are_counted_not_drawn():
    explorer = TreeSizeExplorer(b=6, m=8)
    assert "1,679,616 leaves" in explorer.summary.value
    assert explorer.picture.dot == ""
    assert "Too many nodes" in explorer.picture.text


def test_feedback_shows_and_clears_a_problem():
    feedback = Feedback()
    feedback.problem("row 2 <is> ragged")
    assert feedback.message == "row 2 <is> ragged"
    assert "&lt;is&gt;" in feedback.value
    feedback.clear()
    assert feedback.value == "" and feedback.message == ""


def test_svg_view_keeps_the_source():
    view = SvgView()
    picture = uniform_tree(1, 1)
    view.show(picture)
    assert view.source == picture.source
    assert view.dot == picture.source and view.text == ""
