"""The transposition table: bounds used soundly, the replacement policy, the counters."""

from __future__ import annotations

import math

import pytest
from chapter6_cases import played
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import ConnectFour, TicTacToe

# The table from the package's namespace, the class the searches check for (pytest's
# doctest run may import the module file a second time, as another class).
from coursekit.search import (
    EXACT,
    LOWER,
    UPPER,
    Entry,
    SearchError,
    TranspositionTable,
    iterative_deepening,
    minimax,
    mtdf,
    negamax,
    pvs,
)
from coursekit.search.transposition import flag_of, key_function

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


# --- tables keyed by Zobrist hashes (games built with hashing="zobrist") ----------------------

HASHED_TICTACTOE = TicTacToe(hashing="zobrist")
HASHED_SMALL_C4 = ConnectFour(rows=4, cols=4, k=3, hashing="zobrist")
HASHED_C4 = ConnectFour(rows=5, cols=5, k=4, hashing="zobrist")
PLAIN = {
    HASHED_TICTACTOE: TicTacToe(),
    HASHED_SMALL_C4: ConnectFour(rows=4, cols=4, k=3),
    HASHED_C4: ConnectFour(rows=5, cols=5, k=4),
}


@st.composite
def hashed_cases(draw):
    """A hashed game, a random position of it and a depth (C4: depth-limited, with e(p))."""
    game = draw(st.sampled_from(list(PLAIN)))
    if game is HASHED_TICTACTOE:
        return game, draw(played(game, 0, 9)), draw(st.sampled_from([None, 1, 2, 3]))
    return game, draw(played(game, 0, 12)), draw(st.integers(1, 4))


def plain_value(game, state, depth):
    """Plain minimax on the plain game (its states carry no hash), the reference value."""
    plain = PLAIN[game]
    board = plain.initial._replace(x=state.x, o=state.o)
    return minimax(plain, board, depth=depth).value


def zobrist_searches(game, state, depth, table):
    yield negamax(game, state, depth=depth, table=table)
    yield pvs(game, state, depth=depth, table=table)
    yield mtdf(game, state, depth=depth, table=table)
    yield iterative_deepening(game, state, max_depth=depth or 9, table=table)


@settings(max_examples=150, deadline=None)
@given(hashed_cases(), st.sampled_from([True, 1, 4, 64]))
def test_searches_with_a_zobrist_keyed_table_agree_with_plain_minimax(case, size):
    """Negamax (α-β), PVS, MTD(f) and iterative deepening, each with a table keyed by the
    Zobrist hash (unlimited, or too small to hold the tree), give minimax's value."""
    game, state, depth = case
    expected = plain_value(game, state, depth)
    for r in zobrist_searches(game, state, depth, table_of_size(size)):
        assert r.value == expected, (r.algorithm, r.value, expected)
        if not game.is_terminal(state):
            below = None if depth is None else depth - 1
            assert plain_value(game, game.result(state, r.move), below) == expected


def table_of_size(size):
    return True if size is True else TranspositionTable(size=size)


@settings(max_examples=150, deadline=None)
@given(hashed_cases(), st.lists(st.integers(-6, 6), max_size=6))
def test_zero_windows_sharing_a_zobrist_table_give_sound_bounds(case, guesses):
    """Zero-window searches (α, α + 1) of integer-valued positions fill one shared table;
    each answers a correct bound, and a last full-window search with that table is exact."""
    game, state, depth = case
    expected = plain_value(game, state, depth)
    table = TranspositionTable()
    for g in guesses:
        v = negamax(game, state, depth=depth, alpha=g, beta=g + 1, table=table).value
        if expected <= g:  # fail low: an upper bound at most α
            assert expected <= v <= g
        else:  # fail high: a lower bound at least β
            assert g + 1 <= v <= expected
    assert negamax(game, state, depth=depth, table=table).value == expected
    assert game.is_terminal(state) or state.hash in table  # the root's entry, by its hash


def test_a_zobrist_table_is_keyed_by_the_hash_not_the_symmetry_class():
    game = HASHED_TICTACTOE
    key = key_function(game)
    corner, other_corner = game.result(game.initial, 0), game.result(game.initial, 8)
    assert key(corner) == corner.hash != key(other_corner)
    by_class, by_hash = TranspositionTable(), TranspositionTable()
    plain = negamax(TicTacToe(), table=by_class)
    hashed = negamax(game, table=by_hash)
    assert hashed.value == plain.value == 0
    # no symmetry folding: symmetric positions are entries of their own
    assert len(by_hash) > len(by_class) and hashed.stats.nodes > plain.stats.nodes
    assert corner.hash in by_hash and other_corner.hash in by_hash


@pytest.mark.parametrize("size", [None, 1, 8])
def test_a_check_value_tells_apart_positions_that_share_a_key(size):
    """A collision forced on purpose: two boards stored under one key."""
    table = TranspositionTable(size=size)
    table.store(99, 5, depth=3, alpha=-INF, beta=INF, move=2, check=("board", 1))
    other = table.lookup(99, depth=1, alpha=-INF, beta=INF, check=("board", 2))
    assert (other.value, other.move) == (None, None)  # neither its value nor its move
    assert (table.hits, table.mismatches) == (0, 1)
    same = table.lookup(99, depth=1, alpha=-INF, beta=INF, check=("board", 1))
    assert (same.value, same.move, table.hits) == (5, 2, 1)
    table.store(99, -1, depth=1, alpha=-INF, beta=INF, check=("board", 2))  # replaces it
    assert table.overwrites == 1 and table.entry(99).check == ("board", 2)
    assert table.lookup(99, depth=1, alpha=-INF, beta=INF, check=("board", 1)).value is None
    assert "2 mismatches" in str(table)
    # without check values (None on both sides) nothing changes
    table.store(7, 3, depth=1, alpha=-INF, beta=INF)
    assert table.lookup(7, depth=1, alpha=-INF, beta=INF).value == 3


def test_without_a_check_a_collision_answers_with_the_other_positions_value():
    """What the docstring warns of: keyed by the hash alone, the table cannot tell."""
    table = TranspositionTable()
    table.store(99, 5, depth=3, alpha=-INF, beta=INF)  # position A
    assert table.lookup(99, depth=3, alpha=-INF, beta=INF).value == 5  # asked for position B
