"""The AO* explorer, driven headlessly: edits, steps, bad input."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.andor.examples import EXERCISE_2
from coursekit.widgets import AOStarExplorer
from coursekit.widgets.aostar_explorer import MAX_NODES
from coursekit.widgets.graph_view import MAX_BROWSER_STEPS


@pytest.fixture
def explorer():
    return AOStarExplorer()


def test_it_opens_on_the_course_example_at_the_last_cycle(explorer):
    assert explorer.cycle.max == 4 and explorer.cycle.value == 4
    assert "after cycle 4" in explorer.picture.source
    assert "cost 5" in explorer.summary.value
    assert set(explorer.h_inputs) == {f"n{i}" for i in range(9)}
    assert explorer.h_inputs["n2"].value == "4"


def test_the_slider_and_the_step_buttons(explorer):
    explorer.cycle.value = 0
    assert "before the first cycle" in explorer.picture.source
    assert explorer.back.disabled and not explorer.step.disabled
    explorer.step.click()
    explorer.step.click()
    assert explorer.cycle.value == 2 and "after cycle 2 (expanded n1)" in explorer.picture.source
    assert "revised q(n1) = 5" in explorer.picture.source  # the caption steps with the page
    explorer.back.click()
    assert explorer.cycle.value == 1
    explorer.last.click()
    assert explorer.cycle.value == 4 and explorer.step.disabled
    explorer.step.click()  # nothing beyond the last cycle
    assert explorer.cycle.value == 4


def test_editing_h_re_runs_ao_star_at_once(explorer):
    explorer.h_inputs["n4"].value = "4"
    assert explorer.h_feedback.message == ""
    assert explorer.result.cost == 8 and explorer.cycle.max == 6
    assert "q(n0) = 8" in explorer.picture.source
    assert "cost 8" in explorer.summary.value
    # n4 → n8 is a 1-connector to a terminal: h*(n4) = 1 < 4
    assert "not admissible</b>: h(n4) = 4 &gt; h*(n4) = 1" in explorer.heuristic.value
    # and n4 → n8 costs 1: h(n4) = 4 > 1 + h(n8) = 1 breaks the monotone restriction
    assert "n4→n8: h(n4) = 4 &gt; 1 + h(n8) = 1" in explorer.heuristic.value


@pytest.mark.parametrize("text", ["x", "-1", "inf", "nan", ""])
def test_a_bad_h_value_is_reported_and_the_last_graph_kept(explorer, text):
    before = explorer.picture.source
    explorer.h_inputs["n1"].value = text
    assert "h(n1) must be a finite number ≥ 0" in explorer.h_feedback.message
    assert explorer.picture.source == before and explorer.result.cost == 5
    explorer.h_inputs["n1"].value = "2"
    assert explorer.h_feedback.message == ""


def test_new_rules_rebuild_the_h_table(explorer):
    explorer.rules.value = EXERCISE_2
    assert explorer.rules_feedback.message == ""
    assert set(explorer.h_inputs) == {"6", "4", "3", "2", "1"}
    assert explorer.h_inputs["6"].value == "6"
    assert explorer.result.cost == 10
    assert "label=<6<BR/>" in explorer.picture.source


def test_table_edits_survive_a_rules_edit(explorer):
    explorer.h_inputs["n4"].value = "4"
    explorer.rules.value = explorer.rules.value + "\n# a comment\n"
    assert explorer.h_inputs["n4"].value == "4" and explorer.result.cost == 8


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ("n0 -> n1\nn1 n2", "line 2: expected a rule"),
        ("n0 -> n1\nh: n1=x", "line 2: h(n1) must be a number"),
        ("a -> b\nb -> a", "closes the cycle"),
        ("", "no rules"),
    ],
)
def test_bad_rules_are_reported_and_the_last_good_graph_kept(explorer, rules, words):
    picture, cost = explorer.picture.source, explorer.result.cost
    explorer.rules.value = rules
    assert words in explorer.rules_feedback.message
    assert explorer.picture.source == picture and explorer.result.cost == cost
    assert set(explorer.h_inputs) == {f"n{i}" for i in range(9)}


def test_an_unsolvable_graph_is_said_so(explorer):
    explorer.rules.value = "a -> b, c\na -> d\nterminals: c"
    assert "no solution graph from a" in explorer.summary.value


def test_controls_carry_the_classes_browser_tests_look_for(explorer):
    assert "ck-rules-input" in explorer.rules._dom_classes
    assert "ck-cycle" in explorer.cycle._dom_classes
    assert "ck-step" in explorer.step._dom_classes
    assert "ck-step-back" in explorer.back._dom_classes
    assert "ck-result" in explorer.summary._dom_classes
    assert all("ck-h-input" in box._dom_classes for box in explorer.h_inputs.values())


def test_an_edit_keeps_the_cycle_shown_unless_it_was_the_last(explorer):
    explorer.cycle.value = 2
    explorer.h_inputs["n4"].value = "4"
    assert explorer.cycle.value == 2 and explorer.cycle.max == 6
    explorer.last.click()
    explorer.h_inputs["n4"].value = "1"
    assert explorer.cycle.value == explorer.cycle.max == 4


# q(n0) in the course's worked example: before cycle 1, then after cycles 1 to 4
COURSE_Q_N0 = [0, 3, 4, 5, 5]
COURSE_EXPANDED = [None, "n0", "n1", "n5", "n4"]


def test_the_cycles_show_the_course_figures(explorer):
    for k, (q, expanded) in enumerate(zip(COURSE_Q_N0, COURSE_EXPANDED, strict=True)):
        explorer.cycle.value = k
        assert f"q(n0) = {q}" in explorer.picture.source
        if expanded:
            assert f"expanded {expanded}" in explorer.picture.source
        assert "AO* solved n0 in 4 cycles: cost 5" in explorer.summary.value


def test_the_course_heuristic_is_admissible_and_monotone(explorer):
    assert "<b>admissible</b>" in explorer.heuristic.value
    assert "<b>monotone</b>" in explorer.heuristic.value
    assert "not admissible" not in explorer.heuristic.value
    assert "breaks" not in explorer.heuristic.value
    assert explorer.edits.value == "h as written in the rules" and explorer.reset_h.disabled


def node_label(source: str, node: str) -> str:
    (line,) = [ln for ln in source.splitlines() if f"label=<{node}<BR/>" in ln]
    return line


@given(
    node=st.sampled_from([f"n{i}" for i in range(9)]),
    value=st.integers(0, 12),
    cycle=st.integers(0, 4),
)
@settings(max_examples=40, deadline=None)
def test_every_h_edit_shows(node, value, cycle):
    explorer = AOStarExplorer()
    explorer.cycle.value = cycle
    course_h = explorer.graph.heuristic(node)
    explorer.h_inputs[node].value = str(value)
    if value == course_h:
        assert explorer.edits.value == "h as written in the rules"
        return
    assert f"h({node}) = {value} (rules: {course_h})" in explorer.edits.value
    assert explorer.h_inputs[node].style.background != ""
    assert explorer.h_inputs[node].style.text_color  # dark on the tint in a dark theme too
    assert not explorer.reset_h.disabled
    shown = explorer.result.snapshots[explorer.cycle.value].nodes
    if node in shown:  # the node is in G at the cycle shown: its h is written in it
        assert f">h={value} q=" in node_label(explorer.picture.source, node)


def test_a_terminal_with_h_above_0_is_not_admissible_but_keeps_q_0(explorer):
    explorer.h_inputs["n7"].value = "1"
    assert "not admissible</b>: h(n7) = 1 &gt; h*(n7) = 0" in explorer.heuristic.value
    assert ">h=1 q=0<" in node_label(explorer.picture.source, "n7")
    assert explorer.result.cost == 5  # terminal nodes are SOLVED at cost 0 whatever h says


def test_h_of_the_start_node_is_q_before_the_first_cycle(explorer):
    explorer.cycle.value = 0
    explorer.h_inputs["n0"].value = "2"
    assert explorer.cycle.value == 0
    assert "q(n0) = 2" in explorer.picture.source and ">h=2 q=2<" in explorer.picture.source


def test_breaking_the_monotone_restriction_names_the_connector(explorer):
    explorer.h_inputs["n5"].value = "4"  # n4 → n5 costs 1: h(n4) = 1 ≤ 1 + 4, but n5 → n7, n8
    status = explorer.heuristic.value
    assert "breaks the monotone restriction</b>: n5→n7,n8: h(n5) = 4 &gt; 2" in status


def test_reset_h_goes_back_to_the_rules(explorer):
    explorer.h_inputs["n4"].value = "4"
    explorer.h_inputs["n1"].value = "0"
    explorer.reset_h.click()
    assert explorer.result.cost == 5 and explorer.h_inputs["n4"].value == "1"
    assert explorer.h_inputs["n1"].value == "2"
    assert explorer.edits.value == "h as written in the rules" and explorer.reset_h.disabled
    assert all(box.style.background == "" for box in explorer.h_inputs.values())
    assert all(box.style.text_color is None for box in explorer.h_inputs.values())


def test_typing_the_rules_value_is_no_edit(explorer):
    explorer.h_inputs["n4"].value = "4"
    explorer.h_inputs["n4"].value = "1"
    assert explorer.edits.value == "h as written in the rules" and explorer.reset_h.disabled


def test_h_labels_are_the_node_names_and_button_texts_are_in_every_font(explorer):
    labels = [child.value for child in explorer.h_box.children[0::2]]
    assert labels == [f"h({n})" for n in explorer.h_inputs]
    buttons = [explorer.back, explorer.step, explorer.last, explorer.reset_h]
    # ASCII and the Latin-1 / WGL4 quotes; no ▶ ◀ (missing from Liberation, Arial, …)
    assert set("".join(b.description for b in buttons)) <= set(string.printable) | set("‹›«»")


def test_a_cyclic_graph_that_ao_star_solves_has_no_h_star(explorer):
    explorer.rules.value = "a -> t\na -> b\nb -> a\nterminals: t\nh: b=5"
    assert explorer.rules_feedback.message == "" and explorer.result.cost == 1
    assert "h* is not defined: the graph has a cycle" in explorer.heuristic.value


def test_the_cycles_step_in_the_browser_on_one_layout():
    explorer = AOStarExplorer()
    view = explorer.picture
    assert view.steps["count"] == explorer.cycle.max and not view.controls
    layout = view.dot
    explorer.back.click()
    assert view.step == explorer.cycle.value and view.dot == layout  # restyled, not laid out
    assert "after cycle 3" in view.source


def test_a_node_appears_when_generated_and_changed_values_are_highlighted():
    from coursekit.widgets.graph_view import CHANGED

    explorer = AOStarExplorer()
    steps = explorer.picture.steps
    hidden = {name for name, style in steps["styles"].items() if style == {"opacity": "0"}}
    v1 = steps["items"]["v1"]  # n1, generated by the first cycle
    assert v1[0][0] == 0 and v1[0][1] in hidden
    assert any(change[0] == 1 and change[1] not in hidden for change in v1)
    # n0's q changes at cycle 1 (0 → 3): its text is highlighted then
    v0_at_1 = next(c for c in steps["items"]["v0"] if c[0] == 1)
    assert steps["styles"][v0_at_1[1]]["fontcolor"] == CHANGED
    assert v0_at_1[2][1].endswith("q=3")


# --- the layout is the same across edits; edited values are highlighted -----------------


def edited_items(view) -> set[str]:
    """The items written in the edit colour at some step of the view's step-through."""
    from coursekit.draw.andor import EDITED

    styles = view.steps["styles"]
    return {
        item
        for item, changes in view.steps["items"].items()
        if any(styles[change[1]].get("fontcolor") == EDITED for change in changes)
    }


