"""The system-call filter, walked call by call: everything not on the allow-list is refused.

The compiled BPF program that bubblewrap loads is run here on every system call
number this machine's libseccomp knows (and far beyond), by a small interpreter
of classic BPF written for this test: so a call nobody thought of — one a newer
kernel adds, one no attack has used yet — meets a closed door, and the test
fails the day someone allows it without meaning to.
"""

from __future__ import annotations

import errno
import socket
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.tools.sandbox import seccomp
from coursekit.tools.sandbox.seccomp import (
    ALLOWED,
    ARGUMENT_RULES,
    CLONE_THREAD,
    NAMESPACE_FLAGS,
    confinement_filter,
    filter_problem,
    sandbox_program,
)

pytestmark = pytest.mark.skipif(filter_problem() is not None, reason="no libseccomp here")

AUDIT_ARCH_X86_64 = 0xC000003E
AUDIT_ARCH_I386 = 0x40000003
ALLOW, ERRNO, KILL_PROCESS, KILL_THREAD = 0x7FFF0000, 0x00050000, 0x80000000, 0x00000000

# ------------------------------------------------------------- a classic BPF interpreter


def run_bpf(program: bytes, nr: int, args=(0,) * 6, arch=AUDIT_ARCH_X86_64) -> int:
    """What a seccomp BPF ``program`` returns for the call ``nr`` with ``args``.

    ``man 2 seccomp``: the program reads a ``struct seccomp_data`` (number, architecture,
    instruction pointer, six arguments) and returns an action.
    """
    args = [a & (2**64 - 1) for a in args] + [0] * (6 - len(args))
    data = struct.pack("<iIQ6Q", nr, arch, 0, *args)
    code = [struct.unpack_from("<HBBI", program, i) for i in range(0, len(program), 8)]
    a = x = pc = 0
    memory = [0] * 16
    while True:
        op, jt, jf, k = code[pc]
        pc += 1
        kind = op & 0x07
        if kind == 0x00:  # LD: a word of the call's data, a constant, or the scratch memory
            mode = op & 0xE0
            a = struct.unpack_from("<I", data, k)[0] if mode == 0x20 else k
            a = memory[k] if mode == 0x60 else a
        elif kind == 0x01:  # LDX
            x = memory[k] if op & 0xE0 == 0x60 else k
        elif kind in (0x02, 0x03):  # ST, STX
            memory[k] = a if kind == 0x02 else x
        elif kind == 0x04:  # ALU
            operand = x if op & 0x08 else k
            a = _alu(op & 0xF0, a, operand) & 0xFFFFFFFF
        elif kind == 0x05:  # JMP
            operand = x if op & 0x08 else k
            test = op & 0xF0
            if test == 0x00:
                pc += k
                continue
            taken = {0x10: a == operand, 0x20: a > operand, 0x30: a >= operand,
                     0x40: bool(a & operand)}[test]  # fmt: skip
            pc += jt if taken else jf
        elif kind == 0x06:  # RET
            return a if op & 0x18 == 0x10 else k
        else:  # MISC: TAX, TXA
            if op & 0xF8 == 0x80:
                a = x
            else:
                x = a


def _alu(op: int, a: int, b: int) -> int:
    operations = {0x00: a + b, 0x10: a - b, 0x20: a * b, 0x40: a | b, 0x50: a & b,
                  0x60: a << b, 0x70: a >> b, 0x80: -a, 0xA0: a ^ b}  # fmt: skip
    if op == 0x30:
        return a // b
    return operations[op]


def verdict(value: int) -> tuple[str, int]:
    action = value & 0xFFFF0000
    if action == ALLOW:
        return "allow", 0
    if action == ERRNO:
        return "errno", value & 0xFFFF
    return "kill", 0


# ------------------------------------------------------------------------- the walk

import pyseccomp  # noqa: E402 (skipped above when missing)


def every_call() -> dict[int, str]:
    """Number → name of every system call of this machine's architecture libseccomp knows."""
    found = {}
    for number in range(0, 1024):
        try:
            name = pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, number)
        except (ValueError, OSError):
            continue
        if name:
            found[number] = name.decode()
    return found


CALLS = every_call()
ALLOWED_NAMES = {name for names in ALLOWED.values() for name in names}


def test_the_walk_covers_the_architecture():
    assert len(CALLS) > 300
    assert {"keyctl", "unshare", "mount", "ptrace", "bpf", "io_uring_setup"} <= set(CALLS.values())


@pytest.mark.parametrize("number", sorted(CALLS), ids=lambda n: CALLS[n])
def test_every_call_is_allowed_only_when_listed(number):
    name = CALLS[number]
    got = verdict(run_bpf(sandbox_program(), number))
    if name == "clone3":
        assert got == ("errno", errno.ENOSYS)
    elif name == "socket":  # family 0 (AF_UNSPEC) is no family it allows
        assert got == ("errno", errno.EPERM)
    elif name in ALLOWED_NAMES:
        assert got == ("allow", 0), name  # with all-zero arguments every other listed call passes
    else:
        assert got == ("errno", errno.EPERM), name


