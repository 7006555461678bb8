"""Malformed input to every entry point of coursekit.andor and the AO* explorer.

Each case ends in an error of the package's own type whose message names the
argument, or in a correct answer: never a bare TypeError or RecursionError,
never a silent wrong answer, never a hang.
"""

from __future__ import annotations

import contextlib
import math
import sys
import traceback
from collections.abc import Iterator

import pytest

from coursekit.andor import (
    AndOrError,
    AndOrGraph,
    Connector,
    GameAndOrGraph,
    ImplicitAndOrGraph,
    SolutionGraph,
    ao_star,
    is_monotone,
    is_solution_graph,
    optimal_costs,
    optimal_solution_graph,
    revise,
    solution_graphs,
    solvable_nodes,
    winning_strategy,
)
from coursekit.andor.examples import course_example
from coursekit.draw.andor import (
    CycleTable,
    LayoutMemory,
    draw_cycle,
    draw_graph,
    draw_layout,
    draw_solution,
)
from coursekit.errors import CoursekitError
from coursekit.games import Grundy
from coursekit.widgets import AOStarExplorer

pytestmark = pytest.mark.timeout(60)

SMALL = "n0 -> n1, n2\nn0 -> n3\nterminals: n1, n2, n3"


def small() -> AndOrGraph:
    return AndOrGraph.from_rules(SMALL)


def chain(length: int) -> str:
    """The rules n0 -> n1, n1 -> n2, …, with the last node terminal."""
    return "\n".join(f"n{i} -> n{i + 1}" for i in range(length)) + f"\nterminals: n{length}"


def bad_revise(connectors, q, solved):
    return "not a triple"


def five(node):
    return 5


