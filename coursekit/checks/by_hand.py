"""By-hand answers, read from the answer cell's text: the same way by the grader and the notebook.

An exercise part worked out by hand (an exam question) is answered with the
values themselves. The grader never runs such an answer cell: it reads the
values from the cell's text (:func:`literal_answers`), so that nothing a
student's code could do decides the grade. What it accepts is what a person
with a calculator writes:

* numbers, strings, ``True``/``False``/``None``, lists, tuples, sets, dicts;
* arithmetic on numbers: ``+ - * / // %`` and powers ``**`` (``x ** 0.5`` for a
  square root), with brackets;
* the calculator's keys from :mod:`math`: ``math.sqrt``, ``math.log`` (one or two
  arguments), ``math.log10``, ``math.log2``, ``math.exp``, ``math.pi``, ``math.e``,
  ``math.inf``, and ``float("inf")``; ``round(x)``, ``round(x, n)``, ``abs(x)``;
* fractions: ``Fraction(1, 3)`` once the cell says ``from fractions import Fraction``
  (``1 / 3`` is the same number as a float);
* ``import math``, ``from math import sqrt, log`` (then ``sqrt(…)``), ``from fractions
  import Fraction``: imports of those two modules, which read nothing.

Anything else — a call of another function, a loop, a comprehension, a name of
the notebook — is code, and is refused with the reason (:class:`NotLiteral`).

**One verdict.** A check whose answers are worked out by hand is marked with
:func:`by_hand`. Run in a notebook, it reads the answer from the text of the cell
that set it (IPython keeps the cells a kernel ran) with the same reader, and
judges *those* values: an answer written ``(2.3026 / 5) ** 0.5`` is accepted in the
notebook, by ``coursekit check`` and by ``coursekit grade`` alike, and an answer
that is code is refused by all three with the same hint.

>>> literal_answers("u = 3/5 + 1.4142 * (2.3026 / 5) ** 0.5", ("u",))
{'u': 1.5596990853662414}
"""

from __future__ import annotations

import ast
import contextvars
import functools
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

MAX_LITERAL_CHARACTERS = 200_000
"""The longest answer cell read as literals."""

MAX_EXPONENT = 100
"""The largest power ``x ** n`` read (in size): a by-hand answer needs no more."""

MAX_OPERAND = 1e15
"""The largest number arithmetic is done on (in size): beyond it, an answer is not by hand."""

MAX_BITS = 5000
"""The most bits of a whole number, or of a fraction's numerator and denominator, computed."""

MAX_DIGITS = 20
"""The most digits ``round(x, n)`` rounds to, and the longest number ``Fraction("…")`` reads."""

CALCULATOR = {
    "sqrt": math.sqrt,
    "log": math.log,
    "log10": math.log10,
    "log2": math.log2,
    "exp": math.exp,
}
"""The functions of :mod:`math` a by-hand answer may call: a calculator's keys."""

CONSTANTS = {"pi": math.pi, "e": math.e, "inf": math.inf}
"""The constants of :mod:`math` a by-hand answer may name."""

_NAMED = {"None": None, "True": True, "False": False, "Ellipsis": ..., "inf": math.inf}
_CONTAINERS = {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset, "dict": dict}
_ARITHMETIC = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a**b,
}
_IMPORTABLE = {"math": {**CALCULATOR, **CONSTANTS}, "fractions": {"Fraction": Fraction}}


class NotLiteral(ValueError):
    """An answer that must be literals holds code.

    Its text (``str``) is English; made by :meth:`of`, it also keeps its message's key and
    values so that :func:`by_hand_hint` says it in the notebook's language.
    """

    def __init__(self, text: str, key: str | None = None, **values: Any) -> None:
        super().__init__(text)
        self.key, self.values = key, values

    @classmethod
    def of(cls, key: str, **values: Any) -> NotLiteral:
        """The problem ``key`` (a message of ``coursekit/locale/*/parts.json``)."""
        from coursekit.text import say

        return cls(say(key, lang="en", **values), key, **values)

    def said(self, lang: str | None = None) -> str:
        """The problem in ``lang`` (None: the chosen language); code found is quoted as is."""
        from coursekit.text import say

        return say(self.key, lang=lang, **self.values) if self.key else str(self)


# ------------------------------------------------------------------ the reader


def _number(value: Any) -> bool:
    return isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)


