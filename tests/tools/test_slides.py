"""`coursekit slides`: what the decks load, the offline assets, tags, and the command line.

These tests need no browser and no network: the offline assets come from a fake
``npm`` or a fake asset folder. tests/browser/test_slides.py opens real decks.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tarfile
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from coursekit.tools.cli import main
from coursekit.tools.site import slides
from tests.conftest import stall_once


def notebook(*cells: tuple[str, str, str], tags: dict[int, list[str]] | None = None):
    """A notebook from (kind, source, slide_type) triples; kind is "md" or "code"."""
    made = []
    for i, (kind, source, slide_type) in enumerate(cells):
        cell = new_markdown_cell(source) if kind == "md" else new_code_cell(source)
        cell.metadata["slideshow"] = {"slide_type": slide_type}
        if tags and i in tags:
            cell.metadata["tags"] = tags[i]
        made.append(cell)
    nb = new_notebook(cells=made)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    return nb


SIMPLE = notebook(("md", "# Title", "slide"), ("code", "print(1 + 1)", "-"))


def write(nb, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def fake_assets(folder: Path) -> Path:
    """An asset folder with one file for each pattern the decks need (no npm involved)."""
    for asset in slides.ASSETS:
        for pattern in asset.files:
            path = folder / asset.folder / pattern.replace("**/*", "sub/file").replace("*", "file")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"/* {asset.spec} */")
    (folder / ".complete").write_text("")
    return folder


class References(HTMLParser):
    """The URLs a page loads by itself: script src, stylesheet href, module imports."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src"):
            self.urls.append(attrs["src"])
        if tag == "link" and attrs.get("href"):
            self.urls.append(attrs["href"])


def loaded_urls(html: str) -> list[str]:
    parser = References()
    parser.feed(html)
    return parser.urls


# --- what a deck loads -----------------------------------------------------------------------


def test_an_offline_deck_loads_only_files_in_its_folder(tmp_path):
    out = tmp_path / "out"
    [deck] = slides.export_all(
        [write(SIMPLE, tmp_path / "01_x.ipynb")],
        out,
        offline=True,
        execute=False,
        assets=fake_assets(tmp_path / "assets"),
    )
    assert deck == out / "01_x.slides.html"
    html = deck.read_text()
    urls = loaded_urls(html)
    assert len(urls) >= 5  # jQuery, require.js, reveal.css, MathJax, the theme
    for url in urls:
        assert "://" not in url and not url.startswith("//"), url
        assert (out / url.split("?")[0]).is_file(), f"{url} is not in the output folder"
    # reveal.js itself is loaded by require.js from the same local folder
    assert f'"{slides.OFFLINE_URLS["reveal_url_prefix"]}/dist/reveal.js"' in html
    assert (out / slides.OFFLINE_URLS["reveal_url_prefix"] / "dist" / "reveal.js").is_file()
    assert "mermaid" not in html
    assert "https://" not in "".join(urls)


def test_an_online_deck_uses_the_public_cdns(tmp_path):
    deck = slides.export_slides(write(SIMPLE, tmp_path / "01_x.ipynb"), tmp_path, execute=False)
    html = deck.read_text()
    assert "https://unpkg.com/reveal.js@4.0.2/dist/reveal.css" in loaded_urls(html)
    assert "mermaid" in html
    assert not (tmp_path / slides.VENDOR).exists()


def test_the_deck_uses_the_white_theme_and_the_course_style(tmp_path):
    html = slides.export_slides(
        write(SIMPLE, tmp_path / "01_x.ipynb"), tmp_path, execute=False
    ).read_text()
    assert any(url.endswith("/dist/theme/white.css") for url in loaded_urls(html))
    assert "fonts.googleapis" not in html
    assert ".reveal .MathJax_Preview" in html  # formulas shown once
    assert "text-transform: none" in html


