"""The lab's notebooks without numpy: what imports what (coursekit.tools.site.lite)."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

from coursekit.tools.site import lite, lite_bytecode, lite_cache, lite_patches, lite_wheels

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
    closure = lite_wheels._closure(packages, ["ipython", "networkx"])
    assert closure == {"ipython", "traitlets", "networkx"}


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

    names = lite_wheels.preload(pyodide, made)

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
    build = _bundle(tmp_path, [old for old, _ in lite_patches.RUN_ALL_PATCH])
    patched = lite_patches.let_run_all_go_on(build)
    code = patched.read_text(encoding="utf-8")
    assert patched.name == "4191.def.js"
    assert all(new in code for _, new in lite_patches.RUN_ALL_PATCH)
    assert "!1===s.content.stop_on_error" in code and "_ckGoOn.has(e.parent_header.msg_id)" in code


@pytest.mark.parametrize("kept", [0, 1])
def test_a_bundle_the_patch_does_not_fit_stops_the_build(tmp_path, kept):
    build = _bundle(tmp_path, [lite_patches.RUN_ALL_PATCH[kept][0]])
    with pytest.raises(lite.SiteError, match="RUN_ALL_PATCH"):
        lite_patches.let_run_all_go_on(build)


def test_a_notebook_gets_the_session_of_its_own_path(tmp_path):
    build = _bundle(tmp_path, [old for old, _ in lite_patches.SESSION_BY_PATH_PATCH])
    patched = lite_patches.one_session_per_path(build)
    code = patched.read_text(encoding="utf-8")
    assert "this._sessions.find(e=>e.path===a)" in code
    assert "e.name===i" not in code


def test_a_bundle_the_session_patch_does_not_fit_stops_the_build(tmp_path):
    changed = lite_patches.SESSION_BY_PATH_PATCH[0][0].replace("name===i", "id===i")
    build = _bundle(tmp_path, [changed])
    with pytest.raises(lite.SiteError, match="SESSION_BY_PATH_PATCH"):
        lite_patches.one_session_per_path(build)


def test_the_pinned_jupyterlite_bundle_takes_every_patch(tmp_path):
    """The bundle of the jupyterlite-core that LITE_PINS installs holds each text the lab's
    patches replace, once: a new pin that changes one fails here, loudly, before a build."""
    import tarfile

    (app,) = (lite_cache.lite_tools() / "jupyterlite_core").glob("jupyterlite-app-*.tgz")
    with tarfile.open(app) as archive:
        scripts = [m for m in archive.getmembers() if m.name.startswith("package/build/")]
        archive.extractall(tmp_path, members=scripts, filter="data")
    build = tmp_path / "package" / "build"
    assert lite_patches.let_run_all_go_on(build) == lite_patches.one_session_per_path(build)


def test_the_pinned_pyodide_kernel_takes_the_kernel_start_patch(tmp_path):
    """The worker scripts of the jupyterlite-pyodide-kernel that LITE_PINS installs are matched
    by each expression of KERNEL_START_PATCH: a new pin that changes them fails here, loudly."""
    extension = Path("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension")
    static = tmp_path / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    shutil.copytree(lite_cache.lite_tools() / extension / "static", static)
    assert lite_patches.import_kernel_before_drive(tmp_path / "extensions")


def test_the_pinned_lab_page_takes_the_cell_link_script(tmp_path):
    """The lab's page of the pinned jupyterlite-core takes CELL_LINK_SCRIPT before its first
    script, once: a new pin whose page has no script fails here, loudly."""
    import tarfile

    (app,) = (lite_cache.lite_tools() / "jupyterlite_core").glob("jupyterlite-app-*.tgz")
    with tarfile.open(app) as archive:
        archive.extractall(tmp_path, members=[archive.getmember("package/lab/index.html")])
    page = lite_patches.open_at_cell(tmp_path / "package")
    assert lite_patches.open_at_cell(tmp_path / "package") == page  # a second time: no change
    text = page.read_text(encoding="utf-8")
    assert text.count(lite_patches.CELL_LINK_MARK) == 1
    assert text.index(lite_patches.CELL_LINK_MARK) < text.index("<script", text.index("</script>"))


def test_every_patch_names_the_upstream_issue_it_works_around():
    patches = {name for name in vars(lite_patches) if name.endswith(("_PATCH", "_SCRIPT"))}
    assert patches == set(lite_patches.UPSTREAM)
    for name, upstream in lite_patches.UPSTREAM.items():
        assert "#" in upstream or "no upstream issue found" in upstream, name


# The two places of the Pyodide kernel's worker that KERNEL_START_PATCH changes, as the
# pinned version's minifier writes them (its variable names differ from script to script).
WORKER = (
    'async initKernel(e){{let s=[];s.push("import pyodide_kernel"),e.mountDrive&&this._localPath'
    '&&{v}.push("import os",`os.chdir("${{this._localPath}}")`),await this._pyodide.runPythonAsync'
    '(s.join("\\n"))}}async initFilesystem(e){{if(e.mountDrive){{let t="/drive";{v}.mkdirTree(t),'
    "{v}.mount(a,{{}},t),{v}.chdir(t),this._driveFS=a}}}}"
)


def _kernel_extension(tmp_path, scripts):
    static = tmp_path / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    static.mkdir(parents=True)
    (static / "remoteEntry.abc.js").write_text("console.log('no worker here');")
    for name, code in scripts.items():
        (static / name).write_text(code, encoding="utf-8")
    return tmp_path / "extensions"


def test_the_kernel_imports_itself_before_it_moves_into_the_students_files(tmp_path):
    scripts = {"comlink.worker.1.js": WORKER.format(v="s"), "393.2.js": WORKER.format(v="i")}
    patched = lite_patches.import_kernel_before_drive(_kernel_extension(tmp_path, scripts))
    assert sorted(p.name for p in patched) == sorted(scripts)
    for script in patched:
        code = script.read_text(encoding="utf-8")
        assert ".chdir(t)" not in code  # the drive is mounted, but not entered
        assert ".mount(a,{},t),this._driveFS=a" in code
        # entered after `import pyodide_kernel`, even for a notebook at the drive's root
        assert 'push("import os",`os.chdir("/drive/${this._localPath}")`)' in code
        assert "this._localPath&&" not in code


@pytest.mark.parametrize("changed", ["{v}.chdir(t)", "os.chdir("])
def test_a_kernel_worker_the_patch_does_not_fit_stops_the_build(tmp_path, changed):
    code = WORKER.replace(changed, changed.replace("chdir", "cd")).format(v="s")
    extensions = _kernel_extension(tmp_path, {"comlink.worker.1.js": code})
    with pytest.raises(lite.SiteError, match="KERNEL_START_PATCH"):
        lite_patches.import_kernel_before_drive(extensions)


def test_a_site_without_the_kernel_worker_stops_the_build(tmp_path):
    with pytest.raises(lite.SiteError, match="no Pyodide kernel worker"):
        lite_patches.import_kernel_before_drive(_kernel_extension(tmp_path, {}))


# --- the lab's wheels compiled by Pyodide's own Python ---------------------------------------


def _wheel(folder: Path, files: dict[str, str]) -> Path:
    """A small pure-Python wheel holding ``files`` and a RECORD (hashes left out)."""
    path = folder / "toy-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
        wheel.writestr("toy-1.0.dist-info/RECORD", "".join(f"{n},,\n" for n in files))
    return path


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """An empty cache for compiled wheels, beside the Pyodide from npm (fetched once)."""
    if not (lite_bytecode.shutil.which("node") and lite_bytecode.shutil.which("npm")):
        pytest.skip("compiling for Pyodide needs node, and npm to fetch Pyodide")
    pyodide = lite_cache.pyodide_core()
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / pyodide.name).symlink_to(pyodide)
    monkeypatch.setattr(lite_cache, "cache_root", lambda: cache)
    return cache


def test_the_labs_wheels_get_bytecode_from_pyodides_python(tmp_path, own_cache):
    files = {"toy/__init__.py": "", "toy/mod.py": "def f():\n    return 1\n"}
    wheel = _wheel(tmp_path, files)

    assert lite_bytecode.compile_for_pyodide([wheel]) == [wheel]

    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        pyc = archive.read(f"toy/__pycache__/mod.{lite_bytecode.PYC_TAG}.pyc")
        record = archive.read("toy-1.0.dist-info/RECORD").decode()
    assert set(files) < names  # the sources stay, for tracebacks and for reading
    assert pyc[4:8] == b"\x01\x00\x00\x00"  # PEP 552: hash-based, source not checked
    assert f"{lite_bytecode.SITE_PACKAGES}/toy/mod.py".encode() in pyc  # where Pyodide installs it
    line = next(r for r in record.splitlines() if r.startswith("toy/__pycache__/mod."))
    digest = lite_bytecode.base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=")
    assert line.split(",")[1:] == [f"sha256={digest.decode()}", str(len(pyc))]
    kept = list((own_cache / f"bytecode-{lite_cache.PYODIDE_VERSION}").rglob("*.whl"))
    assert [k.read_bytes() for k in kept] == [wheel.read_bytes()]
    # a wheel compiled already is left alone
    assert lite_bytecode.compile_for_pyodide([wheel]) == []


def test_a_module_pyodide_cannot_compile_is_left_as_source(tmp_path, own_cache):
    wheel = _wheel(tmp_path, {"toy/__init__.py": "", "toy/bad.py": "def f(:\n"})
    lite_bytecode.compile_for_pyodide([wheel])
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "toy/bad.py" in names
    assert f"toy/__pycache__/__init__.{lite_bytecode.PYC_TAG}.pyc" in names
    assert not any(n.startswith("toy/__pycache__/bad.") for n in names)


def test_without_node_the_wheels_stay_as_they_are(tmp_path, monkeypatch):
    wheel = _wheel(tmp_path, {"toy/__init__.py": ""})
    before = wheel.read_bytes()
    said = []
    monkeypatch.setattr(lite_bytecode.shutil, "which", lambda name: None)
    assert lite_bytecode.compile_for_pyodide([wheel], say=said.append) == []
    assert wheel.read_bytes() == before and "left as source" in said[0]


def test_the_lock_file_gives_the_compiled_wheels_hash(tmp_path):
    wheel = _wheel(tmp_path, {"toy/__init__.py": ""})
    lock = {"packages": {"toy": {"file_name": wheel.name, "sha256": "old"}, "other": {}}}
    (tmp_path / "pyodide-lock.json").write_text(json.dumps(lock))
    lite_wheels.rehash_lock(tmp_path, [wheel])
    packages = json.loads((tmp_path / "pyodide-lock.json").read_text())["packages"]
    assert packages["toy"]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert packages["other"] == {}
