"""One verdict: a notebook's graded cell and the grader judge every numeric answer alike.

For every part of every set whose answer holds numbers, hypothesis writes answer cells
from the solution's values with one number written another way: as a person with a
calculator writes it (``x ** 0.5``, ``math.sqrt``, a fraction, a rounded decimal), made
wrong, or computed by code. Each cell goes two routes:

* the notebook: an IPython shell runs the set's first cell, the answer cell and the
  graded cell, as JupyterLab does (the check sees the kernel's variables and history);
* the grader: a by-hand part is read from the answer cell's text by the grader's own
  function (``coursekit.tools.grading.grade``); a part whose notebook runs gives the kernel's
  values to the grader as plain data (``coursekit.checks.parts.judge``).

Both routes must pass or fail together, and fail with the same hint, in every language.
"""

from __future__ import annotations

import importlib
import json
import math
import sys
import types
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coursekit.checks.by_hand import NotLiteral, bound_names, literal_answers
from coursekit.checks.parts import Value, judge, judge_values, plain
from coursekit.text import speaking

ROOT = Path(__file__).resolve().parents[2]
IPython = pytest.importorskip("IPython")


def solution(exercise: str) -> dict:
    return json.loads((ROOT / "solutions" / f"{exercise}.ipynb").read_text(encoding="utf-8"))


def cells(nb: dict, tag: str) -> list[str]:
    return ["".join(c["source"]) for c in nb["cells"] if tag in c["metadata"].get("tags", [])]


def numeric_leaves(value: Any, path: tuple = ()) -> list[tuple]:
    """The paths to the numbers inside ``value`` (dict values, list and tuple items)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return []
    if isinstance(value, (int, float, Fraction)):
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in numeric_leaves(v, (*path, k))]
    if isinstance(value, (list, tuple)):
        return [p for i, v in enumerate(value) for p in numeric_leaves(v, (*path, i))]
    return []


def render(value: Any, path: tuple = (), at: tuple | None = None, text: str = "") -> str:
    """Python source for ``value``, with the number at ``at`` written as ``text``."""
    if path == at:
        return text
    if isinstance(value, float) and math.isinf(value):
        return "math.inf" if value > 0 else "-math.inf"
    if isinstance(value, dict):
        items = (f"{k!r}: {render(v, (*path, k), at, text)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(render(v, (*path, i), at, text) for i, v in enumerate(value)) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(render(v, (*path, i), at, text) for i, v in enumerate(value))
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(repr(v) for v in sorted(value, key=repr)) + "}" if value else "set()"
    return repr(value)


def renderable(value: Any) -> bool:
    if isinstance(value, (dict, list, tuple, set, frozenset)):
        items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        return all(renderable(k) and renderable(v) for k, v in items)
    return value is None or isinstance(value, (bool, int, float, str, Fraction))


# --- the parts: each one's solution values --------------------------------------------------


CHECK_MODULES = [importlib.import_module(f"coursekit.checks.ch{n:02d}") for n in range(8)]


def _parts() -> list[tuple[str, int]]:
    found = []
    for module in CHECK_MODULES:
        for part_number, part in module.PARTS.items():
            if isinstance(part, Value):
                found.append((module.EXERCISE, part_number))
    return found


class SolvedPart:
    """A value part with the cells the solution answers it by, and the values they give."""

    def __init__(self, exercise: str, number: int, shell: Any) -> None:
        module = {m.EXERCISE: m for m in CHECK_MODULES}[exercise]
        nb = solution(exercise)
        self.part = module.PARTS[number]
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        graded = [c for c in code if "check" in c["metadata"].get("tags", [])][number - 1]
        self.graded = "".join(graded["source"])
        self.before = [  # the cells above the graded one, the solution's answers included
            "".join(c["source"])
            for c in code[: code.index(graded)]
            if "check" not in c["metadata"].get("tags", [])
        ]
        self.values = self._values(shell)

    def run_above(self, shell: Any) -> None:
        """Run the cells above the graded one, as a student does top to bottom."""
        shell.user_ns.clear()
        shell.init_user_ns()
        for source in self.before:
            shell.run_cell(source, store_history=True)

    def _values(self, shell: Any) -> dict[str, Any]:
        answers = [s for s in self.before if bound_names(s, self.part.names)]
        try:  # the answer is literals (always, for a part worked by hand)
            return literal_answers("\n".join(answers), self.part.names)
        except NotLiteral:  # the answer is computed: run it as the notebook does
            assert not self.part.by_hand, answers
            self.run_above(shell)
            return {name: shell.user_ns[name] for name in self.part.names}

    def numeric(self) -> bool:
        """Are the answer's values plain data with a number among them?"""
        values = self.values.values()
        return all(map(renderable, values)) and any(numeric_leaves(v) for v in values)

    def cell(self, name: str, path: tuple, text: str, imports: str) -> str:
        """An answer cell: the solution's values, the number at ``path`` of ``name`` as ``text``."""
        lines = [imports] if imports else []
        lines += [f"{n} = None" for n in self.part.names]
        for n in self.part.names:
            at = path if n == name else None
            lines.append(f"{n} = {render(self.values[n], (), at, text)}")
        return "\n".join(lines) + "\n"


