"""A language is data: a toy third language, added as files alone, reaches every consumer.

The package is copied into a temporary folder with one more language folder,
``coursekit/locale/ja/`` (a record and one table), and a course folder beside it with that
language's chapter. A fresh interpreter that imports the copy then asks every consumer
about the language: the text seam (its code, tags, a message, the fallback to English,
the spacing rule), the editions (where its notebooks go), the web book (its pages, its
language switch, its lab links), the slides command (its chapters, its folder, its
``--lang``), the lab, the charts' fonts, the pictures' CSS, the doctor, the page's
``<html lang>`` and ``coursekit languages --folder`` (what ``./course open --lang`` runs).
Not one line of code names it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import coursekit

PACKAGE = Path(coursekit.__file__).parent
ROOT = PACKAGE.parent

TOY = {
    "code": "ja",
    "tag": "ja",
    "name": "日本語",
    "folder": "ja",
    "fonts": ["Noto Sans CJK JP"],
    "cjk_spacing": True,
    "glossary": "ja",
    "aliases": ["ja-JP"],
    "language_cell": "日本語で",
}

# Run by the interpreter that imports the copy: each consumer asked about "ja".
PROBE = r"""
import argparse, json, sys
from pathlib import Path
import nbformat
import coursekit
course = Path(sys.argv[1])
assert Path(coursekit.__file__).is_relative_to(sys.argv[2]), coursekit.__file__
found = {}

from coursekit import text
found["LANGUAGES"] = list(text.LANGUAGES)
found["language_code"] = text.language_code("ja_JP.UTF-8")
found["say"] = text.say("check.correct", lang="ja")
found["fallback"] = text.say("check.no_answer", lang="ja") == text.say("check.no_answer", lang="en")
found["spacing"] = text.say("check.type", lang="ja", what="depth", expected="int", actual="str")

from coursekit.tools.translation import editions
from coursekit.languages import record
master = course / "notebooks" / "00_start_here.ipynb"
found["translated"] = [one.code for one in editions.translated_languages()]
found["built_path"] = editions.built_path(master, record("ja")).relative_to(course).as_posix()
found["language_cell"] = editions.language_cell(record("ja")).source

from coursekit.tools.site import book as site
chapters = site.book_chapters(course)
ja = [c for c in chapters if c.language == "ja"]
found["book"] = [c.page for c in ja]
found["lab_path"] = ja[0].lab_path
en = [c for c in chapters if c.language == "en"][0]
found["switch"] = "日本語" in site.site_bar(en, {"en": en, "ja": ja[0]})

from coursekit.tools.site import slides
found["slides"] = [p.relative_to(course).as_posix() for p in slides.chapter_notebooks(course, "ja")]
found["slides_out"] = slides.language_out(Path("out"), Path("out"), "ja").as_posix()
parser = argparse.ArgumentParser()
slides.add_language_argument(parser)
found["--lang"] = parser.parse_args(["--lang", "ja-JP"]).lang
nb = nbformat.v4.new_notebook(metadata={"coursekit": {"language": "ja"}})
found["html_lang"] = slides.with_language_tag(nb, {})[1]["language_code"]

from coursekit.tools.site import lite
found["lab"] = [p.relative_to(course).as_posix() for p in lite.lab_notebooks(course)]

from coursekit.draw import fonts
found["fonts"] = fonts.cjk_fonts("ja")[0]
from coursekit.draw.graph_view import font_rules
rule = font_rules().split(":lang(ja) ")[1].split("}")[0]
found["css"] = rule.split("font-family: ")[1].split(", ")[:3]

from coursekit.tools import doctor
found["doctor"] = [check.args[0].code for check in doctor.font_checks()]

from coursekit.tools.translation.glossary import glossary_page
found["glossary"] = "日本語" not in glossary_page()  # no spelling of its own: left out
print(json.dumps(found, ensure_ascii=False))
"""


def add_toy_language(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the package with the toy language, and a course folder with its chapter."""
    package = tmp_path / "site" / "coursekit"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    folder = package / "locale" / "ja"
    folder.mkdir()
    (folder / "language.json").write_text(json.dumps(TOY, ensure_ascii=False), "utf-8")
    table = {"check.correct": "✔ 正解。", "check.type": "{what}型{expected}型"}
    (folder / "check.json").write_text(json.dumps(table, ensure_ascii=False), "utf-8")
    course = tmp_path / "course"
    master = ROOT / "notebooks" / "00_start_here.ipynb"
    for target in (course / "notebooks", course / "notebooks" / "ja"):
        target.mkdir(parents=True)
        shutil.copy(master, target / master.name)
    return package.parent, course


def test_a_toy_language_added_as_data_reaches_every_consumer(tmp_path):
    site_packages, course = add_toy_language(tmp_path)  # run from tmp_path: not this copy
    env = {**os.environ, "PYTHONPATH": str(site_packages)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(course), str(site_packages)],
        capture_output=True, text=True, env=env, timeout=300, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found == {
        "LANGUAGES": ["en", "ja", "zh", "zh-Hant"],
        "language_code": "ja",
        "say": "✔ 正解。",
        "fallback": True,
        "spacing": "depth 型 int 型",  # its record's cjk_spacing
        "translated": ["ja", "zh", "zh-Hant"],
        "built_path": "notebooks/ja/00_start_here.ipynb",
        "language_cell": 'import coursekit\n\ncoursekit.set_language("ja")  # 日本語で',
        "book": ["00_start_here.ja.html"],
        "lab_path": "notebooks/ja/00_start_here.ipynb",
        "switch": True,
        "slides": ["notebooks/ja/00_start_here.ipynb"],
        "slides_out": "out/ja",
        "--lang": "ja",
        "html_lang": "ja",
        "lab": ["notebooks/00_start_here.ipynb", "notebooks/ja/00_start_here.ipynb"],
        "fonts": "Noto Sans CJK JP",
        "css": ["Helvetica", "sans-serif", '"Noto Sans CJK JP"'],
        "doctor": ["ja", "zh", "zh-Hant"],
        "glossary": True,
    }


def test_languages_folder_answers_for_the_toy_language(tmp_path):
    """``./course open --lang ja`` opens ``notebooks/ja/``: the command it runs answers."""
    site_packages, _ = add_toy_language(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(site_packages)}
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "languages", "--folder", "ja_JP"],
        capture_output=True, text=True, env=env, timeout=120, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert (done.returncode, done.stdout.strip()) == (0, "notebooks/ja"), done.stderr
