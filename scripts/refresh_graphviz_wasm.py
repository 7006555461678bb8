"""Fetch a pinned ``@hpcc-js/wasm-graphviz`` with npm and vendor it into coursekit.

The picture widget (:mod:`coursekit.draw.graph_view`) lays out graphs in the
browser with this WebAssembly build of Graphviz. It ships inside the Python
package, never from a CDN. This script rewrites the three vendored files:

- ``coursekit/draw/static/graphviz-wasm.js``: the package's ``dist/index.js``
  (one self-contained ES module, the wasm inlined);
- ``coursekit/draw/static/graphviz-wasm.LICENSE.txt``: its licence (Apache-2.0);
- ``coursekit/draw/static/graphviz-wasm.json``: package, version and SHA-256,
  checked by ``tests/draw/test_graph_view.py``.

Usage::

    python scripts/refresh_graphviz_wasm.py            # the pinned version
    python scripts/refresh_graphviz_wasm.py 1.30.0     # another one (then run the tests)
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "@hpcc-js/wasm-graphviz"
PINNED = "1.29.2"
STATIC = Path(__file__).resolve().parents[1] / "coursekit" / "draw" / "static"


def fetch(version: str, into: Path) -> Path:
    """Download ``PACKAGE@version`` with ``npm pack`` into ``into``; the unpacked folder."""
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("npm is needed to fetch the WebAssembly Graphviz (Debian: apt-get install npm)")
    done = subprocess.run(
        [npm, "pack", f"{PACKAGE}@{version}", "--silent"],
        cwd=into,
        capture_output=True,
        text=True,
        check=True,
    )
    tarball = into / done.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as archive:
        archive.extractall(into, filter="data")
    return into / "package"


def vendor(unpacked: Path, version: str) -> dict:
    """Copy the module and licence from ``unpacked`` into the package; the checksum record."""
    module = STATIC / "graphviz-wasm.js"
    shutil.copyfile(unpacked / "dist" / "index.js", module)
    shutil.copyfile(unpacked / "LICENSE", STATIC / "graphviz-wasm.LICENSE.txt")
    record = {
        "package": PACKAGE,
        "version": version,
        "file": module.name,
        "sha256": hashlib.sha256(module.read_bytes()).hexdigest(),
        "license": "Apache-2.0",
    }
    (STATIC / "graphviz-wasm.json").write_text(json.dumps(record, indent=2) + "\n")
    return record


def main(argv: list[str]) -> None:
    version = argv[0] if argv else PINNED
    STATIC.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        record = vendor(fetch(version, Path(tmp)), version)
    print(f"vendored {record['package']} {record['version']} sha256 {record['sha256']}")


if __name__ == "__main__":
    main(sys.argv[1:])
