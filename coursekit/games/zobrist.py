"""Zobrist hashing: one 64-bit number per position, updated by one XOR per move.

After A. L. Zobrist, *A New Hashing Method with Application for Game Playing*
(University of Wisconsin, technical report 88, 1970).

A transposition table (置换表) needs a key for every position. Zobrist's idea
is to give every *(player, square)* pair a random 64-bit number, chosen once,
and to let a position's hash be the XOR (``^``) of the numbers of the pieces
on the board, XORed with one more number, :attr:`ZobristTable.side`, when MIN
is to move::

    hash(position) = piece(p₁, s₁) ^ piece(p₂, s₂) ^ … ^ (side if MIN is to move)

Why XOR makes it incremental
    XOR is associative and commutative, and every number is its own inverse
    (``a ^ a == 0``). So putting a piece on a square XORs its number *in*,
    taking it away XORs the same number *out*, and the order in which pieces
    arrived does not matter: two move orders that reach the same board reach
    the same hash. A move in tic-tac-toe or Connect Four puts one piece down
    and hands the turn over, so the search updates the hash with
    ``hash ^ piece(player, square) ^ side`` — and as both numbers are fixed,
    :attr:`ZobristTable.move` holds them XORed together in advance: one XOR
    per move, whatever the size of the board. Computing the hash from scratch
    (:meth:`ZobristTable.hash_of`) touches every piece; the tests check that
    both ways agree.

Why the side to move is in it
    The same pieces with the other player to move is a different position
    with a different value. In tic-tac-toe and Connect Four the pieces tell
    whose turn it is (× or x moves when both have as many pieces), so
    :attr:`~ZobristTable.side` never separates two positions there; it is
    folded in because in other games (chess, games with passes) it does, and
    it costs nothing: it is already inside every :attr:`~ZobristTable.move`.

What a collision is, and how likely
    A hash squeezes every position into 64 bits, so two different positions
    can share one: a *collision*. A transposition table keyed by the hash
    alone cannot tell them apart and may answer one position with the other's
    value. With numbers that behave like independent random ones, two given
    positions collide with probability 2⁻⁶⁴ ≈ 5.4 × 10⁻²⁰, and among ``n``
    positions some pair collides with probability about ``n² / 2⁶⁵``
    (:func:`collision_chance`, the birthday bound): about 8 × 10⁻¹³ for the
    5,478 positions of tic-tac-toe, about 3 × 10⁻⁸ for a table that sees a
    million positions in a game. Programs accept that risk or store a second
    check value beside each entry; a search that keys its table by exact
    boards (coursekit's default) never takes it.

>>> table = ZobristTable(squares=9, seed=1)
>>> empty = 0
>>> a = empty ^ table.move[0][4] ^ table.move[1][0]  # × in the centre, ○ in a corner
>>> a == table.hash_of(1 << 4, 1 << 0)  # the same number from scratch
True
>>> a ^ table.move[1][0] == empty ^ table.move[0][4]  # XOR the move again: it is undone
True
"""

from __future__ import annotations

import random
from typing import NamedTuple

from coursekit.games.base import GameError
from coursekit.text import say

DEFAULT_SEED = 1970
"""The seed of every game's table, so that hashes are the same in every run (and in tests)."""

BITS = 64
"""How many bits a hash has."""

HASHINGS = (None, "zobrist")
"""The values of a board game's ``hashing`` argument: no hash carried, or a Zobrist hash."""


class HashedState(NamedTuple):
    """A board position that carries its Zobrist hash (the states of games built with
    ``hashing="zobrist"``)."""

    x: int
    """Bitboard of MAX's pieces."""
    o: int
    """Bitboard of MIN's pieces."""
    hash: int
    """The Zobrist hash of the position, side to move included."""


