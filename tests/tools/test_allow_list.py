"""Every graded function's package view, walked: what is not on the allow-list is not there.

For each "write a function" part of every exercise set, the view is built as
the grader builds it, and every module in it is read: a module off the
allow-list must be the stub, and in the game model every function that is
neither protocol nor needed by it must raise ``Withheld``. Then a sealed
sandbox tries the doors issue 34's review used (a tree helper, AO*, a
Grundy solver, the search registry) and finds each one closed.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from coursekit.checks.parts import Function, declarations
from coursekit.tools.sandbox import allow_list
from coursekit.tools.sandbox.package_view import (
    CHECK_MODULE,
    _module_name,
    functions_run_on_import,
    public_imports,
    view_for,
)
from coursekit.tools.sandbox.process import Sandbox, python, real_package, sandbox_problem

SETS = [path.stem for path in sorted(Path("solutions").glob("[0-9][0-9]_*.ipynb"))] or [
    "00_start_here", "03_minimax", "04_alphabeta", "05_evaluation_functions",
    "06_beyond_alphabeta", "07_chance_and_mcts",
]  # fmt: skip


REAL = real_package()
IMPORTED = public_imports(REAL)


def function_parts():
    found = []
    for exercise in SETS:
        declared = declarations(exercise)
        for number, part in (declared[1] if declared else {}).items():
            if isinstance(part, Function):
                found.append(pytest.param(part, id=f"{exercise}-{number}-{part.name}"))
    return found


def _raises_withheld(node: ast.AST) -> bool:
    last = node.body[-1]
    return isinstance(last, ast.Raise) and "Withheld" in ast.unparse(last)


def _functions(tree: ast.Module):
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{item.name}", item


@pytest.mark.parametrize("part", function_parts())
def test_a_function_parts_view_holds_only_its_allow_list(part):
    view = view_for(part.forbidden, allowed=True) / "coursekit"
    stubs = kept = 0
    for path in sorted(view.rglob("*.py")):
        module = _module_name(view, path)
        text = path.read_text(encoding="utf-8")
        if text == allow_list.STUB.format(module=module):
            stubs += 1
            continue
        kept += 1
        assert allow_list.on_allow_list(module, IMPORTED) or CHECK_MODULE.fullmatch(path.name), (
            f"{module} is in the view but on no allow-list"
        )
        if module.startswith(allow_list.MODEL + ".") and module != "coursekit.games.examples":
            _only_the_protocol_runs(module, text)
    assert stubs > 50 and kept < stubs


def _only_the_protocol_runs(module: str, text: str) -> None:
    """Every function of a model module that still runs in the view is protocol, a special
    method, run on import, or called by one of those (by :func:`kept_functions`)."""
    source = REAL.joinpath(*module.split(".")[1:]).with_suffix(".py")
    run_on_import = functions_run_on_import(str(REAL))
    lines = {line for file, line in run_on_import if file == str(source)}
    allowed = allow_list.kept_functions(source.read_text(encoding="utf-8"), lines)
    for name, node in _functions(ast.parse(text)):
        if not _raises_withheld(node):
            assert name in allowed, f"{module}.{name} runs in the view but is not allowed"


@pytest.mark.parametrize(
    ("module", "name"),
    [("coursekit.games.gametree", "_arrange"), ("coursekit.games.gametree", "tree_size"),
     ("coursekit.games.grundy", "sprague_grundy"), ("coursekit.games.connectfour",
     "ConnectFour.safe_moves"), ("coursekit.games.tictactoe", "TicTacToe.open_lines")],
)  # fmt: skip
def test_the_models_helpers_are_withheld(module, name):
    view = view_for(("coursekit.search.",), allowed=True)
    path = view.joinpath(*module.split(".")).with_suffix(".py")
    found = dict(_functions(ast.parse(path.read_text(encoding="utf-8"))))
    assert _raises_withheld(found[name])


DOORS = """
import coursekit.games.gametree as tree
import coursekit.games.grundy as grundy
from coursekit.games import MAX, GameTree
from coursekit.search import minimax
from coursekit.search.registry import get
from coursekit.andor.aostar import ao_star
from coursekit.widgets import TreeExplorer
doors = {
    "minimax": lambda: minimax(1, 2),
    "registry": lambda: get("minimax"),
    "ao_star": lambda: ao_star(None),
    "widget": lambda: TreeExplorer(),
    "_arrange": lambda: tree._arrange([[1]], MAX, True),
    "tree_size": lambda: tree.tree_size(2, 3),
    "grundy": lambda: grundy.sprague_grundy(4),
}
for name, door in doors.items():
    try:
        door()
        print(name, "OPEN")
    except Exception as error:
        print(name, type(error).__name__)
game = GameTree.from_nested([[3, 5], [2, 9]])
print("protocol", game.actions(game.initial), game.to_move(game.initial))
"""


@pytest.mark.slow
@pytest.mark.skipif(sandbox_problem() is not None, reason="no bubblewrap here")
def test_every_door_is_closed_in_a_sealed_sandbox(tmp_path):
    sandbox = Sandbox(view=view_for(("coursekit.search.",), allowed=True))
    done = sandbox.run([python(), "-c", DOORS], timeout=120)
    lines = dict(line.split(" ", 1) for line in done.stdout.decode().splitlines())
    assert lines.pop("protocol") == "('B', 'C') MAX", done.stderr.decode()[-2000:]
    assert lines and all(how == "Withheld" for how in lines.values()), lines
    shutil.rmtree(tmp_path, ignore_errors=True)
