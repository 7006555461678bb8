"""Normal-form games (博弈论基础): payoff matrices, dominance and equilibria.

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
from coursekit.gametheory.dominance import Domination, Elimination
from coursekit.gametheory.equilibria import Equilibrium
from coursekit.gametheory.game import DegenerateGameWarning, NormalFormGame, PayoffError
from coursekit.gametheory.pigs import SmartPigs
from coursekit.gametheory.vertices import Component, Degeneracy
from coursekit.gametheory.zerosum import ZeroSumSolution

__all__ = [
    "Component",
    "Degeneracy",
    "DegenerateGameWarning",
    "Domination",
    "Elimination",
    "Equilibrium",
    "NormalFormGame",
    "PayoffError",
    "SmartPigs",
    "ZeroSumSolution",
    "catalog",
    "ipd",
    "nature",
    "parse",
]
