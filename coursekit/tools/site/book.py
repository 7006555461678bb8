"""Build the course as one static web site: a web book and a JupyterLite lab.

``coursekit site --out build/site`` writes a folder that any web server can
serve (GitHub Pages, a university server, ``python -m http.server``):

- ``index.html``: the chapters, their slides, the exercises and the glossary;
- ``book/``: every chapter run once in a fresh kernel and exported as a page and
  as slides, in every language of the course that has the chapter (its record's
  folder, ``notebooks/zh-Hant/``), with a language switch; pictures draw and
  step-throughs step with no kernel, and the pages fit a phone's width (pictures
  scroll inside their frame); the links between the notebooks (the glossary, the
  English original) lead to the book's own pages;
- ``lab/``: JupyterLite with every chapter and exercise notebook, run by the
  browser's own Python (:mod:`coursekit.tools.site.lite`); each chapter page links to
  its notebook there ("Run it in your browser").

``--offline`` bundles Pyodide into the lab for a classroom without internet;
by default it loads from Pyodide's CDN (which also serves numpy, scipy and
matplotlib, needed by the charts and the game-theory chapters).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import posixpath
import re
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import nbformat

from coursekit import text
from coursekit.languages import record
from coursekit.tools.notebooks.execute import DEFAULT_TIMEOUT, run_for_export
from coursekit.tools.site.lite import build_lab, lab_notebooks
from coursekit.tools.site.pages import render, text_of
from coursekit.tools.site.slides import (
    SlidesError,
    _say,
    assets_cache,
    chapter_notebooks,
    copy_vendor,
    fetch_assets,
    slides_exporter,
)
from coursekit.tools.site.static_html import html_exporter

DEFAULT_OUT = Path("build") / "site"
BOOK = "book"
LAB = "lab"

# Phone-sized screens: no page wider than the screen; code, tables and long lines scroll
# inside their own box (pictures already do, inside their frame): templates/site/page_style.html.j2.
PAGE_STYLE = text_of("site/page_style.html.j2")


@dataclass(frozen=True)
class Chapter:
    """One chapter notebook of the book, in one language."""

    notebook: Path
    language: str  # a language's code: "en", "zh", "zh-Hant"

    @property
    def stem(self) -> str:
        suffix = "" if self.language == "en" else f".{self.language}"
        return f"{self.notebook.stem}{suffix}"

    @property
    def page(self) -> str:
        return f"{self.stem}.html"

    @property
    def deck(self) -> str:
        return f"{self.stem}.slides.html"

    @property
    def lab_path(self) -> str:
        """The notebook's path inside the lab (as under the course folder)."""
        return posixpath.join("notebooks", record(self.language).folder, self.notebook.name)


def book_chapters(root: Path, chosen: Sequence[str] = ()) -> list[Chapter]:
    """The chapters in every language (only those whose name starts with one of ``chosen``)."""
    found = []
    for language in text.LANGUAGES:
        for notebook in chapter_notebooks(root, language):
            if not chosen or notebook.stem.startswith(tuple(chosen)):
                found.append(Chapter(notebook, language))
    return found


def lab_link(chapter: Chapter) -> str:
    """The address, from a book page, of the same notebook in the lab."""
    return f"../{LAB}/lab/index.html?path={chapter.lab_path}"


