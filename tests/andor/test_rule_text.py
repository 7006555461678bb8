"""The rule notation: what it reads, and the line-numbered errors for what it cannot."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from coursekit.andor import AndOrGraph, RuleSyntaxError
from coursekit.andor.errors import AndOrError
from coursekit.andor.examples import COURSE_EXAMPLE, EXERCISE_1, EXERCISE_2
from coursekit.andor.generate import random_graph
from coursekit.andor.rule_text import Rule, ascii_text, format_rules, parse_rules


def test_the_course_example_reads_as_the_course_gives_it():
    g = AndOrGraph.from_rules(COURSE_EXAMPLE)
    assert [str(c) for c in g.connectors_of("n0")] == ["n0 → n1", "n0 → n5, n4"]
    assert [c.cost for c in g.connectors_of("n0")] == [1, 2]
    assert dict(g.h) == {
        "n0": 0, "n1": 2, "n5": 1, "n4": 1, "n2": 4, "n3": 4, "n6": 2, "n8": 0, "n7": 0,
    }  # fmt: skip
    assert g.terminals == {"n7", "n8"} and g.start == "n0"


def test_rule_names_costs_arrows_comments_and_start():
    g = AndOrGraph.from_rules(
        """
        # a comment line
        R1: a → b, c      # the unicode arrow
        R2: a -> d cost 2.5
        b -> d cost 4
        start: b
        terminals: c, d
        """
    )
    r1, r2 = g.connectors_of("a")
    assert (r1.name, r1.cost, r2.name, r2.cost) == ("R1", 2, "R2", 2.5)
    assert g.connectors_of("b")[0].cost == 4 and g.connectors_of("b")[0].name is None
    assert g.start == "b"


def test_keyword_arguments_complete_and_override_the_text():
    g = AndOrGraph.from_rules("a -> b\nh: a=3", h={"b": 1}, terminals={"b"}, start="a")
    assert g.h["a"] == 3 and g.h["b"] == 1 and g.terminals == {"b"}
    g = AndOrGraph.from_rules("a -> b\nh: a=3\nterminals: a", h={"a": 0}, terminals=["b"])
    assert g.h["a"] == 0 and g.terminals == {"b"}


def test_exercise_texts_read():
    g1 = AndOrGraph.from_rules(EXERCISE_1)
    assert [c.name for c in g1.connectors] == [f"R{i}" for i in range(1, 9)]
    g2 = AndOrGraph.from_rules(EXERCISE_2)
    assert g2.connectors_of("6")[0].successors == ("3", "3") and g2.start == "6"


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("a -> b\n\nc d", 3, "expected a rule"),
        ("a ->", 1, "no successors"),
        ("-> b", 1, "no parent"),
        ("a -> b,", 1, "missing between two commas"),
        ("a -> b,,c", 1, "missing between two commas"),
        ("a -> b c", 1, "separate successors with commas"),
        ("a -> b cost x", 1, "the cost must be a number"),
        ("a -> b cost 0", 1, "positive"),
        ("a -> b cost -2", 1, "positive"),
        ("a -> b cost", 1, "“cost 3”"),
        ("a -> cost 3", 1, "no successors"),
        ("a+ -> b", 1, "not a node name"),
        ("a -> b\nh: a", 2, "node=value"),
        ("a -> b\nh: a=x", 2, "must be a number"),
        ("a -> b\nh: a=-1", 2, "zero or more"),
        ("a -> b\nh: a=1\nh: a=2", 3, "given twice (also on line 2)"),
        ("a -> b\nh: c=1", 2, "no rule mentions"),
        ("a -> b\nterminals: z", 2, "appears in no rule"),
        ("a -> b\nterminals:", 2, "followed by nothing"),
        ("a -> b\nstart: q", 2, "appears in no rule"),
        ("a -> b\nstart: a, b", 2, "start: name"),
        ("a -> b\nstart: a\nstart: b", 3, "given twice"),
        ("a -> b, c\nR: a -> c, b", 2, "repeats the connector of line 1"),
        ("R1: a -> b\nR1: a -> c", 2, "already used on line 1"),
        ("# only a comment", 1, "no rules"),
        ("", 1, "no rules"),
    ],
)
def test_errors_name_the_line_and_the_problem(text, line, words):
    with pytest.raises(RuleSyntaxError) as caught:
        AndOrGraph.from_rules(text)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"line {line}: ")
    assert words in str(caught.value)


def test_a_non_string_is_refused():
    with pytest.raises(AndOrError, match="must be a string"):
        AndOrGraph.from_rules(["a -> b"])


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), nodes=st.integers(1, 12))
def test_writing_and_reading_back_gives_the_same_graph(seed, nodes):
    g = random_graph(seed, nodes)
    g.set_h({n: (i * 7) % 5 for i, n in enumerate(g.nodes)})
    mentioned = {n for c in g.connectors for n in (c.parent, *c.successors)}
    assume(mentioned == set(g.nodes))  # the notation only knows nodes that rules mention
    again = AndOrGraph.from_rules(g.to_rules())
    assert again == g
    assert [c.cost for c in again.connectors] == [c.cost for c in g.connectors]


def test_parse_rules_builds_no_graph_and_keeps_lines():
    parsed = parse_rules("# notes\nR1: a -> b, b cost 3\nh: a=2\nterminals: b\nstart: a")
    (rule,) = parsed.rules
    assert (rule.name, rule.parent, rule.successors, rule.cost, rule.line) == (
        "R1", "a", ("b", "b"), 3, 2,
    )  # fmt: skip
    assert parsed.h == {"a": (2, 3)} and parsed.terminals == {"b": 4} and parsed.start == ("a", 5)


def test_format_rules_writes_what_parse_rules_reads():
    rules = [Rule("R1", "a", ("b", "c"), 2.5), Rule(None, "b", ("c",))]
    text = format_rules(rules, {"a": 1}, ["c"], "a")
    assert text == "R1: a -> b, c cost 2.5\nb -> c\nh: a=1\nterminals: c\nstart: a"
    again = parse_rules(text)
    assert [(r.name, r.parent, r.successors, r.cost) for r in again.rules] == [
        (r.name, r.parent, r.successors, r.cost) for r in rules
    ]


@pytest.mark.parametrize(
    ("typed", "ascii"),
    [
        ("n0 －＞ n1，n2", "n0 -> n1,n2"),
        ("n0 -》 n1、n2", "n0 -> n1,n2"),
        ("n0 ⟶ n1", "n0 -> n1"),
        ("h： n1＝１２．５", "h: n1=12.5"),
        ("ｔｅｒｍｉｎａｌｓ：ｎ７", "terminals:n7"),
        ("n0 -> n1；n2", "n0 -> n1；n2"),  # not understood: the error names it
    ],
)
def test_full_width_forms_become_ascii(typed, ascii):
    assert ascii_text(typed) == ascii


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("n0 -> n1；n2", "“；” is a full-width character; use ASCII punctuation"),
        ("n0 -> (n1)", "“(” cannot be part of a name"),
        ("n0（ -> n1", "“（” is a full-width character"),
        ("n0 -> n1\nterminals: n1；", "“；”"),
    ],
)
def test_a_character_that_cannot_be_in_a_name_is_named(text, words):
    with pytest.raises(RuleSyntaxError) as caught:
        parse_rules(text)
    assert words in str(caught.value)
