"""Malformed input to the games: each case ends in a named error or in the right answer.

A case is (call, error type, a pattern the message must contain). The pattern
names the argument, so an error from deep inside (a bare TypeError, KeyError,
RecursionError) or one that does not say what was wrong fails the test.
"""

from __future__ import annotations

import random

import pytest

from coursekit.errors import CoursekitError
from coursekit.games import (
    MAX,
    MIN,
    ChanceTree,
    ConnectFour,
    GameTree,
    GameTreeError,
    Grundy,
    GrundyState,
    Pig,
    TicTacToe,
    TicTacToeState,
    sprague_grundy,
    tree_size,
)
from coursekit.games.base import GameError
from coursekit.games.zobrist import HashedState, ZobristTable
from coursekit.search import solve

TREE = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
T3 = TicTacToe()
C4 = ConnectFour(rows=4, cols=5, k=4)
G7 = Grundy(7)
Z3 = TicTacToe(hashing="zobrist")
Z4 = ConnectFour(rows=4, cols=5, k=4, hashing="zobrist")
PIG = Pig(target=6, turns=2)

BAD = {
    # GameTree.random: every argument
    "random branching 2.5": (lambda: GameTree.random(branching=2.5), "branching must be"),
    "random branching True": (lambda: GameTree.random(branching=True), "branching must be"),
    "random branching (3,)": (lambda: GameTree.random(branching=(3,)), "branching must be"),
    "random branching 0": (lambda: GameTree.random(branching=0), "branching must be"),
    "random branching (3, 2)": (lambda: GameTree.random(branching=(3, 2)), "branching: the range"),
    "random depth -1": (lambda: GameTree.random(depth=-1), "depth must be"),
    "random depth 2.0": (lambda: GameTree.random(depth=2.0), "depth must be"),
    "random depth 10**9": (lambda: GameTree.random(branching=1, depth=10**9), "depth must be"),
    "random order": (lambda: GameTree.random(order="sorted"), "order must be one of"),
    "random values floats": (lambda: GameTree.random(values=(0.5, 2)), "values must be"),
    "random values 5": (lambda: GameTree.random(values=5), "values must be"),
    "random values (3, 1)": (lambda: GameTree.random(values=(3, 1)), "values: the range"),
    "random seed 1.5": (lambda: GameTree.random(seed=1.5), "seed must be"),
    "random root 'MAX'": (lambda: GameTree.random(root="MAX"), "root must be MAX or MIN"),
    "random too big": (lambda: GameTree.random(branching=10**6, depth=2), "with branching"),
    # GameTree.from_spec: the text typed into the explorer
    "spec 42": (lambda: GameTree.from_spec(42), "text must be a string"),
    "spec None": (lambda: GameTree.from_spec(None), "text must be a string"),
    "spec empty": (lambda: GameTree.from_spec("  "), "the text is empty"),
    "spec unclosed": (lambda: GameTree.from_spec("[[1, 2]"), "never closed"),
    "spec semicolon": (lambda: GameTree.from_spec("[[1; 2]]"), "ASCII comma"),
    "spec full-width semicolon": (lambda: GameTree.from_spec("[[1；2]]"), "ASCII comma"),
    "spec full-width parenthesis": (lambda: GameTree.from_spec("（1，2）"), "square brackets"),
    "spec parentheses": (lambda: GameTree.from_spec("(1, 2)"), "square brackets"),
    "spec 1e400": (lambda: GameTree.from_spec("[1e400, 2]"), "too large"),
    "spec 400 digits": (lambda: GameTree.from_spec(f"[{'9' * 400}, 2]"), "too large"),
    "spec nan": (lambda: GameTree.from_spec("[nan, 2]"), "'nan' is not a number"),
    "spec trailing text": (lambda: GameTree.from_spec("[[1, 2]] x"), "after the end"),
    "spec empty list": (lambda: GameTree.from_spec("[[], [1]]"), "empty list"),
    "spec too deep": (
        lambda: GameTree.from_spec("[" * 10_001 + "1" + "]" * 10_001),
        "levels deep",
    ),
    "spec root 'MAX'": (lambda: GameTree.from_spec("[1, 2]", root="MAX"), "root must be"),
    # each from_spec message names the problem and where it is
    "spec braces": (lambda: GameTree.from_spec("{1, 2}"), "column 1: found a brace"),
    "spec missing comma": (
        lambda: GameTree.from_spec("[[1, 2],\n [3, 4]\n [5, 6]]"),
        "line 3, column 2: expected ',' or ']' but found '\\[': a comma is missing",
    ),
    "spec two commas": (
        lambda: GameTree.from_spec("[[1, 2],, [3]]"),
        "column 9: a child is missing before this ','",
    ),
    "spec comma first": (lambda: GameTree.from_spec("[, 1]"), "column 2: a child is missing"),
    "spec unclosed says where": (
        lambda: GameTree.from_spec("[[1, 2], [3"),
        "column 12: the list opened at line 1, column 10 is never closed: add a ']'",
    ),
    "spec one ] too many": (
        lambda: GameTree.from_spec("[1, 2]]"),
        "column 7: unexpected ']' after the end of the tree: one ']' too many",
    ),
    # other constructors
    "nested bool leaf": (lambda: GameTree.from_nested([[1, True]]), r"spec\[0\]\[1\]"),
    "nested str leaf": (lambda: GameTree.from_nested([[1, "2"]]), "is not a number"),
    "nested root_label 3": (lambda: GameTree.from_nested([1, 2], root_label=3), "root_label"),
    "labelled list": (lambda: GameTree.from_labelled([1, 2]), "labelled spec"),
    "labelled unknown": (lambda: GameTree.from_labelled({"S": ["A"]}), "unknown label 'A'"),
    "labelled cycle": (
        lambda: GameTree.from_labelled({"S": ["A", 1], "A": ["S"]}, root_label="S"),
        "cycle",
    ),
    "json 42": (lambda: GameTree.from_json(42), "text must be a JSON string"),
    "json broken": (lambda: GameTree.from_json("{"), "not valid JSON"),
    "json root": (lambda: GameTree.from_json('{"root": "both", "tree": [1]}'), '"root" must'),
    # a tree as a game
    "tree parse unknown": (lambda: TREE.parse("Z"), "no node 'Z'"),
    "tree parse 3": (lambda: TREE.parse(3), "text must be a node label"),
    "tree result": (lambda: TREE.result("A", "Z"), "'Z' is not a child of A"),
    "tree utility inner": (lambda: TREE.utility("A"), "A is not a leaf"),
    "tree to_move unknown": (lambda: TREE.to_move("Z"), "no node 'Z'"),
    "tree actions unknown": (lambda: TREE.actions("Z"), "no node 'Z'"),
    "tree children list": (lambda: TREE.children(["A"]), "no node"),
    "tree_size b 2.5": (lambda: tree_size(2.5, 3), "b must be"),
    "tree_size m -1": (lambda: tree_size(2, -1), "m must be"),
    # Grundy's game
    "Grundy 0": (lambda: Grundy(0), "whole number of coins"),
    "Grundy '7'": (lambda: Grundy("7"), "whole number of coins"),
    "Grundy first": (lambda: Grundy(7, first="MIN"), "first must be MAX or MIN"),
    "GrundyState negative": (lambda: GrundyState((2, -1), MAX), "heaps must be"),
    "GrundyState float": (lambda: GrundyState((2.5,), MAX), "heaps must be"),
    "GrundyState str": (lambda: GrundyState("75", MAX), "heaps must be"),
    "GrundyState to_move": (lambda: GrundyState((7,), "MAX"), "to_move must be"),
    "Grundy pair": (lambda: G7.result(G7.initial, (7, 4)), "action must be a split"),
    "Grundy text": (lambda: G7.result(G7.initial, "7-4-3"), "action must be a split"),
    "Grundy bad split": (lambda: G7.result(G7.initial, (7, 4, 4)), "does not split heap 7"),
    "sprague_grundy 2.5": (lambda: sprague_grundy(2.5), "heaps must be"),
    "sprague_grundy '7'": (lambda: sprague_grundy("7"), "heaps must be"),
    "sprague_grundy True": (lambda: sprague_grundy(True), "heaps must be"),
    "sprague_grundy -1": (lambda: sprague_grundy(-1), "heaps must be"),
    "sprague_grundy (3, 'x')": (lambda: sprague_grundy((3, "x")), "heaps must be"),
    "sprague_grundy huge": (lambda: sprague_grundy(10**7), "the limit is"),
    # tic-tac-toe
    "ttt cell 9": (lambda: T3.result(T3.initial, 9), "cell 9"),
    "ttt cell True": (lambda: T3.result(T3.initial, True), "cell True"),
    "ttt cell 2.0": (lambda: T3.result(T3.initial, 2.0), "cell 2.0"),
    "ttt cell '4'": (lambda: T3.result(T3.initial, "4"), "cell '4'"),
    "ttt parse 42": (lambda: T3.parse(42), "text must be a board"),
    "ttt parse short": (lambda: T3.parse("x.."), "a board has 3 rows"),
    "ttt parse counts": (lambda: T3.parse("xxx/xx./..."), "cannot happen"),
    "ttt utility": (lambda: T3.utility(T3.initial), "not over yet"),
    "ttt check": (lambda: T3.check(TicTacToeState(-1, 0)), "state must be"),
    # Connect Four
    "c4 rows 0": (lambda: ConnectFour(rows=0), "rows must be"),
    "c4 cols 2.5": (lambda: ConnectFour(cols=2.5), "cols must be"),
    "c4 k True": (lambda: ConnectFour(k=True), "k must be"),
    "c4 rows 100": (lambda: ConnectFour(rows=100), "rows and cols must be at most"),
    "c4 k 9": (lambda: ConnectFour(rows=4, cols=5, k=9), "nobody can get 9"),
    "c4 move True": (lambda: C4.result(C4.initial, True), "column True"),
    "c4 move 2.0": (lambda: C4.result(C4.initial, 2.0), "column 2.0"),
    "c4 move -1": (lambda: C4.result(C4.initial, -1), "column -1"),
    "c4 parse 42": (lambda: C4.parse(42), "text must be a board"),
    "c4 parse rows": (lambda: C4.parse("....."), "the board has 4 rows"),
    "c4 from_moves 42": (lambda: C4.from_moves(42), "moves must be a string"),
    "c4 from_moves column 6": (lambda: C4.from_moves("336"), "move 3 .'6'. is not a column"),
    "c4 from_moves full": (lambda: C4.from_moves("11111"), "column 1 is full"),
    "c4 from_moves over": (lambda: C4.from_moves("12121212"), "after the end of the game"),
    "c4 to_moves impossible": (
        lambda: C4.to_moves(C4.parse("xo...\nxo...\nxo...\nxo...")),
        "no sequence of moves",
    ),
    "c4 score unfinished": (lambda: C4.score(C4.initial), "not over yet"),
    # Zobrist hashing
    "ttt hashing 'zorbist'": (lambda: TicTacToe(hashing="zorbist"), "hashing must be"),
    "c4 hashing True": (lambda: ConnectFour(hashing=True), "hashing must be"),
    "hashed ttt plain state": (lambda: Z3.result(T3.initial, 4), "state must be a HashedState"),
    "hashed ttt move 9": (lambda: Z3.result(Z3.initial, 9), "cell 9"),
    "hashed ttt wrong hash": (lambda: Z3.check(HashedState(1, 0, 7)), "not the Zobrist hash"),
    "hashed ttt check plain": (lambda: Z3.check(T3.initial), "state must be a HashedState"),
    "hashed c4 plain state": (lambda: Z4.result(C4.initial, 0), "state must be a HashedState"),
    "hashed c4 move 2.0": (lambda: Z4.result(Z4.initial, 2.0), "column 2.0"),
    "zobrist squares 0": (lambda: ZobristTable(squares=0), "squares must be"),
    "zobrist seed 1.5": (lambda: ZobristTable(squares=9, seed=1.5), "seed must be"),
    "zobrist board -1": (lambda: ZobristTable(squares=9).hash_of(-1, 0), "max_pieces must be"),
    "zobrist board big": (lambda: ZobristTable(9).hash_of(0, 1 << 9), "min_pieces must be"),
    # chance trees and Pig (chapter 7)
    "chance tree 'x'": (lambda: ChanceTree(["x"]), "must be a number, a list"),
    "chance tree empty list": (lambda: ChanceTree([1, []]), "has no children"),
    "chance tree sum": (lambda: ChanceTree(((0.5, 1), (0.4, 2))), "add up to 0.9"),
    "chance tree negative": (lambda: ChanceTree(((1.5, 1), (-0.5, 2))), "bad probability"),
    "chance tree bool": (lambda: ChanceTree(((True, 1),)), "bad probability"),
    "chance tree not pairs": (lambda: ChanceTree(((1, 2, 3),)), "probability, child"),
    "chance tree root": (lambda: ChanceTree([1, 2], root="MAX"), "root must be MAX or MIN"),
    "chance tree no node": (lambda: ChanceTree([1, 2]).result((), 5), "no node"),
    "chance tree leaf of inner": (lambda: ChanceTree([1, 2]).utility(()), "not a leaf"),
    "chance random depth": (lambda: ChanceTree.random(-1), "depth must be"),
    "chance random chance": (lambda: ChanceTree.random(2, chance=2), "chance must be"),
    "chance random big": (lambda: ChanceTree.random(40, branching=3), "smaller tree"),
    "pig target 1": (lambda: Pig(target=1), "target must be"),
    "pig turns 0": (lambda: Pig(turns=0), "turns must be"),
    "pig turns 1.5": (lambda: Pig(turns=1.5), "turns must be"),
    "pig move": (lambda: PIG.result(PIG.initial, "jump"), "'roll' or 'hold'"),
    "pig face 7": (lambda: PIG.result(PIG.result(PIG.initial, "roll"), 7), "1 … 6"),
    "pig utility unfinished": (lambda: PIG.utility(PIG.initial), "not over"),
}


