"""The AO* explorer, driven headlessly: edits, steps, bad input."""

from __future__ import annotations

import pytest

from coursekit.andor.examples import EXERCISE_2
from coursekit.widgets import AOStarExplorer


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
    assert "cycle 2</b>: expanded n1" in explorer.summary.value
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
    assert "monotone restriction" in explorer.summary.value


@pytest.mark.parametrize("text", ["x", "-1", "inf", "nan", ""])
def test_a_bad_h_value_is_reported_and_the_last_graph_kept(explorer, text):
    before = explorer.picture.source
    explorer.h_inputs["n1"].value = text
    assert "h(n1) must be a number" in explorer.h_feedback.message
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
