"""The system calls student code may make: a seccomp filter that denies by default.

A system-call filter is a small program the kernel runs on every system call
a process makes, before the call does anything (seccomp, "secure computing";
``man 2 seccomp``). Every sandbox (:mod:`coursekit.tools.sandbox.process`) gets one
from bubblewrap (``bwrap --seccomp FD``), and it holds for every process the
sandbox starts. The filter is modelled on the default profile of the container
runtimes (Docker, Podman): an **allow-list** of the calls ordinary programs
need — files, memory, threads, pipes and sockets, clocks, signals — and
``EPERM`` ("operation not permitted") for every other call, including calls
that a newer kernel adds later. Among those left out on purpose:

* the kernel's keyrings (``keyctl``, ``add_key``, ``request_key``): keys outlive
  the process that made them and could carry data from one sandbox to the next;
* new namespaces (``unshare``, ``setns``, ``clone`` with a ``CLONE_NEW*`` flag):
  a new user namespace would give the code a root of its own, and with it
  mounts (a ``tmpfs`` outside every memory limit) and a way around the limits;
* mounts, ``chroot``, ``pivot_root``; ``ptrace`` and reading or writing another
  process's memory; ``personality`` changes (other than asking for the current
  one); BPF programs, performance counters, ``userfaultfd``, ``io_uring``;
* anonymous memory files (``memfd_create``) and System V shared memory, whose
  pages no address-space limit counts; ``sched_setaffinity`` (a sandbox keeps
  the processor it was given) and ``setpriority``; loading modules, rebooting,
  setting the clock. (``sched_setscheduler`` stays: libzmq sets the usual policy
  on its threads, and no real-time priority can be had under ``RLIMIT_RTPRIO`` 0.)

``clone3`` answers ``ENOSYS`` ("no such call") instead: its flags are in memory
a filter cannot read, and the C library then falls back to ``clone``, whose
flags the filter checks.

Inside the sandbox, the process that runs student code narrows this further
for itself (:func:`confine`, called before the first line of student code):
no new process, no other program, no signal to any process but itself, and no
signal that stops a process. A
filter can only ever be narrowed, never widened, by the process under it.

The filters are built with libseccomp (Debian ``libseccomp2``) through its
Python bindings (PyPI ``pyseccomp``, ctypes over the system's library): no
BPF program is written here by hand. :data:`ALLOWED` is the whole allow-list;
``tests/tools/test_seccomp.py`` runs the compiled program on every system call
the machine knows.
"""

from __future__ import annotations

import errno
import functools
import io
import os
import signal
import socket
from typing import Any

