"""Pictures of AND/OR graphs, of AO* cycle by cycle, and of solution graphs.

How the course's notation is drawn:

- a **1-connector** is one arrow from the parent to its successor;
- a **k-connector with k > 1** is a short stem from the parent to a small
  dot, from which its k arrows fan out; an **arc** centred on the dot crosses
  the k arrows, as the textbook's arc does. Graphviz has no such hyperedge
  arc, so :class:`AndOrPicture` adds it to the SVG that Graphviz draws
  (notebooks, widgets and slides all show SVG): it finds each fan's arrows
  by their ``id`` and draws a circular arc across them. Other output formats
  show the fan without the arc;
- the connector's **cost** is written on its stem (or its arrow), after the
  rule name if it has one;
- a node shows its name and its values (h; h and q during AO*; k(n, N) in
  a solution graph); **terminal** nodes have a double outline; **SOLVED**
  nodes are filled green;
- **marked** connectors are bold; those of the partial solution graph G′
  (and G′'s nodes) are blue, and the node **expanded** in the cycle is orange;
- in an explorer, the values an **edit** changed are written in teal
  (:data:`EDITED`), and a :class:`LayoutMemory` keeps every node where it was
  across edits (one layout for all the graphs of a session).

Every drawing function draws top to bottom, as the course does, or left to
right with ``rankdir="LR"`` (a tall graph then fits a wide screen), and takes
graphviz's ``size``, the largest picture in inches (``"8,4"``); with a ``!``
(``"8,4!"``) a smaller picture is also enlarged to it.
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from coursekit.andor.aostar import AOStarResult
from coursekit.andor.errors import AndOrError
from coursekit.andor.graph import AndOrGraph, Connector, Node, check_graph
from coursekit.andor.solution import SolutionGraph
from coursekit.draw.base import Picture
from coursekit.games.base import MAX
from coursekit.text import node_text, number_text, say

if TYPE_CHECKING:  # the browser's step-through, for type hints only
    from coursekit.draw.graph_view import StepThrough

BLUE = "#1f5fbf"  # G′ (the partial solution graph) and the solution graph
GREEN = "#d5efd5"  # SOLVED nodes
ORANGE = "#e07b00"  # the node expanded in this cycle
GREY = "#9a9a9a"  # parts not generated yet
DIRECTIONS = ("TB", "LR", "BT", "RL")  # graphviz's rankdir: top to bottom, left to right, …
ARC_RADIUS = 12.0  # points: how far from the fan's dot the arc crosses the arrows
EDITED = "#00695c"
"""The text colour of the values an edit changed (teal: apart from the step-through's
CHANGED magenta; 6.6:1 on white, 5.4:1 on SOLVED green, and the page lightens it on a dark
theme until it reads, as it does every text colour)."""
MIN_DIGITS = 4  # characters a layout keeps for each value in a node: "h=0000 q=0000"

Shape = Callable[[Node], str]


class AndOrPicture(Picture):
    """A :class:`~coursekit.draw.base.Picture` whose SVG joins each fan of arrows with an arc."""

    def pipe(self, format: str | None = None, *args: Any, **kwargs: Any) -> Any:
        out = super().pipe(format, *args, **kwargs)
        if (format or self.format) == "svg":
            if isinstance(out, bytes):
                return add_connector_arcs(out.decode("utf-8")).encode("utf-8")
            return add_connector_arcs(out)
        return out


# ---------------------------------------------------------------- public API
def draw_graph(
    graph: AndOrGraph,
    *,
    values: Mapping[Node, float] | None = None,
    value_name: str = "h",
    title: str | None = None,
    shape: Shape | None = None,
    size: str | None = None,
    rankdir: str = "TB",
) -> AndOrPicture:
    """The AND/OR graph: connectors with their costs, h(n) in the nodes, terminals doubled.

    >>> from coursekit.andor.examples import course_example
    >>> p = draw_graph(course_example(), size="6,5")
    >>> "h=2" in p.source and 'id=ck_fan_2' in p.source and 'size="6,5"' in p.source
    True
    """
    check_graph(graph)
    return _draw(
        graph,
        graph.nodes,
        graph.connectors,
        values={value_name: dict(graph.h) if values is None else values},
        title=title,
        shape=shape,
        size=size,
        rankdir=rankdir,
    )


def draw_cycle(
    result: AOStarResult,
    cycle: int,
    *,
    show_h: bool = True,
    shape: Shape | None = None,
    size: str | None = None,
    rankdir: str = "TB",
    memory: LayoutMemory | None = None,
    edited: Collection[Node | Connector] = (),
) -> AndOrPicture:
    """The explicit graph G after ``cycle`` (0: before the first), as the course's figures.

    Each node shows h(n) and q(n) (only q with ``show_h=False``): q starts at
    h and is revised as AO* learns more, except on terminal nodes, where it is
    0. Marked connectors are bold, G′ is blue, the node just expanded orange
    and SOLVED nodes green.

    With a :class:`LayoutMemory` that holds ``result`` (see :func:`draw_layout`), nodes and
    connectors get the memory's names, those of the layout a step-through restyles. The
    texts of the nodes and connectors in ``edited`` (see :func:`value_changes`) are
    written in :data:`EDITED`.

    >>> from coursekit.andor import ao_star
    >>> from coursekit.andor.examples import course_example
    >>> r = ao_star(course_example(), "n0")
    >>> p = draw_cycle(r, 3)
    >>> "after cycle 3" in p.source and ">h=0 q=5<" in p.source
    True
    """
    _check_result(result)
    if memory is not None and not isinstance(memory, LayoutMemory):
        raise AndOrError(say("errors.draw.memory_type", kind=type(memory).__name__))
    if isinstance(edited, (str, bytes)) or not isinstance(edited, Collection):
        raise AndOrError(say("errors.draw.edited", edited=repr(edited)))
    last = len(result.snapshots) - 1
    if isinstance(cycle, bool) or not isinstance(cycle, int) or not 0 <= cycle <= last:
        raise AndOrError(say("errors.draw.cycle", last=last, cycle=repr(cycle)))
    snap = result.snapshots[cycle]
    connectors = [c for c in result.graph.connectors if c.parent in snap.expanded_nodes]
    what = say("andor.cycle.before") if cycle == 0 else say("andor.cycle.after", cycle=cycle)
    if snap.expanded is not None:
        what += say("andor.cycle.expanded", node=node_text(snap.expanded))
    q_start = number_text(snap.q[result.start])
    status = say("andor.cycle.solved") if result.start in snap.solved else ""
    revised = [r for r in snap.revisions if r.node != result.start]
    if revised:
        status += say(
            "andor.cycle.revised",
            revisions=", ".join(f"q({node_text(r.node)}) = {number_text(r.q)}" for r in revised),
        )
    values = {"q": snap.q}
    if show_h:
        values = {"h": {n: result.graph.heuristic(n) for n in snap.nodes}, **values}
    return _draw(
        result.graph,
        snap.nodes,
        connectors,
        values=values,
        title=say(
            "andor.cycle.title", what=what, start=node_text(result.start), q=q_start, status=status
        ),
        marked=set(snap.marked.values()),
        solved=snap.solved,
        partial=snap.partial,
        expanded=snap.expanded,
        shape=shape,
        size=size,
        rankdir=rankdir,
        memory=memory,
        edited=edited,
    )


def draw_layout(
    result: AOStarResult,
    *,
    size: str | None = None,
    graph: AndOrGraph | None = None,
    memory: LayoutMemory | None = None,
) -> AndOrPicture:
    """Every node and connector of an AO* run's graph, placed once for all its cycles.

    A step-through of the cycles lays out this picture and shows, at each cycle,
    only what G holds then: nodes keep their places from cycle to cycle. The
    values in the nodes and on the connectors are placeholders (``h=0000 q=0000``) as
    wide as the widest value of the run, so that every cycle's values fit; the
    step-through writes the real ones.

    Parameters
    ----------
    result:
        The AO* run (with snapshots).
    size:
        graphviz's ``size``, the largest picture in inches.
    graph:
        The whole graph that AO* searched, when the layout is to hold the parts AO*
        did not generate too (an explorer: after an edit AO* may generate them);
        by default the final G, ``result.graph``.
    memory:
        A :class:`LayoutMemory` of earlier layouts: the graph is added to it and the
        picture holds everything it holds (the step-through hides what the graph lacks),
        so that an edit moves nothing that stays.

    Raises
    ------
    AndOrError
        When ``result`` is not an AO* result with snapshots.

    Examples
    --------
    >>> from coursekit.andor import ao_star
    >>> from coursekit.andor.examples import course_example
    >>> r = ao_star(course_example(), "n0")
    >>> p = draw_layout(r)
    >>> p.source.count("shape=point") == sum(c.k > 1 for c in r.graph.connectors)
    True
    >>> ">h=0000 q=0000<" in p.source
    True
    """
    _check_result(result)
    if memory is not None and not isinstance(memory, LayoutMemory):
        raise AndOrError(say("errors.draw.memory_type", kind=type(memory).__name__))
    memory = LayoutMemory() if memory is None else memory
    memory.remember(result.graph if graph is None else graph, result)
    return memory.picture(size=size)


@dataclass
class _Place:
    """What a :class:`LayoutMemory` keeps of one node or connector."""

    name: str
    """Its name in the DOT source: ``v3`` for a node, the number of a connector."""
    digits: int = MIN_DIGITS
    """The characters kept for each of its values (only grows)."""
    terminal: bool = False
    """A terminal node (drawn with a double outline)."""
    connector: Connector | None = None
    """The connector as last drawn (None for a node)."""


class LayoutMemory:
    """Every node and connector an explorer has drawn, so that its edits move no node.

    Graphviz places each node from the whole graph, so laying out an edited graph
    anew can move every node. A memory keeps the *superset* of the graphs drawn in
    one session, each node and connector with a fixed DOT name and in the order
    first seen, and :func:`draw_layout` lays out that superset; what the current
    graph lacks (a *ghost*) is hidden by the step-through. Hence:

    - an edit of values only (an h, a connector's cost, the start node) gives the
      layout's DOT byte for byte: the layout's labels are placeholders as wide as the
      widest value seen (at least :data:`MIN_DIGITS` characters), so the page only
      restyles the drawing and no node moves;
    - removing rules or nodes leaves the DOT as it was: the rest stays exactly in place;
    - adding one grows the superset. dot alone would lay it out anew and could move
      every node, so the explorer's picture keeps its places in the page
      (``GraphView.keep_places``, set to :attr:`generation` + 1): there the grown graph
      is laid out by dot only to learn where the new parts belong, the nodes drawn
      before keep their positions, the new ones are shifted beside them, and Graphviz
      draws the whole with every position given (``neato -n2``, straight arrows).

    Why a superset first rather than pinning every time: the positions exist only in
    the page (Python has them only where ``dot`` is installed), pinned nodes give up
    dot's ranks and edge routing, and a promise written in the DOT source can be
    tested without a browser; pinning is the page's fallback for growth only. Ghosts
    keep their room:
    :meth:`forget` starts afresh (the explorer's "reset layout"), and :meth:`remember`
    does so by itself when a graph shares no node with the memory or its ghosts would
    outnumber its nodes.

    >>> from coursekit.andor import ao_star
    >>> from coursekit.andor.examples import COURSE_EXAMPLE
    >>> def layout(rules: str, memory: LayoutMemory) -> str:
    ...     graph = AndOrGraph.from_rules(rules)
    ...     return draw_layout(ao_star(graph), graph=graph, memory=memory).source
    >>> memory = LayoutMemory()
    >>> first = layout(COURSE_EXAMPLE, memory)
    >>> layout(COURSE_EXAMPLE.replace("n4=1", "n4=4"), memory) == first  # another h
    True
    >>> layout(COURSE_EXAMPLE.replace("n2 -> n5, n4", ""), memory) == first  # a rule less
    True
    >>> memory.ghosts()
    (0, 1)
    """

    def __init__(self, *, compact: bool = False) -> None:
        self.compact = compact
        """Whether its pictures write a connector's cost beside its arrow, not on it (an
        ``xlabel``: no rank of its own; with dot's other ranks closer, a picture about
        a quarter less tall, e.g. for an explorer on a 720-px slide)."""
        self.nodes: dict[Node, _Place] = {}
        """Each node seen, in the order first seen."""
        self.connectors: dict[tuple, _Place] = {}
        """Each connector seen, by :func:`connector_key`, in the order first seen."""
        self.graph: AndOrGraph | None = None
        """The graph last remembered (the current one)."""
        self.generation = 0
        """How many times the memory started afresh: node names are reused after that."""

    def remember(self, graph: AndOrGraph, result: AOStarResult | None = None) -> None:
        """Hold the nodes and connectors of ``graph`` (now the current graph), and the widths
        of its values: its h and, with an AO* ``result``, q at every cycle."""
        check_graph(graph)
        if result is not None:
            _check_result(result)
        known = sum(node in self.nodes for node in graph.nodes)
        if known == 0 or len(self.nodes) - known > len(graph.nodes):
            self.forget()
        digits = _value_digits(graph, result)
        for node in graph.nodes:
            place = self.nodes.setdefault(node, _Place(f"v{len(self.nodes)}"))
            place.terminal = graph.is_terminal(node)
            place.digits = max(place.digits, digits[node])
        for connector in graph.connectors:
            key = connector_key(connector)
            place = self.connectors.setdefault(key, _Place(str(len(self.connectors) + 1)))
            place.connector = connector
            place.digits = max(place.digits, len(number_text(connector.cost)))
        self.graph = graph

    def forget(self) -> None:
        """Start afresh: the next layout holds the next remembered graph only."""
        self.generation += 1
        self.nodes.clear()
        self.connectors.clear()
        self.graph = None

    def ghosts(self) -> tuple[int, int]:
        """How many nodes and connectors held are not in the current graph (hidden)."""
        if self.graph is None:
            return 0, 0
        graph = self.graph
        connectors = {connector_key(c) for c in graph.connectors}
        return (
            sum(node not in graph for node in self.nodes),
            sum(key not in connectors for key in self.connectors),
        )

    def node_name(self, node: Node) -> str:
        """The DOT name of ``node``.

        Raises
        ------
        AndOrError
            When the memory does not hold ``node``.
        """
        place = self.nodes.get(node)
        if place is None:
            raise AndOrError(say("errors.draw.node_not_remembered", node=node_text(node)))
        return place.name

    def connector_number(self, connector: Connector) -> int:
        """The number in the DOT names of ``connector`` (``ck_fan_N``, ``ck_edge_N``).

        Raises
        ------
        AndOrError
            When the memory does not hold ``connector``.
        """
        place = self.connectors.get(connector_key(connector))
        if place is None:
            raise AndOrError(say("errors.draw.connector_not_remembered", connector=connector))
        return int(place.name)

    def item_names(self, edited: Iterable[Node | Connector]) -> set[str]:
        """The step-through items that show the values of ``edited``: a node by its name,
        a connector by its arrow that carries the cost."""
        names = set()
        for thing in edited:
            if isinstance(thing, Connector):
                names.add(_labelled_edge(thing, self.connector_number(thing), self.node_name))
            else:
                names.add(self.node_name(thing))
        return names

    def picture(self, *, size: str | None = None) -> AndOrPicture:
        """Everything held, with placeholders for the values (see :func:`draw_layout`)."""
        picture = _new_picture("TB", size, None, compact=self.compact)
        for node, place in self.nodes.items():
            values = "0" * place.digits
            picture.node(
                place.name,
                label=_node_label(node, {"h": values, "q": values}),
                shape="ellipse",
                peripheries="2" if place.terminal else "1",
            )
        for place in self.connectors.values():
            connector = place.connector
            assert connector is not None  # every connector's place holds it
            _draw_connector(
                picture, int(place.name), connector, self.node_name, {}, cost="0" * place.digits,
                compact=self.compact,
            )  # fmt: skip
        return picture


def connector_key(connector: Connector) -> tuple:
    """What makes a connector the same one after an edit: its parent and its successors
    (as a multiset, as :class:`AndOrGraph` compares them), not its cost or name."""
    return connector.parent, frozenset(Counter(connector.successors).items())


def value_changes(before: AndOrGraph | None, after: AndOrGraph) -> set[Node | Connector]:
    """The nodes and connectors of ``after`` whose shown values an edit of ``before`` changed:
    nodes with another h or new, connectors with another cost or name or new.

    >>> from coursekit.andor.examples import course_example
    >>> g = course_example()
    >>> sorted(map(str, value_changes(g, g.with_h({"n4": 3, "n1": 2}))))
    ['n4']
    >>> value_changes(None, g)
    set()
    """
    if before is None:
        return set()
    changed: set[Node | Connector] = {
        node
        for node in after.nodes
        if node not in before or before.heuristic(node) != after.heuristic(node)
    }
    old = {connector_key(c): c for c in before.connectors}
    for connector in after.connectors:
        was = old.get(connector_key(connector))
        if was is None or (was.cost, was.name) != (connector.cost, connector.name):
            changed.add(connector)
    return changed


def q_changes(before: AOStarResult | None, after: AOStarResult) -> set[Node]:
    """The nodes whose q at the end of the search an edit changed: the values an edit of
    one h or cost changes elsewhere, through the revisions.

    Parameters
    ----------
    before, after:
        The searches before and after the edit (``before`` None: nothing changed).

    Returns
    -------
    The nodes of both searches whose final q differs (a node new to one search is
    found by :func:`value_changes`).

    Examples
    --------
    >>> from coursekit.andor.examples import course_example
    >>> from coursekit.andor.aostar import ao_star
    >>> g = course_example()
    >>> sorted(map(str, q_changes(ao_star(g, "n0"), ao_star(g.with_h({"n4": 3}), "n0"))))
    ['n1', 'n2', 'n3']
    """
    if before is None:
        return set()
    return {node for node, q in after.q.items() if node in before.q and before.q[node] != q}


def highlight_edits(through: StepThrough, items: Collection[str]) -> None:
    """Write the texts of ``items`` in :data:`EDITED` at every step that shows them.

    The step-through writes in its CHANGED colour what changed since the step before;
    an edited value keeps :data:`EDITED` at every step instead, until the next edit, so
    that it is found whichever cycle is shown.
    """
    renamed: dict[str, str] = {}
    for item in items:
        for change in through.items.get(item, []):
            style = through.styles[change[1]]
            if style.get("opacity") == "0":  # hidden at this step
                continue
            if change[1] not in renamed:
                name = f"{change[1]}e"
                through.styles[name] = {**style, "fontcolor": EDITED}
                renamed[change[1]] = name
            change[1] = renamed[change[1]]


def _value_digits(graph: AndOrGraph, result: AOStarResult | None) -> dict[Node, int]:
    """The characters of each node's widest value: its h, and q at any cycle of ``result``."""
    width: dict[float, int] = {}  # number_text once per distinct value
    digits: dict[Node, int] = {}
    for node in graph.nodes:
        value = graph.heuristic(node)
        digits[node] = width.setdefault(value, len(number_text(value)))
    for snapshot in result.snapshots if result is not None else ():
        for node, value in snapshot.q.items():
            size = width.get(value)
            if size is None:
                size = width[value] = len(number_text(value))
            if size > digits.get(node, 0):
                digits[node] = size
    return digits


def draw_solution(
    solution: SolutionGraph,
    *,
    values: Mapping[Node, float] | None = None,
    value_name: str = "k",
    terminals: Collection[Node] | None = None,
    title: str | None = None,
    shape: Shape | None = None,
    size: str | None = None,
    rankdir: str = "TB",
) -> AndOrPicture:
    """A solution graph on its own, in bold; by default each node shows its cost k(n, N).

    >>> from coursekit.andor import ao_star
    >>> from coursekit.andor.examples import course_example
    >>> p = draw_solution(ao_star(course_example(), "n0").solution)
    >>> "k=5" in p.source and "n1" not in p.source
    True
    """
    if not isinstance(solution, SolutionGraph):
        raise AndOrError(say("errors.draw.solution_type", kind=type(solution).__name__))
    graph = AndOrGraph(terminals=solution.leaves if terminals is None else terminals)
    for node in solution.nodes:
        graph.add_node(node)
    for connector in solution.connectors:
        graph.add(connector)
    cost = None if values is not None else solution.cost
    if title is None and cost is not None:
        title = say("andor.cost", cost=number_text(cost))
    return _draw(
        graph,
        solution.nodes,
        solution.connectors,
        values={value_name: solution.costs() if values is None else values},
        title=title,
        partial=solution,
        bold=True,
        shape=shape,
        size=size,
        rankdir=rankdir,
    )


class CycleTable:
    """q(n) after every cycle of AO*: HTML in a notebook, plain text when printed.

    One row per cycle (0 is the state before the first), one column per node
    of G in natural order; a value is empty while its node is not in G yet and
    ends with ✓ once the node is SOLVED.

    >>> from coursekit.andor import ao_star
    >>> from coursekit.andor.examples import exercise_2
    >>> print(CycleTable(ao_star(exercise_2(), "6")))
    cycle  expanded  1   2   3   4    6
        0                             6
        1  6             2   3   4    8
        2  3         0✓  2   4   4    8
        3  4         0✓  2   4   6   10
        4  2         0✓  2✓  4✓  6✓  10✓
    """

    def __init__(self, result: AOStarResult) -> None:
        _check_result(result)
        self.result = result
        self.nodes = natural_order(result.graph.nodes)
        self.rows = [
            [str(s.cycle), "" if s.expanded is None else node_text(s.expanded)]
            + [
                number_text(s.q[n]) + ("✓" if n in s.solved else " ") if n in s.q else ""
                for n in self.nodes
            ]
            for s in result.snapshots
        ]

    def __str__(self) -> str:
        header = [
            say("andor.table.cycle"),
            say("andor.table.expanded"),
            *(f"{node_text(n)} " for n in self.nodes),
        ]
        widths = [max(len(row[i]) for row in [header, *self.rows]) for i in range(len(header))]
        lines = []
        for row in [header, *self.rows]:
            cells = [row[0].rjust(widths[0]), row[1].ljust(widths[1])]
            cells += [cell.rjust(w) for cell, w in zip(row[2:], widths[2:], strict=True)]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(node_text(n))}</th>" for n in self.nodes)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(cell.strip())}</td>" for cell in row) + "</tr>"
            for row in self.rows
        )
        cycle, expanded = say("andor.table.cycle"), say("andor.table.expanded")
        return (
            f'<table class="ck-cycle-table"><thead><tr><th>{cycle}</th><th>{expanded}</th>'
            f"{head}</tr></thead><tbody>{body}</tbody></table>"
        )


