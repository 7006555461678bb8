"""Releasing, checking and grading exercise notebooks (``coursekit release``, ``check``,
``grade``).

* :mod:`~coursekit.tools.grading.batch` — ``coursekit grade``: a class's notebooks, here or
  on Dask workers, with a journal;
* :mod:`~coursekit.tools.grading.grade` — one submission judged: read, merged into the
  instructor's notebook (:mod:`~coursekit.tools.grading.merge`), run in the sandbox, each
  part given its points (:mod:`~coursekit.tools.grading.part_grades`,
  :mod:`~coursekit.tools.grading.student_function`);
* :mod:`~coursekit.tools.grading.record`, :mod:`~coursekit.tools.grading.report` — what a
  grading found, and ``grades.csv`` and the feedback files;
* :mod:`~coursekit.tools.grading.check`, :mod:`~coursekit.tools.grading.nbval_cells` —
  ``coursekit check``: the graded cells as tests;
* :mod:`~coursekit.tools.grading.release`, :mod:`~coursekit.tools.grading.review`.

Import contract (``pyproject.toml``): stands on :mod:`coursekit.tools.sandbox` and
:mod:`coursekit.tools.notebooks`; a batch on workers uses the tournament's cluster and
journal (:mod:`coursekit.tools.tournament.cluster`), never the other way round.
"""

from coursekit.lazy import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "grade_batch": "coursekit.tools.grading.batch",
        "grade_all": "coursekit.tools.grading.grade",
        "grade_submission": "coursekit.tools.grading.grade",
        "Settings": "coursekit.tools.grading.record",
        "Grade": "coursekit.tools.grading.record",
        "PartGrade": "coursekit.tools.grading.record",
        "write_csv": "coursekit.tools.grading.report",
        "write_feedback": "coursekit.tools.grading.report",
        "run_cells": "coursekit.tools.grading.check",
        "CheckError": "coursekit.tools.grading.check",
    },
)
