"""What every check module shares: the success line, hints, digests.

A check is a plain function called from a graded cell::

    from coursekit.checks import ch02
    ch02.check_solution_cost(my_cost)

It calls :func:`require` for each thing that must hold (each with a hint that
says what is wrong, never what the answer is) and ends with :func:`passed`.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable
from fractions import Fraction
from numbers import Real
from typing import Any, NoReturn

from coursekit.text import number_text, say

SUCCESS_LINE = say("check.correct", lang="en")
"""The English success line (``say("check.correct")`` is the one in the chosen language)."""


def passed() -> None:
    """Print the fixed success line of a graded cell, in the chosen language."""
    print(say("check.correct"))


class CheckFailed(AssertionError):
    """A check's verdict that something is wrong; its message is the hint.

    In a notebook it shows as one line, ``✘ hint``, instead of a traceback
    through the checks' code (IPython asks an exception for
    ``_render_traceback_`` before it formats one).
    """

    def _render_traceback_(self) -> list[str]:
        return [f"✘ {self}"]


def fail(hint: str) -> NoReturn:
    """Stop the check with a hint for the student (a :class:`CheckFailed`)."""
    raise CheckFailed(hint)


def require(condition: bool, hint: str) -> None:
    """Fail with ``hint`` unless ``condition`` holds (works under ``python -O`` too)."""
    if not condition:
        fail(hint)


def require_type(value: Any, kinds: type | tuple[type, ...], what: str) -> None:
    """Fail with a hint when ``value`` is not of the expected kind."""
    if not isinstance(value, kinds):
        names = (
            say("word.or").join(k.__name__ for k in kinds)
            if isinstance(kinds, tuple)
            else kinds.__name__
        )
        fail(say("check.type", what=what, expected=names, actual=type(value).__name__))


def answered(value: Any) -> None:
    """Fail with a friendly hint when an answer variable still holds ``...`` or ``None``."""
    if value is ... or value is None:
        fail(say("check.no_answer"))


def answer_text(value: Any) -> str:
    """An answer as a student writes it, for a hint: numbers as the course writes them
    (``1/3``, not ``Fraction(1, 3)``; ``∞``), strings quoted, containers with their brackets.

    Parameters
    ----------
    value : Any
        What a student's variable or function gave.

    Returns
    -------
    str
        The value written out; an object the course does not know, as its ``repr``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> answer_text((Fraction(25, 34), Fraction(4, 2))), answer_text([math.inf, "B", None])
    ('(25/34, 2)', "[∞, 'B', None]")
    >>> answer_text({"a": (1, 2)}), answer_text({0.5}), answer_text((3,)), answer_text(set())
    ("{'a': (1, 2)}", '{0.5}', '(3,)', 'set()')
    """
    if isinstance(value, Fraction) or (isinstance(value, float) and not math.isfinite(value)):
        return number_text(value)
    if isinstance(value, dict):
        items = (f"{answer_text(k)}: {answer_text(v)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    if type(value) in BRACKETS:
        if not value and type(value) is set:
            return "set()"
        inside = ", ".join(answer_text(item) for item in value)
        if isinstance(value, tuple) and len(value) == 1:
            inside += ","
        opening, closing = BRACKETS[type(value)]
        return f"{opening}{inside}{closing}"
    return repr(value)


BRACKETS = {list: "[]", tuple: "()", set: "{}"}
"""How :func:`answer_text` writes a container (a subclass, a named tuple, as its repr)."""


def canonical(value: Any) -> Any:
    """A JSON-ready form of ``value`` in which equal answers look the same.

    Sets become sorted lists, tuples become lists, integral floats become ints
    and other floats are rounded to 9 digits, so that ``{3, 1}`` and
    ``[1, 3]`` as a set, or ``2.0`` and ``2``, give the same digest.
    """
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        if math.isnan(value):
            return "nan"
        return int(value) if value.is_integer() else round(value, 9)
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (set, frozenset)):
        return sorted((canonical(v) for v in value), key=json.dumps)
    if isinstance(value, Iterable):
        return [canonical(v) for v in value]
    if hasattr(value, "numerator") and hasattr(value, "denominator"):  # Fraction, numpy ints
        return canonical(float(value))
    raise TypeError(f"cannot compare an answer of type {type(value).__name__}")


def digest(value: Any, salt: str) -> str:
    """A salted SHA-256 digest of an answer, for checks that store no answer in clear.

    The salt (the exercise's name) keeps equal answers of different
    exercises from having the same digest.
    """
    text = json.dumps([salt, canonical(value)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def same_number(answer: Any, expected: float) -> bool:
    """True when ``answer`` is a number equal to ``expected`` up to rounding.

    ``True``/``False`` and non-numbers are never equal to a number; an infinite
    ``expected`` needs exactly that infinity.

    >>> same_number(0.1 + 0.2, 0.3), same_number(True, 1), same_number(-math.inf, math.inf)
    (True, False, False)
    """
    if isinstance(answer, bool) or not isinstance(answer, Real):
        return False
    if math.isinf(expected):
        return answer == expected
    return math.isclose(float(answer), expected, abs_tol=1e-9)


def call_student(
    function: Callable[..., Any], args: tuple[Any, ...], describe: Callable[..., str]
) -> Any:
    """Call a student's function on one case; what it raises becomes a hint naming the case.

    >>> call_student(lambda x: 1 / x, (0,), lambda x: f"x = {x}")
    Traceback (most recent call last):
    ...
    coursekit.checks.common.CheckFailed: Your function raised ZeroDivisionError: ... on x = 0.
    """
    try:
        return function(*args)
    except NotImplementedError:
        fail(say("check.not_implemented"))
    except RecursionError:
        fail(say("check.recursion", case=describe(*args)))
    except Exception as error:  # the student's bug, reported as a hint
        fail(say("check.raised", error=type(error).__name__, message=error, case=describe(*args)))


def run_cases(
    student: Callable[..., Any],
    reference: Callable[..., Any],
    cases: Iterable[tuple[Any, ...]],
    describe: Callable[..., str],
    same: Callable[[Any, Any], bool] = lambda a, b: a == b,
    diagnose: Callable[..., str | None] | None = None,
) -> int:
    """Compare a student's function with the reference on many cases.

    Stops at the first disagreement with a hint naming the case (via
    ``describe``) but not the expected result. On a disagreement,
    ``diagnose(got, *case)`` may return a hint that fits the mistake better
    (``None`` for the general one). Returns the number of cases run.
    """
    count = 0
    for args in cases:
        count += 1
        got = call_student(student, args, describe)
        if not same(got, reference(*args)):
            hint = diagnose(got, *args) if diagnose is not None else None
            fail(hint or say("check.wrong_result", got=answer_text(got), case=describe(*args)))
    return count