@pytest.mark.timeout(20)
@pytest.mark.parametrize("name", list(BAD))
def test_bad_input_is_named(name):
    call, pattern = BAD[name]
    with pytest.raises(CoursekitError, match=pattern) as caught:
        call()
    assert isinstance(caught.value, GameError) or "spec" in name or "tree" in name


# --- input that looks wrong but has a right answer --------------------------------------------


@pytest.mark.timeout(20)
@pytest.mark.parametrize(
    ("heaps", "mover_wins"),
    [((2, 5), True), ((0, 5), True), ((5, 2, 0), True), ((1, 2, 7), False), ((0, 0), False)],
)
def test_grundy_heaps_in_any_order_are_sorted(heaps, mover_wins):
    """Unsorted heaps and empty heaps once passed for finished games; now they are normalised."""
    state = GrundyState(heaps, MAX)
    assert list(state.heaps) == sorted((h for h in heaps if h), reverse=True)
    value = solve(Grundy(7), state).value  # MAX moves: +1 when MAX (the mover) wins
    assert (value == 1) == mover_wins
    assert mover_wins == (sprague_grundy(tuple(heaps)) != 0)


def test_replace_normalises_too():
    assert G7.initial._replace(heaps=(1, 2, 4)).heaps == (4, 2, 1)
    with pytest.raises(GameError, match="heaps must be"):
        G7.initial._replace(heaps=(1, -2))


