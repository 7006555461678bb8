"""Grade a class's exercise notebooks against the instructor's solutions.

``coursekit grade SUBMISSION.ipynb ... --solutions solutions/ --csv grades.csv``

A student's file is never run as it is: its graded cells and the outputs it
stores are the student's to change. For each submission the grader

1. finds its exercise set (the ``coursekit.exercise`` the release wrote into
   the notebook's metadata, else an ``NN_topic`` in the file name);
2. takes the student's *answer cells* — matched by cell id, falling back to
   the order of the cells tagged ``solution`` — and puts them into the
   instructor's solution notebook in place of the solutions, so that every
   graded cell is the instructor's original;
3. compares each graded cell of the submission with the released one (by a
   digest of the released source computed here, from the solutions): a part
   whose graded cell was edited or deleted gets no points and is reported as
   tampered;
4. puts, in place of each graded cell whose part its check module declares
   (:mod:`coursekit.checks.parts`), a cell that writes the answer as plain
   data: the answer variables, or the student's function's results on the
   grader's hidden cases (``--seed``);
5. runs the result under nbval in a fresh kernel (:func:`coursekit.tools.check.run_cells`),
   sealed off with bubblewrap (:mod:`coursekit.tools.sandbox`), with a
   per-cell timeout; a cell that runs too long is interrupted and only its
   part is lost. When the kernel dies, the culprit cell is neutralised (an
   answer goes back to its stub, a graded cell is skipped) and the notebook
   runs again, so the remaining parts are still graded;
6. decides each declared part here, in the grader's process, by running the
   check on that data (:func:`coursekit.checks.parts.judge`); a part that no
   module declares scores its points when its graded cell ran without an
   exception.

Submissions are graded in parallel, one sandbox, pytest process and kernel
each. Answer code that reaches outside (files, processes, the shell, the
grading machinery, IPython hooks) is flagged for review.
"""

from __future__ import annotations

import argparse
import ast
import copy
import csv
import json
import multiprocessing
import os
import re
import resource
import secrets
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.checks import parts as declared_parts
from coursekit.text import language_code, say, speaking, table
from coursekit.tools.check import (
    DEFAULT_TIMEOUT,
    UNANSWERED,
    CellResult,
    CheckError,
    require_nbval,
    run_cells,
)
from coursekit.tools.exercise import (
    ExerciseFormatError,
    ExerciseSet,
    is_answer,
    is_graded,
    load_exercise_sets,
    notebook_text,
    python_source,
    source_digest,
)
from coursekit.tools.package_view import built_views, use_views, view_for
from coursekit.tools.safe_output import csv_cell, markdown_text
from coursekit.tools.sandbox import Sandbox, sandbox_problem
from coursekit.tools.student_function import NotReady, StudentFunction, cells_for
from coursekit.tools.untrusted import read_notebook_limited

if TYPE_CHECKING:
    import nbformat


MAX_RUNS = 3
"""Runs of one submission at most: the first, and one more per kernel death."""

REPORT_COLUMNS = [
    "tampered",
    "timed_out",
    "kernel_died",
    "review",
    "notes",
    "problem",
    "sandbox",
    "seed",
]

SUBMISSION_BYTES = 20 * 1024**2
"""The largest submission file the grader reads."""


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
class PartGrade:
    """The outcome of one part of one submission."""

    points: float = 0.0
    status: str = "failed"  # passed, failed, tampered, timed out, not run
    detail: str = ""  # the check's hint or the error


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


# ---------------------------------------------------------------- matching


def find_exercise(
    path: Path, nb: nbformat.NotebookNode, sets: dict[str, ExerciseSet]
) -> ExerciseSet:
    """The exercise set of a submission: from its metadata, else from its file name."""
    named = nb.get("metadata", {}).get("coursekit", {})
    name = named.get("exercise") if isinstance(named, dict) else None
    if name in sets:
        return sets[name]
    file_name = path.name.lower()
    in_name = [s for s in sets if re.search(rf"(?<![a-z0-9]){re.escape(s)}(?![a-z0-9])", file_name)]
    if in_name:
        return sets[max(in_name, key=len)]
    known = ", ".join(sets) or "none"
    raise ValueError(
        f"cannot tell which exercise set this is: no coursekit.exercise in its metadata and "
        f"no set name in the file name (known sets: {known})"
    )


