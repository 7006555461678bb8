"""The fonts to try for a language, in order: read from the languages' records.

Apart from :mod:`coursekit.draw.fonts` (which asks matplotlib what is installed) so that the
pictures, which only name fonts for the browser (``graph_view.font_rules``), import nothing
that needs numpy: the browser's Python may lack it (``coursekit.tools.lite`` tells which
modules do by what they import).
"""

from __future__ import annotations

from coursekit.languages import record, records
from coursekit.text import language


def cjk_fonts(code: str | None = None) -> tuple[str, ...]:
    """The fonts to try for language ``code`` (default: the language spoken now): its own
    record's first, then every other language's, so that Chinese still draws where only
    the other script's fonts are installed.

    >>> cjk_fonts("zh-Hant")[0], cjk_fonts("zh")[0]
    ('Noto Sans CJK TC', 'Noto Sans CJK SC')
    >>> "Noto Sans CJK SC" in cjk_fonts("zh-Hant")
    True
    """
    own = record(code or language()).fonts
    others = (font for other in records() for font in other.fonts)
    return tuple(dict.fromkeys((*own, *others)))
