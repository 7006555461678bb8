"""The course's rule notation for AND/OR graphs: text ⇄ rules (no graph is built here).

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
begin the three kinds of settings. Text typed with a Chinese input method is
understood: full-width letters, digits and ``，：＝－＞`` read as their ASCII
forms, ``、`` as a comma and ``－》`` or ``⟶`` as an arrow; other full-width
punctuation (``；（）``) is named in the error. Every mistake is reported as a
:class:`~coursekit.andor.errors.RuleSyntaxError` that names the line and what
is wrong.

:func:`parse_rules` reads a text into a :class:`RuleText`;
:meth:`coursekit.andor.graph.AndOrGraph.from_rules` builds the graph from it,
and :func:`format_rules` writes rules and settings back as text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from coursekit.andor.errors import RuleSyntaxError
from coursekit.text import number_text, say

NAME = r"[\w']+"
_NAME = re.compile(rf"^{NAME}$")
_SETTING = re.compile(r"^(h|terminals|start)\s*:(.*)$")
_RULE = re.compile(
    rf"^(?:(?P<name>{NAME})\s*:\s*)?(?P<parent>\S*?)\s*(?:->|→)(?P<successors>.*?)"
    rf"(?:\s+cost\s+(?P<cost>\S+))?$"
)
_COST_ONLY = re.compile(r"^\s*cost\s+(\S+)$")

# Full-width forms a Chinese input method types, read as the ASCII the notation uses.
_UNDERSTOOD = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ,:=-><.#_'+"
_ASCII = str.maketrans(
    {chr(ord(c) + 0xFEE0): c for c in _UNDERSTOOD} | {"、": ",", "\u3000": " ", "—": "-"}
)
_ARROW = re.compile(r"-\s?[>》〉]|[⟶⇒➔➜➝➞]")


def ascii_text(line: str) -> str:
    """``line`` with the full-width forms the notation understands made ASCII.

    >>> ascii_text("ｎ０ －》 ｎ１，ｎ２")
    'n0 -> n1,n2'
    >>> ascii_text("h： n1＝２")
    'h: n1=2'
    """
    return _ARROW.sub("->", line.translate(_ASCII))


@dataclass(frozen=True)
class Rule:
    """One rewrite rule: ``name: parent -> successors cost c`` (name and cost optional)."""

    name: str | None
    """The rule's name (``R1``), or ``None``."""
    parent: str
    """The node the rule rewrites."""
    successors: tuple[str, ...]
    """The nodes it is rewritten into, in order (a node may appear twice)."""
    cost: float | None = None
    """The connector's cost; ``None`` means the default, k."""
    line: int = 0
    """The line of the text the rule was read from (0: not read from a text)."""

    def __str__(self) -> str:
        head = f"{self.name}: " if self.name else ""
        tail = "" if self.cost is None else f" cost {number_text(self.cost)}"
        return f"{head}{self.parent} -> {', '.join(self.successors)}{tail}"


@dataclass
class RuleText:
    """What a rule text says, with the line of each item (for error messages)."""

    rules: list[Rule] = field(default_factory=list)
    """The rules, in the order of the text."""
    h: dict[str, tuple[float, int]] = field(default_factory=dict)
    """``node: (h value, line)`` for every h value given."""
    terminals: dict[str, int] = field(default_factory=dict)
    """``node: line`` for every terminal node named."""
    start: tuple[str, int] | None = None
    """``(start node, line)``, or ``None`` when the text names none."""


def parse_rules(text: str) -> RuleText:
    """Read a rule text into its rules and settings (no graph is built yet).

    Parameters
    ----------
    text : str
        Rules and settings in the course's notation, one per line.

    Returns
    -------
    RuleText
        The rules and the h values, terminal nodes and start node, each with its line.

    Raises
    ------
    RuleSyntaxError
        For the first line that cannot be read, naming the line and the problem
        (or for a ``text`` that is not a string, as line 1).

    Examples
    --------
    >>> parsed = parse_rules("R1: n0 -> n1, n2\\nh: n1=2\\nterminals: n2")
    >>> parsed.rules[0]
    Rule(name='R1', parent='n0', successors=('n1', 'n2'), cost=None, line=1)
    >>> parsed.h, parsed.terminals
    ({'n1': (2, 2)}, {'n2': 3})
    >>> parse_rules("n0 -> n1 n2")
    Traceback (most recent call last):
    ...
    coursekit.andor.errors.RuleSyntaxError: line 1: “n1 n2” is not a node name (separate ...)
    """
    if not isinstance(text, str):
        raise RuleSyntaxError(1, say("errors.rules.not_text", kind=type(text).__name__))
    parsed = RuleText()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = ascii_text(raw).split("#", 1)[0].strip()
        if not line:
            continue
        setting = _SETTING.match(line)
        if setting:
            _read_setting(parsed, setting.group(1), setting.group(2), number, raw)
        else:
            parsed.rules.append(_read_rule(line, number, raw))
    return parsed


