"""The record every search returns: :class:`SearchResult`, :class:`Stats` and :class:`Trace`.

This is the contract between the search algorithms (minimax here; α-β,
negamax, PVS, MTD(f), iterative deepening and SSS* in later chapters) and
everything that shows their work (pictures, widgets, checks, benchmarks).

Values
    Every value is given from MAX's point of view, as in the course: larger is
    better for MAX, +∞ means MAX wins, −∞ means MIN wins. An algorithm that
    works from the mover's point of view inside (negamax) converts back.

Paths
    A node of the searched tree is named by its *path*: the tuple of actions
    played from the searched root to reach it. The root's path is ``()``.

Events (a :class:`Trace` holds them in the order they happened)
    ``enter``   the search starts working on an inner node (before its children);
    ``leaf``    a node is valued without searching below it — a terminal
                position (UTILITY) or a position at the cut-off (static
                evaluation e(p)); ``value`` is that value;
    ``exit``    an inner node's value is final; ``value`` is the backed-up value;
    ``cutoff``  the search stops at a node before trying all its moves;
                ``value`` is the value that caused it and ``pruned`` the actions
                never tried there (their subtrees are never generated);
                ``cut`` says which kind of cut it was (``"alpha"``: an α cut
                below a MIN node, ``"beta"``: a β cut below a MAX node) and
                ``cause`` is the path of the ancestor whose bound caused it
                (``None`` when the bound is the window the search was called with).

    Every node searched gets either one ``leaf`` event, or an ``enter`` and a
    later ``exit`` event (a node answered from a transposition table: ``enter``
    followed at once by ``exit``). ``alpha`` and ``beta`` are the window at the
    moment of the event, ``None`` for algorithms without one (minimax);
    ``player`` is the player to move at the node.

Statistics (:class:`Stats`)
    ``nodes``    search calls, root included (= ``enter`` + ``leaf`` events);
    ``leaves``   static evaluations: terminal utilities and e(p) at the cut-off
                 (= ``leaf`` events);
    ``cutoffs``  nodes where the search stopped early (= ``cutoff`` events);
    ``tt_hits``  nodes answered from a transposition table (or a memo);
    ``depth``    the deepest ply reached (the root is ply 0);
    ``seconds``  wall-clock time of the search;
    ``tt_stores`` entries written to a transposition table;
    ``researches`` nodes searched again with a wider window after a narrow one
                 failed (PVS, aspiration windows);
    ``fail_lows``, ``fail_highs`` root searches that fell below / rose above
                 their window (aspiration windows, MTD(f)'s passes).

Asking for no trace (``trace=False``, the default) costs nothing measurable:
the algorithms build paths and events only when tracing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, overload

from coursekit.games.base import MAX, Player, move_text, moves_text
from coursekit.search.labels import algorithm_label
from coursekit.text import number_text, say

Path = tuple
"""The actions from the searched root to a node; ``()`` is the root."""

EventKind = Literal["enter", "leaf", "exit", "cutoff"]
ENTER: EventKind = "enter"
LEAF: EventKind = "leaf"
EXIT: EventKind = "exit"
CUTOFF: EventKind = "cutoff"


class Event(NamedTuple):
    """One step of a search, at the node reached by ``path``."""

    kind: EventKind
    path: Path
    player: Player
    value: float | None = None
    alpha: float | None = None
    beta: float | None = None
    pruned: tuple = ()
    cut: str | None = None
    cause: Path | None = None

    @property
    def depth(self) -> int:
        """The node's ply: 0 for the root."""
        return len(self.path)


