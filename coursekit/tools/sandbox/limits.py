"""What a sandbox may use, and how each limit is enforced with and without root.

A sandbox (:mod:`coursekit.tools.sandbox.process`) is bounded the same way in both modes:

* processes and threads: ``RLIMIT_NPROC``, counted for the sandbox alone — as
  root for the sandbox's own user (and a control group's ``pids.max``), without
  root in the sandbox's own user namespace (the kernel counts a user's
  processes per user namespace);
* memory: ``RLIMIT_AS`` of each process, and the process that runs student
  code cannot start another (:mod:`coursekit.tools.sandbox.seccomp`); as root also a
  control group whose limit counts the whole tree, ``tmpfs`` included;
* writable space: two ``tmpfs`` of a fixed size; ``RLIMIT_FSIZE`` a file;
* CPU: ``RLIMIT_CPU`` of each process, and one processor when asked
  (``taskset``; the filter refuses to change it).

A memory a control group cannot count (a ``tmpfs`` mounted in a new user
namespace, an anonymous memory file) is closed by the system-call filter in
both modes. Where a limit cannot be had, grading refuses with the reason.

:class:`ControlGroup` also freezes a sandbox (the cgroup freezer): a tournament
entry waiting for its turn uses no processor. Without a control group the same
is done by stopping every process of the sandbox (:func:`descendants`).
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

CGROUPS = Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class Limits:
    """What one sandbox may use. The defaults fit one exercise notebook with a kernel."""

    memory_bytes: int = 2 * 1024**3
    """All processes together, tmpfs included (a control group; as root)."""
    address_space: int = 3 * 1024**3
    """Address space one process may reserve (``RLIMIT_AS``)."""
    processes: int = 128
    """Processes and threads at once (``RLIMIT_NPROC``, counted for the sandbox alone)."""
    cpu_seconds: int = 900
    """CPU seconds one process may use (``RLIMIT_CPU``)."""
    work_bytes: int = 96 * 1024**2
    """Size of the writable ``/coursekit-work``."""
    tmp_bytes: int = 32 * 1024**2
    """Size of the writable ``/tmp``."""
    file_bytes: int = 64 * 1024**2
    """Largest file one process may write (``RLIMIT_FSIZE``)."""
    open_files: int = 1024
    """Files, pipes and sockets one process may hold open (``RLIMIT_NOFILE``)."""
    output_bytes: int = 25 * 1024**2
    """Output read from the sandbox; beyond it output is discarded and flagged."""

    def prlimit_options(self) -> list[str]:
        """The options of ``prlimit`` that set the per-process limits."""
        return [
            f"--as={self.address_space}",
            f"--fsize={self.file_bytes}",
            f"--cpu={self.cpu_seconds}",
            f"--nproc={self.processes}",
            f"--nofile={self.open_files}",
            "--rtprio=0",
            "--core=0",
        ]


class ControlGroup:
    """A memory and process limit for a whole process tree, and its freezer (Linux, root).

    Uses cgroup v2 where ``/sys/fs/cgroup`` is unified, else the v1 ``memory``,
    ``pids`` and ``freezer`` hierarchies. :meth:`wrap` makes a command join the
    group before it starts, so no child can be born outside it; :meth:`close`
    kills whatever is left in it and removes it.
    """

    _counter = 0
    _lock = threading.Lock()

    def __init__(self, limits: Limits) -> None:
        with ControlGroup._lock:
            ControlGroup._counter += 1
            name = f"coursekit-{os.getpid()}-{ControlGroup._counter}"
        self.folders: list[Path] = []
        self.freezer: Path | None = None
        if (CGROUPS / "cgroup.controllers").exists():
            settings = {"memory.max": limits.memory_bytes, "pids.max": limits.processes}
            self._make(CGROUPS / name, settings)
            self._write(CGROUPS / name / "memory.swap.max", 0)
            self.freezer = CGROUPS / name / "cgroup.freeze"
        else:
            self._make(CGROUPS / "memory" / name, {"memory.limit_in_bytes": limits.memory_bytes})
            self._make(CGROUPS / "pids" / name, {"pids.max": limits.processes})
            if (CGROUPS / "freezer").is_dir():
                self._make(CGROUPS / "freezer" / name, {})
                self.freezer = CGROUPS / "freezer" / name / "freezer.state"

    def _make(self, folder: Path, settings: dict[str, int]) -> None:
        folder.mkdir()
        self.folders.append(folder)
        for name, value in settings.items():
            (folder / name).write_text(str(value))

    @staticmethod
    def _write(path: Path, value: int | str) -> None:
        with contextlib.suppress(OSError):
            path.write_text(str(value))

    def wrap(self, command: Sequence[str]) -> list[str]:
        """``command`` preceded by a shell that moves itself into the group, then execs it."""
        procs = [str(folder / "cgroup.procs") for folder in self.folders]
        joins = " && ".join(f'echo $$ > "${i + 1}"' for i in range(len(procs)))
        return [
            "/bin/sh",
            "-c",
            f'{joins} && shift {len(procs)} && exec "$@"',
            "sh",
            *procs,
            *command,
        ]

    def out_of_memory(self) -> bool:
        """Whether the group hit its memory limit."""
        for folder in self.folders:
            for name, key in (("memory.events", "oom_kill"), ("memory.failcnt", None)):
                path = folder / name
                if not path.exists():
                    continue
                text = path.read_text()
                if key is None:
                    return int(text.strip() or 0) > 0
                counts = dict(line.split() for line in text.splitlines() if line.strip())
                return int(counts.get(key, 0)) > 0
        return False

    def freeze(self, frozen: bool) -> None:
        """Freeze every process of the group (``True``) or let them run again."""
        if self.freezer is None:
            return
        if self.freezer.name == "cgroup.freeze":
            self._write(self.freezer, int(frozen))
        else:
            self._write(self.freezer, "FROZEN" if frozen else "THAWED")

    def processes(self) -> list[int]:
        """The ids of the processes in the group."""
        found: set[int] = set()
        for folder in self.folders:
            with contextlib.suppress(OSError):
                found.update(int(p) for p in (folder / "cgroup.procs").read_text().split())
        return sorted(found)

    def close(self) -> None:
        """Kill every process left in the group, then remove it."""
        self.freeze(False)
        for folder in self.folders:
            kill = folder / "cgroup.kill"
            if kill.exists():
                self._write(kill, 1)
        for _ in range(50):
            alive = self.processes()
            if not alive:
                break
            for pid in alive:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.02)
        for folder in self.folders:
            with contextlib.suppress(OSError):
                folder.rmdir()


@functools.cache
def control_groups_problem() -> str | None:
    """Why no control group can bound a sandbox's memory here, or ``None``."""
    if os.geteuid() != 0:
        return "not root: each process is limited, and the sandbox's processes are counted"
    try:
        ControlGroup(Limits()).close()
    except OSError as error:
        return f"no control group can be made here ({error.strerror or error})"
    return None


