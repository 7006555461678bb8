"""Notebooks as the tools read, release and run them: the floor every other room stands on.

* :mod:`~coursekit.tools.notebooks.exercise` — the cell conventions of an exercise set
  (``solutions/NN_topic.ipynb``: graded cells, answer cells, parts) and what release does;
* :mod:`~coursekit.tools.notebooks.execute` — running a notebook top to bottom in a fresh
  kernel, with a timeout and one retry;
* :mod:`~coursekit.tools.notebooks.speaker_notes` — speaker notes as a closed
  "Lecturer's notes" line.

Import contract (``pyproject.toml``): this room imports no other room of the tools.
"""

from coursekit.lazy import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "ExerciseSet": "coursekit.tools.notebooks.exercise",
        "ExerciseFormatError": "coursekit.tools.notebooks.exercise",
        "load_exercise_set": "coursekit.tools.notebooks.exercise",
        "load_exercise_sets": "coursekit.tools.notebooks.exercise",
        "read_notebook": "coursekit.tools.notebooks.exercise",
        "released_notebook": "coursekit.tools.notebooks.exercise",
        "execute_notebook": "coursekit.tools.notebooks.execute",
        "run_for_export": "coursekit.tools.notebooks.execute",
        "wrap_notes": "coursekit.tools.notebooks.speaker_notes",
    },
)
