"""Pictures of AND/OR graphs: read through their DOT source (and the SVG arcs when dot runs)."""

from __future__ import annotations

import json
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.andor import AndOrError, AndOrGraph, ao_star
from coursekit.andor.examples import COURSE_EXAMPLE, course_example, exercise_2
from coursekit.andor.game_graph import winning_strategy
from coursekit.draw import has_dot
from coursekit.draw.andor import (
    ARC_RADIUS,
    BLUE,
    EDITED,
    GREEN,
    ORANGE,
    LayoutMemory,
    _arc_path,
    add_connector_arcs,
    draw_cycle,
    draw_graph,
    draw_layout,
    draw_solution,
    highlight_edits,
    player_shapes,
    value_changes,
)
from coursekit.draw.base import BROWSER_ONLY
from coursekit.games import Grundy
from coursekit.text import set_language

needs_dot = pytest.mark.skipif(not has_dot(), reason="Graphviz's dot is not installed")


def node_line(source: str, label: str) -> str:
    """The DOT line of the node whose label starts with ``label``."""
    (line,) = [ln for ln in source.splitlines() if f"label=<{label}<BR/>" in ln]
    return line


def test_k_connectors_fan_out_from_a_dot_with_the_cost_on_the_stem():
    source = draw_graph(course_example()).source
    fans = re.findall(r"(ck_fan_\d+) \[.*shape=point", source)
    assert len(fans) == 5  # the five 2-connectors of the example
    for fan in fans:
        assert re.search(rf"-> {fan} \[.*arrowhead=none.*label=\" 2\"", source) or re.search(
            rf"-> {fan} \[.*label=\" 2\".*arrowhead=none", source
        )
        assert len(re.findall(rf"{fan} -> v\d+", source)) == 2
    one_connectors = re.findall(r"v\d+ -> v\d+ \[.*label=\" 1\"", source)
    assert len(one_connectors) == 7


def test_a_successor_named_twice_gets_two_arrows():
    source = draw_graph(exercise_2()).source
    fan = re.search(r"v0 -> (ck_fan_\d+)", source).group(1)  # 6 → 3, 3 is the first rule
    assert len(re.findall(rf"{fan} -> v1 ", source)) == 2


def test_nodes_show_h_and_terminals_have_a_double_outline():
    source = draw_graph(course_example()).source
    assert "h=4" in node_line(source, "n2")
    assert "peripheries=2" in node_line(source, "n7")
    assert "peripheries=1" in node_line(source, "n0")


def test_rule_names_are_written_with_the_cost():
    g = AndOrGraph.from_rules("R1: a -> b, c\nR2: a -> d cost 3\nterminals: b, c, d")
    source = draw_graph(g).source
    assert 'label=" R1: 2"' in source and 'label=" R2: 3"' in source


def test_a_cycle_picture_shows_only_g_with_q_marks_solved_g_prime_and_the_expanded_node():
    r = ao_star(course_example(), "n0")
    first = draw_cycle(r, 1).source
    assert {"n0", "n1", "n4", "n5"} == set(re.findall(r"label=<(n\d)<BR/>", first))
    assert "q=3" in node_line(first, "n0")
    assert ORANGE in node_line(first, "n0")
    third = draw_cycle(r, 3).source
    assert "after cycle 3 (expanded n5): q(n0) = 5" in third
    assert GREEN in node_line(third, "n5") and GREEN not in node_line(third, "n0")
    assert BLUE in node_line(third, "n4") and BLUE not in node_line(third, "n1")
    # the marked connector n1 → n2 is bold but not blue (it is outside G′)
    n1, n2 = (re.search(rf"(v\d+) \[label=<{n}<BR/>", third).group(1) for n in ("n1", "n2"))
    edge = re.search(rf"{n1} -> {n2} \[(.*)\]", third).group(1)
    assert "penwidth=2.2" in edge and BLUE not in edge
    last = draw_cycle(r, 4).source
    assert "SOLVED" in last and GREEN in node_line(last, "n0")


