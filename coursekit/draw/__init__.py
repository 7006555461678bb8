"""Pictures of models, results and traces.

Graphs and trees are ``graphviz.Digraph`` objects (tests read their
``.source``); plots use matplotlib; tables are HTML. The course's
conventions: MAX nodes are squares and MIN nodes circles, backed-up values
inside a node and α/β beside it, pruned subtrees greyed and crossed, the
chosen move and the solution graph (解图) in bold, and a k-connector with
k > 1 joined by an arc.

Pictures read results; they never run an algorithm of their own.
"""

from coursekit.lazy import lazy_exports

# Each name → its module, imported on first use (so one explorer does not pull in numpy).
_WHERE = {
    "AndOrPicture": "coursekit.draw.andor",
    "draw_cycle": "coursekit.draw.andor",
    "draw_graph": "coursekit.draw.andor",
    "draw_solution": "coursekit.draw.andor",
    "GRAPHVIZ_HINT": "coursekit.draw.base",
    "GraphvizMissing": "coursekit.draw.base",
    "Picture": "coursekit.draw.base",
    "has_dot": "coursekit.draw.base",
    "to_svg": "coursekit.draw.base",
    "board_html": "coursekit.draw.boards",
    "board_label": "coursekit.draw.boards",
    "boards_html": "coursekit.draw.boards",
    "draw_board": "coursekit.draw.boards",
    "draw_bstar": "coursekit.draw.bstar",
    "PayoffTable": "coursekit.draw.payoff",
    "payoff_table": "coursekit.draw.payoff",
    "draw_search": "coursekit.draw.trees",
    "draw_tree": "coursekit.draw.trees",
}

__getattr__, __dir__ = lazy_exports(__name__, _WHERE)

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
