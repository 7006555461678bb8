"""The ``coursekit`` that student code sees while it is graded: no answers, no withheld algorithms.

A sandbox (:mod:`coursekit.tools.sandbox.process`) never shows the real package.
It shows a *view*: a copy of the package in which

* every check module ``coursekit/checks/chNN.py`` is a stub: importing it
  works (set-up cells do), but any name read from it raises — the answers
  and the logic that computes them stay in the grader's process. What set-up
  cells and the grader's adapters need lives in ``coursekit.checks.public``;
* every module whose dotted name starts with one of ``withheld`` keeps its
  classes, constants and imports, but each function body becomes a ``raise``
  (:class:`Withheld`): a student's function that calls the library's own
  version of what it was asked to write fails by construction, instead of
  being caught by a recorder the student's code could switch off. Functions
  that run while the package is imported (decorators, registrations) keep
  their bodies, so the package still imports;
* no ``__pycache__`` folder is copied (it would hold the compiled originals);
  the view is compiled afresh, from its own sources.

Example::

    view = build_view(folder, withheld=("coursekit.search.",))
    # folder/coursekit/search/alphabeta.py now raises Withheld on every call
"""

from __future__ import annotations

import ast
import atexit
import compileall
import functools
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterable
from pathlib import Path

from coursekit.errors import CoursekitError
from coursekit.tools.sandbox import allow_list

CHECK_MODULE = re.compile(r"ch\d\d\.py")
"""The file names of the check modules, which hold the answers."""


class Withheld(CoursekitError):
    """A function of the library that a graded part asks the student to write themselves."""


CHECK_STUB = '''"""{module} is not available while a notebook is graded: it holds the answers."""


def __getattr__(name):
    raise AttributeError(
        "{module}." + name + " is not available while your notebook is graded: "
        "the checks run in the grader's own process"
    )
'''


def _module_name(package: Path, path: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_withheld(module: str, withheld: Iterable[str]) -> bool:
    return any((module + ".").startswith(prefix) or module == prefix for prefix in withheld)


@functools.cache
def functions_run_on_import(package: str) -> frozenset[tuple[str, int]]:
    """(file, first line) of every function of the package that runs while it is imported.

    Found in a fresh interpreter that imports every module of the package
    under a profiler; those functions keep their bodies in a view.
    """
    script = f"""
import json, pkgutil, sys, importlib
seen = set()
root = {package!r}
def profile(frame, event, arg):
    if event == "call" and frame.f_code.co_filename.startswith(root):
        seen.add((frame.f_code.co_filename, frame.f_code.co_firstlineno))
sys.setprofile(profile)
import coursekit
for info in pkgutil.walk_packages(coursekit.__path__, "coursekit."):
    if info.name.startswith("coursekit.checks.ch") or info.name.endswith("__main__"):
        continue  # stubs in a view (they import nothing); the command line
    try:
        importlib.import_module(info.name)
    except BaseException:
        pass
sys.setprofile(None)
print(json.dumps(sorted(seen)))
"""
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=str(Path(package).parent),
        check=True,
    )
    return frozenset((file, line) for file, line in json.loads(done.stdout.splitlines()[-1]))


