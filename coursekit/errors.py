"""The package's own error type, the common base of every "bad input" error.

Every public function and constructor of coursekit answers bad input with an
error derived from :class:`CoursekitError` whose message names the argument
and what was expected, never with a bare ``KeyError``, ``TypeError`` or
``RecursionError`` from deep inside, and never with a silent wrong answer.
Each part of the package has its own subclass (``SearchError``,
``GameTreeError``, ``RuleSyntaxError``, ``PayoffError``, …), so a caller can
catch one part's errors or all of them. It derives from :class:`ValueError`,
so code written against the old errors keeps working.

>>> from coursekit.games import tree_size
>>> try:
...     tree_size(0, 3)
... except CoursekitError as error:
...     print(type(error).__name__)
GameTreeError
"""

from __future__ import annotations


class CoursekitError(ValueError):
    """Bad input to coursekit: the message says which argument and what was expected.

    In a notebook it shows as one line, ``GameTreeError: line 1, column 4: …``, instead of
    a traceback through coursekit's own code (IPython asks an exception for
    ``_render_traceback_`` before it formats one): the message is the lesson.

    >>> CoursekitError("depth must be at least 1, got 0")._render_traceback_()
    ['CoursekitError: depth must be at least 1, got 0']
    """

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]
