"""The course's JupyterLite lab: every notebook, run by the browser's own Python (Pyodide).

``build_lab(out)`` writes a static JupyterLite site (jupyterlite-core and
jupyterlite-pyodide-kernel from PyPI) whose contents are the chapter and
exercise notebooks. ``coursekit`` and its pure-Python dependencies are served
by the site itself as wheels (a piplite index, with the PyPI fallback
switched off): nothing is fetched from PyPI when a student runs a cell.
numpy, scipy and matplotlib are compiled packages that only Pyodide's own
distribution has; they come from Pyodide's CDN, so the chapters' charts and
the game-theory solvers need a network. With ``offline=True`` Pyodide itself
(npm's ``pyodide`` package) and the pure packages its kernel starts with
(micropip, IPython, jedi, …, as wheels from PyPI) are bundled into the site:
a classroom without internet runs every chapter except those charts. That Pyodide
also loads the kernel's own packages and coursekit's wheels itself while it starts
(``loadPyodideOptions.packages``, the wheels added to its lock file), at once rather than
by one ``piplite.install`` after another: the first cell then finds them installed.

Each notebook in the lab starts with one extra code cell (id
``coursekit-lite``) that installs coursekit from the site. Everything is
fetched once into a cache folder (``$COURSEKIT_CACHE``, else
``~/.cache/coursekit``) by pip and npm, the package registries' own clients.

The lab's build has four rooms beside this one (which holds the notebooks and the build):
:mod:`~coursekit.tools.site.lite_cache` (the pinned tools and Pyodide, fetched once),
:mod:`~coursekit.tools.site.lite_wheels` (the wheels served and preloaded),
:mod:`~coursekit.tools.site.lite_bytecode` (the wheels compiled by Pyodide's Python) and
:mod:`~coursekit.tools.site.lite_patches` (the patches to the minified bundles, each with
the upstream issue it works around and its check).
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import nbformat

from coursekit.languages import records
from coursekit.tools.site.lite_bytecode import compile_for_pyodide
from coursekit.tools.site.lite_cache import (
    PYODIDE_VERSION,
    coursekit_wheel,
    lite_tools,
    pure_wheels,
)
from coursekit.tools.site.lite_patches import (
    SiteError,
    import_kernel_before_drive,
    let_run_all_go_on,
    one_session_per_path,
    open_at_cell,
)
from coursekit.tools.site.lite_wheels import (
    LITE_PACKAGES,
    bundle_pyodide,
    kernel_wheels,
    preload,
    rehash_lock,
)
from coursekit.tools.site.offline_lab import SCIENTIFIC
from coursekit.tools.site.slides import _say

BOOTSTRAP_ID = "coursekit-lite"
# The Pyodide kernel's name in JupyterLite (the notebooks say python3, the desktop kernel's).
LITE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
LAB_SETTINGS_ID = "@jupyterlite/pyodide-kernel-extension:kernel"


# --- which notebooks need numpy, scipy or matplotlib -------------------------------------


def _module_imports(path: Path, package: str) -> set[str]:
    """Every module ``path`` (a module of ``package``) imports, at any level of the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def scientific_modules() -> set[str]:
    """The coursekit modules that import numpy, scipy or matplotlib, directly or through
    other coursekit modules (function-level imports count: they run when used)."""
    root = Path(importlib.import_module("coursekit").__file__).parent
    imports = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        imports[name] = _module_imports(path, name)
    heavy = {name for name, used in imports.items() if _touches_scientific(used)}
    changed = True
    while changed:
        changed = False
        for name, used in imports.items():
            if name not in heavy and used & heavy:
                heavy.add(name)
                changed = True
    return heavy


def _touches_scientific(modules: Iterable[str]) -> bool:
    return any(m.split(".")[0] in SCIENTIFIC for m in modules)


def needs_scientific(nb: nbformat.NotebookNode, heavy: set[str] | None = None) -> bool:
    """Whether ``nb``'s code imports numpy, scipy or matplotlib, or a coursekit module
    that does (a name of a package with lazy exports counts as its module)."""
    heavy = scientific_modules() if heavy is None else heavy
    used: set[str] = set()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        source = "\n".join(
            line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!"))
        )
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                used.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                used.add(node.module)
                used.update(_exported_from(node.module, alias.name) for alias in node.names)
    return _touches_scientific(used) or bool(used & heavy)


def _exported_from(package: str, name: str) -> str:
    """The module that defines ``package.name`` (a lazy export) or ``package.name`` itself."""
    if not package.startswith("coursekit"):
        return f"{package}.{name}"
    where = getattr(importlib.import_module(package), "_WHERE", {})
    return where.get(name, f"{package}.{name}")


# --- the notebooks in the lab --------------------------------------------------------------


def bootstrap_source(
    wheels: Sequence[str], scientific: bool, *, offline: bool = False, lang: str = "en"
) -> str:
    """The first code cell of a notebook in the lab: coursekit from the site's wheels. It
    does nothing outside the browser, so that a notebook downloaded from the lab runs as it
    is under ``coursekit check`` and the grader.

    A notebook that needs numpy, scipy or matplotlib (``scientific``) loads them from
    Pyodide's CDN; where they cannot be had (``offline``: the site has no copy), the cell says
    so in one line in ``lang`` and each cell that needs them prints one line instead of
    stopping "Run All" (:mod:`coursekit.tools.site.offline_lab`).
    """
    names = ", ".join(f'"{n}"' for n in wheels)
    lines = [
        "# In the browser (JupyterLite) only: coursekit and the pure-Python packages it uses,",
        "# served by this site. Anywhere else this cell does nothing.",
        "import sys",
        "",
        'if sys.platform == "emscripten":',
        "    import piplite",
        "",
        f"    await piplite.install([{names}], deps=False)",
    ]
    if scientific and not offline:
        lines += [
            "    try:  # charts and game theory: numpy, scipy and matplotlib from Pyodide's CDN",
            f"        await piplite.install({list(SCIENTIFIC)!r})",
            "    except Exception:  # no network: said below, in one line",
            "        pass",
        ]
    if scientific:
        lines += [
            "    from coursekit.tools.site.offline_lab import go_on_without_charts",
            "",
            f"    go_on_without_charts(lang={lang!r})",
        ]
    return "\n".join(lines)


