"""Shared fixtures."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The course folder (where pyproject.toml is)."""
    return ROOT


@pytest.fixture
def path_without_dot(tmp_path: Path) -> str:
    """A PATH on which Graphviz's ``dot`` cannot be found, but Python and its tools can."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    keep = [Path(sys.executable).parent]
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if folder and not (Path(folder) / "dot").exists():
            keep.append(Path(folder))
    path = os.pathsep.join(str(p) for p in [bin_dir, *keep])
    assert shutil.which("dot", path=path) is None
    return path
