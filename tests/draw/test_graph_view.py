"""The picture widget's state (DOT, step descriptions) and the vendored WebAssembly Graphviz."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess

import pytest
import tomllib
from hypothesis import given
from hypothesis import strategies as st

from coursekit.draw import Picture
from coursekit.draw.graph_view import (
    LIBRARY_FILE,
    LIBRARY_RECORD,
    STATIC,
    captions_of,
    example_step_through,
    graph_library,
    library_code,
    step_through,
    step_through_at,
)
from coursekit.errors import CoursekitError
from coursekit.widgets import GraphView, StepThrough, SvgView


def test_the_vendored_module_matches_its_recorded_checksum():
    record = json.loads(LIBRARY_RECORD.read_text())
    assert record["package"] == "@hpcc-js/wasm-graphviz"
    assert record["file"] == LIBRARY_FILE.name
    assert hashlib.sha256(LIBRARY_FILE.read_bytes()).hexdigest() == record["sha256"]
    assert "Apache License" in LIBRARY_FILE.with_name("graphviz-wasm.LICENSE.txt").read_text()


def test_the_module_needs_no_network():
    code = library_code()
    assert "export{" in code and "Graphviz" in code
    for cdn in ("unpkg.com", "jsdelivr", "cdnjs"):
        assert cdn not in code


def test_a_changed_module_is_refused(monkeypatch, tmp_path):
    import coursekit.draw.graph_view as graph_view

    changed = tmp_path / "graphviz-wasm.js"
    changed.write_bytes(LIBRARY_FILE.read_bytes() + b"\n")
    monkeypatch.setattr(graph_view, "LIBRARY_FILE", changed)
    graph_view.library_code.cache_clear()
    try:
        with pytest.raises(CoursekitError, match="refresh_graphviz_wasm"):
            graph_view.library_code()
    finally:
        graph_view.library_code.cache_clear()


def test_the_package_ships_the_module(repo_root):
    pyproject = tomllib.loads((repo_root / "pyproject.toml").read_text())
    shipped = pyproject["tool"]["setuptools"]["package-data"]["coursekit"]
    assert "draw/static/*.js" in shipped and "**/*.json" in shipped
    assert "draw/static/*.txt" in shipped  # the licence


def test_every_picture_shares_one_library():
    first, second = GraphView(), SvgView()
    assert first.library is second.library is graph_library()
    assert first.library.sha256 == json.loads(LIBRARY_RECORD.read_text())["sha256"]


def test_the_view_holds_the_dot_source_and_engine():
    picture = Picture(engine="neato")
    picture.edge("A", "B")
    view = GraphView()
    view.show(picture, root="A")
    assert view.dot == view.source == picture.source
    assert view.engine == "neato" and view.root == "A"
    assert view.steps == {} and view.step == 0


def test_text_replaces_the_picture_and_back():
    view = GraphView()
    view.show_text("Too many nodes")
    assert view.dot == "" and view.text == "Too many nodes"
    picture = Picture()
    picture.node("A")
    view.show(picture)
    assert view.text == "" and view.dot == picture.source


def test_busy_is_shown_while_computing():
    view = GraphView()
    with view.busy_while():
        assert view.busy
    assert not view.busy


def test_the_step_description_is_compact():
    tree, steps = example_step_through(100)
    view = GraphView()
    view.show(tree, steps, step=5)
    described = view.steps
    assert described["count"] == 99 and view.step == 5
    assert set(described["styles"]) == {"waiting", "visited"}
    # one change list per node and edge, two changes each: linear in the tree, not nodes × steps
    assert len(described["items"]) == 100 + 99
    assert all(len(changes) == 2 for changes in described["items"].values())
    assert len(described["captions"]) == 100


def test_the_step_is_kept_within_the_steps():
    tree, steps = example_step_through(10)
    view = GraphView()
    view.show(tree, steps)
    view.step = 50
    assert view.step == 9
    view.step = -3
    assert view.step == 0
    small_tree, small = example_step_through(4)
    view.step = 9
    view.show(small_tree, small)
    assert view.step == 3


@given(st.integers(1, 40), st.integers(1, 4), st.data())
def test_each_node_shows_its_number_from_its_step_on(n, branching, data):
    _, steps = example_step_through(n, branching)
    k = data.draw(st.integers(0, n - 1))
    node = data.draw(st.integers(0, n - 1))
    style, label = steps.look_at(f"n{node}", k)
    if node <= k:
        assert (style, label) == ("visited", str(node))
    else:
        assert (style, label) == ("waiting", None)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("A", 1, "nope"), "style: expected one of"),
        (("A", 7, "seen"), r"step: expected 0\.\.3"),
        (("A", -1, "seen"), r"step: expected 0\.\.3"),
    ],
)
def test_bad_changes_are_refused_with_a_message(args, message):
    steps = StepThrough(styles={"seen": {"color": "blue"}}, count=3)
    with pytest.raises(CoursekitError, match=message):
        steps.change(*args)
    assert steps.items == {}


def test_example_refuses_an_empty_tree():
    with pytest.raises(CoursekitError, match="at least 1"):
        example_step_through(0)


def _steps_of(values: list[str]) -> list[Picture]:
    pictures = []
    for k, value in enumerate(values):
        p = Picture()
        p.node("a", value, color="red" if k % 2 else "black", xlabel=f"α={k}")
        if k:
            p.edge("a", "b", style="dashed")
        p.attr(label=f"step {k}")
        pictures.append(p)
    return pictures


def test_step_through_lays_out_the_last_picture_once():
    pictures = _steps_of(["?", "3", "3"])
    layout, through = step_through(pictures)
    assert "step 2" not in layout.source and layout.source.count("a -> b") == 1
    assert through.count == 2 and through.captions == ["step 0", "step 1", "step 2"]


def test_step_through_records_each_change_and_hides_what_a_step_lacks():
    _, through = step_through(_steps_of(["?", "3", "3"]))
    hidden = [name for name, style in through.styles.items() if style == {"opacity": "0"}]
    # the edge appears at step 1; node a changes colour, label and α at every step
    assert through.look_at("a->b", 0)[0] in hidden
    assert through.look_at("a->b", 1)[0] not in hidden
    assert [c[0] for c in through.items["a"]] == [0, 1, 2]
    assert through.look_at("a", 0)[1] == ["?", "α=0"]
    assert through.look_at("a", 1)[1] == ["3", "α=1"]
    assert through.styles[through.look_at("a", 1)[0]]["color"] == "red"


@given(st.lists(st.sampled_from(["?", "1", "2", "∞"]), min_size=1, max_size=12))
def test_every_step_shows_what_its_own_picture_says(values):
    pictures = _steps_of(values)
    _, through = step_through(pictures)
    for k, picture in enumerate(pictures):
        style, lines = through.look_at("a", k)
        assert lines == [picture.looks["a"]["label"], f"α={k}"]
        colour = picture.looks["a"]["color"]
        assert through.styles[style]["color"] == colour


def test_step_through_needs_a_picture():
    with pytest.raises(CoursekitError, match="at least one picture"):
        step_through([])


# --- long runs: only the steps that change, captions compressed ------------------------------


@given(st.lists(st.sampled_from(["?", "1", "2"]), min_size=1, max_size=12))
def test_the_changed_steps_alone_give_every_step_the_look_of_all_of_them(values):
    pictures = _steps_of(values)
    _, dense = step_through(pictures)
    # a picture equal to the one before it tells nothing new: leave it out
    kept = [
        (k, p)
        for k, p in enumerate(pictures)
        if k in (0, len(pictures) - 1) or p.looks != pictures[k - 1].looks
    ]
    _, sparse = step_through_at(kept, [p.caption for p in pictures])
    assert sparse.count == dense.count and sparse.captions == dense.captions
    for k in range(len(pictures)):
        for item in ("a", "a->b"):
            (s1, l1), (s2, l2) = dense.look_at(item, k), sparse.look_at(item, k)
            assert l1 == l2 and dense.styles.get(s1) == sparse.styles.get(s2)


@pytest.mark.parametrize(
    ("steps", "captions"),
    [([1, 2], 3), ([0, 2, 1, 3], 4), ([0, 1, 1, 2], 3), ([0, 1], 4)],
)
def test_changed_steps_out_of_order_or_short_of_the_end_are_refused(steps, captions):
    pictures = [(k, _steps_of(["?"])[0]) for k in steps]
    with pytest.raises(CoursekitError, match="expected steps increasing from 0 to"):
        step_through_at(pictures, [f"step {k}" for k in range(captions)])


def test_many_captions_travel_compressed_and_few_as_they_are():
    few = StepThrough(styles={}, count=2, captions=["a", "b", "c"])
    assert few.as_dict()["captions"] == ["a", "b", "c"] and "captions_deflated" not in few.as_dict()
    words = [f"step {k} of 20,000, evaluate B{k % 7} = {k % 13} — inside B" for k in range(20_001)]
    many = StepThrough(styles={}, count=20_000, captions=words)
    sent = many.as_dict()
    assert sent["captions"] == [] and captions_of(sent) == words
    assert len(json.dumps(sent)) < len(json.dumps(words)) / 5


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_script_parses(tmp_path):
    """A syntax error in graph_view.js draws no picture anywhere; only a browser test would
    see it otherwise (a ``*/`` in a comment once closed it early)."""
    script = tmp_path / "graph_view.mjs"
    script.write_text((STATIC / "graph_view.js").read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_page_writes_its_words_in_the_views_language(chinese):
    """What the page writes around a picture travels with the view, in its language."""
    words = GraphView().words
    assert words["more_click"] == "更多 ▸ 点击：显示整幅图"
    assert words["readout"] == "第 {k} / {n} 步"  # the page fills in the step
    source = (STATIC / "graph_view.js").read_text(encoding="utf-8")
    for english in ('"more ▸', '"click: the whole picture"', '"computing…"', '"first step"'):
        assert english not in source, english  # the page says none of its own
