"""The AND/OR graph (与或图): nodes, k-connectors (k-连接符), terminal nodes, h.

An AND/OR graph is a *hypergraph*: each k-connector joins one parent node to
an ordered list of k successors that must **all** be solved (an AND), while
the different connectors leaving a node are alternatives (an OR). The course
draws a connector with k > 1 with an arc across its k edges.

Special cases: when every connector is a 1-connector the AND/OR graph is an
ordinary directed graph; when every node has at most one parent it is an
AND/OR tree (与或树).

The structure lives in a ``networkx.DiGraph`` (:attr:`AndOrGraph.digraph`) in
which every connector is a node of its own::

    problem node ──► connector ──► successor 1, …, successor k

so descendants, cycles and topological orders come straight from networkx.
Problem nodes carry the attributes ``kind="node"``, ``h``, ``terminal`` and
``connectors`` (their connectors in the order they were given); connector
nodes are the :class:`Connector` objects themselves, with ``kind="connector"``.
A connector may name the same successor twice (the course's rule 6 → 3, 3):
its ordered :attr:`Connector.successors` keep both, so it counts twice in a
cost, while the digraph has one edge with ``count=2``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import networkx as nx

from coursekit.andor.errors import AndOrError, CyclicGraphError, RuleSyntaxError
from coursekit.andor.rule_text import Rule, RuleText, format_rules, parse_rules
from coursekit.text import node_text, number_text, say

Node = Hashable
"""A problem node: any hashable value (a name such as ``"n0"``, a number, a game state)."""


@dataclass(frozen=True)
class Connector:
    """A k-connector: a parent, the ordered list of its k successors and a cost.

    The cost defaults to k, the course's convention.

    >>> c = Connector("n0", ("n5", "n4"))
    >>> c.k, c.cost
    (2, 2)
    >>> print(c)
    n0 → n5, n4
    >>> print(Connector("6", ("3", "3"), name="R1"))
    R1: 6 → 3, 3
    """

    parent: Node
    """The node the connector leaves (any hashable value, not a :class:`Connector`)."""
    successors: tuple[Node, ...]
    """Its k successors, in order; a node named twice counts twice."""
    cost: float = field(default=None)  # type: ignore[assignment]  # None means k
    """The cost c of the connector: a positive finite number, k unless given."""
    name: str | None = None
    """The rule's name (``"R1"``), or ``None``."""

    def __post_init__(self) -> None:
        check_node(self.parent, "parent")
        if isinstance(self.successors, (str, bytes)) or not isinstance(self.successors, Iterable):
            raise AndOrError(
                say(
                    "errors.andor.successors",
                    parent=node_text(self.parent),
                    successors=repr(self.successors),
                )
            )
        successors = tuple(self.successors)
        for successor in successors:
            check_node(successor, "successors")
        if not successors:
            raise AndOrError(say("errors.andor.no_successor", parent=node_text(self.parent)))
        object.__setattr__(self, "successors", successors)
        cost = len(successors) if self.cost is None else self.cost
        if isinstance(cost, bool) or not isinstance(cost, (int, float)):
            raise AndOrError(
                say("errors.andor.cost_number", connector=self._text(successors), cost=repr(cost))
            )
        if not (cost > 0 and math.isfinite(cost)):
            raise AndOrError(
                say(
                    "errors.andor.cost_positive",
                    connector=self._text(successors),
                    cost=number_text(cost),
                )
            )
        if self.name is not None and not isinstance(self.name, str):
            raise AndOrError(say("errors.andor.connector_name", name=repr(self.name)))
        object.__setattr__(self, "cost", cost)

    def _text(self, successors: tuple[Node, ...]) -> str:
        return f"{node_text(self.parent)} → {', '.join(map(node_text, successors))}"

    @property
    def k(self) -> int:
        """The number of successors (a successor named twice counts twice)."""
        return len(self.successors)

    @property
    def label(self) -> str:
        """The rule name when there is one, else ``parent→successors``."""
        return self.name or f"{node_text(self.parent)}→{','.join(map(node_text, self.successors))}"

    def __str__(self) -> str:
        text = self._text(self.successors)
        return f"{self.name}: {text}" if self.name else text

    def __repr__(self) -> str:
        extra = "" if self.cost == self.k else f", cost={self.cost!r}"
        extra += f", name={self.name!r}" if self.name else ""
        return f"Connector({self.parent!r}, {self.successors!r}{extra})"


