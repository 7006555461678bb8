// Compile the modules of unpacked wheels to bytecode with Pyodide's own Python, so that the
// lab's Python reads them instead of compiling every module it imports at each start.
//
//   node compile_wheels.mjs PYODIDE_FOLDER WORK_FOLDER SITE_PACKAGES
//
// Each folder in WORK_FOLDER is one unpacked wheel; each module gets its
// __pycache__/NAME.cpython-3XX.pyc beside it. The .pyc files are "unchecked-hash" (PEP 552):
// the wheel's files are unpacked with new dates, against which a timestamp check would
// always fail. Tracebacks name the module where Pyodide installs it, under SITE_PACKAGES.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideFolder, work, sitePackages] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideFolder, "pyodide.mjs")));
const pyodide = await loadPyodide({ indexURL: pyodideFolder + path.sep });
pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: work }, "/work");
pyodide.globals.set("site_packages", sitePackages);
pyodide.runPython(`
import compileall, os, py_compile, sys
for name in sorted(os.listdir("/work")):
    compileall.compile_dir(
        f"/work/{name}", quiet=2, stripdir=f"/work/{name}", prependdir=site_packages,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
print(sys.implementation.cache_tag)
`);
