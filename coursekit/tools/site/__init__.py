"""What readers open: slides, static HTML, the web book and its lab in the browser.

* :mod:`~coursekit.tools.site.book` — ``coursekit site``: the web book (chapters in every
  language, the glossary, the index);
* :mod:`~coursekit.tools.site.slides` — ``coursekit slides``: reveal.js decks, offline;
* :mod:`~coursekit.tools.site.static_html` — ``coursekit html``: pages with no kernel;
* :mod:`~coursekit.tools.site.lite`, :mod:`~coursekit.tools.site.lite_patches`,
  :mod:`~coursekit.tools.site.offline_lab` — the lab in the browser (JupyterLite, Pyodide).

Import contract (``pyproject.toml``): stands on :mod:`coursekit.tools.notebooks`; imports
nothing of grading, the tournament or translation.
"""

from coursekit.lazy import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "build_site": "coursekit.tools.site.book",
        "export_slides": "coursekit.tools.site.slides",
        "export_all": "coursekit.tools.site.slides",
        "export_html": "coursekit.tools.site.static_html",
        "build_lab": "coursekit.tools.site.lite",
    },
)
