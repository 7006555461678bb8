"""Chinese notebooks built from the English masters and one translation file per notebook.

The English notebooks stay the masters. Beside each one that is translated, a
Markdown file holds the Chinese text of its markdown cells, one section per
cell, each headed by the cell's id and a hash of the English source it was
translated from::

    notebooks/00_start_here.ipynb          the master (English)
    notebooks/zh/00_start_here.zh.md       the translation (edited by hand)
    notebooks/zh/00_start_here.ipynb       built: never edited by hand

    <!-- cell b8eed9ab en:5d0c8e2f91aa -->
    # 从这里开始：这门课怎样学

A section named ``metadata.title`` translates the notebook's metadata title.
``coursekit translate build`` writes the Chinese notebook: the master's code
cells (source, id, tags, metadata; comments stay English), each markdown cell
with its Chinese text, a first code cell that calls
``coursekit.set_language("zh")``, and ``metadata.coursekit.language = "zh"``.
Outputs are kept from the Chinese notebook already there when the code is
unchanged (``--execute`` runs the built notebooks again). A translated
solution notebook (``solutions/zh/``) is also released into ``exercises/zh/``.

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
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

from coursekit.tools.code_words import SUFFIX, english_words, translate_code_words
from coursekit.tools.exercise import notebook_text, read_notebook

LANGUAGE = "zh"
FOLDERS = ("notebooks", "solutions")
"""The folders whose translated notebooks are built (solutions are released to exercises)."""

LANGUAGE_CELL_ID = "coursekit-language"
LANGUAGE_CELL = 'import coursekit\n\ncoursekit.set_language("zh")  # 提示与消息用中文'
TITLE = "metadata.title"  # a dot: never a cell id
TODO = "TODO"
HEADER = re.compile(r"^<!-- cell (?P<id>[A-Za-z0-9_.-]+) en:(?P<hash>[0-9a-f]{12}) -->\s*$")
VOLATILE = ("execution",)  # cell metadata that a run rewrites


class TranslationError(ValueError):
    """A translation file that cannot be read, with the file and line."""


@dataclass
class Section:
    """The Chinese text of one markdown cell and the hash of the English it translates."""

    hash: str
    text: str
    line: int


def english_hash(source: str) -> str:
    """The first 12 hex digits of the SHA-256 of an English cell source.

    >>> english_hash("# Start here")
    '470ed0127983'
    """
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:12]


def translation_path(master: Path) -> Path:
    """``notebooks/00_x.ipynb`` → ``notebooks/zh/00_x.zh.md``."""
    return master.parent / LANGUAGE / f"{master.stem}.{LANGUAGE}.md"


def built_path(master: Path) -> Path:
    """``notebooks/00_x.ipynb`` → ``notebooks/zh/00_x.ipynb``."""
    return master.parent / LANGUAGE / master.name


def master_path(translation: Path) -> Path:
    """``notebooks/zh/00_x.zh.md`` → ``notebooks/00_x.ipynb``."""
    stem = translation.name.removesuffix(f".{LANGUAGE}.md")
    return translation.parent.parent / f"{stem}.ipynb"


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
            texts[cell.get("id")] = cell.source
    texts.update(english_words(master_nb))  # an exercise's comments and docstrings (code_words)
    return texts


def problems(master: Path) -> list[str]:
    """What keeps the translation of ``master`` from being complete and current, one line each."""
    path = translation_path(master)
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


def language_cell() -> nbformat.NotebookNode:
    """The code cell that switches the kernel's messages to Chinese."""
    cell = nbformat.v4.new_code_cell(LANGUAGE_CELL)
    cell["id"] = LANGUAGE_CELL_ID
    cell.metadata = {"slideshow": {"slide_type": "skip"}, "tags": ["hide-input"]}
    return cell


