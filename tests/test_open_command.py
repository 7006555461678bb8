"""`./course open` starts JupyterLab serving the course, with the chapter notebooks in it."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read()


@pytest.mark.slow
def test_open_serves_the_notebooks(repo_root):
    port, token = _free_port(), secrets.token_hex(8)
    server = subprocess.Popen(
        [
            str(repo_root / "course"),
            "open",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            f"--IdentityProvider.token={token}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        while True:
            try:
                status, body = _get(f"{base}/api/contents/notebooks?token={token}")
                break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None or time.monotonic() > deadline:
                    output = server.stdout.read().decode(errors="replace") if server.stdout else ""
                    pytest.fail(f"JupyterLab did not answer on port {port}:\n{output[-3000:]}")
                time.sleep(0.5)
        assert status == 200
        names = {item["name"] for item in json.loads(body)["content"]}
        assert "00_start_here.ipynb" in names
        status, page = _get(f"{base}/lab/tree/notebooks/00_start_here.ipynb?token={token}")
        assert status == 200 and b"JupyterLab" in page
        with pytest.raises(urllib.error.HTTPError):  # the token is required
            _get(f"{base}/api/contents/notebooks")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
