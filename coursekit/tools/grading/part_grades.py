"""How each kind of part gets its points (see :mod:`coursekit.checks.parts`).

A by-hand part from the literals of its answer cells, a value part from the
data its stand-in cell wrote in the sandboxed kernel, a function part by the
check calling the student's function in a sandbox of its own, any other part
by whether its graded cell ran without an error. Each gives a
:class:`PartGrade`.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.checks import parts as declared_parts
from coursekit.text import say
from coursekit.tools.grading.record import PartGrade
from coursekit.tools.grading.student_function import NotReady, StudentFunction, cells_for
from coursekit.tools.notebooks.exercise import ExerciseSet, is_graded
from coursekit.tools.sandbox.package_view import view_for
from coursekit.tools.sandbox.process import Sandbox

if TYPE_CHECKING:
    from coursekit.tools.grading.check import CellResult
    from coursekit.tools.grading.merge import Merged
    from coursekit.tools.grading.record import Settings


def cell_grade(result: CellResult | None, points: float) -> PartGrade:
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


def value_grade(
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


def by_hand_grade(part: declared_parts.Value, merged: Merged, points: float) -> PartGrade:
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


def function_grade(
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
