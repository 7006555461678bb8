"""How long a student waits in the offline lab: from opening it to chapter 04's first cell.

Run from the course folder with the course's Python (``.venv/bin/python bench/site.py``);
it writes ``bench/site.md``. It builds the lab of chapter 04 with Pyodide bundled
(``coursekit site --no-book --offline --only 04``), serves it on localhost and opens it
in headless Chromium with every request off the machine aborted, then measures, for a
fresh browser each time (nothing cached), the seconds from asking for the page to

1. the Pyodide kernel being idle (Pyodide, micropip, IPython and the kernel loaded);
2. the end of the first code cell (coursekit and its wheels installed from the site),
   started by "Run All" as soon as the kernel is idle;
3. (in other fresh browsers) the end of the first code cell run alone (Shift-Enter) as soon
   as the kernel is idle: "Run All" also renders every Markdown cell and queues every code
   cell first, which is work in the page, not in the kernel.

The same runs, alternated, on the lab as JupyterLite builds it (the kernel worker
jupyterlite-pyodide-kernel ships, without ``lite.KERNEL_START_PATCH``; wheels as PyPI has
them, without ``lite.compile_for_pyodide``), and the first cell run alone in both while
another process keeps one of the two cores busy (a machine that is not idle, as in a class
where a student has other things open).
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from machine import describe

ROOT = Path(__file__).resolve().parent.parent
NOTE = ROOT / "bench" / "site.md"
REPEATS = 3
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
CURRENT = "window.jupyterapp && window.jupyterapp.shell.currentWidget"
IDLE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const session = panel && panel.sessionContext && panel.sessionContext.session;
  return Boolean(session && session.kernel && session.kernel.status === "idle");
}"""


# What the numbers mean; kept by hand (bench/site.py rewrites the rest of the note).
NOTES = """\
Where the time goes on an idle machine (the kernel worker's own timestamps, chapter 04, the
lab as coursekit builds it): JupyterLab loads and opens the notebook in about 2.5 s and
starts the kernel at about 3.3 s; Pyodide then takes about 4 s to compile its WebAssembly,
unpack its standard library and unpack the 29 wheels it preloads (the kernel's and
coursekit's, `loadPyodideOptions.packages`); importing micropip and piplite takes about
0.5 s, the kernel itself (IPython and the rest) about 1 s, against 2.3 s before its wheels
came compiled and before it stopped looking for each module in the students' files; the
first cell, which finds coursekit installed, a few tenths of a second. "Run All" adds
about 3 s: JupyterLab renders every Markdown cell and queues every code cell first. All
of it is work in the browser, not downloads (everything comes from localhost). A second
visit in the same browser was 0.5 to 2 s sooner in the two runs below.

Earlier measurements the same day gave 15 to 17 s to the first cell: they were taken at
load averages of 2.5 to 5, while other work ran on the machine's two cores. The same lab
(before the two changes above) run on the idle machine took 11.6 s to the first cell run
alone and 13.9 s with "Run All". So this run measures a busy core on its own, as a
controlled condition, and gives the load average from before it starts.

Two runs of this script a quarter of an hour apart, with nothing else running (load
averages of 3.4 and 1.3 left by earlier work at their start), gave 12.5 and 14.4 s to
the first cell under "Run All", 9.4 and 10.9 s run alone, 14.1 and 15.0 s with one core
busy: the machine's speed varies by about 15 % from one run to the next, both labs alike;
in each run coursekit's lab was 1.5 to 2.4 s sooner than JupyterLite's under "Run All"
and run alone.
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        pass  # a browser closed mid-request, as each run's does


@contextlib.contextmanager
def serving(folder: Path):
    """``folder`` served on localhost; yields its address."""
    handler = functools.partial(Quiet, directory=str(folder))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()


@contextlib.contextmanager
def one_core_busy():
    """Another process spinning on one core while the block runs."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


# The lab as JupyterLite builds it: the kernel worker it ships, which moves into the
# students' files before it imports itself, and the wheels as PyPI has them (source only).
AS_SHIPPED = (
    "import sys; from coursekit.tools import cli, lite; "
    "lite.import_kernel_before_drive = lambda extensions: []; "
    "lite.compile_for_pyodide = lambda wheels, say=None: []; "
    "sys.exit(cli.main(sys.argv[1:]))"
)


def build(out: Path, as_shipped: bool = False) -> float:
    """Build chapter 04's offline lab into ``out``; the seconds it took. ``as_shipped``:
    without coursekit's two start-up changes (:data:`AS_SHIPPED`)."""
    start = time.perf_counter()
    runner = ["-c", AS_SHIPPED] if as_shipped else ["-m", "coursekit"]
    command = [sys.executable, *runner, "site", "--out", str(out), "--no-book", "--offline",
               "--only", "04"]  # fmt: skip
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


RUN_ALL = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"
RUN_FIRST = """() => {
  window.jupyterapp.shell.currentWidget.content.activeCellIndex = 0;
  return window.jupyterapp.commands.execute('notebook:run-cell');
}"""


