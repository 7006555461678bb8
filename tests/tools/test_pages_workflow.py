"""The GitHub Pages workflow (`.github/workflows/pages.yml`) is not run here; these tests
check what can be checked without GitHub: that it is a valid workflow (against the schema
check-jsonschema vendors, offline), and that what it runs exists in this project — its
`coursekit` commands parse, its extra is declared, the files its cache key names are there,
and it publishes the folder it builds."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib
import yaml

from coursekit.tools import cli

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def schema_errors(path: Path) -> str:
    """check-jsonschema's complaints about ``path`` as a GitHub workflow ('' if none)."""
    command = [sys.executable, "-m", "check_jsonschema", "--builtin-schema",
               "vendor.github-workflows", str(path)]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True)
    return "" if done.returncode == 0 else done.stdout + done.stderr


def build_steps() -> list[dict]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["build"]["steps"]


def test_the_workflow_is_a_valid_github_workflow():
    assert schema_errors(WORKFLOW) == ""


def test_the_schema_check_catches_a_broken_workflow(tmp_path):
    broken = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    del broken["jobs"]["build"]["runs-on"]  # a job must say where it runs
    path = tmp_path / "pages.yml"
    path.write_text(yaml.safe_dump(broken), encoding="utf-8")
    assert "runs-on" in schema_errors(path)


def coursekit_commands() -> list[list[str]]:
    runs = [step["run"] for step in build_steps() if "run" in step]
    return [shlex.split(run)[1:] for run in runs if run.startswith("coursekit ")]


def test_its_coursekit_commands_parse_and_publish_the_folder_they_build():
    commands = coursekit_commands()
    assert [c[0] for c in commands] == ["site"]
    for argv in commands:
        args = cli.build_parser(argv[0]).parse_args(argv)
        assert args.run is not None
    out = cli.build_parser("site").parse_args(commands[0]).out
    upload = next(s for s in build_steps() if "upload-pages-artifact" in s.get("uses", ""))
    assert Path(upload["with"]["path"]) == Path(out)


@pytest.mark.parametrize("argv", [["site", "--no-such-option"], ["sight", "--out", "x"]])
def test_a_command_the_cli_does_not_know_would_be_caught(argv):
    with pytest.raises(SystemExit):
        cli.build_parser(argv[0]).parse_args(argv)


def test_its_install_extra_and_cache_key_files_exist():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extras = project["project"]["optional-dependencies"]
    installs = [s["run"] for s in build_steps() if "pip install" in s.get("run", "")]
    assert installs, "the workflow installs nothing"
    for run in installs:
        for word in shlex.split(run):
            if word.startswith(".["):
                assert set(word[2:-1].split(",")) <= set(extras), word
    cache = next(s for s in build_steps() if s.get("uses", "").startswith("actions/cache"))
    key = cache["with"]["key"]
    named = key[key.index("hashFiles(") + len("hashFiles(") : key.index(")")]
    files = [name.strip().strip("'\"") for name in named.split(",")]
    assert files and all((ROOT / name).is_file() for name in files), files
