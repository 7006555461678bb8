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
  browser's own Python (:mod:`coursekit.tools.lite`); each chapter page links to
  its notebook there ("Run it in your browser").

``--offline`` bundles Pyodide into the lab for a classroom without internet;
by default it loads from Pyodide's CDN (which also serves numpy, scipy and
matplotlib, needed by the charts and the game-theory chapters).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import html
import json
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
from coursekit.tools.execute import DEFAULT_TIMEOUT, run_for_export
from coursekit.tools.lite import build_lab, lab_notebooks
from coursekit.tools.slides import (
    SlidesError,
    _say,
    assets_cache,
    chapter_notebooks,
    copy_vendor,
    fetch_assets,
    slides_exporter,
)
from coursekit.tools.static_html import html_exporter

DEFAULT_OUT = Path("build") / "site"
BOOK = "book"
LAB = "lab"

# Phone-sized screens: no page wider than the screen; code, tables and long lines scroll
# inside their own box (pictures already do, inside their frame).
PAGE_STYLE = """
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
.ck-site-bar { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; align-items: center;
  padding: 0.6em 1em; border-bottom: 1px solid #ccc; font: 15px/1.4 system-ui, sans-serif;
  background: #f6f8fa; }
.ck-site-bar a { color: #0550ae; }
.ck-site-bar .ck-launch { font-weight: 600; }
html, body { max-width: 100%; }
.jp-Notebook, .jp-Cell, .jp-InputArea, .jp-OutputArea, .jp-OutputArea-child,
.jp-OutputArea-output, .jp-RenderedHTMLCommon, .jp-CodeMirrorEditor, .jp-InputArea-editor
  { min-width: 0; max-width: 100%; box-sizing: border-box; }
.jp-InputArea-editor, .jp-OutputArea-output pre, .jp-RenderedHTMLCommon pre,
.jp-RenderedHTMLCommon table, .highlight { overflow-x: auto; }
.jp-RenderedHTMLCommon table { display: block; max-width: 100%; }
.jp-RenderedHTMLCommon img, .jp-OutputArea-output img, .jp-OutputArea-output svg
  { max-width: 100%; height: auto; }
.jp-RenderedHTMLCommon { overflow-wrap: anywhere; }
/* a table keeps its words whole ("wins", "12.5%") and scrolls inside its box instead */
.jp-RenderedHTMLCommon table { overflow-wrap: normal; }
/* no kernel behind a page of the book: an explorer's controls that only Python answers are
   not shown (coursekit.widgets.base.NEEDS_KERNEL); a line under the explorer leads to the lab */
.ck-needs-kernel { display: none !important; }
.ck-lab-line { margin: 0.3em 0 0.6em; font: 14px/1.4 system-ui, sans-serif; }
/* speaker notes: one closed line, "Lecturer's notes" (coursekit.tools.speaker_notes) */
details.ck-notes { margin: 0.3em 0; color: #444; }
details.ck-notes > summary { cursor: pointer; color: #57606a; font-size: 0.9em; }
details.ck-notes[open] { border-left: 3px solid #d0d7de; padding-left: 0.8em; }
@media (max-width: 700px) {
  .jp-InputPrompt, .jp-OutputPrompt { display: none; }
  .jp-Notebook { padding: 4px !important; }
  .jp-Cell { padding: 2px 0 !important; }
  /* an explorer's row (its inputs beside its picture, a row of buttons) goes on below
     instead of squeezing what does not fit to nothing */
  .widget-hbox { flex-wrap: wrap; }
}
</style>
"""


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
    links = ['<a href="../index.html">coursekit</a>']
    for language, other in others.items():
        if language != chapter.language:
            tag, name = record(language).tag, record(language).name
            links.append(f'<a href="{other.page}" hreflang="{tag}" lang="{tag}">{name}</a>')
    slides = text.say("edition.slides", lang=chapter.language)
    links.append(f'<a href="{chapter.deck}">{slides}</a>')
    run = text.say("edition.run", lang=chapter.language)
    links.append(f'<a class="ck-launch" href="{lab_link(chapter)}">{run} ▸</a>')
    return '<nav class="ck-site-bar">' + "".join(links) + "</nav>"


