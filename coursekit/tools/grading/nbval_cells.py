"""A pytest plugin on top of nbval in which the graded cells are the tests that count.

``pytest --nbval-lax -p coursekit.tools.grading.nbval_cells NB.ipynb`` runs every code
cell of the notebook in one fresh kernel, one nbval test item per cell, as
usual. On top of that this plugin

* compares no outputs (``NBVAL_CHECK_OUTPUT`` is for testing the course, not
  for grading), and judges a graded cell (tagged ``check``) only by whether
  its check raised: ``raises-exception``/``nbval-skip`` are ignored there, so
  a student cannot switch a check off with a tag; an answer cell (tagged
  ``solution``) that raises is reported as such, ``raises-exception`` or not
  (the release tags answer and graded cells so, for JupyterLab's "Run All");
* notices within a moment that the kernel died (nbval alone would wait for the
  cell timeout), and keeps one timed-out cell from turning every later cell
  into an "expected failure": the kernel was interrupted and later cells are
  graded as usual;
* with ``--coursekit-score`` (the student's ``coursekit check``) hides every
  other cell from the pass/fail counts, so that the summary line reads like a
  score — ``3 passed, 1 failed`` — and ends with a table of the parts, the
  points, and the answer cells that raised something other than the
  ``NotImplementedError`` of an unanswered stub;
* with ``--coursekit-report=FILE`` (used by ``coursekit grade``) writes every
  code cell's result as JSON;
* with ``--coursekit-confine`` (a sandboxed grading run) starts the kernel through
  ``python -m coursekit.tools.inside kernel``, which confines itself before it
  runs a cell (:func:`coursekit.tools.sandbox.seccomp.confine`).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from pathlib import Path
from queue import Empty
from typing import Any

import pytest

from coursekit.text import language, language_code, say
from coursekit.tools.grading.check import CHECK_FAILURES, UNANSWERED, CellResult
from coursekit.tools.notebooks.exercise import is_answer, is_graded, source_digest
from coursekit.tools.sandbox.limits import CellClock

POLL_SECONDS = 0.5
"""How often a cell that is still running checks that its kernel is alive."""

ANSI = re.compile(r"\x1b\[[0-9;]*m")
KERNEL_CELL_NAME = re.compile(r"\(\d+\.py, line (\d+)\)|Cell In\[\d+\]")


def name_cell(text: str, index: int) -> str:
    """``text`` with the kernel's names for a cell (``Cell In[3]``, ``(2736.py, line 1)``)
    replaced by the cell's number as the notebook and the score header count it.

    >>> name_cell("invalid syntax (104983878.py, line 2)", 4)
    'invalid syntax (cell 5, line 2)'
    >>> name_cell("Cell In[1], line 1", 4)
    'cell 5, line 1'
    """

    def replace(match: re.Match) -> str:
        line = match.group(1)
        return f"(cell {index + 1}, line {line})" if line else f"cell {index + 1}"

    return KERNEL_CELL_NAME.sub(replace, text)


_RESULTS = pytest.StashKey[dict]()  # cell index → CellResult
_ITEMS = pytest.StashKey[list]()  # the graded cells' test items
_LANG = pytest.StashKey[str]()  # the language of the summary: the notebook's, else the chosen one


class KernelDied(RuntimeError):
    """The kernel's process ended while a cell was running."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("coursekit", "coursekit graded cells (on top of nbval)")
    group.addoption(
        "--coursekit-score",
        action="store_true",
        help="count only graded cells as tests and end with the parts and points",
    )
    group.addoption(
        "--coursekit-report",
        metavar="FILE",
        help="write each code cell's result as JSON to FILE",
    )
    group.addoption(
        "--coursekit-confine",
        action="store_true",
        help="start the kernel confined (no process, no program, no signal to another)",
    )


def _watched_kernel(base: type) -> type:
    class WatchedKernel(base):
        """nbval's kernel, but a wait for a cell's reply ends as soon as the kernel dies, and a
        cell's time is the kernel's processor time
        (:class:`~coursekit.tools.sandbox.limits.CellClock`): a busy
        machine does not make an honest cell run out of time."""

        def _pids(self) -> list[int]:
            process = getattr(getattr(self.km, "provisioner", None), "process", None)
            return [process.pid] if process is not None else []

        def await_reply(self, msg_id: str, timeout: float | None = None) -> None:
            clock = CellClock(timeout, self._pids) if timeout is not None else None
            while True:
                try:
                    msg = self.get_message(stream="shell", timeout=POLL_SECONDS)
                except Empty:
                    if not self.is_alive():
                        raise KernelDied("the kernel died while running this cell") from None
                    if clock is not None and clock.over():
                        raise
                    continue
                if msg["parent_header"].get("msg_id") == msg_id:
                    if msg["content"]["status"] == "aborted":
                        raise RuntimeError("Kernel aborted execution request")
                    return

    return WatchedKernel


def pytest_configure(config: pytest.Config) -> None:
    import nbval.plugin

    if not getattr(nbval.plugin.RunningKernel, "_coursekit_watched", False):
        nbval.plugin.RunningKernel = _watched_kernel(nbval.plugin.RunningKernel)
        nbval.plugin.RunningKernel._coursekit_watched = True
    if config.getoption("coursekit_confine"):
        _start_kernels_confined()
    config.stash[_RESULTS] = {}


