"""The ``coursekit`` command and the instructor tooling behind it.

``coursekit doctor`` checks a set-up; ``coursekit execute`` runs notebooks in a
fresh kernel (with a timeout and one retry); further sub-commands release
exercises, grade submissions and export slides. Each sub-command is one
module here with ``add_arguments(parser)`` and ``run(args)``, listed with a one-line help
in :data:`coursekit.tools.cli.COMMANDS`.
"""
