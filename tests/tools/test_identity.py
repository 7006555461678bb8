"""Sandbox users: handed out machine-wide, never two at once, never twice in a run."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from coursekit.tools.sandbox import identity
from coursekit.tools.sandbox.identity import COUNT, FIRST_UID, allocate, in_use

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="sandbox users are root's")


def test_ids_are_fresh_and_held_until_released():
    held = [allocate() for _ in range(20)]
    uids = [i.uid for i in held]
    assert len(set(uids)) == 20 and all(FIRST_UID <= u < FIRST_UID + COUNT for u in uids)
    assert all(in_use(u) for u in uids)
    for i in held:
        i.release()
    assert not any(in_use(u) for u in uids)
    again = allocate()
    assert again.uid not in uids  # released, but not handed out again until the turn comes
    again.release()


PROCESS = """
import sys
from coursekit.tools.sandbox.identity import allocate
held = [allocate() for _ in range(40)]
print(" ".join(str(i.uid) for i in held), flush=True)
sys.stdin.read()
"""


def test_processes_at_once_never_get_the_same_id():
    """Four processes (as four grading jobs, or two test lanes) take ids at the same moment."""
    processes = [
        subprocess.Popen([sys.executable, "-c", PROCESS], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
        for _ in range(4)
    ]  # fmt: skip
    seen = []
    for process in processes:
        seen += process.stdout.readline().split()
    for process in processes:
        process.communicate("")
    assert len(seen) == 160 and len(set(seen)) == 160


def test_an_id_in_use_is_skipped_when_the_counter_comes_round(monkeypatch, tmp_path):
    monkeypatch.setattr(identity, "LOCKS", tmp_path)
    monkeypatch.setattr(identity, "COUNT", 3)
    first = [allocate() for _ in range(3)]
    first[0].release()
    fourth = allocate()  # round again: only the released id is free
    assert fourth.uid == first[0].uid
    with pytest.raises(identity.IdentityError, match="in use"):
        allocate()
    for i in [*first[1:], fourth]:
        i.release()