def _start_kernels_confined() -> None:
    """Make nbval's kernel (the current environment's) start through ``inside kernel``."""
    import ipykernel.kernelspec

    plain = ipykernel.kernelspec.get_kernel_dict

    def confined(*args: Any, **kwargs: Any) -> dict[str, Any]:
        spec = plain(*args, **kwargs)
        python = spec["argv"][0]
        spec["argv"] = [python, "-m", "coursekit.tools.inside", "kernel", "-f", "{connection_file}"]
        return spec

    ipykernel.kernelspec.get_kernel_dict = confined


def _is_cell(item: pytest.Item) -> bool:
    return hasattr(item, "cell") and hasattr(item, "cell_num")


def _index(item: Any) -> int:
    """The cell's position in its notebook (nbval numbers code cells only)."""
    return next(i for i, cell in enumerate(item.parent.nb.cells) if cell is item.cell)


def _kind(cell: Any) -> str:
    return "graded" if is_graded(cell) else "answer" if is_answer(cell) else "other"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    score = config.getoption("coursekit_score")
    for item in items:
        if not _is_cell(item):
            continue
        item.options["check"] = False  # outputs are the course's business, not the grade's
        if is_answer(item.cell):
            item.options["check_exception"] = False  # an error here is reported, tag or not
        if is_graded(item.cell):
            item.options["check_exception"] = False
            if score:
                item.options["skip"] = False


def _error_output(item: Any) -> tuple[str | None, str | None]:
    for output in item.test_outputs or []:
        if output.get("output_type") == "error":
            return output.get("ename"), output.get("evalue")
    return None, None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    if not _is_cell(item) or not (report.when == "call" or report.failed):
        return
    cell = item.cell
    meta = cell.get("metadata", {}).get("coursekit", {})
    result = CellResult(
        index=_index(item),
        cell_id=cell.get("id"),
        kind=_kind(cell),
        points=float(meta.get("points", 0)) if is_graded(cell) else 0.0,
        outcome=report.outcome if report.when == "call" else "error",
        seconds=report.duration,
    )
    if report.failed:
        result.ename, result.evalue = _error_output(item)
        if call.excinfo is not None and not result.ename:
            result.ename = call.excinfo.typename
            result.evalue = str(call.excinfo.value)
        if result.evalue:
            result.evalue = name_cell(result.evalue, result.index)
    parent = item.parent
    if getattr(parent, "timed_out", False):
        result.timed_out = True
        parent.timed_out = False  # later cells are tests in their own right, not "xfail"
    result.kernel_alive = parent.kernel is not None and parent.kernel.is_alive()
    item.config.stash[_RESULTS][result.index] = result
    report.coursekit_kind = result.kind
    if item.config.getoption("coursekit_score"):
        _rephrase_for_students(item, report, result)


def _rephrase_for_students(item: Any, report: pytest.TestReport, result: CellResult) -> None:
    """Graded cells fail with the check's hint up front; other cells never fail the run."""
    if result.kind != "graded":
        if report.failed:
            report.outcome = "passed"  # reported in the summary instead
        return
    # "exercises/x.ipynb::part 2" rather than nbval's count of code cells
    name = f"{item.parent.nodeid}::{_part_label(item).lower()}"
    report.nodeid = name
    if report.location is not None:
        report.location = (report.location[0], report.location[1], name)
    lang = item.config.stash.get(_LANG, language())
    code = "\n".join("    " + line for line in item.cell.source.splitlines())
    header = say("score.cell_header", lang=lang, cell=result.index + 1) + f"\n{code}\n\n"
    if item in _edited_items(item.config):
        report.outcome = "failed"
        report.longrepr = f"{header}✘ " + say("score.edited_cell", lang=lang)
        return
    not_literal = _by_hand_problem(item)
    if not_literal is not None:  # the grader would not run this answer: neither does the score
        report.outcome = result.outcome = "failed"
        report.longrepr = f"{header}✘ {not_literal}"
        return
    if not report.failed:
        return
    if result.ename in CHECK_FAILURES:
        report.longrepr = f"{header}✘ {result.evalue}"
    elif result.timed_out:
        report.longrepr = f"{header}✘ " + say("score.cell_timed_out", lang=lang)
    elif result.ename in ("KernelDied", "RuntimeError") and not result.kernel_alive:
        report.longrepr = f"{header}✘ " + say("score.not_run", lang=lang)
    else:
        report.longrepr = f"{header}{name_cell(ANSI.sub('', str(report.longrepr)), result.index)}"


