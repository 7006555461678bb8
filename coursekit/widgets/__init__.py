"""Interactive explorers (ipywidgets 8) for JupyterLab.

Each explorer is built from the pictures of :mod:`coursekit.draw` and the
algorithms of the package: every edit re-runs the algorithm and redraws at
once. Bad input never loses work: the explorer keeps its last good state and
shows what is wrong in a :class:`~coursekit.widgets.base.Feedback` line beside
the input.
"""

from coursekit.lazy import lazy_exports

# Each name → its module, imported on first use (so one explorer does not pull in numpy).
_WHERE = {
    "AlgorithmComparison": "coursekit.widgets.algorithm_comparison",
    "AOStarExplorer": "coursekit.widgets.aostar_explorer",
    "Feedback": "coursekit.widgets.base",
    "SvgView": "coursekit.widgets.base",
    "BStarExplorer": "coursekit.widgets.bstar_explorer",
    "ConnectFourBoard": "coursekit.widgets.connect_four_board",
    "GraphView": "coursekit.widgets.graph_view",
    "StepThrough": "coursekit.widgets.graph_view",
    "PayoffEditor": "coursekit.widgets.payoff_editor",
    "SearchStepper": "coursekit.widgets.search_stepper",
    "TicTacToeBoard": "coursekit.widgets.tictactoe_board",
    "TreeExplorer": "coursekit.widgets.tree_explorer",
    "TreeSizeExplorer": "coursekit.widgets.tree_size_explorer",
}

__getattr__, __dir__ = lazy_exports(__name__, _WHERE)

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
