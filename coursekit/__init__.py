"""coursekit: a Jupyter companion for adversarial search and decomposable problems.

The package follows the chapter's order and the one-way data flow of the
design (model → algorithm → result + trace → picture/widget):

- :mod:`coursekit.games` — *what* is played: the Game protocol and concrete games.
- :mod:`coursekit.search` — *how* a game tree is searched: minimax, α-β and beyond.
- :mod:`coursekit.andor` — AND/OR graphs (与或图), solution graphs (解图) and AO*.
- :mod:`coursekit.gametheory` — normal-form games: payoffs, dominance, equilibria.
- :mod:`coursekit.draw` — pictures (graphviz, matplotlib, HTML) of results.
- :mod:`coursekit.widgets` — ipywidgets explorers built from the pictures and algorithms.
- :mod:`coursekit.checks` — answer checks called by the exercise notebooks.
- :mod:`coursekit.tools` — the ``coursekit`` command: doctor, release, grade, slides.

Importing ``coursekit`` itself is cheap: sub-packages are imported on demand.
``coursekit.set_language("zh")`` switches every message and hint to Chinese.
"""

__version__ = "0.1.0"

from coursekit.text import language, say, set_language, tr

__all__ = ["__version__", "language", "say", "set_language", "tr"]
