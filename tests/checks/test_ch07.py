"""The checks of exercise set 07: right answers pass, typical mistakes get their own hints."""

from __future__ import annotations

import inspect
import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit import set_language
from coursekit.checks import ch07
from coursekit.checks.common import SUCCESS_LINE
from coursekit.checks.parts import judge_function
from coursekit.checks.public.ch07 import CHILDREN, PLAYOUT_WINNER, ROOT_VISITS, TREE
from coursekit.games import MAX, ChanceTree
from coursekit.search import expectiminimax
from coursekit.text import say
from coursekit.tools.grading.student_function import StudentFunction
from coursekit.tools.sandbox.process import Sandbox


def passes(capsys):
    return capsys.readouterr().out.strip() == SUCCESS_LINE


# --- part 1: chance nodes by hand ----------------------------------------------------------


def outcome_values(tree, move):
    """MIN's backed-up value below each outcome of the chance node after ``move``."""
    chance = tree.result(tree.initial, move)
    return [
        (p, min(tree.utility(leaf) for leaf in leaves_below(tree, tree.result(chance, r))))
        for r, p in tree.chance_outcomes(chance)
    ]


def leaves_below(tree, node):
    return [tree.result(node, a) for a in tree.actions(node)]


def by_hand_values(tree):
    """Part 1's answer, worked as the exercise asks (MIN below each outcome, then averaged)."""
    moves = list(tree.actions(tree.initial))
    values = [sum(p * v for p, v in outcome_values(tree, m)) for m in moves]
    return values, max(moves, key=lambda m: values[m])


def test_part1_the_worked_answer_passes_and_agrees_with_expectiminimax(capsys):
    values, move = by_hand_values(TREE)
    assert values == [expectiminimax(TREE, (m,)).value for m in range(3)]
    ch07.check_chance_values(TREE, values, move)
    assert passes(capsys)
    ch07.check_chance_values(TREE, [float(v) for v in values], move)  # decimals too
    assert passes(capsys)


def test_part1_the_minimum_over_the_dice_gets_its_own_hint():
    values, move = by_hand_values(TREE)
    values[0] = min(v for _, v in outcome_values(TREE, 0))
    with pytest.raises(AssertionError, match="not the minimum"):
        ch07.check_chance_values(TREE, values, move)


def test_part1_the_unweighted_mean_gets_its_own_hint():
    values, move = by_hand_values(TREE)
    outcomes = outcome_values(TREE, 1)  # probabilities 1/4 and 3/4: the mean differs
    values[1] = sum(v for _, v in outcomes) / len(outcomes)
    with pytest.raises(AssertionError, match="weight each outcome"):
        ch07.check_chance_values(TREE, values, move)


def test_part1_the_move_of_the_best_worst_case_is_not_maxs_move():
    values, move = by_hand_values(TREE)
    worst_case = max(range(3), key=lambda m: min(v for _, v in outcome_values(TREE, m)))
    assert worst_case != move  # the tree is built so that the two differ
    with pytest.raises(AssertionError, match="largest expected value"):
        ch07.check_chance_values(TREE, values, worst_case)


@pytest.mark.parametrize(
    ("values", "move", "message"),
    [
        (None, 2, "no answer yet"),
        ([1, 2], 2, "one value per move"),
        ([1, 2, "3"], 2, "should be a number"),
        ({0: 1}, 2, "should be of type"),
    ],
)
def test_part1_malformed_answers_are_named(values, move, message):
    with pytest.raises(AssertionError, match=message):
        ch07.check_chance_values(TREE, values, move)


# --- part 2: selection --------------------------------------------------------------------


C = math.sqrt(2)


def ucb_by_hand(children, n, c=C):
    return {m: w / v + c * math.sqrt(math.log(n) / v) for m, (w, v) in children.items()}


def test_part2_two_decimals_pass_and_the_largest_is_selected(capsys):
    ucb = {m: round(u, 2) for m, u in ucb_by_hand(CHILDREN, ROOT_VISITS).items()}
    selected = max(ucb, key=ucb.get)
    ch07.check_selection(CHILDREN, ROOT_VISITS, ucb, selected)
    assert passes(capsys)


