"""Who student code runs as: a user of its own for every sandbox, shared with no other.

As root, each sandbox (:mod:`coursekit.tools.sandbox.process`) drops to a user id
that no account, no other sandbox and no other grading run on this machine
holds at the same time, and that no earlier sandbox of the same run held: a
notebook's kernel and a graded function never share a user, so nothing one
leaves behind under its user (a process, a key, a file) belongs to the next.
Without root, the sandbox's own user namespace is its identity instead.

The ids are handed out machine-wide, by every process of every run at once
(a grader's parallel jobs, two test lanes, another instructor's grading): a
counter file under an exclusive lock gives the next id, round a range of
:data:`COUNT` ids, and each id handed out holds a lock file of its own
(``flock``) for as long as its sandbox lives, so an id still in use is
skipped when the counter comes round again.

>>> identity = allocate()  # doctest: +SKIP
>>> identity.uid  # doctest: +SKIP
200017
>>> identity.release()  # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from dataclasses import dataclass
from pathlib import Path

FIRST_UID = 200_000
"""The first user id sandboxes run as (no account of a usual machine has it)."""

COUNT = 65_536
"""How many ids sandboxes take turns with: a run would need more sandboxes than this to
meet an id twice."""

LOCKS = Path("/run/coursekit/sandbox-users")
"""Where the counter and the lock of each id in use live (root's own, machine-wide)."""


class IdentityError(RuntimeError):
    """No user id can be handed out (not root, or every id is in use)."""


@dataclass
class Identity:
    """One user id, held until :meth:`release` (its lock file stays open until then)."""

    uid: int
    descriptor: int | None

    def release(self) -> None:
        """Give the id back (it is handed out again only when the counter comes round)."""
        if self.descriptor is not None:
            os.close(self.descriptor)  # closing the file releases its lock
            self.descriptor = None


def _folder() -> Path:
    if os.geteuid() != 0:
        raise IdentityError("only root can run sandboxes as users of their own")
    LOCKS.mkdir(parents=True, exist_ok=True, mode=0o700)
    return LOCKS


def _next_in_turn(folder: Path) -> int:
    """The counter's value (an offset below :data:`COUNT`), moved on by one, under its lock."""
    descriptor = os.open(folder / "next", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        text = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
        offset = int(text) % COUNT if text.isdigit() else 0
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, str((offset + 1) % COUNT).encode(), 0)
        return offset
    finally:
        os.close(descriptor)


def try_lock(path: Path) -> int | None:
    """The open lock file ``path``, locked by this process (``flock``, released when it is
    closed or the process ends), or ``None`` when another holds it. A link is refused."""
    flags = os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW
    descriptor = os.open(path, flags, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return None
    return descriptor


def _hold(folder: Path, uid: int) -> int | None:
    """The open, locked lock file of ``uid``, or ``None`` when another sandbox holds it."""
    return try_lock(folder / str(uid))


def allocate() -> Identity:
    """A user id for one sandbox: the next in turn that no living sandbox holds.

    Raises
    ------
    IdentityError
        When not root, or when all :data:`COUNT` ids are held at once.
    """
    folder = _folder()
    for _ in range(COUNT):
        uid = FIRST_UID + _next_in_turn(folder)
        descriptor = _hold(folder, uid)
        if descriptor is not None:
            return Identity(uid, descriptor)
    raise IdentityError(f"all {COUNT} sandbox user ids are in use")


def in_use(uid: int) -> bool:
    """Whether some sandbox holds ``uid`` right now (for tests and ``coursekit doctor``)."""
    descriptor = _hold(_folder(), uid)
    if descriptor is None:
        return True
    with contextlib.suppress(OSError):
        os.close(descriptor)
    return False
