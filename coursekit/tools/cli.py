"""The ``coursekit`` command line."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from coursekit import __version__

# sub-command → module with HELP, add_arguments(parser) and run(args) -> exit code
COMMANDS = {
    "doctor": "coursekit.tools.doctor",
    "execute": "coursekit.tools.execute",
    "slides": "coursekit.tools.slides",
    "release": "coursekit.tools.release",
    "check": "coursekit.tools.check",
    "grade": "coursekit.tools.grade",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="coursekit",
        description="Course companion for adversarial search and decomposable problems.",
    )
    parser.add_argument("--version", action="version", version=f"coursekit {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module_name in COMMANDS.items():
        module = importlib.import_module(module_name)
        sub = commands.add_parser(name, help=module.HELP, description=module.__doc__)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    return args.run(args)


if __name__ == "__main__":
    raise SystemExit(main())
