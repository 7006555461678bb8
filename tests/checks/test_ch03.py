"""The checks of exercise set 03: right answers pass, typical mistakes get useful hints."""

from __future__ import annotations

import math

import pytest

from coursekit.checks import ch03
from coursekit.checks.common import SUCCESS_LINE
from coursekit.games import MAX, MIN, GameTree, TicTacToe

TREE = GameTree.from_nested([[[3, 17], [2, 12]], [[15, 25], [0, 2]], [[2, 5], [3, 14]]])
BOARDS = [
    "x . .\n. o .\n. . .",
    ". o .\n. x .\n. . .",
    "x o x\n. o .\n. . x",
    "x x x\no o .\n. . .",
]
GAME = TicTacToe()


def passes(capsys):
    return capsys.readouterr().out.strip() == SUCCESS_LINE


# --- part 1 -----------------------------------------------------------------------------------


def right_values():
    # By hand: B1 = 17, B2 = 12 → B = 12; C1 = 25, C2 = 2 → C = 2; D1 = 5, D2 = 14 → D = 5.
    return {"B1": 17, "B2": 12, "B": 12, "C1": 25, "C2": 2, "C": 2, "D1": 5, "D2": 14, "D": 5,
            "A": 12}  # fmt: skip


def test_part1_right_answer_passes(capsys):
    ch03.check_backed_up(TREE, right_values(), "B")
    assert passes(capsys)


@pytest.mark.parametrize(
    ("change", "move", "hint"),
    [
        ({"B": 17}, "B", "The value of B is wrong. B is a MIN node, so it takes the smallest"),
        ({"B1": 3}, "B", "The value of B1 is wrong. B1 is a MAX node, so it takes the largest"),
        ({"A": 5}, "B", "The value of A is wrong"),
        ({}, "C", "Moving to C does not give the root its backed-up value"),
        ({}, "B1", "one of the root's children: B, C, D"),
    ],
)
def test_part1_mistakes_get_hints(change, move, hint):
    values = {**right_values(), **change}
    with pytest.raises(AssertionError, match=hint):
        ch03.check_backed_up(TREE, values, move)


def test_part1_missing_extra_and_empty():
    values = right_values()
    del values["C2"]
    with pytest.raises(AssertionError, match="missing: C2"):
        ch03.check_backed_up(TREE, values, "B")
    with pytest.raises(AssertionError, match="B1a is not an inner node"):
        ch03.check_backed_up(TREE, {**right_values(), "B1a": 3}, "B")
    with pytest.raises(AssertionError, match="no answer yet"):
        ch03.check_backed_up(TREE, None, None)
    with pytest.raises(AssertionError, match="no answer yet"):
        ch03.check_backed_up(TREE, right_values(), None)


def test_part1_hints_never_contain_the_missing_value():
    values = {**right_values(), "B": 99}
    with pytest.raises(AssertionError) as error:
        ch03.check_backed_up(TREE, values, "B")
    assert "12" not in str(error.value)


# --- part 2 -----------------------------------------------------------------------------------


def test_part2_right_answer_passes(capsys):
    # Counted by hand, line by line: 4 − 5, 6 − 4, 3 − 2, and a board × has won.
    ch03.check_evaluations(BOARDS, [-1, 2, 1, math.inf])
    assert passes(capsys)


@pytest.mark.parametrize(
    ("answers", "hint"),
    [
        ([1, 2, 1, math.inf], "Board 1: the sign is wrong"),
        ([-1, 3, 1, math.inf], "Board 2: the value is wrong. Count the rows"),
        ([-1, 2, 1, 3], "Board 4: somebody has three in a row"),
        ([-1, 2, 1, -math.inf], "Board 4: somebody has three in a row"),
        ([-1, "2", 1, math.inf], "Board 2: the value should be a number"),
        ([-1, 2], "one value per board: 4 values"),
        (None, "no answer yet"),
    ],
)
def test_part2_mistakes_get_hints(answers, hint):
    with pytest.raises(AssertionError, match=hint):
        ch03.check_evaluations(BOARDS, answers)


def test_part2_board3_by_the_course_definition():
    state = GAME.parse(BOARDS[2])
    assert (GAME.open_lines(state, MAX), GAME.open_lines(state, MIN)) == (3, 2)


# --- part 3 -----------------------------------------------------------------------------------


