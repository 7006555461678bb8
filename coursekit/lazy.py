"""Names a package exports, imported only when first used (PEP 562).

``from coursekit.widgets import TreeExplorer`` should cost the tree explorer's
imports, not numpy and matplotlib for the payoff editor beside it: in the
browser's Python (JupyterLite) numpy is a download of several MB, and offline
it may not be there at all. A package lists where each of its names lives,
and :func:`lazy_exports` gives it the module-level ``__getattr__`` and
``__dir__`` that import the right module on first use.

>>> getattr_, dir_ = lazy_exports("json", {"dumps": "json"})
>>> getattr_("dumps")([1, 2])
'[1, 2]'
>>> getattr_("nothing")
Traceback (most recent call last):
  ...
AttributeError: module 'json' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(
    package: str, where: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` for the names in ``where``.

    Parameters
    ----------
    package:
        The package's ``__name__`` (for the error message).
    where:
        Each exported name → the module that defines it.

    Returns
    -------
    ``(__getattr__, __dir__)``, to assign at the package's top level.

    Raises
    ------
    AttributeError
        For a name the package does not export, as for any module.
    """

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(where[name]), name)

    def __dir__() -> list[str]:
        return sorted(where)

    return __getattr__, __dir__