def test_a_cycle_picture_shows_h_beside_q_and_a_terminal_keeps_q_0():
    # h(n1) = 2 is the course's; q(n1) = 5 once n1 is expanded (cycle 2). A terminal node
    # is SOLVED at cost 0 whatever h says about it.
    r = ao_star(course_example().with_h({"n7": 3}), "n0")
    source = draw_cycle(r, 3).source
    assert "h=2 q=5" in node_line(source, "n1")
    assert "h=3 q=0" in node_line(source, "n7")
    assert not re.search(r"\bh=\d", draw_cycle(r, 3, show_h=False).source)


def test_size_and_direction_are_passed_to_graphviz():
    r = ao_star(course_example(), "n0")
    assert 'size="8,4!"' in draw_cycle(r, 1, size="8,4!").source
    assert not re.search(r"\bsize=", draw_cycle(r, 1).source)
    assert 'size="3,3"' in draw_solution(r.solution, size="3,3").source
    assert "rankdir=LR" in draw_graph(course_example(), rankdir="LR").source
    assert "rankdir=TB" in draw_cycle(r, 1).source
    with pytest.raises(ValueError, match="rankdir must be one of TB, LR, BT, RL, not 'lr'"):
        draw_graph(course_example(), rankdir="lr")


@needs_dot
@pytest.mark.parametrize("size", ["2,2", "9,6!"])
def test_a_sized_svg_fits_its_size(size):
    width, height = (float(v) * 72 for v in size.rstrip("!").split(","))  # inches → points
    svg = draw_graph(course_example(), size=size)._repr_image_svg_xml()
    shown = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg)
    w, h = float(shown.group(1)), float(shown.group(2))
    assert w <= width + 1 and h <= height + 1
    if size.endswith("!"):  # enlarged until one side reaches the size
        assert max(w / width, h / height) > 0.98


@needs_dot
def test_only_the_graphs_nodes_are_svg_nodes():
    # The fan's dot is drawing: a browser counting <g class="node"> counts |G|.
    r = ao_star(course_example(), "n0")
    for k, snap in enumerate(r.snapshots):
        svg = draw_cycle(r, k)._repr_image_svg_xml()
        assert svg.count('class="node"') == len(snap.nodes)
        fans = sum(1 for c in r.graph.connectors if c.k > 1 and c.parent in snap.expanded_nodes)
        assert svg.count('class="ck-fan"') == fans


def test_cycle_numbers_are_checked():
    r = ao_star(course_example(), "n0")
    with pytest.raises(AndOrError, match="between 0 and 4"):
        draw_cycle(r, 5)
    with pytest.raises(ValueError, match="no snapshots"):
        draw_cycle(ao_star(course_example(), "n0", snapshots=False), 1)


def test_a_solution_graph_on_its_own_with_its_costs():
    r = ao_star(course_example(), "n0")
    source = draw_solution(r.solution).source
    assert set(re.findall(r"label=<(n\d)<BR/>", source)) == {"n0", "n4", "n5", "n7", "n8"}
    assert "k=5" in node_line(source, "n0") and "k=1" in node_line(source, "n4")
    assert "cost 5" in source
    assert source.count("penwidth=2.2") == 3 + 3 + 1  # two fans (stem + 2 arrows), one arrow


def test_a_winning_strategy_drawn_with_max_squares_and_min_circles():
    game = Grundy(7)
    r = winning_strategy(game)
    source = draw_solution(r.solution, shape=player_shapes(game)).source
    assert "shape=circle" in node_line(source, "7")  # MIN moves first
    assert "shape=box" in node_line(source, "6-1")


