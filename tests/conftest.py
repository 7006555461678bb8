"""Shared fixtures."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # `import chinese_text`, `plain_user`


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The course folder (where pyproject.toml is)."""
    return ROOT


@pytest.fixture
def path_without_dot(tmp_path: Path) -> str:
    """A PATH on which Graphviz's ``dot`` cannot be found, but Python and its tools can."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    keep = [Path(sys.executable).parent]
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if folder and not (Path(folder) / "dot").exists():
            keep.append(Path(folder))
    path = os.pathsep.join(str(p) for p in [bin_dir, *keep])
    assert shutil.which("dot", path=path) is None
    return path


def stall_once(then_print: str) -> str:
    """Code for a cell that hangs on its first run only, then prints ``then_print``.

    The first run leaves a marker file in the kernel's folder and sleeps; a retry finds
    the marker and goes on: a stand-in for nbclient's occasional stall.
    """
    return (
        "import pathlib, time\n"
        "marker = pathlib.Path('stalled-once')\n"
        "if not marker.exists():\n"
        "    marker.touch()\n"
        "    time.sleep(60)\n"
        f"print({then_print!r})"
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def serving(
    command: Sequence[str],
    ready_url: str,
    log_path: Path,
    *,
    env: dict[str, str] | None = None,
    timeout: float = 120,
) -> Iterator[subprocess.Popen]:
    """Run a server (JupyterLab) in its own process group until the ``with`` block ends.

    Waits until ``ready_url`` answers; fails the test with the end of the server's log
    (written to ``log_path``) when the server dies or does not answer within ``timeout``.
    """
    with log_path.open("w") as log:
        server = subprocess.Popen(
            list(command), stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(ready_url, timeout=5):
                    break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the server did not answer:\n{log_path.read_text()[-3000:]}")
                time.sleep(0.3)
        yield server
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@contextlib.contextmanager
def jupyter_lab(
    work: Path, root: Path, *, python_path: str | None = None
) -> Iterator[tuple[str, str]]:
    """A fresh JupyterLab on 127.0.0.1 serving ``root``, with its settings and runtime files
    under ``work``: yields its base URL and token, and stops it afterwards.

    Every cell stays in the page (no windowing), so tests can find any widget;
    ``window.jupyterapp`` is exposed (the notebook's model); ``python_path`` is put in
    front of the kernel's ``PYTHONPATH`` (a checkout to import coursekit from).
    """
    settings = work / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    port, token = free_port(), secrets.token_hex(16)
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={work / 'settings'}",
        f"--LabApp.workspaces_dir={work / 'workspaces'}",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: the notebook's model
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")  # JupyterLab refuses to run as root without it
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(work / "runtime")}
    if python_path:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [python_path, env.get("PYTHONPATH")]))
    base = f"http://127.0.0.1:{port}"
    with serving(command, f"{base}/api/status?token={token}", work / "server.log", env=env):
        yield base, token


@pytest.fixture
def chinese():
    """Messages in Chinese for one test (``coursekit.set_language("zh")``), then the default."""
    from coursekit.text import set_language

    set_language("zh")
    yield
    set_language(None)
