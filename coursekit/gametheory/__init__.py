"""Normal-form games (博弈论基础): payoff matrices, dominance and equilibria.

:class:`NormalFormGame` (``game.py``) holds the payoffs and delegates each
question to one algorithm module, which takes matrices and labels:
``best_response`` (best responses, pure equilibria, the exact equilibrium
test), ``dominance`` (iterated elimination), ``support_enumeration`` and
``vertex_enumeration`` (mixed equilibria, degeneracy; ``vertex_walk`` walks
the vertices of the best-response polytopes), ``zero_sum`` (the
value by linear programming), ``best_response_graph`` (the 2×2 picture's
model); ``exact`` and ``linear`` are their arithmetic.

Two-player games given by payoff matrices: dominated strategies and their
iterated elimination, best responses, pure and mixed Nash equilibria, Pareto
optimality, the value of zero-sum games, and a catalog of the course's games
(the prisoner's dilemma, the smart-pigs game, Tian Ji's horse race, …).

>>> from coursekit.gametheory import NormalFormGame, catalog
>>> g = catalog.prisoners_dilemma()
>>> [g.row_labels[i] + " / " + g.col_labels[j] for i, j in g.pure_equilibria()]
['confess (认罪) / confess (认罪)']
"""

from coursekit.gametheory import catalog, ipd, nature, parse
from coursekit.gametheory.best_response import Equilibrium
from coursekit.gametheory.dominance import Domination, Elimination
from coursekit.gametheory.errors import DegenerateGameWarning, GameTooLargeError, PayoffError
from coursekit.gametheory.game import NormalFormGame
from coursekit.gametheory.pigs import SmartPigs
from coursekit.gametheory.vertex_enumeration import Component, Degeneracy
from coursekit.gametheory.zero_sum import ZeroSumSolution

__all__ = [
    "Component",
    "Degeneracy",
    "DegenerateGameWarning",
    "Domination",
    "Elimination",
    "Equilibrium",
    "GameTooLargeError",
    "NormalFormGame",
    "PayoffError",
    "SmartPigs",
    "ZeroSumSolution",
    "catalog",
    "ipd",
    "nature",
    "parse",
]
