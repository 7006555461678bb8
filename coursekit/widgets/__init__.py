"""Interactive explorers (ipywidgets 8) for JupyterLab.

Each explorer is built from the pictures of :mod:`coursekit.draw` and the
algorithms of the package: every edit re-runs the algorithm and redraws at
once. Bad input never loses work: the explorer keeps its last good state and
shows what is wrong in a :class:`~coursekit.widgets.base.Feedback` line beside
the input.
"""

from coursekit.widgets.andor import AOStarExplorer
from coursekit.widgets.base import Feedback, SvgView
from coursekit.widgets.gametree import TreeExplorer
from coursekit.widgets.payoff_editor import PayoffEditor
from coursekit.widgets.start import TreeSizeExplorer
from coursekit.widgets.tictactoe import TicTacToeBoard

__all__ = [
    "AOStarExplorer",
    "Feedback",
    "PayoffEditor",
    "SvgView",
    "TicTacToeBoard",
    "TreeExplorer",
    "TreeSizeExplorer",
]