def glossary_line(master: Path) -> str:
    """The line under a Chinese notebook's first text: where the terms and the English are.

    >>> glossary_line(Path("notebooks/02_and_or_graphs.ipynb"))
    '术语的中英对照见[术语表](../glossary.md)；英文原文：[02_and_or_graphs.ipynb](../02_and_or_graphs.ipynb)。'
    """
    up = "../" if master.parent.name == "notebooks" else "../../notebooks/"
    return (
        f"术语的中英对照见[术语表]({up}{GLOSSARY_PAGE.name})；"
        f"英文原文：[{master.name}](../{master.name})。"
    )


def build_notebook(master: Path, old: nbformat.NotebookNode | None = None) -> nbformat.NotebookNode:
    """The Chinese notebook of ``master``; outputs from ``old`` where its code is unchanged.

    Raises
    ------
    TranslationError
        When a markdown cell has no current translation (the message lists every one).
    """
    found = problems(master)
    if found:
        raise TranslationError("\n".join(found))
    sections = read_translation(translation_path(master))
    nb = copy.deepcopy(read_notebook(master))
    previous = {}
    if old is not None:
        previous = {c.get("id"): c for c in old.cells if c.cell_type == "code"}
    first_code = next((i for i, c in enumerate(nb.cells) if c.cell_type == "code"), len(nb.cells))
    nb.cells.insert(first_code, language_cell())
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
        first_text.source = first_text.source.rstrip() + "\n\n" + glossary_line(master)
    if TITLE in sections:
        nb.metadata["title"] = sections[TITLE].text
    meta = nb.metadata.setdefault("coursekit", {})
    meta["language"] = LANGUAGE
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


def released_path(master: Path) -> Path | None:
    """Where the Chinese exercise notebook of a solution master goes (None for chapters)."""
    if master.parent.name != "solutions":
        return None
    return master.parent.parent / "exercises" / LANGUAGE / master.name


def released_text(built: Path) -> str:
    """The Chinese exercise notebook released from a built Chinese solution notebook."""
    from coursekit.tools.exercise import load_exercise_set, released_notebook

    nb = released_notebook(load_exercise_set(built))
    nb.metadata["coursekit"]["language"] = LANGUAGE
    translation = built.parent / f"{built.stem}.{LANGUAGE}.md"
    if translation.exists():
        sections = {key: section.text for key, section in read_translation(translation).items()}
        translate_code_words(nb, sections, LANGUAGE)
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


def _is_current(path: Path, text: str) -> bool:
    return path.exists() and path.read_text(encoding="utf-8") == text


def masters(root: Path) -> list[Path]:
    """Every master notebook that has a translation file, in course order."""
    found = []
    for folder in FOLDERS:
        for path in sorted((root / folder / LANGUAGE).glob(f"*.{LANGUAGE}.md")):
            found.append(master_path(path))
    return found


def check(root: Path) -> list[str]:
    """Everything stale: translations, built notebooks, released Chinese exercises."""
    found = []
    for master in masters(root):
        if not master.exists():
            found.append(f"{translation_path(master)}: its master {master} does not exist")
            continue
        stale = problems(master)
        found += stale
        built = built_path(master)
        if not built.exists():
            found.append(f"{built} is missing (coursekit translate build)")
            continue
        nb = read_notebook(built)
        found += [f"{built}: {line}" for line in code_differences(master, nb)]
        if not stale and not _same_but_outputs(nb, build_notebook(master, nb)):
            found.append(f"{built} is out of date (coursekit translate build)")
        exercise = released_path(master)
        if exercise is not None and not stale and not _is_current(exercise, released_text(built)):
            found.append(f"{exercise} is out of date (coursekit translate build)")
    return found


