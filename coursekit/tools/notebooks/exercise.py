"""Exercise sets: the cell conventions of ``solutions/*.ipynb`` and what release does to them.

An exercise set is one notebook ``solutions/NN_topic.ipynb``. Two kinds of
cells matter (everything else is ordinary course material):

* **answer cells** are code cells tagged ``solution``. Their answer code sits
  between a line ``### BEGIN SOLUTION`` and a line ``### END SOLUTION``; a
  cell may hold several such regions.
* **graded cells** are code cells tagged ``check`` with their points in
  ``metadata["coursekit"]["points"]``. Each calls one check of
  :mod:`coursekit.checks`; a graded cell is one *part* of the exercise.

Releasing replaces every region by a stub that keeps the region's indentation,
so a function whose body was the region stays valid Python:

>>> print(release_source('''def double(x):
...     ### BEGIN SOLUTION
...     return 2 * x
...     ### END SOLUTION'''))
def double(x):
    raise NotImplementedError  # your code here

This module is the one place that knows these rules: ``coursekit release``,
``coursekit check`` and ``coursekit grade`` all read exercise sets through
:func:`load_exercise_set`, which refuses a notebook that breaks them.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import json
import math
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import nbformat

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
STUB = "raise NotImplementedError  # your code here"
SOLUTION_TAG = "solution"
CHECK_TAG = "check"
RUN_ON_TAG = "raises-exception"
"""The tag the release puts on answer and graded cells: JupyterLab's "Run All" goes on past
a cell so tagged when it raises, so a student sees every part's verdict in one run."""
NAME = re.compile(r"^\d\d_[a-z0-9_]+$")
"""An exercise set's name: ``NN_topic``, the stem of its notebook."""


class ExerciseFormatError(ValueError):
    """A solution notebook breaks the exercise conventions (the message says where)."""


@dataclass(frozen=True)
class Part:
    """One graded cell of an exercise set: one part of the exercise.

    ``number`` counts parts from 1 in notebook order, ``index`` is the cell's
    position in the notebook (from 0) and ``digest`` the :func:`source_digest`
    of its released source.
    """

    number: int
    index: int
    cell_id: str
    points: float
    digest: str

    @property
    def label(self) -> str:
        return f"part {self.number}"


@dataclass(frozen=True)
class Answer:
    """One answer cell (tagged ``solution``), numbered from 1 in notebook order."""

    number: int
    index: int
    cell_id: str
    stub: str
    """The cell's released source: each solution region replaced by :data:`STUB`."""

    @property
    def label(self) -> str:
        return f"answer {self.number}"


@dataclass
class ExerciseSet:
    """A validated solution notebook and its answer cells and parts."""

    name: str
    path: Path
    notebook: nbformat.NotebookNode
    answers: list[Answer]
    parts: list[Part]

    @property
    def max_points(self) -> float:
        return sum(part.points for part in self.parts)


def tags(cell: nbformat.NotebookNode) -> list[str]:
    """The cell's tags (an empty list when it has none)."""
    found = cell.get("metadata", {}).get("tags", [])
    return found if isinstance(found, list) else []


def is_answer(cell: nbformat.NotebookNode) -> bool:
    return cell.get("cell_type") == "code" and SOLUTION_TAG in tags(cell)


def is_graded(cell: nbformat.NotebookNode) -> bool:
    return cell.get("cell_type") == "code" and CHECK_TAG in tags(cell)


def source_digest(source: str) -> str:
    """SHA-256 of a cell's source, ignoring trailing spaces and blank lines at either end.

    >>> source_digest("x = 1  \\n\\n") == source_digest("x = 1")
    True
    """
    text = "\n".join(line.rstrip() for line in source.strip("\n").splitlines())
    return hashlib.sha256(text.strip().encode()).hexdigest()


def _regions(source: str) -> Iterator[tuple[int, int]]:
    """Yield ``(begin, end)`` line numbers (from 0) of the solution regions of ``source``.

    Raises ``ValueError`` (without a location: callers add it) when markers
    are unbalanced or nested.
    """
    begin = None
    for number, line in enumerate(source.splitlines()):
        marker = line.strip()
        if marker == BEGIN:
            if begin is not None:
                raise ValueError(
                    f"line {number + 1}: {BEGIN} inside the region opened on line {begin + 1}"
                )
            begin = number
        elif marker == END:
            if begin is None:
                raise ValueError(f"line {number + 1}: {END} without a {BEGIN} before it")
            yield begin, number
            begin = None
    if begin is not None:
        raise ValueError(f"line {begin + 1}: {BEGIN} is never closed by {END}")