def match_cells(
    wanted_ids: Sequence[str],
    cells: Sequence[nbformat.NotebookNode],
    tagged: Callable[[nbformat.NotebookNode], bool],
) -> tuple[list[nbformat.NotebookNode | None], int]:
    """The submission's cell for each wanted id, and how many were matched by order.

    A cell is matched by its id; the wanted ids left over take, in order, the
    ``tagged`` cells that matched no id (a notebook copied cell by cell into a
    new file keeps its tags but gets new ids).
    """
    by_id = {cell.get("id"): cell for cell in cells if cell.get("id")}
    found: list[nbformat.NotebookNode | None] = [by_id.get(cell_id) for cell_id in wanted_ids]
    taken = {id(cell) for cell in found if cell is not None}
    spare = iter([cell for cell in cells if tagged(cell) and id(cell) not in taken])
    by_order = 0
    for i, cell in enumerate(found):
        if cell is None:
            found[i] = next(spare, None)
            by_order += found[i] is not None
    return found, by_order


# ------------------------------------------------------------ review flags

_MACHINERY = (
    "coursekit.checks",
    "coursekit.tools",
    "nbval",
    "pytest",
    "IPython",
    "ipykernel",
    "builtins",
    "importlib",
    "runpy",
    "ctypes",
    "inspect",
    "gc",
)
_FILE_MODULES = ("pathlib", "shutil", "io", "tempfile", "glob", "fileinput", "zipfile", "tarfile")
_PROCESS_MODULES = ("subprocess", "multiprocessing", "pty", "signal", "resource", "threading")
_NETWORK_MODULES = ("socket", "urllib", "http", "requests", "ftplib", "smtplib")
_FILE_CALLS = {"open", "read_text", "write_text", "read_bytes", "write_bytes", "unlink", "rmtree"}
_FILE_CALLS |= {"remove", "rename", "replace", "mkdir", "makedirs", "copy", "copyfile", "chmod"}
_FILE_CALLS |= {"listdir", "scandir", "walk", "glob", "rglob", "touch", "symlink_to", "truncate"}
_PROCESS_CALLS = {"system", "popen", "fork", "forkpty", "kill", "killpg", "spawnl", "spawnv"}
_PROCESS_CALLS |= {"execv", "execve", "execl", "execlp", "execvp", "execvpe", "posix_spawn"}
_HOOKS = {"set_custom_exc", "input_transformers_cleanup", "input_transformers_post"}
_HOOKS |= {"input_transformers", "register", "register_magic_function", "ast_transformers"}
_HOOKS |= {"showtraceback", "run_cell", "push", "user_ns", "events", "set_hook"}
_RISKY_ATTRIBUTES = {"modules", "_exit", "settrace", "setprofile", "__code__", "__globals__"}
_RISKY_ATTRIBUTES |= {"__builtins__", "__dict__", "__class__", "__subclasses__", "f_globals"}
_RISKY_ATTRIBUTES |= {"f_back", "_getframe", "addaudithook", "__import__", "setrecursionlimit"}
_RISKY_NAMES = {"exec", "eval", "compile", "__import__", "setattr", "delattr", "globals"}
_RISKY_NAMES |= {"vars", "locals", "__builtins__", "get_ipython", "breakpoint"}
_COMPARISONS = {"__eq__", "__ne__", "__hash__", "__bool__", "__lt__", "__le__", "__gt__"}
_COMPARISONS |= {"__ge__", "__float__", "__int__", "__index__", "__iter__", "__len__"}
_COMPARISONS |= {"__getattr__", "__getattribute__", "__instancecheck__", "__subclasscheck__"}


