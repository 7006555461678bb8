"""The payoff-matrix editor, driven headlessly: edits, resizing, pasting, bad entries."""

from __future__ import annotations

import pytest

from coursekit.gametheory import NormalFormGame, catalog
from coursekit.widgets import PayoffEditor


@pytest.fixture
def editor():
    return PayoffEditor(catalog.prisoners_dilemma(), plot=False)


def shown(editor):
    """What the editor shows: its table and summary HTML."""
    return editor.table.value, editor.summary.value


def test_starts_with_the_game_and_its_solution(editor):
    assert editor.game == catalog.prisoners_dilemma()
    assert [[c.value for c in row] for row in editor.cells] == [
        ["-0.5, -0.5", "-10, 0"],
        ["0, -10", "-2, -2"],
    ]
    assert 'class="ck-cell ck-eq' in editor.table.value
    assert "(confess (认罪), confess (认罪))" in editor.summary.value
    assert "strictly dominated by confess" in editor.summary.value


def test_a_good_edit_updates_table_equilibria_and_text_at_once(editor):
    editor.cells[1][1].value = "-20, -20"  # make mutual confession worse than anything
    assert editor.game.payoff(1, 1) == (-20, -20)
    assert editor.game.pure_equilibria() == [(0, 1), (1, 0)]
    assert "-20" in editor.table.value
    assert (
        "Pure equilibria</b>: (silent (沉默), confess (认罪)), (confess (认罪), silent (沉默))"
        in (editor.summary.value)
    )
    assert editor.text.value.splitlines()[1] == "0, -10 | -20, -20"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("abc", "'abc' has 1 payoff; a cell needs two"),
        ("1, nan", "'nan' is not a finite number"),
        ("inf, 2", "'inf' is not a finite number"),
        ("1, 2, 3", "has 3 payoffs"),
        ("", "has 0 payoffs"),
        ("1, two", "'two' is not a number"),
    ],
)
def test_a_bad_cell_shows_a_message_beside_it_and_keeps_the_last_good_game(editor, entry, message):
    before_game, before = editor.game, shown(editor)
    editor.cells[0][1].value = entry
    assert message in editor.cell_feedback[0][1].message
    assert all(
        f.message == ""
        for row in editor.cell_feedback
        for f in row
        if f is not editor.cell_feedback[0][1]
    )
    assert editor.game is before_game and shown(editor) == before
    # fixing the cell clears the message and applies the edit
    editor.cells[0][1].value = "-9, 1"
    assert editor.cell_feedback[0][1].message == ""
    assert editor.game.payoff(0, 1) == (-9, 1)


def test_two_bad_cells_each_get_their_message(editor):
    editor.cells[0][0].value = "x"
    editor.cells[1][0].value = "1, y"
    assert "'x'" in editor.cell_feedback[0][0].message
    assert "'y'" in editor.cell_feedback[1][0].message
    editor.cells[0][0].value = "1, 1"
    assert editor.cell_feedback[0][0].message == "" and editor.cell_feedback[1][0].message
    assert editor.game == catalog.prisoners_dilemma()  # still blocked by the second bad cell


def test_labels_and_player_names_can_be_edited(editor):
    editor.row_labels[0].value = "deny"
    editor.col_player.value = "Bob"
    assert editor.game.row_labels[0] == "deny" and editor.game.players[1] == "Bob"
    assert "deny" in editor.table.value and "Bob" in editor.table.value


@pytest.mark.parametrize(
    ("control", "value", "message"),
    [
        ("row_label", "confess (认罪)", "row label 'confess (认罪)' is used twice"),
        ("row_label", "  ", "row label 1 must be a non-empty string"),
        ("player", "", "two different non-empty names"),
    ],
)
def test_bad_labels_keep_the_last_good_game(editor, control, value, message):
    before = shown(editor)
    target = editor.row_labels[0] if control == "row_label" else editor.row_player
    target.value = value
    assert message in editor.feedback.message
    assert shown(editor) == before