def check_node(node: Any, what: str = "node") -> None:
    """Raise :class:`AndOrError` unless ``node`` can be a problem node (hashable, not None)."""
    if node is None or isinstance(node, Connector):
        raise AndOrError(say("errors.andor.node_cannot_be", what=what, node=repr(node)))
    try:
        hash(node)
    except TypeError:
        raise AndOrError(
            say("errors.andor.unhashable", what=what, kind=type(node).__name__, node=repr(node))
        ) from None


def check_graph(graph: Any, what: str = "graph") -> AndOrGraph:
    """``graph`` if it is an :class:`AndOrGraph`, else an :class:`AndOrError` naming ``what``."""
    if not isinstance(graph, AndOrGraph):
        raise AndOrError(
            say(
                "errors.andor.not_a_graph",
                what=what,
                kind=type(graph).__name__,
                graph=f"{graph!r:.60}",
            )
        )
    return graph


def cycle_text(cycle: Sequence[Node]) -> str:
    """``a → b → a``."""
    return " → ".join(map(node_text, cycle))


class AndOrGraph:
    """An explicit AND/OR graph with terminal nodes and heuristic values h(n).

    Parameters
    ----------
    connectors : iterable of Connector, optional
        The connectors, in rule order (a node's first connector wins AO*'s ties).
    h : mapping node → number, optional
        h(n) for some nodes: finite numbers ≥ 0; nodes not given have h = 0.
    terminals : iterable of nodes, optional
        The terminal set N.
    start : node, optional
        The start node s that :func:`~coursekit.andor.aostar.ao_star` and
        :func:`~coursekit.andor.solution.solution_graphs` use by default.

    Raises
    ------
    AndOrError
        For a connector that is not a :class:`Connector` or repeats another, an
        h value that is not a finite number ≥ 0, or a node that is not hashable.

    See Also
    --------
    from_rules : the same graph from the course's rule notation.
    coursekit.andor.implicit.ImplicitAndOrGraph : a graph generated on demand.

    Examples
    --------
    >>> g = AndOrGraph(terminals=["n7", "n8"])
    >>> g.add_connector("n5", ["n7", "n8"])
    Connector('n5', ('n7', 'n8'))
    >>> g.add_connector("n5", ["n6"])
    Connector('n5', ('n6',))
    >>> g.set_h({"n5": 1})
    >>> g.nodes
    ('n7', 'n8', 'n5', 'n6')
    >>> [str(c) for c in g.connectors_of("n5")]
    ['n5 → n7, n8', 'n5 → n6']
    >>> g.h["n5"], g.h["n6"], g.is_terminal("n7")
    (1, 0, True)
    """

    def __init__(
        self,
        connectors: Iterable[Connector] = (),
        *,
        h: Mapping[Node, float] | None = None,
        terminals: Iterable[Node] = (),
        start: Node | None = None,
    ) -> None:
        self.digraph = nx.DiGraph()
        self.start = start
        for node in _iterable(terminals, "terminals"):
            self.add_node(node, terminal=True)
        for connector in _iterable(connectors, "connectors"):
            self.add(connector)
        if h:
            self.set_h(h)
        if start is not None:
            self.add_node(start)

    # ----------------------------------------------------------------- building
    @classmethod
    def from_rules(
        cls,
        text: str,
        h: Mapping[Node, float] | None = None,
        terminals: Iterable[Node] | None = None,
        start: Node | None = None,
    ) -> AndOrGraph:
        """The graph that a text in the course's rule notation describes.

        Parameters
        ----------
        text : str
            Rules and settings, one per line (see :mod:`coursekit.andor.rule_text`).
        h : mapping node → number, optional
            h values added to (and winning over) those of the text.
        terminals : iterable of nodes, optional
            The terminal set, replacing the text's ``terminals:``.
        start : node, optional
            The start node, replacing the text's ``start:`` (default: the
            first rule's parent).

        Returns
        -------
        AndOrGraph

        Raises
        ------
        RuleSyntaxError
            For a text that cannot be read: the message names the line.
        AndOrError
            For ``h``, ``terminals`` or ``start`` naming a node no rule
            mentions, or an h value that is not a finite number ≥ 0 (the same
            rule as ``h:`` in the text).

        See Also
        --------
        to_rules : the inverse.
        coursekit.andor.rule_text.parse_rules : the text read into rules, no graph built.

        Examples
        --------
        >>> g = AndOrGraph.from_rules('''
        ... R1: n0 -> n1, n2
        ... R2: n0 -> n3 cost 5
        ... h: n1=1, n2=1, n3=0
        ... terminals: n3
        ... ''')
        >>> [str(c) for c in g.connectors], g.connectors[1].cost, g.start
        (['R1: n0 → n1, n2', 'R2: n0 → n3'], 5, 'n0')
        >>> AndOrGraph.from_rules("n0 -> n1", h={"n1": float("inf")})
        Traceback (most recent call last):
        ...
        coursekit.andor.errors.AndOrError: h(n1) must be a finite number ≥ 0, got ∞
        """
        return cls.from_parsed(parse_rules(text), h=h, terminals=terminals, start=start)

    @classmethod
    def from_parsed(
        cls,
        parsed: RuleText,
        h: Mapping[Node, float] | None = None,
        terminals: Iterable[Node] | None = None,
        start: Node | None = None,
    ) -> AndOrGraph:
        """The graph of a parsed rule text (see :meth:`from_rules` for the arguments)."""
        if not parsed.rules:
            raise RuleSyntaxError(1, say("errors.rules.no_rules"))
        graph = cls()
        names: dict[str, int] = {}
        lines: dict[Connector, int] = {}
        for rule in parsed.rules:
            if rule.name is not None:
                if rule.name in names:
                    raise RuleSyntaxError(
                        rule.line,
                        say("errors.rules.name_used", name=rule.name, other=names[rule.name]),
                    )
                names[rule.name] = rule.line
            connector = Connector(rule.parent, rule.successors, rule.cost, rule.name)
            old = graph._same_connector(connector)
            if old is not None:
                raise RuleSyntaxError(
                    rule.line, say("errors.rules.repeats", other=lines[old], connector=old)
                )
            lines[graph.add(connector)] = rule.line
        for node, (_, number) in parsed.h.items():
            if node not in graph:
                raise RuleSyntaxError(number, say("errors.rules.h_unknown", node=node))
        for node, number in parsed.terminals.items():
            if node not in graph:
                raise RuleSyntaxError(number, say("errors.rules.terminal_unknown", node=node))
        if parsed.start is not None and parsed.start[0] not in graph:
            raise RuleSyntaxError(
                parsed.start[1], say("errors.rules.start_unknown", node=parsed.start[0])
            )
        graph.set_h({node: value for node, (value, _) in parsed.h.items()})
        if h:
            graph.set_h(h)
        graph.set_terminals(parsed.terminals if terminals is None else terminals)
        if start is not None:
            if not _is_node(start) or start not in graph:
                raise AndOrError(say("errors.andor.start_in_no_rule", start=repr(start)))
            graph.start = start
        else:
            graph.start = parsed.start[0] if parsed.start else parsed.rules[0].parent
        return graph

    def add_node(self, node: Node, *, terminal: bool | None = None, h: float | None = None) -> None:
        """Add ``node`` (if new); optionally set whether it is terminal and its h.

        Raises :class:`AndOrError` for a node that is not hashable or an h that
        is not a finite number ≥ 0.
        """
        check_node(node)
        if node not in self.digraph:
            self.digraph.add_node(
                node, kind="node", h=0, terminal=False, connectors=[], signatures=set()
            )
        if terminal is not None:
            self.digraph.nodes[node]["terminal"] = bool(terminal)
        if h is not None:
            self.digraph.nodes[node]["h"] = _check_h(node, h)

    def add_connector(
        self,
        parent: Node,
        successors: Sequence[Node],
        cost: float | None = None,
        name: str | None = None,
    ) -> Connector:
        """Add the connector ``parent → successors`` (cost k unless given) and return it."""
        return self.add(Connector(parent, successors, cost, name))

    def add(self, connector: Connector) -> Connector:
        """Add a :class:`Connector` object; a repeated one is an :class:`AndOrError`."""
        if not isinstance(connector, Connector):
            raise AndOrError(
                say(
                    "errors.andor.not_a_connector",
                    kind=type(connector).__name__,
                    connector=repr(connector),
                )
            )
        old = self._same_connector(connector)
        if old is not None:
            raise AndOrError(say("errors.andor.repeats", connector=connector, old=old))
        names = self.digraph.graph.setdefault("connector_names", {})
        if connector.name is not None and connector.name in names:
            old = names[connector.name]
            raise AndOrError(
                say("errors.andor.same_name", name=connector.name, old=old, connector=connector)
            )
        parent = connector.parent
        self.add_node(parent)
        attributes = self.digraph.nodes[parent]
        for node in connector.successors:
            self.add_node(node)
        same = Counter(connector.successors)
        self.digraph.add_node(connector, kind="connector")
        self.digraph.add_edge(parent, connector)
        for node, count in same.items():
            self.digraph.add_edge(connector, node, count=count)
        attributes["connectors"].append(connector)
        attributes["signatures"].add(frozenset(same.items()))  # the successors as a multiset
        if connector.name is not None:
            names[connector.name] = connector
        return connector

    def _same_connector(self, connector: Connector) -> Connector | None:
        """The connector of the graph with the same parent and successors, if any."""
        if connector.parent not in self:
            return None
        attributes = self.digraph.nodes[connector.parent]
        same = Counter(connector.successors)
        if frozenset(same.items()) not in attributes["signatures"]:
            return None
        return next(c for c in attributes["connectors"] if Counter(c.successors) == same)

    def set_h(self, h: Mapping[Node, float]) -> None:
        """Set h(n) for the nodes in ``h``.

        Parameters
        ----------
        h : mapping node → number
            Finite numbers ≥ 0, for nodes already in the graph.

        Raises
        ------
        AndOrError
            For ``h`` that is not a mapping, a node not in the graph, or a value
            that is not a finite number ≥ 0 (an infinite h would make AO* call a
            solvable node unsolvable; the rule text refuses it too).

        See Also
        --------
        with_h : a copy with other h values.

        Examples
        --------
        >>> g = AndOrGraph.from_rules("n0 -> n1\\nterminals: n1")
        >>> g.set_h({"n0": 2.5})
        >>> g.h["n0"]
        2.5
        >>> g.set_h({"n0": -1})
        Traceback (most recent call last):
        ...
        coursekit.andor.errors.AndOrError: h(n0) must be a finite number ≥ 0, got -1
        """
        if not isinstance(h, Mapping):
            raise AndOrError(say("errors.andor.h_mapping", kind=type(h).__name__))
        for node in h:
            if not _is_node(node) or node not in self:
                raise AndOrError(say("errors.andor.h_not_in_graph", node=node_text(node)))
        for node, value in h.items():
            self.digraph.nodes[node]["h"] = _check_h(node, value)

    def set_terminals(self, terminals: Iterable[Node]) -> None:
        """Make exactly the nodes in ``terminals`` the terminal nodes (all in the graph)."""
        wanted = set(_iterable(terminals, "terminals"))
        for node in wanted:
            if not _is_node(node) or node not in self:
                raise AndOrError(say("errors.andor.terminal_not_in_graph", node=node_text(node)))
        for node in self.nodes:
            self.digraph.nodes[node]["terminal"] = node in wanted

    def with_h(self, h: Mapping[Node, float]) -> AndOrGraph:
        """A copy of the graph with the h values in ``h`` changed."""
        new = self.copy()
        new.set_h(h)
        return new

    def copy(self) -> AndOrGraph:
        """An independent copy."""
        new = AndOrGraph(start=self.start)
        for node in self.nodes:
            new.add_node(node, terminal=self.is_terminal(node), h=self.heuristic(node))
        for connector in self.connectors:
            new.add(connector)
        return new

    # ---------------------------------------------------------------- reading
    @property
    def nodes(self) -> tuple[Node, ...]:
        """The problem nodes, in the order they were first mentioned."""
        return tuple(n for n, kind in self.digraph.nodes(data="kind") if kind == "node")

    @property
    def connectors(self) -> tuple[Connector, ...]:
        """Every connector, in the order they were added (the rule order)."""
        return tuple(c for c, kind in self.digraph.nodes(data="kind") if kind == "connector")

    @property
    def terminals(self) -> frozenset[Node]:
        """The terminal nodes (the set N of the course)."""
        return frozenset(n for n in self.nodes if self.digraph.nodes[n]["terminal"])

    @property
    def h(self) -> Mapping[Node, float]:
        """h(n) for every node, read-only (use :meth:`set_h` or :meth:`with_h` to change it)."""
        return MappingProxyType({n: self.digraph.nodes[n]["h"] for n in self.nodes})

    def heuristic(self, node: Node) -> float:
        """h(node)."""
        return self._attributes(node)["h"]

    def is_terminal(self, node: Node) -> bool:
        """Whether ``node`` belongs to the terminal set N."""
        return self._attributes(node)["terminal"]

    def connectors_of(self, node: Node) -> tuple[Connector, ...]:
        """The connectors leaving ``node``, in the order they were given."""
        return tuple(self._attributes(node)["connectors"])

    def connectors_into(self, node: Node) -> tuple[Connector, ...]:
        """The connectors that have ``node`` among their successors."""
        self._attributes(node)
        return tuple(self.digraph.predecessors(node))

    def _attributes(self, node: Node) -> dict[str, Any]:
        """The attributes of problem node ``node``; an :class:`AndOrError` if there is none.

        >>> AndOrGraph.from_rules("a -> b").heuristic("z")
        Traceback (most recent call last):
        ...
        coursekit.andor.errors.AndOrError: node: z is not a node of the graph (a, b)
        """
        if not _is_node(node) or node not in self:
            known = ", ".join(node_text(n) for n in self.nodes[:10])
            more = ", …" if len(self) > 10 else ""
            raise AndOrError(
                say("errors.andor.not_a_node", node=node_text(node), known=known, more=more)
            )
        return self.digraph.nodes[node]

    def children(self, node: Node) -> list[Node]:
        """The distinct successors of ``node`` over all its connectors, in order."""
        seen: dict[Node, None] = {}
        for connector in self.connectors_of(node):
            seen.update(dict.fromkeys(connector.successors))
        return list(seen)

    def parents(self, node: Node) -> list[Node]:
        """The nodes with a connector leading to ``node``."""
        return list(dict.fromkeys(c.parent for c in self.connectors_into(node)))

    def descendants(self, node: Node) -> set[Node]:
        """Every problem node reachable from ``node`` (``node`` itself excluded)."""
        self._attributes(node)
        return {n for n in nx.descendants(self.digraph, node) if not self._is_connector(n)}

    def find_cycle(self) -> list[Node] | None:
        """A cycle of problem nodes ``[a, b, …, a]``, or ``None`` when the graph is acyclic.

        >>> g = AndOrGraph.from_rules("a -> b, c\\nb -> a")
        >>> g.find_cycle()
        ['a', 'b', 'a']
        """
        try:
            edges = nx.find_cycle(self.digraph)
        except nx.NetworkXNoCycle:
            return None
        cycle = [tail for tail, _ in edges if not self._is_connector(tail)]
        return [*cycle, cycle[0]]

    def is_acyclic(self) -> bool:
        """True when no node can reach itself (the course's graphs have no loops)."""
        return nx.is_directed_acyclic_graph(self.digraph)

    def require_acyclic(self, why: str) -> None:
        """Raise :class:`CyclicGraphError` (saying ``why`` it matters) if there is a cycle."""
        cycle = self.find_cycle()
        if cycle is not None:
            raise CyclicGraphError(
                say("errors.andor.has_cycle", why=why, cycle=cycle_text(cycle)), cycle
            )

    def topological_order(self) -> list[Node]:
        """The problem nodes, parents before children (acyclic graphs only)."""
        self.require_acyclic(say("errors.andor.why.topological"))
        return [n for n in nx.topological_sort(self.digraph) if not self._is_connector(n)]

    def is_tree(self) -> bool:
        """True for an AND/OR tree: every node has at most one parent."""
        return all(len(self.parents(n)) <= 1 for n in self.nodes) and self.is_acyclic()

    def is_ordinary_digraph(self) -> bool:
        """True when every connector is a 1-connector (an ordinary directed graph)."""
        return all(c.k == 1 for c in self.connectors)

    def rules(self) -> list[Rule]:
        """The graph as rules (the inverse of :meth:`from_rules`)."""
        return [
            Rule(c.name, c.parent, c.successors, None if c.cost == c.k else c.cost)
            for c in self.connectors
        ]

    def to_rules(self) -> str:
        """The graph in the course's rule notation; ``from_rules`` reads it back.

        h values are written only where they are not 0, the start node only
        where it is not the first rule's parent.

        >>> g = AndOrGraph.from_rules("n0 -> n1, n2 cost 3\\nterminals: n1, n2")
        >>> print(g.to_rules())
        n0 -> n1, n2 cost 3
        terminals: n1, n2
        >>> AndOrGraph.from_rules(g.to_rules()) == g
        True
        """
        connectors = self.connectors
        default_start = connectors[0].parent if connectors else None
        return format_rules(
            self.rules(),
            h={n: v for n, v in self.h.items() if v != 0},
            terminals=[n for n in self.nodes if self.is_terminal(n)],
            start=None if self.start == default_start else self.start,
        )

    def _is_connector(self, node: Any) -> bool:
        return self.digraph.nodes[node]["kind"] == "connector"

    # ------------------------------------------------------------- comparison
    def __contains__(self, node: object) -> bool:
        return node in self.digraph and not isinstance(node, Connector)

    def __iter__(self) -> Iterator[Node]:
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AndOrGraph):
            return NotImplemented
        return (
            set(self.nodes) == set(other.nodes)
            and self.connectors == other.connectors
            and self.terminals == other.terminals
            and dict(self.h) == dict(other.h)
            and self.start == other.start
        )

    __hash__ = None  # type: ignore[assignment]  # a mutable graph

    def __repr__(self) -> str:
        return (
            f"<AndOrGraph: {len(self)} nodes, {len(self.connectors)} connectors, "
            f"{len(self.terminals)} terminal>"
        )


def _check_h(node: Node, value: Any) -> float:
    """``value`` if it can be h(node): a finite number ≥ 0, as in the rule text."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AndOrError(say("errors.andor.h_value", node=node_text(node), value=repr(value)))
    if not (value >= 0 and math.isfinite(value)):
        raise AndOrError(
            say("errors.andor.h_value", node=node_text(node), value=number_text(value))
        )
    return value


def _is_node(value: object) -> bool:
    """Whether ``value`` is hashable and not None (so that ``value in graph`` can be asked)."""
    try:
        hash(value)
    except TypeError:
        return False
    return value is not None


def _iterable(values: Any, what: str) -> Iterable[Any]:
    """``values`` if it is a collection of nodes (not a string, which is one name)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise AndOrError(say("errors.andor.list_or_set", what=what, values=repr(values)))
    return values
