"""``python -m coursekit`` runs the ``coursekit`` command."""

from coursekit.tools.cli import main

raise SystemExit(main())
