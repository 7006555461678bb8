"""The sandbox every piece of student code runs in, and what reads what it sends back.

* :mod:`~coursekit.tools.sandbox.process` — :class:`Sandbox` (bubblewrap, a scrubbed
  environment, its own identity, size-capped writable space) and :class:`SandboxedProcess`
  (limits, a kill of the whole tree);
* :mod:`~coursekit.tools.sandbox.seccomp` — the system-call filter, denying by default;
* :mod:`~coursekit.tools.sandbox.identity`, :mod:`~coursekit.tools.sandbox.limits`,
  :mod:`~coursekit.tools.sandbox.processors` — user ids drawn machine-wide, CPU / memory /
  process limits with or without root, a processor of one's own;
* :mod:`~coursekit.tools.sandbox.package_view`, :mod:`~coursekit.tools.sandbox.allow_list` —
  the view of ``coursekit`` the code sees (an allow-list);
* :mod:`~coursekit.tools.sandbox.untrusted`, :mod:`~coursekit.tools.sandbox.safe_output` —
  what the code sends, read under limits by exact type, and written out escaped.

The process on the other side, inside the sandbox, is :mod:`coursekit.tools.inside`.

Import contract (``pyproject.toml``): grading and the tournament stand on this room; it
imports neither of them (only :mod:`coursekit.tools.notebooks`, below it). Its face is
lazy: :mod:`~coursekit.tools.sandbox.seccomp`, ``package_view`` and ``allow_list`` are
imported inside a graded function's package view, where nothing else of this room is.
"""

from coursekit.lazy import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Sandbox": "coursekit.tools.sandbox.process",
        "SandboxedProcess": "coursekit.tools.sandbox.process",
        "SandboxError": "coursekit.tools.sandbox.process",
        "Limits": "coursekit.tools.sandbox.process",
        "python": "coursekit.tools.sandbox.process",
        "sandbox_problem": "coursekit.tools.sandbox.process",
        "confine": "coursekit.tools.sandbox.seccomp",
        "view_for": "coursekit.tools.sandbox.package_view",
        "Withheld": "coursekit.tools.sandbox.package_view",
        "read_notebook_limited": "coursekit.tools.sandbox.untrusted",
        "csv_row": "coursekit.tools.sandbox.safe_output",
        "claim_processor": "coursekit.tools.sandbox.processors",
    },
)