@pytest.mark.parametrize(
    "name",
    ["keyctl", "add_key", "request_key", "unshare", "setns", "mount", "umount2", "pivot_root",
     "chroot", "ptrace", "process_vm_readv", "process_vm_writev", "bpf", "perf_event_open",
     "userfaultfd", "io_uring_setup", "memfd_create", "shmget", "sched_setaffinity",
     "sched_setattr",
     "setpriority", "kexec_load", "init_module", "open_by_handle_at", "fsopen", "move_mount",
     "mknod", "swapon", "reboot", "clock_settime", "syslog", "acct", "pidfd_getfd"],
)  # fmt: skip
def test_the_doors_named_in_the_issue_are_closed(name):
    number = pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, name)
    assert verdict(run_bpf(sandbox_program(), number)) == ("errno", errno.EPERM)


def test_numbers_no_kernel_has_yet_are_refused():
    for number in (460, 511, 900, 1023, 0x3FFFFFFF):
        assert verdict(run_bpf(sandbox_program(), number))[0] != "allow", number


def test_the_x32_calls_and_other_architectures_are_refused():
    write = pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, "write")
    assert verdict(run_bpf(sandbox_program(), write | 0x40000000))[0] != "allow"
    assert verdict(run_bpf(sandbox_program(), 4, arch=AUDIT_ARCH_I386))[0] == "kill"


def _number(name: str) -> int:
    return pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, name)


NAMESPACES = [0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000,
              0x40000000, 0x00000080]  # fmt: skip


@pytest.mark.parametrize("flag", NAMESPACES, ids=hex)
def test_clone_with_a_namespace_flag_is_refused(flag):
    thread = 0x003D0F00  # what the C library passes for a thread
    assert verdict(run_bpf(sandbox_program(), _number("clone"), (thread | flag,)))[0] == "errno"
    assert verdict(run_bpf(sandbox_program(), _number("clone"), (thread,)))[0] == "allow"
    assert NAMESPACE_FLAGS & flag


def test_socket_families():
    def made(*args):
        return verdict(run_bpf(sandbox_program(), _number("socket"), args))[0]

    assert made(socket.AF_UNIX, socket.SOCK_STREAM, 0) == "allow"
    assert made(socket.AF_INET, socket.SOCK_STREAM, 0) == "allow"
    assert made(socket.AF_INET6, socket.SOCK_DGRAM, 0) == "allow"
    assert made(socket.AF_NETLINK, socket.SOCK_RAW, 0) == "allow"
    assert made(socket.AF_NETLINK, socket.SOCK_RAW, 9) == "errno"  # NETLINK_AUDIT
    assert made(17, socket.SOCK_RAW, 0) == "errno"  # AF_PACKET
    assert made(40, socket.SOCK_STREAM, 0) == "errno"  # AF_VSOCK


def test_personality_may_only_be_asked_for():
    def persona(value):
        return verdict(run_bpf(sandbox_program(), _number("personality"), (value,)))[0]

    assert persona(0xFFFFFFFF) == "allow" and persona(0) == "allow"
    assert persona(0x0040000) == "errno"  # ADDR_NO_RANDOMIZE
    assert persona(0x0400000) == "errno"  # READ_IMPLIES_EXEC


def test_the_argument_rules_are_the_listed_ones():
    assert set(ARGUMENT_RULES) <= ALLOWED_NAMES


# ------------------------------------------------------------ the narrower confinement


def confined_program(pid: int) -> bytes:
    return seccomp._export(confinement_filter(pid))


def both(pid: int, name: str, args=(0,) * 6) -> str:
    """The stricter of the sandbox's and the confinement's verdicts (the kernel runs both)."""
    verdicts = [verdict(run_bpf(p, _number(name), args))[0]
                for p in (sandbox_program(), confined_program(pid))]  # fmt: skip
    return "allow" if verdicts == ["allow", "allow"] else "refused"


def test_confined_code_starts_no_process_and_no_program():
    for name in ("fork", "vfork", "execve", "execveat"):
        assert both(7, name) == "refused", name
    assert both(7, "clone", (0x01200011,)) == "refused"  # what fork() passes
    assert both(7, "clone", (0x003D0F00,)) == "allow"  # a thread


def test_confined_code_signals_only_itself():
    assert both(7, "kill", (7, 2)) == "allow"
    for stop in (19, 20, 21, 22):  # SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU: not even itself
        assert both(7, "kill", (7, stop)) == "refused"
        assert both(7, "tgkill", (7, 8, stop)) == "refused"
    for pid in (1, 6, 8, 0, -1 & 0xFFFFFFFFFFFFFFFF):
        assert both(7, "kill", (pid, 19)) == "refused", pid
    assert both(7, "tgkill", (7, 9, 2)) == "allow"
    assert both(7, "tgkill", (1, 1, 19)) == "refused"
    assert both(7, "tkill", (1, 19)) == "refused"


@settings(max_examples=300, deadline=None)
@given(
    number=st.integers(0, 600),
    args=st.lists(st.integers(0, 2**64 - 1), min_size=6, max_size=6),
)
def test_random_calls_with_random_arguments_follow_the_rules(number, args):
    name = CALLS.get(number)
    got = verdict(run_bpf(sandbox_program(), number, args))[0]
    if name is None or name not in ALLOWED_NAMES:
        assert got != "allow"
    elif name not in ARGUMENT_RULES:
        assert got == "allow"
    elif name == "clone":
        assert (got == "allow") == (args[0] & NAMESPACE_FLAGS == 0)
    elif name == "personality":
        assert (got == "allow") == (args[0] in (0, 0xFFFFFFFF))
    assert CLONE_THREAD == 0x00010000
