"""The error types of coursekit.andor: one base, under CoursekitError."""

from __future__ import annotations

import pytest

from coursekit.andor import AndOrError, AndOrGraph, CyclicGraphError, RuleSyntaxError, ao_star
from coursekit.errors import CoursekitError


@pytest.mark.parametrize("error", [AndOrError, RuleSyntaxError, CyclicGraphError])
def test_every_andor_error_is_a_coursekit_error_and_a_value_error(error):
    assert issubclass(error, AndOrError) and issubclass(error, CoursekitError)
    assert issubclass(error, ValueError)


def test_a_rule_syntax_error_keeps_its_line_and_text():
    with pytest.raises(RuleSyntaxError) as caught:
        AndOrGraph.from_rules("a -> b\nc -> d e")
    error = caught.value
    assert (error.line, error.text) == (2, "c -> d e")
    assert str(error) == f"line 2: {error.message} (in “c -> d e”)"


def test_a_cyclic_graph_error_keeps_the_cycle():
    with pytest.raises(CyclicGraphError) as caught:
        ao_star(AndOrGraph.from_rules("a -> b, t\nb -> a\nb -> t\nterminals: t"))
    assert caught.value.cycle[0] == caught.value.cycle[-1]
    assert set(caught.value.cycle) == {"a", "b"}
