"""The one number formatter and node namer of coursekit.text."""

import math
from fractions import Fraction

from coursekit.text import node_text, number_text


def test_values_are_written_as_in_the_course():
    assert [number_text(v) for v in (3, 3.0, -2, 0.5, math.inf, -math.inf, None)] == [
        "3",
        "3",
        "-2",
        "0.5",
        "∞",
        "-∞",
        "",
    ]


def test_fractions_and_labels():
    assert number_text(Fraction(-1, 3)) == "-1/3"
    assert number_text(Fraction(6, 3)) == "2"

    class Labelled:
        label = "5-1-1"

    assert node_text(Labelled()) == "5-1-1"


def test_padded_counts_a_chinese_character_as_two_columns():
    from coursekit.text import padded

    assert padded("best", 6) == "best  "
    assert padded("最佳", 6) == "最佳  "
    assert padded("极小极大，整棵树", 6) == "极小极大，整棵树"  # never cut
    assert len(padded("α-β", 8)) == 8