def test_resizing_keeps_what_fits_and_fills_with_zeros(editor):
    editor.rows.value = 3
    editor.cols.value = 3
    assert editor.game.shape == (3, 3)
    assert editor.cells[0][0].value == "-0.5, -0.5" and editor.cells[2][2].value == "0, 0"
    assert editor.game.row_labels[2] == "r3" and editor.game.col_labels[2] == "c3"
    assert "drawn for 2×2 games" in editor.plot.value or editor.plot.value == ""
    editor.rows.value = 1
    assert editor.game.shape == (1, 3) and len(editor.cells) == 1
    editor.rows.value = 99  # the box refuses more than the editor's maximum
    assert editor.rows.value == 6 and editor.game.shape == (6, 3)


def test_pasting_a_table_replaces_the_game(editor):
    editor.text.value = "3, 3 | 0, 5 | 1, 1\n5, 0 | 1, 1 | 0, 0"
    assert editor.text_feedback.message == ""
    assert editor.game.shape == (2, 3) and (editor.rows.value, editor.cols.value) == (2, 3)
    assert editor.cells[1][0].value == "5, 0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1, 2 | 3, 4\n5, 6", "line 2 has 1 cell but line 1 has 2"),  # ragged
        ("1, 2 | x, 4", "line 1, cell 2: 'x'"),
        ("1, 2 | nan, 4", "'nan' is not a finite number"),
        ("", "the table is empty"),
        ("\n".join(["0, 0 | " * 6 + "0, 0"] * 2), "at most 6×6"),
    ],
)
def test_a_bad_paste_shows_its_message_and_keeps_the_last_good_game(editor, text, message):
    before_game, before = editor.game, shown(editor)
    editor.text.value = text
    assert message in editor.text_feedback.message
    assert editor.game is before_game and shown(editor) == before
    assert len(editor.cells) == 2


def test_loading_a_course_game(editor):
    editor.examples.value = "tian_ji"
    assert editor.game == catalog.tian_ji()
    assert editor.game.shape == (6, 6) and len(editor.cells) == 6
    assert "degenerate" in editor.summary.value  # and it says what that means
    assert "extreme equilibria" in editor.summary.value


def test_the_plot_follows_two_by_two_games():
    w = PayoffEditor(catalog.couples_quarrel())
    assert "<svg" in w.plot.value
    first = w.plot.value
    w.cells[0][0].value = "-5, -5"
    assert "<svg" in w.plot.value and w.plot.value != first
    w.cells[0][0].value = "oops"
    assert w.cell_feedback[0][0].message and "<svg" in w.plot.value  # last good plot stays
    w.cols.value = 3  # the bad cell is kept through the resize, so nothing changes yet
    assert w.cell_feedback[0][0].message and w.game.shape == (2, 2)
    w.cells[0][0].value = "1, 1"
    assert w.game.shape == (2, 3) and "drawn for 2×2 games" in w.plot.value


def test_controls_can_be_found_by_role(editor):
    roles = {
        c for w in [editor.rows, editor.cols, editor.text, editor.table] for c in w._dom_classes
    }
    assert {"ck-size", "ck-table-text", "ck-result"} <= roles
    assert all("ck-payoff-cell" in c._dom_classes for row in editor.cells for c in row)
    assert isinstance(PayoffEditor().game, NormalFormGame)


def test_every_payoff_cell_has_its_own_placeholder(editor):
    # the format, and where the cell is: a browser test (or a screen reader) can tell them apart
    editor.rows.value, editor.cols.value = 3, 2
    hints = [[cell.placeholder for cell in row] for row in editor.cells]
    assert hints[2][1] == "a, b (row 3, column 2)"
    flat = [hint for row in hints for hint in row]
    assert len(set(flat)) == 6 and all(hint.startswith("a, b") for hint in flat)


def test_the_plot_is_shown_at_its_own_size_with_text_of_11_px():
    """The SVG is never shrunk (a 280-px-high plot had 7-px text): its smallest text in
    points, at 4/3 px a point, is the smallest text on the screen."""
    import matplotlib.text

    from coursekit.draw.plots import best_response_plot

    editor = PayoffEditor(catalog.couples_quarrel())
    assert "<svg" in editor.plot.value and "max-height" not in editor.plot.value
    figure = best_response_plot(editor.game)
    sizes = [t.get_fontsize() for t in figure.findobj(matplotlib.text.Text) if t.get_text()]
    assert min(sizes) * 4 / 3 >= 11
