"""A language generated from another one: 繁體中文 from 简体中文.

A language whose record has ``derived`` (:class:`coursekit.languages.Derivation`) is
never written by hand. Its text is the source language's, converted by OpenCC with the
record's configuration (``s2tw``: Taiwan's standard characters, without Taiwan's phrases),
and then the record's ``terms`` are forced: each source spelling, once converted, is
replaced by the spelling the course's decks use (``死胡同``, which OpenCC would write
``死衚衕``). What is converted:

- the message tables and the phrase book (``coursekit/locale/<code>/``, values only: keys
  are the English lines and message names);
- the Chinese text of every notebook (:mod:`coursekit.tools.translation.translate` builds the
  notebooks, exercises and solutions from the converted sections);
- the glossary's spelling of every term (``notebooks/glossary.md``'s column).

The generated files are committed, so that a student's kernel (and the browser's) needs
no OpenCC, and ``coursekit translate check`` compares them with a rebuild. OpenCC is a
tool of the course's maintainers: the ``dev`` extra.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path

from coursekit.languages import LOCALE, RECORD, Language, record


class DerivationError(ValueError):
    """A derived language that cannot be made: no converter, or a language not derived."""


def source_of(language: Language) -> Language:
    """The language that ``language`` is converted from.

    >>> source_of(record("zh-Hant")).code
    'zh'

    Raises
    ------
    DerivationError
        When ``language`` is written by hand.
    """
    if language.derived is None:
        raise DerivationError(f"{language.code} is written by hand, not derived")
    return record(language.derived.source)


@functools.cache
def converter(code: str) -> Callable[[str], str]:
    """The function that turns the source language's text into language ``code``'s.

    >>> convert = converter("zh-Hant")
    >>> convert("与或图的能解节点、费用和死胡同：程序的算法说明")
    '與或圖的能解節點、費用和死胡同：程序的算法說明'

    Raises
    ------
    DerivationError
        When OpenCC is not installed (``pip install opencc``, the ``dev`` extra), or the
        language is not derived.
    """
    derived = record(code).derived
    if derived is None:
        raise DerivationError(f"{code} is written by hand, not derived")
    try:
        import opencc
    except ImportError as error:
        raise DerivationError(
            f"making {code} needs OpenCC: pip install opencc (the dev extra: "
            "pip install -e '.[lab,dev]')"
        ) from error
    opencc_convert = opencc.OpenCC(derived.opencc).convert
    # longer terms first, so that 能解节点 is forced before 节点 inside it
    forced = sorted(
        ((opencc_convert(source), target) for source, target in derived.terms.items()),
        key=lambda pair: len(pair[0]),
        reverse=True,
    )

    def convert(text: str) -> str:
        text = opencc_convert(text)
        for converted, target in forced:
            if converted != target:
                text = text.replace(converted, target)
        return text

    return convert


def table_files(language: Language, locale: Path = LOCALE) -> list[Path]:
    """The message tables and phrase books of a language, as paths under ``locale``
    relative to its folder (``check.json``, ``phrases/ch01.json``), its record aside."""
    folder = Path(locale) / language.code
    found = sorted(folder.glob("*.json")) + sorted(folder.glob("phrases/*.json"))
    return [path.relative_to(folder) for path in found if path.name != RECORD]


def json_text(data: dict[str, str]) -> str:
    """A table as the course writes its JSON files: two spaces, characters as they are."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def derived_tables(language: Language, locale: Path = LOCALE) -> dict[Path, str]:
    """The text of every table of ``language``, converted from its source language's
    (path relative to the language's folder → file text)."""
    source = source_of(language)
    convert = converter(language.code)
    tables = {}
    for relative in table_files(source, locale):
        data = json.loads((Path(locale) / source.code / relative).read_text(encoding="utf-8"))
        tables[relative] = json_text({key: convert(value) for key, value in data.items()})
    return tables


def stale_tables(language: Language, locale: Path = LOCALE) -> list[Path]:
    """The tables of ``language`` that a rebuild would write or delete (absolute paths)."""
    folder = Path(locale) / language.code
    wanted = derived_tables(language, locale)
    stale = [
        folder / relative
        for relative, text in wanted.items()
        if not (folder / relative).exists()
        or (folder / relative).read_text(encoding="utf-8") != text
    ]
    stale += [folder / relative for relative in table_files(language, locale)
              if relative not in wanted]  # fmt: skip
    return stale


def write_tables(language: Language, locale: Path = LOCALE) -> list[Path]:
    """Write the tables of ``language`` that are stale, delete those its source lacks;
    return the paths changed."""
    folder = Path(locale) / language.code
    wanted = derived_tables(language, locale)
    changed = []
    for path in stale_tables(language, locale):
        relative = path.relative_to(folder)
        if relative in wanted:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(wanted[relative], encoding="utf-8")
        else:
            path.unlink()
        changed.append(path)
    return changed


def readme_path(root: Path, language: Language) -> Path:
    """A language's README beside the English one: ``README.zh-Hant.md``."""
    return Path(root) / f"README.{language.code}.md"


def derived_readme(root: Path, language: Language) -> str:
    """The README of a derived language: its source's, converted, with the source's folders
    and ``--lang`` turned into its own (``notebooks/zh/`` → ``notebooks/zh-Hant/``)."""
    source = source_of(language)
    text = readme_path(root, source).read_text(encoding="utf-8")
    text = text.replace(f"/{source.folder}/", f"/{language.folder}/")
    text = re.sub(rf"--lang {re.escape(source.code)}(?![\w-])", f"--lang {language.code}", text)
    note = (
        f"<!-- Generated from README.{source.code}.md by `coursekit translate build`: "
        "do not edit by hand. -->\n"
    )
    return note + converter(language.code)(text)


def stale_readme(root: Path, language: Language) -> list[Path]:
    """The README of a derived language, if a rebuild would change it (else nothing)."""
    path = readme_path(root, language)
    if not readme_path(root, source_of(language)).exists():
        return []
    current = path.exists() and path.read_text(encoding="utf-8") == derived_readme(root, language)
    return [] if current else [path]


def write_readme(root: Path, language: Language) -> list[Path]:
    """Write the README of a derived language if it is stale; return the path written."""
    stale = stale_readme(root, language)
    for path in stale:
        path.write_text(derived_readme(root, language), encoding="utf-8")
    return stale
