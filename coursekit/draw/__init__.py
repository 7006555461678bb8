"""Pictures of models, results and traces.

Graphs and trees are ``graphviz.Digraph`` objects (tests read their
``.source``); plots use matplotlib; tables are HTML. The course's
conventions: MAX nodes are squares and MIN nodes circles, backed-up values
inside a node and α/β beside it, pruned subtrees greyed and crossed, the
chosen move and the solution graph (解图) in bold, and a k-connector with
k > 1 joined by an arc.

Pictures read results; they never run an algorithm of their own.
"""

from coursekit.draw.andor import AndOrPicture, draw_cycle, draw_graph, draw_solution
from coursekit.draw.base import GRAPHVIZ_HINT, GraphvizMissing, Picture, has_dot, to_svg
from coursekit.draw.boards import board_html, board_label, boards_html, draw_board
from coursekit.draw.bstar import draw_bstar
from coursekit.draw.payoff import PayoffTable, payoff_table
from coursekit.draw.trees import draw_search, draw_tree

__all__ = [
    "GRAPHVIZ_HINT",
    "AndOrPicture",
    "GraphvizMissing",
    "PayoffTable",
    "Picture",
    "board_html",
    "board_label",
    "boards_html",
    "draw_board",
    "draw_bstar",
    "draw_cycle",
    "draw_graph",
    "draw_search",
    "draw_solution",
    "draw_tree",
    "has_dot",
    "payoff_table",
    "to_svg",
]