def test_part2_the_mean_alone_and_the_best_mean_get_their_own_hints():
    exact = ucb_by_hand(CHILDREN, ROOT_VISITS)
    means = {m: w / v for m, (w, v) in CHILDREN.items()}
    with pytest.raises(AssertionError, match="add the exploration term"):
        ch07.check_selection(CHILDREN, ROOT_VISITS, means, "c")
    best_mean = max(means, key=means.get)
    assert best_mean != max(exact, key=exact.get)  # exploration decides here
    with pytest.raises(AssertionError, match="best mean result"):
        ch07.check_selection(CHILDREN, ROOT_VISITS, exact, best_mean)


@given(
    counts=st.lists(st.tuples(st.integers(0, 9), st.integers(1, 9)), min_size=2, max_size=4),
)
@settings(max_examples=60, deadline=None)
def test_part2_on_random_roots_only_the_largest_ucb_passes(counts):
    children = {chr(97 + i): (min(w, v), v) for i, (w, v) in enumerate(counts)}
    n = sum(v for _, v in children.values())
    exact = ucb_by_hand(children, n)
    best = max(exact, key=exact.get)
    ch07.check_selection(children, n, exact, best)
    for other in children:
        if exact[other] < exact[best] - 1e-9:
            with pytest.raises(AssertionError):
                ch07.check_selection(children, n, exact, other)


# --- part 3: back-propagation -------------------------------------------------------------


def test_part3_the_counts_from_each_choosers_side_pass(capsys):
    exact = ucb_by_hand(CHILDREN, ROOT_VISITS)
    child = max(exact, key=exact.get)
    wins, visits = CHILDREN[child]
    assert PLAYOUT_WINNER == "MIN"  # MAX chose the child (no win), MIN the new node (a win)
    after = {"root": ROOT_VISITS + 1, child: (wins, visits + 1), "new": (1, 1)}
    ch07.check_counts(CHILDREN, ROOT_VISITS, PLAYOUT_WINNER, after)
    assert passes(capsys)


def test_part3_counting_for_the_wrong_player_gets_its_own_hint():
    exact = ucb_by_hand(CHILDREN, ROOT_VISITS)
    child = max(exact, key=exact.get)
    wins, visits = CHILDREN[child]
    flipped = {"root": ROOT_VISITS + 1, child: (wins + 1, visits + 1), "new": (0, 1)}
    with pytest.raises(AssertionError, match="wrong player"):
        ch07.check_counts(CHILDREN, ROOT_VISITS, PLAYOUT_WINNER, flipped)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"root": 10}, "root's visits"),
        ({"new": (1, 0)}, "visits of 'new'"),
        ({"new": 1}, "should be a pair"),
    ],
)
def test_part3_wrong_counts_are_named(change, message):
    exact = ucb_by_hand(CHILDREN, ROOT_VISITS)
    child = max(exact, key=exact.get)
    wins, visits = CHILDREN[child]
    after = {"root": ROOT_VISITS + 1, child: (wins, visits + 1), "new": (1, 1)} | change
    with pytest.raises(AssertionError, match=message):
        ch07.check_counts(CHILDREN, ROOT_VISITS, PLAYOUT_WINNER, after)


def test_part3_another_child_is_named_without_naming_the_right_one():
    exact = ucb_by_hand(CHILDREN, ROOT_VISITS)
    other = min(exact, key=exact.get)
    after = {"root": ROOT_VISITS + 1, other: (0, 1), "new": (1, 1)}
    with pytest.raises(AssertionError, match="the child that selection picks") as caught:
        ch07.check_counts(CHILDREN, ROOT_VISITS, PLAYOUT_WINNER, after)
    assert str(caught.value) == say("ch07.after_child")  # a sentence that names no child


# --- part 4: expectiminimax written by the student ----------------------------------------