def _check_result(result: AOStarResult) -> None:
    """Raise :class:`AndOrError` unless ``result`` is an AO* result with snapshots."""
    if not isinstance(result, AOStarResult):
        raise AndOrError(say("errors.draw.result_type", kind=type(result).__name__))
    if not result.snapshots:
        raise AndOrError(say("errors.draw.no_snapshots"))


def natural_order(nodes: Iterable[Node]) -> list[Node]:
    """The nodes sorted by name, numbers by value: n2 before n10.

    >>> natural_order(["n10", "n2", "a", "n1"])
    ['a', 'n1', 'n2', 'n10']
    """
    return sorted(nodes, key=_natural)


def _natural(node: Node) -> list:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", node_text(node))]


def player_shapes(game: Any) -> Shape:
    """The course's shapes for game states: MAX to move a square, MIN a circle."""
    return lambda state: "box" if game.to_move(state) is MAX else "circle"


# ----------------------------------------------------------------- drawing
def _draw(
    graph: AndOrGraph,
    nodes: Iterable[Node],
    connectors: Iterable[Connector],
    *,
    values: Mapping[str, Mapping[Node, float]],
    title: str | None = None,
    marked: Collection[Connector] = (),
    solved: Collection[Node] = (),
    partial: SolutionGraph | None = None,
    expanded: Node | None = None,
    bold: bool = False,
    shape: Shape | None = None,
    size: str | None = None,
    rankdir: str = "TB",
    memory: LayoutMemory | None = None,
    edited: Collection[Node | Connector] = (),
) -> AndOrPicture:
    """The picture; ``values`` maps a value's name ("h", "q", "k") to its value per node."""
    compact = memory is not None and memory.compact
    picture = _new_picture(rankdir, size, title, compact=compact)
    nodes = list(nodes)
    # names from the whole graph (or the memory of a session's graphs), so that a node (and a
    # connector) has the same name in every cycle's picture: a step-through restyles them in place
    if memory is not None:
        name_of = memory.node_name
        number_of = memory.connector_number
    else:
        ids = {node: f"v{i}" for i, node in enumerate(graph.nodes)}
        for node in nodes:
            ids.setdefault(node, f"v{len(ids)}")
        name_of = ids.__getitem__
        numbers = {connector: i for i, connector in enumerate(graph.connectors, start=1)}
        number_of = functools.partial(_number, numbers)
    in_partial = set(partial.nodes) if partial is not None else set()
    partial_connectors = set(partial.connectors) if partial is not None else set()
    for node in nodes:
        shown = {name: of[node] for name, of in values.items() if node in of}
        attrs = {
            "label": _node_label(node, shown),
            "shape": shape(node) if shape else "ellipse",
            "peripheries": "2" if graph.is_terminal(node) else "1",
        }
        if node in solved:
            attrs.update(style="filled", fillcolor=GREEN)
        if node in in_partial:
            attrs.update(color=BLUE, penwidth="2")
        if node == expanded:
            attrs.update(color=ORANGE, penwidth="3")
        if node in edited:
            attrs.update(fontcolor=EDITED)
        picture.node(name_of(node), **attrs)
    for connector in connectors:
        style = {}
        if connector in marked or bold:
            style["penwidth"] = "2.2"
        if connector in partial_connectors:
            style["color"] = BLUE
        label_style = {"fontcolor": EDITED} if connector in edited else {}
        _draw_connector(
            picture, number_of(connector), connector, name_of, style, label_style=label_style,
            compact=compact,
        )  # fmt: skip
    return picture


