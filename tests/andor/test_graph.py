"""The AND/OR graph model: connectors, the networkx structure, special cases."""

from __future__ import annotations

import math

import networkx as nx
import pytest

from coursekit.andor import AndOrGraph, Connector, CyclicGraphError
from coursekit.andor.errors import AndOrError
from coursekit.andor.examples import course_example


def test_a_k_connector_costs_k_unless_given():
    assert Connector("n0", ("n5", "n4")).cost == 2
    assert Connector("n0", ("n1",)).cost == 1
    assert Connector("n0", ("n1",), 7).cost == 7


@pytest.mark.parametrize("cost", [0, -1, float("inf"), float("nan")])
def test_a_connector_cost_must_be_positive_and_finite(cost):
    with pytest.raises(AndOrError, match="positive"):
        Connector("a", ("b",), cost)


def test_a_connector_needs_successors_and_a_numeric_cost():
    with pytest.raises(AndOrError, match="at least one successor"):
        Connector("a", ())
    with pytest.raises(AndOrError, match="must be a number"):
        Connector("a", ("b",), "3")


def test_every_connector_is_a_node_of_the_networkx_digraph():
    g = course_example()
    d = g.digraph
    for connector in g.connectors:
        assert d.nodes[connector]["kind"] == "connector"
        assert list(d.predecessors(connector)) == [connector.parent]
        assert set(d.successors(connector)) == set(connector.successors)
    assert len(g.connectors) == 12
    assert d.number_of_nodes() == len(g.nodes) + len(g.connectors)


def test_a_successor_named_twice_is_kept_twice_and_counted_on_the_edge():
    g = AndOrGraph.from_rules("6 -> 3, 3\n3 -> 2, 1")
    (connector,) = g.connectors_of("6")
    assert connector.successors == ("3", "3") and connector.k == 2 and connector.cost == 2
    assert g.digraph.edges[connector, "3"]["count"] == 2
    assert g.children("6") == ["3"]


def test_repeated_connectors_and_names_are_refused():
    g = AndOrGraph()
    g.add_connector("a", ["b", "c"], name="R1")
    with pytest.raises(AndOrError, match="repeats"):
        g.add_connector("a", ["c", "b"])
    with pytest.raises(AndOrError, match="two connectors are named R1"):
        g.add_connector("b", ["c"], name="R1")
    g.add_connector("a", ["b", "b"])  # a different multiset is a different connector
    assert len(g.connectors_of("a")) == 2


def test_descendants_parents_and_topological_order_come_from_the_structure():
    g = course_example()
    assert g.descendants("n4") == {"n5", "n6", "n7", "n8"}
    assert set(g.parents("n5")) == {"n0", "n2", "n3", "n4"}
    order = g.topological_order()
    for connector in g.connectors:
        for successor in connector.successors:
            assert order.index(connector.parent) < order.index(successor)


def test_cycles_are_found_and_named():
    g = AndOrGraph.from_rules("a -> b, c\nb -> d\nd -> a\nc -> e")
    assert not g.is_acyclic()
    cycle = g.find_cycle()
    assert cycle[0] == cycle[-1] and set(cycle) == {"a", "b", "d"}
    with pytest.raises(CyclicGraphError, match="cycle"):
        g.topological_order()
    assert course_example().find_cycle() is None


def test_special_cases_ordinary_digraph_and_tree():
    assert AndOrGraph.from_rules("a -> b\na -> c\nb -> c").is_ordinary_digraph()
    assert not course_example().is_ordinary_digraph()
    assert AndOrGraph.from_rules("a -> b, c\nb -> d\nc -> e, f").is_tree()
    assert not AndOrGraph.from_rules("a -> b, c\nb -> d\nc -> d").is_tree()


def test_h_and_terminals():
    g = course_example()
    assert g.h["n2"] == 4 and g.heuristic("n6") == 2
    assert g.terminals == {"n7", "n8"}
    with pytest.raises(AndOrError, match="not in the graph"):
        g.set_h({"n99": 1})
    with pytest.raises(AndOrError, match="finite number ≥ 0, got -1"):
        g.set_h({"n1": -1})
    with pytest.raises(AndOrError, match="finite number ≥ 0, got '2'"):
        g.set_h({"n1": "2"})
    with pytest.raises(AndOrError, match=r"h\(n1\) must be a finite number ≥ 0, got ∞"):
        g.set_h({"n1": math.inf})  # the rule text refuses ∞ too
    changed = g.with_h({"n1": 9})
    assert changed.h["n1"] == 9 and g.h["n1"] == 2
    assert changed != g and changed.with_h({"n1": 2}) == g


def test_copy_is_equal_and_independent():
    g = course_example()
    c = g.copy()
    assert c == g
    c.add_connector("n8", ["n7"])
    assert c != g
    assert isinstance(g.digraph, nx.DiGraph)
