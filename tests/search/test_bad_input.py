"""Malformed input to the searches: each case ends in a named SearchError or the right answer."""

from __future__ import annotations

import math
import sys

import pytest

from coursekit.errors import CoursekitError
from coursekit.games import MAX, MIN, ConnectFour, GameTree, Grundy, GrundyState, Pig, TicTacToe
from coursekit.search import (
    SearchError,
    alphabeta,
    aspiration,
    dual_star,
    engine,
    expectiminimax,
    human,
    iterative_deepening,
    mcts,
    minimax,
    minimax_two_phase,
    mtdf,
    negamax,
    play,
    pvs,
    quiescent,
    score_interval,
    solve,
    sss_star,
    ucb1,
)
from coursekit.search.core import Search
from coursekit.search.match import MatchEngine, match
from coursekit.search.minimax import _minimax_with_stack, _recursive_minimax
from coursekit.search.registry import get
from coursekit.search.transposition import TranspositionTable

TREE = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
T3 = TicTacToe()
C4 = ConnectFour()
PONS_L3_R1_1 = "2252576253462244111563365343671351441"  # Pons' Test_L3_R1, line 1


class NoKey:
    """A game without the optional key(): symmetry cannot be asked of it."""

    initial = "A"

    def __init__(self):
        self.tree = TREE

    def __getattr__(self, name):
        if name == "key":
            raise AttributeError(name)
        return getattr(self.tree, name)


class HalfChance:
    """A game that says where chance moves but not what can happen."""

    initial = "A"

    def __getattr__(self, name):
        return getattr(TREE, name)

    def is_chance(self, state):
        return False


def two_engines():
    return (engine(), engine())


