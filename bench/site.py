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
"""

from __future__ import annotations

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
Where the time goes (the page's requests and console, chapter 04, load 3 to 5 on 2 cores):
about 6 s for JupyterLab itself to load before it starts the kernel; about 6 s for the
browser to compile Pyodide's WebAssembly and unpack its standard library; the rest, to the
kernel being idle, to unpack and import what the kernel starts with (micropip, piplite,
ipykernel, IPython, jedi, ...). All of it is work in the browser, not downloads
(everything comes from localhost).

Since 2026-11-26 the offline lab's Pyodide loads the kernel's packages and coursekit's
wheels itself while it starts (`loadPyodideOptions.packages`, the wheels added to its lock
file) instead of the kernel's and the first cell's `piplite.install` one after another;
the first cell then finds them installed and takes a few tenths of a second when run
alone. Before and after, alternated in the same minutes (medians, seconds):

| | kernel idle | first cell, "Run All" | kernel idle | first cell, run alone |
|---|---:|---:|---:|---:|
| before (installs one by one) | 16.8 | 21.5 | 15.7 | 16.8 |
| after (loaded while Pyodide starts) | 16.4 | 21.6 | 14.3 | 14.8 |

(4 runs each for "Run All", load about 5; 3 runs each run alone, load about 2.5.) A
student who runs the first cell, as the notebook asks, gets it 1 to 2 s sooner (14.8 s at
load 2.5, 16.6 s at load 5 in the table above); "Run All" gains nothing: it renders
every Markdown cell and queues every code cell in the page first, about 5 s in which the
old installs used to run anyway. A second visit in the same browser
is no faster. Under 15 s every time would need a less loaded machine or a lighter
JupyterLab (fewer extensions to load) and kernel start.
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def build(out: Path) -> float:
    start = time.perf_counter()
    command = [sys.executable, "-m", "coursekit", "site", "--out", str(out), "--no-book",
               "--offline", "--only", "04"]  # fmt: skip
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


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        build_seconds = build(out)
        handler = functools.partial(Quiet, directory=str(out))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}/"
        with sync_playwright() as playwright:
            runs = [one_run(playwright, base) for _ in range(REPEATS)]
            alone = [one_run(playwright, base, RUN_FIRST) for _ in range(REPEATS)]
            again = [one_run(playwright, base, warm=True) for _ in range(REPEATS)]
        server.shutdown()
    idle, first = ([r[k] for r in runs] for k in (0, 1))
    first_alone = [r[1] for r in alone]
    idle_again, first_again = ([r[k] for r in again] for k in (0, 1))
    row = lambda xs: f"{statistics.median(xs):.1f} | {', '.join(f'{x:.1f}' for x in xs)}"  # noqa: E731
    today = datetime.date.today().isoformat()
    NOTE.write_text(
        f"""# The offline lab: time to the first executed cell

Measured by `bench/site.py` on {today}: {describe()}.
The lab of chapter 04 built with Pyodide bundled (`coursekit site --no-book --offline
--only 04`, {build_seconds:.0f} s with warm caches), served on localhost, opened in a fresh
headless Chromium each time with every request off the machine aborted; "Run All" as soon
as the kernel is idle; in {REPEATS} other fresh browsers, the first cell run alone; in
{REPEATS} more, a student's second visit (the lab opened once before in the same browser,
its cache kept). Seconds after asking for the page, {REPEATS} runs each:

| what | median | runs |
|---|---:|---|
| Pyodide kernel idle | {row(idle)} |
| first code cell done, "Run All" (coursekit installed from the site) | {row(first)} |
| first code cell done, run alone (Shift-Enter) | {row(first_alone)} |
| second visit, same browser: Pyodide kernel idle | {row(idle_again)} |
| second visit, same browser: first code cell done, "Run All" | {row(first_again)} |

Goal: under 15 s on these machines.

{NOTES}""",
        encoding="utf-8",
    )
    print(NOTE.read_text())


if __name__ == "__main__":
    main()