@given(
    node=st.sampled_from([f"n{i}" for i in range(9)]),
    value=st.one_of(st.integers(0, 99), st.sampled_from([0.5, 2.5])),
    cycle=st.integers(0, 4),
)
@settings(max_examples=40, deadline=None)
def test_an_h_edit_keeps_the_layout_and_marks_exactly_the_node_edited(node, value, cycle):
    explorer = AOStarExplorer()
    explorer.cycle.value = cycle
    layout = explorer.picture.dot
    old, before = explorer.graph.heuristic(node), explorer.result.q
    explorer.h_inputs[node].value = str(value)
    assert explorer.picture.dot == layout  # byte for byte: the page only restyles
    memory = explorer.layout_memory
    name = memory.node_name(node)
    shown = any(node in snap.nodes for snap in explorer.result.snapshots)
    # and every node whose q at the end the edit changed through the revisions
    revised = {memory.node_name(n) for n, q in explorer.result.q.items() if before.get(n, q) != q}
    expected = {name} if value != old and shown else set()
    assert edited_items(explorer.picture) == expected | revised
    # the marks last until the next edit: a comment added to the rules changes no value
    explorer.rules.value += "# a comment\n"
    assert edited_items(explorer.picture) == set() and explorer.picture.dot == layout


def test_an_h_edit_marks_the_q_values_it_changed_elsewhere(explorer):
    # The course example with h(n4) = 3: AO* still finds cost 5, but q(n1), q(n2) and q(n3)
    # end at 7, 7 and 6 instead of 5, 4 and 4; q(n4) stays 1 (n4 is expanded).
    explorer.h_inputs["n4"].value = "3"
    q = explorer.result.q
    assert (explorer.result.cost, q["n1"], q["n2"], q["n3"], q["n4"]) == (5, 7, 7, 6, 1)
    memory = explorer.layout_memory
    assert edited_items(explorer.picture) == {memory.node_name(n) for n in ("n1", "n2", "n3", "n4")}