@pytest.mark.timeout(20)
@pytest.mark.parametrize(
    ("text", "nested"),
    [
        ("［［3，12］，［2，4］］", [[3, 12], [2, 4]]),  # full-width brackets and commas
        ("[[３, －１２], [2、4]]", [[3, -12], [2, 4]]),  # full-width digits, minus, 、
        ("[[3,\u300012], [2, 4]]", [[3, 12], [2, 4]]),  # an ideographic space
        ("【1，2】", [1, 2]),
    ],
)
def test_full_width_punctuation_is_understood(text, nested):
    assert GameTree.from_spec(text).to_nested() == nested


def test_full_width_errors_keep_their_columns():
    with pytest.raises(GameTreeError, match="line 1, column 8: 'x' is not a number"):
        GameTree.from_spec("［［3，12，x］］")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("[[3, 12, 8], [2, 4\n", "line 1, column 19: the list opened at line 1, column 14"),
        ("[[3, 12, 8], [2, 4,\n\n", "line 1, column 20: expected a number"),
        ("[[3, 12],\n [2, x]]\n", "line 2, column 6: 'x' is not a number"),
    ],
)
def test_a_tree_typed_then_enter_is_wrong_where_its_text_is(text, where):
    with pytest.raises(GameTreeError, match=where):
        GameTree.from_spec(text)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("depth", [1_000, 1_500, 5_000])
