"""Exact rational arithmetic for payoffs and small linear systems.

Equilibria are found with fast floating-point arithmetic first and then
*confirmed* exactly with :class:`fractions.Fraction`, so that a reported
equilibrium is a true one, not one that is right up to rounding. This module
holds the exact half: reading a payoff as a fraction and solving a small
square system exactly (:func:`solve_linear_system`).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from coursekit.text import say

Matrix = tuple[tuple[Fraction, ...], ...]


def to_fraction(value: object) -> Fraction:
    """Read a payoff as an exact fraction.

    Integers and fractions stay what they are; a float is read as the shortest
    decimal that prints as it (so ``0.1`` is 1/10, not the binary number
    nearest to it). Anything else raises ``TypeError``, and a non-finite float
    ``ValueError``.

    >>> to_fraction(-0.5), to_fraction(3), to_fraction(Fraction(1, 3))
    (Fraction(-1, 2), Fraction(3, 1), Fraction(1, 3))
    >>> to_fraction(0.1)
    Fraction(1, 10)
    """
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, Decimal)):
        raise TypeError(say("errors.number.not_a_number", word=repr(value)))
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(say("errors.payoff.not_finite", word=value))
        return Fraction(value)
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(say("errors.payoff.not_finite", word=number))
    return Fraction(repr(number))


def solve_linear_system(
    matrix: Sequence[Sequence[Fraction]], rhs: Sequence[Fraction]
) -> list[Fraction] | None:
    """Solve the square system ``matrix · x = rhs`` exactly; ``None`` if it is singular.

    Each equation is first multiplied by the common denominator of its
    coefficients, so that elimination runs on integers; Bareiss's
    fraction-free elimination (1968) keeps those integers small by dividing
    each new entry, exactly, by the previous pivot. Only the final
    back-substitution uses fractions.

    >>> solve_linear_system([[2, 1], [1, 3]], [3, 5])
    [Fraction(4, 5), Fraction(7, 5)]
    >>> solve_linear_system([[Fraction(1, 2), 1], [1, Fraction(1, 3)]], [1, 1])
    [Fraction(4, 5), Fraction(3, 5)]
    >>> solve_linear_system([[1, 2], [2, 4]], [1, 2]) is None
    True
    """
    size = len(matrix)
    rows = [_integer_row([*row, b]) for row, b in zip(matrix, rhs, strict=True)]
    previous = 1
    for k in range(size):
        pivot = next((r for r in range(k, size) if rows[r][k] != 0), None)
        if pivot is None:
            return None
        rows[k], rows[pivot] = rows[pivot], rows[k]
        head = rows[k]
        for r in range(k + 1, size):
            row = rows[r]
            factor = row[k]
            rows[r] = [
                (v * head[k] - factor * h) // previous for v, h in zip(row, head, strict=True)
            ]
        previous = head[k]
    x: list[Fraction] = [Fraction(0)] * size
    for k in reversed(range(size)):
        rest = sum(rows[k][j] * x[j] for j in range(k + 1, size))
        x[k] = (rows[k][size] - rest) / Fraction(rows[k][k])
    return x


def _integer_row(values: Sequence[object]) -> list[int]:
    """The row multiplied by its common denominator: integers with the same solutions."""
    fractions = [Fraction(v) for v in values]
    scale = math.lcm(*(f.denominator for f in fractions))
    return [f.numerator * (scale // f.denominator) for f in fractions]


def dot(weights: Sequence[Fraction], values: Sequence[Fraction]) -> Fraction:
    """The exact sum of ``weights[k] * values[k]``.

    >>> dot([Fraction(1, 2), Fraction(1, 2)], [3, 4])
    Fraction(7, 2)
    """
    return sum((w * v for w, v in zip(weights, values, strict=True)), Fraction(0))


def column(matrix: Matrix, j: int) -> tuple[Fraction, ...]:
    """Column ``j`` of a matrix stored as rows."""
    return tuple(row[j] for row in matrix)
