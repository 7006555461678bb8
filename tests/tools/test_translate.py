"""coursekit translate: Chinese notebooks from the English masters and their translation files."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from coursekit.tools.cli import main
from coursekit.tools.notebooks.exercise import notebook_text, read_notebook
from coursekit.tools.translation import glossary, translate

ROOT = Path(__file__).resolve().parents[2]
BOTH = ("zh", "zh-Hant")  # the simplified edition, translated by hand; the traditional, derived


def test_the_course_translations_are_complete_and_built():
    assert translate.masters(ROOT), "no translated notebook at all"
    assert translate.check(ROOT) == []


@pytest.mark.parametrize("code", BOTH)
def test_chapter_00_and_its_exercises_exist_in_chinese(code):
    for base in ("notebooks", "solutions", "exercises"):
        path = ROOT / base / code / "00_start_here.ipynb"
        nb = read_notebook(path)
        assert nb.metadata["coursekit"]["language"] == code, path
        first_code = next(c for c in nb.cells if c.cell_type == "code")
        assert f'set_language("{code}")' in first_code.source, path


def course(tmp_path: Path) -> Path:
    """A course folder with one English master (two markdown cells, one code cell)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["title"] = "Start"
    cells = [
        nbformat.v4.new_markdown_cell("# Start"),
        nbformat.v4.new_code_cell("print(1 + 1)", metadata={"tags": ["x"]}),
        nbformat.v4.new_markdown_cell("The end."),
    ]
    for cell, cell_id in zip(cells, ("head", "code", "tail"), strict=True):
        cell["id"] = cell_id
    cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="2\n")]
    nb.cells = cells
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "00_start.ipynb").write_text(notebook_text(nb), encoding="utf-8")
    return tmp_path


def translate_all(root: Path) -> Path:
    master = root / "notebooks" / "00_start.ipynb"
    translate.update(master, [])
    path = translate.translation_path(master)
    text = path.read_text(encoding="utf-8")
    text = text.replace("TODO\n\n# Start", "# 开始").replace("TODO\n\nThe end.", "完。")
    text = text.replace("TODO\n\nStart", "开始")
    path.write_text(text, encoding="utf-8")
    return master


def test_update_adds_a_todo_section_per_markdown_cell_and_the_title(tmp_path):
    master = course(tmp_path) / "notebooks" / "00_start.ipynb"
    translate.update(master, [])
    sections = translate.read_translation(translate.translation_path(master))
    assert list(sections) == ["metadata.title", "head", "tail"]
    assert sections["head"].hash == translate.english_hash("# Start")
    assert any("not translated yet" in line for line in translate.problems(master))


def test_build_keeps_code_cells_and_adds_the_language(tmp_path):
    root = course(tmp_path)
    master = translate_all(root)
    assert translate.problems(master) == []
    simplified, traditional = (root / "notebooks" / code / "00_start.ipynb" for code in BOTH)
    assert translate.build(root) == [simplified, traditional]  # the derived one after its source
    nb = read_notebook(simplified)
    assert [c.get("id") for c in nb.cells] == ["head", "coursekit-language", "code", "tail"]
    head = "# 开始\n\n" + translate.glossary_line(master)  # the first text links the terms
    assert [c.source for c in nb.cells if c.cell_type == "markdown"] == [head, "完。"]
    assert nb.cells[2].metadata["tags"] == ["x"] and nb.cells[2].outputs[0]["text"] == "2\n"
    assert nb.metadata["title"] == "开始" and nb.metadata["coursekit"]["language"] == "zh"
    # the traditional edition: the same cells, its text converted, its own language cell
    hant = read_notebook(traditional)
    assert [c.get("id") for c in hant.cells] == [c.get("id") for c in nb.cells]
    assert hant.cells[0].source.startswith("# 開始\n\n術語的中英對照見[術語表](../glossary.md)")
    assert hant.cells[3].source == "完。" and hant.metadata["title"] == "開始"
    assert 'coursekit.set_language("zh-Hant")' in hant.cells[1].source
    assert hant.metadata["coursekit"]["language"] == "zh-Hant"
    assert translate.check(root) == []
    assert translate.build(root) == []  # nothing changed, nothing written


def test_a_changed_master_cell_is_stale_until_translated_again(tmp_path, capsys):
    root = course(tmp_path)
    master = translate_all(root)
    translate.build(root)
    nb = read_notebook(master)
    nb.cells[2].source = "The very end."
    master.write_text(notebook_text(nb), encoding="utf-8")
    problems = translate.check(root)
    assert any("cell tail changed in English" in line for line in problems)
    assert main(["translate", "stale", "--root", str(root)]) == 1
    assert "English now:\nThe very end." in capsys.readouterr().out
    with pytest.raises(translate.TranslationError, match="cell tail changed"):
        translate.build(root)
    translate.update(master, ["tail"])  # the translator checked the Chinese: still right
    translate.build(root)
    assert translate.check(root) == []


