"""ruff passes on the whole tree: lint rules and formatting."""

from __future__ import annotations

import subprocess
import sys


def _ruff(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=cwd, capture_output=True, text=True
    )


def test_ruff_check(repo_root):
    done = _ruff("check", ".", cwd=repo_root)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format(repo_root):
    done = _ruff("format", "--check", ".", cwd=repo_root)
    assert done.returncode == 0, done.stdout + done.stderr