def _new_picture(
    rankdir: str, size: str | None, title: str | None, *, compact: bool = False
) -> AndOrPicture:
    """An empty AND/OR picture with the graph settings every AND/OR picture shares (the
    ranks closer when ``compact``)."""
    if rankdir not in DIRECTIONS:
        raise AndOrError(
            say("errors.draw.rankdir", known=", ".join(DIRECTIONS), rankdir=repr(rankdir))
        )
    picture = AndOrPicture(
        "andor",
        graph_attr={
            "rankdir": rankdir,
            "nodesep": "0.3",
            "ranksep": "0.2" if compact else "0.3",
            "fontname": "Helvetica",
            "bgcolor": "transparent",
        },
    )
    if size is not None:
        picture.attr(size=size)
    if title:
        picture.attr(label=title, labelloc="t", fontsize="13")
    return picture


def _number(numbers: dict[Connector, int], connector: Connector) -> int:
    """The connector's number in ``numbers``, a new one for a connector not in it."""
    return numbers.setdefault(connector, len(numbers) + 1)


def _draw_connector(
    picture: Picture,
    number: int,
    connector: Connector,
    name_of: Callable[[Node], str],
    style: Mapping[str, str],
    *,
    cost: str | None = None,
    label_style: Mapping[str, str] | None = None,
    compact: bool = False,
) -> None:
    """One connector: an arrow, or a stem and a fan of arrows; ``cost`` replaces its text,
    written beside the arrow (an ``xlabel``, no rank of its own) when ``compact``."""
    cost = number_text(connector.cost) if cost is None else cost
    text = f" {connector.name}: {cost}" if connector.name else f" {cost}"
    labelled = {**style, **(label_style or {}), ("xlabel" if compact else "label"): text}
    parent = name_of(connector.parent)
    if connector.k == 1:
        picture.edge(
            parent,
            name_of(connector.successors[0]),
            id=f"ck_edge_{number}",
            **labelled,
        )
        return
    fan = f"ck_fan_{number}"
    picture.node(fan, shape="point", width="0.05", id=fan, color=style.get("color", "black"))
    picture.edge(parent, fan, arrowhead="none", id=f"{fan}_stem", **labelled)
    for i, successor in enumerate(connector.successors):
        picture.edge(fan, name_of(successor), id=f"{fan}_{i}", **style)