class _Stub(ast.NodeTransformer):
    """Replaces the body of every function not run on import by ``raise Withheld(...)``."""

    def __init__(
        self,
        module: str,
        file: str,
        keep: frozenset[tuple[str, int]],
        names: set[str] | None = None,
    ) -> None:
        self.module, self.file, self.keep, self.kept_names = module, file, keep, names or set()
        self.names: list[str] = []

    def _first_line(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
        return min([node.lineno, *(d.lineno for d in node.decorator_list)])

    def _replace(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        self.names.append(node.name)
        kept = ".".join(self.names) in self.kept_names
        if kept or (self.file, self._first_line(node)) in self.keep:
            self.generic_visit(node)
            self.names.pop()
            return node
        name = ".".join([self.module, *self.names])
        self.names.pop()
        message = (
            f"{name} is not available while this part is graded: the part asks you to write "
            "it (or what it computes) yourself"
        )
        raise_it = ast.parse(
            f"raise __import__('coursekit.tools.sandbox.package_view', fromlist=['Withheld'])"
            f".Withheld({message!r})"
        ).body
        docstring = ast.get_docstring(node, clean=False)
        node.body = ([ast.Expr(ast.Constant(docstring))] if docstring else []) + raise_it
        return node

    visit_FunctionDef = _replace
    visit_AsyncFunctionDef = _replace

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        self.names.append(node.name)
        self.generic_visit(node)
        self.names.pop()
        return node


def withheld_source(
    path: Path, module: str, keep: frozenset[tuple[str, int]], names: set[str] | None = None
) -> str:
    """The source of the module at ``path`` with every function withheld but those run on
    import and those named in ``names`` (qualified: ``GameTree.actions``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    tree = _Stub(module, str(path), keep, names).visit(tree)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def public_imports(package: Path) -> frozenset[str]:
    """The modules of ``coursekit`` that ``coursekit.checks.public`` imports, transitively."""
    found: set[str] = set()
    queue = [package / "checks" / "public"]
    while queue:
        path = queue.pop()
        files = sorted(path.glob("*.py")) if path.is_dir() else [path]
        for file in files:
            for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
                names = [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
                names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
                for name in names:
                    if name.startswith("coursekit.") and name not in found:
                        found.add(name)
                        parts = name.split(".")[1:]
                        module = package.joinpath(*parts)
                        queue.append(module if module.is_dir() else module.with_suffix(".py"))
    return frozenset(found | {".".join(m.split(".")[:i]) for m in found
                              for i in range(2, m.count(".") + 1)})  # fmt: skip


def _allowed_source(
    path: Path, module: str, withheld: tuple[str, ...], keep: frozenset, imported: frozenset
) -> str | None:
    """A module's source in a function part's view (``None``: copy it as it is)."""
    if not allow_list.on_allow_list(module, imported):
        return allow_list.STUB.format(module=module)
    if _is_withheld(module, withheld):
        return withheld_source(path, module, keep)
    if module.startswith(allow_list.MODEL + "."):
        text = path.read_text(encoding="utf-8")
        lines = {line for file, line in keep if file == str(path)}
        return withheld_source(path, module, keep, allow_list.kept_functions(text, lines))
    return None


def build_view(
    folder: Path,
    withheld: Iterable[str] = (),
    package: Path | None = None,
    *,
    checks: bool = False,
    allowed: bool = False,
) -> Path:
    """Write a view of the package into ``folder/coursekit``; returns ``folder``.

    Parameters
    ----------
    folder
        An empty folder (created when missing).
    withheld
        Dotted-name prefixes of modules whose functions are withheld, e.g.
        ``("coursekit.search.",)``; a name ending in a dot stands for a package.
    package
        The package folder to copy (default: the one this process runs).
    checks
        Keep the check modules as they are (for an exercise set whose parts no
        check module declares: its graded cells run in the student's kernel,
        the old way, and can only be as safe as that).
    allowed
        A graded function's view: only the modules of :mod:`coursekit.tools.sandbox.allow_list`
        for real (the game model with its protocol alone), every other module a stub.

    Returns
    -------
    Path
        ``folder``, to be put on ``PYTHONPATH``.
    """
    import coursekit

    package = (package or Path(coursekit.__file__).parent).resolve()
    withheld = tuple(withheld)
    keep = functions_run_on_import(str(package)) if withheld or allowed else frozenset()
    imported = public_imports(package) if allowed else frozenset()
    target = folder / "coursekit"
    for path in sorted(package.rglob("*")):
        if "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo") or path.is_dir():
            continue
        out = target / path.relative_to(package)
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix != ".py":
            shutil.copyfile(path, out)
            continue
        module = _module_name(package, path)
        if path.parent.name == "checks" and CHECK_MODULE.fullmatch(path.name) and not checks:
            source: str | None = CHECK_STUB.format(module=module)
        elif allowed:
            source = _allowed_source(path, module, withheld, keep, imported)
        else:
            source = withheld_source(path, module, keep) if _is_withheld(module, withheld) else None
        if source is None:
            shutil.copyfile(path, out)
        else:
            out.write_text(source, encoding="utf-8")
    # compiled from the view itself (never the originals): a sandbox cannot write them
    compileall.compile_dir(str(target), quiet=2, workers=1)
    return folder


_VIEWS: dict[tuple[tuple[str, ...], bool, bool], Path] = {}
_VIEWS_LOCK = threading.Lock()


def view_for(withheld: Iterable[str] = (), *, checks: bool = False, allowed: bool = False) -> Path:
    """The view withholding ``withheld`` (built once per process, removed when it exits).

    Readable by every user (a sandbox runs as a user of its own). ``checks``,
    ``allowed``: see :func:`build_view`.
    """
    key = (tuple(sorted(set(withheld))), checks, allowed)
    with _VIEWS_LOCK:
        if key not in _VIEWS:
            folder = Path(tempfile.mkdtemp(prefix="coursekit-view-"))
            atexit.register(shutil.rmtree, folder, True)
            build_view(folder, key[0], checks=checks, allowed=allowed)
            for path in [folder, *folder.rglob("*")]:
                path.chmod(0o755 if path.is_dir() else 0o644)
            _VIEWS[key] = folder
        return _VIEWS[key]


def built_views() -> dict[tuple[tuple[str, ...], bool, bool], Path]:
    """The views this process built (to hand to worker processes: :func:`use_views`)."""
    with _VIEWS_LOCK:
        return dict(_VIEWS)


def use_views(views: dict[tuple[tuple[str, ...], bool, bool], Path]) -> None:
    """Use views another process built and owns (a grading job's worker process)."""
    with _VIEWS_LOCK:
        _VIEWS.update(views)