# --- the two routes --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shell(tmp_path_factory):
    """An IPython shell with its history in memory, as a kernel has one; removed afterwards."""
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.hist_file = ":memory:"
    config.InteractiveShell.ipython_dir = str(tmp_path_factory.mktemp("ipython"))
    main = sys.modules["__main__"]  # IPython puts a module of its own there, without __spec__
    made = InteractiveShell.instance(config=config)
    yield made
    InteractiveShell.clear_instance()
    sys.modules["__main__"] = main  # later tests start processes (forkserver) that read it


def in_the_notebook(shell: Any, solved: SolvedPart, answer: str, lang: str) -> tuple[bool, str]:
    """Run the answer cell and the graded cell (the cells above have run); the verdict shown."""
    shell.run_cell(answer, store_history=True)
    with speaking(lang):
        ran = shell.run_cell(solved.graded, store_history=True)
    error = ran.error_before_exec or ran.error_in_exec
    return error is None, "" if error is None else str(error)


def by_the_grader(shell: Any, solved: SolvedPart, answer: str, lang: str) -> tuple[bool, str]:
    """The grader's verdict: read from the cell's text, or judged on the kernel's values."""
    from coursekit.tools.grading.part_grades import by_hand_grade

    with speaking(lang):
        if solved.part.by_hand:
            merged = types.SimpleNamespace(answers=[answer])
            grade = by_hand_grade(solved.part, merged, 1.0)
            return grade.status == "passed", grade.detail
        values = [plain(shell.user_ns[name]) for name in solved.part.names]
        verdict = judge(solved.part, json.loads(json.dumps({"values": values})))
        return verdict.passed, verdict.hint


def readable(answer: str, names: tuple[str, ...]) -> bool:
    try:
        literal_answers(answer, names)
    except NotLiteral:
        return False
    return True


# --- what hypothesis writes ------------------------------------------------------------------


def ways_to_write(number: Any) -> st.SearchStrategy[tuple[str, str]]:
    """(expression, imports) for ``number``: equal forms, wrong ones, and code."""
    if isinstance(number, float) and math.isinf(number):
        sign = "-" if number < 0 else ""
        same = [f"{sign}math.inf", f"float('{sign}inf')"]
        return st.sampled_from([(text, "") for text in same] + [("0", ""), ("max(1, 2)", "")])
    exact = Fraction(number).limit_denominator(10**6)
    sign, square = "-" if number < 0 else "", abs(number) * abs(number)
    equal = [
        (repr(float(number)), ""),
        (f"{exact.numerator} / {exact.denominator}", ""),
        (f"Fraction({exact.numerator}, {exact.denominator})", "from fractions import Fraction"),
        (f"{sign}{square!r} ** 0.5", ""),
        (f"{sign}math.sqrt({square!r})", ""),
        (f"round({float(number)!r} + 0.001, 2)", ""),
        (f"{sign}sqrt({square!r})", "from math import sqrt"),
    ]
    wrong = [(f"{number!r} + {d}", "") for d in ("1", "0.5", "0.02", "-3")]
    code = [
        (f"sum([{number!r}])", ""),
        (f"[x for x in [{number!r}]][0]", ""),
        (f"sqrt({abs(number)!r})", ""),  # not imported
        (f"int('{int(number)}')", ""),
    ]
    return st.sampled_from(equal + wrong + code)


@st.composite
def answer_cells(draw: Any, solved: SolvedPart) -> str:
    choices = [(n, p) for n in solved.part.names for p in numeric_leaves(solved.values[n])]
    name, path = draw(st.sampled_from(choices))
    number = solved.values[name]
    for step in path:
        number = number[step]
    text, imports = draw(ways_to_write(number))
    return solved.cell(name, path, text, imports)


NUMERIC = _parts()


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize(("exercise", "number"), NUMERIC, ids=[f"{e}-{n}" for e, n in NUMERIC])
def test_the_notebook_and_the_grader_give_one_verdict(shell, exercise, number, lang):
    solved = SolvedPart(exercise, number, shell)
    if not solved.numeric():
        pytest.skip(f"{exercise} part {number}'s answer is not numbers (a graph, a model)")
    solved.run_above(shell)

    @settings(
        max_examples=12,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(answer=answer_cells(solved))
    def one_verdict(answer: str) -> None:
        notebook = in_the_notebook(shell, solved, answer, lang)
        grader = by_the_grader(shell, solved, answer, lang)
        assert notebook == grader, (answer, notebook, grader)
        if solved.part.by_hand and readable(answer, solved.part.names):
            # the reader computes as Python does: the check on the kernel's own values agrees
            with speaking(lang):
                python = judge_values(solved.part, [shell.user_ns[n] for n in solved.part.names])
            assert (python.passed, python.hint) == grader, (answer, python, grader)

    one_verdict()


def test_the_solution_itself_passes_both_routes(shell):
    """The honest answers: ✔ in the notebook and full points from the grader."""
    for exercise, number in NUMERIC:
        solved = SolvedPart(exercise, number, shell)
        if not solved.numeric():
            continue
        solved.run_above(shell)
        answer = solved.cell(solved.part.names[0], None, "", "")  # type: ignore[arg-type]
        for route in (in_the_notebook, by_the_grader):
            assert route(shell, solved, answer, "en") == (True, ""), (exercise, number, route)
