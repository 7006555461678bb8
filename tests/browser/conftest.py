"""A real Chromium for the browser tests: Debian's chromium driven by Playwright.

Playwright never downloads a browser here: it starts the system's chromium
(``$COURSEKIT_CHROMIUM``, else ``chromium`` / ``chromium-browser`` /
``google-chrome`` on PATH). Without one, the browser tests are skipped and say
why. Screenshots go to ``build/test-artifacts/`` (``$COURSEKIT_ARTIFACTS``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Flags that keep a headless chromium quiet, offline-friendly and working as root.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VIEWPORT = {"width": 1280, "height": 720}


def find_chromium() -> str | None:
    """The chromium to drive, or None."""
    explicit = os.environ.get("COURSEKIT_CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser():
    """One headless chromium for the whole session (each test opens its own context)."""
    executable = find_chromium()
    if executable is None:
        pytest.skip(
            "no chromium on this machine: install it (Debian/Ubuntu: apt-get install chromium) "
            "or set COURSEKIT_CHROMIUM; `./course test` installs it where it can"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder for screenshots and other things a person should look at after a run."""
    folder = Path(os.environ.get("COURSEKIT_ARTIFACTS", ROOT / "build" / "test-artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass
class PageLog:
    """Everything a page asked for or complained about.

    ``requests`` holds every URL the page requested; ``blocked`` those that
    would have left the machine (they were aborted); ``failed`` requests that
    did not complete; ``errors`` console errors and uncaught exceptions.
    """

    local: tuple[str, ...]
    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def is_local(self, url: str) -> bool:
        return url.startswith(self.local)

    def watch(self, context) -> None:
        """Watch every page of ``context``, pop-ups (the speaker notes) included."""
        context.on("request", lambda request: self.requests.append(request.url))
        context.on(
            "requestfailed",
            lambda request: self.failed.append(f"{request.url} ({request.failure})"),
        )
        context.on(
            "console",
            lambda message: (
                self.errors.append(f"console: {message.text}") if message.type == "error" else None
            ),
        )
        context.on("weberror", lambda error: self.errors.append(f"uncaught: {error.error}"))
        context.route("**/*", self._route)

    def _route(self, route) -> None:
        url = route.request.url
        if self.is_local(url):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def off_machine(self) -> list[str]:
        return [url for url in self.requests if not self.is_local(url)]

    def clear(self) -> None:
        """Forget what was seen so far (a page reused for the next address)."""
        for seen in (self.requests, self.blocked, self.failed, self.errors):
            seen.clear()


def _pages(browser) -> Iterator:
    contexts = []

    def open_(*local: str):
        context = browser.new_context(viewport=VIEWPORT)
        contexts.append(context)
        log = PageLog(local=("data:", "blob:", "about:", *local))
        log.watch(context)
        return context.new_page(), log

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture
def open_page(browser) -> Iterator:
    """``open_page(*local_prefixes)`` → (page, log): a fresh page whose requests are watched.

    Requests whose URL starts with one of the prefixes go ahead; all others
    are aborted and recorded in ``log.blocked``.
    """
    yield from _pages(browser)


@pytest.fixture(scope="module")
def open_module_page(browser) -> Iterator:
    """``open_page`` for a page that a module's tests share (one tab, many addresses:
    call ``log.clear()`` before each)."""
    yield from _pages(browser)


class ChapterRuns:
    """The exporters' runs of notebooks (``execute.run_for_export``) from the session's store
    (``notebook_runs``: each notebook run once per test run, whichever lane asks first); each
    caller gets its own copy."""

    def __init__(self, runs) -> None:
        self.runs = runs

    def run_for_export(self, notebook: Path, **options):
        return self.runs.for_export(Path(notebook), **options)


@pytest.fixture(scope="session")
def chapter_runs(notebook_runs) -> ChapterRuns:
    """The session's runs of the chapter notebooks (shared by the book and export tests)."""
    return ChapterRuns(notebook_runs)


@pytest.fixture(scope="session")
def built_site(export_store, chapter_runs) -> Path:
    """The whole site as ``coursekit site --offline`` builds it (the web book and the lab),
    made once per test run and read by the book's tests and the lab's, in either lane."""
    from coursekit.tools.site import book as site

    def build(out: Path) -> None:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(site, "run_for_export", chapter_runs.run_for_export)
            site.build_site(out, root=ROOT, offline=True)

    return export_store.folder("site", build)


@pytest.fixture(scope="session")
def offline_assets() -> Path:
    """The libraries offline decks and pages load (npm, fetched once into the cache)."""
    from coursekit.tools.site import slides

    try:
        return slides.fetch_assets()
    except slides.SlidesError as error:
        pytest.skip(f"the offline assets are missing and cannot be fetched: {error}")


def edition(notebook: Path) -> str:
    """The folder a notebook comes from, as a name: ``notebooks``, ``notebooks-zh``, …

    >>> edition(ROOT / "notebooks" / "zh" / "04_alphabeta.ipynb")
    'notebooks-zh'
    """
    return "-".join(Path(notebook).resolve().parent.relative_to(ROOT).parts)


class Exported:
    """Each notebook's offline deck and static pages (light, dark), made once per test run
    from the session's run of it and read by every test that measures them.

    A folder per kind and edition holds the libraries once (``vendor/``) and the exports
    beside them, as ``coursekit slides --offline`` and ``coursekit html`` write them.
    """

    def __init__(self, store, runs, assets: Path) -> None:
        self.store, self.runs, self.assets = store, runs, assets

    def _folder(self, kind: str, notebook: Path) -> Path:
        from coursekit.tools.site import slides

        return self.store.folder(
            f"{kind}-{edition(notebook)}", lambda folder: slides.copy_vendor(self.assets, folder)
        )

    def _made(self, kind: str, notebook: Path, export) -> Path:
        """``export(notebook, folder)`` (an exporter writing into ``folder``), made once."""
        from coursekit.tools.site import slides, static_html

        notebook = Path(notebook).resolve()
        folder = self._folder(kind, notebook)

        def write(partial: Path) -> None:
            scratch = partial.parent / f".{partial.name}"
            with pytest.MonkeyPatch.context() as patch:
                for module in (slides, static_html):
                    patch.setattr(module, "run_for_export", self.runs.for_export)
                export(notebook, scratch).rename(partial)
            scratch.rmdir()

        name = f"{notebook.stem}.slides.html" if kind == "decks" else f"{notebook.stem}.html"
        return self.store.file(f"{folder.name}/{name}", write)

    def deck(self, notebook: Path) -> Path:
        """The offline reveal.js deck of ``notebook`` (``coursekit slides --offline``)."""
        from coursekit.tools.site import slides

        return self._made(
            "decks", notebook, lambda nb, out: slides.export_slides(nb, out, offline=True)
        )

    def page(self, notebook: Path, theme: str = "light") -> Path:
        """The static page of ``notebook`` in JupyterLab's ``theme`` (``coursekit html``)."""
        from coursekit.tools.site import static_html

        return self._made(
            f"pages-{theme}",
            notebook,
            lambda nb, out: static_html.export_html(nb, out, theme=theme),
        )

    def executed(self, notebook: Path):
        """The run the exports were made from."""
        return self.runs.executed(Path(notebook))


@pytest.fixture(scope="session")
def course_exports(export_store, notebook_runs, offline_assets) -> Exported:
    """Every deck and page, made once per test run (``Exported``)."""
    return Exported(export_store, notebook_runs, offline_assets)
