"""Malformed input to the tree explorer and the tic-tac-toe board.

Constructors raise an error of the package's type naming the argument; typed
or clicked input is answered in the widget (a message), which keeps its last
good state — never a traceback.
"""

from __future__ import annotations

import pytest

from coursekit.errors import CoursekitError
from coursekit.games import MAX, TicTacToe
from coursekit.widgets import TreeExplorer
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
