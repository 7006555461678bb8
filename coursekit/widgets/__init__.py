"""Interactive explorers (ipywidgets 8) for JupyterLab.

Each explorer is built from the pictures of :mod:`coursekit.draw` and the
algorithms of the package: every edit re-runs the algorithm and redraws at
once. Bad input never loses work: the explorer keeps its last good state and
shows what is wrong in a :class:`~coursekit.widgets.base.Feedback` line beside
the input.
"""

from coursekit.widgets.algorithm_comparison import AlgorithmComparison
from coursekit.widgets.aostar_explorer import AOStarExplorer
from coursekit.widgets.base import Feedback, SvgView
from coursekit.widgets.bstar_explorer import BStarExplorer
from coursekit.widgets.connect_four_board import ConnectFourBoard
from coursekit.widgets.graph_view import GraphView, StepThrough
from coursekit.widgets.payoff_editor import PayoffEditor
from coursekit.widgets.search_stepper import SearchStepper
from coursekit.widgets.tictactoe_board import TicTacToeBoard
from coursekit.widgets.tree_explorer import TreeExplorer
from coursekit.widgets.tree_size_explorer import TreeSizeExplorer

__all__ = [
    "AOStarExplorer",
    "AlgorithmComparison",
    "BStarExplorer",
    "ConnectFourBoard",
    "Feedback",
    "GraphView",
    "PayoffEditor",
    "SearchStepper",
    "StepThrough",
    "SvgView",
    "TicTacToeBoard",
    "TreeExplorer",
    "TreeSizeExplorer",
]