class ZobristTable:
    """Random 64-bit numbers for every (player, square), and one for MIN to move.

    Players are numbered 0 for MAX (who moves first) and 1 for MIN, and squares
    0 to ``squares − 1`` (a game's bit positions, so that the square of a
    one-bit board ``b`` is ``b.bit_length() − 1``).

    Parameters
    ----------
    squares : int
        How many squares the board has.
    seed : int
        The seed of the random numbers: the same seed, the same table.

    Raises
    ------
    GameError
        When ``squares`` is not a whole number ≥ 1 or ``seed`` is not a whole number.

    Examples
    --------
    >>> ZobristTable(squares=9).piece == ZobristTable(squares=9).piece  # seeded
    True
    >>> ZobristTable(squares=9, seed=2).piece == ZobristTable(squares=9).piece
    False
    """

    def __init__(self, squares: int, seed: int = DEFAULT_SEED) -> None:
        if isinstance(squares, bool) or not isinstance(squares, int) or squares < 1:
            raise GameError(
                say("errors.whole_at_least", name="squares", least=1, value=repr(squares))
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(say("errors.games.zobrist.seed", seed=repr(seed)))
        self.squares, self.seed = squares, seed
        self._end = 1 << squares  # the first number that is not a bitboard of the board
        numbers = _distinct_numbers(2 * squares + 1, random.Random(seed))
        self.piece: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(numbers[:squares]),
            tuple(numbers[squares : 2 * squares]),
        )
        """``piece[p][s]``: the number of a piece of player ``p`` (0 MAX, 1 MIN) on square ``s``."""
        self.side: int = numbers[-1]
        """The number XORed in when MIN is to move."""
        self.move: tuple[tuple[int, ...], tuple[int, ...]] = tuple(
            tuple(number ^ self.side for number in row) for row in self.piece
        )  # type: ignore[assignment]
        """``move[p][s]``: what a move of ``p`` onto ``s`` XORs into the hash (piece and turn)."""

    def hash_of(self, max_pieces: int, min_pieces: int, min_to_move: bool | None = None) -> int:
        """The hash computed from scratch: one XOR per piece, and :attr:`side` if MIN is to move.

        Parameters
        ----------
        max_pieces, min_pieces : int
            Bitboards of MAX's and MIN's pieces (bit ``s`` set: a piece on square ``s``).
        min_to_move : bool, optional
            Whether MIN is to move; by default judged as in the course's board
            games, where MAX moves first: MIN moves when MAX has one piece more.

        Raises
        ------
        GameError
            When a bitboard is not a whole number with bits on the board's squares only.

        Examples
        --------
        >>> table = ZobristTable(squares=4)
        >>> table.hash_of(0, 0)
        0
        >>> table.hash_of(0b0001, 0) == table.piece[0][0] ^ table.side
        True
        """
        for name, board in (("max_pieces", max_pieces), ("min_pieces", min_pieces)):
            if isinstance(board, bool) or not isinstance(board, int) or not 0 <= board < self._end:
                raise GameError(
                    say(
                        "errors.games.zobrist.bitboard",
                        name=name,
                        squares=self.squares,
                        board=repr(board),
                    )
                )
        if min_to_move is None:
            min_to_move = max_pieces.bit_count() > min_pieces.bit_count()
        value = self.side if min_to_move else 0
        for player, board in enumerate((max_pieces, min_pieces)):
            numbers = self.piece[player]
            while board:
                low = board & -board  # the lowest piece left
                value ^= numbers[low.bit_length() - 1]
                board ^= low
        return value

    def __repr__(self) -> str:
        return f"ZobristTable(squares={self.squares}, seed={self.seed})"


def _distinct_numbers(count: int, rng: random.Random) -> list[int]:
    """``count`` different non-zero random numbers of :data:`BITS` bits.

    A zero would leave the hash unchanged, and two equal numbers would make two
    boards collide for sure; both are astronomically unlikely, and cheap to rule out.
    """
    numbers: list[int] = []
    seen = {0}
    while len(numbers) < count:
        number = rng.getrandbits(BITS)
        if number not in seen:
            seen.add(number)
            numbers.append(number)
    return numbers


def collision_chance(positions: int, bits: int = BITS) -> float:
    """About how likely some two of ``positions`` distinct positions share a hash of ``bits`` bits.

    The birthday bound ``n (n − 1) / 2 / 2^bits`` (an upper bound, close while it is small).

    >>> f"{collision_chance(5_478):.1e}"
    '8.1e-13'
    >>> collision_chance(2**40) > 0.01  # a trillion positions: collisions become likely
    True
    """
    return min(1.0, positions * (positions - 1) / 2 / 2**bits)
