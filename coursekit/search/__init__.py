"""How a game tree is searched: minimax (极小极大), α-β pruning (α-β剪枝) and beyond.

Every algorithm here takes a game that follows :class:`coursekit.games.Game`
and returns the same :class:`SearchResult`: the backed-up value from MAX's
point of view, the best move, the principal variation, statistics (nodes,
leaves, cutoffs, …) and, when asked with ``trace=True``, an ordered trace of
enter / leaf / exit / cutoff events that pictures and widgets replay.

This package never imports ipywidgets, matplotlib or graphviz: pictures read
its results, never the other way round.
"""
