"""Export notebooks as static HTML pages that work with no kernel and no network.

Each notebook is run in a fresh kernel storing the state of every widget, then
nbconvert's HTML exporter writes one page. require.js, jQuery, MathJax and the
widget renderer come from the ``vendor/`` folder that ``coursekit slides
--offline`` also uses (fetched once with npm), and anywidget's front end is
copied beside the pages: the pictures (a WebAssembly Graphviz inside the widget
state) draw and their step-throughs step, with zero requests off the machine.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Sequence
from pathlib import Path

from coursekit.tools.notebooks.execute import DEFAULT_TIMEOUT, run_for_export
from coursekit.tools.site.slides import (
    OFFLINE_URLS,
    SlidesError,
    _chosen,
    _say,
    add_language_argument,
    copy_vendor,
    fetch_assets,
    language_out,
    with_language_tag,
)

DEFAULT_OUT = Path("build") / "html"
# The HTML exporter's options for the libraries it loads (reveal.js is for slides only).
PAGE_OPTIONS = ("require_js_url", "jquery_url", "mathjax_url", "widget_renderer_url")


@functools.cache
def html_exporter(theme: str = "light"):
    """nbconvert's HTML exporter pointed at the ``vendor/`` folder beside the pages.

    ``theme`` is JupyterLab's ``"light"`` or ``"dark"`` theme; the page's ``<html lang>`` is
    its notebook's language, a BCP-47 tag (``zh-Hant``: browsers then choose traditional
    glyphs; :func:`coursekit.tools.site.slides.with_language_tag`).
    """
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    config = Config()
    for option in PAGE_OPTIONS:
        config.HTMLExporter[option] = OFFLINE_URLS[option]
    config.HTMLExporter.theme = theme
    exporter = HTMLExporter(config=config)
    exporter.register_preprocessor(with_language_tag, enabled=True)
    return exporter


def page_path(notebook: Path, out_dir: Path) -> Path:
    """Where the page of ``notebook`` goes: ``out_dir/NAME.html``."""
    return Path(out_dir) / f"{Path(notebook).stem}.html"


def export_html(
    notebook: Path,
    out_dir: Path = DEFAULT_OUT,
    *,
    timeout: int = DEFAULT_TIMEOUT,
    theme: str = "light",
    say: Callable[[str], None] = _say,
) -> Path:
    """Run ``notebook`` (storing widget state) and write its page into ``out_dir``.

    The page expects the folders :func:`coursekit.tools.site.slides.copy_vendor` writes
    into ``out_dir`` (:func:`export_pages` does both).
    """
    notebook = Path(notebook)
    nb = run_for_export(notebook, timeout=timeout, say=say)
    body, _ = html_exporter(theme).from_notebook_node(
        nb, resources={"metadata": {"name": notebook.stem}}
    )
    target = page_path(notebook, out_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(body, encoding="utf-8")
    return target


def export_pages(
    notebooks: Sequence[Path],
    out_dir: Path = DEFAULT_OUT,
    *,
    timeout: int = DEFAULT_TIMEOUT,
    theme: str = "light",
    assets: Path | None = None,
    say: Callable[[str], None] = _say,
) -> list[Path]:
    """Export each of ``notebooks`` and the libraries beside them; return the pages."""
    copy_vendor(fetch_assets(assets, say=say), out_dir)
    return [export_html(nb, out_dir, timeout=timeout, theme=theme, say=say) for nb in notebooks]


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
    parser.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell")
    parser.add_argument(
        "--theme", choices=("light", "dark"), default="light", help="JupyterLab theme of the pages"
    )
    add_language_argument(parser)


def run(args: argparse.Namespace) -> int:
    try:
        out = language_out(args.out, DEFAULT_OUT, args.lang)
        notebooks = _chosen(args.notebooks, args.lang)
        pages = export_pages(notebooks, out, timeout=args.timeout, theme=args.theme)
    except SlidesError as error:
        _say(f"coursekit html: {error}")
        return 1
    for page in pages:
        print(f"wrote {page}")
    return 0
