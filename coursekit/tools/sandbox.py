"""One sandbox for all student code: grading, answer functions, tournament entries.

Student code is hostile until proven otherwise. Everything a student wrote runs
inside `bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``,
Debian package ``bubblewrap``), on a file system built for it::

    bwrap --clearenv --setenv PATH ... --ro-bind /usr /usr ... --ro-bind VIEW /coursekit-view
          --ro-bind INPUT /coursekit-input --size N --tmpfs /coursekit-work --size M --tmpfs /tmp
          --unshare-net --unshare-pid --die-with-parent
          -- setpriv --reuid=UID ... -- prlimit --as=... --cpu=... --nproc=... -- python ...

so that inside

* the environment is an allow-list (:data:`PASSED_ENVIRONMENT` and the few
  variables set here): nothing of the instructor's environment gets in;
* only the system's folders and the Python environment exist, read-only, and
  instead of the ``coursekit`` package a *view* of it
  (:mod:`coursekit.tools.package_view`): without the answers, and without the
  algorithms a part asks the student to write. The course checkout, the
  solutions, the other submissions and the home folder are not there;
* the inputs (a notebook, an entry's file) are in ``/coursekit-input``, read-only; the
  only writable places are ``/coursekit-work`` and ``/tmp``, two ``tmpfs`` of a fixed
  size, so disk and memory used through files are both bounded;
* there is no network, and the process tree sees only its own processes: it
  cannot signal the grader, the referee or another sandbox;
* as root, the code runs as a user of its own (one per parallel job), without
  capabilities, with limits on address space, CPU seconds and processes, and
  the whole tree goes into a control group (:class:`ControlGroup`) whose
  memory limit counts the ``tmpfs`` too; not as root, a user namespace
  replaces the user of its own and the per-process limits hold;
* output is read through a capped buffer (the excess is discarded and
  flagged), and when the time is up the whole process tree is killed.

What leaves the sandbox is data only: the grader and the referee decide in
their own processes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FIRST_UID = 61000
"""Sandboxed code runs as users FIRST_UID, FIRST_UID + 1, ... (one per parallel job, as root)."""

VIEW_MOUNT = Path("/coursekit-view")
"""Where the package view appears inside the sandbox (it is put on ``PYTHONPATH``)."""

INPUT = Path("/coursekit-input")
"""The sandbox's read-only inputs."""

WORK = Path("/coursekit-work")
"""The sandbox's writable folder (a size-capped tmpfs)."""

PASSED_ENVIRONMENT = ("LANG", "LC_ALL", "LC_CTYPE", "TZ")
"""The only variables of the caller's environment that reach the sandbox (locale, time zone)."""


def python() -> str:
    """This interpreter's path without ``..`` in it (a sandbox has only the folders it shows)."""
    return os.path.normpath(os.path.abspath(sys.executable))


SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
"""The system's programs and libraries, shown read-only in the sandbox."""


@dataclass(frozen=True)
class Limits:
    """What one sandbox may use. The defaults fit one exercise notebook with a kernel."""

    memory_bytes: int = 2 * 1024**3
    """All processes together, tmpfs included (a control group; as root only)."""
    address_space: int = 3 * 1024**3
    """Address space one process may reserve (``RLIMIT_AS``)."""
    processes: int = 128
    """Processes and threads at once (``RLIMIT_NPROC``, as root; else the pid namespace)."""
    cpu_seconds: int = 900
    """CPU seconds one process may use (``RLIMIT_CPU``)."""
    work_bytes: int = 96 * 1024**2
    """Size of the writable ``/coursekit-work``."""
    tmp_bytes: int = 32 * 1024**2
    """Size of the writable ``/tmp``."""
    file_bytes: int = 64 * 1024**2
    """Largest file one process may write (``RLIMIT_FSIZE``)."""
    output_bytes: int = 25 * 1024**2
    """Output read from the sandbox; beyond it output is discarded and flagged."""


class SandboxError(RuntimeError):
    """No sandbox can be built on this machine (bubblewrap missing or not allowed)."""