# (what is called, a word the message must contain)
CASES = {
    # the rule text and from_rules' arguments
    "text is a number": (lambda: AndOrGraph.from_rules(42), "rules must be a string"),
    "text is None": (lambda: AndOrGraph.from_rules(None), "rules must be a string"),
    "h is infinite": (lambda: AndOrGraph.from_rules(SMALL, h={"n1": math.inf}), "h(n1)"),
    "h is negative": (lambda: AndOrGraph.from_rules(SMALL, h={"n1": -1}), "h(n1)"),
    "h is nan": (lambda: AndOrGraph.from_rules(SMALL, h={"n1": math.nan}), "h(n1)"),
    "h is text": (lambda: AndOrGraph.from_rules(SMALL, h={"n1": "2"}), "h(n1)"),
    "h is a bool": (lambda: AndOrGraph.from_rules(SMALL, h={"n1": True}), "h(n1)"),
    "h of an unknown node": (lambda: AndOrGraph.from_rules(SMALL, h={"zz": 1}), "zz"),
    "h is a list": (lambda: AndOrGraph.from_rules(SMALL, h=[1, 2]), "h:"),
    "terminals is a string": (lambda: AndOrGraph.from_rules(SMALL, terminals="n1"), "terminals"),
    "terminals unknown": (lambda: AndOrGraph.from_rules(SMALL, terminals={"zz"}), "terminal"),
    "terminals is a number": (lambda: AndOrGraph.from_rules(SMALL, terminals=5), "terminals"),
    "start unknown": (lambda: AndOrGraph.from_rules(SMALL, start="zz"), "start"),
    "start unhashable": (lambda: AndOrGraph.from_rules(SMALL, start=["n0"]), "start"),
    "cost inf in text": (lambda: AndOrGraph.from_rules("n0 -> n1 cost inf"), "cost"),
    "h inf in text": (lambda: AndOrGraph.from_rules("n0 -> n1\nh: n1=inf"), "h(n1)"),
    "h 1e400 in text": (lambda: AndOrGraph.from_rules("n0 -> n1\nh: n1=1e400"), "h(n1)"),
    "full-width semicolon": (lambda: AndOrGraph.from_rules("n0 -> n1；n2"), "“；”"),
    "full-width brackets": (lambda: AndOrGraph.from_rules("n0 -> n1（n2）"), "“（”"),
    "full-width square bracket": (lambda: AndOrGraph.from_rules("n0 -> ［n1］"), "“［”"),
    # constructors of graphs and connectors
    "a tuple for a connector": (lambda: AndOrGraph([("a", "b")]), "connector"),
    "h for no node": (lambda: AndOrGraph(h={"a": math.inf}), "h"),
    "terminals a string": (lambda: AndOrGraph(terminals="ab"), "terminals"),
    "successors a string": (lambda: Connector("a", "bc"), "successors"),
    "no successors": (lambda: Connector("a", ()), "successors"),
    "cost a bool": (lambda: Connector("a", ("b",), cost=True), "cost"),
    "cost infinite": (lambda: Connector("a", ("b",), cost=math.inf), "cost"),
    "parent unhashable": (lambda: Connector(["a"], ("b",)), "parent"),
    "parent None": (lambda: Connector(None, ("b",)), "parent"),
    "successor unhashable": (lambda: Connector("a", ({"b"},)), "successors"),
    "name a number": (lambda: Connector("a", ("b",), name=3), "name"),
    "node unhashable": (lambda: AndOrGraph().add_node([1]), "node"),
    "set_h infinite": (lambda: small().set_h({"n0": math.inf}), "h(n0)"),
    "set_terminals unknown": (lambda: small().set_terminals(["zz"]), "terminal"),
    "add a string": (lambda: small().add("a -> b"), "connector"),
    "add a repeat": (lambda: small().add(Connector("n0", ("n2", "n1"))), "repeats"),
    "heuristic of an unknown node": (lambda: small().heuristic("zz"), "node: zz"),
    "connectors of an unhashable node": (lambda: small().connectors_of(["n0"]), "node:"),
    "descendants of an unknown node": (lambda: small().descendants("zz"), "node: zz"),
    # ao_star
    "max_cycles 2.5": (lambda: ao_star(small(), max_cycles=2.5), "max_cycles"),
    "max_cycles True": (lambda: ao_star(small(), max_cycles=True), "max_cycles"),
    "max_cycles negative": (lambda: ao_star(small(), max_cycles=-1), "max_cycles"),
    "max_cycles text": (lambda: ao_star(small(), max_cycles="3"), "max_cycles"),
    "futility 0": (lambda: ao_star(small(), futility=0), "futility"),
    "futility text": (lambda: ao_star(small(), futility="inf"), "futility"),
    "snapshots text": (lambda: ao_star(small(), snapshots="yes"), "snapshots"),
    "progress text": (lambda: ao_star(small(), progress="yes"), "progress"),
    "start not in graph": (lambda: ao_star(small(), "zz"), "start"),
    "start unhashable in ao_star": (lambda: ao_star(small(), ["n0"]), "start"),
    "problem a number": (lambda: ao_star(42, 0), "problem"),
    "h with a graph": (lambda: ao_star(small(), h={"n0": 1}), "h and is_terminal"),
    "revise not callable": (lambda: ao_star(small(), revise=3), "revise"),
    "revise gives junk": (lambda: ao_star(small(), revise=bad_revise), "revise"),
    "successors gives a number": (lambda: ao_star(five, 0), "successors"),
    "successors gives a string": (lambda: ao_star(lambda n: ["ab"], "a"), "successors"),
    "implicit h infinite": (
        lambda: ao_star(lambda n: [(n + 1,)], 0, h=lambda n: math.inf),
        "h(0)",
    ),
    "implicit h a string": (lambda: ImplicitAndOrGraph(five, h="x"), "h"),
    "implicit terminals a number": (lambda: ImplicitAndOrGraph(five, is_terminal=3), "is_terminal"),
    "implicit successors not callable": (lambda: ImplicitAndOrGraph([1, 2]), "successors"),
    # solution graphs and brute force
    "solution_graphs of text": (lambda: solution_graphs(SMALL), "graph"),
    "solution_graphs bad start": (lambda: solution_graphs(small(), "zz"), "start"),
    "optimal_solution_graph unhashable start": (
        lambda: optimal_solution_graph(small(), ["n0"]),
        "start",
    ),
    "optimal_costs of None": (lambda: optimal_costs(None), "graph"),
    "solvable_nodes of a number": (lambda: solvable_nodes(42), "graph"),
    "is_monotone of text": (lambda: is_monotone("x"), "graph"),
    "SolutionGraph of a string": (lambda: SolutionGraph("n0", "abc"), "connectors"),
    "is_solution_graph of a string": (lambda: is_solution_graph(small(), "x"), "solution"),
    "from_choice of a list": (lambda: SolutionGraph.from_choice("n0", []), "choice"),
    "revise without q": (lambda: revise(small().connectors_of("n0"), {}, set()), "revise"),
    "revise of strings": (lambda: revise(["n0 -> n1"], {}, set()), "revise"),
    # game graphs
    "GameAndOrGraph of a number": (lambda: GameAndOrGraph(7), "game"),
    "winning_strategy of a string": (lambda: winning_strategy("Grundy"), "game"),
    "winning_strategy max_cycles": (
        lambda: winning_strategy(Grundy(7), max_cycles=1.5),
        "max_cycles",
    ),
    # pictures
    "draw_cycle past the end": (lambda: draw_cycle(ao_star(small()), 9), "cycle"),
    "draw_cycle 1.5": (lambda: draw_cycle(ao_star(small()), 1.5), "cycle"),
    "draw_cycle of text": (lambda: draw_cycle("r", 0), "result"),
    "draw_cycle without snapshots": (
        lambda: draw_cycle(ao_star(small(), snapshots=False), 0),
        "snapshots",
    ),
    "CycleTable of None": (lambda: CycleTable(None), "result"),
    "draw_graph of text": (lambda: draw_graph(SMALL), "graph"),
    "draw_solution of a result": (lambda: draw_solution(ao_star(small())), "solution"),
    "draw_layout of a dict graph": (lambda: draw_layout(ao_star(small()), graph={}), "graph"),
    "draw_layout memory of text": (lambda: draw_layout(ao_star(small()), memory="m"), "memory"),
    "draw_cycle memory of text": (lambda: draw_cycle(ao_star(small()), 0, memory="m"), "memory"),
    "draw_cycle edited 5": (lambda: draw_cycle(ao_star(small()), 0, edited=5), "edited"),
    "a memory remembers a number": (lambda: LayoutMemory().remember(small(), 3), "result"),
    "a memory names a node unseen": (lambda: LayoutMemory().node_name("n0"), "memory"),
    # the explorer's own arguments
    "explorer rules bad": (lambda: AOStarExplorer("n0 -> "), "line 1"),
    "explorer max_cycles 0": (lambda: AOStarExplorer(max_cycles=0), "max_cycles"),
    "explorer huge graph": (lambda: AOStarExplorer(chain(400)), "up to"),
}


