"""What is played: the course's formal game and concrete games.

Every game follows the :class:`Game` protocol (S0, PLAYER, ACTIONS, RESULT,
TERMINAL-TEST, UTILITY); search algorithms in :mod:`coursekit.search` work on
any of them. Values are always given from MAX's point of view.
"""

from coursekit.games.base import MAX, MIN, Game, Player, move_text, moves_text
from coursekit.games.chancetree import ChanceTree, ChanceTreeError
from coursekit.games.connectfour import ConnectFour, ConnectFourState
from coursekit.games.gametree import GameTree, GameTreeError, tree_size
from coursekit.games.grundy import Grundy, GrundyState, sprague_grundy
from coursekit.games.pig import Pig, PigState
from coursekit.games.tictactoe import TicTacToe, TicTacToeState
from coursekit.games.zobrist import HashedState, ZobristTable

__all__ = [
    "MAX",
    "MIN",
    "ChanceTree",
    "ChanceTreeError",
    "ConnectFour",
    "ConnectFourState",
    "Game",
    "GameTree",
    "GameTreeError",
    "Grundy",
    "GrundyState",
    "HashedState",
    "Pig",
    "PigState",
    "Player",
    "TicTacToe",
    "TicTacToeState",
    "ZobristTable",
    "move_text",
    "moves_text",
    "sprague_grundy",
    "tree_size",
]
