"""Grade a class's exercise notebooks against the solutions, here or on Dask workers.

``coursekit grade`` with no ``--scheduler`` grades here, in parallel threads
(:func:`coursekit.tools.grading.grade.run`). With ``--scheduler local:N`` or
``--scheduler tcp://HOST:PORT`` each submission is a task on a Dask worker
(:mod:`coursekit.tools.tournament.cluster`), graded there by the grader's own
per-submission function, :func:`~coursekit.tools.grading.grade.grade_submission`, in the
worker's sandbox:

* the submission travels as its file's bytes (read here with the grader's
  checks: a link, a FIFO or an oversized file is refused here, as a local run
  refuses it), the solutions as their texts, sent to each worker once;
* each finished grade goes at once into a journal beside the CSV
  (``grades.journal.sqlite``: the file, its SHA-256, the grade, the worker and
  when), so that a killed batch run again with ``--resume`` grades only what is
  not in it — with the journal's seed, so that the hidden cases are the same;
* the CSV (and ``--feedback``) are written from the journal, in the order of
  the files given: the same CSV as a local run with the same ``--seed``.
"""

from __future__ import annotations

import argparse
import atexit
import dataclasses
import functools
import hashlib
import json
import os
import shutil
import sqlite3
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coursekit.tools.grading import grade
from coursekit.tools.grading.check import CheckError, require_nbval
from coursekit.tools.notebooks.exercise import ExerciseFormatError, ExerciseSet, load_exercise_sets
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem
from coursekit.tools.tournament.cluster import ClusterError, Done, connect, run_tasks, share
from coursekit.tools.tournament.journal import open_database
from coursekit.tools.tournament.records import TournamentError, add_scheduler_arguments, read_capped

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS grades (
    file TEXT PRIMARY KEY, sha256 TEXT NOT NULL, grade TEXT NOT NULL,
    worker TEXT, started REAL, finished REAL);
