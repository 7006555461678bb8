"""The sandbox's layers, attacked directly, as root and as a plain user.

Each probe below is a small program a clever student could put in an answer
cell or a tournament entry, aimed at a layer under the grader rather than at
the grader itself: the kernel's keyrings, a user namespace of one's own (and
a tmpfs in it, outside every memory limit), the process limit, every
writable place, memory that no address-space limit counts, the runner beside
it, ptrace, the processor it was given. All of them run in one driver per mode
(root, and the plain user :data:`plain_user.PLAIN_USER`), inside real sandboxes.
"""

from __future__ import annotations

import json
import shutil
import textwrap

import pytest
from plain_user import MODES, folder_for, give, python_as, require

from coursekit.tools.sandbox.process import sandbox_problem

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here"),
]

PRELUDE = """
import ctypes, errno, json, os, signal, sys
libc = ctypes.CDLL(None, use_errno=True)
def call(number, *args):
    result = libc.syscall(number, *[ctypes.c_long(a) for a in args])
    return "ok" if result >= 0 else errno.errorcode.get(ctypes.get_errno(), "?")
"""

# x86-64 system call numbers
PROBES = {
    "keyring": "print(call(248, 0, 0, 0, 0, -3))",  # add_key into the user keyring
    "keyctl": "print(call(250, 0, -3))",  # keyctl(GET_KEYRING_ID, user keyring)
    "user_namespace": "print(call(272, 0x10000000))",  # unshare(CLONE_NEWUSER)
    "mount_namespace": "print(call(272, 0x00020000))",  # unshare(CLONE_NEWNS)
    "mount_tmpfs": "print(call(165, 0, 0, 0, 0, 0))",  # mount
    "memfd": "print(call(319, 0, 0))",  # memfd_create
    "personality": "print(call(135, 0x0040000))",  # ADDR_NO_RANDOMIZE
    "ptrace_parent": "print(call(101, 16, os.getppid(), 0, 0))",  # PTRACE_ATTACH
    "affinity": (
        "try:\n    os.sched_setaffinity(0, range(os.cpu_count()))\n    print('ok')\n"
        "except OSError as e:\n    print(errno.errorcode[e.errno])"
    ),
    "processes": textwrap.dedent(
        """
        import time
        made = 0
        for _ in range(300):
            try:
                if os.fork() == 0:
                    time.sleep(30)
                    os._exit(0)
                made += 1
            except OSError:
                break
        print(made)
        """
    ),
    "writable": textwrap.dedent(
        """
        found = []
        for line in open("/proc/self/mountinfo"):
            point = line.split()[4]
            try:
                with open(os.path.join(point, ".probe"), "w") as f:
                    f.write("x")
                os.unlink(os.path.join(point, ".probe"))
                kind = line.split(" - ")[1].split()[0]
                size = [o for o in line.split()[-1].split(",") if o.startswith("size=")]
                found.append([point, kind, size[0] if size else ""])
            except OSError:
                pass
        print(json.dumps(found))
        """
    ),
    "identity": "print(os.getuid(), os.stat('/proc/self/ns/user').st_ino)",
    "identity_again": "print(os.getuid(), os.stat('/proc/self/ns/user').st_ino)",
}

# confined, as the process running student code is: no process, no stop signal, not even its own
TRY = "try:\n    {}\n    print('ok')\nexcept OSError as e:\n    print(errno.errorcode[e.errno])"
CONFINED = {
    "fork": "confine()\n" + TRY.format("os.fork()"),
    "exec": "confine()\n" + TRY.format("os.execv('/bin/true', ['true'])"),
    "stop_the_runner": "confine()\nprint(call(62, os.getppid(), signal.SIGSTOP))",  # kill
    "stop_itself": "confine()\nprint(call(62, os.getpid(), signal.SIGSTOP))",
    "signal_itself": (
        "confine()\nsignal.signal(signal.SIGUSR1, lambda *a: None)\n"
        "print(call(62, os.getpid(), signal.SIGUSR1))"
    ),
}