@dataclass(frozen=True)
class Stats:
    """How much work a search did: a read-only value (see the module docstring).

    ``str(stats)`` is the one way the course writes statistics (widgets,
    notebooks and benchmarks all use it):

    >>> print(Stats(nodes=1234, leaves=1000, cutoffs=3, depth=4))
    1,234 nodes, 1,000 leaves, 3 cutoffs, depth 4
    """

    nodes: int = 0
    """Search calls, the root included (= ``enter`` + ``leaf`` events)."""

    leaves: int = 0
    """Static evaluations: terminal utilities and e(p) at the cut-off (= ``leaf`` events)."""

    cutoffs: int = 0
    """Nodes where the search stopped before trying every move (= ``cutoff`` events)."""

    tt_hits: int = 0
    """Nodes answered from a transposition table or a memo without searching below them."""

    depth: int = 0
    """The deepest ply reached (the root is ply 0)."""

    seconds: float = 0.0
    """Wall-clock time of the search."""

    tt_stores: int = 0
    """Entries written to a transposition table (chapter 6)."""

    researches: int = 0
    """Searches of a node done again with a wider window because a narrower one failed:
    PVS's minimal-window fails high, aspiration windows that failed (chapter 6)."""

    fail_lows: int = 0
    """Root searches whose value fell at or below the window's α (aspiration, MTD(f))."""

    fail_highs: int = 0
    """Root searches whose value rose to or above the window's β (aspiration, MTD(f))."""

    def __str__(self) -> str:
        """The counts in words, each in its singular or plural form.

        >>> print(Stats(nodes=1, leaves=1, cutoffs=1))
        1 node, 1 leaf, 1 cutoff, depth 0
        """
        parts = [_counted("n_nodes", self.nodes), _counted("n_leaves", self.leaves)]
        for what, count in (
            ("n_cutoffs", self.cutoffs),
            ("n_tt_hits", self.tt_hits),
            ("n_tt_stores", self.tt_stores),
            ("n_researches", self.researches),
        ):
            if count:
                parts.append(_counted(what, count))
        parts.append(say("stats.depth", depth=self.depth))
        return say("stats.joint").join(parts)


def _counted(what: str, count: int) -> str:
    """``count`` things in words: ``stats.one.<what>`` for one, ``stats.<what>`` else."""
    return say(f"stats.one.{what}" if count == 1 else f"stats.{what}", count=count)


@dataclass(frozen=True)
class NodeView:
    """What a trace tells about one node after some number of events.

    ``status`` is ``"open"`` (entered, not finished), ``"done"`` (backed-up
    value final), ``"leaf"`` (statically valued) or ``"pruned"`` (never
    generated). ``value`` is the final value when known, else the best value
    among the children finished so far (``None`` before the first one).
    """

    path: Path
    player: Player
    status: str
    value: float | None = None
    alpha: float | None = None
    beta: float | None = None


class Cut(NamedTuple):
    """One cut-off of an α-β search, as :meth:`Trace.cutoffs` reports it."""

    kind: str
    """``"alpha"`` (an α cut, below a MIN node) or ``"beta"`` (a β cut, below a MAX node)."""
    node: Hashable
    """The node where the search stopped trying moves (its name)."""
    cause: Hashable | None
    """The ancestor whose bound caused the cut (its name); ``None`` for the caller's window."""
    pruned: tuple
    """The children never generated there (their names), left to right."""
    value: float | None
    """The node's value so far when it stopped: its β (α cut) or its α (β cut)."""
    bound: float | None
    """The ancestor's bound it was compared with: the α (α cut) or β (β cut) passed down."""
    path: Path = ()
    """The node's path from the searched root."""
    cause_path: Path | None = None
    """The cause's path from the searched root (``None`` for the caller's window)."""
    step: int = 0
    """The number of trace events up to and including this cut (for :meth:`Trace.upto`)."""
    move_text: Callable[[Any], str] = str
    """How the game writes one move for a reader (:attr:`Trace.move_text`), for :meth:`__str__`."""

    @property
    def label(self) -> str:
        """The course's name of the kind: ``"α cut"`` or ``"β cut"``."""
        return say(
            {"alpha": "captions.alpha_cut", "beta": "captions.beta_cut"}.get(
                self.kind, "captions.cutoff"
            )
        )

    def __str__(self) -> str:
        mine, theirs = ("β", "α") if self.kind == "alpha" else ("α", "β")
        compare = "≤" if self.kind == "alpha" else "≥"
        words = self.move_text
        who = say("captions.window") if self.cause is None else _node_words(self.cause, words)
        pruned = say("captions.list_joint").join(
            _node_words(p, words, last_move=True) for p in self.pruned
        ) or say("captions.nothing")
        return say(
            "captions.cut",
            label=self.label,
            node=_node_words(self.node, words),
            mine=mine,
            value=number_text(self.value),
            compare=compare,
            theirs=theirs,
            bound=number_text(self.bound),
            who=who,
            pruned=pruned,
        )


def _node_words(
    name: Hashable, move_text: Callable[[Any], str] = str, last_move: bool = False
) -> str:
    """A node's name in a sentence; a bare path (a game without names) in words, each move
    written by ``move_text``.

    >>> _node_words("C"), _node_words(()), _node_words((4, 1)), _node_words((4, 1), str, True)
    ('C', 'the root', 'the node after 4 1', '1')
    """
    if not isinstance(name, tuple):
        return str(name)
    if not name:
        return say("captions.the_root")
    if last_move:
        return move_text(name[-1])
    return say("captions.node_after", moves=" ".join(map(move_text, name)))


def _default_name(path: Path) -> Hashable:
    return path