class _Reader:
    """Reads the expressions of one answer cell, and notes what its imports name: the modules
    (``import math``) and the names taken from them (``from math import sqrt``)."""

    def __init__(self) -> None:
        self.modules: set[str] = set()
        self.imported: dict[str, Any] = {}

    def value(self, node: ast.AST) -> Any:
        """The value of one expression made of literals and calculator keys."""
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = [self.value(e) for e in node.elts]
            return {ast.List: list, ast.Tuple: tuple, ast.Set: set}[type(node)](items)
        if isinstance(node, ast.Dict):
            if any(k is None for k in node.keys):
                raise NotLiteral.of("parts.double_star")
            pairs = zip(node.keys, node.values, strict=True)
            return {self.value(k): self.value(v) for k, v in pairs}
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = self.value(node.operand)
            if _number(operand):
                return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
            return self.arithmetic(node)
        if isinstance(node, (ast.Name, ast.Attribute)):
            return self.named(node)
        if (isinstance(node, ast.Call) and not node.keywords) or _is_dict_call(node):
            return self.call(node)
        raise NotLiteral(ast.unparse(node)[:60])

    def arithmetic(self, node: ast.BinOp) -> Any:
        """``left op right`` on numbers of a person's size, computed as Python computes it."""
        left, right = self.value(node.left), self.value(node.right)
        fits = _number(left) and _number(right) and max(abs(left), abs(right)) < MAX_OPERAND
        if isinstance(node.op, ast.Pow) and fits:
            fits = abs(right) <= MAX_EXPONENT
        if not fits:
            raise NotLiteral(ast.unparse(node)[:60])
        return _computed(node, lambda: _ARITHMETIC[type(node.op)](left, right))

    def named(self, node: ast.Name | ast.Attribute) -> Any:
        """A constant: ``None``, ``True``, ``inf``, ``math.pi``, or a name an import gave."""
        name = ast.unparse(node)
        if name in _NAMED:
            return _NAMED[name]
        module, _, attribute = name.partition(".")
        if module == "math" and attribute in CONSTANTS:
            return CONSTANTS[attribute]
        if name in self.imported and not callable(self.imported[name]):
            return self.imported[name]
        for module, names in _IMPORTABLE.items():
            if name in names:
                raise NotLiteral.of("parts.not_imported", name=name, module=module)
        raise NotLiteral.of("parts.the_name", name=name)

    def call(self, node: ast.Call) -> Any:
        """A calculator key, ``round``, ``abs``, ``Fraction``, ``float("inf")`` or a container."""
        name = ast.unparse(node.func)
        function = self.function(name)
        if function is None:
            raise NotLiteral(ast.unparse(node)[:60])
        args = [self.value(a) for a in node.args]
        if function in _CONTAINERS.values():
            return _container(function, args, {k.arg: self.value(k.value) for k in node.keywords})
        if not _takes(function, args):
            raise NotLiteral(ast.unparse(node)[:60])
        return _computed(node, lambda: function(*args))

    def function(self, name: str) -> Callable[..., Any] | None:
        """The function a call names, if a by-hand answer may call it."""
        module, _, attribute = name.partition(".")
        if module == "math" and attribute in CALCULATOR:
            return CALCULATOR[attribute]
        if name == "fractions.Fraction" and "fractions" in self.modules:
            return Fraction
        if callable(self.imported.get(name)):
            return self.imported[name]
        if name in CALCULATOR or name == "Fraction":
            module = "math" if name in CALCULATOR else "fractions"
            raise NotLiteral.of("parts.not_imported", name=name, module=module)
        return {"round": round, "abs": abs, "float": float, **_CONTAINERS}.get(name)

    def statement(self, statement: ast.stmt, found: dict[str, Any]) -> None:
        """Read one statement of the cell into ``found`` (``name → value``)."""
        if isinstance(statement, ast.Raise):
            return
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            return  # a string standing alone: a note
        if isinstance(statement, (ast.Import, ast.ImportFrom)) and self.imports(statement):
            return
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            if all(isinstance(t, ast.Name) for t in targets):
                try:
                    value = self.value(statement.value)
                except RecursionError:
                    raise NotLiteral.of("parts.too_deep") from None
                except TypeError as error:  # {[1]: 2}: a list cannot be a key, in Python too
                    code = ast.unparse(statement.value)[:60]
                    raise NotLiteral.of(
                        "parts.cannot_compute", code=code, error=type(error).__name__
                    ) from None
                found.update(dict.fromkeys((t.id for t in targets), value))
                return
        raise NotLiteral(ast.unparse(statement).splitlines()[0][:60])

    def imports(self, statement: ast.Import | ast.ImportFrom) -> bool:
        """Note what ``import math`` or ``from math import sqrt`` names; False for other imports."""
        if isinstance(statement, ast.Import):
            modules = [alias.name for alias in statement.names if alias.asname is None]
            if len(modules) < len(statement.names) or not set(modules) <= set(_IMPORTABLE):
                return False
            self.modules.update(modules)
            return True
        names = _IMPORTABLE.get(statement.module or "", {})
        wanted = [alias.name for alias in statement.names if alias.asname is None]
        if statement.level or len(wanted) < len(statement.names) or not set(wanted) <= set(names):
            return False
        self.imported.update({name: names[name] for name in wanted})
        return True


