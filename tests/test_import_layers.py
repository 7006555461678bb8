"""The layers of the house, enforced by import-linter (contracts in pyproject.toml).

Data flows one way — model → algorithm → result + trace → picture/widget — and no
module of the package takes part in an import cycle. import-linter reads the
contracts from ``[tool.importlinter]``; this test runs it the way ``lint-imports``
does and fails with its report when a contract is broken.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_import_contract_is_kept():
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from importlinter.cli import lint_imports_command; lint_imports_command()",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "BROKEN" not in done.stdout and " KEPT" in done.stdout


def test_the_contracts_cover_every_subpackage():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layered = {
        name.strip()
        for contract in contracts
        if contract["type"] == "layers" and "containers" not in contract
        for layer in contract["layers"]
        for name in layer.split("|")
    }
    packages = {
        f"coursekit.{path.stem if path.suffix else path.name}"
        for path in (ROOT / "coursekit").iterdir()
        if (path.is_dir() and (path / "__init__.py").exists())
        or (path.suffix == ".py" and not path.name.startswith("_"))
    }
    apart = {"coursekit.checks", "coursekit.tools"}  # stand apart, kept out by forbidden contracts
    assert packages - apart == layered, packages ^ (layered | apart)
    assert any(
        c["type"] == "acyclic_siblings" and c["ancestors"] == ["coursekit"] for c in contracts
    )


def test_the_tools_contract_covers_every_room():
    """Every room of ``coursekit/tools/`` (and each module beside them) is in a layer."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = [
        c
        for c in config["tool"]["importlinter"]["contracts"]
        if c.get("containers") == ["coursekit.tools"]
    ]
    layered = {name.strip() for layer in contract["layers"] for name in layer.split("|")}
    tools = ROOT / "coursekit" / "tools"
    rooms = {
        path.stem if path.suffix else path.name
        for path in tools.iterdir()
        if (path.is_dir() and (path / "__init__.py").exists())
        or (path.suffix == ".py" and not path.name.startswith("_"))
    }
    assert rooms == layered, rooms ^ layered