def test_arc_geometry():
    path = _arc_path((0.0, 0.0), [math.pi / 4, 3 * math.pi / 4])
    r = ARC_RADIUS
    m = re.match(r"M([-\d.]+),([-\d.]+) A[\d.]+,[\d.]+ 0 (\d),1 ([-\d.]+),([-\d.]+)", path)
    x1, y1, large, x2, y2 = m.groups()
    assert (float(x1), float(y1)) == pytest.approx((r / math.sqrt(2), r / math.sqrt(2)), abs=0.01)
    assert (float(x2), float(y2)) == pytest.approx((-r / math.sqrt(2), r / math.sqrt(2)), abs=0.01)
    assert large == "0"
    # three arrows: the arc spans from the first to the last, leaving out the widest gap
    wide = _arc_path((0.0, 0.0), [0.2, 1.5, 2.9])
    assert wide.split()[3].startswith("0,")


@needs_dot
@pytest.mark.parametrize("rankdir", ["TB", "LR"])
def test_the_svg_has_one_arc_per_k_connector_crossing_its_arrows(rankdir):
    svg = draw_graph(course_example(), rankdir=rankdir)._repr_image_svg_xml()
    arcs = re.findall(r'<path class="ck-arc"[^>]* d="M([-\d.]+),([-\d.]+) A', svg)
    assert len(arcs) == 5
    centres = re.findall(
        r'<g id="ck_fan_\d+" class="ck-fan">.*?cx="([-\d.]+)" cy="([-\d.]+)"', svg, re.S
    )
    for x, y in arcs:  # each arc starts ARC_RADIUS away from some fan's dot
        distances = [math.hypot(float(x) - float(cx), float(y) - float(cy)) for cx, cy in centres]
        assert min(distances) == pytest.approx(ARC_RADIUS, abs=0.05)


@needs_dot
def test_arcs_take_the_colour_of_their_connector():
    r = ao_star(course_example(), "n0")
    svg = draw_cycle(r, 4).pipe(format="svg", encoding="utf-8")
    assert f'class="ck-arc" fill="none" stroke="{BLUE}"' in svg


def test_svg_without_fans_is_left_alone():
    svg = '<svg><g id="node1" class="node"><ellipse cx="1" cy="2"/></g></svg>'
    assert add_connector_arcs(svg) == svg


def test_without_dot_the_picture_is_drawn_in_the_browser(monkeypatch, path_without_dot):
    monkeypatch.setenv("PATH", path_without_dot)
    bundle = draw_graph(course_example())._repr_mimebundle_()
    assert bundle["text/plain"] == BROWSER_ONLY
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_the_cycle_table_lists_q_after_every_cycle():
    from coursekit.draw.andor import CycleTable

    table = CycleTable(ao_star(course_example(), "n0"))
    lines = str(table).splitlines()
    assert lines[0].split() == ["cycle", "expanded", *(f"n{i}" for i in range(9))]
    assert lines[2].split() == ["1", "n0", "3", "2", "1", "1"]  # n0, n1, n4, n5
    assert lines[5].split()[:3] == ["4", "n4", "5✓"]
    html = table._repr_html_()
    assert html.count("<tr>") == 6 and "<td>5✓</td>" in html
    with pytest.raises(ValueError, match="no snapshots"):
        CycleTable(ao_star(course_example(), "n0", snapshots=False))


# --- one layout for a session of edits (LayoutMemory) -------------------------------------

COURSE_RULES = [line for line in COURSE_EXAMPLE.splitlines() if "->" in line]


def session_layout(rules: str, memory: LayoutMemory, h: dict | None = None) -> str:
    """The layout DOT of the AO* run on ``rules`` (with ``h`` typed over the rules' h)."""
    graph = AndOrGraph.from_rules(rules)
    graph = graph.with_h(h) if h else graph
    return draw_layout(ao_star(graph), graph=graph, memory=memory).source


def positions(source: str) -> dict[str, tuple[float, float]]:
    """Where dot places each node of a DOT source: name → (x, y) in points."""
    import graphviz

    laid_out = json.loads(graphviz.Source(source).pipe(format="json", encoding="utf-8"))
    return {
        thing["name"]: tuple(float(v) for v in thing["pos"].split(","))
        for thing in laid_out.get("objects", [])
        if "pos" in thing and not thing["name"].startswith("ck_fan_")
    }