def lite_notebook(
    path: Path, wheels: Sequence[str], heavy: set[str], *, offline: bool = False
) -> nbformat.NotebookNode:
    """``path`` as the lab shows it: outputs kept, the install cell first (which also loads
    numpy, scipy and matplotlib when the notebook uses them, or says that it cannot)."""
    nb = nbformat.read(path, as_version=4)
    lang = nb.metadata.get("coursekit", {}).get("language", "en")
    source = bootstrap_source(wheels, needs_scientific(nb, heavy), offline=offline, lang=lang)
    cell = nbformat.v4.new_code_cell(source)
    cell.id = BOOTSTRAP_ID
    cell.metadata = {"tags": ["hide-input"], "slideshow": {"slide_type": "skip"}}
    nb.cells.insert(0, cell)
    nb.metadata["kernelspec"] = LITE_KERNEL
    return nb


def write_contents(
    notebooks: Sequence[Path],
    root: Path,
    folder: Path,
    wheels: Sequence[str],
    *,
    offline: bool = False,
) -> None:
    """Copy ``notebooks`` (paths under ``root``) into ``folder`` as the lab's files, and the
    glossary the translated notebooks link to (``notebooks/glossary.md``)."""
    heavy = scientific_modules()
    for path in notebooks:
        target = folder / Path(path).resolve().relative_to(Path(root).resolve())
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(lite_notebook(path, wheels, heavy, offline=offline), target)
    glossary = Path(root) / GLOSSARY
    if glossary.is_file():
        (folder / GLOSSARY).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(glossary, folder / GLOSSARY)


GLOSSARY = Path("notebooks") / "glossary.md"


def lab_notebooks(root: Path) -> list[Path]:
    """Every chapter and exercise notebook under ``root``, in every language (each in its
    record's folder: ``notebooks/zh-Hant/``, ``exercises/zh-Hant/``)."""
    found = []
    for base in ("notebooks", "exercises"):
        for language in records():
            found += sorted((Path(root) / base / language.folder).glob("*.ipynb"))
    return found


# --- the build -----------------------------------------------------------------------------


def build_lab(
    out: Path,
    *,
    root: Path = Path(),
    notebooks: Sequence[Path] | None = None,
    offline: bool = False,
    say: Callable[[str], None] = _say,
) -> Path:
    """Build the JupyterLite lab into ``out``; return ``out``."""
    tools = lite_tools(say)
    out = Path(out).resolve()
    with tempfile.TemporaryDirectory(prefix="coursekit-lite-") as tmp:
        lite_dir = Path(tmp)
        wheel_dir = lite_dir / "wheels"
        say("collecting coursekit's wheels for the lab")
        wheels = [*pure_wheels(LITE_PACKAGES, wheel_dir), coursekit_wheel(root, lite_dir / "own")]
        names = [w.name.split("-")[0].replace("_", "-") for w in wheels]
        names = ["coursekit", *sorted(set(names) - {"coursekit"})]
        compile_for_pyodide(wheels, say)
        write_contents(
            notebooks or lab_notebooks(root), root, lite_dir / "files", names, offline=offline
        )
        settings: dict = {LAB_SETTINGS_ID: {"disablePyPIFallback": True}}
        if offline:
            say(f"bundling Pyodide {PYODIDE_VERSION} (from npm) into the lab")
            pyodide = lite_dir / "static" / "pyodide"
            bundle_pyodide(pyodide, say)
            packages = preload(pyodide, [*kernel_wheels(tools), *wheels])
            rehash_lock(pyodide, compile_for_pyodide(sorted(pyodide.glob("*.whl")), say))
            settings[LAB_SETTINGS_ID]["loadPyodideOptions"] = {"packages": packages}
        # exposeAppInBrowser: window.jupyterapp, through which the browser tests read cells
        data = {"appName": "coursekit lab", "exposeAppInBrowser": "true",
                "litePluginSettings": settings}  # fmt: skip
        config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": data}
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
        kernel = str(tools / "share" / "jupyter" / "labextensions")
        build_config = {"FederatedExtensionAddon": {"extra_labextensions_path": [kernel]}}
        (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build_config))
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
                   "--contents", str(lite_dir / "files"), "--output-dir", str(out)]  # fmt: skip
        for wheel in wheels:
            command += ["--piplite-wheels", str(wheel)]
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tools), env.get("PYTHONPATH")]))
        env["JUPYTER_PATH"] = str(tools / "share" / "jupyter")
        say("building the JupyterLite lab")
        done = subprocess.run(command, cwd=lite_dir, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise SiteError(f"jupyter lite build failed:\n{tail}")
    let_run_all_go_on(out / "build")
    one_session_per_path(out / "build")
    import_kernel_before_drive(out / "extensions")
    open_at_cell(out)
    return out