def release_source(source: str) -> str:
    """Replace each solution region of ``source`` by :data:`STUB`, indented like its marker."""
    lines = source.splitlines()
    kept: list[str] = []
    start = 0
    for begin, end in _regions(source):
        kept.extend(lines[start:begin])
        indent = lines[begin][: len(lines[begin]) - len(lines[begin].lstrip())]
        kept.append(indent + STUB)
        start = end + 1
    kept.extend(lines[start:])
    return "\n".join(kept)


def _mentions_marker(source: str) -> bool:
    return any(line.strip() in (BEGIN, END) for line in source.splitlines())


def python_source(source: str) -> str:
    """The Python that IPython runs for a cell (``%magic`` and ``!shell`` lines translated)."""
    from IPython.core.inputtransformer2 import TransformerManager

    return TransformerManager().transform_cell(source)


def _points(cell: nbformat.NotebookNode) -> object:
    meta = cell.get("metadata", {}).get("coursekit", {})
    return meta.get("points") if isinstance(meta, dict) else None


def _where(path: Path, index: int, cell: nbformat.NotebookNode) -> str:
    return f"{path.name}, cell {index + 1} (id {cell.get('id', '?')!r})"


def _check_ids(path: Path, nb: nbformat.NotebookNode) -> None:
    seen: dict[str, int] = {}
    for index, cell in enumerate(nb.cells):
        cell_id = cell.get("id")
        if not cell_id:
            raise ExerciseFormatError(
                f"{path.name}, cell {index + 1}: no cell id. Answers are matched by cell id: "
                "save the notebook as nbformat 4.5 or newer (JupyterLab does)."
            )
        if cell_id in seen:
            raise ExerciseFormatError(
                f"{path.name}: cells {seen[cell_id] + 1} and {index + 1} share the id "
                f"{cell_id!r}; every cell needs its own id."
            )
        seen[cell_id] = index


def _answer(path: Path, index: int, cell: nbformat.NotebookNode, number: int) -> Answer:
    where = _where(path, index, cell)
    if CHECK_TAG in tags(cell):
        raise ExerciseFormatError(f"{where}: tagged both {SOLUTION_TAG!r} and {CHECK_TAG!r}")
    try:
        regions = list(_regions(cell.source))
    except ValueError as error:
        raise ExerciseFormatError(f"{where}: {error}") from None
    if not regions:
        raise ExerciseFormatError(
            f"{where}: tagged {SOLUTION_TAG!r} but has no {BEGIN} ... {END} region"
        )
    stub = release_source(cell.source)
    try:
        ast.parse(python_source(stub))
    except SyntaxError as error:
        raise ExerciseFormatError(
            f"{where}: once released, line {error.lineno} is not valid Python ({error.msg}); "
            f"indent {BEGIN} like the code it replaces"
        ) from None
    return Answer(number, index, cell["id"], stub)


def _part(path: Path, index: int, cell: nbformat.NotebookNode, number: int) -> Part:
    where = _where(path, index, cell)
    points = _points(cell)
    if points is None:
        raise ExerciseFormatError(
            f'{where}: a graded cell needs its points in metadata["coursekit"]["points"]'
        )
    if (
        isinstance(points, bool)
        or not isinstance(points, (int, float))
        or not math.isfinite(points)
        or points <= 0
    ):
        raise ExerciseFormatError(f"{where}: points must be a positive number, not {points!r}")
    if _mentions_marker(cell.source):
        raise ExerciseFormatError(f"{where}: a graded cell cannot hold a solution region")
    return Part(number, index, cell["id"], points, source_digest(cell.source))


