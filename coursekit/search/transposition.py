"""The transposition table (置换表): remember what was found about a position, by its key.

Different orders of the same moves often reach the same position (a
*transposition*). A depth-first search that forgets would search it again.
The table keeps, for every position searched, one :class:`Entry`:

- ``value`` — what the search returned there (in the view the search uses:
  coursekit's negamax stores it from the side to move);
- ``depth`` — the *draft*: how many plies were searched below the position
  (``math.inf`` for a search to the end of the game);
- ``flag`` — what kind of value it is. α-β returns the exact value only when
  it lies inside the window (α, β). Fail-soft α-β returns a bound otherwise:
  ``EXACT`` when α < value < β, ``LOWER`` (the true value is at least
  ``value``) when value ≥ β — a fail high — and ``UPPER`` (at most ``value``)
  when value ≤ α — a fail low. Fail-hard values (clipped to the window) are
  bounds of the same kinds, only weaker;
- ``move`` — the best move found there, tried first the next time (ordering).

The steps a search takes at a node with window (α, β) and draft d:

1. LOOKUP: find the entry of the node's key. If its draft is at least d:
   EXACT answers the node at once; LOWER raises α to its value; UPPER lowers
   β to its value; if then α ≥ β the entry's value answers the node (a cut
   without searching). The entry's move, whatever its draft, is tried first.
2. Search the node with the (possibly narrower) window (α, β).
3. STORE the result v with the flag it has *for the window actually searched*:
   UPPER if v ≤ α, LOWER if v ≥ β, EXACT otherwise. (Judging the flag by
   the window before step 1 would call a bound exact.) A zero window
   (α, α⁺) can never give EXACT: every answer there is a bound.

Keys
    A search asks ``game.key(state)`` when the game has it, else uses the state
    itself. By default ``key`` maps symmetric positions to one key (tic-tac-toe's
    eight rotations and reflections, Connect Four's mirror image), so one entry
    serves a whole symmetry class: their values are equal, but a stored move
    belongs to the position that stored it, so a search uses it only as a hint
    (and only when it is legal where it is probed). These keys are exact: a
    tic-tac-toe or Connect Four state is two integer bitboards, one per player,
    that together say where every piece is (and so, by counting pieces, who is
    to move); distinct classes have distinct keys, and a Python dictionary
    compares the keys themselves, not only their hashes, so two positions can
    never be confused.

Zobrist keys and collisions
    ``TicTacToe(hashing="zobrist")`` and ``ConnectFour(..., hashing="zobrist")`` key
    each position by a 64-bit Zobrist hash that the state carries and ``result``
    updates with one XOR (:mod:`coursekit.games.zobrist`); the chess adapter keys by
    python-chess's Zobrist hash too. A hash is cheap to get and to compare, but two
    *different* positions may share one (a collision). The table cannot tell them
    apart: a probe of one position finds the other's entry, and the search may take
    that entry's value or bound for its own — a wrong answer, silently — or try its
    move (a search tries a stored move only where it is legal, so that part is
    harmless). At 64 bits a collision among the n positions of a search has
    probability about n² / 2⁶⁵ (:func:`~coursekit.games.zobrist.collision_chance`:
    8 × 10⁻¹³ for all of tic-tac-toe). To catch even those, store a *check value*
    beside each entry (``store(..., check=c)``, ``lookup(..., check=c)``): the board
    itself, or a second hash seeded apart. (Positions that only share a slot of a
    table with a size limit, ``hash % n``, are no collision: a slot keeps the whole
    key and compares it.) An entry whose check differs is another position: the
    probe misses (counted in :attr:`TranspositionTable.mismatches`) and the next
    store replaces it. coursekit's searches pass no check; a table keyed by the
    default exact keys needs none. (A Python dictionary keyed by the states
    themselves keeps such a check for free: it finds the slot by the hash and then
    compares the keys, which is why coursekit's chess states hash by their Zobrist
    number but compare their boards.)

Size and replacement
    ``TranspositionTable()`` holds every position (a dictionary).
    ``TranspositionTable(size=n)`` holds at most ``n`` entries, in ``n`` slots:
    a key's *home* slot is ``hash(key) % n`` and its *spare* slot the next one.
    A store goes to the slot already holding the key; else to the home slot
    when it is empty or its entry is not deeper (depth-preferred: a deep
    entry saved more work); else to the spare slot, whatever it holds
    (always-replace: the newest entry is the likeliest to be needed again).
    Forgetting costs work, never correctness: a search without the entry
    searches the position again.

>>> table = TranspositionTable()
>>> table.store("A", 3, depth=2, alpha=-100, beta=100, move="B")
>>> table.lookup("A", depth=2, alpha=-100, beta=100)
Probe(value=3, alpha=-100, beta=100, move='B')
>>> table.lookup("A", depth=3, alpha=0, beta=9)  # too shallow: only the move helps
Probe(value=None, alpha=0, beta=9, move='B')
>>> table.store("C", 7, depth=1, alpha=0, beta=5)  # 7 ≥ β: a lower bound
>>> table.entry("C").flag, table.lookup("C", depth=1, alpha=0, beta=6).value
('lower', 7)
>>> print(table)
2 entries, 3 probes, 3 hits, 2 stores, 0 overwrites

Two positions that share a hash (here the key 17), told apart by a check value:

>>> table.store(17, 1, depth=1, alpha=-9, beta=9, check="x.o/.../...")
>>> table.lookup(17, depth=1, alpha=-9, beta=9, check="o.x/.../...").value is None
True
>>> table.mismatches
1
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple

from coursekit.search.core import SearchError
from coursekit.text import say

EXACT = "exact"
"""The entry holds the node's value: it lay inside the window searched."""
LOWER = "lower"
"""The node's value is at least the entry's value (the search failed high)."""
UPPER = "upper"
"""The node's value is at most the entry's value (the search failed low)."""


