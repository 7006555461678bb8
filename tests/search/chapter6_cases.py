"""Random games for the chapter-6 tests: trees with ties, ragged trees, board positions.

Each case is (game, state, depth) with a reference: plain minimax's value at that depth.
"""

from __future__ import annotations

from hypothesis import strategies as st

from coursekit.games import MAX, MIN, ConnectFour, GameTree, TicTacToe
from coursekit.search import minimax

TICTACTOE = TicTacToe()
SMALL_CONNECT_FOUR = ConnectFour(rows=4, cols=4, k=3)
CONNECT_FOUR = ConnectFour(rows=5, cols=5, k=4)

uniform_trees = st.builds(
    GameTree.random,
    branching=st.sampled_from([1, 2, 3, (1, 3), (2, 4)]),
    depth=st.integers(0, 4),
    seed=st.integers(0, 10**6),
    order=st.sampled_from(["random", "best", "worst"]),
    values=st.sampled_from([(-2, 2), (-9, 9), (0, 1)]),  # few values: many ties
    root=st.sampled_from([MAX, MIN]),
)
nested = st.recursive(
    st.integers(-3, 3), lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=25
)
ragged_trees = st.builds(
    lambda n, root: GameTree.from_nested(n, root), nested, st.sampled_from([MAX, MIN])
)
trees = st.one_of(uniform_trees, ragged_trees)


@st.composite
def played(draw, game, fewest: int, most: int):
    """A position reached by random legal moves from the start (not necessarily finished)."""
    state = game.initial
    for _ in range(draw(st.integers(fewest, most))):
        if game.is_terminal(state):
            break
        state = game.result(state, draw(st.sampled_from(game.actions(state))))
    return state


@st.composite
def tree_cases(draw):
    tree = draw(trees)
    return tree, tree.initial, None


@st.composite
def board_cases(draw):
    """Tic-tac-toe to the end, or Connect Four to a small depth with e(p)."""
    kind = draw(st.sampled_from(["tictactoe", "small connect four", "connect four"]))
    if kind == "tictactoe":
        return TICTACTOE, draw(played(TICTACTOE, 2, 9)), draw(st.sampled_from([None, 2, 3]))
    game = SMALL_CONNECT_FOUR if kind == "small connect four" else CONNECT_FOUR
    return game, draw(played(game, 0, 12)), draw(st.integers(1, 4))


def reference(game, state, depth):
    """Minimax's value at this depth."""
    return minimax(game, state, depth=depth).value


def check_value_and_move(result, game, state, depth):
    """The value is minimax's, and the move chosen is worth exactly that value."""
    expected = reference(game, state, depth)
    assert result.value == expected, (result.algorithm, result.value, expected)
    if game.is_terminal(state) or depth == 0:
        assert result.move is None
        return
    assert result.move in game.actions(state)
    below = None if depth is None else depth - 1
    assert reference(game, game.result(state, result.move), below) == expected