@functools.cache
def sandbox_problem() -> str | None:
    """Why student code cannot be sandboxed here, or ``None`` when it can."""
    if sys.platform != "linux":
        return "sandboxing needs Linux (bubblewrap)"
    for tool in ("bwrap", "prlimit") + (("setpriv",) if os.geteuid() == 0 else ()):
        if shutil.which(tool) is None:
            package = "bubblewrap" if tool == "bwrap" else "util-linux"
            return f"`{tool}` is missing: apt-get install -y {package}"
    trial = ["bwrap", "--ro-bind", "/", "/", "--unshare-net", "--unshare-pid"]
    trial += ["--size", "1048576", "--tmpfs", "/tmp", "--clearenv", "true"]
    if os.geteuid() != 0:
        trial.insert(1, "--unshare-user")
    done = subprocess.run(trial, capture_output=True, text=True)
    if done.returncode != 0:
        return f"bubblewrap cannot run here: {done.stderr.strip() or done.returncode}"
    return None


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def real_package() -> Path:
    """The folder of the ``coursekit`` package this process runs (never shown in a sandbox)."""
    import coursekit

    return Path(coursekit.__file__).resolve().parent


def readable_folders() -> list[Path]:
    """What sandboxed code may read besides the view: the system, the interpreter, its packages.

    The folder holding the real ``coursekit`` package (a course checkout, with
    its ``solutions/``) is never among them; where the package sits inside a
    readable folder (an ordinary install in ``site-packages``), it is covered
    by an empty folder (:meth:`Sandbox.command`).
    """
    import sysconfig

    paths = {Path(p) for p in SYSTEM_FOLDERS if Path(p).exists()}
    paths |= {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent}
    paths |= {Path(p) for p in sysconfig.get_paths().values() if Path(p).is_dir()}
    checkout = real_package().parent
    paths = {p for p in paths if not _inside(checkout, p)}
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


# ------------------------------------------------------------------ control groups


class ControlGroup:
    """A memory and process limit for a whole process tree, tmpfs pages included (Linux, root).

    Uses cgroup v2 where ``/sys/fs/cgroup`` is unified, else the v1 ``memory``
    and ``pids`` hierarchies. :meth:`wrap` makes a command join the group
    before it starts, so no child can be born outside it; :meth:`close` kills
    whatever is left in it and removes it.
    """

    _counter = 0
    _lock = threading.Lock()

    def __init__(self, limits: Limits) -> None:
        with ControlGroup._lock:
            ControlGroup._counter += 1
            name = f"coursekit-{os.getpid()}-{ControlGroup._counter}"
        self.folders: list[Path] = []
        root = Path("/sys/fs/cgroup")
        if (root / "cgroup.controllers").exists():
            self._make(
                root / name, {"memory.max": limits.memory_bytes, "pids.max": limits.processes}
            )
            self._write(root / name / "memory.swap.max", 0)
        else:
            self._make(root / "memory" / name, {"memory.limit_in_bytes": limits.memory_bytes})
            self._make(root / "pids" / name, {"pids.max": limits.processes})

    def _make(self, folder: Path, settings: dict[str, int]) -> None:
        folder.mkdir()
        self.folders.append(folder)
        for name, value in settings.items():
            (folder / name).write_text(str(value))

    @staticmethod
    def _write(path: Path, value: int) -> None:
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

    def close(self) -> None:
        """Kill every process left in the group, then remove it."""
        for folder in self.folders:
            kill = folder / "cgroup.kill"
            if kill.exists():
                self._write(kill, 1)
        for _ in range(50):
            alive = [int(p) for f in self.folders for p in (f / "cgroup.procs").read_text().split()]
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
        return "not root: each process is limited, not the tree as a whole"
    try:
        ControlGroup(Limits()).close()
    except OSError as error:
        return f"no control group can be made here ({error.strerror or error})"
    return None


# ----------------------------------------------------------------------- the sandbox


