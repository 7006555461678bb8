"""A tournament entry's process at a fixed depth (``--depth``), run inside the entry's sandbox.

``python -m coursekit.tools.tourney_inside FILE GAME SEARCH DEPTH`` holds the
same conversation as ``inside entry`` (:mod:`coursekit.tools.inside`): it loads
the entry's ``evaluate``, says whether it is admitted (``{"ready": PROBLEM}``),
then answers each ``{"state": [...]}`` with ``{"move": MOVE}``. The only
difference is the search: exactly ``DEPTH`` plies, with no clock, so that a
move does not depend on the speed or the load of the machine it is played on
and a tournament gives the same games on any number of workers. The referee
still times every reply.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from coursekit.search.registry import get
from coursekit.tools.tournament import GAMES, admission_problem, last_line, load_evaluate


def entry_at_depth(path: str, game_name: str, search: str, depth: str) -> int:
    """Load the entry, check it, then answer move requests searched to ``depth`` plies."""
    conversation = os.fdopen(os.dup(1), "w", encoding="utf-8")
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (for the whole run)
    game = GAMES[game_name]()
    try:
        evaluate = load_evaluate(Path(path))
        problem = admission_problem(evaluate, game)
    except BaseException as error:
        problem = last_line(error)
    conversation.write(json.dumps({"ready": problem}) + "\n")
    conversation.flush()
    if problem:
        return 0
    function = get(search).function
    for line in sys.stdin.buffer:
        try:
            state = type(game.initial)(*json.loads(line)["state"])
            reply = {"move": function(game, state, depth=int(depth), evaluate=evaluate).move}
        except BaseException as error:
            reply = {"error": last_line(error)}
        conversation.write(json.dumps(reply) + "\n")
        conversation.flush()
    return 0


if __name__ == "__main__":
    sys.exit(entry_at_depth(*sys.argv[1:]))