def names_of(memory: LayoutMemory, nodes) -> dict[str, str]:
    return {node: memory.node_name(node) for node in nodes}


@given(
    node=st.sampled_from([f"n{i}" for i in range(9)]),
    h=st.one_of(st.integers(0, 99), st.sampled_from([0.5, 2.5, 7.5])),
    rule=st.sampled_from(COURSE_RULES),
    cost=st.integers(1, 99),
)
@settings(max_examples=60, deadline=None)
def test_an_edit_of_values_leaves_the_layout_byte_identical(node, h, rule, cost):
    # values (h, and q at every cycle) of up to MIN_DIGITS = 4 characters fit the room kept
    memory = LayoutMemory()
    before = session_layout(COURSE_EXAMPLE, memory)
    assert session_layout(COURSE_EXAMPLE, memory, h={node: h}) == before
    costly = COURSE_EXAMPLE.replace(f"{rule}\n", f"{rule} cost {cost}\n")
    assert session_layout(costly, memory) == before
    # the start node is a value too: AO* from n1 generates another G on the same layout
    assert session_layout(COURSE_EXAMPLE + "start: n1\n", memory) == before


def test_a_value_wider_than_the_room_kept_grows_the_layout_once():
    memory = LayoutMemory()
    before = session_layout(COURSE_EXAMPLE, memory)
    wide = session_layout(COURSE_EXAMPLE, memory, h={"n4": 12345})
    assert wide != before and ">h=00000 q=00000<" in wide
    # the room only grows: going back to h(n4) = 1 keeps the wide layout
    assert session_layout(COURSE_EXAMPLE, memory) == wide


@pytest.mark.parametrize("rule", COURSE_RULES)
def test_removing_a_rule_hides_it_and_moves_nothing(rule):
    memory = LayoutMemory()
    before = session_layout(COURSE_EXAMPLE, memory)
    assert session_layout(COURSE_EXAMPLE.replace(f"{rule}\n", ""), memory) == before
    assert memory.ghosts() == (0, 1)
    # the rule back: nothing hidden, still the same layout
    assert session_layout(COURSE_EXAMPLE, memory) == before and memory.ghosts() == (0, 0)


@needs_dot
def test_a_structural_edit_keeps_the_remaining_nodes_where_dot_put_them():
    memory = LayoutMemory()
    first = session_layout(COURSE_EXAMPLE, memory)
    names = names_of(memory, [f"n{i}" for i in range(9)])
    placed = positions(first)
    # n3 -> n5, n6 removed: n3 keeps only its place, n6 still reached from n5
    fewer = COURSE_EXAMPLE.replace("n3 -> n5, n6\n", "").replace("n5 -> n6\n", "")
    after = positions(session_layout(fewer, memory))
    assert {n: after[v] for n, v in names.items()} == {n: placed[v] for n, v in names.items()}
    # a node added keeps its name; the old ones keep theirs
    session_layout(COURSE_EXAMPLE + "n6 -> n9\n", memory)
    assert names_of(memory, names) == names and memory.node_name("n9") == "v9"


def test_ghosts_that_would_outnumber_the_graph_are_forgotten():
    memory = LayoutMemory()
    session_layout(COURSE_EXAMPLE, memory)
    small = session_layout("n0 -> n1, n4\nn4 -> n8\nterminals: n1, n8", memory)
    assert memory.ghosts() == (0, 0) and len(memory.nodes) == 4  # 5 ghosts > 4 nodes
    assert small == session_layout("n0 -> n1, n4\nn4 -> n8\nterminals: n1, n8", LayoutMemory())
    session_layout("a -> b\nterminals: b", memory)  # nothing in common: a fresh start
    assert set(memory.nodes) == {"a", "b"}
    memory.forget()
    assert memory.ghosts() == (0, 0) and not memory.nodes


def test_a_memory_names_only_what_it_holds():
    with pytest.raises(AndOrError, match="node n9 is not in the layout memory"):
        LayoutMemory().node_name("n9")
    r = ao_star(course_example(), "n0")
    with pytest.raises(AndOrError, match="not in the layout memory"):
        draw_cycle(r, 1, memory=LayoutMemory())