# Under each explorer whose controls are hidden (they need a kernel), once the widgets are
# drawn: one line leading to the same cell of the same notebook in the lab, where they work
# (``#cell-id=…``, the cell's id as nbconvert writes it on the page; the lab's page opens the
# notebook there: lite_patches.open_at_cell).
LAB_LINE_SCRIPT = """<script>
(() => {
  const add = () => {
    for (const part of document.querySelectorAll(".ck-needs-kernel")) {
      const output = part.closest(".jp-OutputArea-output");
      if (!output || output.querySelector(":scope > .ck-lab-line")) continue;
      const line = document.createElement("p");
      line.className = "ck-lab-line";
      const link = document.createElement("a");
      const cell = part.closest(".jp-Cell");
      const id = cell && cell.id.startsWith("cell-id=") ? cell.id : "";
      link.href = HREF + (id ? "#" + encodeURIComponent(id).replace("%3D", "=") : "");
      link.textContent = TEXT;
      line.append(link);
      output.append(line);
    }
  };
  new MutationObserver(add).observe(document.body, {childList: true, subtree: true});
  add();
})();
</script>"""


def dress_page(body: str, bar: str, lab_line: tuple[str, str] | None = None) -> str:
    """A page from nbconvert with the phone-width style and the site bar; with ``lab_line``
    (an address and its text), a line under each explorer whose controls need a kernel."""
    body = body.replace("</head>", PAGE_STYLE + "</head>", 1)
    if lab_line is not None:
        href, text = (json.dumps(value) for value in lab_line)
        script = LAB_LINE_SCRIPT.replace("HREF", href).replace("TEXT", text)
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
    target.write_text(
        _plain_page(
            in_every_language("edition.glossary"),
            '<p><a href="../index.html">coursekit</a></p>' + body,
        ),
        "utf-8",
    )
    return target


def _plain_page(title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}'
        f"</title>{PAGE_STYLE}<style>body{{font:16px/1.5 system-ui,sans-serif;margin:0 auto;"
        "max-width:60em;padding:0 1em}table{border-collapse:collapse;display:block;"
        "overflow-x:auto}td,th{border:1px solid #ccc;padding:0.2em 0.5em}li{overflow-wrap:anywhere}"
        "</style></head>"
        f"<body>{body}</body></html>\n"
    )


def index_page(rows: list[tuple[Chapter, str]], exercises: list[str], lab: bool) -> str:
    """The site's front page: each chapter with its page, slides, lab link, in both languages."""
    items = []
    for chapter, title in rows:
        links = [f'<a href="{BOOK}/{chapter.page}">{html.escape(title)}</a>']
        links.append(f'<a href="{BOOK}/{chapter.deck}">slides</a>')
        if lab:
            links.append(f'<a href="{LAB}/lab/index.html?path={chapter.lab_path}">run ▸</a>')
        language = record(chapter.language)
        items.append(f'<li lang="{language.tag}">[{language.name}] ' + " · ".join(links) + "</li>")
    practice = "".join(
        f'<li><a href="{LAB}/lab/index.html?path={path}">{html.escape(path)}</a></li>'
        for path in exercises
    )
    body = (
        "<h1>coursekit · 博弈搜索</h1><p>Adversarial search you can run — in your browser, "
        f"with nothing to install.</p><h2>{in_every_language('edition.chapters')}</h2><ul>"
        + "".join(items)
        + "</ul>"
    )
    if lab:
        body += (
            f"<h2>{in_every_language('edition.exercises')}</h2>"
            f'<p>In the <a href="{LAB}/lab/index.html">lab</a> '
            "(your work stays in this browser; File ▸ Download saves the .ipynb for "
            "<code>coursekit check</code>).</p><ul>" + practice + "</ul>"
        )
    glossary = in_every_language("edition.glossary")
    body += f'<p><a href="{BOOK}/{GLOSSARY_PAGE}">{glossary}</a></p>'
    return _plain_page("coursekit", body)


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
