"""What the grader writes: the class's grades table and each student's feedback.

Everything in them that comes from a submission — a file name, an error its
code raised, a hint that quotes its answer — goes through
:mod:`coursekit.tools.sandbox.safe_output`: a CSV cell is never a formula, the
feedback's Markdown carries no HTML and no link.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.text import say, table
from coursekit.tools.sandbox.safe_output import csv_cell, markdown_text

if TYPE_CHECKING:
    from coursekit.tools.grading.record import Grade
    from coursekit.tools.notebooks.exercise import ExerciseSet

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
"""The columns after the points: what the grader found out about a submission."""


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
