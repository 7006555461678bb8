"""Export chapter notebooks as reveal.js slides for the lecture room.

Each notebook is first run in a fresh kernel (with a timeout and one retry), so
its pictures and the state of every widget are in the slides; nbconvert's
slides exporter then turns it into one HTML file. Each cell's slide type
(``metadata.slideshow.slide_type``, set in JupyterLab's property inspector)
decides what it becomes: ``slide`` starts a new slide, ``subslide`` a slide
below the current one, ``fragment`` a part that appears on the next click,
``notes`` speaker notes (press s in the slides), ``skip`` nothing, and ``-``
continues the cell above. Two cell tags tidy a slide without changing the
notebook: ``hide-input`` shows a cell's output without its code,
``hide-output`` its code without the output. An error shows as its last line.

With ``--offline`` a deck opens with no network at all (a projector without
internet): reveal.js, require.js, jQuery, MathJax and the widget renderer come
from a ``vendor/`` folder written beside the decks. Those files come from npm
packages, fetched once with ``npm pack`` into a cache folder
(~/.cache/coursekit, or $COURSEKIT_CACHE).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

from coursekit.languages import record
from coursekit.text import LANGUAGES, language_code
from coursekit.tools.notebooks.execute import DEFAULT_TIMEOUT, run_for_export
from coursekit.tools.notebooks.speaker_notes import without_wrappers

TEMPLATES = Path(__file__).parents[1] / "templates"
TEMPLATE_NAME = "coursekit_reveal"
DEFAULT_OUT = Path("build") / "slides"
VENDOR = "vendor"


class SlidesError(RuntimeError):
    """Slides cannot be made; the message says why and what to do."""


@dataclass(frozen=True)
class Asset:
    """An npm package an offline deck loads, and the files of it the deck needs.

    ``folder`` is its name under ``vendor/``; ``files`` are glob patterns
    relative to the package root.
    """

    package: str
    version: str
    folder: str
    files: tuple[str, ...]

    @property
    def spec(self) -> str:
        return f"{self.package}@{self.version}"


# The versions nbconvert 7's reveal.js template and ipywidgets 8's widget state were made for.
ASSETS = (
    Asset(
        "reveal.js",
        "4.0.2",
        "reveal.js",
        (
            "dist/reveal.js",
            "dist/reveal.css",
            "dist/theme/white.css",
            "dist/theme/fonts/source-sans-pro/*",
            "plugin/notes/notes.js",
            "LICENSE",
        ),
    ),
    Asset("requirejs", "2.3.8", "requirejs", ("require.js",)),
    Asset("jquery", "2.2.4", "jquery", ("dist/jquery.min.js", "LICENSE.txt")),
    Asset(
        "mathjax",
        "2.7.7",
        "mathjax",
        (
            "MathJax.js",
            "LICENSE",
            "config/TeX-AMS_CHTML-full.js",
            "config/Safe.js",
            "extensions/**/*",
            "jax/input/TeX/**/*",
            "jax/element/**/*",
            "jax/output/CommonHTML/**/*",
            "fonts/HTML-CSS/TeX/woff/**/*",
            "fonts/HTML-CSS/TeX/otf/**/*",
        ),
    ),
    Asset(
        "@jupyter-widgets/html-manager",
        "1.0.15",
        "html-manager",
        ("dist/embed-amd.js", "dist/*.woff2", "dist/*.woff", "dist/*.ttf", "dist/*.eot"),
    ),
)

# Where an offline deck finds each library, relative to the deck (nbconvert option → path).
OFFLINE_URLS = {
    "reveal_url_prefix": f"{VENDOR}/reveal.js",
    "require_js_url": f"{VENDOR}/requirejs/require.js",
    "jquery_url": f"{VENDOR}/jquery/dist/jquery.min.js",
    "mathjax_url": f"{VENDOR}/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe",
    "widget_renderer_url": f"{VENDOR}/html-manager/dist/embed-amd.js",
}

NPM_HINT = (
    "offline slides need npm (it comes with Node.js) to fetch reveal.js, MathJax and the "
    "widget renderer once: install it (Debian/Ubuntu: sudo apt-get install npm; macOS: "
    "brew install node; others: https://nodejs.org) and run this again"
)


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- the offline assets --------------------------------------------------------------------


def assets_cache() -> Path:
    """The folder that holds the offline assets, shared by every deck and course copy.

    ``$COURSEKIT_CACHE`` if set, else ``$XDG_CACHE_HOME/coursekit``, else
    ``~/.cache/coursekit``; the assets go into a sub-folder named after their
    versions, so changing a version fetches afresh.
    """
    root = os.environ.get("COURSEKIT_CACHE")
    if not root:
        xdg = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
        root = Path(xdg) / "coursekit"
    pins = " ".join(asset.spec for asset in ASSETS)
    return Path(root) / f"slide-assets-{hashlib.sha256(pins.encode()).hexdigest()[:10]}"


def assets_ready(folder: Path) -> bool:
    return (folder / ".complete").is_file()


def fetch_assets(folder: Path | None = None, *, say: Callable[[str], None] = _say) -> Path:
    """Make sure the npm packages of :data:`ASSETS` are unpacked in ``folder``; return it.

    Nothing happens when they are there already. Otherwise ``npm pack``
    downloads each package (without its dependencies: the files the slides use
    are pre-built) and the packages are unpacked into a temporary folder that
    is then renamed, so an interrupted or concurrent fetch never leaves half a
    folder behind.
    """
    folder = Path(folder) if folder is not None else assets_cache()
    if assets_ready(folder):
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise SlidesError(NPM_HINT)
    say(f"fetching the offline slide assets with npm into {folder} (once, about 30 MB)")
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent, prefix=".fetch-") as tmp:
        staging = Path(tmp) / "assets"
        for asset, tarball in zip(ASSETS, _npm_pack(npm, Path(tmp)), strict=True):
            _unpack(tarball, staging / asset.folder)
        (staging / ".complete").write_text("\n".join(a.spec for a in ASSETS) + "\n")
        try:
            staging.rename(folder)
        except OSError:  # another run finished first: its copy is as good as ours
            if not assets_ready(folder):
                raise
    return folder


def _npm_pack(npm: str, where: Path) -> list[Path]:
    """Download the tarballs of :data:`ASSETS` into ``where``, in that order."""
    command = [npm, "pack", "--json", "--pack-destination", str(where)]
    done = subprocess.run(
        command + [asset.spec for asset in ASSETS],
        cwd=where,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        detail = done.stderr.strip().splitlines()[-5:]
        raise SlidesError("npm could not fetch the offline slide assets:\n" + "\n".join(detail))
    packed = {entry["name"]: where / entry["filename"] for entry in json.loads(done.stdout)}
    return [packed[asset.package] for asset in ASSETS]


def _unpack(tarball: Path, target: Path) -> None:
    """Unpack an npm tarball (whose files are under ``package/``) into ``target``."""
    with tarfile.open(tarball) as archive:
        members = []
        for member in archive.getmembers():
            prefix, _, rest = member.name.partition("/")
            if prefix != "package" or not rest or not (member.isfile() or member.isdir()):
                continue
            member.name = rest
            members.append(member)
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12+ / 3.11.4+: refuse odd paths
            archive.extractall(target, members=members, filter="data")
        else:  # pragma: no cover
            archive.extractall(target, members=members)


def copy_vendor(assets: Path, out_dir: Path) -> Path:
    """Copy the files offline decks load from ``assets`` into ``out_dir/vendor`` (and the
    widget renderer's icon fonts into ``out_dir/@jupyter-widgets``); return the vendor folder.

    Files already there with the same size are kept, so exporting again is quick.
    """
    vendor = Path(out_dir) / VENDOR
    for asset in ASSETS:
        package = Path(assets) / asset.folder
        for pattern in asset.files:
            matches = [path for path in package.glob(pattern) if path.is_file()]
            if not matches:
                raise SlidesError(f"{asset.spec} in {package} has no {pattern}: delete {assets}")
            for source in matches:
                _copy_if_changed(source, vendor / asset.folder / source.relative_to(package))
    for source in (Path(assets) / "html-manager" / "dist").iterdir():
        if source.suffix in FONT_SUFFIXES:
            _copy_if_changed(source, Path(out_dir) / WIDGET_FONTS / source.name)
    _copy_if_changed(anywidget_amd(), Path(out_dir) / ANYWIDGET_FILE)
    return vendor


ANYWIDGET_FILE = "anywidget.js"
"""The picture widgets' front end (anywidget), as the AMD module ``anywidget`` that the
widget renderer asks require.js for: beside the deck, where require.js looks first. The
pictures' Graphviz travels inside the widget state, so nothing else is needed."""


def anywidget_amd() -> Path:
    """The AMD build of anywidget's front end that ships in the ``anywidget`` wheel."""
    import anywidget

    return Path(anywidget.__file__).with_name("nbextension") / "index.js"


WIDGET_FONTS = "@jupyter-widgets"
"""Where the widget renderer looks for its icon fonts (Font Awesome: a button's icon, an
accordion's arrow): beside the deck, in a folder named after its require.js module, from
whose address it derives the address of its files."""
FONT_SUFFIXES = (".woff2", ".woff", ".ttf", ".eot")


def _copy_if_changed(source: Path, target: Path) -> None:
    if not target.exists() or target.stat().st_size != source.stat().st_size:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)