def good_minimax(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [good_minimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) is MAX else min(values)


def test_part3_a_right_minimax_passes(capsys):
    ch03.check_minimax_function(good_minimax)
    assert passes(capsys)


def always_max(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    return max(always_max(game, game.result(state, a)) for a in game.actions(state))


def max_first(game, state, player=MAX):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [max_first(game, game.result(state, a), player.opponent) for a in game.actions(state)]
    return max(values) if player is MAX else min(values)


def mover_utility(game, state):  # the utility for the player to move, not for MAX
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    values = [mover_utility(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) is MAX else min(values)


def mover_utility_only_in_tictactoe(game, state):
    return (good_minimax if isinstance(game, GameTree) else mover_utility)(game, state)


def never_stops(game, state):
    return never_stops(game, state)


def not_yet(game, state):
    raise NotImplementedError


def crashes(game, state):
    return state.value


@pytest.mark.parametrize(
    ("function", "hint"),
    [
        (always_max, "every node took the maximum"),
        (max_first, "as if MAX moved at the root. Ask the game who moves"),
        (mover_utility, "scored for the player to move there.*utility\\(state, MAX\\)"),
        (mover_utility_only_in_tictactoe, "tic-tac-toe position: it looks as if each finished"),
        (never_stops, "recursed without end"),
        (not_yet, "still raises NotImplementedError"),
        (crashes, "raised AttributeError"),
        (lambda game, state: 0, "wrong value"),
        (None, "no answer yet"),
    ],
)
def test_part3_mistakes_get_hints(function, hint):
    with pytest.raises(AssertionError, match=hint):
        ch03.check_minimax_function(function)


def test_part3_checks_many_seeded_trees():
    trees = ch03.random_trees()
    assert len(trees) == 200 and trees == ch03.random_trees()
    assert {t.root_player for t in trees} == {MAX, MIN}
    assert len({t.height for t in trees}) >= 4


# --- part 4 -----------------------------------------------------------------------------------


def good_count(state):
    return len({GAME.key(GAME.result(state, a)) for a in GAME.actions(state)})


def test_part4_right_function_passes(capsys):
    ch03.check_count_distinct(good_count)
    assert passes(capsys)


@pytest.mark.parametrize(
    ("function", "hint"),
    [
        (lambda s: len(GAME.actions(s)), "equals the number of legal moves"),
        (lambda s: 3, "wrong count"),
        (not_yet, "still raises NotImplementedError"),
        (None, "no answer yet"),
    ],
)
def test_part4_mistakes_get_hints(function, hint):
    if function is not_yet:
        function = lambda s: not_yet(None, s)  # noqa: E731
    with pytest.raises(AssertionError, match=hint):
        ch03.check_count_distinct(function)


def test_part4_a_crash_names_the_position_on_one_line():
    def crashes_after_four_moves(state):
        if GAME.to_text(state).count(".") == 5:
            raise ValueError("four marks")
        return good_count(state)

    with pytest.raises(AssertionError, match=r"raised ValueError: four marks on the position \["):
        ch03.check_count_distinct(crashes_after_four_moves)


# --- part 5 -----------------------------------------------------------------------------------


def right_counts():
    # Without symmetry: 1 + 9 + 9·8 + …; with symmetry counted by hand for depth 1 and 2.
    plain = {1: 10, 2: 82, 3: 586, 4: 3610}
    sym = {1: 4, 2: 16}
    from coursekit.search import minimax

    sym.update({d: minimax(GAME, depth=d, symmetry=True).stats.nodes for d in (3, 4)})
    return {d: (plain[d], sym[d]) for d in (1, 2, 3, 4)}


def test_part5_right_counts_pass(capsys):
    ch03.check_symmetry_counts(right_counts())
    assert passes(capsys)


def test_part5_mistakes_get_hints():
    counts = right_counts()
    with pytest.raises(AssertionError, match="wrong way round"):
        ch03.check_symmetry_counts({**counts, 2: (16, 82)})
    with pytest.raises(AssertionError, match=r"counts\[3\]: the count without symmetry is wrong"):
        ch03.check_symmetry_counts({**counts, 3: (585, counts[3][1])})
    with pytest.raises(AssertionError, match=r"counts\[1\]: the count with symmetry is wrong"):
        ch03.check_symmetry_counts({**counts, 1: (10, 3)})
    with pytest.raises(AssertionError, match="depths 1, 2, 3 and 4"):
        ch03.check_symmetry_counts({1: (10, 4)})
    with pytest.raises(AssertionError, match="should be a pair"):
        ch03.check_symmetry_counts({**counts, 4: 3610})
    with pytest.raises(AssertionError, match="no answer yet"):
        ch03.check_symmetry_counts(None)


def test_tree_for_part1_has_min_nodes_at_depth_one():
    assert TREE.player("B") is MIN and TREE.player("B1") is MAX
