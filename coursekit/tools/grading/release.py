"""Release exercise notebooks: ``solutions/NN_topic.ipynb`` → ``exercises/NN_topic.ipynb``.

``coursekit release`` validates every solution notebook (see
:mod:`coursekit.tools.notebooks.exercise` for the conventions), replaces each solution
region by ``raise NotImplementedError  # your code here``, clears the outputs
of answer and graded cells, and writes the student's notebook. The output
depends on the solution notebook only, so releasing twice changes nothing;
``coursekit release --check`` exits with status 1 when ``exercises/`` is not
what a release would write (a solution changed and nobody released it).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from coursekit.tools.notebooks.exercise import (
    NAME,
    ExerciseFormatError,
    load_exercise_set,
    notebook_text,
    read_notebook,
    released_notebook,
)


@dataclass(frozen=True)
class Plan:
    """What a release does: the text of each exercise notebook, and generated files to remove."""

    texts: dict[Path, str]
    orphans: list[Path]


def released_text(solution: Path | str) -> str:
    """The file contents of the exercise notebook released from ``solution``."""
    return notebook_text(released_notebook(load_exercise_set(solution)))


def _generated_by_release(path: Path) -> bool:
    """True when ``path`` is a notebook that a release wrote under this very name.

    A copy (``01_game_theory_backup.ipynb``) keeps the metadata of the notebook
    it was copied from, so the recorded exercise must also be the file's own name.
    """
    try:
        meta = read_notebook(path).metadata.get("coursekit", {})
    except ValueError:
        return False
    return isinstance(meta, dict) and meta.get("exercise") == path.stem


def plan(solutions: list[Path], out: Path, *, whole_folder: bool) -> Plan:
    """The release of ``solutions`` into ``out``.

    With ``whole_folder`` (a release of the whole solutions folder), released
    notebooks in ``out`` whose solution is gone are orphans to remove.
    """
    texts = {out / path.name: released_text(path) for path in solutions}
    orphans = []
    if whole_folder and out.is_dir():
        for path in sorted(out.glob("*.ipynb")):
            if path not in texts and NAME.match(path.stem) and _generated_by_release(path):
                orphans.append(path)
    return Plan(texts, orphans)


def outdated(release: Plan) -> list[Path]:
    """The exercise notebooks that are missing or differ from the release."""
    return [
        path
        for path, text in release.texts.items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]


def stale(release: Plan) -> list[str]:
    """What in the exercises folder differs from the release, one line each."""
    problems = [
        f"{path} is out of date" if path.exists() else f"{path} is missing"
        for path in outdated(release)
    ]
    problems += [f"{path} has no solution notebook any more" for path in release.orphans]
    return problems


def _count(texts: dict) -> str:
    return f"{len(texts)} notebook" + ("" if len(texts) == 1 else "s")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "solutions",
        nargs="*",
        type=Path,
        metavar="SOLUTION",
        help="solution notebooks (default: every NN_topic.ipynb in --solutions)",
    )
    parser.add_argument(
        "--solutions",
        dest="folder",
        type=Path,
        default=Path("solutions"),
        help="the folder of solution notebooks (default: solutions)",
    )
    parser.add_argument(
        "--out", type=Path, default=Path("exercises"), help="where to write (default: exercises)"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit with status 1 when the exercises are not up to date",
    )


def run(args: argparse.Namespace) -> int:
    whole_folder = not args.solutions
    solutions = args.solutions or sorted(
        p for p in args.folder.glob("*.ipynb") if NAME.match(p.stem)
    )
    if not solutions:
        print(f"coursekit release: no NN_topic.ipynb in {args.folder}", file=sys.stderr)
        return 2
    try:
        release = plan(solutions, args.out, whole_folder=whole_folder)
    except ExerciseFormatError as error:
        print(f"coursekit release: {error}", file=sys.stderr)
        return 2
    if args.check:
        problems = stale(release)
        for line in problems:
            print(line)
        if problems:
            print("run `coursekit release` to bring the exercises up to date", file=sys.stderr)
            return 1
        print(f"{args.out}/ is up to date ({_count(release.texts)})")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    to_write = outdated(release)
    for path in to_write:
        path.write_text(release.texts[path], encoding="utf-8")
        print(f"released {path}")
    for path in release.orphans:
        path.unlink()
        print(f"removed {path} (its solution notebook is gone)")
    if not to_write and not release.orphans:
        print(f"{args.out}/ is up to date ({_count(release.texts)})")
    return 0