# ------------------------------------------------------------ a process tree, walked


def _parents() -> dict[int, tuple[int, str]]:
    """Process id → (its parent's id, its state letter), for every process of the machine.

    Read from ``/proc/PID/stat``, which anyone may read (no ptrace permission needed).
    """
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as file:
                text = file.read().decode("ascii", "replace")
        except OSError:
            continue
        fields = text[text.rfind(")") + 2 :].split()  # the name may hold spaces and ')'
        if len(fields) > 2:
            found[int(entry.name)] = (int(fields[1]), fields[0])
    return found


def descendants(pid: int) -> dict[int, str]:
    """Every process below ``pid`` (not ``pid`` itself) and its state letter (``T``: stopped).

    A sandbox's processes are all below the process that started it: an orphan
    inside goes to the sandbox's own first process, never out of the tree.
    """
    table = _parents()
    children: dict[int, list[int]] = {}
    for child, (parent, _) in table.items():
        children.setdefault(parent, []).append(child)
    found, stack = {}, list(children.get(pid, []))
    while stack:
        child = stack.pop()
        if child not in found:
            found[child] = table[child][1]
            stack.extend(children.get(child, []))
    return found


def stop_tree(pid: int, stopped: bool) -> None:
    """Stop (``SIGSTOP``) or continue every process below ``pid``, until none is left out."""
    wanted = signal.SIGSTOP if stopped else signal.SIGCONT
    for _ in range(20):  # a process forked while the others were stopped is caught next time
        tree = descendants(pid)
        left = [p for p, state in tree.items() if (state in "tT") != stopped]
        if not left:
            return
        for process in left:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(process, wanted)
        time.sleep(0.001)


def cpu_seconds(pids: Iterable[int]) -> float:
    """The processor time the processes ``pids`` used so far, their reaped children's included.

    Read from ``/proc/PID/stat`` (user and system time of the process and of its
    waited-for children); a process that is gone counts 0.
    """
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", "rb") as file:
                text = file.read().decode("ascii", "replace")
        except OSError:
            continue
        fields = text[text.rfind(")") + 2 :].split()
        total += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return total / ticks


class CellClock:
    """The time a piece of student code has had: processor time, with a wall-clock cap.

    A limit of ``seconds`` is over when the processes ``pids()`` have used that
    much processor time since the clock started — what the code did, whatever
    else the machine is busy with — or when :data:`WALL_FACTOR` times as long
    has passed on the wall clock while the code was asked for something (code
    that only sleeps or waits). A clock made with ``running=False`` counts wall
    time only between :meth:`start` and :meth:`stop`: a graded function's clock
    runs while a call waits for its answer, not while the grader works between calls,
    and each call adds ``allowance`` seconds to the cap (:meth:`allow`): a call's round trip
    through the pipes is the grader's cost, and on a busy machine it is most of the wait.
    """

    def __init__(
        self, seconds: float, pids: Callable[[], Iterable[int]], *, running: bool = True
    ) -> None:
        self.seconds, self.pids = seconds, pids
        self.began_cpu = cpu_seconds(pids())
        self.waited = 0.0
        self.since: float | None = time.monotonic() if running else None
        self.allowance = 0.0

    def allow(self, seconds: float) -> None:
        """Add ``seconds`` to the wall-clock cap (one call's round trip)."""
        self.allowance += seconds

    def start(self) -> None:
        """Let the wall clock run (it is already running: nothing changes)."""
        if self.since is None:
            self.since = time.monotonic()

    def stop(self) -> None:
        """Stop the wall clock, keeping what it counted."""
        if self.since is not None:
            self.waited += time.monotonic() - self.since
            self.since = None

    def used(self) -> float:
        """Processor seconds used since the clock started."""
        return cpu_seconds(self.pids()) - self.began_cpu

    def wall(self) -> float:
        """Wall-clock seconds counted while the clock ran."""
        return self.waited + (time.monotonic() - self.since if self.since is not None else 0.0)

    def over(self) -> bool:
        cap = WALL_FACTOR * self.seconds + self.allowance
        return self.wall() >= cap or self.used() >= self.seconds


WALL_FACTOR = 4
"""A limit of processor time also ends after this many times as long on the wall clock."""


def peak_memory() -> int:
    """The most memory (resident bytes) this process has held since it started its program.

    Read from ``/proc/self/status`` (``VmHWM``): unlike ``getrusage``'s ``ru_maxrss``, it
    does not carry over the peak of a large process this one was started from.
    """
    with open("/proc/self/status", encoding="ascii", errors="replace") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0
