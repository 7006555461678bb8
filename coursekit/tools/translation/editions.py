"""Where each language's edition of the course lives, and which languages have one.

Every language but the master (English) has an edition: the master notebooks' folders
each have a sub-folder named by the language's record (``notebooks/zh-Hant/``,
``solutions/zh-Hant/``, ``exercises/zh-Hant/``). A language translated by hand keeps a
translation file beside each notebook (``notebooks/zh/00_x.zh.md``); a derived language
has none (its text is its source's, converted: :mod:`coursekit.tools.translation.derive`).
"""

from __future__ import annotations

from pathlib import Path

import nbformat

from coursekit.languages import MASTER, Language, records
from coursekit.tools.translation.derive import source_of

FOLDERS = ("notebooks", "solutions")
"""The folders whose translated notebooks are built (solutions are released to exercises)."""

LANGUAGE_CELL_ID = "coursekit-language"
"""The id of the code cell that a translated notebook adds before its first code cell."""


class TranslationError(ValueError):
    """A translation file that cannot be read, with the file and line."""


def translated_languages() -> list[Language]:
    """Every language but the master: those translated by hand, then those derived.

    >>> [language.code for language in translated_languages()]
    ['zh', 'zh-Hant']
    """
    others = [language for language in records() if language.code != MASTER]
    return sorted(others, key=lambda language: language.derived is not None)


def hand_written(language: Language | None = None) -> Language:
    """``language``, or else the one language translated by hand (what ``update`` edits).

    Raises
    ------
    TranslationError
        When ``language`` is derived (its text is converted: edit its source instead),
        or none was named and more than one language is translated by hand.
    """
    if language is None:
        by_hand = [one for one in translated_languages() if one.derived is None]
        if len(by_hand) != 1:
            names = ", ".join(one.code for one in by_hand)
            raise TranslationError(f"name the language (--lang): one of {names}")
        return by_hand[0]
    if language.derived is not None:
        raise TranslationError(
            f"{language.code} is generated from {language.derived.source}: "
            f"translate {language.derived.source}, then build"
        )
    return language


def translation_path(master: Path, language: Language | None = None) -> Path:
    """``notebooks/00_x.ipynb`` → ``notebooks/zh/00_x.zh.md`` (the file translated by hand,
    the source's for a derived language)."""
    language = written_as(language)
    return master.parent / language.folder / f"{master.stem}.{language.code}.md"


def built_path(master: Path, language: Language | None = None) -> Path:
    """``notebooks/00_x.ipynb`` → ``notebooks/zh/00_x.ipynb``."""
    language = language or hand_written()
    return master.parent / language.folder / master.name


def master_path(translation: Path) -> Path:
    """``notebooks/zh/00_x.zh.md`` → ``notebooks/00_x.ipynb``."""
    stem = translation.name.split(".")[0]
    return translation.parent.parent / f"{stem}.ipynb"


def written_as(language: Language | None) -> Language:
    """The language whose translation files hold ``language``'s text."""
    language = language or hand_written()
    return source_of(language) if language.derived is not None else language


def released_path(master: Path, language: Language | None = None) -> Path | None:
    """Where the exercise notebook of a solution master goes in ``language`` (None for
    chapters)."""
    if master.parent.name != "solutions":
        return None
    return master.parent.parent / "exercises" / (language or hand_written()).folder / master.name


def masters(root: Path, language: Language | None = None) -> list[Path]:
    """Every master notebook that has a translation file (of ``language``'s text), in
    course order."""
    text_of = written_as(language)
    found = []
    for folder in FOLDERS:
        pattern = f"*.{text_of.code}.md"
        for path in sorted((root / folder / text_of.folder).glob(pattern)):
            found.append(master_path(path))
    return found


def language_cell(language: Language) -> nbformat.NotebookNode:
    """The code cell that switches the kernel's messages to ``language``."""
    source = f'import coursekit\n\ncoursekit.set_language("{language.code}")'
    if language.language_cell:
        source += f"  # {language.language_cell}"
    cell = nbformat.v4.new_code_cell(source)
    cell["id"] = LANGUAGE_CELL_ID
    cell.metadata = {"slideshow": {"slide_type": "skip"}, "tags": ["hide-input"]}
    return cell


def is_current(path: Path, text: str) -> bool:
    """Whether the generated file ``path`` exists and holds ``text`` already."""
    return path.exists() and path.read_text(encoding="utf-8") == text
