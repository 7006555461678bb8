"""Where the test suite's minutes go: a clean clone's `./course test`, timed test by test.

    python bench/ci_durations.py run [--commit REF] [--label after]
    python bench/ci_durations.py table RESULTS [--label before] [--wall SECONDS]

``run`` clones this checkout (at ``REF``, default ``HEAD``) into a fresh folder and runs the
README's test command there, ``./course test``, as CI does (``.ci/run`` installs the system
packages first; run it once on the machine before). It adds ``--durations-file`` (the root
``conftest.py``: every test phase's seconds and lane, ``gw0``/``gw1``; a commit from before
the lanes gets ``--junitxml`` instead) and times the whole command, virtual environment and
all. ``table`` reads such a file — or a JUnit XML report — and prints the table.

Either way the table goes into ``bench/ci-durations.md`` under the label: the wall time, each
lane's total, the load average before the run, and the 40 slowest tests (setup, call and
teardown together: a module's shared fixtures count in its first test's setup). Each module's
total goes into ``tests/durations.json``, from which the root ``conftest.py`` hands the
longest modules to the lanes first.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
NOTE = HERE / "ci-durations.md"
ORDER = HERE.parent / "tests" / "durations.json"
SLOWEST = 40


@dataclass(frozen=True)
class Phase:
    test: str
    seconds: float
    lane: str
    outcome: str


def read_durations(path: Path) -> list[Phase]:
    """The phases of a ``--durations-file`` (JSON lines) or of a JUnit XML report."""
    if path.suffix == ".xml":
        return _from_junit(path)
    return [
        Phase(line["test"], line["seconds"], line["lane"], line["outcome"])
        for line in map(json.loads, path.read_text().splitlines())
    ]


def _from_junit(path: Path) -> list[Phase]:
    phases = []
    for case in ET.parse(path).getroot().iter("testcase"):
        test = f"{_module_of(case.get('classname', ''))}::{case.get('name')}"
        failed = case.find("failure") is not None or case.find("error") is not None
        skipped = case.find("skipped") is not None
        outcome = "failed" if failed else "skipped" if skipped else "passed"
        phases.append(Phase(test, float(case.get("time", 0)), "main", outcome))
    return phases


def _module_of(classname: str) -> str:
    """A JUnit class name as the module's path: ``tests.search.test_x`` →
    ``tests/search/test_x.py``, ``notebooks.03_minimax.ipynb`` → ``notebooks/03_minimax.ipynb``."""
    parts = classname.split(".")
    if parts[-1] == "ipynb":
        return "/".join([*parts[:-2], parts[-2] + ".ipynb"])
    return "/".join(parts) + ".py"


def table(phases: list[Phase], label: str, wall: float | None, load: str) -> str:
    """The Markdown section for one run."""
    per_test: dict[str, float] = defaultdict(float)
    lane_of: dict[str, str] = {}
    outcomes: dict[str, set[str]] = defaultdict(set)
    for phase in phases:
        per_test[phase.test] += phase.seconds
        lane_of[phase.test] = phase.lane
        outcomes[phase.test].add(phase.outcome)
    lanes: dict[str, float] = defaultdict(float)
    for test, seconds in per_test.items():
        lanes[lane_of[test]] += seconds
    failed = sorted(t for t, seen in outcomes.items() if "failed" in seen)
    lines = [f"## {label}", ""]
    lines.append(f"- tests: {len(per_test):,} ({len(failed)} failed)")
    if wall is not None:
        lines.append(f"- wall time of the command: {wall / 60:.1f} min")
    for lane, seconds in sorted(lanes.items()):
        lines.append(f"- lane `{lane}`: {seconds / 60:.1f} min of test time")
    lines.append(f"- load average before the run: {load}")
    lines += ["", "| # | seconds | lane | test |", "|---:|---:|---|---|"]
    slowest = sorted(per_test.items(), key=lambda item: -item[1])[:SLOWEST]
    for rank, (test, seconds) in enumerate(slowest, 1):
        lines.append(f"| {rank} | {seconds:.1f} | {lane_of[test]} | `{test}` |")
    if failed:
        lines += ["", "Failed: " + ", ".join(f"`{t}`" for t in failed[:20])]
    return "\n".join(lines) + "\n"


def write_module_seconds(phases: list[Phase]) -> None:
    """Each module's seconds (its tests' phases together) into ``tests/durations.json``."""
    seconds: dict[str, float] = defaultdict(float)
    for phase in phases:
        seconds[phase.test.split("::", 1)[0]] += phase.seconds
    rounded = {module: round(total, 1) for module, total in sorted(seconds.items())}
    ORDER.write_text(json.dumps(rounded, indent=1) + "\n")


def write_section(section: str, label: str) -> None:
    """Put ``section`` into the note, replacing an older section of the same label."""
    text = NOTE.read_text() if NOTE.exists() else HEADER
    pattern = re.compile(rf"^## {re.escape(label)}\n.*?(?=^## |\Z)", re.MULTILINE | re.DOTALL)
    if pattern.search(text):
        text = pattern.sub(lambda _: section + "\n", text)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    NOTE.write_text(text)


HEADER = """# Where the test suite's minutes go

Written by `python bench/ci_durations.py` (its docstring says how). Each section is one
clean-clone run of `./course test` on this project's 2-core machines; the machine it ran on
and the load average before it are in the section. Test time per lane is the sum of the
lane's test phases (setup, call, teardown); the wall time is the whole command's.
"""


def machine() -> str:
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def _records_durations(clone: Path) -> bool:
    """Whether the checkout's root conftest.py has ``--durations-file`` (older ones do not)."""
    conftest = clone / "conftest.py"
    return conftest.exists() and "--durations-file" in conftest.read_text()


def run(commit: str, label: str) -> None:
    """Clone at ``commit``, run ``./course test`` there with a durations file, write the table."""
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="coursekit-ci-") as folder:
        clone = Path(folder) / "coursekit"
        subprocess.run(["git", "clone", "-q", str(HERE.parent), str(clone)], check=True)
        subprocess.run(["git", "-C", str(clone), "checkout", "-q", commit], check=True)
        durations = Path(folder) / "durations.jsonl"
        if not _records_durations(clone):  # an older commit: no lanes, a JUnit report
            durations = Path(folder) / "junit.xml"
        option = "--junitxml" if durations.suffix == ".xml" else "--durations-file"
        started = time.monotonic()
        done = subprocess.run(
            ["./course", "test", f"{option}={durations}"],
            cwd=clone,
            env={**os.environ, "CI": "true"},
        )
        wall = time.monotonic() - started
        head = subprocess.run(
            ["git", "-C", str(clone), "log", "-1", "--format=%h %cs"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        phases = read_durations(durations)
        section = table(phases, label, wall, load)
        write_module_seconds(phases)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    section = section.replace(
        "\n- tests:",
        f"\n- commit {head}, run {stamp} on {machine()}; exit {done.returncode}\n- tests:",
        1,
    )
    write_section(section, label)
    print(section)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    running = commands.add_parser("run", help="a clean clone's ./course test, timed")
    running.add_argument("--commit", default="HEAD")
    running.add_argument("--label", default="after")
    tabling = commands.add_parser("table", help="the table of a durations file or JUnit XML")
    tabling.add_argument("results", type=Path)
    tabling.add_argument("--label", default="before")
    tabling.add_argument("--wall", type=float, help="the command's wall time in seconds")
    tabling.add_argument("--load", default="not recorded")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.commit, args.label)
    else:
        phases = read_durations(args.results)
        section = table(phases, args.label, args.wall, args.load)
        write_section(section, args.label)
        write_module_seconds(phases)
        print(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
