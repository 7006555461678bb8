"""Kill a command in the middle of its work, as a power cut would (SIGKILL, no clean-up)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable, Sequence


def kill_when(command: Sequence[str], ready: Callable[[], bool], timeout: float = 300) -> None:
    """Start ``command`` in a session of its own and SIGKILL it as soon as ``ready()`` is true,
    then end whatever it started (a local cluster's workers, in its process group).

    Raises
    ------
    AssertionError
        When the command ends by itself first, or ``ready()`` is not true within ``timeout``.
    """
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + timeout
        while process.poll() is None and not ready():
            assert time.monotonic() < deadline, f"not ready within {timeout} s"
            time.sleep(0.2)
        assert process.poll() is None, "it finished before it could be killed"
        os.kill(process.pid, signal.SIGKILL)
        process.wait(30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
