"""The course in other languages: translation files, derived editions, the glossary.

* :mod:`~coursekit.tools.translation.translate` — ``coursekit translate``: one translation
  file per notebook, checked and built into its edition;
* :mod:`~coursekit.tools.translation.derive` — editions derived from another (traditional
  Chinese from simplified);
* :mod:`~coursekit.tools.translation.editions` — where each language's edition lives;
* :mod:`~coursekit.tools.translation.glossary`,
  :mod:`~coursekit.tools.translation.code_words` — the course's terms, and the words of a
  translated exercise's code;
* :mod:`~coursekit.tools.translation.languages` — ``coursekit languages``.

Import contract (``pyproject.toml``): stands on :mod:`coursekit.tools.notebooks`; imports
nothing of grading, the tournament or the site.
"""

from coursekit.lazy import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "build": "coursekit.tools.translation.translate",
        "check": "coursekit.tools.translation.translate",
        "update": "coursekit.tools.translation.translate",
        "translated_languages": "coursekit.tools.translation.editions",
    },
)