"""


@dataclass(frozen=True)
class GradeTask:
    """One submission to grade on a worker: its bytes, and how to grade."""

    file: str
    """The path as given (the CSV's ``file`` column)."""
    content: bytes = dataclasses.field(repr=False)
    seed: int = 0
    timeout: float = 60.0
    allow_library: bool = False
    sealed: bool = True


# --- on a worker ------------------------------------------------------------------------------


def grade_on_worker(task: GradeTask, solutions: dict[str, str]) -> dict[str, Any]:
    """Grade one submission with :func:`~coursekit.tools.grading.grade.grade_submission`;
    the grade as data.

    The submission is written under its own file name into a folder of its own
    (its name matches it to its exercise set), and graded in this machine's
    sandbox, as a user drawn for it machine-wide (:mod:`coursekit.tools.sandbox.identity`: two
    workers on one machine never share one).

    Raises
    ------
    ClusterError
        When this machine cannot seal submissions off and the batch is to be sealed.
    """
    problem = sandbox_problem()
    if task.sealed and problem is not None:
        raise ClusterError(f"this worker cannot seal submissions off: {problem}")
    folder, sets = _exercise_sets(json.dumps(solutions, sort_keys=True))
    with tempfile.TemporaryDirectory(prefix="coursekit-submission-") as inbox:
        path = Path(inbox) / Path(task.file).name
        path.write_bytes(task.content)
        sandbox = None
        if task.sealed:
            sandbox = Sandbox(hidden=[folder, Path(inbox)])
        settings = grade.Settings(task.timeout, task.seed, sandbox, task.allow_library)
        graded = grade.grade_submission(path, sets, settings=settings)
    return grade_record(dataclasses.replace(graded, file=task.file))


@functools.lru_cache(maxsize=4)
def _exercise_sets(solutions: str) -> tuple[Path, dict[str, ExerciseSet]]:
    """The solution notebooks written into a private folder of this process, and loaded."""
    folder = Path(tempfile.mkdtemp(prefix="coursekit-solutions-"))
    atexit.register(shutil.rmtree, folder, True)
    for name, text in json.loads(solutions).items():
        (folder / Path(name).name).write_text(text, encoding="utf-8")
    return folder, load_exercise_sets(folder)


# --- a grade as data ---------------------------------------------------------------------------

LISTS = ("tampered", "timed_out", "kernel_died", "review", "notes")
SCALARS = ("file", "problem", "sandbox", "seed", "internal", "peak_bytes")


def grade_record(graded: grade.Grade) -> dict[str, Any]:
    """A grade as plain data (JSON), its exercise set by name."""
    record = {name: getattr(graded, name) for name in LISTS}
    record |= {name: getattr(graded, name) for name in SCALARS}
    record["language"] = graded.language
    record["exercise"] = graded.exercise.name if graded.exercise is not None else None
    record["parts"] = [[p.points, p.status, p.detail] for p in graded.parts]
    return record


def grade_from_record(record: dict[str, Any], sets: dict[str, ExerciseSet]) -> grade.Grade:
    """The grade a record holds (its exercise set looked up in ``sets``)."""
    exercise = sets.get(record["exercise"]) if record["exercise"] is not None else None
    parts = [grade.PartGrade(points, status, detail) for points, status, detail in record["parts"]]
    fields = {name: list(record[name]) for name in LISTS}
    return grade.Grade(
        file=record["file"], exercise=exercise, parts=parts, problem=record["problem"],
        sandbox=record["sandbox"], seed=record["seed"], language=record["language"],
        internal=record.get("internal", False), peak_bytes=record.get("peak_bytes", 0), **fields,
    )  # fmt: skip


# --- the batch ----------------------------------------------------------------------------------


def journal_path(csv: Path) -> Path:
    """The journal beside the CSV: ``grades.csv`` → ``grades.journal.sqlite``."""
    return csv.with_suffix(".journal.sqlite")


def grade_batch(
    paths: list[Path],
    sets: dict[str, ExerciseSet],
    solutions: Path,
    *,
    scheduler: str,
    journal: Path,
    settings: grade.Settings,
    resume: bool = False,
) -> list[grade.Grade]:
    """Grade ``paths`` on the workers of ``scheduler``; the grades in the order of ``paths``.

    Submissions already in the journal with the same contents are not graded again.

    Raises
    ------
    TournamentError
        When the journal does not match (another seed, other solutions, no journal to resume).
    ClusterError
        When the scheduler cannot be reached or a grading failed on its worker.
    """
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted(solutions.glob("*.ipynb"))}
    values = {
        "seed": settings.seed, "timeout": settings.timeout,
        "allow_library": settings.allow_library, "sealed": settings.sandbox is not None,
        "solutions": hashlib.sha256(json.dumps(texts, sort_keys=True).encode()).hexdigest(),
    }  # fmt: skip
    database = open_database(journal, SCHEMA, values, resume=resume, what="a grading batch")
    try:
        done = {file: sha for file, sha in database.execute("SELECT file, sha256 FROM grades")}
        tasks, contents = [], {}
        for path in paths:
            try:
                contents[str(path)] = read_capped(path, grade.SUBMISSION_BYTES)
            except ValueError:  # refused before anything is read: the grader says why, here
                _keep(database, grade.grade_submission(path, sets, settings=settings), b"", None)
                continue
            if done.get(str(path)) != hashlib.sha256(contents[str(path)]).hexdigest():
                tasks.append(_task(path, contents[str(path)], settings))
        _grade_on_cluster(database, scheduler, tasks, texts)
        stored = {file: json.loads(text) for file, text in database.execute(
            "SELECT file, grade FROM grades")}  # fmt: skip
    finally:
        database.close()
    return [grade_from_record(stored[str(path)], sets) for path in paths]