BAD = {
    "minimax None": (lambda: minimax(None), "game must follow the Game protocol"),
    "minimax 42": (lambda: minimax(42), "game must follow the Game protocol"),
    "minimax a class": (lambda: minimax(TicTacToe), "not the class TicTacToe"),
    "minimax state 'Z'": (lambda: minimax(TREE, state="Z"), "state 'Z' is not a position"),
    "minimax state 3": (lambda: minimax(TREE, state=3), "state must be a position"),
    "minimax state board": (lambda: minimax(T3, state="x........"), "state must be a position"),
    "minimax depth -1": (lambda: minimax(TREE, depth=-1), "depth must be 0 or more"),
    "minimax depth 2.5": (lambda: minimax(TREE, depth=2.5), "depth must be a whole number"),
    "minimax depth True": (lambda: minimax(TREE, depth=True), "depth must be a whole number"),
    "minimax depth '3'": (lambda: minimax(TREE, depth="3"), "depth must be a whole number"),
    "minimax depth, no e(p)": (lambda: minimax(Grundy(7), depth=1), "evaluate"),
    "minimax evaluate 3": (lambda: minimax(T3, depth=1, evaluate=3), "evaluate must be"),
    "minimax order list": (lambda: minimax(TREE, order=[1, 2]), "order must be"),
    "minimax cutoff str": (lambda: minimax(TREE, cutoff="deep"), "cutoff must be"),
    "minimax symmetry, no key": (lambda: minimax(NoKey(), symmetry=True), "symmetry"),
    "two-phase None": (lambda: minimax_two_phase(None), "game must follow"),
    "two-phase state": (lambda: minimax_two_phase(TREE, state="Z"), "state 'Z'"),
    "solve None": (lambda: solve(None), "game must follow"),
    "solve board text": (lambda: solve(T3, state="x........"), "state must be a position"),
    "solve Grundy state": (
        lambda: solve(T3, state=GrundyState((3,), MAX)),
        "state must be a position",
    ),
    "solve tree state": (lambda: solve(TREE, state="Z"), "state 'Z'"),
    "solve symmetry, no key": (lambda: solve(NoKey(), symmetry=True), "symmetry"),
    "solve fastest 'yes'": (lambda: solve(T3, fastest="yes"), "fastest must be True or False"),
    "solve fastest, no score": (lambda: solve(T3, fastest=True), "needs a game that scores"),
    "solve Connect Four unreachable": (
        lambda: solve(C4, C4.from_moves(PONS_L3_R1_1)).value_of(C4.from_moves("2")),
        "cannot be reached from the solved position",
    ),
    "solution unreachable": (
        lambda: solve(TREE, "B").value_of("C"),
        "cannot be reached from the solved position",
    ),
    "play players None": (lambda: play(TREE, None), "players must be"),
    "play one player": (lambda: play(TREE, [engine()]), "players must be"),
    "play missing MIN": (lambda: play(TREE, {MAX: engine()}), "no player given for MIN"),
    "play player 3": (lambda: play(TREE, {MAX: 3, MIN: engine()}), r"players\[MAX\] must be"),
    "play max_moves -1": (lambda: play(TREE, two_engines(), max_moves=-1), "max_moves must be"),
    "play max_moves 2.5": (lambda: play(TREE, two_engines(), max_moves=2.5), "max_moves"),
    "play illegal move": (lambda: play(TREE, (lambda g, s: "Z", engine())), "chose 'Z'"),
    "play state": (lambda: play(TREE, two_engines(), state="Z"), "state 'Z'"),
    "engine depth": (lambda: play(T3, (engine(depth=-2), engine())), "depth must be 0"),
    "expectiminimax None": (lambda: expectiminimax(None), "game must follow the Game protocol"),
    "expectiminimax depth": (lambda: expectiminimax(Pig(), depth=-1), "depth must be 0"),
    "expectiminimax no outcomes": (
        lambda: expectiminimax(HalfChance()),
        "has is_chance but no chance_outcomes",
    ),
    "mcts None": (lambda: mcts(None), "game must follow the Game protocol"),
    "mcts playouts": (lambda: mcts(T3, playouts=-3), "playouts must be"),
    "ucb1 visits": (lambda: ucb1(1, 0, 10), "visits must be a whole number"),
    "ucb1 parent": (lambda: ucb1(1, 2, True), "parent_visits must be a whole number"),
    "score_interval points": (lambda: score_interval(5, 4), "points must be a number between"),
    "score_interval z": (lambda: score_interval(1, 4, z=0), "z must be a number > 0"),
    "engine options": (
        lambda: MatchEngine("e", search="MCTS (UCT)", options=[("playouts", 5)]),
        "options must map keyword names",
    ),
    "match with dice": (
        lambda: match(
            Pig(),
            MatchEngine("a", search="expectiminimax"),
            MatchEngine("b", search="expectiminimax"),
        ),
        "matches are between deterministic games",
    ),
    "registry name": (lambda: get("minimaxx"), "no search algorithm called 'minimaxx'"),
    "registry unhashable": (lambda: get(["minimax"]), "no search algorithm called"),
    # chapters 4-6: what an evaluation or an order callback returns is checked
    "alphabeta e(p) NaN": (
        lambda: alphabeta(T3, depth=2, evaluate=lambda s: math.nan),
        r"evaluate \(.*\) returned nan, .* never NaN.* the state TicTacToeState\(x=1, o=2\):\nx o",
    ),
    "alphabeta game.evaluate NaN": (
        lambda: alphabeta(NanEvaluation(), depth=2),
        r"game.evaluate \(.*\) returned nan",
    ),
    "iterative deepening e(p) NaN": (
        lambda: iterative_deepening(T3, max_depth=3, evaluate=lambda s: math.nan),
        "returned nan, but an evaluation must return a number",
    ),
    "negamax e(p) NaN": (
        lambda: negamax(T3, depth=2, evaluate=lambda s: math.nan),
        "returned nan",
    ),
    "alphabeta e(p) str": (
        lambda: alphabeta(T3, depth=2, evaluate=lambda s: "1"),
        r"evaluate must return a number .* it returned '1' \(str\) for the state TicTacToe",
    ),
    "alphabeta e(p) None": (
        lambda: alphabeta(T3, depth=2, evaluate=lambda s: None),
        r"evaluate must return a number .* it returned None",
    ),
    "negamax e(p) None": (
        lambda: negamax(T3, depth=2, evaluate=lambda s: None),
        "evaluate must return a number",
    ),
    "alphabeta order one argument": (
        lambda: alphabeta(T3, depth=2, order=lambda actions: actions),
        r"order must be a function order\(state, actions\)",
    ),
    "alphabeta order returns a generator": (
        lambda: alphabeta(T3, depth=2, order=lambda s, actions: (a for a in actions)),
        r"order\(state, actions\) must return the actions .* \(a list\)",
    ),
    "alphabeta order returns None": (
        lambda: alphabeta(T3, depth=2, order=lambda s, actions: None),
        r"order\(state, actions\) must return the actions .* it returned None",
    ),
    "iterative deepening order one argument": (
        lambda: iterative_deepening(T3, max_depth=2, order=lambda actions: actions),
        r"order must be a function order\(state, actions\)",
    ),
    "alphabeta cutoff one argument": (
        lambda: alphabeta(T3, depth=2, cutoff=lambda state: False),
        r"cutoff must be a function cutoff\(state, ply\)",
    ),
    "quiescent noisy=5": (lambda: quiescent(T3, noisy=5), "noisy must be a function"),
    "quiescent evaluate=5": (
        lambda: quiescent(T3, evaluate=5, noisy=lambda s: []),
        "evaluate must be a function",
    ),
    "table size 10**12": (
        lambda: TranspositionTable(size=10**12),
        r"size=1,000,000,000,000 slots would need about 8 TB .* MAX_TABLE_SIZE",
    ),
    # a search that would not finish in a lifetime is refused up front, with the way out
    "alphabeta whole Connect Four": (
        lambda: alphabeta(ConnectFour()),
        r"no depth limit .* nodes in the game tree .* years\). Pass depth=",
    ),
    "iterative deepening, no limit": (
        lambda: iterative_deepening(ConnectFour()),
        r"iterative_deepening\(ConnectFour.* no depth limit .* seconds=",
    ),
    "negamax whole Connect Four": (lambda: negamax(ConnectFour()), r"negamax\(ConnectFour"),
    "pvs whole Connect Four": (lambda: pvs(ConnectFour()), r"pvs\(ConnectFour.* force=True"),
    "mtdf whole Connect Four": (lambda: mtdf(ConnectFour()), r"mtdf\(ConnectFour"),
    "aspiration whole Connect Four": (lambda: aspiration(ConnectFour()), "no depth limit"),
    "iterative deepening, seconds=inf": (
        lambda: iterative_deepening(ConnectFour(), seconds=math.inf),
        "no depth limit",
    ),
    # minimax prunes nothing: 4×4 Connect Four (about 10⁸ nodes, minutes) is refused too
    "minimax whole 4×4 Connect Four": (
        lambda: minimax(ConnectFour(4, 4)),
        r"minimax\(ConnectFour\(rows=4, cols=4, k=4\)\) .* minimax visits every one .* force=True",
    ),
    "minimax whole Connect Four": (lambda: minimax(ConnectFour()), r"minimax\(ConnectFour.* years"),
    "sss_star whole Connect Four": (lambda: sss_star(ConnectFour()), r"sss_star\(ConnectFour"),
    "dual_star whole Connect Four": (lambda: dual_star(ConnectFour()), r"dual_star\(ConnectFour"),
    "solve five in a line on 6×7": (
        lambda: solve(ConnectFour(k=5)),
        r"solve\(ConnectFour\(rows=6, cols=7, k=5\)\) .* even in the best move order .* force=True",
    ),
    "solve force='yes'": (lambda: solve(T3, force="yes"), "force must be True or False"),
}