def build(root: Path, *, execute: bool = False, timeout: int = 120) -> list[Path]:
    """Write every Chinese notebook (and released exercise) that differs; return the paths."""
    written = []
    for master in masters(root):
        built = built_path(master)
        old = read_notebook(built) if built.exists() else None
        nb = build_notebook(master, old)
        if execute and (old is None or not _same_but_outputs(old, nb)):
            # only what changed, and as `coursekit execute` does: no widget state, static
            # pictures kept
            from coursekit.tools.execute import execute_notebook, keep_static_pictures

            nb = execute_notebook(
                nb,
                cwd=built.parent.resolve(),
                timeout=timeout,
                store_widget_state=False,
                name=str(built),
            )
            nb.metadata.pop("widgets", None)
            keep_static_pictures(nb)
        text = notebook_text(nb)
        if not built.exists() or built.read_text(encoding="utf-8") != text:
            built.write_text(text, encoding="utf-8")
            written.append(built)
        exercise = released_path(master)
        if exercise is not None:
            released = released_text(built)
            if not exercise.exists() or exercise.read_text(encoding="utf-8") != released:
                exercise.parent.mkdir(parents=True, exist_ok=True)
                exercise.write_text(released, encoding="utf-8")
                written.append(exercise)
    return written


def update(master: Path, accept: list[str]) -> list[str]:
    """Add a TODO section for every untranslated cell; re-hash the ``accept``ed cells."""
    path = translation_path(master)
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


# --- the glossary: one table of the course's terms, English ⇄ Chinese ------------------------

GLOSSARY = Path(__file__).resolve().parent.parent / "locale" / "glossary.json"
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


def glossary_page() -> str:
    """The glossary as Markdown: English → Chinese, then Chinese → English."""
    entries = glossary()

    def chinese(entry: dict) -> str:
        also = entry.get("also", [])
        return entry["zh"] + (f"（也作 {'、'.join(also)}）" if also else "")

    lines = [
        "# Glossary · 术语表",
        "",
        "Generated from `coursekit/locale/glossary.json` by `coursekit translate glossary`:",
        "do not edit by hand. 由 `coursekit/locale/glossary.json` 生成，请勿手工修改。",
        "",
        "## English → 中文",
        "",
        "| English | 中文 |",
        "|---|---|",
    ]
    lines += [
        f"| {e['en']} | {chinese(e)} |" for e in sorted(entries, key=lambda e: e["en"].lower())
    ]
    lines += ["", "## 中文 → English", "", "| 中文 | English | 不要写作 |", "|---|---|---|"]
    rows = []
    for entry in entries:
        for zh in [entry["zh"], *entry.get("also", [])]:
            avoid = "、".join(entry.get("avoid", [])) if zh == entry["zh"] else ""
            rows.append((zh, entry["en"], avoid))
    lines += [f"| {zh} | {en} | {avoid} |" for zh, en, avoid in sorted(rows)]
    return "\n".join(lines) + "\n"


def term_problems(root: Path) -> list[str]:
    """Glossary problems: a stale glossary page, terms a Chinese notebook misspells, and
    bracketed terms of the English masters that the glossary lacks."""
    found = []
    page = root / GLOSSARY_PAGE
    if not _is_current(page, glossary_page()):
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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("build", "stale", "check", "update", "glossary"))
    parser.add_argument("notebook", nargs="?", type=Path, help="for update: the English master")
    parser.add_argument("--accept", action="append", default=[], metavar="CELL")
    parser.add_argument(
        "--execute", action="store_true", help="build: run the notebooks that changed"
    )
    parser.add_argument("--root", type=Path, default=Path("."), help="the course folder")


def run(args: argparse.Namespace) -> int:
    try:
        if args.action == "update":
            if args.notebook is None:
                print("coursekit translate update: name the English notebook", file=sys.stderr)
                return 2
            for line in update(args.notebook, args.accept):
                print(line)
            return 0
        if args.action == "glossary":
            page = args.root / GLOSSARY_PAGE
            page.write_text(glossary_page(), encoding="utf-8")
            print(f"wrote {page}")
            return 0
        if args.action == "build":
            for path in build(args.root, execute=args.execute):
                print(f"wrote {path}")
            return 0
        found = (
            check(args.root) + term_problems(args.root)
            if args.action == "check"
            else [line for m in masters(args.root) for line in problems(m)]
        )
    except TranslationError as error:
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