def _labelled_edge(connector: Connector, number: int, name_of: Callable[[Node], str]) -> str:
    """The step-through item (``"tail->head"``) of the arrow that carries the connector's cost."""
    if connector.k == 1:
        return f"{name_of(connector.parent)}->{name_of(connector.successors[0])}"
    return f"{name_of(connector.parent)}->ck_fan_{number}"


def _node_label(node: Node, values: Mapping[str, float | str]) -> str:
    """The node's name, and below it its values in small print: ``h=1 q=3`` (a value given
    as text is written as it is: the placeholders of a layout)."""
    name = html.escape(node_text(node))
    if not values:
        return f"<{name}>"
    shown = " ".join(
        f"{key}={value if isinstance(value, str) else number_text(value)}"
        for key, value in values.items()
    )
    return f'<{name}<BR/><FONT POINT-SIZE="10">{html.escape(shown)}</FONT>>'


# -------------------------------------------------------------- the arcs
_BLOCK = re.compile(r'<g id="(ck_fan_\d+(?:_\d+)?)" class="(node|edge)">(.*?)</g>', re.DOTALL)
_CENTRE = re.compile(r'<ellipse[^>]*? cx="([-\d.]+)" cy="([-\d.]+)"')
_PATH = re.compile(r'<path ([^>]*?)d="([^"]+)"')
_STROKE = re.compile(r'stroke="([^"]+)"')
_WIDTH = re.compile(r'stroke-width="([^"]+)"')
_FAN_NODE = re.compile(r'(<g id="ck_fan_\d+") class="node">')


