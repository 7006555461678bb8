"""Which processor a game is played on: one of its own, shared with no other game at once.

A game's two entries play on one processor (only the entry to move runs, the
other is frozen: :mod:`coursekit.tools.tournament.referee`). When several games run on
one machine at once — the tournament's Dask workers, one game each — each
must have a processor of its own, or two thinking entries would share one and
each get half the time its clock charges. :func:`claim_processor` hands out
the processors this process may use, machine-wide, by a lock file per
processor (``flock``, released when the game ends or its process dies); when
every processor is taken, the game waits for one.

>>> with claim_processor() as cpu:  # doctest: +SKIP
...     cpu in os.sched_getaffinity(0)
True
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from coursekit.tools.sandbox.identity import try_lock

WAIT_SECONDS = 0.05
"""How often a game that found every processor taken looks again."""


def _folder() -> Path:
    """The lock files' folder: root's own under ``/run``, else one of this user's."""
    if os.geteuid() == 0:
        folder = Path("/run/coursekit/processors")
    else:
        folder = Path(tempfile.gettempdir()) / f"coursekit-processors-{os.geteuid()}"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return folder


@contextlib.contextmanager
def claim_processor() -> Iterator[int]:
    """A processor this process may use that no other game holds, for the ``with`` block.

    Yields
    ------
    int
        The processor's number (for :class:`~coursekit.tools.sandbox.process.Sandbox`'s ``cpu``).
    """
    folder = _folder()
    allowed = sorted(os.sched_getaffinity(0))
    while True:
        for cpu in allowed:
            descriptor = try_lock(folder / f"cpu-{cpu}.lock")
            if descriptor is not None:
                try:
                    yield cpu
                finally:
                    os.close(descriptor)  # closing the file releases its lock
                return
        time.sleep(WAIT_SECONDS)
