"""AO*: the course's numbers cycle by cycle, the hard cases, and brute force on random graphs."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.andor import (
    AndOrGraph,
    Connector,
    CyclicGraphError,
    ao_star,
    optimal_solution_graph,
    revise,
    solution_graph_problems,
)
from coursekit.andor import aostar as aostar_module
from coursekit.andor.errors import AndOrError
from coursekit.andor.examples import course_example, exercise_1, exercise_2
from coursekit.andor.generate import monotone_heuristic, overestimating_heuristic, random_graph
from coursekit.text import set_language

# --------------------------------------------------------------------------
# The course's worked example, worked by hand from the procedure (the seed's
# figures 4.3(a)–(e): after cycles 1, 2, 3, 4 and the solution graph, q(n0) = 5).
#   cycle 1: expand n0: n0 → n1 costs 1 + 2 = 3, n0 → n5, n4 costs 2 + 1 + 1 = 4
#   cycle 2: expand n1: n1 → n2 and n1 → n3 both 1 + 4 = 5; q(n0) = min(1 + 5, 4) = 4
#   cycle 3: expand n5 (the first leaf of G′ = n0, n5, n4): n5 → n7, n8 costs 2, SOLVED;
#            q(n0) = 2 + 2 + 1 = 5
#   cycle 4: expand n4: n4 → n8 costs 1, SOLVED; q(n0) = 2 + 2 + 1 = 5, SOLVED
COURSE_CYCLES = [
    # (expanded, q of every node of G, marked connectors, SOLVED)
    (None, {"n0": 0}, {}, set()),
    ("n0", {"n0": 3, "n1": 2, "n5": 1, "n4": 1}, {"n0": "n0 → n1"}, set()),
    (
        "n1",
        {"n0": 4, "n1": 5, "n5": 1, "n4": 1, "n2": 4, "n3": 4},
        {"n0": "n0 → n5, n4", "n1": "n1 → n2"},
        set(),
    ),
    (
        "n5",
        {"n0": 5, "n1": 5, "n5": 2, "n4": 1, "n2": 4, "n3": 4, "n7": 0, "n8": 0, "n6": 2},
        {"n0": "n0 → n5, n4", "n1": "n1 → n2", "n5": "n5 → n7, n8"},
        {"n5", "n7", "n8"},
    ),
    (
        "n4",
        {"n0": 5, "n1": 5, "n5": 2, "n4": 1, "n2": 4, "n3": 4, "n7": 0, "n8": 0, "n6": 2},
        {"n0": "n0 → n5, n4", "n1": "n1 → n2", "n5": "n5 → n7, n8", "n4": "n4 → n8"},
        {"n0", "n4", "n5", "n7", "n8"},
    ),
]

# Exercise 1 (R1–R8), by hand. Ties go to the connector listed first.
#   cycle 1: expand n0: R1 2+2+4 = 8, R2 2+4+4 = 10
#   cycle 2: expand n1: R3 1+4 = 5, R4 1+3 = 4; n0: R1 2+4+4 = 10 = R2 → R1
#   cycle 3: expand n4: R7 1+4 = 5; n1: R3 5 < R4 6; n0: R1 11 > R2 10
#   cycle 4: expand n2: R5 = 2 SOLVED; n4 = 3, n1 = 3 SOLVED; n0: R1 2+3+2 = 7 < R2 8, SOLVED
EXERCISE_1_CYCLES = [
    (None, {"n0": 0}, {}, set()),
    ("n0", {"n0": 8, "n1": 2, "n2": 4, "n3": 4}, {"n0": "R1"}, set()),
    ("n1", {"n0": 10, "n1": 4, "n2": 4, "n3": 4, "n4": 3}, {"n0": "R1", "n1": "R4"}, set()),
    (
        "n4",
        {"n0": 10, "n1": 5, "n2": 4, "n3": 4, "n4": 5},
        {"n0": "R2", "n1": "R3", "n4": "R7"},
        set(),
    ),
    (
        "n2",
        {"n0": 7, "n1": 3, "n2": 2, "n3": 4, "n4": 3, "n6": 0, "n7": 0},
        {"n0": "R1", "n1": "R3", "n4": "R7", "n2": "R5"},
        {"n0", "n1", "n2", "n4", "n6", "n7"},
    ),
]

# Exercise 2 (6 into ones, h(n) = n, h(1) = 0), by hand.
#   cycle 1: expand 6: 6 → 3,3 = 2+3+3 = 8 = 6 → 4,2 = 2+4+2 → 6 → 3,3
#   cycle 2: expand 3: 3 → 2,1 = 2+2+0 = 4; 6: 2+4+4 = 10 > 8 → 6 → 4,2
#   cycle 3: expand 4: 4 → 3,1 = 2+4+0 = 6 = 4 → 2,2 = 2+2+2; 6: 10 = 10 → 6 → 3,3
#   cycle 4: expand 2: 2 → 1,1 = 2 SOLVED; 3 = 4 SOLVED; 4 = 6 SOLVED; 6 = 10 SOLVED
EXERCISE_2_CYCLES = [
    (None, {"6": 6}, {}, set()),
    ("6", {"6": 8, "3": 3, "4": 4, "2": 2}, {"6": "6 → 3, 3"}, set()),
    ("3", {"6": 8, "3": 4, "4": 4, "2": 2, "1": 0}, {"6": "6 → 4, 2", "3": "3 → 2, 1"}, {"1"}),
    (
        "4",
        {"6": 10, "3": 4, "4": 6, "2": 2, "1": 0},
        {"6": "6 → 3, 3", "3": "3 → 2, 1", "4": "4 → 3, 1"},
        {"1"},
    ),
    (
        "2",
        {"6": 10, "3": 4, "4": 6, "2": 2, "1": 0},
        {"6": "6 → 3, 3", "3": "3 → 2, 1", "4": "4 → 3, 1", "2": "2 → 1, 1"},
        {"1", "2", "3", "4", "6"},
    ),
]


def marks_as_text(marked: dict) -> dict:
    return {n: c.name or str(c).split(": ")[-1] for n, c in marked.items()}


@pytest.mark.parametrize(
    ("graph", "start", "cycles"),
    [
        (course_example, "n0", COURSE_CYCLES),
        (exercise_1, "n0", EXERCISE_1_CYCLES),
        (exercise_2, "6", EXERCISE_2_CYCLES),
    ],
    ids=["course-example", "exercise-1", "exercise-2"],
)
def test_cycle_by_cycle_as_worked_by_hand(graph, start, cycles):
    r = ao_star(graph(), start)
    assert len(r.snapshots) == len(cycles)
    for snapshot, (expanded, q, marked, solved) in zip(r.snapshots, cycles, strict=True):
        assert snapshot.expanded == expanded, f"cycle {snapshot.cycle}"
        assert dict(snapshot.q) == q, f"cycle {snapshot.cycle}"
        assert marks_as_text(snapshot.marked) == marked, f"cycle {snapshot.cycle}"
        assert snapshot.solved == solved, f"cycle {snapshot.cycle}"


def test_the_course_example_ends_with_q_n0_5_and_solution_graph_c():
    r = ao_star(course_example(), "n0")
    assert r.solved and r.status == "solved" and r.cost == 5
    assert {str(c) for c in r.solution.connectors} == {"n0 → n5, n4", "n4 → n8", "n5 → n7, n8"}
    assert set(r.solution.nodes) == {"n0", "n4", "n5", "n7", "n8"}
    assert r.expansions == ("n0", "n1", "n5", "n4")
    # G′ after cycle 2 and 3 is n0 with the marked connector n0 → n5, n4
    assert set(r.snapshots[2].partial.nodes) == {"n0", "n4", "n5"}
    assert set(r.snapshots[3].partial.nodes) == {"n0", "n4", "n5", "n7", "n8"}
    # only the nodes AO* generated are in G: n2's and n3's connectors were never added
    assert set(r.graph.nodes) == {f"n{i}" for i in range(9)}
    assert r.graph.connectors_of("n2") == ()


def test_exercise_answers():
    r1 = ao_star(exercise_1(), "n0")
    assert r1.cost == 7 and [c.name for c in r1.solution.connectors] == ["R1", "R3", "R5"]
    r2 = ao_star(exercise_2(), "6")
    assert r2.cost == 10 and [str(c) for c in r2.solution.connectors] == [
        "6 → 3, 3",
        "3 → 2, 1",
        "2 → 1, 1",
    ]


def test_the_revision_order_in_the_bottom_up_phase():
    # exercise 1, cycle 4: n2 is SOLVED, then n4 (a descendant of n1) before n1, n1 before n0
    r = ao_star(exercise_1(), "n0")
    assert [rev.node for rev in r.snapshots[4].revisions] == ["n2", "n4", "n1", "n0"]
    assert [(rev.old_q, rev.q) for rev in r.snapshots[4].revisions] == [
        (4, 2),
        (5, 3),
        (5, 3),
        (10, 7),
    ]


# ------------------------------------------------------------- hard cases
def test_a_terminal_start_is_solved_at_once():
    r = ao_star(AndOrGraph.from_rules("a -> b\nterminals: a"), "a")
    assert r.solved and r.cost == 0 and r.cycles == 0 and r.solution.nodes == ("a",)


def test_dead_ends_get_the_futility_value_and_are_avoided():
    g = AndOrGraph.from_rules("a -> b\na -> c, d cost 5\nh: b=0\nterminals: c, d")
    r = ao_star(g, "a")
    assert r.q["b"] == math.inf
    assert r.cost == 5 and [str(c) for c in r.solution.connectors] == ["a → c, d"]


def test_an_unsolvable_graph_is_reported():
    g = AndOrGraph.from_rules("a -> b, c\na -> d\nb -> e\nterminals: c")
    r = ao_star(g, "a")
    assert r.status == "unsolvable" and not r.solved
    assert r.cost == math.inf and r.solution is None
    assert "no solution graph" in str(r)


def test_the_result_is_told_in_chinese_when_the_language_is_chinese():
    solved = ao_star(course_example(), "n0")
    unsolvable = ao_star(AndOrGraph.from_rules("a -> b, c\na -> d\nb -> e\nterminals: c"), "a")
    set_language("zh")
    try:
        said = str(solved), str(unsolvable)
    finally:
        set_language(None)
    assert said == (
        "AO* 用 4 个循环解决了 n0：费用 5，n0 → n5, n4; n5 → n7, n8; n4 → n8",
        "AO* 没有找到从 a 出发的解图（经过了 4 个循环）",
    )
    assert str(solved).startswith("AO* solved n0 in 4 cycles: cost 5")


def test_a_finite_futility_value():
    g = AndOrGraph.from_rules("a -> b\na -> c cost 50\nterminals: c")
    assert ao_star(g, "a", futility=100).cost == 50
    assert ao_star(g, "a", futility=40).status == "unsolvable"
    assert ao_star(g, "a", futility=40).q["b"] == 40


@pytest.mark.parametrize(
    "rules",
    [
        "a -> a",
        "a -> b\nb -> a",
        "a -> b, c\nb -> t\nc -> d\nd -> c, t\nterminals: t",
        "a -> b\nb -> c\nc -> d\nd -> b\nd -> t\nterminals: t",
    ],
)
def test_a_cycle_stops_ao_star_with_a_clear_error(rules):
    g = AndOrGraph.from_rules(rules)
    with pytest.raises(CyclicGraphError, match="closes the cycle") as caught:
        ao_star(g, "a")
    cycle = caught.value.cycle
    assert cycle[0] == cycle[-1]
    for tail, head in itertools.pairwise(cycle):
        assert head in g.children(tail)


def test_a_cycle_ao_star_never_reaches_is_no_problem():
    g = AndOrGraph.from_rules("a -> t\na -> b, c cost 9\nb -> c\nc -> b\nterminals: t")
    assert ao_star(g, "a").cost == 1


def test_an_infinite_implicit_graph_stops_at_the_cycle_limit():
    r = ao_star(lambda n: [(n + 1,), (n + 2, n + 3)], 0, h=lambda n: 0, max_cycles=50)
    assert r.status == "limit" and r.cycles == 50 and "limit" in str(r)


def test_start_node_errors():
    g = course_example()
    with pytest.raises(AndOrError, match="not in the graph"):
        ao_star(g, "n42")
    with pytest.raises(AndOrError, match="no start node"):
        ao_star(lambda n: [], None)
    with pytest.raises(AndOrError, match="AO\\* searches"):
        ao_star(42, "n0")
    with pytest.raises(AndOrError, match="not with a graph"):
        ao_star(g, "n0", h={"n0": 1})


def test_the_start_defaults_to_the_graph_s():
    assert ao_star(course_example()).start == "n0"


def test_a_problem_giving_a_wrong_connector_is_reported():
    class Broken:
        def connectors_of(self, node):
            return [Connector("someone else", ("x",))]

        def is_terminal(self, node):
            return False

        def heuristic(self, node):
            return 0

    with pytest.raises(AndOrError, match="connector"):
        ao_star(Broken(), "a")


def test_snapshots_can_be_switched_off():
    r = ao_star(course_example(), "n0", snapshots=False)
    assert r.snapshots == () and r.cost == 5


def test_revise_is_the_textbook_step_11():
    a, b = Connector("m", ("x",)), Connector("m", ("y", "y"), cost=1)
    assert revise([a, b], {"x": 5, "y": 2}, set()) == (5, b, False)
    assert revise([a, b], {"x": 4, "y": 2}, {"x"}) == (5, a, True)  # tie: the first listed
    assert revise([], {}, set()) == (math.inf, None, False)


def test_the_node_taken_from_s_never_has_a_descendant_in_s(monkeypatch):
    """Step 10, checked literally with networkx at every removal from S."""
    searches = []
    original_init = aostar_module.AOStar.__init__

    def init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        searches.append(self)

    original_pop = aostar_module._NodeSet.pop_last
    checked = []

    def pop_last(node_set):
        m = original_pop(node_set)
        explicit = searches[-1].G
        assert not (explicit.descendants(m) & node_set.members), f"{m} has a descendant in S"
        checked.append(m)
        return m

    monkeypatch.setattr(aostar_module.AOStar, "__init__", init)
    monkeypatch.setattr(aostar_module._NodeSet, "pop_last", pop_last)
    for seed in range(200):
        g = random_graph(seed, 12, span=4)
        ao_star(g.with_h(monotone_heuristic(g, seed)), "n0")
    assert len(checked) > 500


# ------------------------------------------------- brute force on random graphs
def check_against_brute_force(graph: AndOrGraph, optimal: bool) -> None:
    r = ao_star(graph, "n0")
    best = optimal_solution_graph(graph, "n0")
    if best is None:
        assert r.status == "unsolvable" and r.solution is None
        return
    assert r.solved
    assert solution_graph_problems(graph, r.solution) == []
    assert r.solution.cost == r.cost  # q(s) is the cost of the solution graph returned
    if optimal:
        assert r.cost == best.cost
    else:
        assert r.cost >= best.cost


graph_seeds = st.integers(0, 2**32 - 1)
sizes = st.integers(1, 8)


@settings(max_examples=3000, deadline=None)
@given(seed=graph_seeds, nodes=sizes, h_seed=st.integers(0, 1000))
def test_with_monotone_admissible_h_ao_star_finds_the_optimum(seed, nodes, h_seed):
    g = random_graph(seed, nodes)
    check_against_brute_force(g.with_h(monotone_heuristic(g, h_seed)), optimal=True)


@settings(max_examples=1000, deadline=None)
@given(seed=graph_seeds, nodes=sizes)
def test_with_h_zero_ao_star_finds_the_optimum(seed, nodes):
    check_against_brute_force(random_graph(seed, nodes), optimal=True)


@settings(max_examples=1000, deadline=None)
@given(seed=graph_seeds, nodes=sizes, h_seed=st.integers(0, 1000))
def test_with_an_inadmissible_h_ao_star_still_returns_a_solution_graph(seed, nodes, h_seed):
    g = random_graph(seed, nodes)
    check_against_brute_force(g.with_h(overestimating_heuristic(g, h_seed)), optimal=False)


@settings(max_examples=300, deadline=None)
@given(seed=graph_seeds, nodes=st.integers(2, 12), h_seed=st.integers(0, 1000))
def test_snapshots_are_consistent(seed, nodes, h_seed):
    g = random_graph(seed, nodes, span=5)
    g = g.with_h(monotone_heuristic(g, h_seed))
    r = ao_star(g, "n0")
    previous = None
    for k, snap in enumerate(r.snapshots):
        assert snap.cycle == k
        assert set(snap.q) == set(snap.nodes)
        assert snap.partial.root == "n0"
        # G′ follows the marks from n0; its leaves are unexpanded, terminal or futile
        for leaf in snap.partial.leaves:
            assert leaf not in snap.expanded_nodes or snap.q[leaf] == math.inf
        if previous is not None:
            assert previous.solved <= snap.solved
            assert set(previous.nodes) <= set(snap.nodes)
            # with a monotone h, q never goes down
            assert all(snap.q[n] >= previous.q[n] for n in previous.nodes)
        previous = snap
    assert len(r.snapshots) == r.cycles + 1
    # each cycle expands a node not expanded before (so a graph of n nodes takes at most
    # n cycles: the AO* explorer relies on it to step every cycle in the page)
    assert len(set(r.expansions)) == r.cycles <= len(g)


def test_the_explicit_graph_is_a_networkx_dag_with_connector_nodes():
    r = ao_star(course_example(), "n0")
    assert nx.is_directed_acyclic_graph(r.graph.digraph)
    kinds = nx.get_node_attributes(r.graph.digraph, "kind")
    assert sum(kind == "connector" for kind in kinds.values()) == 8


def test_snapshots_past_the_limit_stop_with_the_size_and_a_way_out(monkeypatch):
    monkeypatch.setattr(aostar_module, "SNAPSHOT_LIMIT", 20)
    with pytest.raises(AndOrError, match="snapshots=False") as caught:
        ao_star(course_example(), "n0")
    assert "SNAPSHOT_LIMIT is 20" in str(caught.value) and "nodes in G" in str(caught.value)
    assert ao_star(course_example(), "n0", snapshots=False).cost == 5


def test_a_progress_bar_on_request_and_none_by_default(capsys):
    ao_star(course_example(), "n0", progress=True)
    assert "AO* cycles" in capsys.readouterr().err
    ao_star(course_example(), "n0")
    ao_star(course_example(), "n0", progress=False)
    assert capsys.readouterr().err == ""


def test_results_and_snapshots_are_read_only():
    r = ao_star(course_example(), "n0")
    with pytest.raises(AttributeError):
        r.cost = 0
    with pytest.raises(TypeError):
        r.q["n0"] = 0
    with pytest.raises(TypeError):
        r.snapshots[1].q["n0"] = 0
    with pytest.raises(AttributeError):
        r.snapshots[1].cycle = 7
    assert isinstance(r.snapshots, tuple) and isinstance(r.expansions, tuple)