def add_connector_arcs(svg: str) -> str:
    """Draw, in Graphviz's SVG, an arc across the arrows of every fan ``ck_fan_N``.

    The arc is a circle of radius :data:`ARC_RADIUS` around the fan's dot,
    from the first arrow to the last; it takes the arrows' colour and width.
    The dot is part of the drawing, not a node of the AND/OR graph: its group
    is given the class ``ck-fan`` instead of Graphviz's ``node``.
    """
    centres: dict[str, tuple[float, float, int]] = {}
    arrows: dict[str, list[tuple[list[tuple[float, float]], str, str]]] = {}
    for match in _BLOCK.finditer(svg):
        name, kind, body = match.groups()
        if kind == "node":
            centre = _CENTRE.search(body)
            if centre:
                centres[name] = (float(centre.group(1)), float(centre.group(2)), match.end())
        elif name.count("_") == 3:
            path = _PATH.search(body)
            if path:
                stroke = _STROKE.search(path.group(1))
                width = _WIDTH.search(path.group(1))
                fan = name.rsplit("_", 1)[0]
                arrows.setdefault(fan, []).append(
                    (
                        _points(path.group(2)),
                        stroke.group(1) if stroke else "black",
                        width.group(1) if width else "1",
                    )
                )
    inserts = []
    for fan, (x, y, end) in centres.items():
        paths = arrows.get(fan, [])
        if len(paths) < 2:
            continue
        angles = [_angle_at_radius((x, y), points) for points, _, _ in paths]
        arc = _arc_path((x, y), angles)
        _, stroke, width = paths[0]
        inserts.append(
            (
                end,
                f'\n<path class="ck-arc" fill="none" stroke="{stroke}" '
                f'stroke-width="{width}" d="{arc}"/>',
            )
        )
    for end, text in sorted(inserts, reverse=True):
        svg = svg[:end] + text + svg[end:]
    return _FAN_NODE.sub(r'\1 class="ck-fan">', svg)


