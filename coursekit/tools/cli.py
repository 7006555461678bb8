"""The ``coursekit`` command line."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from coursekit import __version__
from coursekit.tools import skip_slow_optional_imports

# sub-command → (module with add_arguments(parser) and run(args) -> exit code, one-line help).
# Only the module of the command being run is imported: some pull in nbformat, which is slow.
COMMANDS = {
    "doctor": (
        "coursekit.tools.doctor",
        "check Python, coursekit, Graphviz, the widgets extension and the kernel",
    ),
    "execute": (
        "coursekit.tools.notebooks.execute",
        "run notebooks in a fresh kernel and store their outputs",
    ),
    "slides": (
        "coursekit.tools.site.slides",
        "export chapter notebooks as reveal.js slides (--offline: no network needed)",
    ),
    "html": (
        "coursekit.tools.site.static_html",
        "export notebooks as static HTML pages that draw and step with no kernel or network",
    ),
    "site": (
        "coursekit.tools.site.book",
        "build the course as a static web site: a web book and a JupyterLite lab",
    ),
    "release": (
        "coursekit.tools.grading.release",
        "generate exercises/ from solutions/ (answers replaced by stubs)",
    ),
    "check": (
        "coursekit.tools.grading.check",
        "run an exercise notebook's graded cells: one test per part, ending with the score",
    ),
    "grade": (
        "coursekit.tools.grading.batch",
        "grade submitted exercise notebooks against the solutions and write a CSV",
    ),
    "translate": (
        "coursekit.tools.translation.translate",
        "build every language's notebooks from the English ones and their translations",
    ),
    "languages": (
        "coursekit.tools.translation.languages",
        "list the course's languages (or, with --folder, where one's chapters are)",
    ),
    "tournament": (
        "coursekit.tools.tournament.command",
        "play students' evaluation functions against each other at a fixed time per move",
    ),
}


def _summary(docstring: str | None) -> str:
    """The first paragraph of a module docstring, for a command's --help."""
    return (docstring or "").strip().split("\n\n")[0]


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; only ``command``'s own options are loaded (none when it is None)."""
    parser = argparse.ArgumentParser(
        prog="coursekit",
        description="Course companion for adversarial search and decomposable problems.",
    )
    parser.add_argument("--version", action="version", version=f"coursekit {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        if name != command:
            commands.add_parser(name, help=help_text)
            continue
        module = importlib.import_module(module_name)
        sub = commands.add_parser(name, help=help_text, description=_summary(module.__doc__))
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    skip_slow_optional_imports()
    argv = list(sys.argv[1:] if argv is None else argv)
    chosen = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(chosen if chosen in COMMANDS else None)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    return args.run(args)


if __name__ == "__main__":
    raise SystemExit(main())