def _is_dict_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and ast.unparse(node.func) == "dict"


def _container(kind: type, args: list[Any], keywords: dict[str | None, Any]) -> Any:
    if len(args) > 1 or None in keywords or (keywords and kind is not dict):
        raise NotLiteral(f"{kind.__name__}(…)")
    return kind(*args, **keywords)


def _takes(function: Callable[..., Any], args: list[Any]) -> bool:
    """Are ``args`` what ``function`` (a calculator key) takes in a by-hand answer?"""
    if function is float:
        return args in (["inf"], ["-inf"])
    if function is Fraction:
        return 1 <= len(args) <= 2 and all(_number(a) or _fraction_text(a) for a in args)
    if function is round:
        digits = args[1] if len(args) == 2 else 0
        whole = isinstance(digits, int) and not isinstance(digits, bool)
        return 1 <= len(args) <= 2 and _number(args[0]) and whole and abs(digits) <= MAX_DIGITS
    limit = 2 if function is math.log else 1
    return 1 <= len(args) <= limit and all(_number(a) for a in args)


def _fraction_text(text: Any) -> bool:
    """Is ``text`` a short fraction or decimal such as ``"1/3"`` or ``"0.25"`` (no exponent)?"""
    return (
        isinstance(text, str)
        and len(text) <= 2 * MAX_DIGITS
        and set(text) <= set("0123456789+-/. _")
    )


def _too_large(value: Any) -> bool:
    """A whole number or fraction with more than :data:`MAX_BITS` bits is not by hand."""
    if isinstance(value, Fraction):
        return max(value.numerator.bit_length(), value.denominator.bit_length()) > MAX_BITS
    return isinstance(value, int) and value.bit_length() > MAX_BITS


def _computed(node: ast.AST, compute: Callable[[], Any]) -> Any:
    """``compute()``, or the reason it cannot be computed (``1 / 0``, ``math.sqrt(-1)``)."""
    try:
        value = compute()
    except (ArithmeticError, ValueError) as error:
        raise NotLiteral.of(
            "parts.cannot_compute", code=ast.unparse(node)[:60], error=type(error).__name__
        ) from None
    if isinstance(value, complex) or _too_large(value):
        error = "complex" if isinstance(value, complex) else "too large"
        raise NotLiteral.of("parts.cannot_compute", code=ast.unparse(node)[:60], error=error)
    return value


def literal_answers(source: str, names: tuple[str, ...]) -> dict[str, Any]:
    """The values an answer cell gives ``names``, read from its text without running it.

    Each statement must be ``name = expression`` with an expression of literals and
    calculator keys (see the module's docstring), an import of :mod:`math` or
    :mod:`fractions`, or ``raise NotImplementedError`` (an unanswered stub). A later
    assignment wins, as it would when the cell runs.

    Parameters
    ----------
    source
        The answer cell's text.
    names
        The variables wanted; others the cell sets are left out.

    Returns
    -------
    dict
        ``name → value`` for each of ``names`` the cell sets.

    Raises
    ------
    NotLiteral
        When a statement is anything else (another call, a loop, an import, ...), or an
        expression cannot be computed (``1 / 0``).

    Examples
    --------
    >>> literal_answers("x = None; x = {'A': 3, 'B': -math.inf}", ("x",))
    {'x': {'A': 3, 'B': -inf}}
    >>> literal_answers("from math import sqrt\\nx = round(sqrt(2), 2)", ("x",))
    {'x': 1.41}
    """
    if len(source) > MAX_LITERAL_CHARACTERS:
        raise NotLiteral.of("parts.too_long", count=len(source))
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError, SystemError) as error:
        raise NotLiteral.of("parts.not_python", error=type(error).__name__) from None
    reader, found = _Reader(), {}
    for statement in tree.body:
        reader.statement(statement, found)
    return {name: found[name] for name in names if name in found}


def answers_in_cells(names: Sequence[str], sources: Iterable[str | None]) -> dict[str, Any]:
    """The values of ``names``, read from the literals of the cells (in order) that set them.

    ``sources`` are answer cells (``None`` for a missing one); a cell that binds none of
    ``names`` is not read. Raises :class:`NotLiteral` when a cell that sets one holds code.
    """
    found: dict[str, Any] = {}
    for source in sources:
        if source is not None and bound_names(source, names):
            found.update(literal_answers(source, tuple(names)))
    return found