@pytest.mark.parametrize("call, words", CASES.values(), ids=CASES.keys())
def test_bad_input_gets_a_coursekit_error_that_names_the_argument(call, words):
    with pytest.raises(CoursekitError) as caught:
        call()
    assert isinstance(caught.value, AndOrError)
    assert words in str(caught.value)


# ---------------------------------------------------------------- right answers
@pytest.mark.parametrize(
    "text",
    [
        "n0 －》 n1，n2\nn0 －＞ n3\nterminals： n1、n2，n3",  # a Chinese input method
        "ｎ０ -> ｎ１, ｎ２\nｎ０ ⟶ ｎ３\nterminals: ｎ１, ｎ２, ｎ３",  # full-width letters
        "n0 — > n1, n2\nn0 → n3\u3000# ideographic space\nterminals: n1, n2, n3",
    ],
)
def test_full_width_rules_read_as_their_ascii_forms(text):
    assert AndOrGraph.from_rules(text) == small()


def test_full_width_h_values_read_as_numbers():
    g = AndOrGraph.from_rules(SMALL + "\nh： n0＝２．５")
    assert g.h["n0"] == 2.5


@contextlib.contextmanager
def shallow_stack(frames: int) -> Iterator[None]:
    """Python's recursion limit set to ``frames`` above the caller's stack: a function that
    recursed once per node of a deeper graph would raise RecursionError."""
    old, here = sys.getrecursionlimit(), len(traceback.extract_stack())
    sys.setrecursionlimit(here + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def test_deep_graphs_are_read_checked_and_solved_without_recursion():
    # a chain more than twice as deep as the stack allows: no step may recurse per node
    # (AO* on a chain is quadratic, so the depth is kept small; the stack is made smaller)
    depth = 400
    text = chain(depth)
    with shallow_stack(frames=150):
        g = AndOrGraph.from_rules(text)
        assert len(g) == depth + 1 and g.is_acyclic() and g.find_cycle() is None
        r = ao_star(g, snapshots=False)
        assert r.cost == depth and len(r.solution.nodes) == depth + 1
        assert ao_star(g).cost == depth  # with snapshots: 400 cycles of up to 401 q values
        (only,) = solution_graphs(g)
        assert only.cost == depth == optimal_solution_graph(g).cost == optimal_costs(g)["n0"]
        assert AndOrGraph.from_rules(g.to_rules()) == g
        looped = AndOrGraph.from_rules(text + f"\nn{depth} -> n0")
        assert len(looped.find_cycle()) == depth + 2
        assert [s.cost for s in solution_graphs(looped)] == [depth]


def test_the_shallow_stack_catches_a_function_that_recurses_per_node():
    def depth_of(node: int) -> int:
        return 0 if node == 0 else 1 + depth_of(node - 1)

    with shallow_stack(frames=150), pytest.raises(RecursionError):
        depth_of(400)


# ------------------------------------------------------------------ the explorer
@pytest.mark.parametrize(
    "rules, words",
    [
        ("n0 -> n1；n2\nterminals: n1", "“；”"),
        ("n0 -> n1（n2）\nterminals: n1", "“（”"),
        ("n0 -> n1\nh: n1=∞\nterminals: n1", "h(n1)"),
        ("n0 -> n1 cost 1e400\nterminals: n1", "cost"),
        ("a -> b, t\nb -> a\nb -> t\nterminals: t", "cycle"),
        (chain(1500), "up to 150 nodes"),
    ],
)
def test_explorer_rules_name_the_problem_and_keep_the_last_graph(rules, words):
    explorer = AOStarExplorer()
    before = explorer.picture.source
    explorer.rules.value = rules
    assert words in explorer.rules_feedback.message
    assert explorer.picture.source == before and explorer.result.cost == 5


def test_explorer_understands_a_chinese_input_method():
    explorer = AOStarExplorer()
    explorer.rules.value = "n0 －》 n1，n2\nn0 －＞ n3\nterminals： n1、n2，n3"
    assert explorer.rules_feedback.message == ""
    assert explorer.result.cost == 1 and set(explorer.h_inputs) == {"n0", "n1", "n2", "n3"}


@pytest.mark.parametrize(
    "typed, words",
    [
        ("２，５", "decimals with a point"),
        ("２。５", "“。”"),
        ("1e400", "finite number"),
        ("-1", "finite number"),
        ("三", "h(n1)"),
    ],
)
def test_explorer_h_values_name_the_problem_and_keep_the_last_graph(typed, words):
    explorer = AOStarExplorer()
    before = explorer.picture.source
    explorer.h_inputs["n1"].value = typed
    assert words in explorer.h_feedback.message and "h(n1)" in explorer.h_feedback.message
    assert explorer.picture.source == before and explorer.result.cost == 5


def test_explorer_reads_full_width_digits_in_h():
    explorer = AOStarExplorer()
    explorer.h_inputs["n4"].value = "４"
    assert explorer.h_feedback.message == "" and explorer.result.cost == 8
    assert course_example().with_h({"n4": 4}).heuristic("n4") == 4
