"""The by-hand parts of sets 04–06: their solutions are written as literals.

The grader reads a ``by_hand`` answer from its answer cell's literals without
running code: numbers, strings, True/False/None, lists, tuples, sets, dicts,
arithmetic on numbers, ``math.inf``. Each such answer of the solution
notebooks must be exactly that, and its exercise text must say so.
"""

from __future__ import annotations

import ast
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from coursekit.checks import ch01, ch02, ch03, ch04, ch05, ch06, ch07
from coursekit.checks.by_hand import NotLiteral, by_hand_hint, literal_answers

ROOT = Path(__file__).resolve().parents[2]
SAYS = "write the values themselves (literals): the grader reads them without running code"
SETS = [
    (ch04, "04_alphabeta"),
    (ch05, "05_evaluation_functions"),
    (ch06, "06_beyond_alphabeta"),
    (ch07, "07_chance_and_mcts"),
]


def is_literal(node: ast.AST) -> bool:
    """Is ``node`` something the grader reads as a literal?"""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(is_literal(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and is_literal(k) for k in node.keys) and all(
            is_literal(v) for v in node.values
        )
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return is_literal(node.operand)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
        return is_literal(node.left) and is_literal(node.right)
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "inf"
        and isinstance(node.value, ast.Name)
        and node.value.id == "math"
    )


def solution_assignments(exercise: str) -> dict[str, ast.AST]:
    """Each name the solution regions assign, with the expression it is given (the last one)."""
    nb = json.loads((ROOT / "solutions" / f"{exercise}.ipynb").read_text(encoding="utf-8"))
    found = {}
    for cell in nb["cells"]:
        if "solution" not in cell["metadata"].get("tags", []):
            continue
        source = "".join(cell["source"])
        region = source.split("### BEGIN SOLUTION")[-1].split("### END SOLUTION")[0]
        for statement in ast.parse(region.replace("\n    ", "\n")).body:
            if isinstance(statement, ast.Assign):
                for target in statement.targets:
                    if isinstance(target, ast.Name):
                        found[target.id] = statement.value
    return found


def by_hand_names(module) -> list[str]:
    return [n for p in module.PARTS.values() if getattr(p, "by_hand", False) for n in p.names]


@pytest.mark.parametrize(("module", "exercise"), SETS, ids=[e for _, e in SETS])
def test_every_by_hand_answer_of_the_solution_is_literals(module, exercise):
    assigned = solution_assignments(exercise)
    names = by_hand_names(module)
    assert names
    for name in names:
        assert name in assigned, f"{exercise}: the solution does not set {name}"
        assert is_literal(assigned[name]), f"{exercise}: {name} is not written as literals"


@pytest.mark.parametrize(("module", "exercise"), SETS, ids=[e for _, e in SETS])
def test_each_by_hand_part_says_the_answer_is_read_as_literals(module, exercise):
    """Part n's question is lettered (a), (b), … in the text: the text holding it says so."""
    nb = json.loads((ROOT / "solutions" / f"{exercise}.ipynb").read_text(encoding="utf-8"))
    texts = [
        " ".join("".join(c["source"]).split()).replace("*", "").lower()
        for c in nb["cells"]
        if c["cell_type"] == "markdown" and not "".join(c["source"]).startswith("# ")
    ]  # the questions, not the title's overview
    for number, part in module.PARTS.items():
        letter = f"({chr(ord('a') + number - 1)}) "
        holding = [text for text in texts if re.search(rf"(?<![a-z]){re.escape(letter)}", text)]
        by_hand = getattr(part, "by_hand", False)
        if by_hand or holding:  # (a part that writes a function may have no letter)
            assert len(holding) == 1, f"{exercise}: part {number}'s question {letter}"
            assert (SAYS in holding[0]) == by_hand, f"{exercise}: part {number}"


def test_a_call_is_not_a_literal():
    assert not is_literal(ast.parse("minimax(TREE).value", mode="eval").body)
    assert is_literal(ast.parse("[(-math.inf, 2 * 3), {'a': -1.5}]", mode="eval").body)


EARLY_SETS = [(ch01, "01_game_theory"), (ch02, "02_and_or_graphs"), (ch03, "03_minimax")]


@pytest.mark.parametrize(("module", "exercise"), EARLY_SETS, ids=[e for _, e in EARLY_SETS])
def test_the_early_sets_by_hand_answers_are_literals_and_their_questions_say_so(module, exercise):
    """Sets 01–03 letter no questions: the text just above a by-hand answer cell says it."""
    nb = json.loads((ROOT / "solutions" / f"{exercise}.ipynb").read_text(encoding="utf-8"))
    for name in by_hand_names(module):
        index = next(
            i
            for i, c in enumerate(nb["cells"])
            if "solution" in c["metadata"].get("tags", [])
            and re.search(rf"^{name}\s*=", "".join(c["source"]), re.M)
        )
        top = ast.parse("".join(nb["cells"][index]["source"])).body
        last = [s.value for s in top if isinstance(s, ast.Assign) and s.targets[0].id == name][-1]
        assert is_literal(last), f"{exercise}: {name} is not written as literals"
        above = next(c for c in reversed(nb["cells"][:index]) if c["cell_type"] == "markdown")
        text = " ".join("".join(above["source"]).split()).lower()
        assert SAYS in text, f"{exercise}: the question above {name} does not say so"


