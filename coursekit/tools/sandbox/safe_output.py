"""Text from student code, made safe to write where a person opens it.

What a submission or an entry controls — its file name, an error message its
code raised, a hint quoting its answer — ends up in ``grades.csv``,
``standings.csv``, the standings page and the feedback files. There it must
stay text:

* a spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a
  tab or carriage return before one) as a formula: :func:`csv_cell` puts a
  ``'`` in front (the usual rule; a number stays a number);
* a browser runs HTML and follows ``javascript:`` links: :func:`html_text`
  escapes it for a page, :func:`markdown_text` for a Markdown file (where
  ``[text](javascript:…)``, ``<script>`` and autolinks would be live).

Both the grader (:mod:`coursekit.tools.grading.grade`) and the tournament
(:mod:`coursekit.tools.tournament.command`) write through these functions.
"""

from __future__ import annotations

import html
import re

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet takes for the start of a formula (OWASP's list)."""

NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")

MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~>-])")


def csv_cell(value: object) -> str:
    """``value`` as a CSV cell that no spreadsheet takes for a formula.

    >>> csv_cell('=HYPERLINK("http://x", "click")')
    '\\'=HYPERLINK("http://x", "click")'
    >>> csv_cell("-3.5"), csv_cell(2), csv_cell("@SUM(A1)"), csv_cell("\\t=1")
    ('-3.5', '2', "'@SUM(A1)", "'\\t=1")
    """
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_row(values: list[object]) -> list[str]:
    """Every cell of a row through :func:`csv_cell`."""
    return [csv_cell(value) for value in values]


def html_text(value: object) -> str:
    """``value`` as text inside an HTML page (tags and quotes escaped).

    >>> html_text('<a href="javascript:alert(1)">x</a>')
    '&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;'
    """
    return html.escape(str(value), quote=True)


def markdown_text(value: object) -> str:
    """``value`` as plain text inside Markdown: no HTML, no link, no emphasis.

    HTML's ``<``, ``>`` and ``&`` become entities; Markdown's own signs get a
    backslash, so ``[x](javascript:alert(1))`` shows as written.

    >>> markdown_text("[x](javascript:alert(1)) <b>bold</b>")
    '\\\\[x\\\\]\\\\(javascript:alert\\\\(1\\\\)\\\\) &lt;b&gt;bold&lt;/b&gt;'
    """
    text = html.escape(str(value), quote=False)
    return MARKDOWN_SPECIAL.sub(r"\\\1", text)
