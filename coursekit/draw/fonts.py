"""Fonts for charts (matplotlib): Latin text in DejaVu Sans, Chinese in the first
Chinese font installed, so that a Chinese chapter's axis labels and legends are not boxes.

Matplotlib is imported only when a chart asks (the web edition's kernel may lack it).
"""

from __future__ import annotations

import functools

CJK_FONTS = ("WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC", "SimHei",
             "Microsoft YaHei", "PingFang SC", "Heiti SC")  # fmt: skip
"""Chinese fonts of Linux, Windows and macOS desktops, the first one installed is used."""


@functools.cache
def cjk_font() -> str | None:
    """The first installed font of :data:`CJK_FONTS`, if any."""
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in CJK_FONTS if name in installed), None)


def chart_font_family() -> list[str]:
    """Matplotlib's ``font.family`` for a chart: DejaVu Sans, then a Chinese font when one
    is installed (matplotlib falls back glyph by glyph along the list).

    >>> chart_font_family()[0]
    'DejaVu Sans'
    """
    cjk = cjk_font()
    return ["DejaVu Sans", cjk] if cjk else ["DejaVu Sans"]
