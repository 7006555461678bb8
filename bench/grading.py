"""Benchmark: grade 30 submissions of one exercise set, serially and in parallel.

    python bench/grading.py                  # writes bench/grading.md
    python bench/grading.py --set solutions/00_start_here.ipynb --count 30 --jobs 1 2

Two ways of grading, measured in the same run: "in kernel" (each graded cell
decides in the student's kernel, no sandbox — the grader before issue 15) and
"sealed" (the grader decides from the answers' data, each submission in
bubblewrap — what ``coursekit grade`` does now).

The submissions are generated from the solution notebook with a fixed seed: full
answers, partial ones (a random subset of the answer cells), tampered graded
cells, answers with a bug, one endless loop and one answer that kills its
kernel — the mix a real class hands in. Each configuration grades the same
files; the note records the wall time and checks that every run gave the
same grades.
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import resource
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

import nbformat
from machine import describe

from coursekit.tools.grading.grade import Grade, Settings, grade_all
from coursekit.tools.notebooks.exercise import (
    STUB,
    ExerciseSet,
    load_exercise_set,
    released_notebook,
)
from coursekit.tools.sandbox.process import Sandbox, sandbox_problem

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# kind → how many of the 30; the rest are full answers
MIX = {"partial": 10, "tampered": 4, "buggy": 3, "loop": 1, "dies": 1}


def _answer(nb, exercise: ExerciseSet, numbers) -> None:
    for answer in exercise.answers:
        if answer.number in numbers:
            nb.cells[answer.index].source = exercise.notebook.cells[answer.index].source


def _replace_stub(source: str, code: str) -> str:
    lines = []
    for line in source.splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        lines += [indent + c for c in code.splitlines()] if line.strip() == STUB else [line]
    return "\n".join(lines)


def submission(exercise: ExerciseSet, kind: str, rng: random.Random) -> nbformat.NotebookNode:
    """One generated submission of the given kind."""
    nb = released_notebook(exercise)
    numbers = [a.number for a in exercise.answers]
    if kind == "partial":
        _answer(nb, exercise, rng.sample(numbers, rng.randint(1, len(numbers) - 1)))
        return nb
    _answer(nb, exercise, numbers)
    broken = exercise.answers[rng.randrange(len(numbers))]
    if kind == "tampered":
        nb.cells[rng.choice(exercise.parts).index].source = "pass"
    elif kind == "buggy":
        bug = "return undefined_name" if "def " in broken.stub else "1 / 0"
        nb.cells[broken.index].source = _replace_stub(broken.stub, bug)
    elif kind == "loop":
        nb.cells[broken.index].source = _replace_stub(broken.stub, "while True:\n    pass")
    elif kind == "dies":
        nb.cells[broken.index].source = _replace_stub(broken.stub, "import os\nos._exit(1)")
    return nb


def generate(exercise: ExerciseSet, count: int, folder: Path, seed: int = 0) -> list[Path]:
    rng = random.Random(seed)
    kinds = [kind for kind, n in MIX.items() for _ in range(n)]
    kinds += ["full"] * (count - len(kinds))
    rng.shuffle(kinds)
    paths = []
    for number, kind in enumerate(kinds, 1):
        path = folder / f"student{number:02d}_{kind}_{exercise.name}.ipynb"
        nbformat.write(copy.deepcopy(submission(exercise, kind, rng)), path)
        paths.append(path)
    return paths


def _summary(grades: list[Grade]) -> list[tuple]:
    return [
        (g.file, g.total, tuple(g.tampered), bool(g.timed_out), bool(g.kernel_died)) for g in grades
    ]


def _children_cpu() -> float:
    """CPU seconds used so far by finished child processes (the graders and their kernels)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=ROOT / "solutions" / "00_start_here.ipynb")
    parser.add_argument("--count", type=int, default=30)
    cores = os.cpu_count() or 1
    parser.add_argument("--jobs", type=int, nargs="+", default=sorted({1, cores, 2 * cores}))
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--out", type=Path, default=HERE / "grading.md")
    args = parser.parse_args()

    exercise = load_exercise_set(args.set)
    sets = {exercise.name: exercise}
    if sandbox_problem() is not None:
        print(f"no sandbox here: {sandbox_problem()}", file=sys.stderr)
        return 2
    rows, reference = [], None
    with tempfile.TemporaryDirectory(prefix="coursekit-bench-") as folder:
        paths = generate(exercise, args.count, Path(folder))
        modes = {
            "in kernel": Settings(timeout=args.timeout, in_kernel=True),
            "sealed": Settings(timeout=args.timeout, sandbox=Sandbox(hidden=[args.set.parent])),
        }
        for jobs in args.jobs:
            for mode, settings in modes.items():
                load = os.getloadavg()[0]
                before = _children_cpu()
                start = time.perf_counter()
                grades = grade_all(paths, sets, jobs=jobs, progress=True, settings=settings)
                seconds = time.perf_counter() - start
                rows.append((mode, jobs, seconds, _children_cpu() - before, load))
                print(f"{mode}, jobs={jobs}: {seconds:.1f} s", file=sys.stderr)
                if reference is None:
                    reference = grades
                elif _summary(grades) != _summary(reference):
                    print("the runs disagree on the grades", file=sys.stderr)
                    return 1
    totals = sorted(g.total for g in reference)
    lines = [
        "# Grading benchmark",
        "",
        f"{args.count} generated submissions of `{exercise.name}` ({len(exercise.parts)} parts, "
        f"{exercise.max_points:g} points), graded by `coursekit grade` with a {args.timeout:g} s "
        "cell timeout. The mix: "
        + ", ".join(f"{n} {kind}" for kind, n in MIX.items())
        + f", {args.count - sum(MIX.values())} full. Every configuration, both ways of grading, "
        "gave the same grades "
        f"(totals from {totals[0]:g} to {totals[-1]:g}; "
        f"{sum(bool(g.tampered) for g in reference)} tampered, "
        f"{sum(bool(g.timed_out) for g in reference)} timed out, "
        f"{sum(bool(g.kernel_died) for g in reference)} dead kernel).",
        "",
        "| grading | jobs | wall time | per submission | sealed ÷ in kernel | CPU time "
        "| load average at start |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    by_jobs = {(mode, jobs): seconds for mode, jobs, seconds, _, _ in rows}
    for mode, jobs, seconds, cpu, load in rows:
        ratio = f"{seconds / by_jobs['in kernel', jobs]:.2f}×" if mode == "sealed" else ""
        # a sandbox's processes are reaped inside it: their CPU time does not reach us
        cpu_text = "—" if mode == "sealed" else f"{cpu:.0f} s"
        lines.append(
            f"| {mode} | {jobs} | {seconds:.1f} s | {seconds / args.count:.2f} s | {ratio} "
            f"| {cpu_text} | {load:.1f} |"
        )
    cpu_per_submission = rows[0][3] / args.count
    lines += [
        "",
        f"Machine: {describe()}. Date: {date.today().isoformat()}.",
        "",
        "In kernel: each graded cell decides in the student's kernel, nothing sealed off (the "
        "grader before issue 15). Sealed: the grader reads the answers as data and decides "
        "in its own process, every submission in bubblewrap (`coursekit grade` now). "
        "Each submission is one pytest + nbval process with a kernel of its own; the endless "
        "loop costs one timeout and the dead kernel one extra run. CPU time is that of the "
        f"grading processes and their kernels when not sealed off: {cpu_per_submission:.1f} s "
        "a submission (the sandbox's processes are counted inside it, not here). The "
        "load average says how busy the machine already was with other work: when it is near "
        "the number of cores or above, extra jobs find little idle CPU, so read the speed-up "
        "as a lower bound. The work alone is about CPU time ÷ cores "
        f"(≈ {rows[0][3] / (os.cpu_count() or 1):.0f} s here) on an idle machine — an "
        "estimate, not a measurement.",
        "",
        "Run it again: `python bench/grading.py`.",
        "",
    ]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
