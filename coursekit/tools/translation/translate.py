"""Translated notebooks built from the English masters and one translation file per notebook.

The English notebooks stay the masters. Each language of the course
(:mod:`coursekit.languages`) has its edition in a sub-folder named by its record
(``notebooks/zh/``, ``notebooks/zh-Hant/``). Beside each master that is translated by
hand, a Markdown file holds the text of its markdown cells in the language, one section
per cell, each headed by the cell's id and a hash of the English source it was
translated from::

    notebooks/00_start_here.ipynb          the master (English)
    notebooks/zh/00_start_here.zh.md       the translation (edited by hand)
    notebooks/zh/00_start_here.ipynb       built: never edited by hand

    <!-- cell b8eed9ab en:5d0c8e2f91aa -->
    # 从这里开始：这门课怎样学

A section named ``metadata.title`` translates the notebook's metadata title.
``coursekit translate build`` writes the Chinese notebook: the master's code
cells (source, id, tags, metadata; comments stay English), each markdown cell
with its translated text, a first code cell that calls
``coursekit.set_language(code)``, and ``metadata.coursekit.language = code``.
Outputs are kept from the Chinese notebook already there when the code is
unchanged (``--execute`` runs the built notebooks again). A translated
solution notebook (``solutions/zh/``) is also released into ``exercises/zh/``.
A language *derived* from another (繁體中文 from 简体中文,
:mod:`coursekit.tools.translation.derive`) has no translation files: its sections are the
source language's, converted.

``coursekit translate stale`` lists the cells whose English changed since
they were translated, or that have no translation; ``coursekit translate
update NB`` adds a ``TODO`` section (holding the English) for every new cell,
and with ``--accept CELL`` records that a changed cell's translation is
up to date again; ``coursekit translate check`` fails on anything stale or
out of date (the tests run it).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

from coursekit.languages import Language, record
from coursekit.text import language_code, say
from coursekit.tools.notebooks.exercise import notebook_text, read_notebook
from coursekit.tools.notebooks.speaker_notes import is_notes, notes_text, wrap_notes
from coursekit.tools.translation.code_words import SUFFIX, english_words, translate_code_words
from coursekit.tools.translation.derive import (
    DerivationError,
    converter,
    stale_readme,
    stale_tables,
    write_readme,
    write_tables,
)
from coursekit.tools.translation.editions import (
    LANGUAGE_CELL_ID,
    TranslationError,
    built_path,
    hand_written,
    is_current,
    language_cell,
    masters,
    released_path,
    translated_languages,
    translation_path,
)
from coursekit.tools.translation.glossary import GLOSSARY_PAGE, glossary_page, term_problems

TITLE = "metadata.title"  # a dot: never a cell id
TODO = "TODO"
HEADER = re.compile(r"^<!-- cell (?P<id>[A-Za-z0-9_.-]+) en:(?P<hash>[0-9a-f]{12}) -->\s*$")
VOLATILE = ("execution",)  # cell metadata that a run rewrites


@dataclass
class Section:
    """The translated text of one markdown cell and the hash of the English it translates."""

    hash: str
    text: str
    line: int


def english_hash(source: str) -> str:
    """The first 12 hex digits of the SHA-256 of an English cell source.

    >>> english_hash("# Start here")
    '470ed0127983'
    """
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:12]


def sections_of(master: Path, language: Language | None = None) -> dict[str, Section]:
    """The translated sections of ``master`` in ``language`` (converted, if it is derived)."""
    language = language or hand_written()
    sections = read_translation(translation_path(master, language))
    if language.derived is None:
        return sections
    convert = converter(language.code)
    return {key: Section(s.hash, convert(s.text), s.line) for key, s in sections.items()}


def read_translation(path: Path) -> dict[str, Section]:
    """The sections of a translation file, by cell id (``title`` for the notebook's title)."""
    sections: dict[str, Section] = {}
    current: str | None = None
    lines: list[str] = []

    def close() -> None:
        if current is not None:
            sections[current].text = "\n".join(lines).strip("\n")

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = HEADER.match(line)
        if match:
            close()
            current, lines = match["id"], []
            if current in sections:
                raise TranslationError(f"{path}:{number}: cell {current} has a second section")
            sections[current] = Section(match["hash"], "", number)
        elif current is not None:
            lines.append(line)
        elif line.strip() and not (line.startswith("<!--") and line.rstrip().endswith("-->")):
            raise TranslationError(
                f"{path}:{number}: text before the first '<!-- cell ID en:HASH -->' line"
            )
    close()
    return sections


def write_translation(path: Path, master: Path, sections: dict[str, Section]) -> None:
    """Write ``sections`` in the order of the master's cells (the title first)."""
    order = [TITLE] + [cell.get("id") for cell in read_notebook(master).cells]

    def rank(key: str) -> int:
        cell = key.removesuffix(SUFFIX)  # a cell's comments come after the cell's place
        return order.index(cell) if cell in order else len(order)

    ranked = sorted(sections, key=rank)
    parts = [f"<!-- Chinese text of {master.parent.name}/{master.name}: coursekit translate -->"]
    for key in ranked:
        parts.append(f"<!-- cell {key} en:{sections[key].hash} -->\n{sections[key].text}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n\n".join(parts) + "\n", encoding="utf-8")


def _english(master_nb: nbformat.NotebookNode) -> dict[str, str]:
    """The English texts a translation must cover: the title and every markdown cell, by id."""
    texts = {}
    title = master_nb.metadata.get("title")
    if title:
        texts[TITLE] = title
    for cell in master_nb.cells:
        if cell.cell_type == "markdown":
            # speaker notes: their text alone (the closed block around it is presentation)
            texts[cell.get("id")] = notes_text(cell.source) if is_notes(cell) else cell.source
    texts.update(english_words(master_nb))  # an exercise's comments and docstrings (code_words)
    return texts


def problems(master: Path, language: Language | None = None) -> list[str]:
    """What keeps the translation of ``master`` from being complete and current, one line
    each (a derived language's are its source's)."""
    path = translation_path(master, language)
    if not path.exists():
        return [f"{path} is missing (coursekit translate update {master})"]
    try:
        sections = read_translation(path)
    except TranslationError as error:
        return [str(error)]
    english = _english(read_notebook(master))
    found = []
    for key, source in english.items():
        section = sections.get(key)
        if section is None:
            found.append(f"{path}: cell {key} has no translation")
        elif section.hash != english_hash(source):
            found.append(
                f"{path}:{section.line}: cell {key} changed in English since it was translated"
            )
        elif not section.text.strip() or section.text.lstrip().startswith(TODO):
            found.append(f"{path}:{section.line}: cell {key} is not translated yet ({TODO})")
    for key, section in sections.items():
        if key not in english:
            found.append(f"{path}:{section.line}: cell {key} is no markdown cell of {master}")
    return found


def glossary_line(master: Path, language: Language | None = None) -> str:
    """The line under a translated notebook's first text: where the terms and the English are.

    >>> glossary_line(Path("notebooks/02_and_or_graphs.ipynb"), record("zh"))
    '术语的中英对照见[术语表](../glossary.md)；英文原文：[02_and_or_graphs.ipynb](../02_and_or_graphs.ipynb)。'
    """
    up = "../" if master.parent.name == "notebooks" else "../../notebooks/"
    code = (language or hand_written()).code
    return say(
        "edition.glossary_line",
        lang=code,
        glossary=f"{up}{GLOSSARY_PAGE.name}",
        name=master.name,
        master=f"../{master.name}",
    )


def build_notebook(
    master: Path, old: nbformat.NotebookNode | None = None, language: Language | None = None
) -> nbformat.NotebookNode:
    """The notebook of ``master`` in ``language``; outputs from ``old`` where its code is
    unchanged.

    Raises
    ------
    TranslationError
        When a markdown cell has no current translation (the message lists every one).
    """
    language = language or hand_written()
    found = problems(master, language)
    if found:
        raise TranslationError("\n".join(found))
    sections = sections_of(master, language)
    nb = copy.deepcopy(read_notebook(master))
    previous = {}
    if old is not None:
        previous = {c.get("id"): c for c in old.cells if c.cell_type == "code"}
    first_code = next((i for i, c in enumerate(nb.cells) if c.cell_type == "code"), len(nb.cells))
    nb.cells.insert(first_code, language_cell(language))
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = sections[cell.get("id")].text
        elif cell.cell_type == "code":
            before = previous.get(cell.get("id"))
            if before is not None and before.source == cell.source:
                cell.outputs = before.outputs
                cell.execution_count = before.execution_count
                for key in VOLATILE:
                    if key in before.metadata:
                        cell.metadata[key] = before.metadata[key]
    first_text = next((c for c in nb.cells if c.cell_type == "markdown"), None)
    if first_text is not None:
        first_text.source = first_text.source.rstrip() + "\n\n" + glossary_line(master, language)
    wrap_notes(nb, language.code)
    if TITLE in sections:
        nb.metadata["title"] = sections[TITLE].text
    meta = nb.metadata.setdefault("coursekit", {})
    meta["language"] = language.code
    meta["master"] = f"../{master.name}"
    for key in ("language_info",):  # what the last run stored
        if old is not None and key in old.metadata:
            nb.metadata[key] = old.metadata[key]
    return nb


def _comparable(cell: nbformat.NotebookNode) -> dict:
    """A code cell without what a run changes: source, id, metadata, tags."""
    meta = {k: v for k, v in cell.metadata.items() if k not in VOLATILE}
    return {"id": cell.get("id"), "source": cell.source, "metadata": meta}


def code_differences(master: Path, built: nbformat.NotebookNode) -> list[str]:
    """The code cells of the built notebook that are not the master's (the language cell aside)."""
    ours = [_comparable(c) for c in read_notebook(master).cells if c.cell_type == "code"]
    theirs = [
        _comparable(c)
        for c in built.cells
        if c.cell_type == "code" and c.get("id") != LANGUAGE_CELL_ID
    ]
    found = []
    for index, (a, b) in enumerate(zip(ours, theirs, strict=False)):
        if a != b:
            found.append(f"code cell {a['id'] or index}: differs from the master's")
    if len(ours) != len(theirs):
        found.append(f"{len(theirs)} code cells, but the master has {len(ours)}")
    return found


def released_text(built: Path, language: Language | None = None) -> str:
    """The exercise notebook released from a built, translated solution notebook."""
    from coursekit.tools.notebooks.exercise import load_exercise_set, released_notebook

    nb = released_notebook(load_exercise_set(built))
    language = language or hand_written()
    nb.metadata["coursekit"]["language"] = language.code
    master = built.parent.parent / built.name
    if translation_path(master, language).exists():  # an exercise's comments (code_words)
        sections = {key: section.text for key, section in sections_of(master, language).items()}
        translate_code_words(nb, sections, language.code)
    return notebook_text(nb)


def _same_but_outputs(a: nbformat.NotebookNode, b: nbformat.NotebookNode) -> bool:
    """True when two notebooks differ at most in outputs, counts and run metadata."""

    def strip(nb: nbformat.NotebookNode) -> list:
        cells = []
        for cell in nb.cells:
            meta = {k: v for k, v in cell.metadata.items() if k not in VOLATILE}
            cells.append((cell.cell_type, cell.get("id"), cell.source, meta))
        meta = {k: v for k, v in nb.metadata.items() if k not in ("widgets", "language_info")}
        return [cells, meta]

    return strip(a) == strip(b)


def check(root: Path, languages: list[Language] | None = None) -> list[str]:
    """Everything stale: translations, built notebooks, released exercises, in every
    translated language (or those given)."""
    found = []
    for language in languages or translated_languages():
        for master in masters(root, language):
            found += _check_one(master, language)
    return found


def _check_one(master: Path, language: Language) -> list[str]:
    """What is stale about one master's edition in ``language``."""
    if not master.exists():
        return [f"{translation_path(master, language)}: its master {master} does not exist"]
    stale = problems(master, language)
    found = list(stale) if language.derived is None else []  # said once, for the source
    built = built_path(master, language)
    if not built.exists():
        return [*found, f"{built} is missing (coursekit translate build)"]
    nb = read_notebook(built)
    found += [f"{built}: {line}" for line in code_differences(master, nb)]
    if not stale and not _same_but_outputs(nb, build_notebook(master, nb, language)):
        found.append(f"{built} is out of date (coursekit translate build)")
    exercise = released_path(master, language)
    if (
        exercise is not None
        and not stale
        and not is_current(exercise, released_text(built, language))
    ):
        found.append(f"{exercise} is out of date (coursekit translate build)")
    return found


def build(
    root: Path,
    *,
    execute: bool = False,
    timeout: int = 120,
    languages: list[Language] | None = None,
) -> list[Path]:
    """Write every translated notebook (and released exercise) that differs, in every
    translated language (or those given; a derived one after its source); return the
    paths."""
    written = []
    for language in languages or translated_languages():
        for master in masters(root, language):
            written += _build_one(master, language, execute=execute, timeout=timeout)
    return written


def _build_one(master: Path, language: Language, *, execute: bool, timeout: int) -> list[Path]:
    """Write one master's notebook (and released exercise) in ``language`` if it differs."""
    written = []
    built = built_path(master, language)
    old = read_notebook(built) if built.exists() else None
    nb = build_notebook(master, old, language)
    if execute and (old is None or not _same_but_outputs(old, nb)):
        nb = _executed(nb, built, timeout)
    text = notebook_text(nb)
    if not is_current(built, text):
        built.parent.mkdir(parents=True, exist_ok=True)
        built.write_text(text, encoding="utf-8")
        written.append(built)
    exercise = released_path(master, language)
    if exercise is not None:
        released = released_text(built, language)
        if not is_current(exercise, released):
            exercise.parent.mkdir(parents=True, exist_ok=True)
            exercise.write_text(released, encoding="utf-8")
            written.append(exercise)
    return written


def _executed(nb: nbformat.NotebookNode, built: Path, timeout: int) -> nbformat.NotebookNode:
    """``nb`` run as ``coursekit execute`` runs it: no widget state, static pictures kept."""
    from coursekit.tools.notebooks.execute import execute_notebook, keep_static_pictures

    built.parent.mkdir(parents=True, exist_ok=True)
    nb = execute_notebook(
        nb, cwd=built.parent.resolve(), timeout=timeout, store_widget_state=False, name=str(built)
    )
    nb.metadata.pop("widgets", None)
    keep_static_pictures(nb)
    return nb


def update(master: Path, accept: list[str], language: Language | None = None) -> list[str]:
    """Add a TODO section for every untranslated cell; re-hash the ``accept``ed cells.

    Raises
    ------
    TranslationError
        When ``language`` is derived (edit its source), or a cell to accept is unknown.
    """
    path = translation_path(master, hand_written(language))
    sections = read_translation(path) if path.exists() else {}
    english = _english(read_notebook(master))
    done = []
    for key, source in english.items():
        if key not in sections:
            sections[key] = Section(english_hash(source), f"{TODO}\n\n{source}", 0)
            done.append(f"added cell {key} ({TODO})")
    for key in accept:
        if key not in sections or key not in english:
            raise TranslationError(f"{path}: no cell {key} to accept")
        sections[key].hash = english_hash(english[key])
        done.append(f"accepted cell {key}")
    write_translation(path, master, sections)
    return done


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("build", "stale", "check", "update", "glossary"))
    parser.add_argument("notebook", nargs="?", type=Path, help="for update: the English master")
    parser.add_argument("--accept", action="append", default=[], metavar="CELL")
    parser.add_argument(
        "--execute", action="store_true", help="build: run the notebooks that changed"
    )
    parser.add_argument(
        "--lang",
        type=_language_argument,
        help="only this language (default: every one; a derived language is built from its "
        "source, which must be current)",
    )
    parser.add_argument("--root", type=Path, default=Path("."), help="the course folder")


