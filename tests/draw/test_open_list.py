"""SSS*'s and DUAL*'s OPEN list under each step of the tree picture matches the search's trace."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.draw.open_list import MOST_STATES, open_list_text, states_text
from coursekit.draw.trees import draw_search
from coursekit.games import GameTree
from coursekit.search import LEAF, alphabeta, dual_star, sss_star
from coursekit.search.sss_star import OpenEntry

COURSE_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def open_line(result, k):
    """The OPEN line of the caption of step ``k`` of the picture."""
    caption = draw_search(result, k).caption
    first, _, second = caption.partition("\n")
    assert first.startswith(f"{result.algorithm}: step {k} of {len(result.trace)}")
    return second


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 3),
    st.integers(1, 3),
    st.integers(0, 10**6),
    st.sampled_from(["random", "best", "worst"]),
    st.sampled_from([sss_star, dual_star]),
)
def test_each_step_shows_open_as_the_trace_leaves_it(branching, depth, seed, order, search):
    tree = GameTree.random(branching=branching, depth=depth, seed=seed, order=order)
    r = search(tree, trace=True)
    steps, events = r.trace.steps, r.trace.events
    # the steps that draw an event, in order: one per event of the trace
    drawn = [i for i, s in enumerate(steps) if s.case in ("Γ1", "Γ2", "Γ3")]
    assert len(drawn) == len(events)
    for k in range(1, len(events) + 1):
        line = open_line(r, k)
        last = (drawn[k] if k < len(drawn) else len(steps)) - 1
        event = events[k - 1]
        # the event's own case comes first: a leaf evaluated (Γ1) at the leaf drawn
        own = steps[drawn[k - 1]]
        assert line.startswith(f"OPEN after {own.case} at {own.node}")
        assert (own.case == "Γ1") == (event.kind == LEAF)
        assert own.node == r.trace.name(event.path)
        assert line.endswith(": " + states_text(steps[last].open))
    assert open_line(r, 0) == f"OPEN: ({tree.initial}, live, {'∞' if search is sss_star else '-∞'})"


def test_the_course_tree_ends_with_the_root_solved_at_its_value():
    r = sss_star(GameTree.from_nested(COURSE_TREE), trace=True)
    assert open_line(r, len(r.trace)).endswith(f": (A, solved, {r.value})")


def test_a_long_open_list_is_cut():
    wide = MOST_STATES + 3
    r = sss_star(GameTree.from_nested([[i, i + 1] for i in range(wide)]), trace=True)
    line = open_line(r, 1)  # the root opened: every child LIVE
    assert line.endswith("… (3 more)") and line.count("live") == MOST_STATES
    entries = [OpenEntry(f"N{i}", "live", 3) for i in range(MOST_STATES + 4)]
    assert states_text(entries).endswith("… (4 more)")
    assert states_text(entries).count("(N") == MOST_STATES


@pytest.mark.parametrize("search", [alphabeta])
def test_other_searches_show_no_open_list(search):
    r = search(GameTree.from_nested(COURSE_TREE), trace=True)
    assert open_list_text(r, 3) == ""
    assert "\n" not in draw_search(r, 3).caption
