"""Reading what students send: under limits, by exact type, never deeper than allowed.

Two kinds of untrusted input reach the grader and the referee:

* **a submitted notebook.** Parsing JSON and building ``nbformat``'s objects
  can cost far more memory than the file's size (a 19 MB notebook of tiny
  nested outputs took 3.8 GB). So a submission is parsed in a child process
  of its own under an address-space and CPU limit (``python -m
  coursekit.tools.sandbox.untrusted``, :func:`read_notebook_limited`), which hands
  back only what grading reads — each cell's id, type, tags and source, and
  the notebook's exercise and language — checked by exact type and count;
* **a message from a sandbox** (a graded function's reply, a tournament
  entry's move): one JSON line of bounded length, whose nesting must stay
  within a given depth (:func:`json_message`); what it must hold is then
  checked by exact type where it is used.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

PARSE_MEMORY = 480 * 1024**2
"""Address space the child that parses a submission may use."""

PARSE_SECONDS = 30
"""CPU seconds (and, doubled, wall seconds) the child may take."""

MAX_CELLS = 2000
"""A submission with more cells is refused (an exercise set has well under a hundred)."""

MAX_TAGS = 50
"""Tags of one cell that are read (more are dropped)."""

CELL_TYPES = ("code", "markdown", "raw")


class UntrustedInputError(ValueError):
    """Untrusted input that is refused: the message says why, for the report."""


# ------------------------------------------------------------------ JSON messages


def depth(value: Any, limit: int) -> int:
    """How deeply ``value`` nests lists and dicts, counted up to ``limit + 1`` (no recursion).

    >>> depth([1, {"a": [2]}], 10), depth(5, 10), depth([[[[[]]]]], 2)
    (3, 0, 3)
    """
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if not isinstance(item, (list, dict)):
            continue
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, level + 1) for child in children)
    return deepest


def json_message(line: bytes, max_depth: int) -> dict[str, Any]:
    """One JSON object from a sandbox's line, or ``{"malformed": True}``.

    Malformed: not JSON, not an object, or nesting deeper than ``max_depth``.

    >>> json_message(b'{"move": 3}', 4), json_message(b'[3]', 4)
    ({'move': 3}, {'malformed': True})
    >>> json_message(b'{"move": ' + b'[' * 300 + b']' * 300 + b'}', 4)
    {'malformed': True}
    """
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return {"malformed": True}
    if not isinstance(message, dict) or depth(message, max_depth) > max_depth:
        return {"malformed": True}
    return message


# ------------------------------------------------------------------- notebooks


def _text(value: Any, default: str = "") -> str:
    """A notebook's source or text field: a string, or a list of strings joined."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "".join(value)
    return default


def _cell(raw: Any) -> dict[str, Any] | None:
    """What grading reads of one raw cell, by exact type (``None``: not a cell)."""
    if not isinstance(raw, dict) or raw.get("cell_type") not in CELL_TYPES:
        return None
    cell: dict[str, Any] = {"cell_type": raw["cell_type"], "source": _text(raw.get("source"))}
    if isinstance(raw.get("id"), str):
        cell["id"] = raw["id"]
    metadata = raw.get("metadata")
    tags = metadata.get("tags") if isinstance(metadata, dict) else None
    if isinstance(tags, list):
        cell["tags"] = [tag for tag in tags if isinstance(tag, str)][:MAX_TAGS]
    return cell


def essentials(text: str) -> dict[str, Any]:
    """What grading reads of a notebook's text (run in the limited child).

    Raises
    ------
    UntrustedInputError
        Not JSON, no list of cells, too many cells, or ``nbformat`` refuses it.
    """
    try:
        return _essentials(text)
    except MemoryError:
        raise UntrustedInputError(
            "refused: reading the notebook took more memory than a submission may "
            f"({PARSE_MEMORY // 1024**2} MB); clear its outputs and submit it again"
        ) from None