# --- export ---------------------------------------------------------------------------------


@functools.cache
def slides_exporter(*, offline: bool = False):
    """nbconvert's reveal.js exporter with the course's template (white theme, 16:9).

    ``offline`` points every library at the ``vendor/`` folder beside the deck; the deck's
    ``<html lang>`` is its notebook's language (:func:`with_language_tag`). Built once per
    kind and reused for every deck.
    """
    from nbconvert import SlidesExporter
    from traitlets.config import Config

    config = Config()
    options = config.SlidesExporter
    options.extra_template_basedirs = [str(TEMPLATES)]
    options.template_name = TEMPLATE_NAME
    options.reveal_theme = "white"  # the other themes import fonts from Google
    options.reveal_transition = "none"
    options.reveal_number = "c/t"
    options.reveal_scroll = True
    options.reveal_width = "1280"
    options.reveal_height = "720"
    if offline:
        for option, url in OFFLINE_URLS.items():
            options[option] = url
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {"hide-input"}
    config.TagRemovePreprocessor.remove_all_outputs_tags = {"hide-output"}
    exporter = SlidesExporter(config=config)
    exporter.register_preprocessor(_without_test_markers, enabled=True)
    exporter.register_preprocessor(without_wrappers, enabled=True)
    exporter.register_preprocessor(with_language_tag, enabled=True)
    return exporter