@dataclass
class Sandbox:
    """How to run student code sealed off.

    ``view`` is the package view to show instead of ``coursekit`` (a folder
    holding a ``coursekit`` folder; see :mod:`coursekit.tools.package_view`);
    ``hidden`` are further folders to show empty should a readable folder hold
    them; ``uid`` is the user the code becomes when the caller is root.
    """

    view: Path | None = None
    hidden: Sequence[Path] = ()
    uid: int = FIRST_UID
    limits: Limits = field(default_factory=Limits)
    environment: dict[str, str] = field(default_factory=dict)
    sealed: bool = True
    """``False``: run as a plain process (``--unsafe-no-sandbox``): the same files and
    environment, nothing enforced."""

    def with_view(self, view: Path | None) -> Sandbox:
        return dataclasses.replace(self, view=view)

    def prepare(self, inputs: Path) -> None:
        """Make the input folder readable (not writable) by the sandbox's user."""
        for path in [inputs, *inputs.rglob("*")]:
            os.chmod(path, 0o755 if path.is_dir() else 0o644, follow_symlinks=False)

    def environment_inside(self) -> dict[str, str]:
        """The whole environment sandboxed code gets (an allow-list, nothing else)."""
        passed = {name: os.environ[name] for name in PASSED_ENVIRONMENT if name in os.environ}
        inside = {
            **passed,
            "PATH": f"{Path(python()).parent}:/usr/local/bin:/usr/bin:/bin",
            "HOME": str(WORK),
            "TMPDIR": "/tmp",
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONNOUSERSITE": "1",
            "JUPYTER_RUNTIME_DIR": str(WORK / ".jupyter-runtime"),
            "JUPYTER_PLATFORM_DIRS": "1",
            "IPYTHONDIR": str(WORK / ".ipython"),
            "MPLCONFIGDIR": str(WORK / ".matplotlib"),
            "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
            **self.environment,
        }
        if self.view is not None:
            inside["PYTHONPATH"] = str(VIEW_MOUNT if self.sealed else self.view)
        return inside

    def command(self, command: Sequence[str], inputs: Path | None = None) -> list[str]:
        """``command`` wrapped so that it runs sealed off (in WORK, with ``inputs`` at INPUT)."""
        if not self.sealed:
            return list(command)
        root = os.geteuid() == 0
        wrapped = ["bwrap", "--clearenv", "--dev", "/dev", "--proc", "/proc"]
        # the writable tmpfs first: a folder shown read-only below (an environment in a
        # checkout under /tmp, say) is then bound on top of it, not hidden by it
        wrapped += ["--perms", "1777", "--size", str(self.limits.tmp_bytes), "--tmpfs", "/tmp"]
        wrapped += ["--perms", "0777", "--size", str(self.limits.work_bytes), "--tmpfs", str(WORK)]
        made: set[Path] = {Path("/tmp"), WORK}
        readable = readable_folders()
        for path in readable:
            wrapped += _folders_to(path, made)
            wrapped += ["--ro-bind", str(path), str(path)]
        package = real_package()
        for folder in [package, *map(Path, self.hidden)]:
            folder = folder.resolve()
            if any(_inside(folder, r) and folder != r for r in readable):
                wrapped += ["--tmpfs", str(folder)]
        if self.view is not None:
            wrapped += _folders_to(VIEW_MOUNT, made)
            wrapped += ["--ro-bind", str(self.view), str(VIEW_MOUNT)]
        if inputs is not None:
            wrapped += ["--ro-bind", str(inputs.resolve()), str(INPUT)]
        wrapped += ["--chdir", str(WORK)]
        wrapped += ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
        wrapped += ["--die-with-parent", "--new-session"]
        if not root:
            wrapped += ["--unshare-user"]
        for name, value in self.environment_inside().items():
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
        limits = [
            f"--as={self.limits.address_space}",
            f"--fsize={self.limits.file_bytes}",
            f"--cpu={self.limits.cpu_seconds}",
            "--core=0",
        ]
        if root:  # a user of its own: the count is the sandbox's alone
            limits.append(f"--nproc={self.limits.processes}")
        return [*wrapped, "prlimit", *limits, "--", *command]

    def start(self, command: Sequence[str], inputs: Path | None = None) -> SandboxedProcess:
        """Start ``command`` sealed off, its standard streams as pipes."""
        return SandboxedProcess(self, command, inputs)

    def run(
        self, command: Sequence[str], inputs: Path | None = None, *, timeout: float
    ) -> Finished:
        """Run ``command`` sealed off to its end or until ``timeout`` seconds have passed."""
        process = self.start(command, inputs)
        process.stdin_close()
        return process.wait(timeout)


@dataclass
class Finished:
    """What a sandboxed run gave back."""

    returncode: int | None
    stdout: bytes
    stderr: bytes
    timed_out: bool = False
    output_cut: bool = False
    """More output came than :attr:`Limits.output_bytes`; the rest was discarded."""
    out_of_memory: bool = False


