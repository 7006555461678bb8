"""`coursekit doctor` passes on a working set-up and fails, with its fix, without `dot`."""

from __future__ import annotations

import os
import subprocess
import sys

from coursekit.tools import doctor


def _doctor(*args: str, path: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = path
    return subprocess.run(
        [sys.executable, "-m", "coursekit", "doctor", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
    )


def test_doctor_passes_here():
    done = _doctor()
    lines = done.stdout.strip().splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert [line.split(":")[0].split(maxsplit=1)[1] for line in lines] == [
        "Python",
        "coursekit",
        "Graphviz",
        "JupyterLab widgets",
        "Jupyter kernel",
    ]
    assert all(line.startswith("[ok]") for line in lines)


def test_doctor_fails_with_a_fix_when_dot_is_missing(path_without_dot):
    done = _doctor("--skip-kernel", path=path_without_dot)
    assert done.returncode == 1
    graphviz_line = next(line for line in done.stdout.splitlines() if "Graphviz" in line)
    assert graphviz_line.startswith("[FAIL]")
    assert "`dot` not found on PATH" in graphviz_line
    assert "fix: " in graphviz_line and "graphviz" in graphviz_line.split("fix: ")[1]


def test_missing_widgets_extension_is_reported(monkeypatch, tmp_path):
    import jupyter_core.paths

    monkeypatch.setattr(jupyter_core.paths, "jupyter_path", lambda *parts: [str(tmp_path)])
    finding = doctor.check_widgets_extension()
    assert not finding.ok
    assert "ipywidgets" in finding.fix


def test_a_kernel_that_cannot_import_coursekit_is_reported(monkeypatch):
    monkeypatch.setattr(doctor, "KERNEL_PROBE", "import coursekit_does_not_exist")
    finding = doctor.check_kernel()
    assert not finding.ok
    assert "cannot import coursekit" in finding.detail
