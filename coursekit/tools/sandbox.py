"""Seal one submission off while it runs: bubblewrap, its own folder, limits.

``coursekit grade`` runs each submission's pytest and kernel inside
`bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``, Debian
package ``bubblewrap``)::

    bwrap --ro-bind / / --tmpfs /tmp --bind WORK WORK --tmpfs SOLUTIONS ...
          --unshare-net --unshare-pid --unshare-ipc --die-with-parent
          -- setpriv --reuid=UID ... -- prlimit --as=... --nproc=... -- python ...

so that inside

* the whole file system is read-only (the package, the Python environment):
  the submission's own folder ``WORK`` is the only writable place besides a
  private, empty ``/tmp``;
* the instructor's solutions, the other submissions, the grades file and the
  home folder are empty folders (a ``tmpfs`` over each);
* there is no network, and the process tree sees only its own processes
  (``/proc`` shows nothing of the grader);
* when the grader runs as root, the submission runs as a user of its own
  (``UID``, one per parallel job), without capabilities, with a limit on its
  address space and on its number of processes: a fork bomb or a memory hog
  stops at the limit and harms nothing else.

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
from collections.abc import Iterable, Sequence
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


def _needed() -> list[Path]:
    """Folders the run must read: the interpreter, the environment, coursekit itself."""
    import coursekit

    paths = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent}
    paths.add(Path(coursekit.__file__).resolve().parent.parent)
    paths.update(Path(p).resolve() for p in sys.path if p and Path(p).is_dir())
    return sorted(paths)


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
        wrapped = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
        wrapped += ["--tmpfs", "/tmp"]
        for folder in _private_folders(self.hidden, work):
            wrapped += ["--tmpfs", str(folder)]
            made: set[Path] = set()
            for path in _needed():
                if not _inside(path, folder) or path == folder:
                    continue
                # bwrap would make the folders on the way readable by root only
                for step in reversed(path.parents):
                    if _inside(step, folder) and step != folder and step not in made:
                        made.add(step)
                        wrapped += ["--perms", "0755", "--dir", str(step)]
                wrapped += ["--ro-bind", str(path), str(path)]
        for step in reversed(work.parents):
            if _inside(step, Path("/tmp")) and step != Path("/tmp"):
                wrapped += ["--perms", "0755", "--dir", str(step)]
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


def _private_folders(hidden: Iterable[Path], work: Path) -> list[Path]:
    """The folders to cover with an empty tmpfs: ``hidden`` and the home folder.

    A folder that holds the submission's own folder cannot be covered (and
    need not be: ``/tmp`` is private anyway).
    """
    folders = {Path(p).resolve() for p in hidden}
    home = Path.home().resolve()
    if home != Path("/"):
        folders.add(home)
    keep = [f for f in sorted(folders) if f.is_dir() and not _inside(work, f)]
    keep = [f for f in keep if not _inside(f, Path("/tmp"))]  # already private
    # a folder inside another covered one is covered already
    return [f for f in keep if not any(o != f and _inside(f, o) for o in keep)]
