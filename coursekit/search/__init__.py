"""How a game tree is searched: minimax (极小极大), α-β pruning (α-β剪枝) and beyond.

Every algorithm here takes a game that follows :class:`coursekit.games.Game`
and returns the same :class:`SearchResult`: the backed-up value from MAX's
point of view, the best move, the principal variation, statistics (nodes,
leaves, cutoffs, …) and, when asked with ``trace=True``, an ordered trace of
enter / leaf / exit / cutoff events that pictures and widgets replay. The
exact contract is in :mod:`coursekit.search.result`.

This package never imports ipywidgets, matplotlib or graphviz: pictures read
its results, never the other way round.
"""

from coursekit.search.alphabeta import (
    ALPHA_CUT,
    BETA_CUT,
    alphabeta,
    best_case_leaves,
    distinct_uniform_tree,
    leaves_by_depth,
    reorder,
)
from coursekit.search.aspiration import aspiration
from coursekit.search.bstar import BoundedTree, BStarResult, BStep, bstar
from coursekit.search.connect4_solver import (
    Connect4Solver,
    EnhancementRow,
    NodeLimit,
    enhancement_table,
)
from coursekit.search.core import Search, SearchError, distinct_actions
from coursekit.search.expectiminimax import expectiminimax, scale_changes_decision
from coursekit.search.iterative_deepening import DeepeningResult, Iteration, iterative_deepening
from coursekit.search.labels import algorithm_label
from coursekit.search.match import (
    EngineFailure,
    MatchEngine,
    MatchResult,
    PlayedGame,
    match,
    round_robin,
    score_interval,
)
from coursekit.search.mcts import MCTSResult, MCTSStep, MCTSTrace, mcts, ucb1
from coursekit.search.minimax import minimax, minimax_two_phase
from coursekit.search.mtdf import mtdf
from coursekit.search.negamax import negamax
from coursekit.search.ordering import History, Killers
from coursekit.search.play import GameRecord, engine, human, play, random_player
from coursekit.search.pvs import pvs
from coursekit.search.quiescence import Quiescence, quiescent
from coursekit.search.registry import Algorithm, algorithms, register
from coursekit.search.result import (
    CUTOFF,
    ENTER,
    EXIT,
    LEAF,
    Cut,
    Event,
    NodeView,
    SearchResult,
    Stats,
    Trace,
)
from coursekit.search.solve import Solution, solve
from coursekit.search.sss_star import OpenEntry, Step, dual_star, sss_star
from coursekit.search.star1 import star1
from coursekit.search.transposition import EXACT, LOWER, UPPER, Entry, TranspositionTable

__all__ = [
    "ALPHA_CUT",
    "BETA_CUT",
    "CUTOFF",
    "ENTER",
    "EXACT",
    "EXIT",
    "LEAF",
    "LOWER",
    "UPPER",
    "Algorithm",
    "BStarResult",
    "BStep",
    "BoundedTree",
    "Connect4Solver",
    "Cut",
    "DeepeningResult",
    "EngineFailure",
    "EnhancementRow",
    "Entry",
    "Event",
    "GameRecord",
    "History",
    "Iteration",
    "Killers",
    "MCTSResult",
    "MCTSStep",
    "MCTSTrace",
    "MatchEngine",
    "MatchResult",
    "NodeLimit",
    "NodeView",
    "OpenEntry",
    "PlayedGame",
    "Quiescence",
    "Search",
    "SearchError",
    "SearchResult",
    "Solution",
    "Stats",
    "Step",
    "Trace",
    "TranspositionTable",
    "algorithm_label",
    "algorithms",
    "alphabeta",
    "aspiration",
    "best_case_leaves",
    "bstar",
    "distinct_actions",
    "distinct_uniform_tree",
    "dual_star",
    "engine",
    "enhancement_table",
    "expectiminimax",
    "human",
    "iterative_deepening",
    "leaves_by_depth",
    "match",
    "mcts",
    "minimax",
    "minimax_two_phase",
    "mtdf",
    "negamax",
    "play",
    "pvs",
    "quiescent",
    "random_player",
    "register",
    "reorder",
    "round_robin",
    "scale_changes_decision",
    "score_interval",
    "solve",
    "sss_star",
    "star1",
    "ucb1",
]
