"""The grader's records: how a run grades (:class:`Settings`) and what it found (:class:`Grade`)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from coursekit.tools.grading.check import DEFAULT_TIMEOUT
from coursekit.tools.notebooks.exercise import ExerciseSet
from coursekit.tools.sandbox.process import Sandbox


def draw_seed() -> int:
    """A fresh seed for the hidden cases, drawn when grading starts (never in the package)."""
    return secrets.randbelow(2**31)


@dataclass(frozen=True)
class Settings:
    """How submissions are graded (the command line's options).

    ``seed`` picks the hidden cases of "write a function" parts: drawn anew for
    every grading run unless given (``--seed``, to repeat a run), and written in
    the grade report.
    """

    timeout: float = DEFAULT_TIMEOUT
    seed: int = field(default_factory=draw_seed)
    sandbox: Sandbox | None = None  # None: not sealed off (--unsafe-no-sandbox)
    allow_library: bool = False
    in_kernel: bool = False  # True: every part judged by its graded cell (the old way, benchmarks)


@dataclass
class Grade:
    """Everything the grader found out about one submission."""

    file: str
    exercise: ExerciseSet | None = None
    parts: list[PartGrade] = field(default_factory=list)
    tampered: list[str] = field(default_factory=list)
    timed_out: list[str] = field(default_factory=list)
    kernel_died: list[str] = field(default_factory=list)
    review: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problem: str = ""
    sandbox: str = ""
    seed: str = ""
    language: str = "en"
    """The submission's language (its metadata): its hints and feedback are written in it."""
    internal: bool = False
    """The grader failed on it (twice): no points are given, the row says so."""
    peak_bytes: int = 0
    """The most memory the grading process had used when this submission was done."""

    @property
    def total(self) -> float:
        return sum(part.points for part in self.parts)


@dataclass
class PartGrade:
    """The outcome of one part of one submission."""

    points: float = 0.0
    status: str = "failed"  # passed, failed, tampered, timed out, not run
    detail: str = ""  # the check's hint or the error
