"""The HTML table of what each enhancement costs (coursekit.draw.enhancement_html)."""

from __future__ import annotations

import re

import pytest

from coursekit.draw.enhancement_html import enhancement_html
from coursekit.draw.pruning_plot import PlotError


def cells(table: str) -> list[list[str]]:
    """The text of each row's cells, header rows included."""
    rows = re.findall(r"<tr>(.*?)</tr>", table)
    return [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row) for row in rows]


def test_one_row_per_label_and_two_columns_per_group():
    labels = ["α-β negamax", "+ table", "Pons' C++ solver"]
    groups = {
        "L3_R1, 20 live": [(1739.4, 4.658), (135, 0.386), None],
        "L3_R1, bench": [(223, 0.61), (37, 0.1), (29, 0.008)],
    }
    rows = cells(enhancement_html(labels, groups, bold=[2]))
    assert rows[0] == ["", "L3_R1, 20 live", "L3_R1, bench"]
    assert rows[1] == ["switched on", "nodes", "ms", "nodes", "ms"]
    assert rows[2] == ["α-β negamax", "1,739", "4.66", "223", "0.61"]
    assert rows[4] == ["Pons&#x27; C++ solver", "–", "–", "29", "0.01"]
    assert "bold" in re.findall(r"<tr>(.*?)</tr>", enhancement_html(labels, groups, bold=[2]))[4]
    assert "bold" not in re.findall(r"<tr>(.*?)</tr>", enhancement_html(labels, groups))[4]


def test_nan_shows_as_a_dash():
    rows = cells(enhancement_html(["a"], {"g": [(float("nan"), float("nan"))]}))
    assert rows[2] == ["a", "–", "–"]


def test_a_group_with_the_wrong_number_of_rows_is_refused():
    with pytest.raises(PlotError, match="group 'g' has 1 rows of figures for 2 labels"):
        enhancement_html(["a", "b"], {"g": [(1, 2)]})
