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
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import nbformat

from coursekit.languages import records
from coursekit.tools.lite_patches import (
    SiteError,
    import_kernel_before_drive,
    let_run_all_go_on,
    one_session_per_path,
    open_at_cell,
)
from coursekit.tools.offline_lab import SCIENTIFIC
from coursekit.tools.slides import _say, assets_cache

# jupyterlite-pyodide-kernel 0.8.6 is made for this Pyodide (its constants.PYODIDE_VERSION).
LITE_PINS = (
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "doit==0.37.0",
    "pkginfo==2.0",
)
PYODIDE_VERSION = "314.0.6"
# Pyodide runs Python 3.14: the wheels must be pure Python (py3-none-any) for it.
PYODIDE_PYTHON = "3.14"

# The pure-Python packages coursekit needs in the browser, installed without their own
# dependencies (each is listed): numpy, scipy and matplotlib are left to Pyodide.
LITE_PACKAGES = (
    "networkx>=3.2",
    "graphviz>=0.20",
    "chess>=1.10",
    "tqdm>=4.66",
    "anywidget>=0.9",
    "psygnal",
    "typing_extensions",
    "ipywidgets>=8.1,<9",
    "comm",
    "jupyterlab_widgets",
)

# What the Pyodide kernel loads from Pyodide's own distribution when it starts
# (micropip, then IPython and jedi), and what coursekit takes from it (networkx, traitlets):
# bundled offline as the same versions' pure wheels from PyPI, with every package of
# LITE_PACKAGES that Pyodide also has (micropip prefers Pyodide's copy to the site's).
KERNEL_START = ("micropip", "ipython", "jedi", "traitlets", "networkx", "typing-extensions")
# Dependencies Pyodide's own build of a package declares that the package does not need
# (Pyodide's networkx asks for numpy and matplotlib, which an offline site lacks).
NOT_NEEDED = {"networkx": ()}

BOOTSTRAP_ID = "coursekit-lite"
# The Pyodide kernel's name in JupyterLite (the notebooks say python3, the desktop kernel's).
LITE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
LAB_SETTINGS_ID = "@jupyterlite/pyodide-kernel-extension:kernel"


# --- tools and downloads ------------------------------------------------------------------


def cache_root() -> Path:
    """The cache folder shared with the offline slide assets."""
    return assets_cache().parent


def lite_tools(say: Callable[[str], None] = _say) -> Path:
    """A folder holding jupyterlite-core and its Pyodide kernel (installed there once).

    They are installed with ``pip install --target`` rather than into the course's
    environment: the kernel's JupyterLab extension belongs to JupyterLite only.
    """
    pins = " ".join(LITE_PINS)
    folder = cache_root() / f"lite-tools-{hashlib.sha256(pins.encode()).hexdigest()[:10]}"
    if (folder / ".complete").is_file():
        return folder
    say(f"installing JupyterLite's build tools into {folder} (once)")
    _pip("install", "--quiet", "--no-deps", "--target", str(folder), *LITE_PINS)
    (folder / ".complete").write_text(pins + "\n")
    return folder


