"""The web site's pages and links (coursekit.tools.site.book), without building anything."""

from __future__ import annotations

import functools
from pathlib import Path

from coursekit.tools.cli import COMMANDS
from coursekit.tools.site import book as site

ROOT = Path(__file__).resolve().parents[2]


def test_site_is_a_command():
    assert COMMANDS["site"][0] == "coursekit.tools.site.book"


def test_chapters_come_in_both_languages_where_a_translation_exists():
    chapters = site.book_chapters(ROOT)
    english = {c.notebook.stem for c in chapters if c.language == "en"}
    chinese = {c.notebook.stem for c in chapters if c.language == "zh"}
    assert english == {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert chinese == {p.stem for p in (ROOT / "notebooks" / "zh").glob("*.ipynb")}
    assert site.book_chapters(ROOT, ["04"]) == [
        c for c in chapters if c.notebook.stem.startswith("04")
    ]


def test_a_chapter_page_links_home_the_other_language_its_slides_and_the_lab():
    en = site.Chapter(Path("notebooks/03_minimax.ipynb"), "en")
    zh = site.Chapter(Path("notebooks/zh/03_minimax.ipynb"), "zh")
    bar = site.site_bar(zh, {"en": en, "zh": zh})
    assert 'href="03_minimax.html"' in bar  # the English page
    assert 'href="03_minimax.zh.slides.html"' in bar
    assert "../lab/lab/index.html?path=notebooks/zh/03_minimax.ipynb" in bar
    assert "03_minimax.zh.html" not in bar  # no link to itself


def test_dressing_a_page_adds_the_viewport_and_the_bar_once():
    page = site.dress_page("<html><head></head><body class='x'><p>hi</p></body></html>", "<nav/>")
    assert page.count('name="viewport"') == 1
    assert "<body class='x'><nav/><p>hi</p>" in page


def test_the_index_lists_chapters_slides_lab_and_exercises():
    en = site.Chapter(Path("notebooks/04_alphabeta.ipynb"), "en")
    page = site.index_page([(en, "α-β <pruning>")], ["exercises/04_alphabeta.ipynb"], lab=True)
    assert 'href="book/04_alphabeta.html">α-β &lt;pruning&gt;</a>' in page
    assert 'href="book/04_alphabeta.slides.html"' in page
    assert 'href="lab/lab/index.html?path=exercises/04_alphabeta.ipynb"' in page
    assert "lab/" not in site.index_page([(en, "t")], [], lab=False)


def test_a_chapter_is_run_again_only_when_it_or_the_course_changed(tmp_path, monkeypatch):
    """A rebuild takes the run kept from the build before (``site.chapter_run``): the notebook
    is run once, and again when it changes or when the package's code does."""
    import nbformat

    monkeypatch.setenv("COURSEKIT_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "course"
    (root / "coursekit").mkdir(parents=True)
    (root / "coursekit" / "a.py").write_text("x = 1\n")
    notebook = root / "notebooks" / "00_x.ipynb"
    notebook.parent.mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")]), notebook)
    runs = []

    def run_for_export(path, **options):
        runs.append(path)
        return nbformat.read(path, as_version=4)

    monkeypatch.setattr(site, "run_for_export", run_for_export)
    site.course_digest.cache_clear()
    run = functools.partial(site.chapter_run, notebook, root, timeout=10, say=lambda _: None)
    first, again = run(), run()
    assert len(runs) == 1 and first == again
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("2")]), notebook)
    run()
    assert len(runs) == 2
    (root / "coursekit" / "a.py").write_text("x = 2\n")
    site.course_digest.cache_clear()
    run()
    assert len(runs) == 3