def test_slide_types_become_slides_fragments_and_notes(tmp_path):
    nb = notebook(
        ("md", "# One", "slide"),
        ("md", "said aloud", "notes"),
        ("md", "on a click", "fragment"),
        ("md", "## Below", "subslide"),
        ("code", "left_out = 1", "skip"),
        ("md", "## Two", "slide"),
    )
    html = slides.export_slides(write(nb, tmp_path / "n.ipynb"), tmp_path, execute=False)
    text = html.read_text()
    assert text.count('<aside class="notes">') == 1
    assert text.count('class="fragment"') == 1
    assert "left_out" not in text
    assert text.count("<section") == 2 + 3  # two slides, holding three (sub)slides


def test_hide_input_and_hide_output_tags(tmp_path):
    nb = notebook(
        ("md", "# Tags", "slide"),
        ("code", "print('only the output' + '!')", "-"),
        ("code", "print('only the ' + 'code')", "-"),
        tags={1: ["hide-input"], 2: ["hide-output"]},
    )
    deck = slides.export_slides(write(nb, tmp_path / "n.ipynb"), tmp_path, execute=True)
    text = deck.read_text()
    assert "only the output!" in text and "'only the output'" not in text
    assert "only the code" not in text and "'only the '" in text


def test_an_error_shows_as_its_last_line(tmp_path):
    nb = notebook(("md", "# Hint", "slide"), ("code", "def f():\n    1 / 0\nf()", "-"))
    nb.cells[1].metadata["tags"] = ["raises-exception"]
    text = slides.export_slides(write(nb, tmp_path / "e.ipynb"), tmp_path).read_text()
    assert "ZeroDivisionError</span>: division by zero" in text
    assert "Traceback" not in text and "----&gt;" not in text


def test_executing_embeds_widget_state(tmp_path):
    nb = notebook(
        ("md", "# Widget", "slide"),
        ("code", "import ipywidgets\nipywidgets.IntSlider(value=7)", "-"),
    )
    deck = slides.export_slides(write(nb, tmp_path / "w.ipynb"), tmp_path)
    text = deck.read_text()
    assert "application/vnd.jupyter.widget-state+json" in text
    assert '"value": 7' in text or '"value":7' in text


def test_a_stalled_run_is_retried_once_and_announced(tmp_path):
    nb = notebook(("md", "# Stall", "slide"), ("code", stall_once("went on"), "-"))
    said = []
    deck = slides.export_slides(
        write(nb, tmp_path / "s.ipynb"), tmp_path / "out", timeout=3, say=said.append
    )
    assert "went on" in deck.read_text()
    assert len(said) == 1 and "retrying once" in said[0]


# --- the offline assets ----------------------------------------------------------------------


FAKE_NPM = """#!{python}
# A stand-in for `npm pack --json --pack-destination DIR SPEC...`: writes one tarball per spec.
import io, json, os, sys, tarfile
args = sys.argv[1:]
with open(os.environ["FAKE_NPM_LOG"], "a") as log:
    log.write(" ".join(args) + "\\n")
if os.environ.get("FAKE_NPM_FAIL"):
    sys.exit("npm error 404 Not Found - GET https://registry.npmjs.org/nothing")
where = args[args.index("--pack-destination") + 1]
files = json.loads(os.environ["FAKE_NPM_FILES"])
packed = []
for spec in [a for a in args[1:] if not a.startswith("--") and a != where]:
    name, _, version = spec.rpartition("@")
    filename = name.replace("@", "").replace("/", "-") + "-" + version + ".tgz"
    with tarfile.open(os.path.join(where, filename), "w:gz") as tar:
        for path in ["package.json", *files[name]]:
            data = (spec + " " + path).encode()
            info = tarfile.TarInfo("package/" + path)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    packed.append({{"name": name, "version": version, "filename": filename}})
print(json.dumps(packed))
"""


