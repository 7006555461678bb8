"""The wheels the lab serves, and those an offline Pyodide loads itself while it starts.

``coursekit`` and its pure-Python dependencies (:data:`LITE_PACKAGES`) are served by the
site as wheels. Offline, Pyodide itself and the pure packages its kernel starts with are
bundled (:func:`bundle_pyodide`), and Pyodide's lock file lists the kernel's and coursekit's
wheels so that it loads them at once (:func:`preload`), not one ``piplite.install`` after
another.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from coursekit.tools.site.lite_cache import pure_wheels, pyodide_core
from coursekit.tools.site.lite_patches import SiteError
from coursekit.tools.site.slides import _say

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