def one_run(playwright, base: str, run: str = RUN_ALL, warm: bool = False) -> tuple[float, float]:
    """(kernel idle, first cell done) seconds after asking for the page, in a fresh browser;
    ``run`` starts the cells (Run All, or the first cell alone). ``warm``: the student's
    second visit — the page was opened once before in the same browser (its cache kept).

    Requests off the machine are aborted (Playwright's routing), or for a warm visit, whose
    cache routing would switch off, cannot be resolved (Chromium's host resolver rules);
    either way any such request is an error.
    """
    unresolved = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
    args = [*CHROMIUM_ARGS, *(unresolved if warm else [])]
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=args)
    local = (base, "data:", "blob:")
    away: list[str] = []
    try:
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        context.on("request", lambda r: None if r.url.startswith(local) else away.append(r.url))
        if not warm:
            context.route(
                "**/*",
                lambda route: (
                    route.continue_() if route.request.url.startswith(local) else route.abort()
                ),
            )
        address = f"{base}lab/lab/index.html?path=notebooks/04_alphabeta.ipynb"
        if warm:  # the first visit, its kernel started
            first_visit = context.new_page()
            first_visit.goto(address)
            first_visit.wait_for_function(IDLE, timeout=300_000)
            first_visit.close()
        page = context.new_page()
        start = time.perf_counter()
        page.goto(address)
        page.wait_for_function(IDLE, timeout=300_000)
        idle = time.perf_counter() - start
        page.evaluate(run)
        page.wait_for_function(
            f"() => {CURRENT}.content.model.cells.get(0).executionCount > 0",
            timeout=300_000,
            polling=50,
        )
        if away:
            raise RuntimeError(f"the lab asked for something off the machine: {away[:3]}")
        return idle, time.perf_counter() - start
    finally:
        browser.close()


def row(xs: list[float]) -> str:
    """A table's median and runs columns."""
    return f"{statistics.median(xs):.1f} | {', '.join(f'{x:.1f}' for x in xs)}"


def cell(xs: list[float]) -> str:
    """The median, and the runs in brackets, in one column."""
    return f"{statistics.median(xs):.1f} ({', '.join(f'{x:.1f}' for x in xs)})"


def main() -> None:
    from playwright.sync_api import sync_playwright

    machine = describe()  # the load average before the runs add to it
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        build_seconds = build(out)
        before = Path(tmp) / "as-shipped"
        build(before, as_shipped=True)
        with serving(out) as base, serving(before) as old, sync_playwright() as playwright:
            runs, alone, old_runs, old_alone = [], [], [], []
            for _ in range(REPEATS):  # the two labs alternated, minute by minute
                runs.append(one_run(playwright, base))
                old_runs.append(one_run(playwright, old))
                alone.append(one_run(playwright, base, RUN_FIRST))
                old_alone.append(one_run(playwright, old, RUN_FIRST))
            again = [one_run(playwright, base, warm=True) for _ in range(REPEATS)]
            busy, old_busy = [], []
            with one_core_busy():
                for _ in range(REPEATS):
                    busy.append(one_run(playwright, base, RUN_FIRST))
                    old_busy.append(one_run(playwright, old, RUN_FIRST))
    first = lambda results: [r[1] for r in results]  # noqa: E731
    idle = lambda results: [r[0] for r in results]  # noqa: E731
    today = datetime.date.today().isoformat()
    NOTE.write_text(
        f"""# The offline lab: time to the first executed cell

Measured by `bench/site.py` on {today}: {machine}.
The lab of chapter 04 built with Pyodide bundled (`coursekit site --no-book --offline
--only 04`, {build_seconds:.0f} s with warm caches), served on localhost, opened in a fresh
headless Chromium each time with every request off the machine aborted; "Run All" as soon
as the kernel is idle; in {REPEATS} other fresh browsers, the first cell run alone; in
{REPEATS} more, a student's second visit (the lab opened once before in the same browser,
its cache kept). Seconds after asking for the page, {REPEATS} runs each:

| what | median | runs |
|---|---:|---|
| Pyodide kernel idle | {row(idle(runs))} |
| first code cell done, "Run All" (coursekit installed from the site) | {row(first(runs))} |
| first code cell done, run alone (Shift-Enter) | {row(first(alone))} |
| second visit, same browser: Pyodide kernel idle | {row(idle(again))} |
| second visit, same browser: first code cell done, "Run All" | {row(first(again))} |
| one core kept busy by another process: first code cell done, run alone | {row(first(busy))} |

Goal: under 15 s on these machines.

The lab as coursekit builds it (its kernel imports itself before it moves into the
students' files, `lite.KERNEL_START_PATCH`; its wheels hold bytecode compiled by Pyodide's
Python, `lite.compile_for_pyodide`) against the lab as JupyterLite builds it; the two
alternated in the same run, {REPEATS} runs each, median (runs):

| first code cell done | as JupyterLite builds it | as coursekit builds it |
|---|---:|---:|
| "Run All" | {cell(first(old_runs))} | {cell(first(runs))} |
| run alone | {cell(first(old_alone))} | {cell(first(alone))} |
| run alone, one core busy | {cell(first(old_busy))} | {cell(first(busy))} |

{NOTES}""",
        encoding="utf-8",
    )
    print(NOTE.read_text())


if __name__ == "__main__":
    main()
