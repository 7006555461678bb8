"""The transposition table: bounds used soundly, the replacement policy, the counters."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import ConnectFour, TicTacToe
from coursekit.search import SearchError
from coursekit.search.transposition import (
    EXACT,
    LOWER,
    UPPER,
    Entry,
    TranspositionTable,
    flag_of,
    key_function,
)

INF = math.inf
values = st.integers(-20, 20)


@given(values, values, values, values, st.integers(0, 4), st.integers(0, 4))
def test_a_probe_never_contradicts_what_was_stored(true, a, b, d, stored, wanted):
    """Store what fail-soft α-β may return for a node of value ``true`` searched with (a, b);
    a later lookup with any window must answer only what follows from it."""
    lo, hi = sorted((a, b))
    if lo == hi:
        hi += 1
    # fail-soft: inside the window the value itself, outside a bound on the correct side
    returned = true if lo < true < hi else (min(true, lo) if true <= lo else max(true, hi))
    table = TranspositionTable()
    table.store("n", returned, depth=stored, alpha=lo, beta=hi)
    alpha, beta = sorted((d, d + 3))
    probe = table.lookup("n", depth=wanted, alpha=alpha, beta=beta)
    if stored < wanted:
        assert probe.value is None and (probe.alpha, probe.beta) == (alpha, beta)
        return
    if probe.value is not None:
        # an answer: exact, or a bound that lies outside the window on the true value's side
        if table.entry("n").flag == EXACT:
            assert probe.value == true
        elif probe.value >= beta:
            assert true >= probe.value
        else:
            assert probe.value <= alpha and true <= probe.value
    else:
        # the narrowed window still contains the true value or the true value was outside
        assert alpha <= probe.alpha < probe.beta <= beta
        assert not (probe.alpha < true < probe.beta) or alpha < true < beta


def test_flags_are_judged_against_the_window_searched():
    assert [flag_of(v, 0, 10) for v in (-5, 0, 1, 9, 10, 15)] == [
        UPPER, UPPER, EXACT, EXACT, LOWER, LOWER,
    ]  # fmt: skip
    # a zero window can only give bounds
    tiny = math.nextafter(3.0, INF)
    assert {flag_of(v, 3.0, tiny) for v in (2, 3, tiny, 4)} == {UPPER, LOWER}


@pytest.mark.parametrize("size", [1, 2, 3, 16])
def test_a_limited_table_never_holds_more_than_its_size(size):
    table = TranspositionTable(size=size)
    for i in range(100):
        table.store(i, i, depth=i % 5, alpha=-INF, beta=INF, move=i)
        assert len(table) <= size
        assert table.entry(i) == Entry(i, i % 5, EXACT, i)  # the newest is always kept
    assert table.stores == 100
    assert table.overwrites >= 100 - size


def test_depth_preferred_keeps_a_deep_entry_and_the_spare_slot_takes_the_new_one():
    table = TranspositionTable(size=4)
    table.store(0, 1, depth=9, alpha=-INF, beta=INF)  # home slot 0
    table.store(4, 2, depth=1, alpha=-INF, beta=INF)  # home slot 0 too: goes to slot 1
    assert table.entry(0).depth == 9 and table.entry(4).depth == 1
    table.store(8, 3, depth=1, alpha=-INF, beta=INF)  # home 0 again: always-replace slot 1
    assert table.entry(0) is not None and table.entry(4) is None and table.entry(8) is not None
    table.store(12, 4, depth=10, alpha=-INF, beta=INF)  # deeper than slot 0: replaces it
    assert table.entry(0) is None and table.entry(12).depth == 10
    assert table.overwrites == 2


def test_same_key_is_updated_in_place():
    table = TranspositionTable(size=2)
    table.store("A", 1, depth=1, alpha=0, beta=5)
    table.store("A", 2, depth=3, alpha=0, beta=5)
    assert len(table) == 1 and table.entry("A").value == 2 and table.overwrites == 0


def test_counters_and_text():
    table = TranspositionTable()
    assert table.lookup("x", 1, -INF, INF).value is None
    table.store("x", 5, depth=1, alpha=-INF, beta=INF, move=3)
    assert table.lookup("x", 1, -INF, INF).value == 5
    assert (table.probes, table.hits, table.stores, len(table)) == (2, 1, 1, 1)
    assert "x" in table and str(table).startswith("1 entries")
    table.clear()
    assert len(table) == 0 and table.stores == 1


@pytest.mark.parametrize("size", [0, -1, 1.5, True, "8"])
def test_bad_sizes_are_named(size):
    with pytest.raises(SearchError, match="size"):
        TranspositionTable(size=size)


@settings(max_examples=50)
@given(st.lists(st.integers(0, 6), max_size=12))
def test_board_games_key_positions_by_symmetry_class(moves):
    game = ConnectFour()
    key = key_function(game)
    state = game.initial
    for m in moves:
        if game.is_terminal(state) or m not in game.actions(state):
            break
        state = game.result(state, m)
    assert key(state) == key(game.mirror(state))
    assert key_function(TicTacToe())(TicTacToe().initial) == 0
    assert key_function(object())(state) is state