def _imported_modules(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return []


def _flags_of(node: ast.AST, protected: frozenset[str]) -> set[str]:
    """What one node of an answer's syntax tree does that a human should look at."""
    flags: set[str] = set()
    for module in _imported_modules(node):
        top = module.split(".")[0]
        flags.update(f"imports {m} (grading machinery)" for m in _MACHINERY if module.startswith(m))
        if top in _FILE_MODULES or module in ("os.path",):
            flags.add(f"imports {top} (files)")
        if top in _PROCESS_MODULES:
            flags.add(f"imports {top} (processes)")
        if top in _NETWORK_MODULES:
            flags.add(f"imports {top} (network)")
    if isinstance(node, ast.Attribute):
        if node.attr in _RISKY_ATTRIBUTES:
            flags.add(f"uses .{node.attr}")
        if node.attr in _HOOKS:
            flags.add(f"IPython hook .{node.attr}")
        if node.attr in _FILE_CALLS:
            flags.add(f"files (.{node.attr})")
        if node.attr in _PROCESS_CALLS or node.attr.startswith(("exec", "spawn")):
            flags.add(f"processes (.{node.attr})")
        if node.attr in ("run_path", "run_module", "import_module", "exec_module"):
            flags.add(f"runs other code (.{node.attr})")
    if isinstance(node, ast.Name):
        if node.id in _RISKY_NAMES:
            flags.add(f"uses {node.id}")
        if node.id == "open":
            flags.add("files (open)")
        if isinstance(node.ctx, (ast.Store, ast.Del)) and node.id in protected:
            flags.add(f"rebinds {node.id} (a name the graded cells use)")
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if node.name in _COMPARISONS:
            flags.add(f"defines {node.name} (a rigged comparison?)")
        if node.name in protected:
            flags.add(f"rebinds {node.name} (a name the graded cells use)")
    if isinstance(node, ast.ClassDef):
        if node.name in protected:
            flags.add(f"rebinds {node.name} (a name the graded cells use)")
        bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
        if bases & {"int", "float", "str", "list", "tuple", "dict", "set", "bool", "Fraction"}:
            flags.add(f"subclasses {', '.join(sorted(bases))}")
    return flags


def review_flags(source: str, protected: Iterable[str] = ()) -> list[str]:
    """What in an answer cell could reach outside it (for a human to look at).

    Found in the cell's syntax tree (``%%bash``, ``!cmd`` and magics are first
    turned into the Python IPython runs): files, processes, the shell, the
    network, imports of the grading machinery, IPython hooks, rigged
    comparisons, and rebinding ``protected`` names (the checks' modules and
    the problem data the graded cells use).

    >>> review_flags("from coursekit.checks import ch00\\nch00.check_x = print")
    ['imports coursekit.checks (grading machinery)']
    >>> review_flags("!ls /")
    ['processes (.system)', 'runs shell commands or magics', 'uses get_ipython']
    >>> review_flags("x = sorted([3, 1])")
    []
    """
    python = python_source(source)
    try:
        tree = ast.parse(python)
    except SyntaxError:
        return []  # the answer's error shows in the notes
    protected = frozenset(protected)
    flags: set[str] = set()
    if python != source and "get_ipython()" in python:
        flags.add("runs shell commands or magics")
    for node in ast.walk(tree):
        flags |= _flags_of(node, protected)
    return sorted(flags)


def protected_names(exercise: ExerciseSet) -> set[str]:
    """Names bound by the instructor's cells (not the answers): the checks, the problem data."""
    answers = {answer.index for answer in exercise.answers}
    names: set[str] = set()
    for index, cell in enumerate(exercise.notebook.cells):
        if cell.cell_type != "code" or index in answers:
            continue
        try:
            tree = ast.parse(python_source(cell.source))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


# ------------------------------------------------------------------ merging


@dataclass
class Merged:
    """The notebook to run for a submission and what was found while building it."""

    notebook: nbformat.NotebookNode
    answers: list[str | None]  # the student's source of each answer cell, None if missing
    tampered: dict[int, str]  # part number → "edited" / "deleted"
    by_order: int


def merge(exercise: ExerciseSet, submission: nbformat.NotebookNode) -> Merged:
    """Put the submission's answers into the instructor's notebook; find tampered parts."""
    cells = [cell for cell in submission.cells if isinstance(cell, dict)]
    answer_cells, answers_by_order = match_cells(
        [a.cell_id for a in exercise.answers], cells, is_answer
    )
    graded_cells, graded_by_order = match_cells(
        [p.cell_id for p in exercise.parts], cells, is_graded
    )
    nb = copy.deepcopy(exercise.notebook)
    answers: list[str | None] = []
    for answer, cell in zip(exercise.answers, answer_cells, strict=True):
        source = (
            cell.get("source") if cell is not None and cell.get("cell_type") == "code" else None
        )
        answers.append(source if isinstance(source, str) else None)
        target = nb.cells[answer.index]
        target.source = answers[-1] if answers[-1] is not None else answer.stub
        target.outputs = []
        target.execution_count = None
    tampered = {}
    for part, cell in zip(exercise.parts, graded_cells, strict=True):
        if cell is None or cell.get("cell_type") != "code":
            tampered[part.number] = "deleted"
        elif source_digest(str(cell.get("source", ""))) != part.digest:
            tampered[part.number] = "edited"
    return Merged(nb, answers, tampered, answers_by_order + graded_by_order)


def _neutralise(nb: nbformat.NotebookNode, exercise: ExerciseSet, index: int) -> None:
    """Keep cell ``index`` from running again: an answer back to its stub, others skipped."""
    stubs = {a.index: a.stub for a in exercise.answers}
    cell = nb.cells[index]
    if index in stubs:
        cell.source = stubs[index]
    elif "nbval-skip" not in cell.metadata.setdefault("tags", []):
        cell.metadata.tags.append("nbval-skip")


# ------------------------------------------------------------------ grading


def _labels(exercise: ExerciseSet) -> dict[int, str]:
    """Cell index → "part k" / "answer k" / "cell n", as reports name them."""
    labels = {p.index: p.label for p in exercise.parts}
    labels.update({a.index: a.label for a in exercise.answers})
    return labels


def _stand_in(nb: nbformat.NotebookNode, declared: dict) -> dict[int, str]:
    """Put, in place of each value part's graded cell, the cell that exports its data.

    Returns part number → the file (in the run's folder) the data will be in.
    """
    files = {}
    graded = [cell for cell in nb.cells if is_graded(cell)]
    for number, cell in enumerate(graded, 1):
        part = declared.get(number)
        if isinstance(part, declared_parts.Value) and not part.by_hand:
            files[number] = f"part-{number}.json"
            cell.source = declared_parts.export_source(part, files[number])
        elif part is not None:  # decided elsewhere: nothing of the answers runs here
            cell.source = "pass"
    return files


def _run(
    merged: Merged,
    exercise: ExerciseSet,
    settings: Settings,
    files: dict[int, str],
    answers_hidden: bool = True,
) -> tuple[dict[int, CellResult], dict[int, CellResult], dict[int, object]]:
    """Run the merged notebook; each time the kernel dies, run it again without the culprit.

    A cell's result comes from the first run in which it ran before any death,
    so the parts before a death count as they were. A rerun also neutralises
    the cells that timed out before (they already lost their points, and the
    time limit is not paid twice). Returns the results, the culprits (cell
    index → the result of the run in which it stopped the kernel) and the data
    each value part's stand-in cell wrote (part number → data; data of a part
    whose cell did not finish is left out). ``answers_hidden``: the kernel's
    package has no check modules (``False`` only for a set no module declares,
    whose graded cells must run in the kernel).
    """
    nb = merged.notebook
    final: dict[int, CellResult] = {}
    culprits: dict[int, CellResult] = {}
    data: dict[int, object] = {}
    code_cells = sum(cell.cell_type == "code" for cell in nb.cells)
    deadline = 60 + code_cells * (settings.timeout + 10)
    view = view_for(checks=not answers_hidden)
    sandbox = (settings.sandbox or Sandbox(sealed=False)).with_view(view)
    by_index = {part.index: part.number for part in exercise.parts}
    with tempfile.TemporaryDirectory(prefix="coursekit-grade-") as folder:
        path = Path(folder) / "inputs" / f"{exercise.name}.ipynb"
        path.parent.mkdir()
        for run in range(MAX_RUNS):
            path.write_text(notebook_text(nb), encoding="utf-8")
            results, texts = run_cells(
                path,
                timeout=settings.timeout,
                deadline=deadline,
                sandbox=sandbox,
                collect=sorted(files.values()),
            )
            results.sort(key=_at)
            culprit = next((r for r in results if not r.kernel_alive), None)
            last_run = culprit is None or run == MAX_RUNS - 1
            for r in results:
                if (last_run or r.index < culprit.index) and r.index not in culprits:
                    if r.index not in final and r.index in by_index and r.outcome == "passed":
                        number = by_index[r.index]
                        if number in files:
                            data[number] = declared_parts.read_data(texts.get(files[number]))
                    final.setdefault(r.index, r)
            if last_run:
                return final, culprits, data
            culprits[culprit.index] = culprit
            for index in [culprit.index] + [r.index for r in final.values() if r.timed_out]:
                _neutralise(nb, exercise, index)
    raise AssertionError("unreachable")


def _at(result: CellResult) -> int:
    return result.index


def _part_grade(result: CellResult | None, points: float) -> PartGrade:
    if result is None or result.outcome in ("skipped", "error"):
        return PartGrade(0.0, "not run", "")
    if result.timed_out:
        return PartGrade(0.0, "timed out", "")
    if result.outcome == "passed":
        return PartGrade(points, "passed", "")
    if not result.kernel_alive:
        return PartGrade(0.0, "not run", say("grade.kernel_died"))
    return PartGrade(0.0, "failed", f"{result.ename}: {result.evalue}")


def _from_verdict(verdict: declared_parts.Verdict, points: float) -> PartGrade:
    if verdict.passed:
        return PartGrade(points, "passed", "")
    return PartGrade(0.0, verdict.how or "failed", verdict.hint)


def _value_grade(
    part: declared_parts.Value, data: object, base: PartGrade, points: float
) -> PartGrade:
    """A value part's grade: decided here, from its data, when its stand-in cell ran."""
    if base.status in ("timed out", "not run"):
        return base
    if data is None:
        return PartGrade(0.0, "failed", say("grade.no_data"))
    return _from_verdict(declared_parts.judge(part, data), points)


WITHHELD = "is not available while this part is graded"
"""What a withheld library function says when a student's function calls it (package_view)."""


def _by_hand_grade(part: declared_parts.Value, merged: Merged, points: float) -> PartGrade:
    """A by-hand part's grade: its values read from the literals of the answer cells."""
    try:
        found = declared_parts.by_hand_answers(part, merged.answers)
    except declared_parts.NotLiteral as error:
        return PartGrade(0.0, "failed", declared_parts.by_hand_hint(error))
    missing = [name for name in part.names if name not in found]
    if missing:
        return PartGrade(0.0, "failed", say("grade.no_variable", name=missing[0]))
    verdict = declared_parts.judge_values(part, [found[name] for name in part.names])
    return _from_verdict(verdict, points)


def _function_grade(
    part: declared_parts.Function, merged: Merged, exercise: ExerciseSet, settings: Settings,
    points: float,
) -> PartGrade:  # fmt: skip
    """A function part's grade: the check runs here, the student's function in a sandbox."""
    answers = {answer.index for answer in exercise.answers}
    sources = [
        (cell.source, index in answers)
        for index, cell in enumerate(merged.notebook.cells)
        if cell.cell_type == "code" and not is_graded(cell)
    ]
    cells = cells_for(sources, part.name)
    if cells is None:
        return PartGrade(0.0, "failed", say("grade.no_function", name=part.name))
    view = view_for() if settings.allow_library else view_for(part.forbidden, allowed=True)
    sandbox = (settings.sandbox or Sandbox(sealed=False)).with_view(view)
    with tempfile.TemporaryDirectory(prefix="coursekit-function-") as folder:
        inputs = Path(folder) / "inputs"
        inputs.mkdir()
        (inputs / "cells.json").write_text(json.dumps(cells), encoding="utf-8")
        sandbox.prepare(inputs)
        try:
            with StudentFunction(sandbox, inputs, part, seconds=settings.timeout) as function:
                verdict = declared_parts.judge_function(part, function, settings.seed)
        except NotReady as error:
            return PartGrade(0.0, error.how, str(error))
    return _from_verdict(verdict, points)


def read_submission(path: Path) -> nbformat.NotebookNode:
    """A submission's notebook, read only when it is a plain file of a sensible size.

    Symbolic links (to the solutions, say), FIFOs, devices and files over
    :data:`SUBMISSION_BYTES` are refused with the reason, before anything is read;
    the rest is parsed in a child process under memory and time limits
    (:func:`coursekit.tools.untrusted.read_notebook_limited`), so that a hostile
    notebook costs the grader its bytes, not what its parsing builds.
    """
    try:
        info = os.lstat(path)
    except OSError as error:
        raise ValueError(f"cannot be read: {error.strerror}") from None
    kinds = {stat.S_ISLNK: "a symbolic link", stat.S_ISFIFO: "a FIFO", stat.S_ISCHR: "a device"}
    kinds |= {stat.S_ISBLK: "a device", stat.S_ISSOCK: "a socket", stat.S_ISDIR: "a folder"}
    for test, kind in kinds.items():
        if test(info.st_mode):
            raise ValueError(f"refused: the submission is {kind}, not a notebook file")
    if info.st_size > SUBMISSION_BYTES:
        raise ValueError(
            f"refused: {info.st_size:,} bytes, more than a submission may have "
            f"({SUBMISSION_BYTES:,}); clear the notebook's outputs and submit it again"
        )
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise ValueError("refused: the submission is not a plain file")
        data = file.read(SUBMISSION_BYTES + 1)
    if len(data) > SUBMISSION_BYTES:
        raise ValueError("refused: the submission grew while it was read")
    return read_notebook_limited(data)


def grade_submission(
    path: Path | str,
    sets: dict[str, ExerciseSet],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    settings: Settings | None = None,
) -> Grade:
    """Grade one submission; every problem ends up in the returned :class:`Grade`.

    Parts that a check module declares (:mod:`coursekit.checks.parts`) are
    decided here, in the grader's process: by-hand parts from the answer's
    literals, value parts from the data the sandboxed notebook gives back,
    function parts by calling the student's function in a sandbox of its own.
    The others count by whether their graded cell raised.
    """
    settings = settings or Settings(timeout=timeout)
    path = Path(path)
    grade = Grade(file=str(path), seed=str(settings.seed))
    grade.sandbox = "bubblewrap" if settings.sandbox is not None else "NONE (--unsafe-no-sandbox)"
    try:
        submission = read_submission(path)
        grade.exercise = exercise = find_exercise(path, submission, sets)
    except (OSError, ValueError) as error:
        grade.problem = str(error)
        grade.peak_bytes = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        return grade
    grade.language = submission_language(submission)
    with speaking(grade.language):  # the checks' hints in the submission's language
        _grade_parts(grade, exercise, submission, settings)
    grade.peak_bytes = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return grade


def submission_language(submission: nbformat.NotebookNode) -> str:
    """The language a submission is graded in: its ``metadata.coursekit.language``, else English.

    >>> from nbformat.v4 import new_notebook
    >>> submission_language(new_notebook(metadata={"coursekit": {"language": "zh_CN"}}))
    'zh'
    >>> submission_language(new_notebook()), submission_language(new_notebook(metadata={"x": 3}))
    ('en', 'en')
    """
    named = submission.get("metadata", {}).get("coursekit", {})
    wanted = named.get("language") if isinstance(named, dict) else None
    try:
        return language_code(wanted) if isinstance(wanted, str) else "en"
    except ValueError:
        return "en"


def _grade_parts(
    grade: Grade, exercise: ExerciseSet, submission: nbformat.NotebookNode, settings: Settings
) -> None:
    """Grade every part of ``submission`` into ``grade`` (see :func:`grade_submission`)."""
    merged = merge(exercise, submission)
    labels = _labels(exercise)
    protected = protected_names(exercise)
    for answer, source in zip(exercise.answers, merged.answers, strict=True):
        if source is None:
            grade.notes.append(f"{answer.label} missing (graded as unanswered)")
        else:
            flags = review_flags(source, protected)
            grade.review.extend(f"{answer.label} {flag}" for flag in flags)
    if merged.by_order:
        grade.notes.append(f"{merged.by_order} cells matched by order (their ids had changed)")
    found = None if settings.in_kernel else declared_parts.declarations(exercise.name)
    declared: dict[int, declared_parts.Part] = found[1] if found else {}
    files = _stand_in(merged.notebook, declared)
    in_notebook = [p for p in exercise.parts if p.number in files or p.number not in declared]
    results: dict[int, CellResult] = {}
    culprits: dict[int, CellResult] = {}
    data: dict[int, object] = {}
    if in_notebook:
        try:
            results, culprits, data = _run(merged, exercise, settings, files, bool(declared))
        except CheckError as error:
            grade.problem = f"could not be run: {error}"
    for part in exercise.parts:
        declaration = declared.get(part.number)
        if part.number in merged.tampered:
            part_grade = PartGrade(0.0, "tampered", f"graded cell {merged.tampered[part.number]}")
        elif isinstance(declaration, declared_parts.Function):
            part_grade = _function_grade(declaration, merged, exercise, settings, part.points)
            if WITHHELD in part_grade.detail:
                grade.review.append(f"{part.label} calls the library's own version of its answer")
        elif isinstance(declaration, declared_parts.Value) and declaration.by_hand:
            part_grade = _by_hand_grade(declaration, merged, part.points)
        else:
            result = culprits.get(part.index) or results.get(part.index)
            part_grade = _part_grade(result, part.points)
            if declaration is not None:
                part_grade = _value_grade(
                    declaration, data.get(part.number), part_grade, part.points
                )
        if part_grade.status == "timed out" and part.number in declared:
            grade.timed_out.append(part.label)
        if part_grade.status == "died":
            grade.kernel_died.append(f"{part.label} ({part_grade.detail})")
            part_grade.status = "not run"
        grade.parts.append(part_grade)
    grade.tampered = [f"part {n} {how}" for n, how in sorted(merged.tampered.items())]
    for index, result in sorted({**results, **culprits}.items()):
        label = labels.get(index, f"cell {index + 1}")
        if result.timed_out and label not in grade.timed_out:
            grade.timed_out.append(label)
        elif result.ename == "KernelDied":
            rest = "the rest was graded in a fresh kernel without it"
            grade.kernel_died.append(f"{label} ({rest if index in culprits else 'no more reruns'})")
        elif result.outcome == "failed" and result.kind == "answer" and result.ename != UNANSWERED:
            grade.notes.append(f"{label} raised {result.ename}: {result.evalue}")


def prepare_views(sets: dict[str, ExerciseSet], settings: Settings) -> None:
    """Build, once and in this process, every package view grading ``sets`` needs."""
    for exercise in sets.values():
        found = None if settings.in_kernel else declared_parts.declarations(exercise.name)
        declared = found[1] if found else {}
        view_for(checks=not declared)
        for part in declared.values():
            if isinstance(part, declared_parts.Function):
                if settings.allow_library:
                    view_for()
                else:
                    view_for(part.forbidden, allowed=True)


GRADER_ERROR = "grader error (not the submission's; grade it again)"
"""The problem of a submission the grader itself failed on twice (no points are given)."""


def _worker(views: dict) -> None:
    """A job's process starts here: it uses the views the main process built."""
    use_views(views)


def _run_jobs(
    indices: list[int], paths: list[Path | str], sets: dict[str, ExerciseSet],
    settings: Settings, jobs: int, done: Callable[[int, Grade], None],
) -> dict[int, str]:  # fmt: skip
    """Grade ``paths[i]`` for each ``i`` of ``indices``, one process per job at a time.

    Calls ``done(i, grade)`` as each finishes; returns index → error for those whose
    job failed (an exception in the grader, or its process died).
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["coursekit.tools.grade"])
    failed: dict[int, str] = {}
    with ProcessPoolExecutor(
        max_workers=jobs, mp_context=context, initializer=_worker, initargs=(built_views(),)
    ) as pool:
        futures = {pool.submit(grade_submission, paths[i], sets, settings=settings): i
                   for i in indices}  # fmt: skip
        for future in as_completed(futures):
            i = futures[future]
            try:
                done(i, future.result())
            except Exception as error:  # a grader bug or a dead job: retried, never a 0
                failed[i] = repr(error)
    return failed


def grade_all(
    paths: Iterable[Path | str],
    sets: dict[str, ExerciseSet],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    jobs: int | None = None,
    progress: bool = True,
    settings: Settings | None = None,
) -> list[Grade]:
    """Grade many submissions, ``jobs`` at a time; results in the given order.

    Each submission is graded in a process of its own (a job), so that no
    parsing or checking is shared between threads (CPython 3.11 can fail
    building syntax trees in several threads at once, gh-106905) and a job
    that crashes takes no other submission with it. A submission whose job
    fails is graded again in a fresh process; if that fails too, its row says
    :data:`GRADER_ERROR` and gives no points — never a 0 that the student earned.
    """
    from tqdm import tqdm

    settings = settings or Settings(timeout=timeout)
    paths = list(paths)
    jobs = jobs or os.cpu_count() or 1
    prepare_views(sets, settings)
    grades: list[Grade | None] = [None] * len(paths)
    with tqdm(total=len(paths), desc="grading", unit="nb", disable=not progress) as bar:

        def done(i: int, grade: Grade) -> None:
            grades[i] = grade
            bar.update()

        failed = _run_jobs(list(range(len(paths))), paths, sets, settings, jobs, done)
        if failed:
            failed = _run_jobs(sorted(failed), paths, sets, settings, jobs, done)
        for i, error in failed.items():
            done(i, Grade(file=str(paths[i]), problem=f"{GRADER_ERROR}: {error}", internal=True))
    return [grade for grade in grades if grade is not None]


# -------------------------------------------------------------------- CSV


def _number(value: float) -> str:
    return f"{value:g}"


def part_column(exercise: ExerciseSet, number: int) -> str:
    """The CSV column of one part, e.g. ``02_and_or_graphs part 3``."""
    return f"{exercise.name} part {number}"


def csv_rows(grades: Sequence[Grade]) -> tuple[list[str], list[dict[str, str]]]:
    """The header and rows of the grades table: one row per submission."""
    exercises = {g.exercise.name: g.exercise for g in grades if g.exercise is not None}
    part_columns = [
        part_column(exercise, part.number)
        for _, exercise in sorted(exercises.items())
        for part in exercise.parts
    ]
    header = ["file", "exercise", *part_columns, "total", "max", *REPORT_COLUMNS]
    rows = []
    for grade in grades:
        row = {"file": grade.file, "exercise": "", "total": _number(grade.total), "max": ""}
        if grade.internal:
            row["total"] = ""  # not graded: no number that could be read as a mark
        if grade.exercise is not None:
            row["exercise"] = grade.exercise.name
            row["max"] = _number(grade.exercise.max_points)
            for part, result in zip(grade.exercise.parts, grade.parts, strict=True):
                row[part_column(grade.exercise, part.number)] = _number(result.points)
        for column in REPORT_COLUMNS:
            value = getattr(grade, column)
            row[column] = "; ".join(value) if isinstance(value, list) else value
        rows.append(row)
    return header, rows


def write_csv(grades: Sequence[Grade], path: Path | str) -> None:
    """The grades table, every cell safe to open in a spreadsheet (:func:`csv_cell`)."""
    header, rows = csv_rows(grades)
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=header, restval="")
        writer.writeheader()
        writer.writerows({key: csv_cell(value) for key, value in row.items()} for row in rows)


# --------------------------------------------------------------- feedback


def feedback_text(grade: Grade) -> str:
    """What to hand back to the student: each part's points, and the hint of each failed part.

    Markdown, in which everything that comes from the submission (its file name, its
    errors, the hints that quote its answers) is plain text (:func:`markdown_text`).
    """
    lang = grade.language
    file = markdown_text(Path(grade.file).name)
    lines = [say("grade.feedback_on", lang=lang, file=file), ""]
    if grade.exercise is None:
        lines.append(say("grade.not_graded", lang=lang, problem=markdown_text(grade.problem)))
        return "\n".join(lines) + "\n"
    exercise = grade.exercise
    total, most = _number(grade.total), _number(exercise.max_points)
    lines.append(say("grade.total", lang=lang, name=exercise.name, got=total, most=most))
    if grade.problem:
        lines += ["", say("grade.problem", lang=lang, problem=markdown_text(grade.problem))]
    lines.append("")
    for part, result in zip(exercise.parts, grade.parts, strict=True):
        mark = "✔" if result.status == "passed" else "✘"
        got, points = _number(result.points), _number(part.points)
        line = say("grade.part", lang=lang, mark=mark, number=part.number, got=got, points=points)
        if result.status != "passed":
            key = f"grade.status.{result.status.replace(' ', '_')}"
            status = say(key, lang=lang) if key in table("en") else result.status
            detail = markdown_text(result.detail)
            detail = say("grade.detail", lang=lang, detail=detail) if detail else ""
            line += f" — {status}{detail}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def write_feedback(grades: Sequence[Grade], folder: Path) -> list[Path]:
    """One ``<submission>.feedback.md`` per submission in ``folder``; returns the files."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for number, grade in enumerate(grades, 1):
        name = f"{number:03d}-{Path(grade.file).stem}.feedback.md"
        written.append(folder / name)
        written[-1].write_text(feedback_text(grade), encoding="utf-8")
    return written


# -------------------------------------------------------------------- CLI


def submission_paths(arguments: Iterable[Path]) -> list[Path]:
    """Files as given; a folder stands for the notebooks under it."""
    paths: list[Path] = []
    for argument in arguments:
        if argument.is_dir():
            found = sorted(argument.rglob("*.ipynb"))
            paths.extend(p for p in found if ".ipynb_checkpoints" not in p.parts)
        else:
            paths.append(argument)
    return paths


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "submissions", nargs="+", type=Path, metavar="SUBMISSION", help="notebooks or folders"
    )
    parser.add_argument(
        "--solutions",
        type=Path,
        default=Path("solutions"),
        help="the folder of solution notebooks (default: solutions)",
    )
    parser.add_argument(
        "--csv", type=Path, default=Path("grades.csv"), help="where to write the grades"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help=f"seconds a cell may run (default {DEFAULT_TIMEOUT})",
    )
    parser.add_argument(
        "--jobs", type=int, default=None, help="submissions graded at once (default: all cores)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help='seed of the hidden cases of "write a function" parts (default: drawn anew; '
        "the CSV's seed column says which, to repeat a run)",
    )
    parser.add_argument(
        "--allow-library",
        action="store_true",
        help="let a function part use the library's own version of what it asks for",
    )
    parser.add_argument(
        "--feedback",
        type=Path,
        default=None,
        help="a folder to write one feedback file per submission into",
    )
    parser.add_argument(
        "--unsafe-no-sandbox",
        action="store_true",
        help="grade without bubblewrap (student code can then reach this machine)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        require_nbval()  # once, rather than a "could not be run" row per submission
        sets = load_exercise_sets(args.solutions)
    except (CheckError, ExerciseFormatError) as error:
        print(f"coursekit grade: {error}", file=sys.stderr)
        return 2
    if not sets:
        print(f"coursekit grade: no NN_topic.ipynb in {args.solutions}", file=sys.stderr)
        return 2
    paths = submission_paths(args.submissions)
    sandbox = None
    problem = sandbox_problem()
    if problem is None:
        hidden = [args.solutions, args.csv.resolve().parent, *(p.resolve().parent for p in paths)]
        if args.feedback is not None:
            hidden.append(args.feedback)
        sandbox = Sandbox(hidden=hidden)
    elif not args.unsafe_no_sandbox:
        print(
            f"coursekit grade: cannot seal submissions off: {problem}. Install bubblewrap, "
            "or pass --unsafe-no-sandbox to grade without (not for untrusted submissions)",
            file=sys.stderr,
        )
        return 2
    else:
        print(
            f"coursekit grade: WARNING: grading WITHOUT a sandbox ({problem}): a submission can "
            "read and change this machine's files; the CSV's sandbox column says NONE",
            file=sys.stderr,
        )
    seed = args.seed if args.seed is not None else draw_seed()
    settings = Settings(
        timeout=args.timeout, seed=seed, sandbox=sandbox, allow_library=args.allow_library
    )
    grades = grade_all(paths, sets, jobs=args.jobs, settings=settings)
    write_csv(grades, args.csv)
    if args.feedback is not None:
        write_feedback(grades, args.feedback)
    counts = {
        column: sum(bool(getattr(g, column)) for g in grades)
        for column in ("tampered", "timed_out", "kernel_died", "review", "problem")
    }
    found = ", ".join(f"{n} {column.replace('_', ' ')}" for column, n in counts.items() if n)
    print(f"graded {len(grades)} submissions into {args.csv}" + (f" ({found})" if found else ""))
    print(f"hidden cases: seed {seed} (coursekit grade --seed {seed} repeats this run)")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    peak = max([own, *(g.peak_bytes for g in grades)])
    print(f"grader memory: at most {peak / 1024**2:.0f} MB in any of its processes")
    return 0
