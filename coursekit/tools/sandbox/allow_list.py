"""What of ``coursekit`` a graded function may use: an allow-list, not a list of what to hide.

A "write it yourself" part must not be answerable by some function of the
library — not the withheld search, and not a helper elsewhere that happens to
compute the same thing (backed-up values while arranging a tree, AO* run on
a game graph, a Sprague–Grundy solver). So the package view of a function
part (:func:`coursekit.tools.sandbox.package_view.build_view` with ``allowed=``)
holds, for real, only

* :data:`MACHINERY` — the ground floor and what runs beside the student's
  code while it is graded (text and errors, the graded function's own
  process, the system-call filter, ``coursekit.checks.parts.plain``);
* the game model (:data:`MODEL`, ``coursekit.games``): the classes of the
  arguments the checks pass, with only their **protocol** — the members of
  :data:`PROTOCOL` and the special methods, and whatever of their own module
  those call — every other function of the model's modules withheld;
* ``coursekit.checks.public`` and the modules it imports, for the part's
  adapters and the set-up cells' material.

Every other module is a stub: importing it works (a set-up cell's imports
do not fail), but each name read from it is a class that raises
:class:`~coursekit.tools.sandbox.package_view.Withheld` when called. What is kept
follows from the source by :func:`kept_functions`; ``tests/tools/test_allow_list.py``
walks every function part's view.
"""

from __future__ import annotations

import ast

MACHINERY = (
    "coursekit",
    "coursekit.text",
    "coursekit.languages",
    "coursekit.errors",
    "coursekit.lazy",
    "coursekit.tools",
    "coursekit.tools.inside",
    "coursekit.tools.sandbox",
    "coursekit.tools.sandbox.seccomp",
    "coursekit.tools.sandbox.package_view",
    "coursekit.tools.sandbox.allow_list",
    "coursekit.checks",
    "coursekit.checks.parts",
)
"""Modules every view holds as they are (none computes an answer)."""

MODEL = "coursekit.games"
"""The game model: its classes' protocol is kept, its other functions withheld."""

PUBLIC = "coursekit.checks.public"
"""Set-up material and adapters (no answers, by the checks' contract): kept, with what it
imports."""

PROTOCOL = frozenset(
    {
        # the Game protocol (coursekit/games/base.py) and its optional members (docs/add-a-game.md)
        "initial", "to_move", "actions", "result", "is_terminal", "utility", "evaluate",
        "key", "to_text", "parse", "noisy_moves", "is_chance", "chance_outcomes", "score",
        "outcome", "successors",
        # a game tree's and a chance tree's accessors, a player's
        "children", "leaf_value", "player", "labels", "leaves", "parent", "path_to",
        "depth_of", "height", "kind", "opponent", "sign",
        # a board's squares, read (connect four)
        "cell",
    }
)  # fmt: skip
"""The members of a model class a graded function may call (besides special methods)."""

STUB = '''"""{module}: not on this graded part's allow-list (each name raises Withheld)."""


def __getattr__(name):
    message = (
        "{module}." + name + " is not available while this part is graded: the part asks "
        "you to write it (or what it computes) yourself"
    )

    def refuse(*args, **kwargs):
        from coursekit.tools.sandbox.package_view import Withheld

        raise Withheld(message)

    return type(name, (), {{"__new__": refuse, "__init_subclass__": classmethod(refuse)}})
'''
"""The source of a module that is not on the allow-list."""


def on_allow_list(module: str, public_imports: frozenset[str]) -> bool:
    """Whether ``module`` is kept for real in a function part's view."""
    in_model = any(module == top or module.startswith(top + ".") for top in (MODEL, PUBLIC))
    return in_model or module in MACHINERY or module in public_imports


def _called_names(node: ast.AST) -> set[str]:
    """Names a function's body refers to: plain names and ``x.name`` attributes."""
    found = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Name):
            found.add(child.id)
        elif isinstance(child, ast.Attribute):
            found.add(child.attr)
    return found


def _definitions(tree: ast.Module) -> dict[str, ast.AST]:
    """Qualified name → definition of every function and method of a module (top level and
    one class deep)."""
    found: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found[f"{node.name}.{item.name}"] = item
    return found


def kept_functions(source: str, run_on_import: set[int]) -> set[str]:
    """The functions and methods of a model module that a view keeps (qualified names).

    Kept: the protocol's members and special methods of each class, the
    functions that run while the module is imported (their first lines in
    ``run_on_import``), and everything of the module those call, by name.
    """
    tree = ast.parse(source)
    definitions = _definitions(tree)
    by_short: dict[str, list[str]] = {}
    for qualified in definitions:
        by_short.setdefault(qualified.rsplit(".", 1)[-1], []).append(qualified)
    roots = [q for q, node in definitions.items() if _is_root(q, node, run_on_import)]
    top_level = [n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    top_level += [item for n in tree.body if isinstance(n, ast.ClassDef) for item in n.body
                  if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]  # fmt: skip
    for statement in top_level:
        roots += [q for name in _called_names(statement) for q in by_short.get(name, [])]
    kept: set[str] = set()
    stack = list(roots)
    while stack:
        qualified = stack.pop()
        if qualified in kept:
            continue
        kept.add(qualified)
        for name in _called_names(definitions[qualified]):
            stack.extend(by_short.get(name, []))
    return kept


def _is_root(qualified: str, node: ast.AST, run_on_import: set[int]) -> bool:
    """Kept for its own sake: a protocol method, a special method, or run on import."""
    short = qualified.rsplit(".", 1)[-1]
    special = short.startswith("__") and short.endswith("__")
    if "." in qualified and (short in PROTOCOL or special):
        return True
    return _first_line(node) in run_on_import


def _first_line(node: ast.AST) -> int:
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno, *(d.lineno for d in decorators)])
