"""The glossary: one table of the course's terms, English ⇄ every language.

``coursekit/locale/glossary.json`` holds each term: ``en``, the simplified Chinese spelling
(``zh``: the field its record names), ``also`` (other spellings the decks use and the
course accepts) and ``avoid`` (spellings a translation must not use). A derived language
(繁體中文) spells each term as its source does, converted
(:mod:`coursekit.tools.translation.derive`: OpenCC and the deck's own terms).
``notebooks/glossary.md`` is generated from it
(``coursekit translate glossary``), and :func:`term_problems` is what ``coursekit translate
check`` says about terms.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from coursekit.languages import Language, record, records
from coursekit.text import say
from coursekit.tools.notebooks.exercise import read_notebook
from coursekit.tools.translation.derive import converter
from coursekit.tools.translation.editions import (
    FOLDERS,
    is_current,
    masters,
    translated_languages,
    translation_path,
)

GLOSSARY = Path(__file__).resolve().parents[2] / "locale" / "glossary.json"
GLOSSARY_PAGE = Path("notebooks") / "glossary.md"
DASHES = ("－", "—", "–", "‐")
QUOTED = re.compile(r"“[^”]*”|「[^」]*」")
BRACKETED = re.compile(r"[(（]([^()（）]*[\u4e00-\u9fff][^()（）]*)[)）]")
CHINESE_RUN = re.compile(r"[《A-Za-zαβ/-]*[\u4e00-\u9fff][\u4e00-\u9fff《》·，/、-]*")


def glossary() -> list[dict]:
    """The entries of ``coursekit/locale/glossary.json``: ``en``, ``zh``, ``also``, ``avoid``."""
    return json.loads(GLOSSARY.read_text(encoding="utf-8"))["terms"]


def _variants(term: str) -> set[str]:
    """Spellings of ``term`` that are wrong by form: other dashes, a space before the Chinese.

    >>> sorted(_variants("α-β剪枝"))[:2]
    ['alpha-beta剪枝', 'α-β 剪枝']
    """
    found = {term.replace("-", dash) for dash in DASHES if "-" in term}
    found |= {re.sub(r"(?<=[A-Za-zαβ])(?=[\u4e00-\u9fff])", " ", term)}
    if "α" in term or "β" in term:
        found.add(term.replace("α", "alpha").replace("β", "beta"))
    found.discard(term)
    return found


def misspellings(text: str) -> list[str]:
    """Each term of the glossary that ``text`` spells otherwise, as ``'wrong' → 'right'``.

    A wrong spelling inside quotation marks (“静态搜索”, 「静态搜索」) is a mention, not a
    use: text that warns against a spelling may quote it.

    >>> misspellings("静态搜索和α－β剪枝；主变量")
    ["'α－β剪枝' → 'α-β剪枝'", "'静态搜索' → '静止搜索'"]
    >>> misspellings("叫静止搜索，不叫“静态搜索”")
    []
    """
    text = QUOTED.sub("", text)
    found = []
    for entry in glossary():
        for wrong in sorted(set(entry.get("avoid", [])) | _variants(entry["zh"])):
            if wrong in text:
                found.append(f"{wrong!r} → {entry['zh']!r}")
    return found


def known_terms() -> set[str]:
    """Every Chinese spelling the glossary knows (right or wrong) and its non-terms."""
    data = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    known = set(data.get("not_terms", []))
    for entry in data["terms"]:
        known |= {entry["zh"], *entry.get("also", []), *entry.get("avoid", [])}
    return known


def bracketed_terms(text: str) -> list[str]:
    """The Chinese terms an English text puts in brackets: "solution graph (解图)" → 解图.

    >>> bracketed_terms("a **k-connector** (k-连接符), minimax (极小极大, also 极大极小)")
    ['k-连接符', '极小极大', '极大极小']
    """
    found = []
    for inside in BRACKETED.findall(text.replace("\n", " ")):
        for part in re.split(r"[,;:]\s*", inside):
            found += [run.strip("，、") for run in CHINESE_RUN.findall(part)]
    return found


def spellings(entry: dict, language: Language) -> tuple[str, list[str], list[str]] | None:
    """How ``language`` spells a glossary entry: the term, its other accepted spellings and
    those to avoid (a derived language's converted from its source's; None when the
    glossary has no spelling for the language).

    >>> spellings({"en": "AND/OR graph", "zh": "与或图", "avoid": ["与-或图"]}, record("zh-Hant"))
    ('與或圖', [], ['與-或圖'])
    """
    if language.derived is not None:
        source = spellings(entry, record(language.derived.source))
        if source is None:
            return None
        convert = converter(language.code)
        term, also, avoid = source
        return convert(term), [convert(a) for a in also], [convert(a) for a in avoid]
    if language.glossary not in entry:
        return None
    return entry[language.glossary], entry.get("also", []), entry.get("avoid", [])


def glossary_page() -> str:
    """The glossary as Markdown: English → every language the glossary spells, then each
    of those languages → English."""
    entries = sorted(glossary(), key=lambda e: e["en"].lower())
    languages = [one for one in translated_languages() if spellings(entries[0], one)]
    title = " · ".join(dict.fromkeys(say("edition.glossary", lang=one.code) for one in records()))
    names = " | ".join(one.name for one in languages)
    lines = [
        f"# {title}",
        "",
        "Generated from `coursekit/locale/glossary.json` by `coursekit translate glossary`:",
        "do not edit by hand. 由 `coursekit/locale/glossary.json` 生成，请勿手工修改。",
        "",
        f"## English → {' · '.join(one.name for one in languages)}",
        "",
        f"| English | {names} |",
        "|---|" + "---|" * len(languages),
    ]
    for entry in entries:
        cells = [_with_also(one, *spellings(entry, one)[:2]) for one in languages]
        lines.append(f"| {entry['en']} | " + " | ".join(cells) + " |")
    for one in languages:
        lines += _reverse_glossary(entries, one)
    return "\n".join(lines) + "\n"


def _with_also(language: Language, term: str, also: list[str]) -> str:
    """A term and, after it, its other spellings: 博弈搜索（也作 对抗搜索）."""
    if not also:
        return term
    return term + say("edition.glossary_also", lang=language.code, also="、".join(also))


def _reverse_glossary(entries: list[dict], language: Language) -> list[str]:
    """The section "language → English" of the glossary page, with the spellings to avoid."""
    avoid_header = say("edition.glossary_avoid", lang=language.code)
    lines = ["", f"## {language.name} → English", ""]
    lines += [f"| {language.name} | English | {avoid_header} |", "|---|---|---|"]
    rows = []
    for entry in entries:
        term, also, avoid = spellings(entry, language)
        rows += [(term, entry["en"], "、".join(avoid))] + [(a, entry["en"], "") for a in also]
    return lines + [f"| {term} | {en} | {avoid} |" for term, en, avoid in sorted(rows)]


def term_problems(root: Path) -> list[str]:
    """Glossary problems: a stale glossary page, terms a Chinese notebook misspells, and
    bracketed terms of the English masters that the glossary lacks."""
    found = []
    page = root / GLOSSARY_PAGE
    if not is_current(page, glossary_page()):
        found.append(f"{page} is out of date (coursekit translate glossary)")
    for master in masters(root):
        path = translation_path(master)
        if path.exists():
            for wrong in misspellings(path.read_text(encoding="utf-8")):
                found.append(f"{path}: {wrong} (coursekit/locale/glossary.json)")
    known = known_terms()
    for folder in FOLDERS:
        for master in sorted((root / folder).glob("*.ipynb")):
            for cell in read_notebook(master).cells:
                if cell.cell_type != "markdown":
                    continue
                for term in bracketed_terms(cell.source):
                    if term not in known:
                        found.append(
                            f"{master} cell {cell.get('id')}: {term!r} is not in the glossary"
                        )
    return found
