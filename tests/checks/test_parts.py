"""The grader's side of the checks: answers as data or literals, decided in the grader."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.checks import ch00, ch01, ch02, ch03, ch04
from coursekit.checks.parts import (
    Function,
    NotLiteral,
    Unsupported,
    Value,
    declarations,
    export_values,
    judge,
    judge_function,
    literal_answers,
    plain,
    public_name,
    unplain,
)
from coursekit.games import MAX

ANSWERS = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=5)
    | st.fractions(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.integers() | st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(ANSWERS)
def test_plain_data_survives_json_unchanged(value):
    assert unplain(json.loads(json.dumps(plain(value)))) == value


def test_a_rigged_number_becomes_its_plain_value():
    class Yes(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__

    assert plain(Yes(3)) == 3 and type(plain(Yes(3))) is int
    assert unplain(plain(object())) == Unsupported("object")
    assert unplain(plain(math.inf)) == math.inf
    assert unplain(plain(Fraction(1, 3))) == Fraction(1, 3)


def test_every_real_set_declares_every_part():
    for module, count in ((ch00, 4), (ch01, 5), (ch02, 7), (ch03, 5), (ch04, 5)):
        name, parts = declarations(module.EXERCISE)
        assert name == module.__name__ and sorted(parts) == list(range(1, count + 1))
        assert all(isinstance(part, (Value, Function)) for part in parts.values())


def test_a_value_is_judged_by_the_grader_from_data_only():
    part = ch00.PARTS[1]
    assert judge(part, {"values": [plain(4**5)]}).passed
    wrong = judge(part, {"values": [plain(4**5 + 1)]})
    assert not wrong.passed and "Too many leaves" in wrong.hint
    assert not judge(part, {"values": [{"missing": "leaves"}]}).passed
    assert not judge(part, {"values": [{"unsupported": "Yes"}]}).passed
    assert not judge(part, "forged").passed


def test_a_value_is_exported_as_plain_data_through_a_public_encoder(tmp_path):
    part = ch02.PARTS[1]
    path = tmp_path / "part.json"
    from coursekit.andor.examples import exercise_1

    export_values(part.names, public_name(part.encode), {"graph_1": exercise_1()}, str(path))
    assert judge(part, json.loads(path.read_text())).passed
    export_values(part.names, public_name(part.encode), {}, str(path))
    assert "There is no variable graph_1" in judge(part, json.loads(path.read_text())).hint


def test_an_encoder_that_is_not_public_is_refused():
    with pytest.raises(TypeError, match=r"coursekit\.checks\.public"):
        public_name(ch02._graph_object)


def test_a_function_part_is_judged_by_calling_the_function_on_hidden_cases():
    part = ch00.PARTS[3]
    from coursekit.games import tree_size

    assert judge_function(part, tree_size, seed=7).passed
    verdict = judge_function(part, lambda b, m: (1, 1), seed=7)
    assert not verdict.passed and "wrong result" in verdict.hint


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("x = None\nx = 3", 3),
        ("x = {'A': 3, 'B': -math.inf}", {"A": 3, "B": -math.inf}),
        ("x = [4 - 5, 6 - 4, 2 * 3]", [-1, 2, 6]),
        ("x = {('a', 'b'), ('c', 'd')}", {("a", "b"), ("c", "d")}),
        ("x = float('-inf')  # a note", -math.inf),
        ("x: int = 2\nraise NotImplementedError", 2),
        ("x = dict(A=1)", {"A": 1}),
    ],
)
def test_by_hand_answers_are_read_from_literals(source, expected):
    assert literal_answers(source, ("x",)) == {"x": expected}


@pytest.mark.parametrize(
    "source",
    [
        "from coursekit.search import minimax\nx = minimax(TREE).value",
        "x = sorted([3, 1])",
        "x = [v for v in range(3)]",
        "x = __import__('os').getcwd()",
        "for i in range(3):\n    x = i",
        "x = y = TREE",
        "x = 10**10**10",
        "x = (" * 300 + "1" + ")" * 300,
    ],
)
def test_code_in_a_by_hand_answer_is_refused_without_running_it(source):
    with pytest.raises(NotLiteral):
        literal_answers(source, ("x",))


def _correct_alphabeta(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    at_max = game.to_move(state) is MAX
    v = -math.inf if at_max else math.inf
    for a in game.actions(state):
        w = _correct_alphabeta(game, game.result(state, a), alpha, beta)
        if at_max:
            v = max(v, w)
            if v >= beta:
                return v
            alpha = max(alpha, v)
        else:
            v = min(v, w)
            if v <= alpha:
                return v
            beta = min(beta, v)
    return v


def _minimax_only(game, state, alpha, beta):
    """The bounds are never passed down: every leaf is evaluated."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [_minimax_only(game, game.result(state, a), alpha, beta) for a in game.actions(state)]
    return max(values) if game.to_move(state) is MAX else min(values)


def test_a_search_part_is_judged_on_the_leaves_the_function_evaluated():
    """Set 04 part 3: the check sees (value, leaves evaluated) through the public adapter."""
    part = ch04.PARTS[3]
    adapt = part.adapt
    assert judge_function(part, adapt(_correct_alphabeta), seed=11).passed
    verdict = judge_function(part, adapt(_minimax_only), seed=11)
    assert not verdict.passed and "never prunes anything" in verdict.hint


def test_set_01s_package_holds_no_model_of_the_narrow_trough():
    assert not hasattr(ch01, "narrow_trough_rules")
    assert "head_start=(10, 1)" not in Path(ch01.__file__).read_text(encoding="utf-8")


def test_the_by_hand_hint_is_said_in_the_students_language():
    from coursekit.checks.parts import by_hand_hint

    assert "worked out by hand" in by_hand_hint("sorted([3, 1])", lang="en")
    chinese = by_hand_hint("sorted([3, 1])", lang="zh")
    assert "亲手" in chinese and "sorted([3, 1])" in chinese
