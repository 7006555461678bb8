"""The JupyterLite bundle as coursekit's lab needs it: three patches, each checked, and a
script in the lab's page that opens a notebook at the cell a link names.

Each patch names the upstream issue it works around (:data:`UPSTREAM`).

JupyterLite's build writes a lab whose scripts are minified bundles; the lab changes three
things in them, each by replacing a text that the pinned version (``lite_cache.LITE_PINS``) holds
exactly once. When a new version no longer holds a text, the build stops with
:class:`SiteError` naming the constant to update, instead of building a lab that misbehaves.
``tests/tools/test_lite.py`` applies them to the pinned bundle itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from coursekit.tools.site.slides import SlidesError


class SiteError(SlidesError):
    """The site cannot be built; the message says why and what to do."""


# --- Run All past a cell that fails on purpose ----------------------------------------------

# Upstream: jupyterlite/jupyterlite#1671 (merged), which made any failed cell cancel the
# queue (fixing #750 and #801) without the `stop_on_error` exception JupyterLab and ipykernel
# make (jupyterlab/jupyterlab#6424); no upstream issue found for that exception.
#
# JupyterLab sends a cell tagged `raises-exception` with `stop_on_error: false`, and the
# kernel runs the cells queued after it (ipykernel aborts the queue only when the failed
# request asked it to). JupyterLite 0.8.6's kernel manager cancels the whole queue on any
# failed cell (jupyterlite/jupyterlite#1671), so "Run All" would stop at the first cell a
# chapter fails on purpose, and at an exercise's graded cell. The lab's built bundle is
# patched to remember the requests that asked to go on and not to cancel after them. The
# texts are those of the pinned version's minified bundle: a new version that changes them
# stops the build with SiteError instead of building a lab that stops.
RUN_ALL_PATCH = (
    (
        "let a=async s=>{try{await i.runExclusive(",
        'let a=async s=>{"execute_request"===s.header.msg_type&&!1===s.content.stop_on_error'
        "&&(this._ckGoOn||(this._ckGoOn=new Set)).add(s.header.msg_id);"
        "try{await i.runExclusive(",
    ),
    (
        '"interrupt"!==e.metadata.cause&&(this._cancelReason.set(i,"error"),i.cancel())',
        '"interrupt"!==e.metadata.cause&&!(this._ckGoOn&&this._ckGoOn.has('
        'e.parent_header.msg_id))&&(this._cancelReason.set(i,"error"),i.cancel())',
    ),
)


# Upstream: no upstream issue found (searched jupyterlite/jupyterlite for sessions looked up
# by name); a Jupyter server's session manager looks a session up by path.
#
# JupyterLite 0.8.6's session client gives a notebook the session of any notebook open with
# the same *name* (``LiteSessionClient.startNew`` looks a running session up by name, and
# JupyterLab names a session after the file's base name): the chapter
# ``notebooks/04_alphabeta.ipynb`` and its exercise ``exercises/04_alphabeta.ipynb`` are both
# ``04_alphabeta.ipynb``, so the second one opened is handed the first one's session, whose
# path is not its own, and its kernel stays at "Initializing" for good. A Jupyter server
# looks a session up by path (one session per file): the lab's bundle is patched to do so.
SESSION_BY_PATH_PATCH = (
    (
        "let{path:a,name:i}=e,o=this._sessions.find(e=>e.name===i);if(o)return o;",
        "let{path:a,name:i}=e,o=this._sessions.find(e=>e.path===a);if(o)return o;",
    ),
)


UPSTREAM = {
    "RUN_ALL_PATCH": "jupyterlite/jupyterlite#1671",
    "SESSION_BY_PATH_PATCH": "no upstream issue found",
    "KERNEL_START_PATCH": "no upstream issue found (under jupyterlite/pyodide-kernel#14)",
    "CELL_LINK_SCRIPT": "no upstream issue found (JupyterLite drops a ?path= link's fragment; "
    "JupyterLab's own wish: jupyterlab/jupyterlab#7696)",
}
"""Each patch → the upstream issue or pull request it works around (the comment above each
patch says how); when upstream fixes it, the patch and its line here go."""


def patch_bundle(build: Path, patches: Sequence[tuple[str, str]], what: str, name: str) -> Path:
    """Replace each ``(old, new)`` of ``patches`` in the one script of the lab's bundle (in
    ``build``, the site's ``build/`` folder) that holds every ``old`` exactly once; return
    the script patched.

    Raises
    ------
    SiteError
        If no script holds each ``old`` text exactly once (a new jupyterlite-core); the
        message says what the patch is for (``what``) and the constant to update (``name``).
    """
    for script in sorted(Path(build).glob("*.js")):
        code = script.read_text(encoding="utf-8")
        if any(code.count(old) != 1 for old, _ in patches):
            continue
        for old, new in patches:
            code = code.replace(old, new)
        script.write_text(code, encoding="utf-8")
        return script
    raise SiteError(
        f"the JupyterLite bundle in {build} is not the one coursekit patches so that {what}: "
        f"update {name} in coursekit/tools/site/lite_patches.py for this version of "
        "jupyterlite-core"
    )


def let_run_all_go_on(build: Path) -> Path:
    """Patch the lab's kernel manager (in ``build``, the site's ``build/`` folder) so that
    a cell sent with ``stop_on_error: false`` does not cancel the cells queued after it;
    return the file patched.

    Raises
    ------
    SiteError
        If no script of the bundle holds each text of :data:`RUN_ALL_PATCH` exactly once.
    """
    what = "Run All goes on past a cell tagged raises-exception"
    return patch_bundle(build, RUN_ALL_PATCH, what, "RUN_ALL_PATCH")


def one_session_per_path(build: Path) -> Path:
    """Patch the lab's session client (in ``build``) so that a notebook gets the session of
    its own path, not that of another notebook of the same name; return the file patched.

    Raises
    ------
    SiteError
        If no script of the bundle holds the text of :data:`SESSION_BY_PATH_PATCH` exactly once.
    """
    what = "two notebooks of the same name each get a kernel"
    return patch_bundle(build, SESSION_BY_PATH_PATCH, what, "SESSION_BY_PATH_PATCH")


# --- the kernel's imports kept off the students' files ---------------------------------------

# Upstream: no upstream issue found for this one; it belongs under the open
# jupyterlite/pyodide-kernel#14 ("Investigate further pyolite startup time improvements").
#
# The Pyodide kernel mounts the students' files at /drive and moves into it before it imports
# IPython and the rest of itself. Python looks for every module it imports in the current
# folder first (sys.path starts with ""), and each look at /drive is a request the page must
# answer: about 90 at each start, up to a second on a busy machine. The kernel's worker is
# patched to mount /drive but move into the notebook's own folder only once it has imported
# itself. Regular expressions, because the minifier names the variables differently in each
# of the worker's scripts; a new pyodide-kernel in which they match nothing stops the build.
KERNEL_START_PATCH = (
    (r"\b\w\.chdir\(t\),this\._driveFS=", "this._driveFS="),
    (
        r"e\.mountDrive&&this\._localPath&&(\w)\.push\("
        r'"import os",`os\.chdir\("\$\{this\._localPath\}"\)`\)',
        r'e.mountDrive&&\1.push("import os",`os.chdir("/drive/${this._localPath}")`)',
    ),
)


def import_kernel_before_drive(extensions: Path) -> list[Path]:
    """Patch the Pyodide kernel's worker scripts (under ``extensions``, the site's
    ``extensions/`` folder) so that the kernel imports itself before it moves into the
    students' files; return the scripts patched.

    Raises
    ------
    SiteError
        If no script mounts the drive, or one that does is not matched by each expression of
        :data:`KERNEL_START_PATCH`.
    """
    folder = Path(extensions) / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    patched = []
    for script in sorted(folder.glob("*.js")):
        code = script.read_text(encoding="utf-8")
        if "initFilesystem" not in code:
            continue
        for pattern, replacement in KERNEL_START_PATCH:
            code, count = re.subn(pattern, replacement, code)
            if count == 0:
                raise SiteError(
                    f"the Pyodide kernel's worker {script.name} is not the one coursekit "
                    "patches so that the kernel imports itself before it moves into the "
                    "students' files: update KERNEL_START_PATCH in "
                    "coursekit/tools/site/lite_patches.py for this version of "
                    "jupyterlite-pyodide-kernel"
                )
        script.write_text(code, encoding="utf-8")
        patched.append(script)
    if not patched:
        raise SiteError(f"no Pyodide kernel worker under {folder}: is the kernel installed?")
    return patched


# --- A link to one cell of a notebook ---------------------------------------------------------

# The web book links each explorer whose controls need a kernel to its own cell in the lab:
# ``lab/index.html?path=notebooks/04_alphabeta.ipynb#cell-id=<id>`` (the cell's id, as nbconvert
# writes it into the page's ``id="cell-id=…"``). JupyterLab 4's notebook scrolls to such a
# fragment (``Notebook.setFragment`` knows ``#cell-id=``), but JupyterLite 0.8.6 opens a
# ``?path=`` without passing the fragment on (and drops it from the address). This script,
# put into the lab's page before its bundle, keeps the fragment, waits for that notebook to be
# shown, selects the cell and brings it into view.
CELL_LINK_SCRIPT = """<script>
/* coursekit: ?path=NOTEBOOK#cell-id=ID opens the notebook at that cell (lite_patches) */
(() => {
  const wanted = decodeURIComponent(location.hash || "");
  const path = new URLSearchParams(location.search).get("path");
  if (!wanted.startsWith("#cell-id=") || !path) return;
  const id = wanted.slice("#cell-id=".length);
  const started = Date.now();
  const look = () => {
    const app = window.jupyterapp;
    const panel = app && app.shell && app.shell.currentWidget;
    const notebook = panel && panel.content;
    if (panel && panel.context && panel.context.path === path && notebook && notebook.setFragment) {
      panel.revealed.then(async () => {
        const index = notebook.widgets.findIndex((cell) => cell.model.id === id);
        if (index < 0) return;
        notebook.activeCellIndex = index;
        await notebook.setFragment(wanted);
        document.documentElement.dataset.ckCellShown = id;
        // The cells above it are still being drawn (and the kernel's start redraws the first):
        // keep the cell on the screen for a while, until the student scrolls, types or clicks.
        let moved = false;
        const stop = () => { moved = true; };
        for (const kind of ["wheel", "keydown", "mousedown", "touchstart"]) {
          document.addEventListener(kind, stop, { once: true, capture: true });
        }
        const until = Date.now() + 60000; // (a busy machine: the kernel starts in 10-40 s)
        const keep = () => {
          const cell = notebook.widgets[index];
          if (moved || Date.now() > until || !cell || cell.isDisposed) return;
          const box = cell.node.getBoundingClientRect();
          const view = notebook.node.getBoundingClientRect();
          const away = box.bottom <= view.top || box.top >= view.bottom;
          if (away) notebook.scrollToCell(cell, "start");
          setTimeout(keep, 250);
        };
        keep();
      });
      return;
    }
    if (Date.now() - started < 120000) setTimeout(look, 100);
  };
  look();
})();
</script>"""
CELL_LINK_MARK = "coursekit: ?path=NOTEBOOK#cell-id=ID"


def open_at_cell(lab: Path) -> Path:
    """Put :data:`CELL_LINK_SCRIPT` into the lab's page ``lab/index.html`` under ``lab`` (the
    built site's folder), before its first script; return the page.

    Raises
    ------
    SiteError
        If the page is missing or has no ``<script``.
    """
    page = Path(lab) / "lab" / "index.html"
    if not page.is_file():
        raise SiteError(f"the lab has no page {page}: did jupyter lite build write it?")
    text = page.read_text(encoding="utf-8")
    if CELL_LINK_MARK in text:
        return page
    if "<script" not in text:
        raise SiteError(f"{page} has no script: not the JupyterLite page coursekit patches")
    at = text.index("<script")
    page.write_text(text[:at] + CELL_LINK_SCRIPT + "\n" + text[at:], encoding="utf-8")
    return page
