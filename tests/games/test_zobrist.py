"""Zobrist hashing: the incremental hash is the hash from scratch, and the hashed games are
the same games as the plain ones."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MIN, ConnectFour, TicTacToe
from coursekit.games.base import GameError
from coursekit.games.zobrist import HashedState, ZobristTable, collision_chance

HASHED_TICTACTOE = TicTacToe(hashing="zobrist")
PLAIN_TICTACTOE = TicTacToe()
C4_SIZES = [(4, 4, 3), (4, 5, 4), (6, 7, 4), (3, 3, 3), (5, 2, 2)]


def play(game, moves):
    """Every state along ``moves`` from the start (stopping where the game ends)."""
    state = game.initial
    states = [state]
    for m in moves:
        actions = game.actions(state)
        if not actions:
            break
        state = game.result(state, actions[m % len(actions)])
        states.append(state)
    return states


def scratch_hash(game, state):
    """The hash of ``state`` recomputed from its pieces, one XOR each, written apart from
    ZobristTable.hash_of so that a mistake there shows too."""
    bits = game.zobrist.squares
    value = game.zobrist.side if game.to_move(state) is MIN else 0
    for square in range(bits):
        if state.x >> square & 1:
            value ^= game.zobrist.piece[0][square]
        if state.o >> square & 1:
            value ^= game.zobrist.piece[1][square]
    return value


moves = st.lists(st.integers(0, 20), max_size=45)


@given(moves)
def test_tictactoe_incremental_hash_is_the_hash_from_scratch(sequence):
    for state in play(HASHED_TICTACTOE, sequence):
        assert isinstance(state, HashedState)
        assert state.hash == scratch_hash(HASHED_TICTACTOE, state)
        assert state.hash == HASHED_TICTACTOE.zobrist.hash_of(state.x, state.o)
        assert HASHED_TICTACTOE.key(state) == state.hash


@given(st.sampled_from(C4_SIZES), moves)
@settings(max_examples=150)
def test_connectfour_incremental_hash_is_the_hash_from_scratch(size, sequence):
    rows, cols, k = size
    game = ConnectFour(rows, cols, k, hashing="zobrist")
    for state in play(game, sequence):
        assert state.hash == scratch_hash(game, state) == game.key(state)
        assert game.parse(game.to_text(state)) == state


@given(moves)
def test_the_hashed_game_is_the_same_game(sequence):
    """Step for step, the hashed and the plain game agree on everything but the key."""
    plain, hashed = PLAIN_TICTACTOE, HASHED_TICTACTOE
    games = [(plain, hashed), (ConnectFour(4, 5, 3), ConnectFour(4, 5, 3, hashing="zobrist"))]
    for a, b in games:
        for s, t in zip(play(a, sequence), play(b, sequence), strict=True):
            assert (s.x, s.o) == (t.x, t.o)
            assert a.to_move(s) == b.to_move(t) and a.actions(s) == b.actions(t)
            assert a.is_terminal(s) == b.is_terminal(t)
            assert a.evaluate(s) == b.evaluate(t)
            if a.is_terminal(s):
                assert a.utility(s, MIN) == b.utility(t, MIN)


@given(st.permutations(range(9)), st.integers(0, 9), st.randoms(use_true_random=False))
def test_tictactoe_move_orders_that_reach_one_board_reach_one_hash(cells, n, rng):
    """Put the same pieces down in another order: × and ○ each shuffle their own cells."""
    game = HASHED_TICTACTOE
    xs, os_ = list(cells[0:n:2]), list(cells[1:n:2])
    first = replay(game, xs, os_)
    rng.shuffle(xs)
    rng.shuffle(os_)
    second = replay(game, xs, os_)
    assert (first.x, first.o) == (second.x, second.o)
    assert first.hash == second.hash


def replay(game, xs, os_):
    """× plays ``xs`` and ○ plays ``os_``, taking turns (result does not stop at a win)."""
    state = game.initial
    for i in range(len(xs) + len(os_)):
        state = game.result(state, (xs if i % 2 == 0 else os_)[i // 2])
    return state


@given(st.lists(st.integers(0, 4), min_size=2, max_size=16), st.randoms(use_true_random=False))
@settings(max_examples=150)
def test_connectfour_move_orders_that_reach_one_board_reach_one_hash(columns, rng):
    game = ConnectFour(5, 5, 4, hashing="zobrist")
    plain = ConnectFour(5, 5, 4)
    played = []
    for column in columns:  # the legal prefix of the columns drawn
        state = plain.initial
        for c in [*played, column]:
            if c not in plain.actions(state):
                break
            state = plain.result(state, c)
        else:
            played.append(column)
    xs, os_ = played[0::2], played[1::2]
    first = replay(game, xs, os_)
    rng.shuffle(xs)
    rng.shuffle(os_)
    try:
        second = replay(game, xs, os_)
    except GameError:  # the new order overfills a column
        return
    assert ((first.x, first.o) == (second.x, second.o)) == (first.hash == second.hash)


def test_transpositions_share_a_hash():
    game = HASHED_TICTACTOE
    a = replay(game, [4, 8], [0])  # × centre, ○ corner, × opposite corner
    b = replay(game, [8, 4], [0])
    assert (a.x, a.o) == (b.x, b.o) and a.hash == b.hash
    c4 = ConnectFour(4, 5, 4, hashing="zobrist")
    a, b = replay(c4, [0, 2], [1]), replay(c4, [2, 0], [1])
    assert (a.x, a.o) == (b.x, b.o) and a.hash == b.hash


def test_every_tictactoe_position_has_its_own_hash():
    """All 5,478 positions reachable from the empty board: transpositions share a hash,
    different boards never do."""
    game = HASHED_TICTACTOE
    hashes: dict[tuple[int, int], int] = {}  # board → its hash
    stack = [game.initial]
    while stack:
        state = stack.pop()
        board = (state.x, state.o)
        if board in hashes:
            assert hashes[board] == state.hash
            continue
        hashes[board] = state.hash
        stack.extend(game.result(state, a) for a in game.actions(state))
    assert len(hashes) == 5_478
    assert len(set(hashes.values())) == len(hashes)


def test_the_side_to_move_is_part_of_the_hash():
    table = ZobristTable(squares=9)
    for x, o in ((0, 0), (0b10000, 0b1), (0b10001, 0b100)):
        assert table.hash_of(x, o, min_to_move=False) ^ table.hash_of(x, o, min_to_move=True) == (
            table.side
        )
    game = HASHED_TICTACTOE
    after_one = game.result(game.initial, 4)  # MIN to move
    assert after_one.hash == table.piece[0][4] ^ table.side
    assert after_one.hash != table.piece[0][4]  # the bare piece: MAX to move, not reachable


def test_a_move_is_one_xor_and_undoing_it_restores_the_hash():
    game = ConnectFour(4, 5, 4, hashing="zobrist")
    state = game.result(game.initial, 2)
    child = game.result(state, 2)  # o lands on row 1 of column 2: bit 2·5 + 1
    square = 2 * game.height + 1
    assert child.hash == state.hash ^ game.zobrist.move[1][square]
    assert child.hash ^ game.zobrist.move[1][square] == state.hash


def test_tables_are_seeded_distinct_and_non_zero():
    a, b = ZobristTable(squares=42), ZobristTable(squares=42)
    assert a.piece == b.piece and a.side == b.side
    numbers = [*a.piece[0], *a.piece[1], a.side]
    assert len(set(numbers)) == len(numbers) and 0 not in numbers
    assert all(0 < n < 2**64 for n in numbers)
    assert ZobristTable(squares=42, seed=7).piece != a.piece
    assert all(m == p ^ a.side for m, p in zip(a.move[1], a.piece[1], strict=True))


def test_collision_chance_is_the_birthday_bound():
    assert collision_chance(1) == 0
    assert collision_chance(2) == 2**-64
    assert collision_chance(2**20) == pytest.approx(2**39 / 2**64, rel=1e-5)
    assert collision_chance(2**33) == 1.0  # clipped: a probability
    assert collision_chance(1000, bits=10) == 1.0


def test_hashed_parse_symmetries_and_mirror_carry_their_hash():
    game = HASHED_TICTACTOE
    state = game.parse("x.o/.x./...")
    assert isinstance(state, HashedState) and state.hash == scratch_hash(game, state)
    for image in [*game.symmetries(state), game.canonical(state)]:
        assert image.hash == scratch_hash(game, image)
    c4 = ConnectFour(4, 5, 4, hashing="zobrist")
    s = play(c4, [0, 1, 0, 3])[-1]
    assert c4.mirror(s).hash == scratch_hash(c4, c4.mirror(s))


def test_repr_names_the_hashing():
    assert repr(HASHED_TICTACTOE) == "TicTacToe(hashing='zobrist')"
    assert repr(ConnectFour(4, 4, 3, hashing="zobrist")).endswith("hashing='zobrist')")
    assert repr(PLAIN_TICTACTOE) == "TicTacToe()"


@pytest.mark.parametrize(
    "make",
    [
        lambda: TicTacToe(hashing="zorbist"),
        lambda: TicTacToe(hashing=True),
        lambda: ConnectFour(hashing="md5"),
        lambda: ZobristTable(squares=0),
        lambda: ZobristTable(squares=True),
        lambda: ZobristTable(squares=9, seed="one"),
        lambda: ZobristTable(squares=9).hash_of(-1, 0),
        lambda: ZobristTable(squares=9).hash_of(1 << 9, 0),
        lambda: ZobristTable(squares=9).hash_of(0, 1.5),
        lambda: HASHED_TICTACTOE.result(PLAIN_TICTACTOE.initial, 4),
        lambda: HASHED_TICTACTOE.result(HASHED_TICTACTOE.initial, 9),
        lambda: HASHED_TICTACTOE.check(HashedState(1, 0, 12345)),
        lambda: HASHED_TICTACTOE.check(PLAIN_TICTACTOE.initial),
        lambda: ConnectFour(hashing="zobrist").result(ConnectFour().initial, 0),
        lambda: ConnectFour(hashing="zobrist").result(ConnectFour(hashing="zobrist").initial, 7),
    ],
)
def test_bad_input_is_refused_with_a_game_error(make):
    with pytest.raises(GameError):
        make()


def test_a_full_column_is_refused_in_the_hashed_game():
    game = ConnectFour(2, 2, 2, hashing="zobrist")
    state = play(game, [0, 0])[-1]
    with pytest.raises(GameError, match="full"):
        game.result(state, 0)


def test_random_long_games_keep_their_hash():
    """A few whole 6 × 7 games (seeded), each position checked from scratch."""
    game = ConnectFour(hashing="zobrist")
    rng = random.Random(3)
    for _ in range(20):
        for state in play(game, [rng.randrange(7) for _ in range(42)]):
            assert state.hash == scratch_hash(game, state)
