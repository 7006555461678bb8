"""Seal one submission off while it runs: bubblewrap, its own folder, limits.

``coursekit grade`` runs each submission's pytest and kernel inside
`bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``, Debian
package ``bubblewrap``), on a file system built for it::

    bwrap --ro-bind /usr /usr ... --ro-bind VENV VENV --ro-bind COURSEKIT COURSEKIT
          --tmpfs /tmp --bind WORK WORK --unshare-net --unshare-pid --die-with-parent
          -- setpriv --reuid=UID ... -- prlimit --as=... --nproc=... -- python ...

so that inside

* only the system's folders, the Python environment and the ``coursekit``
  package folder exist, all read-only (:func:`readable_folders`): not the
  course checkout around the package, not the instructor's solutions, not
  the other submissions, not the home folder;
* the submission's own folder ``WORK`` is the only writable place besides a
  private, empty ``/tmp``;
* there is no network, and the process tree sees only its own processes
  (``/proc`` shows nothing of the grader);
* when the grader runs as root, the submission runs as a user of its own
  (``UID``, one per parallel job), without capabilities, with a limit on its
  address space and on its number of processes: a fork bomb or a memory hog
  stops at the limit and harms nothing else. (Not as root, the limits on
  memory and file size hold, the process count is bounded by the pid
  namespace and the time limits only.)

What leaves the sandbox is data only (the report of the cells and the
answers as JSON): the grader decides in its own process
(:mod:`coursekit.checks.parts`).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

MEMORY_BYTES = 3 * 1024**3
"""Address space a process of the sandbox may reserve (prlimit --as)."""

PROCESSES = 128
"""Processes and threads the sandbox's user may have at once (prlimit --nproc)."""

FILE_BYTES = 64 * 1024**2
"""Largest file a submission may write (prlimit --fsize)."""

FIRST_UID = 61000
"""Submissions run as users FIRST_UID, FIRST_UID + 1, ... (one per parallel job)."""


class SandboxError(RuntimeError):
    """No sandbox can be built on this machine (bubblewrap missing or not allowed)."""


@functools.cache
def sandbox_problem() -> str | None:
    """Why grading cannot be sandboxed here, or ``None`` when it can."""
    if sys.platform != "linux":
        return "sandboxing needs Linux (bubblewrap)"
    for tool in ("bwrap", "prlimit") + (("setpriv",) if os.geteuid() == 0 else ()):
        if shutil.which(tool) is None:
            package = "bubblewrap" if tool == "bwrap" else "util-linux"
            return f"`{tool}` is missing: apt-get install -y {package}"
    trial = ["bwrap", "--ro-bind", "/", "/", "--unshare-net", "--unshare-pid", "true"]
    if os.geteuid() != 0:
        trial.insert(1, "--unshare-user")
    done = subprocess.run(trial, capture_output=True, text=True)
    if done.returncode != 0:
        return f"bubblewrap cannot run here: {done.stderr.strip() or done.returncode}"
    return None


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
"""The system's programs and libraries, shown read-only in the sandbox."""


def readable_folders() -> list[Path]:
    """Everything a run may read: the system, the interpreter and its packages, coursekit.

    Only the ``coursekit`` package folder is shown, never the folder holding it
    (a course checkout with its ``solutions/``).
    """
    import sysconfig

    import coursekit

    paths = {Path(p) for p in SYSTEM_FOLDERS if Path(p).exists()}
    paths |= {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent}
    paths |= {Path(p) for p in sysconfig.get_paths().values() if Path(p).is_dir()}
    paths.add(Path(coursekit.__file__).resolve().parent)
    return [p for p in sorted(paths) if not any(o != p and _inside(p, o) for o in paths)]


def _folders_to(path: Path, made: set[Path]) -> list[str]:
    """bwrap options that make the folders above ``path`` readable by everyone
    (those bwrap makes on its own would be root's only)."""
    options = []
    for step in reversed(path.parents):
        if step != Path("/") and step not in made:
            made.add(step)
            options += ["--perms", "0755", "--dir", str(step)]
    return options


@dataclass
class Sandbox:
    """How to run one submission sealed off.

    ``hidden`` are folders to show as empty (solutions, submissions, grades);
    ``uid`` the user the run becomes when the grader is root.
    """

    hidden: Sequence[Path] = ()
    uid: int = FIRST_UID
    memory_bytes: int = MEMORY_BYTES
    processes: int = PROCESSES
    environment: dict[str, str] = field(default_factory=dict)

    def prepare(self, work: Path) -> None:
        """Make ``work`` the submission's own: writable by the sandbox's user only."""
        if os.geteuid() == 0:
            for path in [work, *work.rglob("*")]:
                os.chown(path, self.uid, self.uid, follow_symlinks=False)

    def command(self, command: Sequence[str], work: Path) -> list[str]:
        """``command`` wrapped so that it runs sealed off, with ``work`` as its folder."""
        work = work.resolve()
        root = os.geteuid() == 0
        wrapped = ["bwrap", "--dev", "/dev", "--proc", "/proc"]
        wrapped += ["--perms", "1777", "--tmpfs", "/tmp"]
        made: set[Path] = {Path("/tmp")}
        readable = readable_folders()
        for path in readable:
            wrapped += _folders_to(path, made)
            wrapped += ["--ro-bind", str(path), str(path)]
        for folder in self.hidden:  # only where a readable folder holds it
            folder = Path(folder).resolve()
            if any(_inside(folder, r) and folder != r for r in readable):
                wrapped += ["--tmpfs", str(folder)]
        wrapped += _folders_to(work, made)
        wrapped += ["--bind", str(work), str(work), "--chdir", str(work)]
        wrapped += ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
        wrapped += ["--die-with-parent", "--new-session"]
        if not root:
            wrapped += ["--unshare-user"]
        environment = {
            "HOME": str(work),
            "TMPDIR": "/tmp",
            "JUPYTER_RUNTIME_DIR": str(work / ".jupyter-runtime"),
            "IPYTHONDIR": str(work / ".ipython"),
            "MPLCONFIGDIR": str(work / ".matplotlib"),
            **self.environment,
        }
        for name, value in environment.items():
            wrapped += ["--setenv", name, value]
        wrapped.append("--")
        if root:
            wrapped += [
                "setpriv",
                f"--reuid={self.uid}",
                f"--regid={self.uid}",
                "--clear-groups",
                "--inh-caps=-all",
                "--bounding-set=-all",
                "--",
            ]
        limits = [f"--as={self.memory_bytes}", f"--fsize={FILE_BYTES}"]
        if root:  # a user of its own: the count is the sandbox's alone
            limits.append(f"--nproc={self.processes}")
        return [*wrapped, "prlimit", *limits, "--", *command]