ALLOWED: dict[str, tuple[str, ...]] = {
    "files": (
        "read", "write", "readv", "writev", "pread64", "pwrite64", "preadv", "pwritev",
        "preadv2", "pwritev2", "open", "openat", "creat", "close", "close_range", "lseek",
        "stat", "fstat", "lstat", "newfstatat", "statx", "statfs", "fstatfs", "access",
        "faccessat", "faccessat2", "readlink", "readlinkat", "getdents", "getdents64",
        "getcwd", "chdir", "fchdir", "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat",
        "rename", "renameat", "renameat2", "link", "linkat", "symlink", "symlinkat", "chmod",
        "fchmod", "fchmodat", "truncate", "ftruncate", "fallocate", "fadvise64", "fsync",
        "fdatasync", "flock", "fcntl", "dup", "dup2", "dup3", "pipe", "pipe2", "umask",
        "utime", "utimes", "utimensat", "sendfile", "copy_file_range", "splice", "tee",
        "getxattr", "lgetxattr", "fgetxattr", "listxattr", "llistxattr", "flistxattr",
        "readahead", "ioctl", "inotify_init", "inotify_init1", "inotify_add_watch",
        "inotify_rm_watch",
    ),
    "memory": (
        "brk", "mmap", "munmap", "mremap", "mprotect", "madvise", "mincore", "msync",
        "membarrier",
    ),
    "processes and threads": (
        "clone", "fork", "vfork", "execve", "execveat", "exit", "exit_group", "wait4",
        "waitid", "getpid", "getppid", "gettid", "getpgid", "getpgrp", "getsid", "setsid",
        "setpgid", "set_tid_address", "set_robust_list", "get_robust_list", "rseq",
        "arch_prctl", "prctl", "prlimit64", "getrlimit", "setrlimit", "getrusage", "times",
        "sched_yield", "sched_getaffinity", "sched_getparam", "sched_getscheduler",
        "sched_setscheduler", "sched_setparam",
        "sched_get_priority_max", "sched_get_priority_min", "sched_rr_get_interval",
        "getpriority", "getcpu", "seccomp", "pidfd_open",
    ),
    "identity (setpriv drops to the sandbox's user)": (
        "getuid", "geteuid", "getgid", "getegid", "getgroups", "getresuid", "getresgid",
        "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid", "setgroups",
        "setfsuid", "setfsgid", "capget", "capset",
    ),
    "signals": (
        "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "rt_sigpending", "rt_sigsuspend",
        "rt_sigtimedwait", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "sigaltstack",
        "signalfd", "signalfd4", "kill", "tkill", "tgkill", "pause", "alarm", "setitimer",
        "getitimer", "restart_syscall",
    ),
    "clocks and timers": (
        "clock_gettime", "clock_getres", "clock_nanosleep", "nanosleep", "gettimeofday",
        "time", "timer_create", "timer_settime", "timer_gettime", "timer_getoverrun",
        "timer_delete", "timerfd_create", "timerfd_settime", "timerfd_gettime",
    ),
    "waiting for events": (
        "poll", "ppoll", "select", "pselect6", "epoll_create", "epoll_create1", "epoll_ctl",
        "epoll_wait", "epoll_pwait", "epoll_pwait2", "eventfd", "eventfd2", "futex",
        "futex_waitv",
    ),
    "sockets (a kernel talks to its runner over the loopback)": (
        "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
        "getsockname", "getpeername", "getsockopt", "setsockopt", "sendto", "recvfrom",
        "sendmsg", "recvmsg", "sendmmsg", "recvmmsg", "shutdown",
    ),
    "the machine": ("uname", "sysinfo", "getrandom", "personality"),
}  # fmt: skip
"""Every system call a sandbox may make, by what it is for. Some are allowed only with
some arguments (:data:`ARGUMENT_RULES`); every call not named here fails with ``EPERM``."""

NAMESPACE_FLAGS = 0x7E020080
"""``CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER |
CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWTIME``: a ``clone`` with any of them is refused."""

CLONE_THREAD = 0x00010000
"""The ``clone`` flag of a new thread (as opposed to a new process)."""

PER_LINUX = 0
"""The usual personality; ``personality(0xffffffff)`` only asks for the current one."""

ARGUMENT_RULES = {
    "clone": "only without a namespace flag",
    "socket": "only Unix, IPv4 and IPv6 sockets, and netlink's routing family",
    "personality": "only to ask for the current one, or to set the usual one",
}
"""The allowed calls whose arguments the filter checks as well."""

SOCKET_FAMILIES = (socket.AF_UNIX, socket.AF_INET, socket.AF_INET6)
"""What ``socket`` may make (netlink's routing family too: the C library asks it for the
machine's addresses)."""

NETLINK_ROUTE = 0

STOP_SIGNALS = (signal.SIGSTOP, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU)
"""The signals that stop a process: confined code may not send them, not even to itself."""


class SeccompUnavailable(RuntimeError):
    """No system-call filter can be built here (libseccomp or its bindings missing)."""


def _library() -> Any:
    """The ``pyseccomp`` module (ctypes over the system's ``libseccomp.so.2``)."""
    try:
        import pyseccomp
    except (ImportError, OSError) as error:
        raise SeccompUnavailable(
            f"no system-call filter can be built ({error}): apt-get install -y libseccomp2 "
            "and pip install pyseccomp (coursekit's lab extra)"
        ) from None
    return pyseccomp


