"""The course's rule notation for AND/OR graphs, read and written.

One item per line; ``#`` starts a comment; blank lines are ignored::

    # the course's worked example (k-connector cost k unless given)
    n0 -> n1
    n0 -> n5, n4            # one 2-connector: n5 AND n4
    R3: n1 -> n2            # an optional rule name before a colon
    n2 -> n3 cost 3         # an explicit connector cost
    6 -> 3, 3               # a successor may appear twice: it counts twice
    h: n0=0, n1=2, n2=4     # heuristic values (nodes not listed have h = 0)
    terminals: n7, n8       # the terminal set N
    start: n0               # the start node (default: the first rule's parent)

``→`` may be written instead of ``->``. Node and rule names are words made of
letters, digits, ``_`` and ``'``; the words ``h``, ``terminals`` and ``start``
begin the three kinds of settings. Every mistake is reported as a
:class:`RuleSyntaxError` that names the line and what is wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from coursekit.andor.graph import AndOrGraph, Connector, Node
from coursekit.errors import CoursekitError
from coursekit.text import number_text

NAME = r"[\w']+"
_NAME = re.compile(rf"^{NAME}$")
_SETTING = re.compile(r"^(h|terminals|start)\s*:(.*)$")
_RULE = re.compile(
    rf"^(?:(?P<name>{NAME})\s*:\s*)?(?P<parent>\S*?)\s*(?:->|→)(?P<successors>.*?)"
    rf"(?:\s+cost\s+(?P<cost>\S+))?$"
)
_COST_ONLY = re.compile(r"^\s*cost\s+(\S+)$")


class RuleSyntaxError(CoursekitError):
    """A rule text that cannot be read; ``line`` is its line number (1-based)."""

    def __init__(self, line: int, message: str, text: str = "") -> None:
        self.line = line
        self.message = message
        self.text = text
        shown = f" (in “{text.strip()}”)" if text.strip() else ""
        super().__init__(f"line {line}: {message}{shown}")


@dataclass(frozen=True)
class Rule:
    """One rewrite rule: ``name: parent -> successors cost c`` (name and cost optional)."""

    name: str | None
    parent: str
    successors: tuple[str, ...]
    cost: float | None = None
    line: int = 0

    def __str__(self) -> str:
        head = f"{self.name}: " if self.name else ""
        tail = "" if self.cost is None else f" cost {number_text(self.cost)}"
        return f"{head}{self.parent} -> {', '.join(self.successors)}{tail}"


@dataclass
class RuleText:
    """What a rule text says, with the line of each item (for error messages)."""

    rules: list[Rule] = field(default_factory=list)
    h: dict[str, tuple[float, int]] = field(default_factory=dict)
    terminals: dict[str, int] = field(default_factory=dict)
    start: tuple[str, int] | None = None


def parse_rules(text: str) -> RuleText:
    """Read a rule text into its rules and settings (no graph is built yet).

    >>> parsed = parse_rules("R1: n0 -> n1, n2\\nh: n1=2\\nterminals: n2")
    >>> parsed.rules[0]
    Rule(name='R1', parent='n0', successors=('n1', 'n2'), cost=None, line=1)
    >>> parsed.h, parsed.terminals
    ({'n1': (2, 2)}, {'n2': 3})
    >>> parse_rules("n0 -> n1 n2")
    Traceback (most recent call last):
    ...
    coursekit.andor.rules.RuleSyntaxError: line 1: “n1 n2” is not a node name (separate ...)
    """
    if not isinstance(text, str):
        raise TypeError(f"the rules must be a string, got {type(text).__name__}")
    parsed = RuleText()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        setting = _SETTING.match(line)
        if setting:
            _read_setting(parsed, setting.group(1), setting.group(2), number, raw)
        else:
            parsed.rules.append(_read_rule(line, number, raw))
    return parsed


def _read_rule(line: str, number: int, raw: str) -> Rule:
    match = _RULE.match(line)
    if not match:
        raise RuleSyntaxError(
            number, "expected a rule “parent -> successor, …” or h:, terminals:, start:", raw
        )
    name, parent = match.group("name"), match.group("parent")
    if not parent:
        raise RuleSyntaxError(number, "the rule has no parent node before “->”", raw)
    if not _NAME.match(parent):
        raise RuleSyntaxError(number, f"“{parent}” is not a node name", raw)
    text = match.group("successors").strip()
    cost_text = match.group("cost")
    only_cost = _COST_ONLY.match(text)
    if only_cost:  # "n0 -> cost 3": the successors are missing, not the cost
        text, cost_text = "", only_cost.group(1)
    if not text:
        raise RuleSyntaxError(number, "the rule has no successors after “->”", raw)
    if re.search(r"(^|\s)cost$", text):
        raise RuleSyntaxError(
            number, "write a connector's cost as “cost 3” after the successors", raw
        )
    successors = tuple(part.strip() for part in text.split(","))
    if any(not s for s in successors):
        raise RuleSyntaxError(
            number, "a successor is missing between two commas or after the last one", raw
        )
    for successor in successors:
        if not _NAME.match(successor):
            hint = " (separate successors with commas)" if " " in successor else ""
            raise RuleSyntaxError(number, f"“{successor}” is not a node name{hint}", raw)
    cost = None if cost_text is None else _read_number(cost_text, "the cost", number, raw)
    if cost is not None and cost <= 0:
        raise RuleSyntaxError(number, f"the cost must be a positive number, got {cost_text}", raw)
    return Rule(name, parent, successors, cost, number)


def _read_setting(parsed: RuleText, key: str, body: str, number: int, raw: str) -> None:
    items = [item.strip() for item in body.split(",")]
    if not any(items):
        raise RuleSyntaxError(number, f"“{key}:” is followed by nothing", raw)
    if any(not item for item in items):
        raise RuleSyntaxError(number, "an entry is missing between two commas", raw)
    if key == "h":
        for item in items:
            node, equals, value = item.partition("=")
            node, value = node.strip(), value.strip()
            if not equals or not _NAME.match(node):
                raise RuleSyntaxError(number, f"write h values as “node=value”, not “{item}”", raw)
            if node in parsed.h:
                raise RuleSyntaxError(
                    number, f"h({node}) is given twice (also on line {parsed.h[node][1]})", raw
                )
            h = _read_number(value, f"h({node})", number, raw)
            if h < 0:
                raise RuleSyntaxError(number, f"h({node}) must be zero or more, got {value}", raw)
            parsed.h[node] = (h, number)
    elif key == "terminals":
        for item in items:
            if not _NAME.match(item):
                raise RuleSyntaxError(number, f"“{item}” is not a node name", raw)
            parsed.terminals.setdefault(item, number)
    else:  # start
        if len(items) != 1 or not _NAME.match(items[0]):
            raise RuleSyntaxError(number, "write the start node as “start: name”", raw)
        if parsed.start is not None:
            raise RuleSyntaxError(
                number, f"the start node is given twice (also on line {parsed.start[1]})", raw
            )
        parsed.start = (items[0], number)


def _read_number(text: str, what: str, number: int, raw: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise RuleSyntaxError(number, f"{what} must be a number, got “{text}”", raw) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise RuleSyntaxError(number, f"{what} must be a finite number, got “{text}”", raw)
    return int(value) if value.is_integer() else value


def build_graph(
    parsed: RuleText,
    h: Mapping[Node, float] | None = None,
    terminals: Iterable[Node] | None = None,
    start: Node | None = None,
) -> AndOrGraph:
    """Make the :class:`AndOrGraph` a parsed rule text describes.

    ``h`` updates the text's h values; ``terminals`` and ``start``, when given,
    replace the text's.
    """
    if not parsed.rules:
        raise RuleSyntaxError(1, "there are no rules: write at least one “parent -> successor”")
    graph = AndOrGraph()
    names: dict[str, int] = {}
    for rule in parsed.rules:
        if rule.name is not None:
            if rule.name in names:
                raise RuleSyntaxError(
                    rule.line,
                    f"the rule name {rule.name} is already used on line {names[rule.name]}",
                )
            names[rule.name] = rule.line
        try:
            graph.add(Connector(rule.parent, rule.successors, rule.cost, rule.name))
        except ValueError as error:
            first = _same_rule(parsed, rule)
            raise RuleSyntaxError(
                rule.line, f"this rule repeats the connector of line {first.line} ({first})"
            ) from error
    for node, (_, number) in parsed.h.items():
        if node not in graph:
            raise RuleSyntaxError(number, f"h is given for {node}, which no rule mentions")
    for node, number in parsed.terminals.items():
        if node not in graph:
            raise RuleSyntaxError(number, f"the terminal node {node} appears in no rule")
    if parsed.start is not None and parsed.start[0] not in graph:
        raise RuleSyntaxError(
            parsed.start[1], f"the start node {parsed.start[0]} appears in no rule"
        )
    graph.set_h({node: value for node, (value, _) in parsed.h.items()})
    if h:
        graph.set_h(h)
    graph.set_terminals(parsed.terminals if terminals is None else terminals)
    if start is not None:
        if start not in graph:
            raise ValueError(f"the start node {start} appears in no rule")
        graph.start = start
    else:
        graph.start = parsed.start[0] if parsed.start else parsed.rules[0].parent
    return graph


def _same_rule(parsed: RuleText, rule: Rule) -> Rule:
    """The earlier rule that ``rule`` repeats."""
    for other in parsed.rules:
        if other.parent == rule.parent and Counter(other.successors) == Counter(rule.successors):
            return other
    raise AssertionError("unreachable")  # pragma: no cover


def format_rules(graph: AndOrGraph) -> str:
    """Write ``graph`` in the rule notation (h values only where they are not 0)."""
    lines = [str(rule) for rule in graph.rules()]
    h = {n: v for n, v in graph.h.items() if v != 0}
    if h:
        lines.append("h: " + ", ".join(f"{n}={number_text(v)}" for n, v in h.items()))
    if graph.terminals:
        lines.append("terminals: " + ", ".join(str(n) for n in graph.nodes if graph.is_terminal(n)))
    connectors = graph.connectors
    default_start = connectors[0].parent if connectors else None
    if graph.start is not None and graph.start != default_start:
        lines.append(f"start: {graph.start}")
    return "\n".join(lines)
