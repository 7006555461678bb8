"""pyproject.toml, environment.yml and the course script agree with each other."""

from __future__ import annotations

import subprocess
import sys

import pytest
import tomllib
import yaml
from packaging.requirements import Requirement

import coursekit
from coursekit.languages import records

# PyPI name → conda-forge name, where they differ
CONDA_NAMES = {"graphviz": "python-graphviz", "chess": "python-chess", "dask": "dask-core"}
PIP_ONLY = {"pyseccomp"}
"""Not on conda-forge: environment.yml's pip section names them, with the same specifier."""


def _pyproject(repo_root):
    return tomllib.loads((repo_root / "pyproject.toml").read_text())


def _conda_specs(repo_root) -> dict[str, str]:
    """Name → version specifier of every conda package in environment.yml (and of the
    :data:`PIP_ONLY` packages in its pip section)."""
    env = yaml.safe_load((repo_root / "environment.yml").read_text())
    requirements = [Requirement(e) for e in env["dependencies"] if isinstance(e, str)]
    pip_section = next(e["pip"] for e in env["dependencies"] if isinstance(e, dict))
    pip_only = [Requirement(e) for e in pip_section if not e.startswith("-")]
    requirements += [req for req in pip_only if req.name in PIP_ONLY]
    return {req.name: str(req.specifier) for req in requirements}


def test_environment_satisfies_every_runtime_and_lab_dependency(repo_root):
    conda = _conda_specs(repo_root)
    problems = []
    project = _pyproject(repo_root)["project"]
    for line in project["dependencies"] + project["optional-dependencies"]["lab"]:
        req = Requirement(line)
        name = CONDA_NAMES.get(req.name, req.name)
        if name not in conda:
            problems.append(f"{req.name} ({name} on conda-forge) is missing from environment.yml")
        elif conda[name] != str(req.specifier):
            problems.append(
                f"{name}: environment.yml says {conda[name]!r}, pyproject {req.specifier}"
            )
    assert not problems, "\n".join(problems)


def test_environment_is_conda_forge_only_with_graphviz_and_the_package(repo_root):
    env = yaml.safe_load((repo_root / "environment.yml").read_text())
    assert env["channels"][0] == "conda-forge"
    assert set(env["channels"]) <= {"conda-forge", "nodefaults"}
    names = {Requirement(e).name for e in env["dependencies"] if isinstance(e, str)}
    assert {"python", "pip", "graphviz"} <= names
    pip_section = next(e["pip"] for e in env["dependencies"] if isinstance(e, dict))
    assert "-e .[lab,dev]" in pip_section


# What a kernel needs and what only JupyterLab and the instructor's tools need.
LAB_ONLY = {"jupyterlab", "ipykernel", "nbformat", "nbclient", "nbconvert", "pytest", "nbval"}
LAB_ONLY |= {"dask", "distributed", "openskill"}  # the tournament and grading on many machines


def test_the_core_is_slim_and_the_lab_extra_has_the_rest(repo_root):
    project = _pyproject(repo_root)["project"]
    core = {Requirement(r).name for r in project["dependencies"]}
    lab = {Requirement(r).name for r in project["optional-dependencies"]["lab"]}
    assert not core & LAB_ONLY, f"JupyterLab and tools in the core: {core & LAB_ONLY}"
    assert lab >= LAB_ONLY


def test_the_course_script_installs_the_lab_extra(repo_root):
    assert '-e ".[lab,dev]"' in (repo_root / "course").read_text()


def test_python_floor_matches_environment(repo_root):
    assert _pyproject(repo_root)["project"]["requires-python"] == ">=3.10"
    assert _conda_specs(repo_root)["python"] == ">=3.10"


def test_dev_extra_has_the_test_tools(repo_root):
    dev = {
        Requirement(r).name
        for r in _pyproject(repo_root)["project"]["optional-dependencies"]["dev"]
    }
    assert {"pytest-timeout", "hypothesis", "ruff", "playwright"} <= dev


def test_version_command_prints_the_package_version():
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == f"coursekit {coursekit.__version__}"


def test_ci_runs_exactly_the_readme_test_command(repo_root):
    readme = (repo_root / "README.md").read_text()
    ci = (repo_root / ".ci" / "run").read_text().strip().splitlines()
    assert "```bash\n./course test\n```" in readme
    assert ci[-1] == "./course test"


@pytest.mark.parametrize("language", [one for one in records() if one.code != "en"])
def test_each_languages_readme_names_real_chapters_and_commands(repo_root, language):
    """README.<code>.md lists every chapter (by its path in the language's folder), names
    only commands that exist, and README.md links to it."""
    import re

    from coursekit.tools.cli import COMMANDS

    readme = (repo_root / f"README.{language.code}.md").read_text(encoding="utf-8")
    folder = re.escape(language.folder)
    listed = set(re.findall(rf"`notebooks/{folder}/(\d\d_\w+)\.ipynb`", readme))
    masters = {path.stem for path in (repo_root / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    assert listed == masters
    named = set(re.findall(r"coursekit (\w+)", readme))
    assert named and named <= set(COMMANDS)
    course = (repo_root / "course").read_text()
    for command in set(re.findall(r"\./course (\w+)", readme)):
        assert f"  {command})" in course or f"{command})" in course, command
    assert f"README.{language.code}.md" in (repo_root / "README.md").read_text(encoding="utf-8")