def with_language_tag(nb: nbformat.NotebookNode, resources: dict):
    """The page's ``<html lang>``: the full BCP-47 tag of the notebook's language
    (nbconvert's own option takes only two letters, and ``zh`` cannot tell the simplified
    edition from the traditional, whose glyphs a browser picks by it).

    >>> nb = nbformat.v4.new_notebook(metadata={"coursekit": {"language": "zh-Hant"}})
    >>> with_language_tag(nb, {"language_code": "en"})[1]
    {'language_code': 'zh-Hant'}
    """
    return nb, {**resources, "language_code": page_language(nb)}


TEST_MARKER = re.compile(r"^# NBVAL_[A-Z_]+[^\n]*\n?", re.MULTILINE)


def _without_test_markers(nb: nbformat.NotebookNode, resources: dict):
    r"""The notebook without nbval's marker lines (``# NBVAL_CHECK_OUTPUT``): they are for
    the tests, not for the class.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nx")])
    >>> _without_test_markers(nb, {})[0].cells[0].source
    'x'
    """
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = TEST_MARKER.sub("", cell.source)
    return nb, resources


def deck_path(notebook: Path, out_dir: Path) -> Path:
    """Where the deck of ``notebook`` goes: ``out_dir/NAME.slides.html``."""
    return Path(out_dir) / f"{Path(notebook).stem}.slides.html"


