"""Payoffs typed as text: cells and whole tables, with errors that say where."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from coursekit.gametheory import PayoffError
from coursekit.gametheory.parse import parse_number, parse_pair, parse_table, table_text
from tests.gametheory.conftest import games


@given(games())
@settings(deadline=None)
def test_table_text_reads_back_to_the_same_payoffs(game):
    assert parse_table(table_text(game)) == game.to_pairs()


@pytest.mark.parametrize(
    ("text", "pair"),
    [("3, -1", (3, -1)), ("(1/2, 0.25)", (Fraction(1, 2), Fraction(1, 4))), (" -2   7 ", (-2, 7))],
)
def test_good_cells(text, pair):
    assert parse_pair(text) == pair


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("abc", "'abc' has 1 payoff; a cell needs two"),
        ("1, 2, 3", "has 3 payoffs"),
        ("", "has 0 payoffs"),
        ("1, x", "'x' is not a number"),
        ("1, NaN", "'NaN' is not a finite number"),
        ("-inf, 2", "'-inf' is not a finite number"),
        ("1/0, 2", "'1/0' is not a number"),
    ],
)
def test_bad_cells(text, message):
    with pytest.raises(ValueError, match=message):
        parse_pair(text)


@pytest.mark.parametrize(
    ("text", "message", "row", "column"),
    [
        ("1, 2 | 3, 4\n5, 6", "line 2 has 1 cell but line 1 has 2", 1, None),
        ("\n1, 2 | 3, 4\n\n5, 6 | 7, 8 | 9, 9", "line 4 has 3 cells but line 2 has 2", 1, None),
        ("1, 2 | 3, x", "line 1, cell 2: 'x' is not a number", 0, 1),
        ("  \n ", "the table is empty", None, None),
    ],
)
def test_bad_tables_name_the_line(text, message, row, column):
    with pytest.raises(PayoffError, match=message) as error:
        parse_table(text)
    assert (error.value.row, error.value.column) == (row, column)


def test_numbers():
    assert parse_number("1e3") == 1000
    with pytest.raises(ValueError, match="'inf' is not a finite number"):
        parse_number("inf")
