"""`coursekit doctor` passes on a working set-up, also without the optional `dot`."""

from __future__ import annotations

import os
import subprocess
import sys

from coursekit.languages import record, records
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
        "Pictures",
        "Graphviz",
        "Sandbox (grading, tournaments)",
        *(f"font for {one.name} ({one.code})" for one in records() if one.fonts),
        "JupyterLab widgets",
        "Jupyter kernel",
    ]
    assert all(line.startswith(("[ok]", "[opt]")) for line in lines)
    optional = ("Graphviz", "Sandbox", "font for")
    assert all(line.startswith("[ok]") for line in lines if not line[7:].startswith(optional))


def test_doctor_passes_without_dot_and_says_how_to_add_it(path_without_dot):
    done = _doctor("--skip-kernel", path=path_without_dot)
    assert done.returncode == 0, done.stdout + done.stderr
    graphviz_line = next(line for line in done.stdout.splitlines() if "Graphviz" in line)
    assert graphviz_line.startswith("[opt]")
    assert "`dot` not found on PATH" in graphviz_line and "optional" in graphviz_line
    assert "to add it: " in graphviz_line and "graphviz" in graphviz_line.split("to add it: ")[1]


def test_a_broken_picture_library_fails(monkeypatch, tmp_path):
    import coursekit.draw.graph_view as graph_view

    changed = tmp_path / "graphviz-wasm.js"
    changed.write_text("tampered")
    monkeypatch.setattr(graph_view, "LIBRARY_FILE", changed)
    graph_view.library_code.cache_clear()
    try:
        finding = doctor.check_pictures()
    finally:
        graph_view.library_code.cache_clear()
    assert not finding.passed and "refresh_graphviz_wasm" in finding.detail


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


def test_a_missing_chinese_font_is_optional_and_says_how_to_get_one(monkeypatch):
    monkeypatch.setattr(doctor, "installed_fonts", lambda language: [])
    monkeypatch.setattr(doctor.sys, "platform", "linux")
    monkeypatch.setattr(doctor.shutil, "which", lambda name: f"/usr/bin/{name}")
    finding = doctor.check_font(record("zh-Hant"))
    assert finding.passed and not finding.ok
    assert "fonts-noto-cjk" in finding.line() and "boxes" in finding.line()
    assert "繁體中文 (zh-Hant)" in finding.line()


def test_the_font_found_for_each_language_is_named_its_own_first(monkeypatch):
    found = ["AR PL UMing", "Noto Sans CJK SC", "Noto Sans CJK TC"]
    monkeypatch.setattr(doctor, "installed_fonts", lambda language: found)
    assert (
        doctor.check_font(record("zh")).line() == "[ok]   font for 简体中文 (zh): Noto Sans CJK SC"
    )
    line = doctor.check_font(record("zh-Hant")).line()
    assert line == "[ok]   font for 繁體中文 (zh-Hant): Noto Sans CJK TC"


def test_every_language_with_fonts_has_its_check():
    checked = [check.args[0].code for check in doctor.font_checks()]
    assert checked == [language.code for language in records() if language.fonts]
    assert {"zh", "zh-Hant"} <= set(checked)


def test_the_macos_hint_names_the_languages_own_built_in_font(monkeypatch):
    monkeypatch.setattr(doctor.sys, "platform", "darwin")
    assert "PingFang TC" in doctor.install_font_hint(record("zh-Hant"))
    assert "PingFang SC" in doctor.install_font_hint(record("zh"))


def test_a_machine_without_bubblewrap_is_told_how_to_get_it(monkeypatch):
    from coursekit.tools import doctor
    from coursekit.tools.sandbox import process as sandbox

    monkeypatch.setattr(sandbox, "sandbox_problem", lambda: "`bwrap` is missing")
    finding = doctor.check_sandbox()
    assert not finding.ok and finding.optional and finding.passed
    assert "apt-get install -y bubblewrap" in finding.line()