def _task(path: Path, content: bytes, settings: grade.Settings) -> GradeTask:
    return GradeTask(str(path), content, settings.seed, settings.timeout,
                     settings.allow_library, settings.sandbox is not None)  # fmt: skip


def _grade_on_cluster(
    database: sqlite3.Connection, scheduler: str, tasks: list[GradeTask], texts: dict[str, str]
) -> None:
    if not tasks:
        return
    keys = [f"coursekit-grade-{number}-{os.getpid()}" for number in range(len(tasks))]

    def graded(task: GradeTask, done: Done) -> None:
        _keep(database, done.result, task.content, done)

    with connect(scheduler) as client:
        run_tasks(client, grade_on_worker, tasks, keys, graded, shared=[share(client, texts)])


def _keep(database: sqlite3.Connection, graded: Any, content: bytes, done: Done | None) -> None:
    """Write one grade into the journal at once (a grade object or its record)."""
    record = graded if isinstance(graded, dict) else grade_record(graded)
    where = (done.worker, done.started, done.finished) if done else ("here", None, None)
    with database:
        database.execute(
            "INSERT OR REPLACE INTO grades VALUES (?, ?, ?, ?, ?, ?)",
            (record["file"], hashlib.sha256(content).hexdigest(), json.dumps(record), *where),
        )


# --- the command ---------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    grade.add_arguments(parser)
    add_scheduler_arguments(
        parser,
        scheduler_help="grade on Dask workers: local:N (N processes here) or tcp://HOST:8786 "
        "(a journal beside the CSV keeps every grade)",
        resume_help="with --scheduler: go on with the batch in the journal beside --csv, "
        "grading only what it does not hold",
    )


def run(args: argparse.Namespace) -> int:
    if args.scheduler is None:
        if args.resume:
            print("coursekit grade: --resume goes with --scheduler", file=sys.stderr)
            return 2
        return grade.run(args)
    if args.jobs is not None:
        print("coursekit grade: give --jobs or --scheduler, not both", file=sys.stderr)
        return 2
    try:
        require_nbval()
        sets = load_exercise_sets(args.solutions)
        paths = grade.submission_paths(args.submissions)
        settings = _settings(args, paths)
        grades = grade_batch(
            paths, sets, args.solutions, scheduler=args.scheduler,
            journal=journal_path(args.csv), settings=settings, resume=args.resume,
        )  # fmt: skip
    except (CheckError, ExerciseFormatError, ClusterError, TournamentError) as error:
        print(f"coursekit grade: {error}", file=sys.stderr)
        return 2
    grade.write_csv(grades, args.csv)
    if args.feedback is not None:
        grade.write_feedback(grades, args.feedback)
    print(f"graded {len(grades)} submissions into {args.csv} (journal {journal_path(args.csv)})")
    print(f"hidden cases: seed {settings.seed} (coursekit grade --seed {settings.seed} repeats it)")
    return 0


def _settings(args: argparse.Namespace, paths: list[Path]) -> grade.Settings:
    """The grading settings; on ``--resume`` the journal's seed unless one is given."""
    problem = sandbox_problem()
    if problem is not None and not args.unsafe_no_sandbox:
        raise ClusterError(
            f"cannot seal submissions off: {problem}. Install bubblewrap, or pass "
            "--unsafe-no-sandbox to grade without (not for untrusted submissions)"
        )
    seed = args.seed
    journal = journal_path(args.csv)
    if seed is None and args.resume and journal.exists():
        with sqlite3.connect(journal) as database:
            found = database.execute("SELECT value FROM settings WHERE name = 'seed'").fetchone()
        seed = json.loads(found[0]) if found else None
    hidden = [args.solutions, args.csv.resolve().parent, *(p.resolve().parent for p in paths)]
    sandbox = Sandbox(hidden=hidden) if problem is None else None
    seed = grade.draw_seed() if seed is None else seed
    return grade.Settings(args.timeout, seed, sandbox, args.allow_library)
