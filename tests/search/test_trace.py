"""The Trace / Stats / SearchResult contract that every later algorithm follows."""

from __future__ import annotations

import pytest

from coursekit.games import MAX, MIN, GameTree
from coursekit.search import CUTOFF, ENTER, EXIT, LEAF, Stats, Trace, algorithms, minimax
from coursekit.search.registry import get


def handmade_trace():
    """A trace as an α-β search of [[3, 12], [2, 4]] would record it (C2 is pruned)."""
    tree = GameTree.from_nested([[3, 12], [2, 4]])
    t = Trace(name=tree.path_label)
    t.add(ENTER, (), MAX, None, float("-inf"), float("inf"))
    t.add(ENTER, ("B",), MIN, None, float("-inf"), float("inf"))
    t.add(LEAF, ("B", "B1"), MAX, 3)
    t.add(LEAF, ("B", "B2"), MAX, 12)
    t.add(EXIT, ("B",), MIN, 3)
    t.add(ENTER, ("C",), MIN, None, 3, float("inf"))
    t.add(LEAF, ("C", "C1"), MAX, 2)
    t.add(CUTOFF, ("C",), MIN, 2, 3, 2, pruned=("C2",))
    t.add(EXIT, ("C",), MIN, 2)
    t.add(EXIT, (), MAX, 3)
    return t


def test_questions_a_trace_answers():
    t = handmade_trace()
    assert t.evaluated_leaves() == ["B1", "B2", "C1"]
    assert t.pruned() == ["C2"]
    assert t.visited() == ["A", "B", "B1", "B2", "C", "C1"]
    assert t.values() == {"B1": 3, "B2": 12, "B": 3, "C1": 2, "C": 2, "A": 3}
    assert t.children() == {
        (): [("B",), ("C",)],
        ("B",): [("B", "B1"), ("B", "B2")],
        ("B", "B1"): [],
        ("B", "B2"): [],
        ("C",): [("C", "C1")],
        ("C", "C1"): [],
    }


def test_slices_and_steps():
    t = handmade_trace()
    assert len(t) == 10 and len(t.upto(4)) == 4 and len(t.upto(99)) == 10 and len(t.upto(-3)) == 0
    assert isinstance(t[2:5], Trace) and t[2:5].evaluated_leaves() == ["B1", "B2"]
    assert t[0].kind == ENTER and t[2].depth == 2


def test_snapshots_show_provisional_and_final_values():
    t = handmade_trace()
    after_first_leaf = t.snapshot(3)
    assert after_first_leaf[("B",)].status == "open"
    assert after_first_leaf[("B",)].value == 3  # the best child so far
    assert after_first_leaf[()].value is None
    after_b = t.snapshot(5)
    assert after_b[("B",)].status == "done" and after_b[()].value == 3
    at_cutoff = t.snapshot(8)
    assert at_cutoff[("C", "C2")].status == "pruned"
    assert at_cutoff[("C", "C2")].player is MAX
    assert (at_cutoff[("C",)].alpha, at_cutoff[("C",)].beta) == (3, 2)
    final = t.snapshot()
    assert final[()].status == "done" and final[()].value == 3
    assert set(final) == {p for e in t for p in [e.path]} | {("C", "C2")}


def test_a_trace_without_running_values_shows_only_final_ones():
    events = handmade_trace().events
    t = Trace(events, handmade_trace().name, running_values=False)
    after_first_leaf = t.snapshot(3)
    assert after_first_leaf[("B",)].status == "open" and after_first_leaf[("B",)].value is None
    assert t.snapshot(5)[()].value is None  # B is done, but A has no value until it exits
    assert t.snapshot()[()].value == 3
    assert t[:4].running_values is False  # a slice keeps the setting
    assert handmade_trace().running_values is True


def test_names_default_to_paths():
    r = minimax(GameTree.from_nested([[1, 2]]), trace=True)
    assert r.trace.evaluated_leaves() == ["B1", "B2"]
    bare = Trace(r.trace.events)
    assert bare.evaluated_leaves() == [("B", "B1"), ("B", "B2")]


def test_stats_and_results_print_readably():
    assert str(Stats(nodes=1234, leaves=1000, cutoffs=3, depth=4)) == (
        "1,234 nodes, 1,000 leaves, 3 cutoffs, depth 4"
    )
    r = minimax(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    assert str(r) == "minimax: value 3, move B, pv B B1 (13 nodes, 9 leaves, depth 2)"
    assert r.stats.seconds >= 0 and r.state == "A" and r.algorithm == "minimax"


def test_a_leaf_root_has_no_move():
    r = minimax(GameTree.from_nested(5, root=MIN), trace=True)
    assert (r.value, r.move, r.pv, r.stats.nodes, r.stats.leaves) == (5, None, (), 1, 1)
    assert [e.kind for e in r.trace] == [LEAF]


def test_the_registry_lists_both_forms_of_minimax():
    names = list(algorithms())
    assert names[:2] == ["minimax", "minimax (two-phase)"]
    assert get("minimax").function is minimax and get("minimax").chapter == 3
    with pytest.raises(KeyError, match=r"no search algorithm called 'magic'.*known: minimax"):
        get("magic")
