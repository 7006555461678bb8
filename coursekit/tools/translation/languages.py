"""The course's languages: their codes, tags, editions and fonts (``coursekit languages``).

Each language is a record, ``coursekit/locale/<code>/language.json``
(:mod:`coursekit.languages`). ``coursekit languages`` lists them; ``coursekit languages
--folder CODE`` prints where a language's chapters are (``notebooks/zh-Hant``), which is how
``./course open --lang CODE`` finds the notebook to open. A language is named as a person or
a system names it (``zh-TW``, ``zh_HK.UTF-8``: the traditional edition).
"""

from __future__ import annotations

import argparse
import posixpath
import sys

from coursekit.languages import Language, records
from coursekit.languages import record as language_record
from coursekit.text import language_code


def chapters_folder(language: Language) -> str:
    """Where a language's chapter notebooks are, in the course folder.

    >>> chapters_folder(language_record("zh-Hant")), chapters_folder(language_record("en"))
    ('notebooks/zh-Hant', 'notebooks')
    """
    return posixpath.join("notebooks", language.folder).rstrip("/")


def line(language: Language) -> str:
    """One language as ``coursekit languages`` lists it."""
    derived = f", made from {language.derived.source}" if language.derived else ""
    fonts = ", ".join(language.fonts[:2]) or "any"
    return (
        f"{language.code:8} {language.tag:8} {language.name}  "
        f"({chapters_folder(language)}; fonts: {fonts}{derived})"
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--folder",
        metavar="LANGUAGE",
        help="print only where that language's chapters are (e.g. notebooks/zh-Hant)",
    )


def run(args: argparse.Namespace) -> int:
    if args.folder is None:
        for language in records():
            print(line(language))
        return 0
    try:
        code = language_code(args.folder)
    except ValueError:
        known = ", ".join(language.code for language in records())
        print(f"--lang takes {known} (got {args.folder!r})", file=sys.stderr)
        return 1
    print(chapters_folder(language_record(code)))
    return 0
