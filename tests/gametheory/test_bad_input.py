"""Malformed input across the game-theory API and the payoff editor.

Every case ends either in a :class:`CoursekitError` subclass whose message
names the argument (or the cell) and what was expected, or in a correct
answer: never a bare TypeError/OverflowError/RuntimeError, never a silent
wrong answer, never a hang (each case has a timeout).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.draw.payoff import draw_payoff_table, payoff_table
from coursekit.errors import CoursekitError
from coursekit.gametheory import (
    GameTooLargeError,
    NormalFormGame,
    PayoffError,
    SmartPigs,
    catalog,
    ipd,
    nature,
)
from coursekit.gametheory.parse import parse_number, parse_pair, parse_table

pytestmark = pytest.mark.timeout(60)

TWO = NormalFormGame([[1, 2], [3, 4]], [[4, 3], [2, 1]])
PENNIES = catalog.matching_pennies()
HALF = [Fraction(1, 2)] * 2
HUGE = 10**400

# (what to call, a regular expression the message must match)
REFUSED = {
    # ---- payoff matrices
    "A is a string": (lambda: NormalFormGame("12", [[1]]), r"A \(the row player's payoffs\)"),
    "A is a number": (lambda: NormalFormGame(3, [[1]]), r"A \(the row player's"),
    "A has no rows": (lambda: NormalFormGame([], []), r"A .*no rows"),
    "A has an empty row": (lambda: NormalFormGame([[]], [[]]), r"A .*row 1 is empty"),
    "A is ragged": (lambda: NormalFormGame([[1, 2], [3]], [[1, 2], [3]]), r"row 2 has 1"),
    "A is 3-D": (lambda: NormalFormGame(np.zeros((2, 2, 2)), [[1]]), r"A .*2-D"),
    "A holds text": (lambda: NormalFormGame([["x"]], [[1]]), r"A .*row 1, column 1"),
    "A holds None": (lambda: NormalFormGame([[None]], [[1]]), r"A .*None"),
    "A holds a bool": (lambda: NormalFormGame([[True]], [[1]]), r"A .*True"),
    "A holds nan": (lambda: NormalFormGame([[float("nan")]], [[1]]), r"A .*not a finite"),
    "A holds inf": (lambda: NormalFormGame([[float("inf")]], [[1]]), r"A .*not a finite"),
    "A holds a complex": (lambda: NormalFormGame([[1j]], [[1]]), r"A .*not a number"),
    "B beyond floats": (lambda: NormalFormGame([[1]], [[HUGE]]), r"B .*beyond the float range"),
    "A beyond floats": (
        lambda: NormalFormGame([[-HUGE, 0]], [[0, 0]]),
        r"A .*row 1, column 1: an integer with 401 digits is beyond the float range",
    ),
    "A Decimal beyond": (
        lambda: NormalFormGame([[Decimal("1e400")]], [[0]]),
        r"A .*beyond the float range",
    ),
    "shapes differ": (lambda: NormalFormGame([[1, 2]], [[1], [2]]), r"B .* is 2×1 but A"),
    "pair not a pair": (lambda: NormalFormGame.from_pairs([[3]]), r"row 1, column 1: 3 is not"),
    "pair of three": (lambda: NormalFormGame.from_pairs([[(1, 2, 3)]]), r"has 3 payoffs"),
    # ---- labels and players
    "one label string": (lambda: NormalFormGame([[1]], [[1]], row_labels="a"), r"row_labels"),
    "too few labels": (lambda: NormalFormGame([[1, 2]], [[1, 2]], col_labels=["a"]), "col_labels"),
    "empty label": (
        lambda: NormalFormGame([[1]], [[1]], row_labels=[" "]),
        r"row_labels: row label 1",
    ),
    "twice a label": (
        lambda: NormalFormGame([[1, 2]], [[1, 2]], col_labels=["a", "a"]),
        r"column label 'a' is used twice",
    ),
    "one player": (lambda: NormalFormGame([[1]], [[1]], players=("x",)), r"players"),
    "players a number": (lambda: NormalFormGame([[1]], [[1]], players=5), r"players must be"),
    "labels a number": (lambda: NormalFormGame([[1]], [[1]], col_labels=5), r"col_labels"),
    "restrict rows 5": (lambda: TWO.restrict(5, [0]), r"rows must be a list of strategy"),
    "same players": (lambda: NormalFormGame([[1]], [[1]], players=("x", "x")), r"players"),
    # ---- random games
    "random negative rows": (lambda: NormalFormGame.random(-2, 3), r"rows must be a positive"),
    "random zero cols": (lambda: NormalFormGame.random(2, 0), r"cols must be a positive"),
    "random float rows": (lambda: NormalFormGame.random(2.5, 2), r"rows must be a positive"),
    "random bool cols": (lambda: NormalFormGame.random(2, True), r"cols must be a positive"),
    "random low > high": (lambda: NormalFormGame.random(2, 2, low=5, high=1), r"low must be"),
    "random huge high": (lambda: NormalFormGame.random(2, 2, high=2**70), r"high must be"),
    "random bad seed": (lambda: NormalFormGame.random(2, 2, seed=-1), r"seed must be"),
    "random text seed": (lambda: NormalFormGame.random(2, 2, seed="x"), r"seed must be"),
    # ---- players and strategies
    "player 2": (lambda: TWO.best_responses(2), r"who: unknown player 2"),
    "player True": (lambda: TWO.best_responses(True), r"who: unknown player True"),
    "player name": (lambda: TWO.best_responses("nobody"), r"who: unknown player 'nobody'"),
    "against 7": (lambda: TWO.best_responses(0, against=7), r"against must be a column index"),
    "against -1": (lambda: TWO.best_responses(0, against=-1), r"against must be a column index"),
    "against True": (lambda: TWO.best_responses(1, against=True), r"against must be a row index"),
    "against 1.0": (lambda: TWO.best_responses(0, against=1.0), r"against must be a column"),
    "against text": (lambda: TWO.best_responses(0, against="c1"), r"against must be a column"),
    "against short mix": (lambda: TWO.best_responses(0, against=[1]), r"against .* has 1"),
    "restrict row 5": (lambda: TWO.restrict([5], [0]), r"rows must be a row index"),
    "payoff of -1": (lambda: TWO.payoff(-1, 0), r"i must be a row index"),
    "dominated cols 9": (lambda: TWO.dominated(cols=[9]), r"cols must be a column index"),
    # ---- mixed strategies, checked exactly
    "p sums above 1": (
        lambda: PENNIES.is_equilibrium([0.5 + 1e-10, 0.5], [0.5, 0.5]),
        r"p \(.*mixed strategy\): the probabilities add up to 1.0000000001, not exactly 1",
    ),
    "q thirds in floats": (
        lambda: NormalFormGame.random(3, 3, seed=1).is_equilibrium([1, 0, 0], [1 / 3] * 3),
        r"q \(.*\): the probabilities add up to 0.9999999999999999, not exactly 1",
    ),
    "p negative": (lambda: PENNIES.is_equilibrium([2, -1], HALF), r"p .* negative probability"),
    "p is text": (lambda: PENNIES.is_equilibrium("10", HALF), r"p .* list of 2 probabilities"),
    "p holds nan": (lambda: PENNIES.is_equilibrium([float("nan"), 1], HALF), r"p .* finite"),
    "q too long": (lambda: PENNIES.expected_payoffs(HALF, [1, 0, 0]), r"q .* has 3"),
    # ---- methods and sizes
    "unknown method": (lambda: TWO.mixed_equilibria("lemke"), r"method must be"),
    "15×15 equilibria": (
        lambda: NormalFormGame.random(15, 15, seed=1).mixed_equilibria(),
        r"15×15 game .* 682,176 bases .* pass force=True",
    ),
    "13×13 support": (
        lambda: NormalFormGame.random(13, 13, seed=1).mixed_equilibria("support"),
        r"13×13 game would try 10,400,599 support pairs .*: pass force=True",
    ),
    "not zero-sum value": (
        lambda: catalog.prisoners_dilemma().zero_sum_value(),
        r"zero-sum \(or constant-sum\)",
    ),
    # ---- the catalog
    "dilemma in words": (lambda: catalog.prisoners_dilemma("two"), r"both_confess must be"),
    "dilemma of 12 years": (lambda: catalog.prisoners_dilemma(12), r"both_confess must be"),
    "pigs of no variant": (lambda: catalog.smart_pigs(None), r"variant must be one of"),
    "horses twice A": (lambda: catalog.horse_race("AAB", "ABC"), r"tian_ji_order must use"),
    "horses by number": (lambda: catalog.horse_race("ABC", 123), r"king_order must use"),
    "pigs head start 5": (lambda: SmartPigs(head_start=5), r"head_start must be two amounts"),
    "pigs food text": (lambda: SmartPigs(food="lots"), r"food: 'lots' is not a number"),
    "pigs share 2": (lambda: SmartPigs(big_share=2), r"big_share must be between 0 and 1"),
    "pigs dispenser list": (lambda: SmartPigs(dispenser=["far"]), r"dispenser must be"),
    "stakes of gold": (lambda: catalog.tian_ji("gold"), r"stakes must be 'race' or 'match'"),
    # ---- nature and the iterated dilemma
    "hurwicz optimism text": (
        lambda: nature.hurwicz(catalog.farmer_vs_nature(), "high"),
        r"optimism must be a number between 0 and 1, not 'high'",
    ),
    "match of no rounds": (
        lambda: ipd.play_match(ipd.tit_for_tat, ipd.always_defect, rounds=0),
        r"rounds: a match needs at least one round",
    ),
    "match noise text": (
        lambda: ipd.play_match(ipd.tit_for_tat, ipd.always_defect, noise="some"),
        r"noise is a probability",
    ),
    # ---- drawing
    "table equilibrium off the board": (
        lambda: payoff_table(TWO, equilibria=[(5, 0)]),
        r"equilibria: \(5, 0\) is not a cell of this 2×2 game",
    ),
    "table optimum not a pair": (
        lambda: draw_payoff_table(TWO, optimum=[3]),
        r"optimum: 3 is not a \(row, column\) pair",
    ),
    "table best responses wrong": (
        lambda: payoff_table(TWO, best_responses=([[0]], [])),
        r"best_responses must be",
    ),
    # ---- text
    "number text": (lambda: parse_number("three"), r"'three' is not a number"),
    "number 1e400": (lambda: parse_number("1e400"), r"'1e400' is beyond the float range"),
    "number full-width nan": (lambda: parse_number("ｎａｎ"), r"'nan' is not a finite"),
    "cell unclosed": (lambda: parse_pair("(3, -1"), r"'\(3, -1' opens a bracket"),
    "cell unopened": (lambda: parse_pair("3, -1)"), r"'3, -1\)' closes a bracket"),
    "cell mixed brackets": (lambda: parse_pair("[3, -1)"), r"opens a bracket"),
    "cell double comma": (lambda: parse_pair("3,,-1"), r"empty payoff"),
    "cell three": (lambda: parse_pair("3，4，5"), r"has 3 payoffs"),
    "table ragged": (lambda: parse_table("1,1|2,2\n3,3"), r"line 2 has 1 cell"),
    "table empty": (lambda: parse_table("\n \n"), r"the table is empty"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_bad_input_is_refused_with_a_message_naming_it(name):
    call, message = REFUSED[name]
    with pytest.raises(CoursekitError, match=message):
        call()


# (what to call, the correct answer)
ANSWERED = {
    "against numpy index": (lambda: TWO.best_responses(0, against=np.int64(1)), [1]),
    "against numpy mix": (lambda: TWO.best_responses(0, against=np.array([0.5, 0.5])), [1]),
    "player by role": (lambda: TWO.best_responses("column", against=0), [0]),
    "p tenths in floats": (
        lambda: NormalFormGame([[1] * 10], [[0] * 10]).expected_payoffs([1], [0.1] * 10),
        (1.0, 0.0),
    ),
    "exact halves as floats": (lambda: PENNIES.is_equilibrium([0.5, 0.5], HALF), True),
    "decimals as payoffs": (
        lambda: NormalFormGame([[Decimal("0.5")]], [[0]]).exact_A,
        ((Fraction(1, 2),),),
    ),
    "float near the limit": (
        lambda: NormalFormGame.zero_sum([[1e308, -1e308], [-1e308, 1e308]]).zero_sum_value().p,
        (Fraction(1, 2), Fraction(1, 2)),
    ),
    "random one by one": (
        lambda: NormalFormGame.random(1, 1, seed=0, low=3, high=3).exact_A,
        ((Fraction(3),),),
    ),
    "full-width cell": (lambda: parse_pair("（３；－１）"), (Fraction(3), Fraction(-1))),
    "full-width table": (
        lambda: parse_table("３，３ ｜ ０，５")[0][1],
        (Fraction(0), Fraction(5)),
    ),
    "unicode minus": (lambda: parse_number("\u22122.5"), Fraction(-5, 2)),
}


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_unusual_but_good_input_gets_the_right_answer(name):
    call, answer = ANSWERED[name]
    assert call() == answer


def test_a_forced_large_game_says_what_it_is_doing(capsys):
    """Past the size limit, force=True runs and shows a progress bar (tqdm on stderr)."""
    from coursekit.gametheory.support_enumeration import support_enumeration

    game = NormalFormGame.random(4, 4, seed=2)
    found = support_enumeration(game.exact_A, game.exact_B, force=True, progress=True)
    assert all(game.is_equilibrium(e.p, e.q) for e in found)
    assert "support enumeration" in capsys.readouterr().err


def test_the_size_limit_is_a_game_too_large_error():
    with pytest.raises(GameTooLargeError) as error:
        NormalFormGame.random(15, 15, seed=0).extreme_equilibria()
    assert isinstance(error.value, PayoffError)


# ---------------------------------------------------------------------- the editor
EDITOR_CELLS = {
    "1e400, 2": "'1e400' is beyond the float range",
    "(3, -1": "opens a bracket it does not close",
    "3, -1)": "closes a bracket it does not open",
    "3,,-1": "empty payoff",
    "3": "has 1 payoff",
    "x, 1": "'x' is not a number",
    "nan, 1": "'nan' is not a finite number",
    "3，4，5": "has 3 payoffs",
}


@pytest.mark.parametrize("text", sorted(EDITOR_CELLS))
def test_the_editor_shows_the_message_and_keeps_the_last_good_game(text):
    from coursekit.widgets import PayoffEditor

    editor = PayoffEditor(catalog.prisoners_dilemma(), plot=False)
    before = editor.game, editor.table.value
    editor.cells[0][1].value = text
    assert EDITOR_CELLS[text] in editor.cell_feedback[0][1].message
    assert (editor.game, editor.table.value) == before


@pytest.mark.parametrize("text", ["（３，－１）", "３，－１", "[3; -1]", "3 −1"])
def test_the_editor_understands_full_width_and_chinese_punctuation(text):
    from coursekit.widgets import PayoffEditor

    editor = PayoffEditor(catalog.prisoners_dilemma(), plot=False)
    editor.cells[0][1].value = text
    assert editor.cell_feedback[0][1].message == ""
    assert editor.game.payoff(0, 1) == (Fraction(3), Fraction(-1))


def test_the_editor_keeps_its_state_when_the_pasted_table_is_bad():
    from coursekit.widgets import PayoffEditor

    editor = PayoffEditor(catalog.prisoners_dilemma(), plot=False)
    before = editor.game
    editor.text.value = "1, 1 | 2, 2\n1e999, 0 | 0, 0"
    assert "line 2, cell 1" in editor.text_feedback.message
    assert "beyond the float range" in editor.text_feedback.message
    assert editor.game == before


# ---------------------------------------------------------------------- anything at all
ANYTHING = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5)
    | st.fractions() | st.decimals() | st.just(HUGE),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner),
    max_leaves=12,
)  # fmt: skip


@given(st.text(max_size=30))
@settings(max_examples=300, deadline=None)
def test_any_cell_text_is_read_or_refused_with_a_payoff_error(text):
    try:
        a, b = parse_pair(text)
    except PayoffError as error:
        assert str(error)
    else:
        assert isinstance(a, Fraction) and isinstance(b, Fraction)


@given(ANYTHING, ANYTHING)
@settings(max_examples=300, deadline=None)
def test_any_matrices_make_a_game_or_a_payoff_error(A, B):
    try:
        game = NormalFormGame(A, B)
    except PayoffError as error:
        assert str(error)
    else:
        assert game.pure_equilibria() is not None


@given(ANYTHING.filter(lambda value: value is not None))
@settings(max_examples=300, deadline=None)
def test_any_opponent_strategy_gets_best_responses_or_a_payoff_error(against):
    try:
        best = TWO.best_responses(0, against=against)
    except PayoffError as error:
        assert "against" in str(error) or "who" in str(error)
    else:
        assert best and set(best) <= {0, 1}


@given(st.text(max_size=20))
@settings(max_examples=60, deadline=None)
def test_any_text_in_an_editor_cell_is_taken_or_shown_as_a_problem(text):
    from coursekit.widgets import PayoffEditor

    editor = PayoffEditor(catalog.prisoners_dilemma(), plot=False)
    before = editor.game
    editor.cells[1][0].value = text
    message = editor.cell_feedback[1][0].message
    if message:
        assert editor.game == before
    else:
        assert editor.game.payoff(1, 0) == parse_pair(text)