@given(
    h=st.dictionaries(st.sampled_from([f"n{i}" for i in range(9)]), st.integers(0, 9)),
    rule=st.sampled_from(COURSE_RULES),
)
@settings(max_examples=60, deadline=None)
def test_value_changes_are_exactly_the_nodes_and_connectors_edited(h, rule):
    before = course_example()
    after = before.with_h(h)
    changed = {n for n, v in h.items() if v != before.heuristic(n)}
    assert value_changes(before, after) == changed
    costly = AndOrGraph.from_rules(COURSE_EXAMPLE.replace(f"{rule}\n", f"{rule} cost 7\n"))
    (connector,) = value_changes(before, costly)
    assert str(connector).replace("→", "->").replace(", ", ",") == rule.replace(", ", ",")
    assert connector.cost == 7


def test_edited_values_keep_their_colour_at_every_cycle_they_show():
    from coursekit.draw.graph_view import step_through

    graph = course_example().with_h({"n4": 4})
    r = ao_star(graph, "n0")
    memory = LayoutMemory()
    layout = draw_layout(r, graph=graph, memory=memory)
    edited = value_changes(course_example(), graph)
    pictures = [draw_cycle(r, k, memory=memory, edited=edited) for k in range(r.cycles + 1)]
    assert EDITED in node_line(pictures[-1].source, "n4")
    assert EDITED not in node_line(pictures[-1].source, "n0")
    _, through = step_through(pictures, layout=layout, highlight_changes=True)
    highlight_edits(through, memory.item_names(edited))
    n4 = memory.node_name("n4")
    for k in range(r.cycles + 1):
        for item in through.items:
            style, _ = through.look_at(item, k)
            look = through.styles[style]
            shown = look.get("opacity") != "0"
            assert (shown and look.get("fontcolor") == EDITED) == (shown and item == n4), (k, item)


def test_titles_and_the_cycle_table_in_chinese():
    from coursekit.draw.andor import CycleTable

    r = ao_star(course_example(), "n0")
    set_language("zh")
    try:
        third, last = draw_cycle(r, 3).source, draw_cycle(r, 4).source
        first = draw_cycle(r, 0).source
        solution = draw_solution(r.solution).source
        table = CycleTable(r)
        text, html = str(table), table._repr_html_()
    finally:
        set_language(None)
    assert "第 3 个循环之后（扩展了 n5）：q(n0) = 5；修正了 q(n5) = 2" in third
    assert "第 4 个循环之后（扩展了 n4）：q(n0) = 5，已标记为 SOLVED" in last
    assert "第一个循环之前" in first
    assert "费用 5" in solution and "cost 5" not in solution
    assert text.split()[:2] == ["循环", "扩展的节点"]
    assert "<th>循环</th><th>扩展的节点</th>" in html


def test_a_compact_memory_writes_costs_beside_their_arrows_in_layout_and_cycles():
    plain, compact = LayoutMemory(), LayoutMemory(compact=True)
    before = session_layout(COURSE_EXAMPLE, plain)
    small = session_layout(COURSE_EXAMPLE, compact)
    edge = re.compile(r"->[^\n]*\b(x?label)=\" 0000\"")
    assert {m.group(1) for m in edge.finditer(before)} == {"label"}
    assert {m.group(1) for m in edge.finditer(small)} == {"xlabel"}  # no rank of its own
    # every cycle's picture draws its costs as its layout does: the step-through rewrites them
    result = ao_star(course_example())
    cycle = draw_cycle(result, len(result.snapshots) - 1, memory=compact).source
    assert re.search(r"-> \w+ \[[^\]]*xlabel=\" 2\"", cycle) and ' label=" ' not in cycle
    if has_dot():  # about a quarter less tall: AO* explorer's picture fits a slide whole
        tall = max(y for _, y in positions(before).values())
        short = max(y for _, y in positions(small).values())
        assert short < 0.85 * tall
