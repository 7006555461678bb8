"""JupyterLite's build tools and Pyodide, fetched once into a cache by pip and npm.

The lab is built with pinned versions (:data:`LITE_PINS`, :data:`PYODIDE_VERSION`): the
bundle patches (:mod:`~coursekit.tools.site.lite_patches`) are written against their
minified scripts. Everything is fetched once into a cache folder (``$COURSEKIT_CACHE``,
else ``~/.cache/coursekit``) by pip and npm, the package registries' own clients.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from coursekit.tools.site.lite_patches import SiteError
from coursekit.tools.site.slides import _say, assets_cache

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
