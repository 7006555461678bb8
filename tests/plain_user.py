"""Running a test's Python as a plain user, so that the sandbox is tested without root too.

This machine's tests run as root. The sandbox seals student code off in two
ways (as root: a user of its own and a control group; without root: a user
namespace of its own), and each must hold. A test that wants the second way
runs its code as :data:`PLAIN_USER`, an account without privileges that
``./course test`` creates (``ensure_plain_user``), with files in a folder
that account owns.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

PLAIN_USER = "coursekit-plain"
MODES = ["root", "plain user"]


def plain_user_problem() -> str | None:
    """Why the tests cannot run as the plain user here, or ``None``."""
    if os.geteuid() != 0:
        return None  # already not root: "plain user" means this user
    try:
        pwd.getpwnam(PLAIN_USER)
    except KeyError:
        return f"no user {PLAIN_USER} (./course test creates it)"
    done = subprocess.run(
        ["runuser", "-u", PLAIN_USER, "--", sys.executable, "-c", "import coursekit"],
        capture_output=True, text=True, cwd="/",
    )  # fmt: skip
    if done.returncode != 0:
        return f"{PLAIN_USER} cannot run this Python: {done.stderr.strip()[-200:]}"
    return None


def require(mode: str) -> None:
    """Skip the test when ``mode`` cannot be had here."""
    if mode == "plain user":
        problem = plain_user_problem()
        if problem is not None:
            pytest.skip(problem)


def folder_for(mode: str) -> Path:
    """A new folder the mode's user owns (removed by the caller)."""
    folder = Path(tempfile.mkdtemp(prefix="coursekit-test-"))
    folder.chmod(0o755)
    if mode == "plain user" and os.geteuid() == 0:
        shutil.chown(folder, PLAIN_USER, PLAIN_USER)
    return folder


def give(path: Path, mode: str) -> None:
    """Make ``path`` (and what is below it) the mode's user's."""
    if mode == "plain user" and os.geteuid() == 0:
        for item in [path, *path.rglob("*")]:
            shutil.chown(item, PLAIN_USER, PLAIN_USER)


def python_as(
    mode: str, arguments: list[str], *, timeout: float, cwd: Path
) -> subprocess.CompletedProcess:
    """Run this interpreter with ``arguments`` as the mode's user, in ``cwd``."""
    command = [sys.executable, *arguments]
    if mode == "plain user" and os.geteuid() == 0:
        command = ["runuser", "-u", PLAIN_USER, "--", *command]
    environment = {k: v for k, v in os.environ.items() if not k.startswith("COURSEKIT_TEST_")}
    return subprocess.run(
        command, capture_output=True, text=True, timeout=timeout, cwd=cwd, env=environment
    )


def sandboxes_below(pid: int) -> list[str]:
    """The command lines of sandboxed processes still running below ``pid`` (none, once a
    batch is over: a grader's helper processes, such as its job server, do not count)."""
    from coursekit.tools.sandbox.limits import descendants

    found = []
    for child in descendants(pid):
        try:
            line = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if any(mark in line for mark in ("bwrap", "coursekit.tools.inside", "setpriv")):
            found.append(line[:200])
    return found
