"""Algorithms never pull in the picture or widget libraries (the one-way data flow)."""

from __future__ import annotations

import subprocess
import sys

import pytest

MODEL_PACKAGES = [
    "coursekit",
    "coursekit.games",
    "coursekit.search",
    "coursekit.andor",
    "coursekit.gametheory",
]
HEAVY = ["ipywidgets", "matplotlib", "graphviz"]


@pytest.mark.parametrize("package", MODEL_PACKAGES)
def test_importing_a_model_package_stays_light(package):
    code = (
        f"import sys, importlib, pkgutil\n"
        f"pkg = importlib.import_module({package!r})\n"
        f"if {package!r} != 'coursekit':\n"
        f"    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        f"        importlib.import_module(info.name)\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", f"{package} imports {done.stdout.strip()}"
