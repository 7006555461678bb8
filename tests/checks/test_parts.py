"""The grader's side of the checks: answers as plain data, decided in the grader's process."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from coursekit.checks import ch00, ch01, ch02, ch03, ch04
from coursekit.checks.parts import (
    Function,
    Unsupported,
    Value,
    declarations,
    export,
    judge,
    plain,
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
    assert judge(part, {"values": [plain(4**5)]}, seed=1).passed
    wrong = judge(part, {"values": [plain(4**5 + 1)]}, seed=1)
    assert not wrong.passed and "Too many leaves" in wrong.hint
    assert not judge(part, {"values": [{"missing": "leaves"}]}, seed=1).passed
    assert not judge(part, {"values": [{"unsupported": "Yes"}]}, seed=1).passed
    assert not judge(part, "forged", seed=1).passed


def test_a_function_is_judged_on_a_replay_of_its_recorded_results():
    part = ch00.PARTS[3]
    seed = 7
    results = [{"returned": plain(tuple(case))} for case in [(1, 1)] * 3]
    verdict = judge(part, {"results": results, "called": []}, seed=seed)
    assert not verdict.passed and "wrong result" in verdict.hint
    recorded = []

    def honest(b, m):
        from coursekit.games import tree_size

        recorded.append({"returned": plain(tree_size(b, m))})
        return tree_size(b, m)

    ch00.check_tree_size(honest, seed=seed)
    assert judge(part, {"results": recorded, "called": []}, seed=seed).passed
    called = ["coursekit.games.gametree.tree_size"]
    verdict = judge(part, {"results": recorded, "called": called}, seed=seed)
    assert not verdict.passed and verdict.forbidden == tuple(called)
    assert judge(
        part, {"results": recorded, "called": called}, seed=seed, allow_library=True
    ).passed
    assert not judge(part, {"results": recorded[:5], "called": []}, seed=seed).passed


def _exported(module, number, names, tmp_path, seed):
    path = tmp_path / f"part{number}.json"
    export(module.__name__, number, names, str(path), seed)
    return json.loads(path.read_text())


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


def test_a_search_part_is_judged_on_the_leaves_its_kernel_saw(tmp_path):
    """Set 04 part 3: the grader replays (value, leaves evaluated), recorded in the kernel."""
    part = ch04.PARTS[3]
    honest = _exported(ch04, 3, {"alphabeta_value": _correct_alphabeta}, tmp_path, seed=11)
    assert judge(part, honest, seed=11).passed
    lazy = _exported(ch04, 3, {"alphabeta_value": _minimax_only}, tmp_path, seed=11)
    verdict = judge(part, lazy, seed=11)
    assert not verdict.passed and "never prunes anything" in verdict.hint
    # the leaves come back as data: a forged, shorter record cannot pass
    forged = {"results": honest["results"][:10], "called": []}
    assert not judge(part, forged, seed=11).passed


def test_set_01s_package_holds_no_model_of_the_narrow_trough():
    assert not hasattr(ch01, "narrow_trough_rules")
    assert "head_start=(10, 1)" not in Path(ch01.__file__).read_text(encoding="utf-8")
