"""Bytecode for the lab's wheels, compiled once by Pyodide's own Python (run by node).

Wheels from PyPI hold source only, and the lab's Python would compile every module it
imports (IPython's, the kernel's, coursekit's) at each start; Pyodide's own packages come
compiled. The site build compiles the lab's wheels once with Pyodide's own Python, run by
node (templates/compile_wheels.mjs), and keeps them in the cache.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path

from coursekit.tools.site import lite_cache
from coursekit.tools.site.lite_cache import PYODIDE_PYTHON, PYODIDE_VERSION
from coursekit.tools.site.lite_patches import SiteError
from coursekit.tools.site.slides import _say

SITE_PACKAGES = f"/lib/python{PYODIDE_PYTHON}/site-packages"
PYC_TAG = "cpython-" + PYODIDE_PYTHON.replace(".", "")
COMPILER = Path(__file__).parents[1] / "templates" / "compile_wheels.mjs"


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
    fetched = (lite_cache.cache_root() / f"pyodide-{PYODIDE_VERSION}" / "pyodide.mjs").is_file()
    if not todo or node is None or not (fetched or shutil.which("npm")):
        if todo:
            say("node or npm not found: the lab's wheels are left as source, which its Python "
                "compiles at each start")  # fmt: skip
        return []
    store = lite_cache.cache_root() / f"bytecode-{PYODIDE_VERSION}"
    kept = {w: store / hashlib.sha256(w.read_bytes()).hexdigest()[:24] / w.name for w in todo}
    missing = [wheel for wheel, copy in kept.items() if not copy.is_file()]
    if missing:
        say(f"compiling {len(missing)} wheels with Pyodide's Python {PYODIDE_PYTHON} (once)")
        _compile(missing, kept, lite_cache.pyodide_core(say), node)
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
