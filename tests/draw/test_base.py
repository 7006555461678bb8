"""Pictures: the course look, SVG rendering, and a one-line hint when `dot` is missing."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st
from nbformat.v4 import new_code_cell, new_notebook

from coursekit.draw import GRAPHVIZ_HINT, GraphvizMissing, Picture, has_dot, to_svg
from coursekit.draw.base import BROWSER_ONLY, label_width
from coursekit.draw.uniform_tree import uniform_tree
from coursekit.games import tree_size
from coursekit.tools.notebooks.execute import execute_notebook

WIDGET = "application/vnd.jupyter.widget-view+json"
needs_dot = pytest.mark.skipif(not has_dot(), reason="Graphviz's dot is not installed (optional)")


@needs_dot
def test_picture_renders_svg():
    picture = Picture()
    picture.edge("A", "B")
    assert "<svg" in to_svg(picture)
    assert has_dot()


@needs_dot
def test_with_dot_a_picture_carries_a_static_copy_that_fits_the_column():
    bundle = uniform_tree(2, 1)._repr_mimebundle_()
    assert WIDGET in bundle
    assert "max-width:100%" in bundle["text/html"] and "<svg" in bundle["text/html"]


def test_missing_dot_draws_in_the_browser_not_a_traceback(monkeypatch, path_without_dot):
    monkeypatch.setenv("PATH", path_without_dot)
    picture = uniform_tree(2, 1)
    bundle = picture._repr_mimebundle_()
    assert bundle["text/plain"] == BROWSER_ONLY
    assert WIDGET in bundle
    assert "image/svg+xml" not in bundle and "text/html" not in bundle
    with pytest.raises(GraphvizMissing, match="apt-get install graphviz"):
        to_svg(picture)


def test_hint_is_one_line():
    assert "\n" not in GRAPHVIZ_HINT


def test_notebook_without_dot_draws_in_the_browser(monkeypatch, path_without_dot, tmp_path):
    monkeypatch.setenv("PATH", path_without_dot)
    nb = new_notebook(
        cells=[
            new_code_cell(
                "from coursekit.draw.uniform_tree import uniform_tree\nuniform_tree(2, 2)"
            )
        ]
    )
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    done = execute_notebook(nb, cwd=tmp_path, timeout=60)
    (output,) = done.cells[0].outputs
    assert output.output_type == "execute_result"
    assert output.data["text/plain"] == BROWSER_ONLY
    assert WIDGET in output.data
    assert "image/svg+xml" not in output.data
    assert os.environ["PATH"] == path_without_dot


@pytest.mark.parametrize(
    ("b", "m", "leaves", "nodes"), [(1, 0, 1, 1), (2, 3, 8, 15), (3, 2, 9, 13)]
)
def test_tree_size(b, m, leaves, nodes):
    assert tree_size(b, m) == (leaves, nodes)


def test_uniform_tree_alternates_max_squares_and_min_circles():
    source = uniform_tree(2, 2).source
    assert source.count("shape=square") == 1 + 4
    assert source.count("shape=circle") == 2
    assert source.count("->") == 6


def test_uniform_tree_refuses_huge_trees():
    with pytest.raises(ValueError, match="too big to draw"):
        uniform_tree(6, 6)


@pytest.mark.parametrize("label", ["解图", "AND 节点", "<b>博弈树</b>"])
def test_labels_with_chinese_get_a_wider_box(label):
    picture = Picture()
    picture.node("a", label)
    width = label_width(label)
    assert width is not None and f"width={width:.2f}" in picture.source
    latin = "x" * len(label)
    assert label_width(latin) is None


def test_an_explicit_width_is_kept():
    picture = Picture()
    picture.node("a", "解图", width="3")
    assert "width=3" in picture.source and picture.source.count("width") == 1


# --- how wide a picture may be and stay readable --------------------------------------------


@given(st.floats(9, 30), st.floats(200, 2_000), st.floats(0.1, 3))
def test_a_picture_of_the_readable_width_shows_its_text_at_11_px_or_more(text_pt, column, part):
    from coursekit.draw.base import MIN_TEXT_PX, PX_PER_PT, readable_width_pt

    width = readable_width_pt(text_pt, column) * part
    # what the page does (graph_view.js, fit): W pt drawn at W × 4/3 px, shrunk to the column
    scale = min(1.0, column / (width * PX_PER_PT))
    shown = text_pt * PX_PER_PT * scale
    if part <= 1:
        assert shown >= MIN_TEXT_PX - 1e-9
    else:  # any wider: shrunk to the column, the text drops below 12 px
        assert shown < MIN_TEXT_PX


@pytest.mark.parametrize("bad", [0, -3, "12", True, float("nan"), 8])
def test_the_readable_width_refuses_sizes_it_cannot_keep_readable(bad):
    from coursekit.draw.base import readable_width_pt
    from coursekit.errors import CoursekitError

    expected = r"text_pt: expected (a positive number|at least 9\.0 pt \(12 px)"
    with pytest.raises(CoursekitError, match=expected):
        readable_width_pt(bad)
