"""Checks for exercise set 03 (game trees and minimax).

Every expected answer is computed here from the problem's data with
coursekit's own algorithms; hints say what is wrong, never what is right.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from numbers import Real
from typing import Any

from coursekit.checks.common import (
    answer_text,
    answered,
    fail,
    passed,
    require,
    require_type,
    run_cases,
    same_number,
)
from coursekit.checks.parts import Function, Value
from coursekit.games import MAX, MIN, GameTree, TicTacToe
from coursekit.search import distinct_actions, minimax
from coursekit.search.result import EXIT
from coursekit.text import say

GAME = TicTacToe()


# --- part 1: backed-up values of a given tree -------------------------------------------------


def check_backed_up(tree: GameTree, values: Mapping[str, float] | None, move: Any) -> None:
    """Check the backed-up value of every inner node of ``tree`` and the best move at its root."""
    answered(values)
    require_type(values, Mapping, say("ch03.your_values"))
    r = minimax(tree, trace=True)
    expected = {r.trace.name(e.path): e.value for e in r.trace if e.kind == EXIT}
    missing = [label for label in expected if label not in values]
    require(not missing, say("ch03.missing", missing=", ".join(missing)))
    extra = [label for label in values if label not in expected]
    require(
        not extra,
        say("ch03.extra", extra=", ".join(map(str, extra))),
    )
    for label in sorted(expected, key=lambda x: (-tree.depth_of(x), tree.labels.index(x))):
        if not same_number(values[label], expected[label]):
            fail(say(f"ch03.wrong_value.{tree.player(label)}", label=label))
    answered(move)
    require(
        move in tree.children(tree.initial),
        say("ch03.move_child", children=", ".join(tree.children(tree.initial))),
    )
    require(
        expected[move] == r.value if move in expected else tree.leaf_value(move) == r.value,
        say("ch03.wrong_move", move=move),
    )
    passed()


# --- part 2: e(p) of given boards -------------------------------------------------------------


def check_evaluations(boards: list[str], answers: list | None) -> None:
    """Check e(p) = (lines open for MAX) − (lines open for MIN), ±∞ for won boards."""
    answered(answers)
    require_type(answers, (list, tuple), say("ch03.your_answers"))
    require(len(answers) == len(boards), say("ch03.one_per_board", count=len(boards)))
    for i, (text, answer) in enumerate(zip(boards, answers, strict=True), start=1):
        state = GAME.parse(text)
        expected = GAME.evaluate(state)
        if same_number(answer, expected):
            continue
        if math.isinf(expected):
            fail(say("ch03.board_won", i=i))
        if isinstance(answer, bool) or not isinstance(answer, Real):
            fail(say("ch03.board_number", i=i, answer=answer_text(answer)))
        if same_number(answer, -expected):
            fail(say("ch03.board_sign", i=i))
        fail(say("ch03.board_wrong", i=i))
    passed()


# --- part 3: writing minimax ------------------------------------------------------------------


def random_trees(count: int = 200, seed: int | None = 3) -> list[GameTree]:
    """The seeded random trees a student's minimax is checked on (small to medium)."""
    rng = random.Random(3 if seed is None else seed)
    trees = [
        GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
        GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MIN),
        GameTree.from_nested(7),
    ]
    while len(trees) < count:
        trees.append(
            GameTree.random(
                branching=rng.choice([2, 3, (1, 3), (1, 4)]),
                depth=rng.randint(1, 5),
                seed=rng.randrange(10**9),
                values=rng.choice([(-9, 9), (0, 20)]),
                root=rng.choice([MAX, MIN]),
            )
        )
    return trees


def _all_max(tree: GameTree, label: str) -> float:
    kids = tree.children(label)
    return max(_all_max(tree, k) for k in kids) if kids else tree.leaf_value(label)


def _describe(tree: GameTree) -> str:
    text = tree.to_spec() if len(tree) <= 40 else say("ch03.random_tree", count=len(tree))
    return say("ch03.tree_to_move", tree=text, player=tree.root_player)


def check_minimax_function(
    minimax_value: Callable[[Any, Any], float], seed: int | None = None
) -> None:
    """Check ``minimax_value(game, state)`` on the course's tree, 200 random trees and
    tic-tac-toe positions near the end of the game (``seed``: others, as the grader uses)."""
    answered(minimax_value)
    require(callable(minimax_value), say("ch03.not_minimax_function"))
    cases: list[tuple[Any, Any]] = [(tree, tree.initial) for tree in random_trees(seed=seed)]
    rng = random.Random(5 if seed is None else seed + 1)
    for _ in range(20):  # tic-tac-toe: a few random moves in, then search to the end
        state = GAME.initial
        for _ in range(rng.randint(4, 6)):
            if not GAME.is_terminal(state):
                state = GAME.result(state, rng.choice(GAME.actions(state)))
        cases.append((GAME, state))
    run_cases(
        minimax_value,
        lambda game, state: minimax(game, state).value,
        cases,
        describe=lambda game, state: (
            _describe(game) if isinstance(game, GameTree) else say("ch03.a_position")
        ),
        same=same_number,
        diagnose=_wrong_minimax_value,
    )
    passed()


