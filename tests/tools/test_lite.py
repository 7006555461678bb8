"""The lab's notebooks without numpy: what imports what (coursekit.tools.lite)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

from coursekit.tools import lite

ROOT = Path(__file__).resolve().parents[2]
# The chapters the offline lab runs (tests/browser/test_site.py): their modules must load
# with numpy, scipy and matplotlib absent, as in an offline Pyodide.
OFFLINE_CHAPTERS = ("02", "03", "04", "06")
BLOCK = "import sys\nfor name in ('numpy', 'scipy', 'matplotlib'):\n    sys.modules[name] = None\n"


def import_lines(nb: nbformat.NotebookNode) -> list[str]:
    """Every top-level import statement of the notebook's code cells, as source."""
    import ast

    found = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        found += [
            ast.unparse(node)
            for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom))
        ]
    return found


def chart_import(line: str) -> bool:
    return any(name in line for name in ("matplotlib", "numpy", "scipy"))


@pytest.mark.parametrize("number", OFFLINE_CHAPTERS)
def test_chapter_modules_import_with_numpy_blocked(number):
    (path,) = (ROOT / "notebooks").glob(f"{number}_*.ipynb")
    nb = nbformat.read(path, as_version=4)
    lines = [line for line in import_lines(nb) if not chart_import(line)]
    assert lines, f"{path.name} imports nothing?"
    done = subprocess.run(
        [sys.executable, "-c", BLOCK + "\n".join(lines)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_block_does_block():
    done = subprocess.run(
        [sys.executable, "-c", BLOCK + "from coursekit.gametheory import NormalFormGame"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode != 0 and "numpy" in done.stderr


def test_scientific_modules_follow_imports_through_the_package():
    heavy = lite.scientific_modules()
    assert "coursekit.draw.pruning_plot" in heavy  # imports matplotlib inside a function
    assert "coursekit.gametheory.game" in heavy  # numpy at the top
    assert "coursekit.draw.payoff" in heavy  # through coursekit.gametheory
    assert "coursekit.search.alphabeta" not in heavy
    assert "coursekit.widgets.tree_explorer" not in heavy


def test_a_notebook_needs_numpy_when_a_name_it_imports_lives_in_a_heavy_module():
    heavy = lite.scientific_modules()
    plain = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("from coursekit.widgets import TreeExplorer")]
    )
    payoff = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("from coursekit.widgets import PayoffEditor")]
    )
    assert not lite.needs_scientific(plain, heavy)
    assert lite.needs_scientific(payoff, heavy)


def test_the_lab_notebook_starts_with_the_install_cell_and_the_pyodide_kernel():
    nb = lite.lite_notebook(
        ROOT / "notebooks" / "04_alphabeta.ipynb", ["coursekit", "chess"], set()
    )
    first = nb.cells[0]
    assert first.id == lite.BOOTSTRAP_ID
    assert 'await piplite.install(["coursekit", "chess"], deps=False)' in first.source
    assert nb.metadata["kernelspec"]["name"] == "python"


def test_the_closure_of_the_lock_drops_what_a_package_does_not_need():
    packages = {
        "networkx": {"depends": ["numpy", "matplotlib"]},
        "ipython": {"depends": ["traitlets"]},
        "traitlets": {"depends": []},
        "numpy": {"depends": []},
        "matplotlib": {"depends": ["numpy"]},
    }
    assert lite._closure(packages, ["ipython", "networkx"]) == {"ipython", "traitlets", "networkx"}


def test_preload_adds_the_wheels_pyodide_lacks_to_its_lock(tmp_path):
    pyodide, wheels = tmp_path / "pyodide", tmp_path / "wheels"
    pyodide.mkdir()
    wheels.mkdir()
    lock = {"info": {}, "packages": {"networkx": {"name": "networkx", "version": "3.6.1"}}}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock))
    made = []
    for name in ("pyodide_kernel-0.8.6-py3-none-any.whl", "networkx-3.7-py3-none-any.whl"):
        with zipfile.ZipFile(wheels / name, "w") as wheel:
            wheel.writestr("x.py", name)
        made.append(wheels / name)

    names = lite.preload(pyodide, made)

    packages = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    kernel = packages["pyodide-kernel"]
    assert kernel["file_name"] == made[0].name and (pyodide / made[0].name).is_file()
    assert kernel["sha256"] == hashlib.sha256(made[0].read_bytes()).hexdigest()
    assert kernel["depends"] == []
    assert packages["networkx"]["version"] == "3.6.1"  # Pyodide's own copy is kept
    assert not (pyodide / made[1].name).exists()
    assert {"pyodide-kernel", "networkx", "micropip", "ipython"} <= set(names)


def _bundle(tmp_path, texts):
    build = tmp_path / "build"
    build.mkdir()
    (build / "100.abc.js").write_text("console.log('another chunk');", encoding="utf-8")
    (build / "4191.def.js").write_text("x;" + ";".join(texts) + ";y", encoding="utf-8")
    return build


def test_run_all_goes_on_past_a_cell_sent_with_stop_on_error_false(tmp_path):
    build = _bundle(tmp_path, [old for old, _ in lite.RUN_ALL_PATCH])
    patched = lite.let_run_all_go_on(build)
    code = patched.read_text(encoding="utf-8")
    assert patched.name == "4191.def.js"
    assert all(new in code for _, new in lite.RUN_ALL_PATCH)
    assert "!1===s.content.stop_on_error" in code and "_ckGoOn.has(e.parent_header.msg_id)" in code


@pytest.mark.parametrize("kept", [0, 1])
def test_a_bundle_the_patch_does_not_fit_stops_the_build(tmp_path, kept):
    build = _bundle(tmp_path, [lite.RUN_ALL_PATCH[kept][0]])
    with pytest.raises(lite.SiteError, match="RUN_ALL_PATCH"):
        lite.let_run_all_go_on(build)