def title_of(nb) -> str:
    """The notebook's title: its first Markdown heading."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            match = re.search(r"^#+\s*(.+)$", cell.source, re.MULTILINE)
            if match:
                return match.group(1).strip()
    return "coursekit"


def site_bar(chapter: Chapter, others: dict[str, Chapter]) -> str:
    """The links above a chapter page: home, the other language, slides, the lab."""
    languages = [
        {"page": other.page, "tag": record(language).tag, "name": record(language).name}
        for language, other in others.items()
        if language != chapter.language
    ]
    return render(
        "site/site_bar.html.j2",
        others=languages,
        deck=chapter.deck,
        slides=text.say("edition.slides", lang=chapter.language),
        lab=lab_link(chapter),
        run=text.say("edition.run", lang=chapter.language),
    )


# Under each explorer whose controls are hidden (they need a kernel), once the widgets are
# drawn: one line leading to the same cell of the same notebook in the lab, where they work
# (``#cell-id=…``, the cell's id as nbconvert writes it on the page; the lab's page opens the
# notebook there: lite_patches.open_at_cell). The script: templates/site/lab_line.html.j2.


def dress_page(body: str, bar: str, lab_line: tuple[str, str] | None = None) -> str:
    """A page from nbconvert with the phone-width style and the site bar; with ``lab_line``
    (an address and its text), a line under each explorer whose controls need a kernel."""
    body = body.replace("</head>", PAGE_STYLE + "</head>", 1)
    if lab_line is not None:
        href, line = lab_line
        script = render("site/lab_line.html.j2", href=href, text=line)
        body = body.replace("</body>", script + "</body>", 1)
    return re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + bar, body, count=1)


GLOSSARY_SOURCE = "notebooks/glossary.md"
GLOSSARY_PAGE = "glossary.html"
LOCAL_LINK = re.compile(r'href="(?P<target>[^"#:?]+\.(?:ipynb|md))(?P<anchor>#[^"]*)?"')
"""A link to a notebook or a Markdown file of the course folder (not to a web address)."""


def book_pages(root: Path, chapters: Sequence[Chapter]) -> dict[str, str]:
    """Where each file a notebook may link to is in the book: its path in the course
    folder → its page's address beside the chapter pages (``notebooks/zh/03_minimax.ipynb``
    → ``03_minimax.zh.html``, ``notebooks/glossary.md`` → ``glossary.html``)."""
    pages = {GLOSSARY_SOURCE: GLOSSARY_PAGE}
    for chapter in chapters:
        pages[course_path(root, chapter.notebook)] = chapter.page
    return pages


def course_path(root: Path, path: Path) -> str:
    """``path`` as a path inside the course folder ``root``: ``notebooks/zh/00_x.ipynb``."""
    return Path(path).resolve().relative_to(Path(root).resolve()).as_posix()


def relink(body: str, where: str, pages: dict[str, str]) -> str:
    """``body`` (a page of the notebook at ``where`` in the course folder) with each link to
    another notebook or the glossary leading to its page in the book, and each link to an
    exercise into the lab.

    >>> pages = {"notebooks/glossary.md": "glossary.html", "notebooks/03_x.ipynb": "03_x.html"}
    >>> relink('<a href="../glossary.md">a</a> <a href="../03_x.ipynb#top">b</a>',
    ...        "notebooks/zh/03_x.ipynb", pages)
    '<a href="glossary.html">a</a> <a href="03_x.html#top">b</a>'
    >>> relink('<a href="../../exercises/04_y.ipynb">c</a>', "notebooks/zh/03_x.ipynb", pages)
    '<a href="../lab/lab/index.html?path=exercises/04_y.ipynb">c</a>'
    """
    here = posixpath.dirname(where)

    def page_of(match: re.Match) -> str:
        target, anchor = match["target"], match["anchor"] or ""
        path = posixpath.normpath(posixpath.join(here, target))
        if path in pages:
            return f'href="{pages[path]}{anchor}"'
        if path.endswith(".ipynb") and not path.startswith("../"):
            return f'href="../{LAB}/lab/index.html?path={path}"'
        return match[0]

    return LOCAL_LINK.sub(page_of, body)


# --- the chapters' runs, kept between builds --------------------------------------------------

RUN_INPUTS = ("coursekit/**/*.py", "coursekit/**/*.js", "coursekit/**/*.css",
              "coursekit/**/*.json", "bench/*.md")  # fmt: skip
"""What a chapter's run depends on besides the notebook: the package (its code, its page's
code, its tables) and the benchmarks' notes that some chapters show."""


@functools.cache
def course_digest(root: Path) -> str:
    """A digest of every file of :data:`RUN_INPUTS` under the course folder ``root``."""
    digest = hashlib.sha256()
    for pattern in RUN_INPUTS:
        for path in sorted(Path(root).glob(pattern)):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def chapter_run(
    notebook: Path, root: Path, *, timeout: int, say: Callable[[str], None]
) -> nbformat.NotebookNode:
    """``notebook`` run for export (``run_for_export``), or the run kept from an earlier
    build when neither the notebook nor anything of :data:`RUN_INPUTS` changed since: a
    rebuild of the site runs only the chapters that changed. The runs are kept in the
    cache folder (``$COURSEKIT_CACHE``, else ``~/.cache/coursekit``), ``runs/``."""
    key = hashlib.sha256(
        Path(notebook).read_bytes() + course_digest(Path(root)).encode()
    ).hexdigest()
    kept = assets_cache().parent / "runs" / f"{key[:32]}.ipynb"
    if kept.is_file():
        say(f"book: {notebook} (unchanged since it was run: its run is kept)")
        return nbformat.read(kept, as_version=4)
    nb = run_for_export(notebook, timeout=timeout, say=say)
    kept.parent.mkdir(parents=True, exist_ok=True)
    partial = kept.with_suffix(".partial")
    nbformat.write(nb, partial)
    partial.replace(kept)
    return nb


def export_chapter(
    chapter: Chapter,
    book: Path,
    others: dict[str, Chapter],
    *,
    timeout: int,
    say: Callable[[str], None],
    pages: dict[str, str] | None = None,
    where: str = "",
    root: Path = Path(),
) -> str:
    """Run ``chapter`` once (or take its run kept from an earlier build, :func:`chapter_run`);
    write its page and its offline slides into ``book``; its title.

    ``pages`` (:func:`book_pages`) and ``where`` (the notebook's path in the course folder)
    lead its links to the book's pages (:func:`relink`)."""
    nb = chapter_run(chapter.notebook, root, timeout=timeout, say=say)
    resources = {"metadata": {"name": chapter.stem}}
    page, _ = html_exporter("light").from_notebook_node(nb, resources=resources)
    page = relink(page, where, pages or {})
    lab_line = (lab_link(chapter), text.say("edition.edit_in_lab", lang=chapter.language))
    page = dress_page(page, site_bar(chapter, others), lab_line)
    (book / chapter.page).write_text(page, "utf-8")
    deck, _ = slides_exporter(offline=True).from_notebook_node(
        nb, resources={**resources, "coursekit": {"offline": True}}
    )
    (book / chapter.deck).write_text(relink(deck, where, pages or {}), "utf-8")
    return title_of(nb)


