"""The registry says what each algorithm takes and gives; every consumer asks it.

The walk below names no algorithm: each entry must appear in exactly the
consumers its capabilities call for, so a new registration lands in the right
places by itself (and a test registration of each kind checks the rules too).
"""

import pytest

from coursekit.draw.traces import DRAWERS, drawer_for
from coursekit.errors import CoursekitError
from coursekit.games import ChanceTree, GameTree, Pig, TicTacToe
from coursekit.search import minimax, registry
from coursekit.search.core import SearchError
from coursekit.search.match import MatchEngine
from coursekit.search.registry import (
    CHANCE,
    DETERMINISTIC,
    TRACE_KINDS,
    algorithms,
    get,
    register,
)
from coursekit.widgets.algorithm_comparison import AlgorithmComparison
from coursekit.widgets.tree_explorer import TreeExplorer, node_counts

TREE = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def check_consumers() -> None:
    """Every entry is where its capabilities put it, and nowhere else."""
    explorer = TreeExplorer(TREE)
    chance_explorer = TreeExplorer(ChanceTree.from_nested([((0.5, 1), (0.5, [2, 3])), 4]))
    counts = node_counts(GameTree.from_spec(TREE))
    comparison = AlgorithmComparison(TREE)
    game = TicTacToe()
    almost_over = game.parse("XX. / OO. / ...")
    for name, algorithm in algorithms().items():
        plays_trees = DETERMINISTIC in algorithm.games
        assert (name in [value for _, value in explorer.algorithm.options]) == (
            algorithm.trace == "tree" and plays_trees
        ), name
        assert (name in [value for _, value in chance_explorer.algorithm.options]) == (
            algorithm.trace == "tree" and CHANCE in algorithm.games
        ), name
        assert (name in counts) == (algorithm.exact and plays_trees), name
        assert (name in comparison.counts) == (algorithm.exact and plays_trees), name
        # the match runner takes every algorithm, with the options it declares
        depth = 2 if algorithm.depth else None
        engine = MatchEngine(name, search=name, depth=depth)
        if plays_trees:
            assert engine.think(game, almost_over).move == 2, name
        if not algorithm.depth:
            with pytest.raises(SearchError, match="takes no depth limit"):
                MatchEngine(name, search=name, depth=2)
        if CHANCE not in algorithm.games:
            with pytest.raises(SearchError, match="does not play chance games"):
                engine.think(Pig(target=2, turns=1), Pig(target=2, turns=1).initial)
        if algorithm.clock:
            clocked = MatchEngine(name, search=name, seconds=0.05)
            assert clocked.think(game, almost_over).move == 2, name
        # a step-through draws it by its trace kind (one table in draw/, no names)
        if algorithm.trace is not None:
            assert drawer_for(algorithm.trace) is DRAWERS[algorithm.trace], name


def test_every_entry_is_in_the_consumers_its_capabilities_call_for():
    check_consumers()


def register_kinds():
    """One test entry of each kind the consumers tell apart."""

    @register("test: exact tree search", chapter=99)
    def exact(game, state=None, **options):
        return minimax(game, state, **options)

    @register(
        "test: anytime", chapter=99, depth=False, clock=True, evaluation=False,
        trace="mcts", exact=False,
    )  # fmt: skip
    def anytime(game, state=None, *, seconds=None, trace=False):
        return minimax(game, state)

    @register("test: chance only", chapter=99, games=(CHANCE,), trace=None)
    def chance_only(game, state=None, **options):
        return minimax(game, state, **options)

    return ["test: exact tree search", "test: anytime", "test: chance only"]


def test_test_entries_of_every_kind_land_where_they_declare():
    names = register_kinds()
    try:
        check_consumers()
        assert "test: anytime" not in node_counts(GameTree.from_spec(TREE))
        assert "test: exact tree search" in [v for _, v in TreeExplorer(TREE).algorithm.options]
    finally:
        for name in names:
            del registry._REGISTRY[name]


def test_the_defaults_are_the_depth_first_searches():
    minimax_entry = get("minimax")
    assert (minimax_entry.depth, minimax_entry.clock, minimax_entry.evaluation) == (
        True,
        False,
        True,
    )
    assert (minimax_entry.trace, minimax_entry.exact) == ("tree", True)
    assert minimax_entry.games == {DETERMINISTIC}


def test_chapter_7_entries_declare_themselves():
    uct = get("MCTS (UCT)")
    assert (uct.depth, uct.clock, uct.evaluation, uct.trace, uct.exact) == (
        False,
        True,
        False,
        "mcts",
        False,
    )
    assert get("expectiminimax").games == {CHANCE}  # offered for dice; on others it is minimax


def test_filters():
    assert set(algorithms(exact=False)) == {n for n, a in algorithms().items() if not a.exact}
    assert "expectiminimax" in algorithms(game_kind=CHANCE)
    assert "minimax" not in algorithms(game_kind=CHANCE)
    assert "MCTS (UCT)" in algorithms(trace="mcts") and "MCTS (UCT)" in algorithms(depth=False)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"trace": "pictures"}, "trace must be one of"),
        ({"games": ("dice",)}, "games must name some of"),
        ({"games": ()}, "games must name some of"),
    ],
)
def test_a_registration_with_an_unknown_kind_is_refused(options, message):
    with pytest.raises(SearchError, match=message):
        register("test: bad", chapter=99, **options)


def test_every_trace_kind_has_a_picture_and_no_other():
    assert set(DRAWERS) == {kind for kind in TRACE_KINDS if kind is not None}
    with pytest.raises(CoursekitError, match="no picture steps through"):
        drawer_for(None)