# --- the reader: what a calculator user writes, read without running it ---------------------

CALCULATOR_FORMS = [
    ("x = (2.3026 / 5) ** 0.5", (2.3026 / 5) ** 0.5),
    ("x = 3/5 + 1.4142 * math.sqrt(2.3026 / 5)", 3 / 5 + 1.4142 * math.sqrt(2.3026 / 5)),
    ("x = math.sqrt(math.log(10) / 2)", math.sqrt(math.log(10) / 2)),
    ("x = math.log(8, 2) + math.log10(100) + math.log2(4) + math.exp(0)", 8.0),
    ("x = round(2.01743, 2)", 2.02),
    ("x = abs(-3) * math.pi / math.e", 3 * math.pi / math.e),
    ("from math import sqrt, log\nx = sqrt(log(10))", math.sqrt(math.log(10))),
    ("from fractions import Fraction\nx = Fraction(1, 3) + Fraction('1/6')", Fraction(1, 2)),
    ("import math\nx = 2 ** -1 + 7 // 2 + 7 % 2", 4.5),
]


@pytest.mark.parametrize(("source", "expected"), CALCULATOR_FORMS)
def test_what_a_calculator_user_writes_is_read_as_python_computes_it(source, expected):
    got = literal_answers(source, ("x",))["x"]
    assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("x = 1 / 0", "cannot be computed (ZeroDivisionError)"),
        ("x = math.sqrt(-1)", "cannot be computed (ValueError)"),
        ("x = math.exp(1000)", "cannot be computed (OverflowError)"),
        ("x = (-8) ** 0.5", "cannot be computed (complex)"),
        ("x = sqrt(2)", "from math import sqrt"),
        ("x = Fraction(1, 3)", "from fractions import Fraction"),
        ("from math import *\nx = sqrt(2)", "from math import *"),
        ("import os\nx = 1", "import os"),
        ("x = max(3, 4)", "max(3, 4)"),
        ("x = round(2.5, 1.5)", "round(2.5, 1.5)"),
        ("x = math.floor(2.5)", "math.floor(2.5)"),
        ("import math\nx = math", "the name math"),
        ("x = {[1]: 2}", "cannot be computed (TypeError)"),
        ("x = set([[1]])", "cannot be computed (TypeError)"),
    ],
)
def test_anything_else_is_refused_with_the_reason(source, reason):
    with pytest.raises(NotLiteral) as refused:
        literal_answers(source, ("x",))
    assert reason in str(refused.value)
    assert by_hand_hint(refused.value, lang="zh") != by_hand_hint(refused.value, lang="en")


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "source",
    [
        "x = 9 ** 9 ** 9",  # a power tower: 9 ** 387420489
        "x = (10 ** 14) ** 100 * 10 ** 14",  # an operand far beyond a person's numbers
        "x = round(7, -10 ** 14)",  # rounding to 10**14 digits would compute 10**(10**14)
        "from fractions import Fraction\nx = round(Fraction(1, 3), 10 ** 14)",
        "from fractions import Fraction\nx = Fraction('1e99999999')",
        "from fractions import Fraction\nx = (Fraction(1, 999999999999999) ** 100) ** 100",
        "x = " + "+".join(["9 ** 100"] * 2000),
    ],
)
def test_a_calculator_answer_cannot_make_the_grader_compute_for_ever(source):
    """The grader reads by-hand answers in its own process: a number too large is refused."""
    with pytest.raises(NotLiteral):
        literal_answers(source, ("x",))


ALL_SETS = EARLY_SETS + SETS


@pytest.mark.parametrize(("module", "exercise"), ALL_SETS, ids=[e for _, e in ALL_SETS])
def test_a_set_with_numbers_worked_by_hand_imports_math_in_its_first_cell(module, exercise):
    """`math.sqrt` in a by-hand answer runs in the notebook as the grader reads it."""
    nb = json.loads((ROOT / "solutions" / f"{exercise}.ipynb").read_text(encoding="utf-8"))
    answers = solution_assignments(exercise)
    numbers = [
        name
        for name in by_hand_names(module)
        if any(
            isinstance(node, ast.Constant) and type(node.value) in (int, float)
            for node in ast.walk(answers[name])
        )
    ]
    first = next("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert not numbers or re.search(r"^import math$", first, re.M), (exercise, numbers)
