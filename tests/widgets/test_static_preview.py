"""Explorers carry a still picture of themselves for where no kernel can draw them."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
from nbformat.v4 import new_code_cell, new_notebook, new_output

from coursekit.draw.base import has_dot
from coursekit.games import GameTree
from coursekit.tools.notebooks.execute import keep_static_pictures
from coursekit.widgets import (
    AOStarExplorer,
    ConnectFourBoard,
    PayoffEditor,
    TicTacToeBoard,
    TreeExplorer,
    TreeSizeExplorer,
)

EXPLORERS = [
    lambda: TreeExplorer(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])),
    AOStarExplorer,
    TicTacToeBoard,
    PayoffEditor,
    lambda: ConnectFourBoard(rows=4, cols=5, depth=1),
    TreeSizeExplorer,
]


@pytest.mark.parametrize("make", EXPLORERS)
def test_the_display_says_what_it_is_and_shows_a_still_picture(make):
    widget = make()
    bundle = widget._repr_mimebundle_()
    name = type(widget).__name__
    assert bundle["text/plain"].startswith(f"{name}: an interactive explorer")
    assert "children=" not in bundle["text/plain"]  # never the raw widget repr
    assert "run this cell" in bundle["text/html"]
    for part in (getattr(widget, "result", None), getattr(widget, "status", None)):
        if isinstance(part, widgets.HTML) and part.value:  # what the explorer says now
            assert part.value in bundle["text/html"]


def test_a_tree_explorer_shows_its_picture_where_dot_is_installed():
    if not has_dot():
        pytest.skip("the still picture's SVG needs Graphviz's dot")
    bundle = TreeExplorer(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    html = bundle._repr_mimebundle_()["text/html"]
    assert html.count("<svg") == 1 and ">B1<" in html


def test_a_stored_notebook_keeps_the_still_picture_instead_of_the_widget_reference():
    data = TreeSizeExplorer()._repr_mimebundle_()
    nb = new_notebook(cells=[new_code_cell(outputs=[new_output("display_data", data=data)])])
    assert keep_static_pictures(nb) == 1
    assert sorted(nb.cells[0].outputs[0].data) == ["text/html", "text/plain"]