def _wrong_minimax_value(got: Any, game: Any, state: Any) -> str:
    """What a wrong minimax value most likely comes from."""
    if same_number(got, _value_with_mover_utility(game, state)):
        where = _describe(game) if isinstance(game, GameTree) else say("ch03.a_position")
        return say("ch03.mover_utility", where=where)
    if not isinstance(game, GameTree):
        return say("ch03.wrong_on_board", got=answer_text(got), board=GAME.to_text(state))
    if game.root_player is MIN and same_number(got, minimax(_flip(game)).value):
        return say("ch03.max_at_root", where=_describe(game))
    if same_number(got, _all_max(game, game.initial)):
        return say("ch03.all_max", where=_describe(game))
    return say("ch03.wrong_on", got=answer_text(got), where=_describe(game))


def _value_with_mover_utility(game: Any, state: Any) -> float:
    """The usual mistake: minimax with the utility for the player to move, not for MAX."""
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    values = [_value_with_mover_utility(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) is MAX else min(values)


def _flip(tree: GameTree) -> GameTree:
    return GameTree.from_nested(tree.to_nested(), tree.root_player.opponent)


# --- part 4: symmetry -------------------------------------------------------------------------


def _positions(max_moves: int = 4) -> list:
    """Every tic-tac-toe position up to ``max_moves`` moves in, once each."""
    seen = {GAME.initial}
    level = [GAME.initial]
    for _ in range(max_moves):
        next_level = []
        for state in level:
            for action in GAME.actions(state):
                child = GAME.result(state, action)
                if child not in seen:
                    seen.add(child)
                    next_level.append(child)
        level = next_level
    return list(seen)


def check_count_distinct(count_distinct: Callable[[Any], int], seed: int | None = None) -> None:
    """Check ``count_distinct(state)``: the number of different positions, up to the board's
    symmetries, that one move from ``state`` can reach (``seed``: 300 positions up to six
    moves in, as the grader uses)."""
    answered(count_distinct)
    require(callable(count_distinct), say("ch03.not_count_function"))
    if seed is None:
        positions = _positions()
    else:
        deeper = sorted(_positions(6), key=lambda s: (s.x, s.o))
        positions = random.Random(seed).sample(deeper, min(300, len(deeper)))
    positions = sorted(positions, key=lambda s: (s.x.bit_count() + s.o.bit_count(), s))
    run_cases(
        count_distinct,
        lambda state: len(distinct_actions(GAME, state, GAME.actions(state))),
        [(state,) for state in positions],
        describe=_one_line,
        diagnose=_wrong_count,
    )
    passed()


def _one_line(state: Any) -> str:
    """A board on one line, for hints that name it inside a sentence."""
    return say("ch03.position", board=" | ".join(GAME.to_text(state).splitlines()))


def _wrong_count(got: Any, state: Any) -> str:
    """What a wrong count of distinct moves most likely comes from."""
    if got == len(GAME.actions(state)):
        return say("ch03.counts_legal", board=GAME.to_text(state))
    return say("ch03.wrong_count", got=answer_text(got), board=GAME.to_text(state))


def check_symmetry_counts(counts: Mapping[int, tuple[int, int]] | None) -> None:
    """Check ``{depth: (nodes without symmetry, nodes with symmetry)}`` for depths 1–4 from the
    empty board."""
    answered(counts)
    require_type(counts, Mapping, "counts")
    require(sorted(counts) == [1, 2, 3, 4], say("ch03.count_keys"))
    for depth in (1, 2, 3, 4):
        pair = counts[depth]
        require(
            isinstance(pair, (tuple, list)) and len(pair) == 2,
            say("ch03.count_pair", depth=depth),
        )
        plain = minimax(GAME, depth=depth).stats.nodes
        reduced = minimax(GAME, depth=depth, symmetry=True).stats.nodes
        if tuple(pair) == (reduced, plain):
            fail(say("ch03.count_swapped", depth=depth))
        require(
            pair[0] == plain,
            say("ch03.count_plain", depth=depth),
        )
        require(pair[1] == reduced, say("ch03.count_reduced", depth=depth))
    passed()


# --- how the instructor's grader reads each part (see coursekit.checks.parts) ---------------

TREE = GameTree.from_nested([[[3, 17], [2, 12]], [[15, 25], [0, 2]], [[2, 5], [3, 14]]], root=MAX)
"""The tree of part 1, as the exercise notebook defines it."""

BOARDS = [
    "x . .\n. o .\n. . .",
    ". o .\n. x .\n. . .",
    "x o x\n. o .\n. . x",
    "x x x\no o .\n. . .",
]
"""The boards of part 2, as the exercise notebook defines them."""

EXERCISE = "03_minimax"
PARTS = {
    1: Value(
        ("values", "move"), lambda values, move: check_backed_up(TREE, values, move), by_hand=True
    ),
    2: Value(("e_values",), lambda e_values: check_evaluations(BOARDS, e_values), by_hand=True),
    3: Function("minimax_value", check_minimax_function, forbidden=("coursekit.search.",)),
    4: Function("count_distinct", check_count_distinct, forbidden=("coursekit.search.",)),
    5: Value(("counts",), check_symmetry_counts),
}