def known_calls() -> dict[str, int]:
    """The name and number of every allowed call this machine's kernel and libseccomp know."""
    seccomp = _library()
    numbers = {}
    for names in ALLOWED.values():
        for name in names:
            try:
                number = seccomp.resolve_syscall(seccomp.Arch.NATIVE, name)
            except (ValueError, OSError):
                continue
            if number >= 0:  # negative: a call this architecture does not have
                numbers[name] = number
    return numbers


def sandbox_filter() -> Any:
    """The filter of every sandbox (a ``pyseccomp.SyscallFilter``, not yet loaded).

    Raises
    ------
    SeccompUnavailable
        When libseccomp or ``pyseccomp`` is missing.
    """
    seccomp = _library()
    rules = seccomp.SyscallFilter(seccomp.ERRNO(errno.EPERM))
    allow = seccomp.ALLOW
    for name in known_calls():
        if name not in ARGUMENT_RULES:
            rules.add_rule(allow, name)
    rules.add_rule(allow, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, NAMESPACE_FLAGS, 0))
    rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    for family in SOCKET_FAMILIES:
        rules.add_rule(allow, "socket", seccomp.Arg(0, seccomp.EQ, family))
    netlink = (seccomp.Arg(0, seccomp.EQ, socket.AF_NETLINK), seccomp.Arg(2, seccomp.EQ, 0))
    rules.add_rule(allow, "socket", *netlink)
    for persona in (PER_LINUX, 0xFFFFFFFF):
        rules.add_rule(allow, "personality", seccomp.Arg(0, seccomp.EQ, persona))
    return rules


@functools.cache
def sandbox_program() -> bytes:
    """:func:`sandbox_filter` compiled to the BPF program bubblewrap loads (``--seccomp FD``)."""
    return _export(sandbox_filter())


def _export(rules: Any) -> bytes:
    read, write = os.pipe()
    try:
        with io.open(write, "wb", closefd=False) as out:  # noqa: UP020 (a descriptor)
            rules.export_bpf(out)
    finally:
        os.close(write)
    with os.fdopen(read, "rb") as program:
        return program.read()


def program_file() -> int:
    """A new file descriptor holding :func:`sandbox_program`, at its start (for one ``bwrap``).

    The caller passes it to bubblewrap and closes it afterwards.
    """
    program = sandbox_program()
    descriptor = os.memfd_create("coursekit-seccomp", os.MFD_CLOEXEC)
    os.write(descriptor, program)
    os.lseek(descriptor, 0, os.SEEK_SET)
    return descriptor


def confinement_filter(pid: int) -> Any:
    """The narrower filter of the process that runs student code (its own ``pid``).

    On top of the sandbox's filter: no new process (a thread is fine), no
    other program (``execve``), and signals only to itself, never one that
    stops it (:data:`STOP_SIGNALS`).
    """
    seccomp = _library()
    rules = seccomp.SyscallFilter(seccomp.ALLOW)
    refuse = seccomp.ERRNO(errno.EPERM)
    for name in ("fork", "vfork", "execve", "execveat", "tkill", "pidfd_open"):
        rules.add_rule(refuse, name)
    rules.add_rule(refuse, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_THREAD, 0))
    signal_argument = {"kill": 1, "rt_sigqueueinfo": 1, "tgkill": 2, "rt_tgsigqueueinfo": 2}
    for name, where in signal_argument.items():
        rules.add_rule(refuse, name, seccomp.Arg(0, seccomp.NE, pid))
        for stop in STOP_SIGNALS:  # a stopped process holds its runner until the time is up
            rules.add_rule(refuse, name, seccomp.Arg(where, seccomp.EQ, stop))
    return rules


def confine() -> None:
    """Narrow this process's system calls for running student code (see :func:`confinement_filter`).

    Raises
    ------
    SeccompUnavailable
        When libseccomp or ``pyseccomp`` is missing: student code must not run then.
    """
    confinement_filter(os.getpid()).load()


def filter_problem() -> str | None:
    """Why no system-call filter can be built here, or ``None`` when it can."""
    try:
        sandbox_program()
    except SeccompUnavailable as error:
        return str(error)
    except OSError as error:
        return f"libseccomp refused the filter ({error})"
    return None