class NanEvaluation(TicTacToe):
    """Tic-tac-toe whose own e(p) says NaN."""

    def evaluate(self, state):
        return math.nan


@pytest.mark.timeout(30)
@pytest.mark.parametrize("name", list(BAD))
def test_bad_input_is_named(name):
    call, pattern = BAD[name]
    with pytest.raises(SearchError, match=pattern):
        call()


@pytest.mark.timeout(60)
def test_small_whole_games_and_force_are_searched():
    """The up-front estimate lets tic-tac-toe through, and force=True anything."""
    assert alphabeta(T3).value == 0
    assert iterative_deepening(T3, seconds=math.inf).value == 0
    assert alphabeta(ConnectFour(rows=3, cols=3, k=3), force=True).value == 0
    assert minimax(T3).value == 0  # 549,946 nodes: allowed
    assert sss_star(ConnectFour(3, 4)).value == dual_star(ConnectFour(3, 4)).value == 0
    assert solve(ConnectFour(4, 4)).value == solve(T3).value == 0
    assert minimax(ConnectFour(3, 3, k=3), force=True).value == 0


def test_solve_stops_connect_four_at_the_node_limit(monkeypatch):
    """Connect Four's solver cannot be judged up front: it stops after SEARCH_LIMIT nodes."""
    monkeypatch.setattr(sys.modules["coursekit.search.solve"], "SEARCH_LIMIT", 1_000)
    hard = ConnectFour().from_moves("32164625")  # Pons' L1_R1: about 50,000 positions
    with pytest.raises(SearchError, match=r"stopped after SEARCH_LIMIT = 1,000 positions"):
        solve(ConnectFour(), hard)
    assert solve(ConnectFour(), hard, force=True).value == math.inf  # x to move wins
    easy = ConnectFour().from_moves("5554224333234511764415115")  # Pons' L2_R1, line 1
    assert solve(ConnectFour(), easy, fastest=True).value == -4  # 30 nodes: under the limit