def _pip(*arguments: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", *arguments], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-8:])
        raise SiteError(f"pip {arguments[0]} failed:\n{tail}")


def pure_wheels(requirements: Iterable[str], folder: Path) -> list[Path]:
    """Download the pure-Python wheels of ``requirements`` (no dependencies) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    _pip(
        "download", "--quiet", "--no-deps", "--only-binary=:all:", "--platform", "any",
        "--implementation", "py", "--python-version", PYODIDE_PYTHON,
        "--dest", str(folder), *requirements,
    )  # fmt: skip
    return sorted(folder.glob("*-none-any.whl"))


def coursekit_wheel(source: Path, folder: Path) -> Path:
    """Build the wheel of the coursekit in ``source`` (this course folder) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("coursekit-*.whl"):
        old.unlink()
    _pip("wheel", "--quiet", "--no-deps", "--wheel-dir", str(folder), str(source))
    return next(folder.glob("coursekit-*.whl"))


def pyodide_core(say: Callable[[str], None] = _say) -> Path:
    """npm's ``pyodide`` package (the runtime, no package wheels), unpacked once; its folder."""
    folder = cache_root() / f"pyodide-{PYODIDE_VERSION}"
    if (folder / "pyodide.mjs").is_file():
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError(
            "--offline bundles Pyodide from npm: install npm (Debian/Ubuntu: "
            "sudo apt-get install npm) and run this again"
        )
    say(f"fetching pyodide@{PYODIDE_VERSION} with npm into {folder} (once, about 6 MB)")
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent, prefix=".fetch-") as tmp:
        done = subprocess.run(
            [npm, "pack", "--json", "--pack-destination", tmp, f"pyodide@{PYODIDE_VERSION}"],
            cwd=tmp, capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise SiteError("npm could not fetch pyodide:\n" + done.stderr.strip()[-600:])
        tarball = Path(tmp) / json.loads(done.stdout)[0]["filename"]
        staging = Path(tmp) / "pyodide"
        with tarfile.open(tarball) as archive:
            for member in archive.getmembers():
                prefix, _, rest = member.name.partition("/")
                if prefix == "package" and rest and member.isfile():
                    member.name = rest
                    archive.extract(member, staging, filter="data")
        staging.rename(folder)
    return folder


def bundle_pyodide(target: Path, say: Callable[[str], None] = _say) -> None:
    """Write an offline Pyodide into ``target``: the npm runtime and the pure wheels its
    kernel starts with, the lock file pointing at those wheels."""
    shutil.copytree(pyodide_core(say), target, dirs_exist_ok=True)
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = {_normal(name): entry for name, entry in lock["packages"].items()}
    ours = [_normal(r.split(">")[0].split("=")[0].split("<")[0]) for r in LITE_PACKAGES]
    wanted = _closure(packages, [*KERNEL_START, *(name for name in ours if name in packages)])
    pins = [f"{packages[name]['name']}=={packages[name]['version']}" for name in sorted(wanted)]
    with tempfile.TemporaryDirectory() as tmp:
        for wheel in pure_wheels(pins, Path(tmp)):
            entry = packages[_normal(wheel.name.split("-")[0])]
            shutil.copyfile(wheel, target / wheel.name)
            entry["file_name"] = wheel.name
            entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
            entry["install_dir"] = "site"
    for name, keep in NOT_NEEDED.items():
        packages[name]["depends"] = list(keep)
    missing = [n for n in wanted if not (target / packages[n]["file_name"]).is_file()]
    if missing:
        raise SiteError(f"no pure-Python wheel on PyPI for {', '.join(sorted(missing))}")
    # Only what the site holds: Pyodide must not look for numpy & co. and fail at each import.
    lock["packages"] = {
        name: entry
        for name, entry in lock["packages"].items()
        if (target / entry["file_name"]).is_file()
    }
    lock_path.write_text(json.dumps(lock))


# The kernel's own wheels (jupyterlite-pyodide-kernel's piplite index) that it installs when
# it starts, one piplite.install after another, unless Pyodide loaded them first.
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")


def kernel_wheels(tools: Path) -> list[Path]:
    """The Pyodide kernel's own wheels (:data:`KERNEL_WHEELS`) in JupyterLite's build tools."""
    folder = tools / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    found = [next(folder.glob(f"{name}-*-none-any.whl"), None) for name in KERNEL_WHEELS]
    missing = [name for name, wheel in zip(KERNEL_WHEELS, found, strict=True) if wheel is None]
    if missing:
        raise SiteError(f"the Pyodide kernel's wheels are missing from {folder}: {missing}")
    return [wheel for wheel in found if wheel is not None]


def preload(target: Path, wheels: Sequence[Path]) -> list[str]:
    """Let the bundled Pyodide in ``target`` load ``wheels`` itself when it starts.

    Each wheel not already in Pyodide's lock file is copied beside it and added to the lock
    (with no dependencies: every package the kernel and coursekit need is named). Returns
    the packages to give ``loadPyodideOptions.packages``: Pyodide then fetches them all at
    once while it starts, instead of the kernel's and the first cell's installs one by one.
    """
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = lock["packages"]
    names = []
    for wheel in wheels:
        distribution, version = wheel.name.split("-")[:2]
        name = _normal(distribution)
        names.append(name)
        if name in packages:
            continue
        shutil.copyfile(wheel, target / wheel.name)
        packages[name] = {
            "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": [], "depends": [], "unvendored_tests": False,
        }  # fmt: skip
    lock_path.write_text(json.dumps(lock))
    return sorted({*(_normal(name) for name in KERNEL_START), *names})


# --- bytecode for the lab's wheels -----------------------------------------------------------

# Wheels from PyPI hold source only, and the lab's Python would compile every module it
# imports (IPython's, the kernel's, coursekit's) at each start; Pyodide's own packages come
# compiled. The site build compiles the lab's wheels once with Pyodide's own Python, run by
# node (templates/compile_wheels.mjs), and keeps them in the cache.
SITE_PACKAGES = f"/lib/python{PYODIDE_PYTHON}/site-packages"
PYC_TAG = "cpython-" + PYODIDE_PYTHON.replace(".", "")
COMPILER = Path(__file__).with_name("templates") / "compile_wheels.mjs"


def has_bytecode(wheel: Path) -> bool:
    """Whether ``wheel`` already holds modules compiled for Pyodide's Python."""
    with zipfile.ZipFile(wheel) as archive:
        return any(name.endswith(f".{PYC_TAG}.pyc") for name in archive.namelist())


def compile_for_pyodide(wheels: Sequence[Path], say: Callable[[str], None] = _say) -> list[Path]:
    """Add to each of ``wheels`` (rewritten in place) its modules compiled by Pyodide's
    Python, as ``__pycache__/*.cpython-3XX.pyc`` listed in its RECORD; return the wheels
    rewritten. Wheels that hold them already are left alone.

    A compiled wheel is kept in the cache under the SHA-256 of the wheel it came from, so a
    second build compiles nothing. Without node, or without npm to fetch Pyodide the first
    time, the wheels are left as they are (the lab works, and compiles them at each start).

    Raises
    ------
    SiteError
        If Pyodide's Python fails to compile them.
    """
    todo = [Path(wheel) for wheel in wheels if not has_bytecode(wheel)]
    node = shutil.which("node")
    fetched = (cache_root() / f"pyodide-{PYODIDE_VERSION}" / "pyodide.mjs").is_file()
    if not todo or node is None or not (fetched or shutil.which("npm")):
        if todo:
            say("node or npm not found: the lab's wheels are left as source, which its Python "
                "compiles at each start")  # fmt: skip
        return []
    store = cache_root() / f"bytecode-{PYODIDE_VERSION}"
    kept = {w: store / hashlib.sha256(w.read_bytes()).hexdigest()[:24] / w.name for w in todo}
    missing = [wheel for wheel, copy in kept.items() if not copy.is_file()]
    if missing:
        say(f"compiling {len(missing)} wheels with Pyodide's Python {PYODIDE_PYTHON} (once)")
        _compile(missing, kept, pyodide_core(say), node)
    for wheel, copy in kept.items():
        shutil.copyfile(copy, wheel)
    return todo


def _compile(wheels: Sequence[Path], kept: dict[Path, Path], pyodide: Path, node: str) -> None:
    """Unpack ``wheels``, compile them all in one run of Pyodide, write each compiled
    wheel where ``kept`` says."""
    with tempfile.TemporaryDirectory(prefix="coursekit-bytecode-") as tmp:
        work = Path(tmp)
        for number, wheel in enumerate(wheels):
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(work / str(number))
        command = [node, str(COMPILER), str(pyodide), str(work), SITE_PACKAGES]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0 or done.stdout.split()[-1:] != [PYC_TAG]:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-10:])
            raise SiteError(f"Pyodide could not compile the lab's wheels:\n{tail}")
        for number, wheel in enumerate(wheels):
            _add_bytecode(wheel, work / str(number), kept[wheel])


