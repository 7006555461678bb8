"""The dynamic topological order behind AO*'s choice from S."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.andor._toporder import CycleFound, TopologicalOrder


@settings(max_examples=500, deadline=None)
@given(
    nodes=st.integers(2, 15),
    edges=st.lists(st.tuples(st.integers(0, 14), st.integers(0, 14)), max_size=40),
)
def test_the_order_stays_topological_and_cycles_are_found(nodes, edges):
    graph = nx.DiGraph()
    order = TopologicalOrder(graph.successors, graph.predecessors)
    for node in range(nodes):
        graph.add_node(node)
        order.add_node(node)
    for tail, head in edges:
        if tail >= nodes or head >= nodes or graph.has_edge(tail, head):
            continue
        graph.add_edge(tail, head)
        try:
            order.add_edge(tail, head)
        except CycleFound as found:
            assert not nx.is_directed_acyclic_graph(graph)
            cycle = found.cycle
            assert cycle[0] == cycle[-1] == tail
            assert all(graph.has_edge(a, b) for a, b in itertools.pairwise(cycle))
            graph.remove_edge(tail, head)
            continue
        assert nx.is_directed_acyclic_graph(graph)
        position = order.position
        assert sorted(position.values()) == sorted(set(position.values()))  # all distinct
        assert all(position[a] < position[b] for a, b in graph.edges)
