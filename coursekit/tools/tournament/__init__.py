"""The class tournament (``coursekit tournament``): entries played against each other.

* :mod:`~coursekit.tools.tournament.command` — the command: the games, admission of an
  entry, :func:`run_tournament`, the standings written out;
* :mod:`~coursekit.tools.tournament.referee` — one game, the entries in their sandboxes;
* :mod:`~coursekit.tools.tournament.rounds`, :mod:`~coursekit.tools.tournament.pairing`,
  :mod:`~coursekit.tools.tournament.ratings` — rounds, who plays whom, ratings;
* :mod:`~coursekit.tools.tournament.journal`, :mod:`~coursekit.tools.tournament.records`,
  :mod:`~coursekit.tools.tournament.standings`, :mod:`~coursekit.tools.tournament.report` —
  what is played, kept (SQLite), ranked and shown (``standings.html``);
* :mod:`~coursekit.tools.tournament.cluster` — tasks on Dask distributed (grading's batch
  uses it too).

Import contract (``pyproject.toml``): stands on :mod:`coursekit.tools.sandbox` and
:mod:`coursekit.tools.notebooks`; imports nothing of grading.
"""

from coursekit.lazy import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "GAMES": "coursekit.tools.tournament.command",
        "run_tournament": "coursekit.tools.tournament.command",
        "TournamentError": "coursekit.tools.tournament.records",
        "Settings": "coursekit.tools.tournament.records",
        "GameRecord": "coursekit.tools.tournament.records",
        "play_game": "coursekit.tools.tournament.referee",
        "Journal": "coursekit.tools.tournament.journal",
        "standings_from_journal": "coursekit.tools.tournament.standings",
        "standings_page": "coursekit.tools.tournament.report",
    },
)