def by_hand_answers(part: Any, sources: list[str | None]) -> dict[str, Any]:
    """The values of a by-hand ``part`` (a :class:`~coursekit.checks.parts.Value`) in cells."""
    return answers_in_cells(part.names, sources)


def bound_names(source: str, names: Iterable[str]) -> set[str]:
    """Those of ``names`` that the cell ``source`` binds outside its functions and classes.

    Loops and ifs count; for code too long or unreadable, any mention of a name does.

    >>> sorted(bound_names("for i in range(3):\\n    x = i\\ndef f():\\n    y = 1", "ixy"))
    ['i', 'x']
    """
    try:
        tree = None if len(source) > MAX_LITERAL_CHARACTERS else ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError, SystemError):
        tree = None
    wanted = set(names)
    if tree is None:
        return {name for name in wanted if name in source}
    found = set()
    scopes = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id in wanted:
            found.add(node.id)
        elif not isinstance(node, scopes):
            stack.extend(ast.iter_child_nodes(node))
    return found


def by_hand_hint(found: object, lang: str | None = None) -> str:
    """The hint for a by-hand answer that is code (``found``: what was found instead)."""
    from coursekit.text import say

    if isinstance(found, NotLiteral):
        found = found.said(lang)
    return say("check.by_hand", lang=lang, found=found)


# ------------------------------------------------------------ in the notebook

Check = TypeVar("Check", bound=Callable[..., None])

GRADING: contextvars.ContextVar[bool] = contextvars.ContextVar("coursekit_grading", default=False)
"""True while the grader judges (:func:`coursekit.checks.parts.judge_values`): it has read
the answers from the cells itself, so a check does not read them again."""


def by_hand(*names: str) -> Callable[[Check], Check]:
    """Mark a check whose last arguments are by-hand answers, held by the variables ``names``.

    Called from a graded cell, the check judges the answers as the grader reads them: from
    the text of the cells that last set those variables (:func:`answers_in_cells`), or it
    fails with the grader's hint when that text is code. Called any other way (by the
    grader, in a test, with values that are not those variables), it judges what it is
    given.

    Examples
    --------
    >>> @by_hand("x")
    ... def check_x(x):
    ...     print(x)
    >>> check_x(2)  # not in a notebook: the value as given
    2
    """

    def mark(check: Check) -> Check:
        @functools.wraps(check)
        def judged_as_graded(*args: Any) -> None:
            given = args[len(args) - len(names) :]
            read = None if GRADING.get() or len(given) < len(names) else _read(names, given)
            if read is not None:
                args = (*args[: len(args) - len(names)], *read)
            return check(*args)

        judged_as_graded.by_hand_names = names  # type: ignore[attr-defined]
        return judged_as_graded  # type: ignore[return-value]

    return mark


def _read(names: tuple[str, ...], given: Sequence[Any]) -> tuple[Any, ...] | None:
    """The answers as the grader reads them from the cells the kernel ran; None if unknown."""
    from coursekit.checks.common import fail

    cells = _cells_that_set(names, given)
    if cells is None:
        return None
    try:
        found = answers_in_cells(names, cells)
    except NotLiteral as error:
        fail(by_hand_hint(error))
    return tuple(found.get(name, value) for name, value in zip(names, given, strict=True))


def _cells_that_set(names: Sequence[str], given: Sequence[Any]) -> list[str] | None:
    """The cells, in the order they ran, that last set each of ``names`` in this kernel.

    None outside an IPython kernel, when its history cannot be read, or when the values
    ``given`` are not the kernel's variables ``names`` (the check was called with others).
    """
    ipython = sys.modules.get("IPython")
    try:
        shell = ipython.get_ipython() if ipython is not None else None
        if shell is None:
            return None
        namespace, history = shell.user_ns, list(shell.history_manager.input_hist_raw)
    except Exception:  # no kernel, or one without a history: the values as given
        return None
    if any(
        namespace.get(name, _ABSENT) is not value for name, value in zip(names, given, strict=True)
    ):
        return None
    last: dict[str, int] = {}
    for index in range(len(history) - 1, -1, -1):
        if len(last) == len(names):
            break
        setting = bound_names(history[index], [name for name in names if name not in last])
        last.update(dict.fromkeys(setting, index))
    return [history[index] for index in sorted(set(last.values()))]


_ABSENT = object()