DRIVER = """
import json, sys, time
from pathlib import Path
from coursekit.tools.sandbox.limits import Limits, stop_tree
from coursekit.tools.sandbox.package_view import view_for
from coursekit.tools.sandbox.process import Sandbox, python
probes = json.loads(Path(sys.argv[1]).read_text())
sandbox = Sandbox(view=view_for(), limits=Limits(processes=32), cpu=0)
found = {}
for name, code in probes.items():
    done = sandbox.run([python(), "-c", code], timeout=120)
    found[name] = (done.stdout.decode().strip(), done.stderr.decode()[-300:])
# the watchdog: a runner stopped from outside is ended at once, not at its time limit
process = sandbox.start(["sleep", "100"])
time.sleep(1)
stop_tree(process.process.pid, True)  # SIGSTOP, as an attacker would send it
began = time.monotonic()
done = process.wait(60)
found["stopped_runner"] = (f"{done.stopped} {time.monotonic() - began:.1f}", "")
print(json.dumps(found))
"""


@pytest.fixture(scope="module", params=MODES)
def probed(request):
    """Every probe's output, run in real sandboxes by one driver in the given mode."""
    require(request.param)
    folder = folder_for(request.param)
    try:
        code = {n: PRELUDE + c for n, c in PROBES.items()}
        code |= {n: PRELUDE + "from coursekit.tools.sandbox.seccomp import confine\n" + c
                 for n, c in CONFINED.items()}  # fmt: skip
        (folder / "probes.json").write_text(json.dumps(code))
        give(folder, request.param)
        done = python_as(request.param, ["-c", DRIVER, str(folder / "probes.json")],
                         timeout=900, cwd=folder)  # fmt: skip
        assert done.returncode == 0, done.stderr[-3000:]
        found = json.loads(done.stdout.strip().splitlines()[-1])
        return request.param, {name: out for name, (out, _) in found.items()}, found
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize(
    "name",
    ["keyring", "keyctl", "user_namespace", "mount_namespace", "mount_tmpfs", "memfd",
     "personality", "ptrace_parent", "affinity"],
)  # fmt: skip
def test_the_closed_doors_say_not_permitted(probed, name):
    _, out, found = probed
    assert out[name] == "EPERM", found[name]


def test_the_process_limit_holds_in_the_sandbox_alone(probed):
    _, out, found = probed
    made = int(out["processes"])
    assert 0 < made < 32, found["processes"]


def test_the_only_writable_places_are_two_small_tmpfs(probed):
    _, out, _ = probed
    writable = json.loads(out["writable"])
    assert sorted(point for point, _, _ in writable) == ["/coursekit-work", "/tmp"], writable
    for point, kind, size in writable:
        assert kind == "tmpfs" and size, (point, kind, size)
        assert int(size.removeprefix("size=").rstrip("k")) <= 100 * 1024, size


def test_confined_code_starts_nothing_and_stops_no_one(probed):
    _, out, found = probed
    assert out["fork"] == "EPERM", found["fork"]
    assert out["exec"] == "EPERM", found["exec"]
    assert out["stop_the_runner"] == "EPERM", found["stop_the_runner"]
    assert out["stop_itself"] == "EPERM", found["stop_itself"]
    assert out["signal_itself"] == "ok", found["signal_itself"]


def test_a_stopped_runner_is_ended_within_seconds(probed):
    _, out, _ = probed
    stopped, seconds = out["stopped_runner"].split()
    assert stopped == "True" and float(seconds) < 5


def test_every_sandbox_is_someone_new(probed):
    mode, out, _ = probed
    uid, namespace = out["identity"].split()
    uid_again, namespace_again = out["identity_again"].split()
    if mode == "root":  # a sandbox user, not root, not an account, never the same twice
        assert int(uid) >= 200_000 and uid != uid_again
    else:  # without root: a user namespace of its own each time
        assert namespace != namespace_again