def _add_bytecode(wheel: Path, unpacked: Path, target: Path) -> None:
    """Write to ``target`` ``wheel`` with the .pyc files found in ``unpacked`` added, each
    listed in its RECORD with its hash and size."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(partial, "w") as new:
        record = next(n for n in old.namelist() if n.endswith(".dist-info/RECORD"))
        for info in old.infolist():
            if info.filename != record:
                new.writestr(info, old.read(info))
        lines = old.read(record).decode("utf-8").rstrip("\n").splitlines()
        for pyc in sorted(unpacked.rglob(f"*.{PYC_TAG}.pyc")):
            name, data = pyc.relative_to(unpacked).as_posix(), pyc.read_bytes()
            new.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            lines.append(f"{name},sha256={digest.decode()},{len(data)}")
        new.writestr(record, "\n".join(lines) + "\n", compress_type=zipfile.ZIP_DEFLATED)
    partial.replace(target)


def rehash_lock(target: Path, wheels: Iterable[Path]) -> None:
    """Update the SHA-256 that the lock file in ``target`` gives each of ``wheels``."""
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    digests = {w.name: hashlib.sha256(w.read_bytes()).hexdigest() for w in wheels}
    for entry in lock["packages"].values():
        if entry.get("file_name") in digests:
            entry["sha256"] = digests[entry["file_name"]]
    lock_path.write_text(json.dumps(lock))


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(packages: dict, roots: Iterable[str]) -> set[str]:
    """The packages of the lock that ``roots`` need, following their ``depends``."""
    seen: set[str] = set()
    stack = [_normal(r) for r in roots]
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        if name not in NOT_NEEDED:
            stack.extend(_normal(d) for d in packages[name]["depends"])
    return seen


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
    stopping "Run All" (:mod:`coursekit.tools.offline_lab`).
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
            "    from coursekit.tools.offline_lab import go_on_without_charts",
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