class _CappedReader(threading.Thread):
    """Reads a pipe to its end, keeping at most ``cap`` bytes and discarding the rest."""

    def __init__(self, stream, cap: int) -> None:
        super().__init__(daemon=True)
        self.stream, self.cap = stream, cap
        self.kept = bytearray()
        self.cut = False

    def run(self) -> None:
        while chunk := self.stream.read1(65536) if hasattr(self.stream, "read1") else b"":
            room = self.cap - len(self.kept)
            if len(chunk) > room:
                self.cut = True
            if room > 0:
                self.kept += chunk[:room]


class SandboxedProcess:
    """A sandboxed process tree: one pipe in, capped pipes out, killed as a whole.

    ``stdout`` can also be read line by line (:meth:`readline`, for a JSON-lines
    conversation); then it is not kept.
    """

    def __init__(self, sandbox: Sandbox, command: Sequence[str], inputs: Path | None) -> None:
        self.sandbox = sandbox
        self.group = None
        self.folder: tempfile.TemporaryDirectory | None = None
        full = sandbox.command(command, inputs)
        if sandbox.sealed:
            environment, cwd = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, None
            if control_groups_problem() is None:
                self.group = ControlGroup(sandbox.limits)
                full = self.group.wrap(full)
        else:  # the same run, unprotected, in a folder of its own
            self.folder = tempfile.TemporaryDirectory(prefix="coursekit-unsealed-")
            cwd = self.folder.name
            environment = {**sandbox.environment_inside(), "HOME": cwd}
            environment.pop("JUPYTER_RUNTIME_DIR")
        self.process = subprocess.Popen(
            full,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
            cwd=cwd,
            start_new_session=True,
        )
        self.stderr = _CappedReader(self.process.stderr, 64 * 1024)
        self.stderr.start()
        self.stdout: _CappedReader | None = None
        self.sent = 0

    # --- a conversation ---------------------------------------------------------

    def send(self, line: bytes) -> None:
        """Write one line to the process (raises ``BrokenPipeError`` when it is gone)."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def readline(self, deadline: float, cap: int) -> bytes | None:
        """One line of output, or ``None`` when none came before ``deadline`` (``time.monotonic``).

        A line longer than ``cap`` bytes is not read: ``b""`` is returned and the
        process is killed (it would only be discarded).
        """
        import selectors

        stream = self.process.stdout
        assert stream is not None
        line = bytearray()
        with selectors.DefaultSelector() as selector:
            selector.register(stream, selectors.EVENT_READ)
            while True:
                if b"\n" in line:
                    break
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return None
                chunk = stream.read1(65536)
                if not chunk:
                    return bytes(line) if line else b""
                line += chunk
                if len(line) > cap:
                    self.kill()
                    return b""
        first, _, rest = bytes(line).partition(b"\n")
        if rest:  # a conversation is strictly one line per request: more is out of turn
            self.kill()
            return b""
        return first

    def message(self, deadline: float, cap: int) -> dict[str, Any] | None:
        """One JSON object from the process (:meth:`readline`): ``None`` when none came in
        time (or the process ended), ``{"malformed": True}`` for a line that is not one."""
        line = self.readline(deadline, cap)
        if not line:
            return None
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):
            return {"malformed": True}
        return reply if isinstance(reply, dict) else {"malformed": True}

    def stdin_close(self) -> None:
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()

    # --- to the end -------------------------------------------------------------

    def wait(self, timeout: float) -> Finished:
        """Read the output (capped) until the process ends or ``timeout`` passes; kill the tree."""
        self.stdout = _CappedReader(self.process.stdout, self.sandbox.limits.output_bytes)
        self.stdout.start()
        timed_out = False
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
        oom = self.group.out_of_memory() if self.group is not None else False
        self.kill()
        self.stdout.join(5)
        self.stderr.join(5)
        return Finished(
            self.process.returncode,
            bytes(self.stdout.kept),
            bytes(self.stderr.kept),
            timed_out,
            self.stdout.cut,
            oom,
        )

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """Kill the whole tree: the process group, the pid namespace with it, the control group."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)
        if self.group is not None:
            self.group.close()
            self.group = None
        self.stdin_close()
        if self.folder is not None:
            self.folder.cleanup()
            self.folder = None