def test_a_cost_edit_in_the_rules_keeps_the_layout_and_marks_the_connector(explorer):
    layout, before = explorer.picture.dot, explorer.result.q
    explorer.rules.value = explorer.rules.value.replace("n4 -> n8\n", "n4 -> n8 cost 3\n")
    assert explorer.picture.dot == layout and explorer.result.cost == 7
    memory = explorer.layout_memory
    # the connector, and the q values the higher cost changed (q(n0) among them: 5 → 7)
    revised = {n for n, q in explorer.result.q.items() if before[n] != q}
    assert "n0" in revised
    assert edited_items(explorer.picture) == {
        f"{memory.node_name('n4')}->{memory.node_name('n8')}",
        *map(memory.node_name, revised),
    }
    assert explorer.layout_row.layout.display == "none"  # nothing hidden: no reset offered


def test_a_removed_rule_is_hidden_and_nothing_moves_until_reset(explorer):
    layout = explorer.picture.dot
    explorer.rules.value = explorer.rules.value.replace("n4 -> n8\n", "")
    assert explorer.rules_feedback.message == "" and explorer.picture.dot == layout
    assert explorer.layout_row.layout.display == ""
    assert "1 rule no longer in the graph" in explorer.ghosts.value
    memory = explorer.layout_memory
    arrow = f"{memory.node_name('n4')}->{memory.node_name('n8')}"
    hidden = {
        name
        for name, style in explorer.picture.steps["styles"].items()
        if style == {"opacity": "0"}
    }
    assert {change[1] for change in explorer.picture.steps["items"][arrow]} <= hidden
    explorer.reset_layout.click()
    assert explorer.picture.dot != layout and "n4 -> n8" not in explorer.picture.dot
    assert explorer.layout_row.layout.display == "none" and explorer.ghosts.value == ""