class Entry(NamedTuple):
    """What the table remembers about one position."""

    value: float
    """The value the search returned (from the side to move, in coursekit's negamax)."""
    depth: float
    """The draft: plies searched below the position (``math.inf``: to the end of the game)."""
    flag: str
    """:data:`EXACT`, :data:`LOWER` or :data:`UPPER`."""
    move: Any = None
    """The best move found there (``None`` at a leaf or when unknown)."""
    check: Any = None
    """A check value of the position stored beside a hashed key (``None``: none kept)."""


class Probe(NamedTuple):
    """The answer of :meth:`TranspositionTable.lookup`."""

    value: float | None
    """The node's answer without searching, or ``None`` when it must be searched."""
    alpha: float
    """The window to search with: α, raised by a lower bound from the table."""
    beta: float
    """β, lowered by an upper bound from the table."""
    move: Any
    """The stored best move, to try first (``None`` when there is none)."""


def flag_of(value: float, alpha: float, beta: float) -> str:
    """The kind of value α-β returned for the window (α, β) it searched.

    >>> flag_of(5, 0, 10), flag_of(0, 0, 10), flag_of(12, 0, 10)
    ('exact', 'upper', 'lower')
    """
    if value <= alpha:
        return UPPER
    if value >= beta:
        return LOWER
    return EXACT


MAX_TABLE_SIZE = 10_000_000
"""The most slots a table with a size limit may have: the slots alone take 8 bytes each
(80 MB here), and each stored entry about 200 bytes more (about 2 GB when full)."""

_BYTES_PER_ENTRY = 200  # a slot's pointer, its (key, Entry) pair and the Entry: about this


def _too_large(size: int) -> str:
    return say(
        "errors.search.table_too_large",
        size=f"{size:,}",
        empty=_bytes_text(8 * size),
        full=_bytes_text(_BYTES_PER_ENTRY * size),
        limit=f"{MAX_TABLE_SIZE:,}",
    )


def _bytes_text(count: float) -> str:
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if count >= scale:
            return f"{count / scale:,.0f} {unit}"
    return say("errors.search.bytes", count=f"{count:,.0f}")


