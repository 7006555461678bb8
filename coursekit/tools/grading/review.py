"""Review flags: what in an answer cell could reach outside it, for a human to look at.

Flags decide no points (the sandbox and the grader's own checks do that);
they tell the instructor which answers to read: files, processes, the shell,
the network, imports of the grading machinery, IPython hooks, rigged
comparisons, names the graded cells use rebound.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from coursekit.tools.notebooks.exercise import ExerciseSet, python_source

_MACHINERY = (
    "coursekit.checks",
    "coursekit.tools",
    "nbval",
    "pytest",
    "IPython",
    "ipykernel",
    "builtins",
    "importlib",
    "runpy",
    "ctypes",
    "inspect",
    "gc",
)
_FILE_MODULES = ("pathlib", "shutil", "io", "tempfile", "glob", "fileinput", "zipfile", "tarfile")
_PROCESS_MODULES = ("subprocess", "multiprocessing", "pty", "signal", "resource", "threading")
_NETWORK_MODULES = ("socket", "urllib", "http", "requests", "ftplib", "smtplib")
_FILE_CALLS = {"open", "read_text", "write_text", "read_bytes", "write_bytes", "unlink", "rmtree"}
_FILE_CALLS |= {"remove", "rename", "replace", "mkdir", "makedirs", "copy", "copyfile", "chmod"}
_FILE_CALLS |= {"listdir", "scandir", "walk", "glob", "rglob", "touch", "symlink_to", "truncate"}
_PROCESS_CALLS = {"system", "popen", "fork", "forkpty", "kill", "killpg", "spawnl", "spawnv"}
_PROCESS_CALLS |= {"execv", "execve", "execl", "execlp", "execvp", "execvpe", "posix_spawn"}
_HOOKS = {"set_custom_exc", "input_transformers_cleanup", "input_transformers_post"}
_HOOKS |= {"input_transformers", "register", "register_magic_function", "ast_transformers"}
_HOOKS |= {"showtraceback", "run_cell", "push", "user_ns", "events", "set_hook"}
_RISKY_ATTRIBUTES = {"modules", "_exit", "settrace", "setprofile", "__code__", "__globals__"}
_RISKY_ATTRIBUTES |= {"__builtins__", "__dict__", "__class__", "__subclasses__", "f_globals"}
_RISKY_ATTRIBUTES |= {"f_back", "_getframe", "addaudithook", "__import__", "setrecursionlimit"}
_RISKY_NAMES = {"exec", "eval", "compile", "__import__", "setattr", "delattr", "globals"}
_RISKY_NAMES |= {"vars", "locals", "__builtins__", "get_ipython", "breakpoint"}
_COMPARISONS = {"__eq__", "__ne__", "__hash__", "__bool__", "__lt__", "__le__", "__gt__"}
_COMPARISONS |= {"__ge__", "__float__", "__int__", "__index__", "__iter__", "__len__"}
_COMPARISONS |= {"__getattr__", "__getattribute__", "__instancecheck__", "__subclasscheck__"}


def _imported_modules(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return []


def _flags_of(node: ast.AST, protected: frozenset[str]) -> set[str]:
    """What one node of an answer's syntax tree does that a human should look at."""
    flags: set[str] = set()
    for module in _imported_modules(node):
        top = module.split(".")[0]
        flags.update(f"imports {m} (grading machinery)" for m in _MACHINERY if module.startswith(m))
        if top in _FILE_MODULES or module in ("os.path",):
            flags.add(f"imports {top} (files)")
        if top in _PROCESS_MODULES:
            flags.add(f"imports {top} (processes)")
        if top in _NETWORK_MODULES:
            flags.add(f"imports {top} (network)")
    if isinstance(node, ast.Attribute):
        if node.attr in _RISKY_ATTRIBUTES:
            flags.add(f"uses .{node.attr}")
        if node.attr in _HOOKS:
            flags.add(f"IPython hook .{node.attr}")
        if node.attr in _FILE_CALLS:
            flags.add(f"files (.{node.attr})")
        if node.attr in _PROCESS_CALLS or node.attr.startswith(("exec", "spawn")):
            flags.add(f"processes (.{node.attr})")
        if node.attr in ("run_path", "run_module", "import_module", "exec_module"):
            flags.add(f"runs other code (.{node.attr})")
    if isinstance(node, ast.Name):
        if node.id in _RISKY_NAMES:
            flags.add(f"uses {node.id}")
        if node.id == "open":
            flags.add("files (open)")
        if isinstance(node.ctx, (ast.Store, ast.Del)) and node.id in protected:
            flags.add(f"rebinds {node.id} (a name the graded cells use)")
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if node.name in _COMPARISONS:
            flags.add(f"defines {node.name} (a rigged comparison?)")
        if node.name in protected:
            flags.add(f"rebinds {node.name} (a name the graded cells use)")
    if isinstance(node, ast.ClassDef):
        if node.name in protected:
            flags.add(f"rebinds {node.name} (a name the graded cells use)")
        bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
        if bases & {"int", "float", "str", "list", "tuple", "dict", "set", "bool", "Fraction"}:
            flags.add(f"subclasses {', '.join(sorted(bases))}")
    return flags


def review_flags(source: str, protected: Iterable[str] = ()) -> list[str]:
    """What in an answer cell could reach outside it (for a human to look at).

    Found in the cell's syntax tree (``%%bash``, ``!cmd`` and magics are first
    turned into the Python IPython runs): files, processes, the shell, the
    network, imports of the grading machinery, IPython hooks, rigged
    comparisons, and rebinding ``protected`` names (the checks' modules and
    the problem data the graded cells use).

    >>> review_flags("from coursekit.checks import ch00\\nch00.check_x = print")
    ['imports coursekit.checks (grading machinery)']
    >>> review_flags("!ls /")
    ['processes (.system)', 'runs shell commands or magics', 'uses get_ipython']
    >>> review_flags("x = sorted([3, 1])")
    []
    """
    python = python_source(source)
    try:
        tree = ast.parse(python)
    except SyntaxError:
        return []  # the answer's error shows in the notes
    protected = frozenset(protected)
    flags: set[str] = set()
    if python != source and "get_ipython()" in python:
        flags.add("runs shell commands or magics")
    for node in ast.walk(tree):
        flags |= _flags_of(node, protected)
    return sorted(flags)


def protected_names(exercise: ExerciseSet) -> set[str]:
    """Names bound by the instructor's cells (not the answers): the checks, the problem data."""
    answers = {answer.index for answer in exercise.answers}
    names: set[str] = set()
    for index, cell in enumerate(exercise.notebook.cells):
        if cell.cell_type != "code" or index in answers:
            continue
        try:
            tree = ast.parse(python_source(cell.source))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names