def test_a_nan_evaluation_is_caught_wherever_it_appears():
    """Only one position evaluates to NaN, deep in the tree: still named, with that position."""
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    evaluate = {"A": 0, "B": 1, "C": 2, "D": math.nan}.get
    with pytest.raises(SearchError, match=r"returned nan, .* for the state 'D'"):
        alphabeta(tree, depth=1, evaluate=evaluate)


def test_search_errors_are_coursekit_errors():
    assert issubclass(SearchError, CoursekitError)
    with pytest.raises(KeyError):  # old callers catching KeyError keep working
        solve(TREE, "B").value_of("C")
    with pytest.raises(KeyError):
        get("nope")


# --- deep trees: searched, not refused ------------------------------------------------------


def chain(depth: int) -> GameTree:
    """A tree ``depth`` levels deep: at every level one leaf and one deeper subtree."""
    return GameTree.from_spec("[" * depth + "1, 2" + "], 0" * (depth - 1) + "]")


def reference_value(tree: GameTree) -> float:
    """Minimax by hand, bottom up over the levels (no recursion at all)."""
    value = {}
    for label in reversed(tree.labels):
        kids = tree.children(label)
        if not kids:
            value[label] = tree.leaf_value(label)
        else:
            pick = max if tree.player(label) is MAX else min
            value[label] = pick(value[k] for k in kids)
    return value[tree.initial]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("depth", [999, 1_500, 3_000])
@pytest.mark.parametrize("search", [minimax, minimax_two_phase])
def test_deep_trees_are_searched(depth, search):
    tree = chain(depth)
    limit = sys.getrecursionlimit()
    r = search(tree)
    assert r.value == reference_value(tree)
    assert r.stats.nodes == len(tree) and r.stats.leaves == len(tree.leaves)
    assert r.stats.depth == depth
    assert sys.getrecursionlimit() == limit


@pytest.mark.timeout(60)
@pytest.mark.parametrize("seed", range(5))
def test_the_explicit_stack_form_traces_as_the_recursive_form(seed):
    """The form that takes over past the recursion limit: same nodes, line and events."""
    tree = GameTree.random(branching=(1, 3), depth=5, seed=seed, root=MIN if seed % 2 else MAX)
    for options in ({}, {"trace": True}):
        a = _recursive_minimax(Search(tree, **options))
        b = _minimax_with_stack(Search(tree, **options))
        assert (a.value, a.pv, a.stats.nodes, a.stats.leaves, a.stats.depth) == (
            b.value, b.pv, b.stats.nodes, b.stats.leaves, b.stats.depth,
        )  # fmt: skip
        assert (a.trace is None and b.trace is None) or list(a.trace) == list(b.trace)


@pytest.mark.timeout(60)
def test_deep_search_traces_every_node():
    tree = chain(1_200)
    r = minimax(tree, trace=True)
    inner = len(tree) - len(tree.leaves)
    assert len(r.trace) == 2 * inner + len(tree.leaves)  # enter + exit, or one leaf event
    assert r.trace.evaluated_leaves() == list(tree.leaves)
    assert r.pv == minimax(tree).pv


@pytest.mark.timeout(60)
def test_deep_labelled_chain_is_solved_without_touching_the_recursion_limit():
    spec = {f"n{i}": [f"n{i + 1}", f"v{i}"] for i in range(4_000)}
    spec |= {f"v{i}": (-1) ** i for i in range(4_000)} | {"n4000": 5}
    tree = GameTree.from_labelled(spec)
    limit = sys.getrecursionlimit()
    exact = solve(tree)
    assert sys.getrecursionlimit() == limit
    assert exact.value == minimax(tree).value == reference_value(tree)
    assert len(exact.pv) >= 1 and exact.move == exact.pv[0]


@pytest.mark.timeout(60)
def test_solve_does_not_change_the_recursion_limit():
    limit = sys.getrecursionlimit()
    solve(Grundy(40))
    assert sys.getrecursionlimit() == limit


# --- the GameTree crash of play(..., human(...)) --------------------------------------------


def test_a_person_can_play_on_a_game_tree():
    shown, answers = [], iter(["Z", "C"])  # first an illegal answer, then a good one
    record = play(TREE, {MAX: human(ask=lambda _: next(answers), show=shown.append), MIN: engine()})
    assert record.moves == ["C", "C1"] and record.utility == 2
    assert shown[0] == "A" and "'Z' is not a legal move here." in shown


@pytest.mark.parametrize(("heaps", "value"), [((2, 5), 1), ((0, 5), 1), ((1, 2), -1)])
def test_unsorted_grundy_positions_are_solved_right(heaps, value):
    assert solve(Grundy(5), GrundyState(heaps, MAX)).value == value