@pytest.fixture
def fake_npm(tmp_path, monkeypatch):
    """A fake npm first on PATH; returns the file that logs its calls."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    npm = bin_dir / "npm"
    npm.write_text(FAKE_NPM.format(python=sys.executable))
    npm.chmod(0o755)
    files = {
        asset.package: [p.replace("**/*", "sub/file").replace("*", "file") for p in asset.files]
        for asset in slides.ASSETS
    }
    log = tmp_path / "npm.log"
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_NPM_LOG", str(log))
    monkeypatch.setenv("FAKE_NPM_FILES", json.dumps(files))
    return log


def test_assets_are_fetched_once_and_unpacked(tmp_path, fake_npm):
    target = tmp_path / "cache" / "assets"
    said = []
    assert slides.fetch_assets(target, say=said.append) == target
    assert slides.fetch_assets(target, say=said.append) == target  # already there
    assert len(fake_npm.read_text().splitlines()) == 1 and len(said) == 1
    call = fake_npm.read_text().split()
    assert call[:2] == ["pack", "--json"]
    assert [a.spec for a in slides.ASSETS] == call[-len(slides.ASSETS) :]
    assert (target / "reveal.js" / "dist" / "reveal.js").read_text() == (
        "reveal.js@4.0.2 dist/reveal.js"
    )
    assert (target / "html-manager" / "dist" / "embed-amd.js").is_file()
    assert sorted(p.name for p in target.parent.iterdir()) == ["assets"]  # no leftovers
    vendor = slides.copy_vendor(target, tmp_path / "out")
    assert (vendor / "mathjax" / "config" / "Safe.js").is_file()


def test_a_failing_npm_is_reported_and_leaves_nothing_behind(tmp_path, fake_npm, monkeypatch):
    monkeypatch.setenv("FAKE_NPM_FAIL", "1")
    target = tmp_path / "cache" / "assets"
    with pytest.raises(slides.SlidesError, match="404 Not Found"):
        slides.fetch_assets(target, say=lambda _: None)
    assert list(target.parent.iterdir()) == []


def test_without_npm_the_message_says_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(slides.SlidesError, match="apt-get install npm"):
        slides.fetch_assets(tmp_path / "assets", say=lambda _: None)


@pytest.mark.skipif(not hasattr(tarfile, "data_filter"), reason="Python without tar filters")
def test_an_unpacked_tarball_stays_inside_its_folder(tmp_path):
    tarball = tmp_path / "evil.tgz"
    with tarfile.open(tarball, "w:gz") as tar:
        for name in ["package/ok.js", "package/../../outside.js"]:
            info = tarfile.TarInfo(name)
            info.size = 2
            tar.addfile(info, io.BytesIO(b"//"))
    with pytest.raises(tarfile.OutsideDestinationError):
        slides._unpack(tarball, tmp_path / "in")
    assert not (tmp_path / "outside.js").exists()


def test_the_widget_icon_fonts_go_where_the_widget_renderer_looks(tmp_path):
    assets = fake_assets(tmp_path / "assets")
    slides.copy_vendor(assets, tmp_path / "out")
    fonts = tmp_path / "out" / slides.WIDGET_FONTS
    assert sorted(path.name for path in fonts.iterdir()) == [
        "file.eot",
        "file.ttf",
        "file.woff",
        "file.woff2",
    ]


def test_a_broken_asset_folder_is_named(tmp_path):
    assets = fake_assets(tmp_path / "assets")
    (assets / "mathjax" / "MathJax.js").unlink()
    with pytest.raises(slides.SlidesError, match=r"mathjax@2\.7\.7 .* has no MathJax\.js"):
        slides.copy_vendor(assets, tmp_path / "out")


def test_the_cache_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("COURSEKIT_CACHE", str(tmp_path / "mine"))
    assert slides.assets_cache().parent == tmp_path / "mine"
    monkeypatch.delenv("COURSEKIT_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert slides.assets_cache().parent == tmp_path / "xdg" / "coursekit"
    assert slides.assets_cache().name.startswith("slide-assets-")


# --- the command ----------------------------------------------------------------------------


def test_the_command_exports_the_chapter_notebooks_by_default(tmp_path, monkeypatch, capsys):
    write(SIMPLE, tmp_path / "notebooks" / "00_a.ipynb")
    write(SIMPLE, tmp_path / "notebooks" / "01_b.ipynb")
    monkeypatch.chdir(tmp_path)
    assert main(["slides", "--no-execute"]) == 0
    assert sorted(p.name for p in (tmp_path / "build" / "slides").iterdir()) == [
        "00_a.slides.html",
        "01_b.slides.html",
    ]
    assert "wrote build/slides/01_b.slides.html" in capsys.readouterr().out


def test_the_command_offline_fetches_and_copies_the_assets(tmp_path, fake_npm, monkeypatch):
    monkeypatch.setenv("COURSEKIT_CACHE", str(tmp_path / "cache"))
    nb = write(SIMPLE, tmp_path / "01_x.ipynb")
    assert main(["slides", str(nb), "--out", str(tmp_path / "out"), "--offline"]) == 0
    assert (tmp_path / "out" / "vendor" / "requirejs" / "require.js").is_file()
    assert slides.assets_ready(slides.assets_cache())


def test_the_command_fetch_assets_only(tmp_path, fake_npm, monkeypatch, capsys):
    monkeypatch.setenv("COURSEKIT_CACHE", str(tmp_path / "cache"))
    assert main(["slides", "--fetch-assets"]) == 0
    assert str(slides.assets_cache()) in capsys.readouterr().out


def test_the_command_reports_a_failing_notebook_and_goes_on(tmp_path, capsys):
    bad = write(notebook(("md", "# Bad", "slide"), ("code", "1 / 0", "-")), tmp_path / "b.ipynb")
    good = write(SIMPLE, tmp_path / "g.ipynb")
    assert main(["slides", str(bad), str(good), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "b.ipynb: not exported" in err and "ZeroDivisionError" in err
    assert (tmp_path / "out" / "g.slides.html").is_file()
    assert not (tmp_path / "out" / "b.slides.html").exists()


def test_the_command_names_a_missing_notebook(tmp_path, capsys):
    assert main(["slides", str(tmp_path / "nope.ipynb")]) == 1
    assert "nope.ipynb: no such notebook" in capsys.readouterr().err


def test_the_command_outside_a_course_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["slides"]) == 1
    assert "no notebooks/*.ipynb here" in capsys.readouterr().err


def test_the_chinese_chapters_are_chosen_with_lang_zh(tmp_path):
    (tmp_path / "notebooks" / "zh").mkdir(parents=True)
    for name in ("notebooks/00_a.ipynb", "notebooks/zh/00_a.ipynb"):
        (tmp_path / name).write_text("{}")
    assert slides.chapter_notebooks(tmp_path) == [tmp_path / "notebooks" / "00_a.ipynb"]
    assert slides.chapter_notebooks(tmp_path, lang="zh") == [
        tmp_path / "notebooks" / "zh" / "00_a.ipynb"
    ]
    assert slides.language_out(Path("build/slides"), Path("build/slides"), "zh") == Path(
        "build/slides/zh"
    )
    assert slides.language_out(Path("mine"), Path("build/slides"), "zh") == Path("mine")


def test_a_chinese_deck_says_its_language(tmp_path):
    nb = new_notebook(
        cells=[new_markdown_cell("# 博弈树", metadata={"slideshow": {"slide_type": "slide"}})]
    )
    nb.metadata["coursekit"] = {"language": "zh"}
    path = tmp_path / "00_zh.ipynb"
    nbformat.write(nb, path)
    deck = slides.export_slides(path, tmp_path / "out", execute=False)
    assert '<html lang="zh-Hans">' in deck.read_text(encoding="utf-8")