def _language_argument(text: str) -> Language:
    try:
        return record(language_code(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def run(args: argparse.Namespace) -> int:
    languages = [args.lang] if args.lang else translated_languages()
    derived = [language for language in languages if language.derived is not None]
    try:
        if args.action == "update":
            if args.notebook is None:
                print("coursekit translate update: name the English notebook", file=sys.stderr)
                return 2
            for line in update(args.notebook, args.accept, args.lang):
                print(line)
            return 0
        if args.action == "glossary":
            page = args.root / GLOSSARY_PAGE
            page.write_text(glossary_page(), encoding="utf-8")
            print(f"wrote {page}")
            return 0
        if args.action == "build":  # the tables first: the notebooks run with them
            written = [path for language in derived for path in write_tables(language)]
            written += [path for language in derived for path in write_readme(args.root, language)]
            written += build(args.root, execute=args.execute, languages=languages)
            for path in written:
                print(f"wrote {path}")
            return 0
        if args.action == "check":
            found = check(args.root, languages) + term_problems(args.root)
            found += [
                f"{path} is out of date (coursekit translate build)"
                for language in derived
                for path in [*stale_tables(language), *stale_readme(args.root, language)]
            ]
        else:
            found = [line for m in masters(args.root) for line in problems(m)]
    except (TranslationError, DerivationError) as error:
        print(f"coursekit translate: {error}", file=sys.stderr)
        return 1
    for line in found:
        print(line)
    if args.action == "stale" and found:
        for master in masters(args.root):
            english = _english(read_notebook(master))
            for line in problems(master):
                key = re.search(r"cell (\S+) ", line)
                if key and key[1] in english and "changed" in line:
                    print(f"\n--- {master} cell {key[1]}, English now:\n{english[key[1]]}")
    return 1 if found else 0
