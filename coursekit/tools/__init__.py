"""The ``coursekit`` command and the instructor tooling behind it.

``coursekit doctor`` checks a set-up; ``coursekit execute`` runs notebooks in a
fresh kernel (with a timeout and one retry); further sub-commands release
exercises, grade submissions and export slides. Each sub-command is one
module here with ``add_arguments(parser)`` and ``run(args)``, listed with a one-line help
in :data:`coursekit.tools.cli.COMMANDS`.
"""

import sys


def skip_slow_optional_imports() -> None:
    """Make jsonschema skip ``rfc3987_syntax`` in this process (called by the commands).

    jsonschema, under nbformat, imports ``rfc3987_syntax`` when it is installed (JupyterLab
    brings it), and that module builds a grammar on import: about 1.5 s for every command
    that reads a notebook, for URI formats that notebook validation never checks. A None
    entry in ``sys.modules`` makes that optional import fail as if the module were absent.
    """
    sys.modules.setdefault("rfc3987_syntax", None)
