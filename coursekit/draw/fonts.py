"""Fonts for charts (matplotlib): Latin text in DejaVu Sans, Chinese in the first font
installed of the language's record, so that a chapter's axis labels and legends are not
boxes — and a traditional chapter's are drawn with traditional glyphs (Noto Sans CJK TC).

Each language's record names its fonts (``coursekit/locale/<code>/language.json``,
:mod:`coursekit.languages`). Matplotlib is imported only when a chart asks (the web
edition's kernel may lack it).
"""

from __future__ import annotations

import functools

from coursekit.languages import font_stack, record
from coursekit.text import language


def cjk_fonts(code: str | None = None) -> tuple[str, ...]:
    """The fonts to try for language ``code`` (default: the language spoken now), its own
    first (:func:`coursekit.languages.font_stack`).

    >>> cjk_fonts("zh-Hant")[0], cjk_fonts("zh")[0]
    ('Noto Sans CJK TC', 'Noto Sans CJK SC')
    """
    return font_stack(code or language())


def cjk_font() -> str | None:
    """The first installed font of :func:`cjk_fonts` for the language spoken now, if any."""
    return _first_installed(cjk_fonts())


@functools.cache
def _first_installed(fonts: tuple[str, ...]) -> str | None:
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in fonts if name in installed), None)


def chart_font_family() -> list[str]:
    """Matplotlib's ``font.family`` for a chart: DejaVu Sans, then a Chinese font when one
    is installed (matplotlib falls back glyph by glyph along the list) — the Chinese font
    first when the language spoken has fonts of its own in its record (Chinese): a label with
    mathematics (``"极小极大：$B^D$"``) is set by mathtext, which writes the text around the
    formula in the first font of the list alone, with no fallback (DejaVu Sans would draw
    the Chinese as boxes).

    >>> chart_font_family()[0]
    'DejaVu Sans'
    """
    cjk = cjk_font()
    if not cjk:
        return ["DejaVu Sans"]
    return [cjk, "DejaVu Sans"] if record(language()).fonts else ["DejaVu Sans", cjk]
