"""The course's languages, as data: one record per language.

Each language of the course is a folder ``coursekit/locale/<code>/`` whose file
``language.json`` describes it; every other ``*.json`` there is a table of its
messages (:func:`coursekit.text.say`), and ``phrases/`` its phrase book
(:func:`coursekit.text.tr`). Everything that differs between languages — where its
notebooks are, which fonts draw it, whether a space separates its characters from
Latin words, how a browser or a locale names it — is read from the record, never
written as a constant in the code; adding a language is a data drop::

    coursekit/locale/zh-Hant/language.json
    {"code": "zh-Hant", "tag": "zh-Hant", "name": "繁體中文", "folder": "zh-Hant",
     "fonts": ["Noto Sans CJK TC", ...], "cjk_spacing": true, "glossary": "zh-Hant",
     "aliases": ["zh-TW", "zh-HK", "zh-MO"], "derived": {"from": "zh", "opencc": "s2tw", ...}}

A *derived* language is generated from another one (繁體中文 from 简体中文, by
OpenCC and a table of the decks' own terms: ``coursekit translate build``); its
files are committed and checked against a rebuild.

This module imports nothing from the package: every layer may read the records.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LOCALE = Path(__file__).parent / "locale"
"""The folder of the languages: one sub-folder per language."""

RECORD = "language.json"
"""The name of a language's record inside its folder."""

MASTER = "en"
"""The language the notebooks are written in; every other edition is built from it."""


@dataclass(frozen=True)
class Derivation:
    """How a derived language is made from another one."""

    source: str
    """The code of the language it is converted from (``"zh"``)."""
    opencc: str
    """OpenCC's configuration (``"s2tw"``: Taiwan's standard characters, no phrases)."""
    terms: dict[str, str] = field(default_factory=dict)
    """Words forced after the conversion, source spelling → this language's spelling."""


@dataclass(frozen=True)
class Language:
    """One language of the course, as its record ``locale/<code>/language.json`` says."""

    code: str
    """The course's name for it: ``set_language(code)``, ``metadata.coursekit.language``."""
    tag: str
    """Its BCP-47 tag, for ``<html lang>`` (which picks a font's regional glyphs)."""
    name: str
    """Its name in itself, as a language switch shows it: ``"繁體中文"``."""
    folder: str
    """The sub-folder of ``notebooks/``, ``solutions/`` and ``exercises/`` holding its
    edition (``""``: the master, the folders themselves)."""
    fonts: tuple[str, ...] = ()
    """Fonts that draw its script, preferred first (pictures, charts, the doctor)."""
    cjk_spacing: bool = False
    """A space between a Chinese character and a Latin word or number beside it."""
    glossary: str = ""
    """The field of ``locale/glossary.json`` entries spelling a term in it."""
    aliases: tuple[str, ...] = ()
    """Other tags that mean it (``zh-TW``, ``zh-CN``), matched before its shorter tags."""
    language_cell: str = ""
    """The comment of the notebook cell that switches a kernel to it."""
    derived: Derivation | None = None
    """How it is generated from another language, or None if it is written by hand."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every name it answers to, lower case: code, tag and aliases."""
        return tuple(dict.fromkeys(n.lower() for n in (self.code, self.tag, *self.aliases)))


def read_record(path: Path) -> Language:
    """The :class:`Language` that a ``language.json`` describes.

    Raises
    ------
    ValueError
        When the file is not a JSON object with the fields of a record, or its ``code``
        is not the name of its folder (the message names the file and the field).
    """
    try:
        data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
        derived = data.pop("derived", None)
        data.pop("about", None)
        for name in ("fonts", "aliases"):
            data[name] = tuple(data.get(name, ()))
        if derived is not None:
            data["derived"] = Derivation(derived["from"], derived["opencc"], derived["terms"])
        language = Language(**data)
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as error:
        raise ValueError(f"{path}: not a language record ({error})") from error
    if language.code != Path(path).parent.name:
        raise ValueError(f"{path}: its code {language.code!r} is not its folder's name")
    return language


@functools.cache
def records(locale: Path = LOCALE) -> tuple[Language, ...]:
    """Every language of the course: the master first, then by code.

    >>> [language.code for language in records()][:2]
    ['en', 'zh']
    """
    found = [read_record(path) for path in sorted(Path(locale).glob(f"*/{RECORD}"))]
    return tuple(sorted(found, key=lambda language: (language.code != MASTER, language.code)))


def codes() -> tuple[str, ...]:
    """The codes of the course's languages, the master first.

    >>> codes()[0]
    'en'
    """
    return tuple(language.code for language in records())


def record(code: str) -> Language:
    """The record of the language ``code`` (the course's code, exactly).

    >>> record("zh-Hant").tag, record("zh").tag
    ('zh-Hant', 'zh-Hans')

    Raises
    ------
    KeyError
        When no language has that code (use :func:`coursekit.text.language_code` to
        read a code as a person or a system writes it).
    """
    for language in records():
        if language.code == code:
            return language
    raise KeyError(f"no language {code!r} in {LOCALE} (languages: {', '.join(codes())})")


def font_stack(code: str) -> tuple[str, ...]:
    """The fonts to try for the language ``code``: its own record's first, then every other
    language's, so that Chinese still draws where only the other script's fonts are installed.

    >>> font_stack("zh-Hant")[0], font_stack("zh")[0]
    ('Noto Sans CJK TC', 'Noto Sans CJK SC')
    >>> "Noto Sans CJK SC" in font_stack("zh-Hant")
    True
    """
    own = record(code).fonts
    others = (font for other in records() for font in other.fonts)
    return tuple(dict.fromkeys((*own, *others)))


def lookup(wanted: str) -> str | None:
    """The code of the language that a tag or locale names, or None.

    The tag is read as BCP-47 "lookup" does (RFC 4647, section 3.4): case and ``_``
    versus ``-`` do not matter, a locale's encoding (``.UTF-8``) and modifier (``@…``)
    are dropped, and subtags are removed from the end until a language's code, tag or
    alias matches, so ``zh-Hant-TW`` finds ``zh-Hant`` and ``zh-TW`` its alias.

    >>> [lookup(t) for t in ("zh-TW", "zh_HK.UTF-8", "zh-Hant-TW", "zh-Hans-HK", "zh-CN")]
    ['zh-Hant', 'zh-Hant', 'zh-Hant', 'zh', 'zh']
    >>> lookup("EN_us"), lookup("zh"), lookup("fr-FR")
    ('en', 'zh', None)
    """
    known = {name: language.code for language in records() for name in language.names}
    subtags = str(wanted).strip().split(".")[0].split("@")[0].replace("_", "-").lower()
    parts = [part for part in subtags.split("-") if part]
    while parts:
        found = known.get("-".join(parts))
        if found is not None:
            return found
        parts.pop()
    return None