def test_deep_nested_text_reads_writes_and_walks(depth):
    text = "[" * depth + "1, 2" + "]" * depth
    tree = GameTree.from_spec(text)
    assert tree.height == depth and len(tree) == depth + 2
    assert GameTree.from_spec(tree.to_spec()) == tree
    assert tree.to_spec().replace(" ", "") == text.replace(" ", "")  # (== on lists would recurse)
    assert GameTree.from_json(tree.to_json()) == tree


@pytest.mark.timeout(30)
def test_deep_labelled_chains_are_read():
    spec = {f"n{i}": [f"n{i + 1}", f"v{i}"] for i in range(3_000)}
    spec |= {f"v{i}": i for i in range(3_000)} | {"n3000": 7}
    tree = GameTree.from_labelled(spec)
    assert tree.initial == "n0" and tree.height == 3_000
    with pytest.raises(GameTreeError, match="cycle"):
        GameTree.from_labelled(spec | {"n3000": ["n0"]}, root_label="n0")


@pytest.mark.parametrize("game", [TREE, T3, C4, G7])
def test_to_text_and_parse_are_about_one_state(game):
    state = game.result(game.initial, game.actions(game.initial)[0])
    assert game.parse(game.to_text(state)) == state


def test_ttt_full_width_board():
    assert T3.parse("ｘ．．/．ｏ．/．．．") == T3.parse("x../.o./...")


def _recursive_random(branching, depth, seed, values=(-9, 9)):
    """The recursive definition the generator had before it used a stack (the reference)."""
    rng = random.Random(seed)

    def grow(d):
        if d == 0:
            return rng.randint(*values)
        return [grow(d - 1) for _ in range(rng.randint(*branching))]

    return grow(depth)


@pytest.mark.parametrize("seed", range(8))
def test_random_trees_keep_their_seeds(seed):
    """The explicit-stack generator draws as the recursive one did: same seed, same tree."""
    tree = GameTree.random(branching=(1, 3), depth=4, seed=seed)
    assert tree.to_nested() == _recursive_random((1, 3), 4, seed)


def test_game_errors_are_coursekit_errors():
    assert issubclass(GameError, CoursekitError) and issubclass(GameTreeError, GameError)
    with pytest.raises(KeyError):  # old callers catching KeyError still work
        TREE.children("Z")
    assert MIN is MAX.opponent
