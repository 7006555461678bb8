"""How the instructor's grader gets each part's answer and decides in its own process.

A check module (``ch00``, ``ch01``, ...) declares, next to its checks, how the
grader reads each part's answer, in a dictionary ``PARTS`` (part number →
declaration) and the exercise it belongs to in ``EXERCISE``::

    EXERCISE = "00_start_here"
    PARTS = {
        1: Value(("leaves",), lambda leaves: check_leaf_count(4, 5, leaves)),
        3: Function("complete_tree_size", check_tree_size, forbidden=("coursekit.games.",)),
    }

* :class:`Value` — the answer is data held in notebook variables. With
  ``by_hand=True`` (values the exercise asks to work out by hand) the grader
  reads them from the answer cell's *literals* (:func:`literal_answers`)
  without running any code. Otherwise the student's notebook runs, sandboxed,
  and a cell in place of the graded one writes the variables as plain data
  (:func:`plain`: numbers, strings, lists, tuples, sets, dicts; anything else
  becomes an :class:`Unsupported`, a wrong answer). ``encode`` turns an answer
  object (a model, a graph) into plain data there, ``decode`` turns it back
  into a fresh object in the grader.
* :class:`Function` — the answer is a function. The grader runs the check in
  its own process; each time the check calls the student's function, the
  call goes, as data, to a separate sandboxed interpreter in which only the
  student's cells ran (:mod:`coursekit.tools.inside`), whose view of the
  package lacks the ``forbidden`` modules' functions: a library call there
  fails by construction. The cases are the hidden ones of a seed drawn when
  grading starts.

Nothing the student's code does — rebinding names, patching modules, rigged
``__eq__``, swallowed exceptions, switched-off profilers — reaches the
decision: from the student's side of the wall comes data only. ``encode`` and
``adapt`` of a :class:`Function` run on that side, so they live in
``coursekit.checks.public``, which holds no answer.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import math
import pkgutil
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from coursekit.checks.by_hand import (  # noqa: F401 (the grader's names for the reader)
    GRADING,
    NotLiteral,
    by_hand_answers,
    by_hand_hint,
    literal_answers,
)

MAX_DEPTH = 40
"""Deeper nesting than this in an answer is not data (it is an Unsupported)."""

MAX_BYTES = 1_000_000
"""Largest answer data (one part's values, one reply of a function) the grader reads."""


@dataclass(frozen=True)
class Value:
    """A part whose answer is the values of notebook variables ``names``.

    ``judge(*values)`` is the check, called with the values in order;
    ``encode`` (in the kernel, from ``coursekit.checks.public``) and ``decode``
    (in the grader) convert each value when it is not plain data (``None``:
    used as it is). ``by_hand``: the answer is worked out by hand, so the
    grader reads it from the answer cell's literals without running any code.
    """

    names: tuple[str, ...]
    judge: Callable[..., None]
    encode: Callable[[Any], Any] | None = None
    decode: Callable[[Any], Any] | None = None
    by_hand: bool = False


@dataclass(frozen=True)
class Function:
    """A part whose answer is the function named ``name``.

    ``judge(function, seed=...)`` is the check; with ``seed=None`` it runs the
    cases the notebook shows, with another seed cases the student never saw.
    ``encode`` turns one result of the student's function into plain data
    (beside the student's code), ``decode`` back (in the grader). The modules
    whose full name starts with one of ``forbidden`` (the library's own
    version of what the part asks for) are withheld from the student's code
    while it is graded (:mod:`coursekit.tools.sandbox.package_view`), unless the
    instructor allows the library.
    """

    name: str
    judge: Callable[..., None]
    encode: Callable[[Any], Any] | None = None
    decode: Callable[[Any], Any] | None = None
    forbidden: tuple[str, ...] = ()
    adapt: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None
    """What the check calls is ``adapt(student_function)`` when given: a view of the
    function whose results carry everything the check needs as data (e.g. a search's
    value *and* the leaves it evaluated, seen through a recording game). It runs beside
    the student's code, so it lives in ``coursekit.checks.public``."""


Part = Value | Function


# --------------------------------------------------------------------- plain data


@dataclass(frozen=True)
class Unsupported:
    """What an answer that is not plain data becomes: a wrong answer with its type's name."""

    kind: str

    def __repr__(self) -> str:
        return f"<an object of type {self.kind}>"


def plain(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON-ready tagged data, read through the built-in types' own methods.

    An ``int`` subclass with a rigged ``__eq__`` becomes its plain number;
    tuples, sets, dicts and fractions are tagged so that :func:`unplain`
    gives them back; anything else becomes ``{"unsupported": type name}``.

    >>> plain({1: (2, 0.5)})
    {'dict': [[1, {'tuple': [2, 0.5]}]]}
    >>> unplain(plain({1: (2, 0.5)}))
    {1: (2, 0.5)}
    """
    if depth > MAX_DEPTH:
        return {"unsupported": "a too deeply nested value"}
    kind = type(value)
    if value is None or kind is bool:
        return value
    if isinstance(value, bool):
        return bool.__bool__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        number = float.__float__(value)
        return number if math.isfinite(number) else {"float": repr(number)}
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, Fraction):
        return {"fraction": [int.__int__(value._numerator), int.__int__(value._denominator)]}
    if isinstance(value, tuple):
        return {"tuple": [plain(v, depth + 1) for v in tuple.__iter__(value)]}
    if isinstance(value, list):
        return [plain(v, depth + 1) for v in list.__iter__(value)]
    if isinstance(value, (set, frozenset)):
        return {"set": [plain(v, depth + 1) for v in frozenset(value)]}
    if isinstance(value, dict):
        items = dict.items(value)
        return {"dict": [[plain(k, depth + 1), plain(v, depth + 1)] for k, v in items]}
    return {"unsupported": kind.__name__}


def unplain(data: Any) -> Any:
    """The Python value of tagged data written by :func:`plain` (hashable where it must be)."""
    if isinstance(data, list):
        return [unplain(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "tuple" in data:
        return tuple(unplain(v) for v in data["tuple"])
    if "set" in data:
        return {_hashable(unplain(v)) for v in data["set"]}
    if "dict" in data:
        return {_hashable(unplain(k)): unplain(v) for k, v in data["dict"]}
    if "fraction" in data:
        numerator, denominator = data["fraction"]
        return Fraction(int(numerator), int(denominator)) if denominator else math.nan
    if "float" in data:
        return float(data["float"])
    return Unsupported(str(data.get("unsupported", "unknown")))


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, (dict, set)):
        return Unsupported(type(value).__name__)
    return value


# ------------------------------------------------------- beside the student's code


def public_name(function: Callable[..., Any] | None) -> str:
    """``module:name`` of an ``encode``/``adapt`` function ("" for none); it must be public."""
    if function is None:
        return ""
    module, name = function.__module__, function.__qualname__
    if not module.startswith("coursekit.checks.public.") or "." in name:
        raise TypeError(
            f"{module}.{name} runs beside the student's code while grading, so it must be a "
            "top-level function of a module in coursekit.checks.public"
        )
    return f"{module}:{name}"


def export_values(names: tuple[str, ...], encode: str, scope: dict[str, Any], path: str) -> None:
    """Write the variables ``names`` of a notebook (its globals ``scope``) as plain data.

    Runs in the student's sandboxed kernel, in place of a graded cell; what it
    writes is only ever read as data (and the student could write anything
    there: it is their own answer).
    """
    convert = None
    if encode:
        module, _, name = encode.partition(":")
        convert = getattr(importlib.import_module(module), name)
    values = []
    for name in names:
        if name not in scope:
            values.append({"missing": name})
            continue
        try:
            values.append(plain(convert(scope[name]) if convert else scope[name]))
        except Exception as error:  # a broken answer object: a wrong answer, named
            values.append({"unsupported": f"{type(scope[name]).__name__} ({type(error).__name__})"})
    Path(path).write_text(json.dumps({"values": values}), encoding="utf-8")


def export_source(part: Value, path: str) -> str:
    """The code of the cell that stands in for a value part's graded cell when grading."""
    return (
        "from coursekit.checks.parts import export_values as _coursekit_export\n"
        f"_coursekit_export({part.names!r}, {public_name(part.encode)!r}, globals(), {path!r})\n"
    )


# ------------------------------------------------------------- by-hand answers
# read from the answer cells' text by coursekit.checks.by_hand (here under their old names)


def _say(key: str, **values: Any) -> str:
    """:func:`coursekit.text.say`, imported when a message is made."""
    from coursekit.text import say

    return say(key, **values)


# ---------------------------------------------------------------- in the grader


@dataclass
class Verdict:
    """The grader's decision on one part."""

    passed: bool
    hint: str = ""
    how: str = ""  # "timed out" or "died" when the student's process stopped the check


class Stopped(BaseException):
    """Raised through a check when the student's function can answer no more.

    A ``BaseException``, so that no check's ``except Exception`` takes it for the
    student's own error. ``how`` says why: "timed out" or "died".
    """

    def __init__(self, how: str, message: str) -> None:
        super().__init__(message)
        self.how = how


_BUILTIN_ERRORS = {"NotImplementedError": NotImplementedError, "RecursionError": RecursionError}


def raised(name: Any, message: Any) -> Exception:
    """An exception standing for one the student's function raised (by its type's name)."""
    name, message = str(name)[:100], str(message)[:300]
    known = _BUILTIN_ERRORS.get(name)
    if known is not None:
        return known(message)
    safe = name if name.isidentifier() else "Exception"
    return type(safe, (Exception,), {})(message)


def answer_value(part: Function, entry: Any) -> Any:
    """The grader's value of one reply of the student's function (raises what it raised)."""
    if not isinstance(entry, dict):
        raise AssertionError(_say("grade.damaged"))
    if "raised" in entry:
        name, message = [*list(entry["raised"]), "", ""][:2]
        raise raised(name, message)
    try:
        value = unplain(entry.get("returned"))
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
        value = Unsupported("damaged data")  # tags the grader's plain() never writes
    if part.decode is not None and not isinstance(value, Unsupported):
        try:
            value = part.decode(value)
        except Exception:
            value = Unsupported("a value the check cannot read")
    return value


class _QuietThreads:
    """Stands in for ``sys.stdout``: drops what the grader's judging threads print."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.quiet: set[int] = set()

    def write(self, text: str) -> int:
        if threading.get_ident() in self.quiet:
            return len(text)
        return self.stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


_QUIET_LOCK = threading.Lock()


@contextlib.contextmanager
def _quiet() -> Any:
    """Keep this thread's prints (the checks' "✔ Correct." lines) off the grader's output."""
    with _QUIET_LOCK:
        if not isinstance(sys.stdout, _QuietThreads):
            sys.stdout = _QuietThreads(sys.stdout)
        quiet = sys.stdout
    quiet.quiet.add(threading.get_ident())
    try:
        yield
    finally:
        quiet.quiet.discard(threading.get_ident())


def judge(part: Part, data: Any) -> Verdict:
    """Decide a value part from the data its notebook gave back (see :func:`judge_values`)."""
    if not isinstance(data, dict) or not isinstance(data.get("values"), list):
        return Verdict(False, _say("grade.no_answer_back"))
    if len(data["values"]) != len(part.names):
        return Verdict(False, _say("grade.no_answer_back"))
    values = []
    for name, entry in zip(part.names, data["values"], strict=True):
        if isinstance(entry, dict) and "missing" in entry:
            return Verdict(False, _say("grade.no_variable", name=name))
        values.append(unplain(entry))
    return judge_values(part, values)


def judge_values(part: Value, values: list[Any]) -> Verdict:
    """Decide a value part on its values, with this process's own check."""

    def check() -> None:
        decoded = [
            part.decode(v) if part.decode is not None and not isinstance(v, Unsupported) else v
            for v in values
        ]
        part.judge(*decoded)

    return _verdict(check)


def judge_function(part: Function, function: Callable[..., Any], seed: int) -> Verdict:
    """Decide a function part: the check runs here, calling ``function`` (the student's, afar)."""
    return _verdict(lambda: part.judge(function, seed=seed))


def _verdict(check: Callable[[], None]) -> Verdict:
    grading = GRADING.set(True)  # the answers are the grader's own reading: not read again
    try:
        return _decide(check)
    finally:
        GRADING.reset(grading)


def _decide(check: Callable[[], None]) -> Verdict:
    with _quiet():
        try:
            check()
            return Verdict(True)
        except Stopped as stop:
            return Verdict(False, str(stop), how=stop.how)
        except AssertionError as error:
            return Verdict(False, str(error))
        except RecursionError:
            return Verdict(False, _say("grade.too_nested"))
        except SystemError:  # the interpreter's own fault, never the answer's: the grader's error
            raise
        except Exception as error:  # what the data made the check trip over: a wrong answer
            return Verdict(False, _say("grade.unusable", error=type(error).__name__))


def read_data(text: str | None) -> Any:
    """The data a notebook wrote for one part, or ``None`` when there is none to trust."""
    if text is None or len(text) > MAX_BYTES:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def declarations(exercise: str) -> tuple[str, dict[int, Part]] | None:
    """The check module that declares the parts of ``exercise``, and its declarations."""
    import coursekit.checks

    for info in pkgutil.iter_modules(coursekit.checks.__path__):
        if not info.name.startswith("ch"):
            continue
        name = f"coursekit.checks.{info.name}"
        module = importlib.import_module(name)
        if getattr(module, "EXERCISE", None) == exercise and hasattr(module, "PARTS"):
            return name, module.PARTS
    return None
