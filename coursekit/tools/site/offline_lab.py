"""The offline lab's kernel without numpy, scipy and matplotlib: one line instead of a chart.

An offline site (``coursekit site --offline``) bundles Pyodide from npm, which holds its
runtime but none of its compiled packages: numpy, scipy and matplotlib are on Pyodide's
CDN only (neither PyPI nor npm has them built for Pyodide). In such a lab the first cell of
a notebook that needs them says so in one line and calls :func:`go_on_without_charts`:
from then on, a cell that stops because one of them is missing prints one line instead of
a traceback and ends without an error, so that "Run All" goes on to the next cell. Any other
error is raised as before. This module imports nothing heavy: it runs in the browser.
"""

from __future__ import annotations

import ast
import importlib.util
import sys

from coursekit.text import say

SCIENTIFIC = ("numpy", "scipy", "matplotlib")
GUARD = "__coursekit_offline__"  # the name the guarded cells call this module by


def missing_scientific() -> list[str]:
    """The packages of :data:`SCIENTIFIC` that this Python cannot import.

    >>> set(missing_scientific()) <= set(SCIENTIFIC)
    True
    """
    return [name for name in SCIENTIFIC if importlib.util.find_spec(name) is None]


def skipped(error: ModuleNotFoundError) -> bool:
    """Print the line that stands for a cell stopped by ``error``, if a missing numpy, scipy
    or matplotlib stopped it; whether it did (else the cell raises ``error`` again).

    >>> skipped(ModuleNotFoundError("No module named 'numpy'", name="numpy"))  # doctest: +ELLIPSIS
    numpy is not in this offline lab: this cell needs it and is skipped (...).
    True
    >>> skipped(ModuleNotFoundError("No module named 'chess'", name="chess"))
    False
    """
    package = (error.name or "").split(".")[0]
    if package not in SCIENTIFIC:
        return False
    print(say("edition.lab_skipped", package=package))
    return True


class GoOnWithoutCharts(ast.NodeTransformer):
    """Wrap a cell's code in ``try: … except ModuleNotFoundError``, the handler printing
    :func:`skipped`'s line (or raising again). The last expression is still the cell's
    result: :func:`result` hands it to ``sys.displayhook``, as IPython does.

    >>> tree = GoOnWithoutCharts().visit(ast.parse("import numpy\\nnumpy.pi"))
    >>> print(ast.unparse(tree))
    try:
        import numpy
        __coursekit_offline__.result(numpy.pi)
    except ModuleNotFoundError as __coursekit_error__:
        if not __coursekit_offline__.skipped(__coursekit_error__):
            raise
    """

    def visit_Module(self, node: ast.Module) -> ast.Module:
        body = list(node.body)
        if not body:
            return node
        if isinstance(body[-1], ast.Expr):
            body[-1] = ast.Expr(_call(f"{GUARD}.result", body[-1].value))
        handler = ast.parse(
            "try:\n    pass\nexcept ModuleNotFoundError as __coursekit_error__:\n"
            f"    if not {GUARD}.skipped(__coursekit_error__):\n        raise"
        ).body[0]
        handler.body = body
        node.body = [handler]
        return ast.fix_missing_locations(node)


def _call(function: str, argument: ast.expr) -> ast.Call:
    """The call ``function(argument)`` (``function`` written as Python)."""
    call = ast.parse(f"{function}(None)", mode="eval").body
    call.args = [argument]
    return call


def result(value: object) -> None:
    """Show ``value`` as the result of the cell (``Out[n]``), as IPython shows a cell's last
    expression: through ``sys.displayhook``."""
    sys.displayhook(value)


def go_on_without_charts(lang: str | None = None) -> bool:
    """In the running IPython, when numpy, scipy or matplotlib is missing: say so in one
    line (in ``lang``) and guard every cell run from now on (:class:`GoOnWithoutCharts`).
    Returns whether it did; calling it again changes nothing.
    """
    from IPython import get_ipython

    shell = get_ipython()
    missing = missing_scientific()
    if shell is None or not missing:
        return False
    if not any(isinstance(t, GoOnWithoutCharts) for t in shell.ast_transformers):
        shell.user_ns[GUARD] = sys.modules[__name__]
        shell.ast_transformers.append(GoOnWithoutCharts())
        print(say("edition.lab_offline", packages=", ".join(missing), lang=lang))
    return True
