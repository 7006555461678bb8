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


@pytest.fixture(scope="session")
def chapter_runs(notebook_runs):
    """The session's runs of the chapter notebooks (shared by the book and export tests):
    the one store of executed notebooks, ``notebook_runs`` (tests/conftest.py)."""
    return notebook_runs