def export_slides(
    notebook: Path,
    out_dir: Path = DEFAULT_OUT,
    *,
    offline: bool = False,
    execute: bool = True,
    timeout: int = DEFAULT_TIMEOUT,
    say: Callable[[str], None] = _say,
) -> Path:
    """Write the slides of ``notebook`` into ``out_dir`` and return the deck's path.

    ``execute`` runs the notebook first in a fresh kernel started in its own
    folder, storing widget state. An offline deck expects the ``vendor/``
    folder that :func:`copy_vendor` writes into ``out_dir``
    (:func:`export_all` does both).
    """
    notebook = Path(notebook)
    if execute:
        nb = run_for_export(notebook, timeout=timeout, say=say)
    else:
        nb = nbformat.read(notebook, as_version=4)
    resources = {"metadata": {"name": notebook.stem}, "coursekit": {"offline": offline}}
    exporter = slides_exporter(offline=offline)
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    target = deck_path(notebook, out_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(body, encoding="utf-8")
    return target


def export_all(
    notebooks: Sequence[Path],
    out_dir: Path = DEFAULT_OUT,
    *,
    offline: bool = False,
    execute: bool = True,
    timeout: int = DEFAULT_TIMEOUT,
    assets: Path | None = None,
    say: Callable[[str], None] = _say,
    on_failure: Callable[[Path, Exception], None] | None = None,
) -> list[Path]:
    """Export each of ``notebooks`` (offline: and the vendor folder); return the decks.

    A notebook that fails to run raises, unless ``on_failure`` is given: then it is
    told about it and the others are still exported.
    """
    if offline:
        copy_vendor(fetch_assets(assets, say=say), out_dir)
    decks = []
    for nb in notebooks:
        try:
            decks.append(
                export_slides(
                    nb, out_dir, offline=offline, execute=execute, timeout=timeout, say=say
                )
            )
        except (CellExecutionError, CellTimeoutError, DeadKernelError) as error:
            if on_failure is None:
                raise
            on_failure(nb, error)
    return decks


def chapter_notebooks(root: Path = Path(), lang: str = "en") -> list[Path]:
    """The chapter notebooks of language ``lang``, in chapter order: ``notebooks/*.ipynb``
    under ``root`` for English, ``notebooks/<folder>/*.ipynb`` (its record's folder) for
    another (``notebooks/zh-Hant/``)."""
    return sorted((Path(root) / "notebooks" / record(lang).folder).glob("*.ipynb"))


def page_language(nb: nbformat.NotebookNode) -> str:
    """The BCP-47 tag of a notebook's language (its ``metadata.coursekit.language``), for
    ``<html lang>``: browsers pick a font's simplified or traditional glyphs by it.

    >>> page_language(nbformat.v4.new_notebook(metadata={"coursekit": {"language": "zh"}}))
    'zh-Hans'
    >>> page_language(nbformat.v4.new_notebook())
    'en'
    """
    named = nb.metadata.get("coursekit", {}).get("language", "en")
    try:
        return record(language_code(named)).tag
    except ValueError:
        return "en"  # an unknown language in the metadata must not stop an export


# --- the command ----------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "notebooks",
        nargs="*",
        type=Path,
        metavar="NOTEBOOK",
        help="notebooks to export (default: notebooks/*.ipynb)",
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default: {DEFAULT_OUT})"
    )
    parser.add_argument(
        "--offline",
        action="store_true",
        help="decks that need no network: libraries copied into OUT/vendor (fetched with npm once)",
    )
    parser.add_argument(
        "--no-execute",
        dest="execute",
        action="store_false",
        help="use the outputs stored in the notebooks (no widget state) instead of running them",
    )
    parser.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell")
    add_language_argument(parser)
    parser.add_argument(
        "--fetch-assets",
        action="store_true",
        help="only fetch the offline assets into the cache (for set-up scripts), export nothing",
    )


def run(args: argparse.Namespace) -> int:
    try:
        if args.fetch_assets:
            print(f"offline slide assets in {fetch_assets()}")
            return 0
        notebooks = _chosen(args.notebooks, args.lang)
        decks = export_all(
            notebooks,
            language_out(args.out, DEFAULT_OUT, args.lang),
            offline=args.offline,
            execute=args.execute,
            timeout=args.timeout,
            on_failure=_report_failure,
        )
    except SlidesError as error:
        _say(f"coursekit slides: {error}")
        return 1
    for deck in decks:
        print(f"wrote {deck}")
    if args.offline and decks:
        print(
            f"offline decks need the folders beside them ({VENDOR}/, {WIDGET_FONTS}/): "
            f"copy {args.out} whole"
        )
    return 0 if len(decks) == len(notebooks) else 1


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        type=_language_argument,
        default="en",
        metavar="|".join(LANGUAGES),
        help="the chapters of that language's edition (zh-Hant: notebooks/zh-Hant/), "
        "into OUT/zh-Hant unless --out is given",
    )


def _language_argument(text: str) -> str:
    """A language as the command line names it (``zh-TW`` is ``zh-Hant``)."""
    try:
        return language_code(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def language_out(out: Path, default: Path, lang: str) -> Path:
    """The output folder: ``default/<folder>`` for another language's chapters (its
    record's folder) unless another was given."""
    return out / record(lang).folder if out == default else out


def _chosen(notebooks: list[Path], lang: str = "en") -> list[Path]:
    """The notebooks named on the command line, or else the chapter notebooks (of ``lang``)."""
    notebooks = notebooks or chapter_notebooks(lang=lang)
    if not notebooks:
        where = Path("notebooks", record(lang).folder).as_posix()
        raise SlidesError(f"no {where}/*.ipynb here: run this in the course folder")
    for path in notebooks:
        if not path.is_file():
            raise SlidesError(f"{path}: no such notebook")
    return notebooks


def _report_failure(path: Path, error: Exception) -> None:
    """A notebook that fails to run is reported with the end of its error; the rest go on."""
    tail = "\n".join(str(error).strip().splitlines()[-12:])
    _say(f"{path}: not exported, running it failed:\n{tail}")