def right_expectiminimax(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.is_chance(state):
        return sum(
            p * right_expectiminimax(game, game.result(state, r))
            for r, p in game.chance_outcomes(state)
        )
    values = [right_expectiminimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) is MAX else min(values)


def mean_at_chance(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.is_chance(state):
        outcomes = game.chance_outcomes(state)
        return sum(mean_at_chance(game, game.result(state, r)) for r, _ in outcomes) / len(outcomes)
    values = [mean_at_chance(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) is MAX else min(values)


def test_part4_a_right_function_passes_on_the_shown_and_hidden_cases(capsys):
    ch07.check_expectiminimax_function(right_expectiminimax)
    assert passes(capsys)
    ch07.check_expectiminimax_function(right_expectiminimax, seed=3)
    assert passes(capsys)


def test_part4_the_cases_have_chance_nodes_everywhere_and_are_seeded():
    trees = ch07.random_chance_trees()
    assert any(t.is_chance(t.initial) for t in trees)
    assert any(t.to_move(t.initial) is not MAX for t in trees)
    assert sum(len(t) for t in trees) > 1_000
    assert [t.to_nested() for t in trees] == [t.to_nested() for t in ch07.random_chance_trees()]
    assert [t.to_nested() for t in trees] != [
        t.to_nested() for t in ch07.random_chance_trees(seed=3)
    ]


def test_part4_a_plain_mean_gets_its_own_hint():
    with pytest.raises(AssertionError, match="plain mean"):
        ch07.check_expectiminimax_function(mean_at_chance)


def test_part4_minimax_without_chance_nodes_is_caught():
    def as_minimax(game, state):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        children = [game.result(state, a) for a in game.actions(state)]
        children += [game.result(state, r) for r, _ in game.chance_outcomes(state)]
        values = [as_minimax(game, c) for c in children]
        return max(values) if game.to_move(state) is MAX else min(values)

    with pytest.raises(AssertionError, match="as if a player moved there"):
        ch07.check_expectiminimax_function(as_minimax)


@pytest.mark.parametrize(
    ("function", "message"),
    [
        (lambda game, state: "3", "should return a number"),
        (None, "no answer yet"),
    ],
)
def test_part4_bad_answers_are_named(function, message):
    with pytest.raises(AssertionError, match=message):
        ch07.check_expectiminimax_function(function)


def test_part4_an_unwritten_function_says_so():
    def unwritten(game, state):
        raise NotImplementedError

    with pytest.raises(AssertionError, match="NotImplementedError"):
        ch07.check_expectiminimax_function(unwritten)


def test_part4_the_grader_sees_the_function_through_the_sandbox_process(tmp_path):
    source = "from coursekit.games import MAX\n" + inspect.getsource(right_expectiminimax)
    source = source.replace("right_expectiminimax", "expectiminimax_value")
    (tmp_path / "cells.json").write_text(json.dumps([source]), encoding="utf-8")
    part = ch07.PARTS[4]
    package = str(Path(ch07.__file__).resolve().parents[2])
    unsealed = Sandbox(sealed=False, environment={"PYTHONPATH": package})
    with StudentFunction(unsealed, tmp_path, part, seconds=120) as function:
        assert judge_function(part, function, 11).passed


# --- the hints in Chinese -----------------------------------------------------------------


def test_the_hints_are_chinese_in_a_chinese_notebook():
    set_language("zh")
    try:
        with pytest.raises(AssertionError, match="机会节点"):
            ch07.check_expectiminimax_function(mean_at_chance)
        with pytest.raises(AssertionError, match="探索项"):
            means = {m: w / v for m, (w, v) in CHILDREN.items()}
            ch07.check_selection(CHILDREN, ROOT_VISITS, means, "c")
    finally:
        set_language("en")


def test_the_hints_of_the_parts_by_hand_are_chinese_and_name_the_tree():
    values, move = by_hand_values(TREE)
    values[0] = min(v for _, v in outcome_values(TREE, 0))
    exact = ucb_by_hand(CHILDREN, ROOT_VISITS)
    child = max(exact, key=exact.get)
    wins, visits = CHILDREN[child]
    flipped = {"root": ROOT_VISITS + 1, child: (wins + 1, visits + 1), "new": (0, 1)}
    set_language("zh")
    try:
        with pytest.raises(AssertionError, match="不是最小值"):
            ch07.check_chance_values(TREE, values, move)
        with pytest.raises(AssertionError, match="获胜次数算给了另一方"):
            ch07.check_counts(CHILDREN, ROOT_VISITS, PLAYOUT_WINNER, flipped)
        with pytest.raises(AssertionError) as caught:
            ch07.check_expectiminimax_function(mean_at_chance)
        hint = str(caught.value)  # the tree, then what went wrong there
        assert hint.startswith("在 ") and "这棵树上，你的函数在机会节点" in hint
    finally:
        set_language("en")


def test_a_chance_tree_at_the_root_is_valued_like_expectiminimax():
    tree = ChanceTree.from_nested(((0.5, [1, 3]), (0.5, 5)))
    assert right_expectiminimax(tree, tree.initial) == expectiminimax(tree).value == 4
