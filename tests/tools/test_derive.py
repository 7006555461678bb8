"""The traditional Chinese edition, generated from the simplified one (tools/translation/derive.py).

Its text is the simplified edition's converted by OpenCC (s2tw) and corrected by the
record's table of the deck's own words. These tests read what is committed: no character
that only simplified Chinese uses is left in it (CC-CEDICT's character lists, through
``zhon``: a source independent of OpenCC), the deck's terms are spelled as deck 000 writes
them, and a rebuild changes nothing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from coursekit.languages import LOCALE, RECORD, record
from coursekit.tools.translation import derive, glossary
from coursekit.tools.translation.editions import LANGUAGE_CELL_ID

ROOT = Path(__file__).resolve().parents[2]
TRADITIONAL = record("zh-Hant")
NOTEBOOKS = sorted(
    path for base in ("notebooks", "solutions", "exercises")
    for path in (ROOT / base / TRADITIONAL.folder).glob("*.ipynb")
)  # fmt: skip


def simplified_only() -> set[str]:
    """The characters CC-CEDICT lists as simplified and never as traditional (这, 节, 发…)."""
    cedict = pytest.importorskip("zhon.cedict")
    return set(cedict.simplified) - set(cedict.traditional)


def simplified_words(text: str, characters: set[str]) -> list[str]:
    """The words of ``text`` that hold a simplified-only character."""
    return [w for w in re.split(r"[\s\"'<>()（）：，。、|]+", text) if characters & set(w)]


def test_the_edition_exists_for_every_chapter_exercise_and_solution():
    for base in ("notebooks", "solutions", "exercises"):
        masters = {p.name for p in (ROOT / base).glob("[0-9][0-9]_*.ipynb")}
        assert masters == {p.name for p in (ROOT / base / "zh-Hant").glob("*.ipynb")}, base


def test_no_simplified_character_in_its_tables_and_phrase_books():
    characters = simplified_only()
    found = {}
    for relative in derive.table_files(TRADITIONAL):
        data = json.loads((LOCALE / TRADITIONAL.code / relative).read_text(encoding="utf-8"))
        for key, value in data.items():
            if words := simplified_words(value, characters):
                found[f"{relative} {key}"] = words
    assert found == {}


def test_no_simplified_character_in_its_notebooks_text():
    """Every markdown cell and the title of every traditional notebook (code cells are the
    English master's, shared by every edition)."""
    characters = simplified_only()
    found = {}
    for path in NOTEBOOKS:
        nb = json.loads(path.read_text(encoding="utf-8"))
        texts = {"title": nb["metadata"].get("title", "")}
        texts |= {c["id"]: "".join(c["source"]) for c in nb["cells"] if c["cell_type"] != "code"}
        texts["language cell"] = next(
            "".join(c["source"]) for c in nb["cells"] if c.get("id") == LANGUAGE_CELL_ID
        )
        for where, text in texts.items():
            if words := simplified_words(text, characters):
                found[f"{path.relative_to(ROOT)} {where}"] = words
    assert NOTEBOOKS and found == {}


def test_no_simplified_character_in_what_its_code_cells_print():
    characters = simplified_only()
    found = {}
    for path in NOTEBOOKS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            shown = json.dumps(cell.get("outputs", []), ensure_ascii=False)
            if words := simplified_words(shown, characters):
                found[f"{path.relative_to(ROOT)} {cell.get('id')}"] = words
    assert found == {}


def test_the_glossary_column_has_no_simplified_character():
    characters = simplified_only()
    page = (ROOT / glossary.GLOSSARY_PAGE).read_text(encoding="utf-8")
    section = page[page.index(f"## {TRADITIONAL.name} → English") :]
    assert simplified_words(section, characters) == []


# The deck's own words (deck 000, written in traditional characters), as the record forces them.
DECK_TERMS = ["與或圖", "節點", "能解節點", "費用", "極小極大", "倒推值", "靜態估值函數", "博弈樹",
              "解圖", "連接符", "啟發函數", "死胡同", "算法", "搜索"]  # fmt: skip


def test_the_record_forces_the_decks_terms():
    assert TRADITIONAL.derived is not None
    assert set(DECK_TERMS) <= set(TRADITIONAL.derived.terms.values())


def test_deck_000_writes_every_forced_term():
    """Read against the deck itself where the course's seeds are at hand (shared/ beside the
    course folder, as on the developers' machines and CI)."""
    seeds = [root / "shared" / "seeds" for root in (ROOT.parent, ROOT.parent.parent)]
    deck = next((p for folder in seeds for p in sorted(folder.glob("000_*.txt"))), None)
    if deck is None:
        pytest.skip("the course's seeds (shared/seeds/000_*.txt) are not beside this folder")
    text = deck.read_text(encoding="utf-8")
    # not in deck 000: 估價函數 (decks 001 and 004 say 估价函数), 不能解節點 (the glossary's
    # opposite of its 能解節點)
    forced = set(TRADITIONAL.derived.terms.values()) - {"估價函數", "不能解節點"}
    assert {term for term in forced if term not in text} == set()


def test_the_edition_spells_the_terms_as_the_deck_not_as_taiwan_phrases_or_hong_kong():
    """s2tw, not s2twp (演算法, 搜尋, 函式) nor s2hk (啓, 説, 着)."""
    text = "\n".join(
        cell_text
        for path in NOTEBOOKS
        for cell_text in (
            "".join(c["source"])
            for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "markdown"
        )
    )
    for term in ("節點", "倒推值", "極小極大", "費用", "能解節點", "啟發", "說"):
        assert term in text, term
    for other in ("演算法", "搜尋", "函式", "啓", "説", "死衚衕"):
        assert other not in text, other


def test_converting_forces_a_term_that_opencc_writes_otherwise():
    convert = derive.converter("zh-Hant")
    assert convert("走进死胡同") == "走進死胡同"  # OpenCC alone: 死衚衕
    assert convert("能解节点与不能解节点的费用") == "能解節點與不能解節點的費用"


def test_a_rebuild_of_its_tables_changes_nothing():
    assert derive.stale_tables(TRADITIONAL) == []
    assert (LOCALE / TRADITIONAL.code / RECORD).is_file()


def test_a_language_written_by_hand_is_not_derived():
    with pytest.raises(derive.DerivationError, match="zh is written by hand"):
        derive.converter("zh")


def test_a_stale_or_extra_table_is_found_and_rewritten(tmp_path):
    import shutil

    locale = tmp_path / "locale"
    for code in ("zh", "zh-Hant"):
        shutil.copytree(LOCALE / code, locale / code)
    (locale / "zh" / "check.json").write_text('{"check.correct": "✔ 正确了。"}\n', "utf-8")
    (locale / "zh-Hant" / "old.json").write_text("{}\n", "utf-8")
    stale = derive.stale_tables(TRADITIONAL, locale)
    assert {p.name for p in stale} == {"check.json", "old.json"}
    derive.write_tables(TRADITIONAL, locale)
    assert derive.stale_tables(TRADITIONAL, locale) == []
    written = json.loads((locale / "zh-Hant" / "check.json").read_text("utf-8"))
    assert (
        written == {"check.correct": "✔ 正確了。"}
        and not (locale / "zh-Hant" / "old.json").exists()
    )
