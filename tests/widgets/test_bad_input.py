"""Malformed input to the explorers (tree, B*, search stepper) and the tic-tac-toe board.

Constructors raise an error of the package's type naming the argument; typed
or clicked input is answered in the widget (a message), which keeps its last
good state — never a traceback.
"""

from __future__ import annotations

import pytest

from coursekit.errors import CoursekitError
from coursekit.games import MAX, TicTacToe
from coursekit.search import mcts
from coursekit.widgets import BStarExplorer, SearchStepper, TreeExplorer
from coursekit.widgets.tictactoe_board import TicTacToeBoard

GOOD = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


@pytest.mark.timeout(30)
@pytest.mark.parametrize(
    ("make", "pattern"),
    [
        (lambda: TreeExplorer(42), "text must be a string"),
        (lambda: TreeExplorer("[[1, 2"), "never closed"),
        (lambda: TreeExplorer(GOOD, root="MAX"), "root must be MAX or MIN"),
        (lambda: TreeExplorer(GOOD, algorithm="minimaxx"), "algorithm must be one of"),
        (lambda: TicTacToeBoard(depth=0), "depth must be"),
        (lambda: TicTacToeBoard(depth=2.5), "depth must be"),
        (lambda: TicTacToeBoard(depth=True), "depth must be"),
        (lambda: TicTacToeBoard(depth=10), "depth must be"),
        (lambda: TicTacToeBoard(human="x"), "human must be MAX"),
        (lambda: BStarExplorer(42), "tree must be a text or a BoundedTree"),
        (lambda: SearchStepper(42), "result made with trace=True"),
        (
            lambda: SearchStepper(mcts(TicTacToe(), playouts=150, seed=1, trace=True)),
            "a step-through draws at most",
        ),
        (lambda: BStarExplorer("(0, 10, [5, 6"), "expected ',' or ']'"),
        (lambda: BStarExplorer("(0, 10, [" + "5, " * 300 + "6])"), "draws trees of up to"),
    ],
)
def test_bad_arguments_are_named(make, pattern):
    with pytest.raises(CoursekitError, match=pattern):
        make()


@pytest.fixture(scope="module")
def explorer():
    return TreeExplorer(GOOD)


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the text is empty"),
        ("[[3, 12], [2, oops]]", "'oops' is not a number"),
        ("[[3；12], [2, 4]]", "ASCII comma"),
        ("[[3, 12], （2, 4）]", "square brackets"),
        ("[[3, 12], [2, 4]", "never closed"),
        ("[[3, 12], [1e999, 4]]", "too large"),
        ("[" * 2_500 + "1, 2" + "]" * 2_500, "2,500 levels deep"),
        ("[" * 10_500 + "1" + "]" * 10_500, "levels deep"),
    ],
)
def test_bad_text_is_named_and_the_last_good_tree_stays(explorer, text, message):
    explorer.text.value = GOOD
    before, result = explorer.tree, explorer.result.value
    explorer.text.value = text
    assert message in explorer.feedback.message
    assert explorer.tree is before and explorer.result.value == result


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("［［3，12，8］，［2，4，6］，［14，5，2］］", 3),  # typed with a Chinese input method
        ("[[３, －１], [2、 4]]", 2),  # max(min(3, -1), min(2, 4))
        ("[" * 1_500 + "7, 2" + "]" * 1_500, 2),  # 1,500 levels; MIN chooses at level 1,499
    ],
)
def test_text_that_can_be_understood_is(explorer, text, value):
    explorer.text.value = text
    assert explorer.feedback.message == ""
    assert explorer.search.value == value
    assert f"value <b>{value}</b>" in explorer.result.value


@pytest.fixture
def board():
    return TicTacToeBoard(depth=1)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("cell", [9, -1, True, 2.5, "4", None])
def test_bad_cells_are_named_and_the_board_stays(board, cell):
    before = board.state
    board.play(cell)
    assert board.state == before
    assert "cell must be a whole number from 0 to 8" in board.status.value


def test_a_taken_cell_is_named(board):
    board.play(0)
    after = board.state
    board.play(0)
    assert board.state == after and "Cell 0 is taken" in board.status.value
    assert TicTacToe().to_move(after) is MAX


# --- the B* explorer ---------------------------------------------------------------------------

BSTAR_GOOD = "(0, 10, [(2, 8, [5, 6]), (0, 4, [1, 3])])"


@pytest.fixture(scope="module")
def bstar_explorer():
    return BStarExplorer(BSTAR_GOOD)


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the text is empty"),
        ("   ", "the text is empty"),
        ("(0, 10, [5, oops])", "'oops' is not a number"),
        ("(0, 10, [5, 6]", "expected ')' to close the node"),
        ("(0 10, [5, 6])", "expected ',' after the pessimistic bound"),
        ("(0, 10, [])", "expected a number or '('"),
        ("(0, 10, [5, 6]) 7", "after the end of the tree"),
        ("(9, 1, [5, 6])", "pessimistic 9 is above optimistic 1"),
        ("(0, 10, [(1, 2), 6])", "a leaf needs its exact value"),
        ("(0, 1e999, [5, 6])", "too large"),
        ("(0, 10, [5, 6]；", "expected ')' to close the node but found '；'"),
        ("(0, 1, [" * 120 + "1" + "])" * 120, "levels deep"),
        ("[[3, 12], [2, 4]]", "expected a number or '('"),  # the tree explorer's form
        ("(0, 10, [" + ", ".join(["(0, 10, [1, 2, 3, 4])"] * 60) + "])", "up to"),
    ],
)
def test_bad_bounded_trees_are_named_and_the_last_good_tree_stays(bstar_explorer, text, message):
    bstar_explorer.text.value = BSTAR_GOOD
    before, result, picture = (
        bstar_explorer.tree,
        bstar_explorer.result.value,
        bstar_explorer.picture.dot,
    )
    bstar_explorer.text.value = text
    assert message in bstar_explorer.feedback.message
    assert bstar_explorer.tree is before and bstar_explorer.result.value == result
    assert bstar_explorer.picture.dot == picture


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("（0，10，［（2，8，［5，6］），（0，4，［1，3］）］）", 0),  # a Chinese input method
        ("(-inf, ∞, [(−3, 2, [－3, 2]), 1])", 1),  # infinite bounds, other minus signs
        ("7", None),  # a lone leaf: nothing to prove
    ],
)
def test_bounded_trees_that_can_be_understood_are(bstar_explorer, text, move):
    bstar_explorer.text.value = text
    assert bstar_explorer.feedback.message == ""
    assert bstar_explorer.search.move == move
