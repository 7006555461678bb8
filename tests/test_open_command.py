"""`./course open` starts JupyterLab serving the course, with the chapter notebooks in it."""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request

import pytest

from tests.conftest import free_port, serving


def _get(url: str):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read()


@pytest.mark.slow
def test_open_serves_the_notebooks(repo_root, tmp_path):
    port, token = free_port(), secrets.token_hex(8)
    base = f"http://127.0.0.1:{port}"
    command = [
        str(repo_root / "course"),
        "open",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--IdentityProvider.token={token}",
    ]
    contents = f"{base}/api/contents/notebooks?token={token}"
    with serving(command, contents, tmp_path / "server.log"):
        status, body = _get(contents)
        assert status == 200
        names = {item["name"] for item in json.loads(body)["content"]}
        assert "00_start_here.ipynb" in names
        status, page = _get(f"{base}/lab/tree/notebooks/00_start_here.ipynb?token={token}")
        assert status == 200 and b"JupyterLab" in page
        with pytest.raises(urllib.error.HTTPError):  # the token is required
            _get(f"{base}/api/contents/notebooks")


def test_open_takes_a_language_and_refuses_an_unknown_one(repo_root):
    import subprocess

    done = subprocess.run(
        [str(repo_root / "course"), "open", "--lang", "fr"], capture_output=True, text=True
    )
    assert done.returncode == 1 and "--lang takes en, zh, zh-Hant (got 'fr')" in done.stderr


@pytest.mark.parametrize(
    "written, folder",
    [("en", "notebooks"), ("zh", "notebooks/zh"), ("zh-Hant", "notebooks/zh-Hant"),
     ("zh_TW", "notebooks/zh-Hant")],
)  # fmt: skip
def test_open_finds_each_languages_chapters_from_its_record(repo_root, written, folder):
    """What ``./course open --lang`` opens: ``coursekit languages --folder`` answers from
    the records, and the chapter is there."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "languages", "--folder", written],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert done.stdout.strip() == folder
    assert (repo_root / folder / "00_start_here.ipynb").is_file()
    assert 'languages --folder "$lang"' in (repo_root / "course").read_text()
