"""AND/OR graphs (与或图) and the search of decomposable problems.

An AND/OR graph is a hypergraph whose k-connectors (k-连接符) join a parent
node to a set of k successors that must *all* be solved. Here live the graph
model (built in code or parsed from the course's rewrite-rule notation),
solution graphs (解图) and their cost k(n, N), solvable nodes (能解节点), the
monotone restriction, and Nilsson's AO* algorithm with one snapshot per cycle.

>>> from coursekit.andor import AndOrGraph, ao_star
>>> g = AndOrGraph.from_rules("n0 -> n1, n2\\nn0 -> n3\\nterminals: n1, n2, n3")
>>> r = ao_star(g, "n0")
>>> r.cost, [str(c) for c in r.solution.connectors]
(1, ['n0 → n3'])
"""

from coursekit.andor.aostar import (
    FUTILITY,
    AOStar,
    AOStarResult,
    Revised,
    Revision,
    Snapshot,
    ao_star,
    revise,
)
from coursekit.andor.errors import AndOrError, CyclicGraphError, RuleSyntaxError
from coursekit.andor.game_graph import GameAndOrGraph, winning_strategy
from coursekit.andor.graph import AndOrGraph, Connector
from coursekit.andor.heuristics import (
    AdmissibilityViolation,
    MonotoneViolation,
    admissibility_violations,
    is_admissible,
    is_monotone,
    monotone_violations,
)
from coursekit.andor.implicit import DecomposableProblem, ImplicitAndOrGraph
from coursekit.andor.solution import (
    SolutionGraph,
    is_solution_graph,
    optimal_costs,
    optimal_solution_graph,
    solution_graph_problems,
    solution_graphs,
    solvable_nodes,
)

__all__ = [
    "FUTILITY",
    "AOStar",
    "AOStarResult",
    "AdmissibilityViolation",
    "AndOrError",
    "AndOrGraph",
    "Connector",
    "CyclicGraphError",
    "DecomposableProblem",
    "GameAndOrGraph",
    "ImplicitAndOrGraph",
    "MonotoneViolation",
    "Revised",
    "Revision",
    "RuleSyntaxError",
    "Snapshot",
    "SolutionGraph",
    "admissibility_violations",
    "ao_star",
    "is_admissible",
    "is_monotone",
    "is_solution_graph",
    "monotone_violations",
    "optimal_costs",
    "optimal_solution_graph",
    "revise",
    "solution_graph_problems",
    "solution_graphs",
    "solvable_nodes",
    "winning_strategy",
]
