"""Hooks for the whole test run (rootdir): the session's store of notebook runs.

``tests/notebook_runs.py`` says what it does: each notebook of the course run once per test
session and shared by every test, and nbval's checks of the chapter and solution notebooks
made on those runs. It is imported only when needed, so that a ``pytest --nbval-lax`` run
on a notebook (``coursekit check`` is one) never depends on this checkout's ``tests``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def _no_timing_in_property_tests() -> None:
    """Hypothesis's per-example deadline and its "too slow" health check judge the machine's
    speed, not the code: on a loaded 2-core machine they fail correct tests. Speed is
    measured in bench/."""
    try:
        from hypothesis import HealthCheck, settings
    except ImportError:  # a bare `pytest --nbval-lax` run without the dev extra
        return
    settings.register_profile(
        "coursekit", deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    settings.load_profile("coursekit")


_no_timing_in_property_tests()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--durations-file",
        metavar="PATH",
        help="write each test phase's duration and lane as JSON lines (bench/ci_durations.py)",
    )


class DurationsFile:
    """Writes each test phase's duration and lane (``gw0``, ``gw1``; ``main`` without
    xdist) as a JSON line: what ``bench/ci_durations.py`` makes its table from."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.unlink(missing_ok=True)  # a new run, a new file

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        line = {
            "test": report.nodeid,
            "phase": report.when,
            "seconds": round(report.duration, 3),
            "outcome": report.outcome,
            "lane": getattr(report, "worker_id", "main"),
        }
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    if not (config.option.nbval or config.option.nbval_lax):  # not a live nbval run
        from tests.notebook_runs import run_id

        run_id(config)  # before xdist starts its workers, which inherit it
    path = config.getoption("durations_file")
    if path and not hasattr(config, "workerinput"):  # the workers' reports reach the controller
        config.pluginmanager.register(DurationsFile(Path(path)), "coursekit-durations-file")


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    options = parent.config.option
    if file_path.suffix != ".ipynb" or options.nbval or options.nbval_lax:
        return None  # nbval's own live kernel, when asked for
    from tests.notebook_runs import StoredNbFile

    return StoredNbFile.from_parent(parent, path=file_path)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if session.config.option.nbval or session.config.option.nbval_lax:
        return
    from tests.notebook_runs import remove_run_folder

    remove_run_folder(session.config)


@pytest.fixture(scope="session")
def notebook_runs(pytestconfig: pytest.Config):
    """The session's runs of notebooks (``tests/notebook_runs.py``), shared by both lanes."""
    from tests.notebook_runs import NotebookRuns, run_folder

    return NotebookRuns(run_folder(pytestconfig) / "notebooks")


@pytest.fixture(scope="session")
def export_store(pytestconfig: pytest.Config):
    """The session's exports (decks, pages, the web book), each made once for every test."""
    from tests.notebook_runs import ExportStore, run_folder

    return ExportStore(run_folder(pytestconfig) / "exports")


# --- two lanes: pytest -n 2 (pytest-xdist) ------------------------------------------------------

GROUPS: dict[str, str] = {
    # Sandboxed grading and tournament tests used to share fixed user ids; a sandbox's user
    # is now drawn machine-wide (coursekit/tools/sandbox/identity.py) and each test looks only at
    # the processes below its own lane, so they may run beside each other.
}
"""Modules that share something that cannot be shared at once, by what they share."""

EXPECTED = Path(__file__).parent / "tests" / "durations.json"
"""Each module's seconds in the last clean-clone run (``bench/ci_durations.py`` writes it)."""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Hand out whole modules (their fixtures are made once) or groups of them (``GROUPS``),
    the longest first (``tests/durations.json``), to whichever lane is free."""
    from xdist.scheduler import LoadScopeScheduling

    class ModuleScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return GROUPS.get(module, module)  # as _scope() does for an item

    config.option.loadscopereorder = False  # keep the order below
    return ModuleScheduling(config, log)


def _scope(item: pytest.Item) -> str:
    module = item.nodeid.split("::", 1)[0]
    return GROUPS.get(module, module)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest work first: modules (and groups) by their seconds in the last full run, so
    that neither lane is left with a long module at the end. Within one, the order stays."""
    if not EXPECTED.exists():
        return
    seconds = json.loads(EXPECTED.read_text())
    modules: dict[str, set[str]] = {}
    first_seen: dict[str, int] = {}
    for index, item in enumerate(items):
        modules.setdefault(_scope(item), set()).add(item.nodeid.split("::", 1)[0])
        first_seen.setdefault(_scope(item), index)
    cost = {scope: sum(seconds.get(m, 0.0) for m in found) for scope, found in modules.items()}
    items.sort(key=lambda item: (-cost[_scope(item)], first_seen[_scope(item)]))