def format_rules(
    rules: Iterable[Rule],
    h: Mapping[object, float] | None = None,
    terminals: Iterable[object] = (),
    start: object | None = None,
) -> str:
    """Write rules and settings in the notation that :func:`parse_rules` reads.

    >>> print(format_rules([Rule(None, "n0", ("n1", "n2"), 3)], {"n0": 2}, ["n1", "n2"]))
    n0 -> n1, n2 cost 3
    h: n0=2
    terminals: n1, n2
    """
    lines = [str(rule) for rule in rules]
    if h:
        lines.append("h: " + ", ".join(f"{n}={number_text(v)}" for n, v in h.items()))
    names = ", ".join(map(str, terminals))
    if names:
        lines.append(f"terminals: {names}")
    if start is not None:
        lines.append(f"start: {start}")
    return "\n".join(lines)


def _read_rule(line: str, number: int, raw: str) -> Rule:
    match = _RULE.match(line)
    if not match:
        raise RuleSyntaxError(number, say("errors.rules.expected_rule"), raw)
    name, parent = match.group("name"), match.group("parent")
    if not parent:
        raise RuleSyntaxError(number, say("errors.rules.no_parent"), raw)
    _check_name(parent, number, raw)
    text = match.group("successors").strip()
    cost_text = match.group("cost")
    only_cost = _COST_ONLY.match(text)
    if only_cost:  # "n0 -> cost 3": the successors are missing, not the cost
        text, cost_text = "", only_cost.group(1)
    if not text:
        raise RuleSyntaxError(number, say("errors.rules.no_successors"), raw)
    if re.search(r"(^|\s)cost$", text):
        raise RuleSyntaxError(number, say("errors.rules.cost_place"), raw)
    successors = tuple(part.strip() for part in text.split(","))
    if any(not s for s in successors):
        raise RuleSyntaxError(number, say("errors.rules.missing_successor"), raw)
    for successor in successors:
        _check_name(successor, number, raw)
    the_cost = say("errors.rules.the_cost")
    cost = None if cost_text is None else _read_number(cost_text, the_cost, number, raw)
    if cost is not None and cost <= 0:
        raise RuleSyntaxError(number, say("errors.rules.cost_positive", cost=cost_text), raw)
    return Rule(name, parent, successors, cost, number)


def _check_name(text: str, number: int, raw: str) -> None:
    """Raise a :class:`RuleSyntaxError` naming the character that keeps ``text`` from a name."""
    if _NAME.match(text):
        return
    bad = next((c for c in text if not re.match(NAME, c) and not c.isspace()), None)
    if bad is not None:
        hint = _character_hint(bad)
        raise RuleSyntaxError(number, say("errors.rules.not_a_name", text=text, hint=hint), raw)
    raise RuleSyntaxError(number, say("errors.rules.not_a_name_commas", text=text), raw)


def _character_hint(character: str) -> str:
    """What to type instead of a character that cannot be part of a name."""
    if unicodedata.east_asian_width(character) in "FW":
        return say("errors.rules.full_width", char=character)
    return say("errors.rules.bad_character", char=character)


def _read_setting(parsed: RuleText, key: str, body: str, number: int, raw: str) -> None:
    items = [item.strip() for item in body.split(",")]
    if not any(items):
        raise RuleSyntaxError(number, say("errors.rules.nothing_after", setting=key), raw)
    if any(not item for item in items):
        raise RuleSyntaxError(number, say("errors.rules.missing_entry"), raw)
    if key == "h":
        for item in items:
            node, equals, value = item.partition("=")
            node, value = node.strip(), value.strip()
            if not equals or not _NAME.match(node):
                raise RuleSyntaxError(number, say("errors.rules.h_form", item=item), raw)
            if node in parsed.h:
                twice = say("errors.rules.h_twice", node=node, other=parsed.h[node][1])
                raise RuleSyntaxError(number, twice, raw)
            h = _read_number(value, f"h({node})", number, raw)
            if h < 0:
                raise RuleSyntaxError(
                    number, say("errors.rules.h_negative", node=node, value=value), raw
                )
            parsed.h[node] = (h, number)
    elif key == "terminals":
        for item in items:
            _check_name(item, number, raw)
            parsed.terminals.setdefault(item, number)
    else:  # start
        if len(items) != 1 or not _NAME.match(items[0]):
            raise RuleSyntaxError(number, say("errors.rules.start_form"), raw)
        if parsed.start is not None:
            twice = say("errors.rules.start_twice", other=parsed.start[1])
            raise RuleSyntaxError(number, twice, raw)
        parsed.start = (items[0], number)


def _read_number(text: str, what: str, number: int, raw: str) -> float:
    try:
        value = float(text)
    except ValueError:
        problem = say("errors.rules.not_number", what=what, text=text)
        raise RuleSyntaxError(number, problem, raw) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise RuleSyntaxError(number, say("errors.rules.not_finite", what=what, text=text), raw)
    return int(value) if value.is_integer() else value