def _points(d: str) -> list[tuple[float, float]]:
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", d)]
    return list(zip(numbers[0::2], numbers[1::2], strict=False))


def _angle_at_radius(centre: tuple[float, float], points: list[tuple[float, float]]) -> float:
    """The direction from ``centre`` of the point where the arrow leaves the arc's circle."""
    cx, cy = centre
    for (x0, y0), (x1, y1), (x2, y2), (x3, y3) in _segments(points):
        for step in range(1, 41):
            t = step / 40
            u = 1 - t
            x = u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3
            y = u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3
            if math.hypot(x - cx, y - cy) >= ARC_RADIUS:
                return math.atan2(y - cy, x - cx)
    x, y = points[-1]
    return math.atan2(y - cy, x - cx)


def _segments(points: list[tuple[float, float]]) -> Iterable[tuple[tuple[float, float], ...]]:
    for i in range(0, len(points) - 3, 3):
        yield tuple(points[i : i + 4])


def _arc_path(centre: tuple[float, float], angles: list[float]) -> str:
    """An SVG arc through all ``angles``, leaving out the widest gap between two of them."""
    cx, cy = centre
    angles = sorted(a % (2 * math.pi) for a in angles)
    gaps = [(angles[(i + 1) % len(angles)] - a) % (2 * math.pi) for i, a in enumerate(angles)]
    widest = max(range(len(gaps)), key=gaps.__getitem__)
    start = angles[(widest + 1) % len(angles)]
    span = 2 * math.pi - gaps[widest]
    end = start + span
    r = ARC_RADIUS
    x1, y1 = cx + r * math.cos(start), cy + r * math.sin(start)
    x2, y2 = cx + r * math.cos(end), cy + r * math.sin(end)
    large = 1 if span > math.pi else 0
    return f"M{x1:.2f},{y1:.2f} A{r},{r} 0 {large},1 {x2:.2f},{y2:.2f}"