def _by_hand_problem(item: Any) -> str | None:
    """The grader's hint when this graded cell's part is worked by hand but its answer is code."""
    from coursekit.checks import parts

    nb = item.parent.nb
    exercise = nb.get("metadata", {}).get("coursekit", {}).get("exercise")
    found = parts.declarations(exercise) if isinstance(exercise, str) else None
    graded = [cell for cell in nb.cells if is_graded(cell)]
    number = next(i for i, cell in enumerate(graded, 1) if cell is item.cell)
    part = found[1].get(number) if found else None
    if not isinstance(part, parts.Value) or not part.by_hand:
        return None
    answers = [cell.source for cell in nb.cells if is_answer(cell)]
    try:
        parts.by_hand_answers(part, answers)
    except parts.NotLiteral as error:
        language = nb.get("metadata", {}).get("coursekit", {}).get("language")
        return parts.by_hand_hint(error, lang=language if isinstance(language, str) else None)
    return None


def _part_label(item: Any) -> str:
    graded = [cell for cell in item.parent.nb.cells if is_graded(cell)]
    number = next(i for i, cell in enumerate(graded, 1) if cell is item.cell)
    return f"Part {number}"


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config):
    if config.getoption("coursekit_score") and getattr(report, "coursekit_kind", "graded") != (
        "graded"
    ):
        return "", "", ""  # not a test in the score: no dot, no count
    return None


def _points(value: float) -> str:
    return f"{value:g}"


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if not config.getoption("coursekit_score"):
        return
    results = sorted(config.stash[_RESULTS].values(), key=lambda r: r.index)
    terminalreporter.ensure_newline()  # end the line of progress marks first
    write = terminalreporter.write_line
    lang = config.stash.get(_LANG, language())
    for line in _edited_graded_cells(terminalreporter):
        terminalreporter.write_line(line, yellow=True)
    problems = [r for r in results if r.kind != "graded" and r.outcome != "passed"]
    problems = [r for r in problems if r.ename != UNANSWERED or not r.kernel_alive]
    if problems:
        terminalreporter.section(say("score.errors_section", lang=lang), sep="-", yellow=True)
        for r in problems:
            what = "score.answer_cell" if r.kind == "answer" else "score.cell"
            detail = say("score.timed_out", lang=lang) if r.timed_out else f"{r.ename}: {r.evalue}"
            if not r.kernel_alive:
                detail += say("score.kernel_died_here", lang=lang)
            write(say(what, lang=lang, cell=r.index + 1, detail=detail))
    graded = [r for r in results if r.kind == "graded"]
    if not graded:
        write(say("score.no_graded", lang=lang))
        return
    edited = {_index(item) for item in _edited_items(config)}
    terminalreporter.section(say("score.section", lang=lang), sep="-", bold=True)
    total = 0.0
    for number, r in enumerate(graded, 1):
        counts = r.outcome == "passed" and r.index not in edited
        got = r.points if counts else 0.0
        total += got
        note = say("score.edited_note", lang=lang) if r.index in edited else ""
        mark = "✔" if counts else "✘"
        points = {"got": _points(got), "points": _points(r.points), "note": note}
        write(say("score.part", lang=lang, mark=mark, number=number, cell=r.index + 1, **points))
    maximum = _points(sum(r.points for r in graded))
    write(say("score.total", lang=lang, got=_points(total), total=maximum), bold=True)


def _edited_items(config: pytest.Config) -> list[Any]:
    """The graded cells whose source differs from the released one."""
    edited = []
    for item in config.stash.get(_ITEMS, []):
        released = item.cell.get("metadata", {}).get("coursekit", {}).get("released")
        if released and released != source_digest(item.cell.source):
            edited.append(item)
    return edited


def _edited_graded_cells(terminalreporter: Any) -> list[str]:
    """Warnings for graded cells whose source differs from the released one."""
    config = terminalreporter.config
    lang = config.stash.get(_LANG, language())
    return [
        say(
            "score.edited_warning",
            lang=lang,
            number=_part_label(item).split()[-1],
            cell=_index(item) + 1,
        )
        for item in _edited_items(config)
    ]


def pytest_report_collectionfinish(config: pytest.Config, items: list[pytest.Item]) -> list[str]:
    if not config.getoption("coursekit_score"):
        return []
    graded = sum(_is_cell(item) and is_graded(item.cell) for item in items)
    others = sum(_is_cell(item) for item in items) - graded
    lang = _notebook_language(items)
    return [say("score.collected", lang=lang, graded=graded, others=others)]


def pytest_collection_finish(session: pytest.Session) -> None:
    session.config.stash[_ITEMS] = [
        item for item in session.items if _is_cell(item) and is_graded(item.cell)
    ]
    session.config.stash[_LANG] = _notebook_language(session.items)


def _notebook_language(items: list[pytest.Item]) -> str:
    """The language named in the checked notebook's metadata (``coursekit.language``),
    else the one chosen by ``$COURSEKIT_LANG``."""
    for item in items:
        if _is_cell(item):
            meta = item.parent.nb.metadata.get("coursekit", {})
            wanted = meta.get("language") if isinstance(meta, dict) else None
            try:
                return language_code(wanted) if wanted else language()
            except ValueError:
                return language()
    return language()


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = session.config.getoption("coursekit_report")
    if not path:
        return
    results = sorted(session.config.stash.get(_RESULTS, {}).values(), key=lambda r: r.index)
    Path(path).write_text(json.dumps([asdict(r) for r in results], indent=1), encoding="utf-8")
