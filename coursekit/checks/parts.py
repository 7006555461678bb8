"""How the instructor's grader asks a notebook for data and decides in its own process.

A check module (``ch00``, ``ch01``, ...) declares, next to its checks, how the
grader reads each part's answer, in a dictionary ``PARTS`` (part number →
declaration) and the exercise it belongs to in ``EXERCISE``::

    EXERCISE = "00_start_here"
    PARTS = {
        1: Value(("leaves",), lambda leaves: check_leaf_count(4, 5, leaves)),
        3: Function("complete_tree_size", check_tree_size, forbidden=("coursekit.games.",)),
    }

* :class:`Value` — the answer is data held in notebook variables. In the
  student's kernel the grader only *reads* them and turns them into plain
  data (:func:`plain`: numbers, strings, lists, tuples, sets, dicts; anything
  else becomes an :class:`Unsupported`, a wrong answer). ``encode`` turns an
  answer object (a model, a graph) into plain data there, ``decode`` turns
  it back into a fresh object in the grader.
* :class:`Function` — the answer is a function. In the kernel the check runs
  with the student's function wrapped in a recorder, on the cases of a
  *seed* the grader picks (hidden cases, not the ones of the student's
  notebook); the recorder keeps what each call returned, as plain data, and
  which of coursekit's functions the student's code called.

Then the grader runs the very same check function in its own process, with
its own copy of this package, fed with that data: the answer values, or a
replay of the recorded results in the order the check asks for them. Nothing
the kernel does — rebinding names, patching modules, rigged ``__eq__``,
swallowed exceptions — reaches that decision: from the kernel comes data.
"""

from __future__ import annotations

import contextlib
import importlib
import io
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

MAX_DEPTH = 40
"""Deeper nesting than this in an answer is not data (it is an Unsupported)."""

MAX_BYTES = 20_000_000
"""Largest answer file the grader reads."""


@dataclass(frozen=True)
class Value:
    """A part whose answer is the values of notebook variables ``names``.

    ``judge(*values)`` is the check, called with the values in order;
    ``encode`` (in the kernel) and ``decode`` (in the grader) convert each
    value when it is not plain data (``None``: used as it is).
    ``by_hand``: the answer is worked out by hand, so the grader reads it from the answer cell's
    literals without running any code.
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
    (in the kernel), ``decode`` back (in the grader). Calls the answer makes
    into coursekit functions whose full name starts with one of ``forbidden``
    (the library's own version of what the part asks for) cost the part its
    points unless the instructor allows them.
    """

    name: str
    judge: Callable[..., None]
    encode: Callable[[Any], Any] | None = None
    decode: Callable[[Any], Any] | None = None
    forbidden: tuple[str, ...] = ()
    adapt: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None
    """In the kernel, what is recorded is ``adapt(student_function)`` when given: a view
    of the function whose results carry everything the check needs as data (e.g. a
    search's value *and* the leaves it evaluated, seen through a recording game).
    ``judge`` then receives that view (in the kernel) or its replay (in the grader)."""


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


# ---------------------------------------------------------------- in the kernel


def _encoded(part: Part, value: Any) -> Any:
    if part.encode is None:
        return plain(value)
    try:
        return plain(part.encode(value))
    except Exception as error:  # a broken answer object: a wrong answer, named
        return {"unsupported": f"{type(value).__name__} ({type(error).__name__})"}