def _essentials(text: str) -> dict[str, Any]:
    from coursekit.tools.notebooks.exercise import notebook_from_text, raw_notebook

    try:
        raw = raw_notebook(text)
    except ValueError as error:
        raise UntrustedInputError(str(error)) from None
    if len(raw["cells"]) > MAX_CELLS:
        raise UntrustedInputError(
            f"refused: {len(raw['cells']):,} cells, more than a submission may have ({MAX_CELLS})"
        )
    try:
        notebook_from_text(text)  # nbformat's own checks and upgrades must pass too
    except ValueError as error:
        if "MemoryError" in str(error):
            raise MemoryError from None
        raise UntrustedInputError(str(error)) from None
    meta = raw.get("metadata")
    named = meta.get("coursekit") if isinstance(meta, dict) else None
    named = named if isinstance(named, dict) else {}
    kept = {key: named[key] for key in ("exercise", "language") if isinstance(named.get(key), str)}
    cells = [cell for cell in map(_cell, raw["cells"]) if cell is not None]
    return {"coursekit": kept, "cells": cells}


def notebook_from_essentials(found: dict[str, Any]) -> Any:
    """An ``nbformat`` notebook of the essentials (outputs and other metadata left out)."""
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_raw_cell

    makers = {"code": new_code_cell, "markdown": new_markdown_cell, "raw": new_raw_cell}
    cells = []
    for found_cell in found["cells"]:
        cell = makers[found_cell["cell_type"]](found_cell["source"])
        cell.pop("id", None)
        if "id" in found_cell:
            cell["id"] = found_cell["id"]
        if "tags" in found_cell:
            cell.metadata["tags"] = list(found_cell["tags"])
        cells.append(cell)
    metadata = {"coursekit": dict(found["coursekit"])} if found["coursekit"] else {}
    return new_notebook(cells=cells, metadata=metadata)


def _valid_essentials(found: Any) -> bool:
    """Whether the child's answer has exactly the shape :func:`essentials` gives."""
    if not isinstance(found, dict) or set(found) != {"coursekit", "cells"}:
        return False
    named, cells = found["coursekit"], found["cells"]
    if not isinstance(named, dict) or not all(isinstance(v, str) for v in named.values()):
        return False
    if not isinstance(cells, list) or len(cells) > MAX_CELLS:
        return False
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") not in CELL_TYPES:
            return False
        if not isinstance(cell.get("source"), str) or not isinstance(cell.get("id", ""), str):
            return False
        tags = cell.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            return False
    return True


def read_notebook_limited(data: bytes) -> Any:
    """The notebook in ``data``, parsed by a child process under memory and CPU limits.

    Raises
    ------
    UntrustedInputError
        When the child refuses it (with its reason), or runs out of memory or time.
    """
    command = ["prlimit", f"--as={PARSE_MEMORY}", f"--cpu={PARSE_SECONDS}", "--core=0", "--"]
    command += [sys.executable, "-m", "coursekit.tools.sandbox.untrusted"]
    try:
        done = subprocess.run(
            command, input=data, capture_output=True, timeout=2 * PARSE_SECONDS, check=False
        )
    except subprocess.TimeoutExpired:
        raise UntrustedInputError("refused: the notebook took too long to read") from None
    if done.returncode == 3:
        raise UntrustedInputError(done.stdout.decode("utf-8", "replace")[:500])
    if done.returncode != 0:
        raise UntrustedInputError(
            "refused: reading the notebook took more memory or time than a submission may"
        )
    try:
        found = json.loads(done.stdout)
    except (ValueError, RecursionError):
        found = None
    if not _valid_essentials(found):
        raise UntrustedInputError("refused: the notebook could not be read")
    return notebook_from_essentials(found)


def main() -> int:
    """The child: a notebook's bytes on standard input, its essentials (JSON) on standard output.

    Exit status 3 with the reason on standard output when the notebook is refused.
    """
    data = sys.stdin.buffer.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        sys.stdout.write("not a notebook: the file is not text")
        return 3
    try:
        found = essentials(text)
    except UntrustedInputError as error:
        sys.stdout.write(str(error))
        return 3
    sys.stdout.write(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
