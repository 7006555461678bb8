"""One sandbox for all student code: grading, answer functions, tournament entries.

Student code is hostile until proven otherwise. Everything a student wrote runs
inside `bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``,
Debian package ``bubblewrap``), on a file system built for it::

    bwrap --clearenv --dev /dev --remount-ro /dev --setenv PATH ... --ro-bind /usr /usr ...
          --ro-bind VIEW /coursekit-view --ro-bind INPUT /coursekit-input
          --size N --tmpfs /coursekit-work --size M --tmpfs /tmp
          --unshare-net --unshare-pid --unshare-ipc --unshare-uts --die-with-parent
          --new-session --seccomp FD [--unshare-user --disable-userns]
          -- [setpriv --reuid=UID ...] prlimit --as=... --cpu=... --nproc=... -- python ...

so that inside

* the environment is an allow-list (:data:`PASSED_ENVIRONMENT` and the few
  variables set here): nothing of the instructor's environment gets in;
* only the system's folders and the Python environment exist, read-only, and
  instead of the ``coursekit`` package a *view* of it
  (:mod:`coursekit.tools.sandbox.package_view`): without the answers, and for a graded
  function only the modules its part allows. The course checkout, the
  solutions, the other submissions and the home folder are not there;
* the inputs (a notebook, an entry's file) are in ``/coursekit-input``, read-only; the
  only writable places are ``/coursekit-work`` and ``/tmp``, two ``tmpfs`` of a fixed
  size (``/dev`` is read-only), so disk and memory used through files are bounded;
* every system call goes through a filter that denies by default
  (:mod:`coursekit.tools.sandbox.seccomp`): no keyrings, no new namespaces, no mounts,
  no ptrace; the process that runs student code starts no other process;
* there is no network, and the process tree sees only its own processes: it
  cannot signal the grader, the referee or another sandbox;
* as root, the code runs as a user of its own that no other sandbox has or had
  in this run (:mod:`coursekit.tools.sandbox.identity`), without capabilities; without
  root, in a user namespace of its own. In both modes the limits of
  :mod:`coursekit.tools.sandbox.limits` hold (processes, memory, CPU, file sizes), as
  root with a control group on top;
* output is read through a capped buffer (the excess is discarded and
  flagged); a process of the tree that is stopped (``SIGSTOP``) ends the run at
  once, and when the time is up the whole process tree is killed.

What leaves the sandbox is data only: the grader and the referee decide in
their own processes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
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

from coursekit.tools.sandbox import identity, seccomp
from coursekit.tools.sandbox.limits import (
    ControlGroup,
    Limits,
    control_groups_problem,
    cpu_seconds,
    descendants,
    stop_tree,
)
from coursekit.tools.sandbox.untrusted import json_message

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


class SandboxError(RuntimeError):
    """No sandbox can be built on this machine (bubblewrap missing or not allowed)."""


@functools.cache
def sandbox_problem() -> str | None:
    """Why student code cannot be sealed off here, or ``None`` when it can.

    Every part of the seal is tried once: bubblewrap with its namespaces and
    the system-call filter, and (as root) the users of their own.
    """
    if sys.platform != "linux":
        return "sandboxing needs Linux (bubblewrap)"
    for tool in ("bwrap", "prlimit", "taskset") + (("setpriv",) if os.geteuid() == 0 else ()):
        if shutil.which(tool) is None:
            package = "bubblewrap" if tool == "bwrap" else "util-linux"
            return f"`{tool}` is missing: apt-get install -y {package}"
    problem = seccomp.filter_problem()
    if problem is not None:
        return problem
    if os.geteuid() == 0:
        try:
            identity.allocate().release()
        except (identity.IdentityError, OSError) as error:
            return f"no user of its own for a sandbox: {error}"
    trial = Sandbox(limits=Limits(processes=16))
    process = SandboxedProcess(trial, ["true"], None)
    done = process.wait(60)
    if done.returncode != 0:
        why = done.stderr.decode("utf-8", "replace").strip() or done.returncode
        return f"bubblewrap cannot run here: {why}"
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


# ----------------------------------------------------------------------- the sandbox


@dataclass
class Sandbox:
    """How to run student code sealed off.

    ``view`` is the package view to show instead of ``coursekit`` (a folder
    holding a ``coursekit`` folder; see :mod:`coursekit.tools.sandbox.package_view`);
    ``hidden`` are further folders to show empty should a readable folder hold
    them; ``cpu`` the one processor the sandbox's processes may run on (``None``:
    any). The user it runs as is drawn afresh for each process tree started
    (:mod:`coursekit.tools.sandbox.identity`).
    """

    view: Path | None = None
    hidden: Sequence[Path] = ()
    limits: Limits = field(default_factory=Limits)
    environment: dict[str, str] = field(default_factory=dict)
    sealed: bool = True
    """``False``: run as a plain process (``--unsafe-no-sandbox``): the same files and
    environment, nothing enforced."""
    cpu: int | None = None

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
            "PYTHONSAFEPATH": "1",  # the working folder, writable, is not on the import path
            "JUPYTER_RUNTIME_DIR": str(WORK / ".jupyter-runtime"),
            "JUPYTER_PLATFORM_DIRS": "1",
            "IPYTHONDIR": str(WORK / ".ipython"),
            "MPLCONFIGDIR": str(WORK / ".matplotlib"),
            "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
            "OPENBLAS_NUM_THREADS": "1",
            **self.environment,
        }
        if self.view is not None:
            inside["PYTHONPATH"] = str(VIEW_MOUNT if self.sealed else self.view)
        return inside

    def _file_system(self, inputs: Path | None) -> list[str]:
        """bwrap options of the file system: read-only folders, the view, the inputs, tmpfs."""
        options = ["--dev", "/dev", "--remount-ro", "/dev", "--proc", "/proc"]
        # the writable tmpfs first: a folder shown read-only below (an environment in a
        # checkout under /tmp, say) is then bound on top of it, not hidden by it
        options += ["--perms", "1777", "--size", str(self.limits.tmp_bytes), "--tmpfs", "/tmp"]
        options += ["--perms", "0777", "--size", str(self.limits.work_bytes)]
        options += ["--tmpfs", str(WORK)]
        made: set[Path] = {Path("/tmp"), WORK}
        readable = readable_folders()
        for path in readable:
            options += _folders_to(path, made)
            options += ["--ro-bind", str(path), str(path)]
        for folder in [real_package(), *map(Path, self.hidden)]:
            folder = folder.resolve()
            if any(_inside(folder, r) and folder != r for r in readable):
                options += ["--tmpfs", str(folder)]
        if self.view is not None:
            options += _folders_to(VIEW_MOUNT, made)
            options += ["--ro-bind", str(self.view), str(VIEW_MOUNT)]
        if inputs is not None:
            options += ["--ro-bind", str(inputs.resolve()), str(INPUT)]
        # the root bubblewrap builds is a tmpfs of no fixed size, its user's own without root
        return [*options, "--remount-ro", "/", "--chdir", str(WORK)]

    def command(
        self,
        command: Sequence[str],
        inputs: Path | None = None,
        *,
        uid: int | None = None,
        seccomp_fd: int | None = None,
    ) -> list[str]:
        """``command`` wrapped so that it runs sealed off (in WORK, with ``inputs`` at INPUT).

        ``uid``: the user to become (as root); ``seccomp_fd``: an open file holding the
        system-call filter (:func:`coursekit.tools.sandbox.seccomp.program_file`).
        """
        if not self.sealed:
            return list(command)
        wrapped = ["bwrap", "--clearenv", *self._file_system(inputs)]
        wrapped += ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
        wrapped += ["--die-with-parent", "--new-session"]
        if seccomp_fd is not None:
            wrapped += ["--seccomp", str(seccomp_fd)]
        if uid is None:  # not root: a user namespace of its own, and no further one inside
            wrapped += ["--unshare-user", "--disable-userns"]
        for name, value in self.environment_inside().items():
            wrapped += ["--setenv", name, value]
        wrapped.append("--")
        if uid is not None:
            wrapped += ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                        "--inh-caps=-all", "--bounding-set=-all", "--"]  # fmt: skip
        wrapped += ["prlimit", *self.limits.prlimit_options(), "--", *command]
        if self.cpu is not None:
            wrapped = ["taskset", "--cpu-list", str(self.cpu), *wrapped]
        return wrapped

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
    stopped: bool = False
    """A process of the tree was stopped (``SIGSTOP``): the run was ended at once."""


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


WATCH_SECONDS = 0.25
"""How often a running sandbox is looked at for a stopped process."""


class SandboxedProcess:
    """A sandboxed process tree: one pipe in, capped pipes out, frozen or killed as a whole.

    ``stdout`` can also be read line by line (:meth:`readline`, for a JSON-lines
    conversation); then it is not kept. ``uid`` is the user it runs as (as root).
    """

    def __init__(self, sandbox: Sandbox, command: Sequence[str], inputs: Path | None) -> None:
        self.sandbox = sandbox
        self.group: ControlGroup | None = None
        self.identity: identity.Identity | None = None
        self.folder: tempfile.TemporaryDirectory | None = None
        program = None
        if sandbox.sealed:
            environment, cwd = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, None
            if os.geteuid() == 0:
                self.identity = identity.allocate()
            program = seccomp.program_file()
            uid = self.identity.uid if self.identity else None
            full = sandbox.command(command, inputs, uid=uid, seccomp_fd=program)
            if control_groups_problem() is None:
                self.group = ControlGroup(sandbox.limits)
                full = self.group.wrap(full)
        else:  # the same run, unprotected, in a folder of its own
            self.folder = tempfile.TemporaryDirectory(prefix="coursekit-unsealed-")
            cwd = self.folder.name
            environment = {**sandbox.environment_inside(), "HOME": cwd}
            environment.pop("JUPYTER_RUNTIME_DIR")
            full = list(command)
        try:
            self.process = subprocess.Popen(
                full, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=environment, cwd=cwd, start_new_session=True,
                pass_fds=() if program is None else (program,),
            )  # fmt: skip
        except BaseException:
            self._release()
            raise
        finally:
            if program is not None:
                os.close(program)
        self.stderr = _CappedReader(self.process.stderr, 64 * 1024)
        self.stderr.start()
        self.stdout: _CappedReader | None = None
        self._pending = bytearray()

    @property
    def uid(self) -> int | None:
        return self.identity.uid if self.identity else None

    # --- a conversation ---------------------------------------------------------

    def send(self, line: bytes) -> None:
        """Write one line to the process (raises ``BrokenPipeError`` when it is gone)."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def readline(self, deadline: float, cap: int) -> bytes | None:
        """One line of output, or ``None`` when none came before ``deadline`` (``time.monotonic``).

        A line longer than ``cap`` bytes is not read: ``b""`` is returned and the
        process is killed (it would only be discarded). What came of a line not yet
        finished is kept for the next call.
        """
        import selectors

        stream = self.process.stdout
        assert stream is not None
        with selectors.DefaultSelector() as selector:
            selector.register(stream, selectors.EVENT_READ)
            while b"\n" not in self._pending:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return None
                chunk = stream.read1(65536)
                if not chunk:
                    line, self._pending = bytes(self._pending), bytearray()
                    return line
                self._pending += chunk
                if len(self._pending) > cap:
                    self.kill()
                    return b""
        first, _, rest = bytes(self._pending).partition(b"\n")
        self._pending = bytearray()
        if rest:  # a conversation is strictly one line per request: more is out of turn
            self.kill()
            return b""
        return first

    def cpu_seconds(self) -> float:
        """Processor seconds the tree's processes have used so far."""
        return cpu_seconds(self.processes())

    def message(self, deadline: float, cap: int, depth: int = 100) -> dict[str, Any] | None:
        """One JSON object from the process (:meth:`readline`): ``None`` when none came in
        time (or the process ended), ``{"malformed": True}`` for a line that is not one or
        nests deeper than ``depth`` (:func:`coursekit.tools.sandbox.untrusted.json_message`)."""
        line = self.readline(deadline, cap)
        if not line:
            return None
        return json_message(line, depth)

    def stdin_close(self) -> None:
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()

    # --- the tree ---------------------------------------------------------------

    def processes(self) -> dict[int, str]:
        """The tree's processes (ids as this machine sees them) and their state letters."""
        return descendants(self.process.pid)

    def stopped(self) -> bool:
        """Whether a process of the tree is stopped (``SIGSTOP``, or traced)."""
        return any(state in "tT" for state in self.processes().values())

    def freeze(self, frozen: bool = True) -> None:
        """Stop every process of the tree (``True``: it uses no processor) or let it run again.

        The control group's freezer where there is one, else each process stopped.
        """
        if self.group is not None and self.group.freezer is not None:
            self.group.freeze(frozen)
        else:
            stop_tree(self.process.pid, frozen)

    # --- to the end -------------------------------------------------------------

    def wait(self, timeout: float) -> Finished:
        """Read the output (capped) until the process ends or ``timeout`` passes; kill the tree.

        A process of the tree found stopped ends the run at once (``Finished.stopped``):
        a stopped runner would otherwise hold its slot until ``timeout``.
        """
        self.stdout = _CappedReader(self.process.stdout, self.sandbox.limits.output_bytes)
        self.stdout.start()
        timed_out = stopped = False
        deadline = time.monotonic() + timeout
        while self.process.poll() is None:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(min(WATCH_SECONDS, left))
            if self.process.poll() is None and self.sandbox.sealed and self.stopped():
                stopped = True
                break
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
            stopped,
        )

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """Kill the whole tree: the process group, the pid namespace with it, the control group."""
        tree = list(self.processes()) if self.group is None and self.alive() else []
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        for pid in tree:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)
        self.stdin_close()
        self._release()

    def _release(self) -> None:
        if self.group is not None:
            self.group.close()
            self.group = None
        if self.identity is not None:
            self.identity.release()
            self.identity = None
        if self.folder is not None:
            self.folder.cleanup()
            self.folder = None
