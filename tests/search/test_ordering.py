"""Move ordering: arrange keeps the moves, puts the hints first, sorts the rest by history."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from coursekit.search import History, Killers
from coursekit.search.ordering import arrange

moves = st.lists(st.integers(0, 9), min_size=1, max_size=8, unique=True)
hint = st.one_of(st.none(), st.integers(0, 12))


@given(moves, hint, hint, st.lists(st.tuples(st.integers(0, 9), st.integers(1, 5))), st.booleans())
def test_arrange_is_a_permutation_with_legal_hints_first(actions, pv_move, table_move, credits, me):
    killers, history = Killers(), History()
    for move, depth in credits:
        killers.add(3, move)
        history.add(me, move, depth)
    order = arrange(actions, me, 3, pv_move=pv_move, table_move=table_move, killers=killers,
                    history=history)  # fmt: skip
    assert sorted(order) == sorted(actions)
    hints = [m for m in (pv_move, table_move, *killers.at(3)) if m in actions]
    front = list(dict.fromkeys(hints))
    assert order[: len(front)] == front
    rest = order[len(front) :]
    scores = [history.score(me, m) for m in rest]
    assert scores == sorted(scores, reverse=True)


@given(moves)
def test_nothing_to_go_by_keeps_the_games_order(actions):
    assert arrange(actions, True, 0) == actions


def test_killers_keep_the_two_latest_distinct_moves_per_ply():
    k = Killers()
    for move in "abcb":
        k.add(1, move)
    assert k.at(1) == ["b", "c"] and k.at(2) == []


def test_history_weighs_deep_searches_more_and_sides_apart():
    h = History()
    h.add(True, "a", 1)
    h.add(True, "b", 3)
    h.add(False, "a", 5)
    assert h.score(True, "b") > h.score(True, "a") and h.score(False, "a") == 25
    h.add(True, "c", float("inf"))
    assert h.score(True, "c") == 1