def validate(path: Path, nb: nbformat.NotebookNode) -> tuple[list[Answer], list[Part]]:
    """Check the conventions; return the answer cells and the parts of ``nb``.

    Raises :class:`ExerciseFormatError` naming the notebook and the cell.
    """
    _check_ids(path, nb)
    answers: list[Answer] = []
    parts: list[Part] = []
    for index, cell in enumerate(nb.cells):
        where = _where(path, index, cell)
        if is_answer(cell):
            answers.append(_answer(path, index, cell, len(answers) + 1))
        elif is_graded(cell):
            parts.append(_part(path, index, cell, len(parts) + 1))
        elif _mentions_marker(cell.source):
            raise ExerciseFormatError(
                f"{where}: a solution region outside a code cell tagged {SOLUTION_TAG!r}"
            )
        elif _points(cell) is not None:
            raise ExerciseFormatError(f"{where}: has points but is not tagged {CHECK_TAG!r}")
        elif {SOLUTION_TAG, CHECK_TAG} & set(tags(cell)):
            raise ExerciseFormatError(f"{where}: a {cell.cell_type} cell cannot be tagged so")
    if not parts:
        raise ExerciseFormatError(f"{path.name}: no graded cell (a code cell tagged {CHECK_TAG!r})")
    return answers, parts


def read_notebook(path: Path | str) -> nbformat.NotebookNode:
    """Read a notebook file; ``ValueError`` with a plain reason when it is not one.

    Cell ids are the ones in the file: a cell without one gets none, and
    duplicates stay duplicates (``nbformat`` would invent random ids, which
    could never match an answer).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError("not a notebook: the file is not text") from None
    return notebook_from_text(text)


def raw_notebook(text: str) -> dict:
    """A notebook file's JSON: an object with a list of cells, else ``ValueError`` saying why."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"not a notebook: corrupt JSON ({error})") from None
    except RecursionError:
        raise ValueError("not a notebook: JSON nested too deeply") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("cells"), list):
        raise ValueError("not a notebook: the JSON has no list of cells")
    return raw


def notebook_from_text(text: str) -> nbformat.NotebookNode:
    """The notebook whose file holds ``text``; ``ValueError`` with a plain reason if it is none."""
    raw = raw_notebook(text)
    import nbformat

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            nb = nbformat.reads(text, as_version=4)
    except Exception as error:  # nbformat raises several kinds for a malformed notebook
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ValueError(f"not a notebook: {reason}") from None
    for cell, raw_cell in zip(nb.cells, raw["cells"], strict=False):
        if isinstance(raw_cell, dict) and isinstance(raw_cell.get("id"), str):
            cell["id"] = raw_cell["id"]
        else:
            cell.pop("id", None)
    return nb


def load_exercise_set(path: Path | str) -> ExerciseSet:
    """Read and validate the solution notebook at ``path``."""
    path = Path(path)
    if not NAME.match(path.stem):
        raise ExerciseFormatError(f"{path.name}: an exercise set is named NN_topic.ipynb")
    try:
        nb = read_notebook(path)
    except ValueError as error:
        raise ExerciseFormatError(f"{path.name}: {error}") from None
    answers, parts = validate(path, nb)
    return ExerciseSet(path.stem, path, nb, answers, parts)


def load_exercise_sets(folder: Path | str) -> dict[str, ExerciseSet]:
    """Every exercise set in ``folder`` (``NN_topic.ipynb``), by name."""
    paths = sorted(Path(folder).glob("*.ipynb"))
    return {path.stem: load_exercise_set(path) for path in paths if NAME.match(path.stem)}


def released_notebook(exercise: ExerciseSet) -> nbformat.NotebookNode:
    """The student's notebook of an exercise set.

    Answer regions become stubs; answer and graded cells lose their outputs,
    execution counts and execution timings, and are tagged :data:`RUN_ON_TAG`
    (an unanswered stub or a failed check does not stop "Run All"; the tag
    changes nothing in ``coursekit check`` and the grader); graded cells record
    the digest of their source (so ``coursekit check`` can warn a student who
    edited one); every other cell, and every cell id, is kept as it is.
    """
    nb = copy.deepcopy(exercise.notebook)
    for answer in exercise.answers:
        nb.cells[answer.index].source = answer.stub
    for part in exercise.parts:
        nb.cells[part.index].metadata["coursekit"]["released"] = part.digest
    for index in [a.index for a in exercise.answers] + [p.index for p in exercise.parts]:
        cell = nb.cells[index]
        cell.outputs = []
        cell.execution_count = None
        cell.metadata.pop("execution", None)
        if RUN_ON_TAG not in tags(cell):
            cell.metadata["tags"] = [*tags(cell), RUN_ON_TAG]
    nb.metadata["coursekit"] = {"exercise": exercise.name}
    return nb


def notebook_text(nb: nbformat.NotebookNode) -> str:
    """The file contents ``nbformat`` writes for ``nb`` (deterministic: sorted keys)."""
    import nbformat

    return nbformat.writes(nb) + "\n"
