"""One English term, one Chinese term (issue #36).

Wherever an English message, printed line or text cell uses a term of the course's glossary
(``coursekit/locale/glossary.json``), its Chinese says it the glossary's way (``zh`` or one
of its ``also`` spellings) — in every table of ``coursekit/locale``, every phrase book and
every translation file (a master's markdown cell against its Chinese section).
A term whose English word has other senses or is also code (``game``, ``depth``) says why
in its ``varies`` field and is left out; a longer term is matched before the words inside
it ("minimax regret" before "minimax"); code in the English (``game.utility(state)``,
``depth=6``, ``{fields}``, quoted strings) is no use of a term.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from coursekit.text import phrase_book, table
from coursekit.tools.notebooks.exercise import read_notebook
from coursekit.tools.translation import translate
from coursekit.tools.translation.glossary import glossary

ROOT = Path(__file__).resolve().parents[1]

CODE = re.compile(
    r"`[^`]*`|\{[^}]*\}|\b\w+(?:\.\w+)*\([^()]*\)|\b\w+(?:[._=]\w+)+\b|'[^']*'|\"[^\"]*\""
)
GLOSS = re.compile(r"\([^()]*[\u4e00-\u9fff][^()]*\)")  # "solution graph (解图)": the term itself


def spellings_by_word() -> dict[str, set[str]]:
    """Each English word or phrase of a term (the part before any bracket, each of its
    comma-separated forms) → every Chinese spelling of the terms it names."""
    words: dict[str, set[str]] = defaultdict(set)
    for entry in glossary():
        if "varies" in entry:
            continue
        for word in re.sub(r"\s*\(.*\)", "", entry["en"]).split(","):
            if len(word.strip()) >= 3:
                words[word.strip()] |= {entry["zh"], *entry.get("also", [])}
    return dict(words)


WORDS = spellings_by_word()


def word_pattern(word: str) -> re.Pattern:
    """``word`` in a text (a plural too); a term with a word in capitals is matched exactly
    ("AND node", not "leaves and nodes").

    >>> bool(word_pattern("AND node").search("counts leaves and nodes"))
    False
    >>> bool(word_pattern("best order").search("the Best orders"))
    True
    """
    capitals = any(part.isupper() and len(part) > 1 for part in word.split())
    flags = 0 if capitals else re.IGNORECASE
    return re.compile(rf"(?<![\w-]){re.escape(word)}s?(?![\w-])", flags)


def misused_terms(english: str, chinese: str) -> list[str]:
    """The glossary's terms that ``english`` uses and ``chinese`` does not spell its way.

    >>> misused_terms("the best order first", "最好的顺序在前")
    ["best order → ['最佳顺序']"]
    >>> misused_terms("minimax regret and game.utility(state)", "后悔值准则")
    []
    """
    text, found = CODE.sub(" ", english), []
    for word in sorted(WORDS, key=len, reverse=True):  # the longest terms first
        pattern = word_pattern(word)
        if pattern.search(text):
            text = pattern.sub(" ", text)
            if not any(spelling in chinese for spelling in WORDS[word]):
                found.append(f"{word} → {sorted(WORDS[word])}")
    return found


def translations() -> list[tuple[str, str, str]]:
    """(where, English, Chinese) for every message, phrase-book line and translated text cell."""
    english = table("en")
    found = [(key, english[key], text) for key, text in table("zh").items() if key in english]
    found += [(f"phrase {line!r}", line, text) for line, text in phrase_book("zh").items()]
    for master in translate.masters(ROOT):
        sections = translate.read_translation(translate.translation_path(master))
        for cell in read_notebook(master).cells:
            if cell.get("id") in sections and cell.cell_type == "markdown":
                where = f"{master.relative_to(ROOT)} cell {cell.get('id')}"
                found.append((where, GLOSS.sub(" ", cell.source), sections[cell.get("id")].text))
    return found


def test_a_term_in_another_spelling_is_found():
    assert misused_terms("a β cut", "一次β剪枝") == []
    assert misused_terms("a β cut", "一次 β 截断") == ["β cut → ['β剪枝']"]
    assert misused_terms("as typed", "按输入") == ["as typed → ['输入顺序']"]


@pytest.mark.parametrize("word", ["best order", "worst order", "as typed", "fail-soft"])
def test_the_terms_the_issue_found_are_in_the_glossary(word):
    assert word in WORDS


def test_every_table_phrase_book_and_text_says_each_term_the_glossary_way():
    wrong = [
        f"{where}: {problem}  ({chinese[:60]})"
        for where, english, chinese in translations()
        for problem in misused_terms(english, chinese)
    ]
    assert not wrong, "\n".join(wrong)