class Trace(Sequence[Event]):
    """The ordered events of one search; slicing gives the trace up to a step.

    ``name`` turns a path into the name a person uses for the node (a
    :class:`~coursekit.games.GameTree` names nodes by their labels); without
    it nodes are named by their paths. ``move_text`` writes one move for a reader
    (the game's ``move_text``: Pig's ``"roll"`` is 掷骰 in Chinese), where a path is said
    in words. ``running_values`` says whether an
    unfinished node keeps the best child value seen so far (≥/≤ in pictures):
    true for the depth-first searches, false for an algorithm such as the
    two-phase minimax that values only the tips until its backing-up phase.
    """

    def __init__(
        self,
        events: list[Event] | None = None,
        name: Callable[[Path], Hashable] | None = None,
        *,
        running_values: bool = True,
        move_text: Callable[[Any], str] = str,
    ) -> None:
        self.events: list[Event] = [] if events is None else events
        self.name: Callable[[Path], Hashable] = name or _default_name
        self.running_values = running_values
        self.move_text = move_text

    def add(
        self,
        kind: EventKind,
        path: Path,
        player: Player,
        value: float | None = None,
        alpha: float | None = None,
        beta: float | None = None,
        pruned: tuple = (),
        cut: str | None = None,
        cause: Path | None = None,
    ) -> None:
        """Append one event (called by the algorithms while tracing)."""
        self.events.append(Event(kind, path, player, value, alpha, beta, pruned, cut, cause))

    # --- a sequence of events ---------------------------------------------------------

    def __len__(self) -> int:
        return len(self.events)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Trace: ...
    def __getitem__(self, index: int | slice) -> Event | Trace:
        if isinstance(index, slice):
            return Trace(
                self.events[index],
                self.name,
                running_values=self.running_values,
                move_text=self.move_text,
            )
        return self.events[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __repr__(self) -> str:
        return f"<Trace of {len(self.events)} events>"

    def upto(self, step: int) -> Trace:
        """The trace of the first ``step`` events (``step`` is clipped to 0 … len)."""
        return self[: max(0, min(step, len(self.events)))]

    # --- questions the course asks ----------------------------------------------------

    def evaluated_leaves(self) -> list[Hashable]:
        """The nodes valued statically (UTILITY or e(p)), in the order they were evaluated."""
        return [self.name(e.path) for e in self.events if e.kind == LEAF]

    def visited(self) -> list[Hashable]:
        """Every node searched, in the order it was first reached."""
        return [self.name(e.path) for e in self.events if e.kind in (ENTER, LEAF)]

    def pruned(self) -> list[Hashable]:
        """The nodes never generated: the children skipped at each cut-off, in order."""
        return [self.name((*e.path, a)) for e in self.events if e.kind == CUTOFF for a in e.pruned]

    def cutoffs(self) -> list[Cut]:
        """Every cut-off, in the order it happened: its kind, node, cause and pruned children.

        The course's names: an *α cut* (α剪枝) happens below a MIN node whose β
        has fallen to the α of a MAX ancestor or below; a *β cut* (β剪枝) below a
        MAX node whose α has risen to the β of a MIN ancestor or above.
        """
        cuts = []
        for step, e in enumerate(self.events, start=1):
            if e.kind != CUTOFF:
                continue
            cause = None if e.cause is None else self.name(e.cause)
            bound = e.alpha if e.cut == "alpha" else e.beta
            cuts.append(
                Cut(
                    kind=e.cut or "",
                    node=self.name(e.path),
                    cause=cause,
                    pruned=tuple(self.name((*e.path, a)) for a in e.pruned),
                    value=e.value,
                    bound=bound,
                    path=e.path,
                    cause_path=e.cause,
                    step=step,
                    move_text=self.move_text,
                )
            )
        return cuts

    def values(self) -> dict[Hashable, float]:
        """The final value of every node valued so far: leaves and finished inner nodes."""
        return {self.name(e.path): e.value for e in self.events if e.kind in (LEAF, EXIT)}

    def children(self) -> dict[Path, list[Path]]:
        """The searched tree: each node's path → its searched children's paths, in order."""
        tree: dict[Path, list[Path]] = {}
        for e in self.events:
            if e.kind in (ENTER, LEAF):
                tree.setdefault(e.path, [])
                if e.path:
                    tree.setdefault(e.path[:-1], []).append(e.path)
        return tree

    def snapshot(self, step: int | None = None) -> dict[Path, NodeView]:
        """Every node known after the first ``step`` events (all events when ``None``).

        Pictures use this to draw a search "up to step k".
        """
        stop = len(self.events) if step is None else max(0, step)
        return self.advance({}, 0, stop)

    def advance(self, view: dict[Path, NodeView], start: int, stop: int) -> dict[Path, NodeView]:
        """Bring ``view``, the :meth:`snapshot` after ``start`` events, to the one after
        ``stop`` events (in place; returned too): the snapshots of many steps of a long
        search in one pass over its trace.

        >>> from coursekit.games import GameTree
        >>> from coursekit.search import minimax
        >>> trace = minimax(GameTree.from_nested([[1, 2], [3]]), trace=True).trace
        >>> view = trace.snapshot(2)
        >>> trace.advance(view, 2, 5) == trace.snapshot(5)
        True
        """
        for e in self.events[start:stop]:
            old = view.get(e.path)
            alpha, beta = e.alpha, e.beta
            if alpha is None and beta is None and old is not None:  # keep the last known window
                alpha, beta = old.alpha, old.beta
            if e.kind == ENTER:
                view[e.path] = NodeView(e.path, e.player, "open", None, alpha, beta)
            elif e.kind in (LEAF, EXIT):
                status = "leaf" if e.kind == LEAF else "done"
                view[e.path] = NodeView(e.path, e.player, status, e.value, alpha, beta)
                if self.running_values:
                    _offer_to_parent(view, e.path, e.value)
            else:  # CUTOFF
                if old is not None:
                    view[e.path] = NodeView(e.path, e.player, old.status, old.value, alpha, beta)
                for a in e.pruned:
                    child = (*e.path, a)
                    view[child] = NodeView(child, e.player.opponent, "pruned")
        return view


def _offer_to_parent(view: dict[Path, NodeView], path: Path, value: float | None) -> None:
    """Let an unfinished parent keep the best child value seen so far."""
    if not path or value is None:
        return
    parent = view.get(path[:-1])
    if parent is None or parent.status != "open" or parent.player is None:
        return  # a chance node (player None) averages: its value is known when it is done
    better = max if parent.player is MAX else min
    best = value if parent.value is None else better(parent.value, value)
    view[path[:-1]] = NodeView(parent.path, parent.player, "open", best, parent.alpha, parent.beta)


@dataclass(frozen=True)
class SearchResult:
    """What every search returns: a read-only value (see the module docstring for the contract).

    Algorithms build it with :meth:`coursekit.search.core.Search.result`; it
    can also be made directly, by keywords:

    >>> r = SearchResult(value=3, pv=("B", "B1"), stats=Stats(nodes=13, leaves=9))
    >>> r.move, r.pv
    ('B', ('B', 'B1'))
    >>> print(r)
    value 3, move B, pv B B1 (13 nodes, 9 leaves, depth 0)
    """

    value: float
    """The backed-up value of the searched root, from MAX's point of view."""

    pv: tuple = ()
    """The principal variation (主要变例): the line of best play found, from the root on."""

    stats: Stats = field(default_factory=Stats)
    """How much work the search did (:class:`Stats`)."""

    trace: Trace | None = field(default=None, repr=False, compare=False)
    """The ordered events of the search; ``None`` unless it was asked for with ``trace=True``."""

    algorithm: str = ""
    """The name the algorithm is registered under (``"minimax"``, ``"alpha-beta"``, …)."""

    depth_limit: int | None = None
    """The depth the search was cut off at; ``None``: to the end of the game."""

    game: Any = field(default=None, repr=False, compare=False)
    """The game searched (for pictures)."""

    state: Any = field(default=None, repr=False, compare=False)
    """The position searched from, the root of the search (for pictures)."""

    def __post_init__(self) -> None:
        if not isinstance(self.pv, tuple):  # a list from an algorithm: keep the value read-only
            object.__setattr__(self, "pv", tuple(self.pv))

    @property
    def move(self) -> Any:
        """The chosen action at the root: the first move of :attr:`pv` (``None`` at a leaf)."""
        return self.pv[0] if self.pv else None

    @property
    def move_text(self) -> str:
        """The chosen move as a reader reads it (:func:`coursekit.games.move_text`: Pig's
        ``"roll"`` is 掷骰 in Chinese); ``"None"`` at a leaf."""
        return move_text(self.game, self.move)

    def __str__(self) -> str:
        pv = moves_text(self.game, self.pv) or "—"
        head = (
            say("stats.head", algorithm=algorithm_label(self.algorithm)) if self.algorithm else ""
        )
        return say(
            "stats.result",
            head=head,
            value=number_text(self.value),
            move=self.move_text,
            pv=pv,
            stats=self.stats,
        )
