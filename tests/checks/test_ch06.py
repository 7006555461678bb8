"""The checks of exercise set 06: right answers pass, typical mistakes get their own hints."""

from __future__ import annotations

import math

import pytest

from coursekit.checks import ch06
from coursekit.checks.common import SUCCESS_LINE
from coursekit.games import MAX, MIN, GameTree
from coursekit.search import negamax

INF = math.inf


def passes(capsys):
    return capsys.readouterr().out.strip() == SUCCESS_LINE


# --- part 1 -----------------------------------------------------------------------------------


def right_negamax(game, state):
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    return max(-right_negamax(game, game.result(state, a)) for a in game.actions(state))


def test_part1_right_negamax_passes(capsys):
    ch06.check_negamax_function(right_negamax)
    assert passes(capsys)


def test_part1_hidden_seed_passes(capsys):
    ch06.check_negamax_function(right_negamax, seed=123)
    assert passes(capsys)


@pytest.mark.parametrize("mistake", list(ch06.NEGAMAX_MISTAKES))
def test_part1_each_mistake_gets_its_hint(mistake):
    def student(game, state):
        return ch06.mistaken_negamax(game, state, mistake)

    with pytest.raises(AssertionError, match="negamax written so that"):
        ch06.check_negamax_function(student)


def test_part1_the_max_view_is_not_the_movers_view():
    def max_view(game, state):
        value = right_negamax(game, state)
        return value if game.to_move(state) is MAX else -value

    with pytest.raises(AssertionError, match="not the value for the player"):
        ch06.check_negamax_function(max_view)


def test_part1_placeholders_get_hints():
    with pytest.raises(AssertionError, match="no answer yet"):
        ch06.check_negamax_function(None)

    def unwritten(game, state):
        raise NotImplementedError

    with pytest.raises(AssertionError, match="NotImplementedError"):
        ch06.check_negamax_function(unwritten)


def test_mistaken_negamax_refuses_unknown_mistakes():
    tree = GameTree.from_nested([1, 2])
    with pytest.raises(ValueError, match="mistake"):
        ch06.mistaken_negamax(tree, tree.initial, "typo")


# --- part 2 -----------------------------------------------------------------------------------


def fixed_table_value(game, state, alpha, beta, table):
    """The table search of part 2 with the flag judged by the window actually searched."""
    if state in table:
        flag, stored = table[state]
        if flag == ch06.EXACT:
            return stored
        if flag == ch06.LOWER:
            alpha = max(alpha, stored)
        else:
            beta = min(beta, stored)
        if alpha >= beta:
            return stored
    alpha0, beta0 = alpha, beta
    if game.is_terminal(state):
        v = game.utility(state, MAX)
    elif game.to_move(state) is MAX:
        v = -INF
        for a in game.actions(state):
            v = max(v, fixed_table_value(game, game.result(state, a), alpha, beta, table))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
    else:
        v = INF
        for a in game.actions(state):
            v = min(v, fixed_table_value(game, game.result(state, a), alpha, beta, table))
            beta = min(beta, v)
            if alpha >= beta:
                break
    if v <= alpha0:
        table[state] = (ch06.UPPER, v)
    elif v >= beta0:
        table[state] = (ch06.LOWER, v)
    else:
        table[state] = (ch06.EXACT, v)
    return v


def test_part2_the_fixed_table_passes(capsys):
    ch06.check_table_function(fixed_table_value)
    assert passes(capsys)
    ch06.check_table_function(fixed_table_value, seed=7)
    assert passes(capsys)


def test_part2_no_table_at_all_passes(capsys):
    def plain(game, state, alpha, beta, table):
        r = negamax(game, state, alpha=alpha, beta=beta)
        return r.value

    ch06.check_table_function(plain)
    assert passes(capsys)


def test_part2_the_given_bug_is_caught():
    with pytest.raises(AssertionError, match="as if it were exact: a result"):
        ch06.check_table_function(ch06.exact_only_table_value)


def test_part2_a_clipped_answer_is_caught():
    def clipped(game, state, alpha, beta, table):
        value = negamax(game, state).value
        return min(max(value, alpha + 0.5), beta - 0.5) if alpha < value < beta else value + 1

    with pytest.raises(AssertionError, match="cannot return there: inside"):
        ch06.check_table_function(clipped)


def test_part2_answers_of_the_wrong_type_fail():
    with pytest.raises(AssertionError, match="cannot return"):
        ch06.check_table_function(lambda game, state, alpha, beta, table: "3")


# --- part 3 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("prediction", ch06.PREDICTIONS)
def test_part3_any_prediction_passes(prediction, capsys):
    ch06.check_prediction(prediction)
    assert passes(capsys)


@pytest.mark.parametrize(("answer", "hint"), [(None, "no answer"), ("less", "should be one of")])
def test_part3_non_predictions_fail(answer, hint):
    with pytest.raises(AssertionError, match=hint):
        ch06.check_prediction(answer)


def test_part4_the_measurement_passes(capsys):
    game, state = ch06.killer_position()
    without = negamax(game, state, depth=ch06.KILLER_DEPTH).stats.nodes
    with_killers = negamax(game, state, depth=ch06.KILLER_DEPTH, killers=True).stats.nodes
    ch06.check_killer_measurement(without, with_killers)
    assert passes(capsys)


def test_part4_mistakes_get_hints():
    game, state = ch06.killer_position()
    without = negamax(game, state, depth=ch06.KILLER_DEPTH).stats.nodes
    with_killers = negamax(game, state, depth=ch06.KILLER_DEPTH, killers=True).stats.nodes
    assert without != with_killers  # else the exercise measures nothing
    with pytest.raises(AssertionError, match="swapped"):
        ch06.check_killer_measurement(with_killers, without)
    with pytest.raises(AssertionError, match="nodes_with is not"):
        ch06.check_killer_measurement(without, with_killers + 1)
    from_the_start = negamax(game, depth=ch06.KILLER_DEPTH).stats.nodes
    with pytest.raises(AssertionError, match="nodes_without is not"):
        ch06.check_killer_measurement(from_the_start, with_killers)
    with pytest.raises(AssertionError, match="whole number"):
        ch06.check_killer_measurement(float(without), with_killers)
    with pytest.raises(AssertionError, match="no answer"):
        ch06.check_killer_measurement(None, with_killers)


def test_random_trees_hold_both_roots():
    roots = {tree.root_player for tree in ch06.random_trees()}
    assert roots == {MAX, MIN}
