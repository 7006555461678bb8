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
5. runs the result under nbval in a fresh kernel (:func:`coursekit.tools.grading.check.run_cells`),
   sealed off with bubblewrap (:mod:`coursekit.tools.sandbox.process`), with a
   per-cell timeout; a cell that runs too long is interrupted and only its
   part is lost. When the kernel dies, the culprit cell is neutralised (an
   answer goes back to its stub, a graded cell is skipped) and the notebook
   runs again, so the remaining parts are still graded;
6. decides each declared part here, in the grader's process, by running the
   check on that data (:func:`coursekit.checks.parts.judge`); a part that no
   module declares scores its points when its graded cell ran without an
   exception.

Submissions are graded in parallel, each in a process of its own, with one
sandbox, pytest process and kernel each. Answer code that reaches outside
(files, processes, the shell, the grading machinery, IPython hooks) is
flagged for review.

The pieces live beside this module: :mod:`~coursekit.tools.grading.merge` (steps 1–4),
:mod:`~coursekit.tools.grading.part_grades` (step 6), :mod:`~coursekit.tools.grading.review`
(the review flags), :mod:`~coursekit.tools.grading.record` (settings and
grades) and :mod:`~coursekit.tools.grading.report` (the CSV and the feedback).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.checks import parts as declared_parts
from coursekit.text import language_code, speaking
from coursekit.tools.grading.check import (
    DEFAULT_TIMEOUT,
    UNANSWERED,
    CellResult,
    CheckError,
    require_nbval,
    run_cells,
)
from coursekit.tools.grading.merge import (
    Merged,
    cell_labels,
    find_exercise,
    match_cells,
    merge,
    neutralise,
    stand_in,
)
from coursekit.tools.grading.part_grades import (
    WITHHELD,
    PartGrade,
    by_hand_grade,
    cell_grade,
    function_grade,
    value_grade,
)
from coursekit.tools.grading.record import Grade, Settings, draw_seed
from coursekit.tools.grading.report import (
    csv_rows,
    feedback_text,
    part_column,
    write_csv,
    write_feedback,
)
from coursekit.tools.grading.review import protected_names, review_flags
from coursekit.tools.notebooks.exercise import (
    ExerciseFormatError,
    ExerciseSet,
    load_exercise_sets,
    notebook_text,
)
from coursekit.tools.sandbox.limits import peak_memory
from coursekit.tools.sandbox.package_view import built_views, use_views, view_for
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem
from coursekit.tools.sandbox.untrusted import read_notebook_limited

__all__ = [  # what other modules and the tests import from here (defined in its helpers)
    "Grade", "PartGrade", "Settings", "csv_rows", "feedback_text", "find_exercise",
    "grade_all", "grade_submission", "match_cells", "merge", "part_column", "review_flags",
    "submission_paths", "write_csv", "write_feedback",
]  # fmt: skip

if TYPE_CHECKING:
    import nbformat


MAX_RUNS = 3
"""Runs of one submission at most: the first, and one more per kernel death."""

SUBMISSION_BYTES = 20 * 1024**2
"""The largest submission file the grader reads."""


# ------------------------------------------------------------------ grading


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
                neutralise(nb, exercise, index)
    raise AssertionError("unreachable")


def _at(result: CellResult) -> int:
    return result.index


def read_submission(path: Path) -> nbformat.NotebookNode:
    """A submission's notebook, read only when it is a plain file of a sensible size.

    Symbolic links (to the solutions, say), FIFOs, devices and files over
    :data:`SUBMISSION_BYTES` are refused with the reason, before anything is read;
    the rest is parsed in a child process under memory and time limits
    (:func:`coursekit.tools.sandbox.untrusted.read_notebook_limited`), so that a hostile
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
        grade.peak_bytes = peak_memory()
        return grade
    grade.language = submission_language(submission)
    with speaking(grade.language):  # the checks' hints in the submission's language
        _grade_parts(grade, exercise, submission, settings)
    grade.peak_bytes = peak_memory()
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
    labels = cell_labels(exercise)
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
    files = stand_in(merged.notebook, declared)
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
            part_grade = function_grade(declaration, merged, exercise, settings, part.points)
            if WITHHELD in part_grade.detail:
                grade.review.append(f"{part.label} calls the library's own version of its answer")
        elif isinstance(declaration, declared_parts.Value) and declaration.by_hand:
            part_grade = by_hand_grade(declaration, merged, part.points)
        else:
            result = culprits.get(part.index) or results.get(part.index)
            part_grade = cell_grade(result, part.points)
            if declaration is not None:
                part_grade = value_grade(
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


JOB: Callable[..., Grade] = grade_submission
"""What a job runs for one submission (a test puts a failing grader here)."""

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
    job failed (an exception in the grader, or its process died, or none could start).
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["coursekit.tools.grading.grade"])
    failed: dict[int, str] = {}
    with ProcessPoolExecutor(
        max_workers=jobs, mp_context=context, initializer=_worker, initargs=(built_views(),)
    ) as pool:
        futures = {}
        for i in indices:
            try:
                futures[pool.submit(JOB, paths[i], sets, settings=settings)] = i
            except BrokenProcessPool as error:  # no job process could start at all
                failed[i] = repr(error)
        for future in as_completed(futures):
            i = futures[future]
            try:
                done(i, future.result())
            except Exception as error:  # a grader bug or a dead job: retried, never a 0
                failed[i] = repr(error)
    return failed


def _grade_here(
    indices: list[int], paths: list[Path | str], sets: dict[str, ExerciseSet],
    settings: Settings, done: Callable[[int, Grade], None],
) -> dict[int, str]:  # fmt: skip
    """The last try: each submission graded in this process, one after the other."""
    failed = {}
    for i in indices:
        try:
            done(i, JOB(paths[i], sets, settings=settings))
        except Exception as error:
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
    fails is graded again in a fresh process, and then once more in this
    process alone; if that fails too, its row says :data:`GRADER_ERROR` and
    gives no points — never a 0 that the student did not earn.
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
        if failed:  # one at a time here: no job process, no threads, nothing shared
            failed = _grade_here(sorted(failed), paths, sets, settings, done)
        for i, error in failed.items():
            done(i, Grade(file=str(paths[i]), problem=f"{GRADER_ERROR}: {error}", internal=True))
    return [grade for grade in grades if grade is not None]


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
    peak = max([peak_memory(), *(g.peak_bytes for g in grades)])
    print(f"grader memory: at most {peak / 1024**2:.0f} MB in any of its processes")
    return 0