def test_a_missing_translation_is_named(tmp_path):
    root = course(tmp_path)
    master = translate_all(root)
    path = translate.translation_path(master)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("<!-- cell tail")], encoding="utf-8")
    assert any("cell tail has no translation" in line for line in translate.problems(master))


def test_an_edited_code_cell_in_the_chinese_notebook_is_caught(tmp_path):
    root = course(tmp_path)
    translate_all(root)
    translate.build(root)
    built = root / "notebooks" / "zh" / "00_start.ipynb"
    nb = read_notebook(built)
    nb.cells[2].source = "print(3)"
    built.write_text(notebook_text(nb), encoding="utf-8")
    assert any("code cell code: differs from the master's" in p for p in translate.check(root))


def test_text_before_the_first_section_is_refused(tmp_path):
    path = tmp_path / "x.zh.md"
    path.write_text("stray words\n<!-- cell a en:000000000000 -->\n甲\n", encoding="utf-8")
    with pytest.raises(translate.TranslationError, match=r"x\.zh\.md:1: text before"):
        translate.read_translation(path)


REQUIRED_TERMS = [
    "博弈树",
    "极大极小",
    "极小极大",
    "α-β剪枝",
    "α剪枝",
    "β剪枝",
    "倒推值",
    "静态估值函数",
    "静止搜索",
    "与或图",
    "解图",
    "解图的费用",
    "能解节点",
    "不能解节点",
    "主变量",
    "零窗口",
    "置换表",
    "迭代加深",
    "遍历深化",
    "地平线效应",
    "机遇性博弈",
    "蒙特卡洛树搜索",
]


def test_the_glossary_has_the_course_terms_once_each():
    entries = glossary.glossary()
    spellings = [s for e in entries for s in (e["zh"], *e.get("also", []))]
    assert len(spellings) == len(set(spellings))
    assert set(REQUIRED_TERMS) <= set(spellings)
    assert all(e["en"] and e["zh"] for e in entries)
    wrong = {w for e in entries for w in e.get("avoid", [])}
    assert "静态搜索" in wrong and not wrong & set(spellings)


def test_chinese_chapters_spell_terms_as_the_glossary_and_every_bracketed_term_is_in_it():
    assert glossary.term_problems(ROOT) == []


@pytest.mark.parametrize(
    "text, wrong",
    [
        ("这一章讲静态搜索。", "'静态搜索' → '静止搜索'"),
        ("用 α－β剪枝", "'α－β剪枝' → 'α-β剪枝'"),
        ("用 α-β 剪枝", "'α-β 剪枝' → 'α-β剪枝'"),
        ("与-或图的解图", "'与-或图' → '与或图'"),
        ("主变例", "'主变例' → '主变量'"),
    ],
)
def test_a_misspelt_term_is_named_with_the_right_spelling(text, wrong):
    assert wrong in glossary.misspellings(text)


def test_a_misspelling_in_a_translation_file_fails_the_check(tmp_path, monkeypatch):
    root = course(tmp_path)
    master = translate_all(root)
    path = translate.translation_path(master)
    path.write_text(path.read_text(encoding="utf-8").replace("完。", "静态搜索完。"), "utf-8")
    problems = glossary.term_problems(root)
    assert any("'静态搜索' → '静止搜索'" in line for line in problems)


def test_a_new_bracketed_term_in_a_master_must_enter_the_glossary(tmp_path):
    root = course(tmp_path)
    master = root / "notebooks" / "00_start.ipynb"
    nb = read_notebook(master)
    nb.cells[0].source = "# Start: the frobnicator (弗罗比器)"
    master.write_text(notebook_text(nb), encoding="utf-8")
    assert any("'弗罗比器' is not in the glossary" in p for p in glossary.term_problems(root))


def test_bold_and_italic_in_the_chinese_text_render():
    """Markdown sees no bold after a letter when it starts with a symbol (显示**✔ …**):
    every ``*`` must be gone once a translation is rendered (code aside)."""
    markdown_it = pytest.importorskip("markdown_it")
    import re

    render = markdown_it.MarkdownIt("commonmark").enable("table").render
    for master in translate.masters(ROOT):
        path = translate.translation_path(master)
        for key, section in translate.read_translation(path).items():
            html = re.sub(r"<code>.*?</code>|<pre>.*?</pre>", "", render(section.text), flags=re.S)
            html = re.sub(r"\b(?:AO|SSS|DUAL|PB|B|A|h)\*", "", html)  # algorithms' names, h*(n)
            assert "*" not in html, f"{path} cell {key}: unrendered * in {html[:300]}"


def test_every_chinese_notebook_links_to_the_glossary_and_its_master():
    import re

    built = [p for code in BOTH for p in sorted(ROOT.glob(f"*/{code}/*.ipynb"))]
    assert built
    for path in built:
        nb = read_notebook(path)
        first = next(c for c in nb.cells if c.cell_type == "markdown").source
        links = re.findall(r"\]\(([^)]+)\)", first.splitlines()[-1])
        assert len(links) == 2, path
        for link in links:
            assert (path.parent / link).resolve().is_file(), (path, link)
        assert links[0].endswith("glossary.md")