class _Recorder:
    """The student's function, recording each result and the coursekit functions it calls."""

    def __init__(self, part: Function, function: Callable[..., Any]) -> None:
        self.part, self.function = part, function
        self.results: list[dict[str, Any]] = []
        self.called: set[str] = set()

    def _profile(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_back is not None:
            module = frame.f_globals.get("__name__", "")
            caller = frame.f_back.f_globals.get("__name__", "")
            if (
                isinstance(module, str)
                and module.startswith("coursekit.")
                and not module.startswith("coursekit.checks")
                and not (isinstance(caller, str) and caller.startswith("coursekit."))
            ):  # a coursekit function that the answer's own code called
                self.called.add(f"{module}.{frame.f_code.co_qualname}")

    def __call__(self, *args: Any) -> Any:
        previous = sys.getprofile()
        sys.setprofile(self._profile)
        try:
            value = self.function(*args)
        except BaseException as error:
            sys.setprofile(previous)
            self.results.append({"raised": [type(error).__name__, str(error)[:300]]})
            raise
        sys.setprofile(previous)
        self.results.append({"returned": _encoded(self.part, value)})
        return value


def export(module_name: str, number: int, names: dict[str, Any], path: str, seed: int) -> None:
    """Write the data of part ``number`` of the notebook whose globals are ``names``.

    Runs in the student's kernel (the grader puts a call to it in place of the
    part's graded cell); what it writes is only ever read as data.
    """
    part = importlib.import_module(module_name).PARTS[number]
    missing = object()
    if isinstance(part, Value):
        values = [names.get(name, missing) for name in part.names]
        data: dict[str, Any] = {
            "values": [
                {"missing": name} if value is missing else _encoded(part, value)
                for name, value in zip(part.names, values, strict=True)
            ]
        }
    else:
        function = names.get(part.name, missing)
        data = {"results": [], "called": []}
        if function is missing:
            data["missing"] = part.name
        elif callable(function):
            seen = function if part.adapt is None else part.adapt(function)
            recorder = _Recorder(part, seen)
            with contextlib.suppress(Exception):  # the kernel's verdict is not the grade
                part.judge(recorder, seed=seed)
            data = {"results": recorder.results, "called": sorted(recorder.called)}
        else:
            data["not callable"] = plain(function)
    Path(path).write_text(json.dumps(data), encoding="utf-8")


def export_source(module_name: str, number: int, path: str, seed: int) -> str:
    """The code of the cell that stands in for part ``number``'s graded cell when grading."""
    return (
        "from coursekit.checks.parts import export as _coursekit_export\n"
        f"_coursekit_export({module_name!r}, {number}, globals(), {path!r}, {seed})\n"
    )


# ---------------------------------------------------------------- in the grader


@dataclass
class Verdict:
    """The grader's decision on one part."""

    passed: bool
    hint: str = ""
    called: tuple[str, ...] = ()  # coursekit functions the answer called
    forbidden: tuple[str, ...] = ()  # ... of which the part does not allow


class _Replay:
    """Stands in for the student's function in the grader: gives back the recorded results."""

    def __init__(self, part: Function, results: list[Any]) -> None:
        self.part, self.results = part, list(results)
        self.__name__ = part.name

    def __call__(self, *args: Any) -> Any:
        if not self.results:
            raise AssertionError("Your function's results on these cases did not all come back.")
        entry = self.results.pop(0)
        if not isinstance(entry, dict):
            raise AssertionError("Your function's results came back damaged.")
        if "raised" in entry:
            name, message = [*list(entry["raised"]), "", ""][:2]
            raise _exception(str(name))(str(message))
        value = unplain(entry.get("returned"))
        if self.part.decode is not None and not isinstance(value, Unsupported):
            try:
                value = self.part.decode(value)
            except Exception:
                value = Unsupported("a value the check cannot read")
        return value


_BUILTIN_ERRORS = {"NotImplementedError": NotImplementedError, "RecursionError": RecursionError}


def _exception(name: str) -> type[Exception]:
    known = _BUILTIN_ERRORS.get(name)
    if known is not None:
        return known
    safe = name if name.isidentifier() else "Exception"
    return type(safe, (Exception,), {})


_QUIET = threading.Lock()


def judge(part: Part, data: Any, *, seed: int, allow_library: bool = False) -> Verdict:
    """Decide one part from the data its kernel wrote, with this process's own checks.

    The checks' "✔ Correct." lines are kept off the grader's output.
    """
    with _QUIET, contextlib.redirect_stdout(io.StringIO()):
        return _judge(part, data, seed=seed, allow_library=allow_library)


def _judge(part: Part, data: Any, *, seed: int, allow_library: bool) -> Verdict:
    if not isinstance(data, dict):
        return Verdict(False, "The answer did not come back from the notebook.")
    try:
        if isinstance(part, Value):
            values = data.get("values")
            if not isinstance(values, list) or len(values) != len(part.names):
                return Verdict(False, "The answer did not come back from the notebook.")
            decoded = []
            for name, entry in zip(part.names, values, strict=True):
                if isinstance(entry, dict) and "missing" in entry:
                    return Verdict(False, f"There is no variable {name} in the notebook.")
                value = unplain(entry)
                if part.decode is not None and not isinstance(value, Unsupported):
                    value = part.decode(value)
                decoded.append(value)
            part.judge(*decoded)
            return Verdict(True)
        if "missing" in data:
            return Verdict(False, f"There is no function {part.name} in the notebook.")
        if "not callable" in data:
            return Verdict(False, f"{part.name} should be a function.")
        called = tuple(str(c) for c in data.get("called", []))
        bad = tuple(c for c in called if c.startswith(part.forbidden)) if part.forbidden else ()
        part.judge(_Replay(part, data.get("results", [])), seed=seed)
        if bad and not allow_library:
            return Verdict(
                False,
                "Your function calls the library's own version of what this part asks you to "
                f"write ({', '.join(bad)}).",
                called,
                bad,
            )
        return Verdict(True, "", called, bad)
    except AssertionError as error:
        return Verdict(False, str(error))
    except Exception as error:  # what the data made the check trip over: a wrong answer
        return Verdict(False, f"The check could not use this answer ({type(error).__name__}).")


def read_data(path: Path) -> Any:
    """The data a kernel wrote for one part, or ``None`` when there is none to trust."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
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