def test_an_added_rule_keeps_the_names_of_the_nodes_and_marks_what_is_new(explorer):
    names = {n: explorer.layout_memory.node_name(n) for n in explorer.h_inputs}
    explorer.rules.value = explorer.rules.value + "n1 -> n9\nh: n9=0\n"
    memory = explorer.layout_memory
    assert {n: memory.node_name(n) for n in names} == names
    assert any("n9" in snap.nodes for snap in explorer.result.snapshots)  # AO* reaches n9
    n1, n9 = memory.node_name("n1"), memory.node_name("n9")
    assert edited_items(explorer.picture) == {n9, f"{n1}->{n9}"}


@pytest.mark.parametrize("bad", ["n0 -> ", "a -> b\nb -> a"])
def test_bad_input_keeps_the_layout_and_the_marks(explorer, bad):
    explorer.h_inputs["n4"].value = "4"
    layout, steps = explorer.picture.dot, explorer.picture.steps
    explorer.rules.value = bad
    assert explorer.rules_feedback.message
    explorer.h_inputs["n1"].value = "x"
    assert explorer.h_feedback.message
    assert explorer.picture.dot == layout and explorer.picture.steps == steps


def test_every_cycle_of_the_largest_graph_steps_in_the_page():
    # A chain of MAX_NODES nodes: AO* expands them one by one (the last one, with no rule,
    # is a dead end), a step each.
    chain = "".join(f"n{i} -> n{i + 1}\n" for i in range(MAX_NODES - 1))
    explorer = AOStarExplorer(chain)
    assert explorer.result.cycles == MAX_NODES <= MAX_BROWSER_STEPS
    assert explorer.picture.steps["count"] == explorer.cycle.max == MAX_NODES
    explorer.cycle.value = 7
    assert explorer.picture.step == 7
