"""Chance trees: what is typed is what is played."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.games import MAX, MIN, ChanceTree


def test_players_alternate_over_decision_nodes_only():
    tree = ChanceTree.from_nested([((0.5, [1, 2]), (0.5, [3, 4])), 5], root=MAX)
    assert tree.to_move(()) is MAX and tree.kind(()) == "MAX"
    assert tree.is_chance((0,)) and tree.kind((0,)) == "chance"
    assert tree.to_move((0, 1)) is MIN  # chance took no turn
    assert tree.kind((1,)) == "leaf" and tree.utility((1,), MIN) == -5
    assert list(tree.actions((0, 0))) == [0, 1] and tree.result((0, 0), 1) == (0, 0, 1)
    assert len(tree) == 9 and tree.states[0] == ()


@given(st.integers(0, 10**6), st.integers(0, 4))
@settings(max_examples=100, deadline=None)
def test_random_trees_are_well_formed(seed, depth):
    tree = ChanceTree.random(depth, branching=3, outcomes=3, chance=0.5, leaf=0.2, seed=seed)
    for s in tree.states:
        assert len(s) <= depth
        if tree.is_chance(s):
            outcomes = tree.chance_outcomes(s)
            assert sum(p for _, p in outcomes) == 1 and all(
                isinstance(p, Fraction) for _, p in outcomes
            )
            assert 2 <= len(outcomes) <= 3 and tree.actions(s) == range(0)
        elif tree.is_terminal(s):
            assert -9 <= tree.utility(s) <= 9 and tree.actions(s) == range(0)
        else:
            assert 1 <= len(tree.actions(s)) <= 3
    again = ChanceTree.random(depth, branching=3, outcomes=3, chance=0.5, leaf=0.2, seed=seed)
    assert again.to_nested() == tree.to_nested()
    assert ChanceTree(tree.to_nested()).states == tree.states
    assert tree.map_values(lambda v: v).to_nested() == tree.to_nested()
