"""Normal-form games (博弈论基础): payoff matrices, dominance and equilibria.

Two-player games given by payoff matrices: dominated strategies and their
iterated elimination, best responses, pure and mixed Nash equilibria, Pareto
optimality, the value of zero-sum games, and a catalog of the course's games
(the prisoner's dilemma, the smart-pigs game, Tian Ji's horse race, …).
"""