def glossary_page(root: Path, book: Path) -> Path:
    """``notebooks/glossary.md`` as ``book/glossary.html``."""
    import mistune  # nbconvert's Markdown renderer

    text = (Path(root) / "notebooks" / "glossary.md").read_text(encoding="utf-8")
    body = mistune.create_markdown(plugins=["table"])(text)
    target = book / GLOSSARY_PAGE
    title = in_every_language("edition.glossary")
    target.write_text(render("site/glossary.html.j2", title=title, body=body) + "\n", "utf-8")
    return target


def index_page(rows: list[tuple[Chapter, str]], exercises: list[str], lab: bool) -> str:
    """The site's front page: each chapter with its page, slides, lab link, in both languages."""
    chapters = [
        {"title": title, "page": chapter.page, "deck": chapter.deck, "lab_path": chapter.lab_path,
         "tag": record(chapter.language).tag, "language": record(chapter.language).name}
        for chapter, title in rows
    ]  # fmt: skip
    page = render(
        "site/index.html.j2",
        title="coursekit",
        rows=chapters,
        exercises=exercises,
        lab=lab,
        book=BOOK,
        lab_folder=LAB,
        glossary_page=GLOSSARY_PAGE,
        chapters_heading=in_every_language("edition.chapters"),
        exercises_heading=in_every_language("edition.exercises"),
        glossary_heading=in_every_language("edition.glossary"),
    )
    return page + "\n"


def in_every_language(key: str) -> str:
    """A heading of the front page in each of the course's languages: "Chapters · 章节 · 章節".

    >>> in_every_language("edition.glossary")
    'Glossary · 术语表 · 術語表'
    """
    return " · ".join(dict.fromkeys(text.say(key, lang=code) for code in text.LANGUAGES))


def build_site(
    out: Path = DEFAULT_OUT,
    *,
    root: Path = Path(),
    chosen: Sequence[str] = (),
    book: bool = True,
    lab: bool = True,
    offline: bool = False,
    timeout: int = DEFAULT_TIMEOUT,
    say: Callable[[str], None] = _say,
) -> Path:
    """Build the site into ``out`` (see the module's docstring); return ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    chapters = book_chapters(root, chosen)
    rows: list[tuple[Chapter, str]] = []
    started = time.perf_counter()
    if book:
        folder = out / BOOK
        folder.mkdir(exist_ok=True)
        copy_vendor(fetch_assets(say=say), folder)
        by_stem: dict[str, dict[str, Chapter]] = {}
        for chapter in chapters:
            by_stem.setdefault(chapter.notebook.stem, {})[chapter.language] = chapter
        pages = book_pages(root, book_chapters(root))
        for chapter in chapters:
            say(f"book: {chapter.notebook}")
            title = export_chapter(
                chapter,
                folder,
                by_stem[chapter.notebook.stem],
                timeout=timeout,
                say=say,
                pages=pages,
                where=course_path(root, chapter.notebook),
                root=root,
            )
            rows.append((chapter, title))
        glossary_page(root, folder)
        say(f"book: {len(chapters)} chapters in {time.perf_counter() - started:.0f} s")
        started = time.perf_counter()
    notebooks = [n for n in lab_notebooks(root) if not chosen or n.stem.startswith(tuple(chosen))]
    if lab:
        if (out / LAB).exists():
            shutil.rmtree(out / LAB)
        build_lab(out / LAB, root=root, notebooks=notebooks, offline=offline, say=say)
        say(f"lab: {len(notebooks)} notebooks in {time.perf_counter() - started:.0f} s")
    paths = [n.relative_to(root).as_posix() for n in notebooks]
    exercises = [path for path in paths if path.startswith("exercises/")]
    (out / "index.html").write_text(index_page(rows, exercises, lab), "utf-8")
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default: {DEFAULT_OUT})"
    )
    parser.add_argument(
        "--offline",
        action="store_true",
        help="bundle Pyodide (npm's pyodide) into the lab: no CDN needed, but no numpy/matplotlib",
    )
    parser.add_argument(
        "--only",
        nargs="+",
        default=(),
        metavar="NN",
        help="only the chapters and exercises whose names start so (e.g. --only 02 04)",
    )
    parser.add_argument("--no-book", dest="book", action="store_false", help="skip the web book")
    parser.add_argument("--no-lab", dest="lab", action="store_false", help="skip the lab")
    parser.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell")


def run(args: argparse.Namespace) -> int:
    try:
        out = build_site(
            args.out,
            chosen=args.only,
            book=args.book,
            lab=args.lab,
            offline=args.offline,
            timeout=args.timeout,
        )
    except SlidesError as error:
        _say(f"coursekit site: {error}")
        return 1
    print(f"wrote {out}: serve it with  python -m http.server -d {out}")
    return 0
