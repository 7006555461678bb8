"""No over-full room in the tools: no module over 600 lines, no function over 60 lines of code.

A function's size is its own lines of code, measured as ``tests/test_room_sizes.py`` (issue
39, part A) measures the rest of the package: its docstring, blank lines and comment-only
lines are not counted, and a function or class defined inside it is counted on its own.
Every module of ``coursekit/`` is held to 600 lines here too; the modules outside the tools
that are over it are carved on another branch (part A) and wait in :data:`WAITING_ELSEWHERE`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import coursekit

PACKAGE = Path(coursekit.__file__).resolve().parent
TOOLS = PACKAGE / "tools"
MOST_LINES = 600
MOST_FUNCTION_LINES = 60

WAITING_ELSEWHERE = {
    "andor/graph.py": "issue 39 part A (house39a)",
    "draw/andor.py": "issue 39 part A (house39a)",
    "draw/graph_view.py": "issue 39 part A (house39a)",
    "draw/trees.py": "issue 39 part A (house39a)",
    "games/gametree.py": "issue 39 part A (house39a)",
    "gametheory/game.py": "issue 39 part A (house39a)",
    "search/alphabeta.py": "issue 39 part A (house39a)",
    "search/connect4_solver.py": "issue 40",
    "search/solve.py": "issue 40",
    "widgets/tree_explorer.py": "issue 39 part A (house39a)",
}
"""Modules outside the tools over 600 lines, each with the work that carves it (an entry that
is no longer too long must go)."""


def own_lines(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> int:
    """The function's lines of code, without its docstring, blanks, comments and inner defs."""
    skip: set[int] = set()
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        skip.update(range(first.lineno, first.end_lineno + 1))
    for inner in ast.walk(node):
        if inner is not node and isinstance(
            inner, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
        ):
            start = min([d.lineno for d in inner.decorator_list] + [inner.lineno])
            skip.update(range(start, inner.end_lineno + 1))
    code = (lines[i - 1].strip() for i in range(node.lineno, node.end_lineno + 1) if i not in skip)
    return sum(1 for line in code if line and not line.startswith("#"))


def long_modules() -> dict[str, int]:
    """Every module of the package over :data:`MOST_LINES` → its lines."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > MOST_LINES:
            found[path.relative_to(PACKAGE).as_posix()] = count
    return found


def long_tool_functions() -> list[str]:
    """Every function of the tools over :data:`MOST_FUNCTION_LINES` lines of its own code."""
    found = []
    for path in sorted(TOOLS.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = own_lines(node, lines)
                if size > MOST_FUNCTION_LINES:
                    name = path.relative_to(PACKAGE).as_posix()
                    found.append(f"{name}: {node.name} (line {node.lineno}), {size} lines")
    return found


def test_no_tool_module_is_over_600_lines():
    assert {name: n for name, n in long_modules().items() if name.startswith("tools/")} == {}


def test_no_tool_function_is_over_60_lines_of_code():
    assert long_tool_functions() == []


def test_the_modules_over_600_lines_elsewhere_are_the_ones_waiting():
    over = {name for name in long_modules() if not name.startswith("tools/")}
    assert over - set(WAITING_ELSEWHERE) == set(), "a module grew over 600 lines"
    assert set(WAITING_ELSEWHERE) - over == set(), "carved: delete it from WAITING_ELSEWHERE"
