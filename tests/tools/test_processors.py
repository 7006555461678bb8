"""Games side by side on one machine never share a processor (tools/sandbox/processors.py)."""

from __future__ import annotations

import os
import threading
import time
from contextlib import ExitStack

from coursekit.tools.sandbox.processors import claim_processor


def test_games_at_once_hold_different_processors_and_the_next_one_waits():
    allowed = sorted(os.sched_getaffinity(0))
    with ExitStack() as held:
        cpus = [held.enter_context(claim_processor()) for _ in allowed]
        assert sorted(cpus) == allowed  # each processor handed out once

        got: list[int] = []

        def next_game() -> None:
            with claim_processor() as cpu:
                got.append(cpu)

        waiting = threading.Thread(target=next_game)
        waiting.start()
        time.sleep(0.5)
        assert got == []  # every processor taken: the next game waits
    waiting.join(timeout=5)  # the block above released them all
    assert got and got[0] in allowed