class TranspositionTable:
    """A table of :class:`Entry` by position key (see the module docstring).

    Parameters
    ----------
    size : int, optional
        The most entries held (``None``: no limit). With a limit, entries are
        replaced depth-preferred with an always-replace fallback.

    Raises
    ------
    SearchError
        When ``size`` is not a whole number ≥ 1 or ``None``, or more slots
        than :data:`MAX_TABLE_SIZE` (or than the memory holds).

    Examples
    --------
    >>> small = TranspositionTable(size=1)
    >>> small.store("A", 1, depth=5, alpha=0, beta=9)
    >>> small.store("B", 2, depth=1, alpha=0, beta=9)  # home and spare are the one slot
    >>> len(small), small.entry("A"), small.overwrites
    (1, None, 1)
    """

    def __init__(self, size: int | None = None) -> None:
        if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
            raise SearchError(say("errors.search.whole_or_none", name="size", least=1, value=size))
        if size is not None and size > MAX_TABLE_SIZE:
            raise SearchError(_too_large(size))
        self.size = size
        # Without a limit: key → Entry. With one: `size` slots, each None or (key, Entry).
        self._entries: dict[Hashable, Entry] = {}
        try:
            self._slots: list[tuple[Hashable, Entry] | None] = [None] * size if size else []
        except MemoryError:
            raise SearchError(_too_large(size)) from None
        self.probes = 0
        """Lookups made."""
        self.hits = 0
        """Lookups that found an entry for the key (usable or not)."""
        self.stores = 0
        """Entries written (new, updated or replacing another position's)."""
        self.overwrites = 0
        """Stores that pushed out another position's entry (a size limit, or another check)."""
        self.mismatches = 0
        """Lookups that found the key with another check value: a collision caught."""

    # --- the two steps a search takes -----------------------------------------------------

    def lookup(
        self, key: Hashable, depth: float, alpha: float, beta: float, check: Any = None
    ) -> Probe:
        """Step 1: the node's value if the table settles it, else the window to search.

        Parameters
        ----------
        key :
            The position's key.
        depth :
            The draft the search needs (plies still to search below the node).
        alpha, beta :
            The window the node is searched with.
        check :
            The position's check value, if entries keep one: an entry with
            another check is another position's and counts as none.

        Returns
        -------
        Probe
            ``value`` is not ``None`` when an entry at least ``depth`` deep is
            exact or a bound outside the window; otherwise ``alpha`` and
            ``beta`` are the window narrowed by a bound. ``move`` is the stored
            move in both cases.
        """
        self.probes += 1
        entry = self.entry(key)
        if entry is None:
            return Probe(None, alpha, beta, None)
        value, draft, flag, move, stored_check = entry
        if stored_check is not check and stored_check != check:  # the key of another position
            self.mismatches += 1
            return Probe(None, alpha, beta, None)
        self.hits += 1
        if draft >= depth:
            if flag == EXACT:
                return Probe(value, alpha, beta, move)
            if flag == LOWER:
                if value > alpha:
                    alpha = value
            elif value < beta:
                beta = value
            if alpha >= beta:
                return Probe(value, alpha, beta, move)
        return Probe(None, alpha, beta, move)

    def store(
        self, key: Hashable, value: float, *, depth: float, alpha: float, beta: float,
        move: Any = None, check: Any = None,
    ) -> None:  # fmt: skip
        """Step 3: remember ``value``, found with window (``alpha``, ``beta``) and draft ``depth``.

        The flag is judged against that window (:func:`flag_of`); ``check`` is
        kept beside the entry (see *Zobrist keys and collisions* above).
        """
        self.put(key, Entry(value, depth, flag_of(value, alpha, beta), move, check))

    # --- the table itself --------------------------------------------------------------------

    def entry(self, key: Hashable) -> Entry | None:
        """The entry stored for ``key`` (``None`` when there is none), whatever its check."""
        if self.size is None:
            return self._entries.get(key)
        slots = self._slots
        home = hash(key) % self.size
        for i in (home, (home + 1) % self.size):
            slot = slots[i]
            if slot is not None and slot[0] == key:
                return slot[1]
        return None

    def put(self, key: Hashable, entry: Entry) -> None:
        """Write ``entry`` for ``key`` by the replacement policy (see the module docstring)."""
        self.stores += 1
        if self.size is None:
            if entry.check is not None:  # another position's entry under this key?
                old = self._entries.get(key)
                if old is not None and old.check != entry.check:
                    self.overwrites += 1
            self._entries[key] = entry
            return
        slots = self._slots
        home = hash(key) % self.size
        spare = (home + 1) % self.size
        for i in (home, spare):  # the key's own slot: update it
            slot = slots[i]
            if slot is not None and slot[0] == key:
                if slot[1].check != entry.check:
                    self.overwrites += 1
                slots[i] = (key, entry)
                return
        there = slots[home]
        # depth-preferred in the home slot, else the always-replace spare slot
        target = home if there is None or there[1].depth <= entry.depth else spare
        if slots[target] is not None:
            self.overwrites += 1
        slots[target] = (key, entry)

    def clear(self) -> None:
        """Forget every entry (the counters stay)."""
        self._entries.clear()
        self._slots = [None] * self.size if self.size else []

    def __len__(self) -> int:
        if self.size is None:
            return len(self._entries)
        return sum(slot is not None for slot in self._slots)

    def __contains__(self, key: object) -> bool:
        return self.entry(key) is not None  # type: ignore[arg-type]

    def __repr__(self) -> str:
        limit = "" if self.size is None else f"size={self.size}"
        return f"TranspositionTable({limit}) with {len(self)} entries"

    def __str__(self) -> str:
        counts = {
            "entries": len(self),
            "probes": self.probes,
            "hits": self.hits,
            "stores": self.stores,
            "overwrites": self.overwrites,
        }
        if self.mismatches:
            return say("printed.table.mismatches", mismatches=self.mismatches, **counts)
        return say("printed.table.counts", **counts)


def key_function(game: Any) -> Any:
    """How a search keys positions of ``game``: ``game.key`` when it has one, else the state.

    >>> from coursekit.games import TicTacToe
    >>> game = TicTacToe()
    >>> key = key_function(game)
    >>> key(game.result(game.initial, 0)) == key(game.result(game.initial, 8))  # corners
    True
    """
    key = getattr(game, "key", None)
    if key is None or not callable(key):
        return _itself
    return key


def _itself(state: Any) -> Any:
    return state
