"""Checks for exercise set 04 (α-β pruning).

Every expected answer is computed here from the problem's data with
coursekit's own :func:`~coursekit.search.alphabeta`; hints say what is wrong,
never what is right. For the α-β a student writes, the usual mistakes are
modelled by :func:`mistaken_alphabeta`: when the student's function evaluates
exactly the leaves one of these mistakes evaluates, on every tree, the hint
names that mistake. Part 5 asks which cut, α or β, prunes each pruned branch
of the decks' six-level tree (:data:`~coursekit.checks.public.ch04.DECK_TREE`);
an answer that is what a mistaken α-β prunes there gets that mistake's hint.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Hashable
from typing import Any

from coursekit.checks import ch03
from coursekit.checks.common import (
    answer_text,
    answered,
    fail,
    passed,
    require,
    require_type,
    same_number,
)
from coursekit.checks.parts import Function, Value
from coursekit.checks.public.ch04 import DECK_TREE, ORDER_TREE, TREE, describe, observe
from coursekit.games import MAX, MIN, GameTree
from coursekit.games.gametree import GameTreeError
from coursekit.search import alphabeta, reorder
from coursekit.text import say

INF = math.inf
CLASSIC = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""The course's three-branch tree."""


# --- part 1: backed-up values -----------------------------------------------------------------


def check_backed_up(tree: GameTree, values: Any, move: Any) -> None:
    """Check the minimax value of every inner node of ``tree`` and MAX's move at the root.

    The same check as exercise set 03's: α-β must agree with these values at the root.
    """
    ch03.check_backed_up(tree, values, move)


# --- part 2: which nodes α-β prunes ---------------------------------------------------------


def _below(tree: GameTree, label: str) -> set[str]:
    """``label`` and every node under it."""
    found, stack = set(), [label]
    while stack:
        node = stack.pop()
        found.add(node)
        stack.extend(tree.children(node))
    return found


def check_pruned(tree: GameTree, pruned: Collection[Hashable] | None) -> None:
    """Check the nodes a left-to-right α-β never generates on ``tree``.

    The answer must hold the top node of every pruned branch (where the course
    draws ×); it may also hold the nodes below them, which are never generated
    either. Every other node must be left out.
    """
    answered(pruned)
    require_type(pruned, (set, frozenset, list, tuple), say("ch04.your_answer"))
    answer = {str(label) for label in pruned}
    unknown = sorted(label for label in answer if label not in tree)
    require(not unknown, say("ch04.no_such_node", nodes=", ".join(unknown)))
    r = alphabeta(tree, trace=True)
    tops = set(r.trace.pruned())
    never = set().union(*(_below(tree, top) for top in tops)) if tops else set()
    generated = sorted(answer - never, key=tree.labels.index)
    if generated:
        node = generated[0]
        if tree.is_terminal(node):
            fail(say("ch04.evaluates_leaf", node=node))
        fail(say("ch04.generates_node", node=node))
    missing = sorted(tops - answer, key=tree.labels.index)
    if missing:
        fail(_missed_cut_hint(tree, r, missing[0], len(tops - answer)))
    passed()


def _missed_cut_hint(tree: GameTree, r: Any, top: str, count: int) -> str:
    """A hint for a pruned branch the answer left out, after the kind of the cut above it."""
    cut = next(c for c in r.trace.cutoffs() if top in c.pruned)
    many = say("ch04.branches.one") if count == 1 else say("ch04.branches.many", count=count)
    if cut.cause is not None and tree.depth_of(cut.cause) < tree.depth_of(cut.node) - 1:
        why = say("ch04.why.deep")
    else:
        why = say(f"ch04.why.{cut.kind}")
    return say("ch04.missed", branches=many, why=why)


# --- part 3: writing α-β ----------------------------------------------------------------------


MISTAKES = {
    "parent only": "ch04.mistake.parent_only",
    "swapped": "ch04.mistake.swapped",
    "not passed": "ch04.mistake.not_passed",
    "strict": "ch04.mistake.strict",
}
"""The usual mistakes in writing α-β, with the key of the hint each one gets (``say(key)``)."""


def mistaken_alphabeta(
    game: Any, state: Any, mistake: str, cuts: dict[Any, str] | None = None
) -> tuple[float, list[Any]]:
    """α-β written with one of the usual :data:`MISTAKES`: ``(value, leaves evaluated)``.

    ``"parent only"`` compares with the parent's bound only, ``"swapped"`` lowers
    β at MAX nodes and raises α at MIN nodes, ``"not passed"`` calls every child
    with (−∞, +∞) (the leaves of minimax), ``"strict"`` prunes only when v > β
    (v < α). ``cuts``, when given, receives every child the search never
    generates, with the kind of the cut there (``"alpha"`` below a MIN node,
    ``"beta"`` below a MAX node).

    >>> tree = GameTree.from_nested(CLASSIC)
    >>> mistaken_alphabeta(tree, tree.initial, "not passed")[1] == list(tree.leaves)
    True
    """
    if mistake not in MISTAKES:
        raise ValueError(f"mistake must be one of {', '.join(MISTAKES)}, got {mistake!r}")
    leaves: list[Any] = []
    strict = mistake == "strict"

    def stop(state: Any, skipped: list, kind: str, v: float) -> float:
        if cuts is not None:
            cuts.update((game.result(state, a), kind) for a in skipped)
        return v

    def value(state: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(state):
            leaves.append(state)
            return game.utility(state, MAX)
        at_max = game.to_move(state) is MAX
        v = -INF if at_max else INF
        actions = list(game.actions(state))
        for i, a in enumerate(actions):
            if mistake == "parent only":
                window = (v, INF) if at_max else (-INF, v)
            elif mistake == "not passed":
                window = (-INF, INF)
            else:
                window = (alpha, beta)
            w = value(game.result(state, a), *window)
            if at_max:
                v = max(v, w)
                if v > beta or (v == beta and not strict):
                    return stop(state, actions[i + 1 :], "beta", v)
                if mistake == "swapped":
                    beta = min(beta, v)
                else:
                    alpha = max(alpha, v)
            else:
                v = min(v, w)
                if v < alpha or (v == alpha and not strict):
                    return stop(state, actions[i + 1 :], "alpha", v)
                if mistake == "swapped":
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
        return v

    return value(state, -INF, INF), leaves


def random_trees(count: int = 200, seed: int = 4) -> list[GameTree]:
    """The seeded trees a student's α-β is checked on, smallest first.

    The course's tree (MAX and MIN at the root), ragged trees, trees with many
    ties (values 0 … 3), deep trees where cuts come from grandparents.
    """
    rng = random.Random(seed)
    trees = [
        GameTree.from_nested(CLASSIC),
        GameTree.from_nested(CLASSIC, root=MIN),
        GameTree.from_nested(7),
    ]
    while len(trees) < count:
        trees.append(
            GameTree.random(
                branching=rng.choice([2, 3, (1, 3), (2, 4)]),
                depth=rng.randint(1, 5),
                seed=rng.randrange(10**9),
                values=rng.choice([(-9, 9), (0, 3), (0, 20)]),
                root=rng.choice([MAX, MIN]),
            )
        )
    return sorted(trees, key=len)


def check_alphabeta_function(
    alphabeta_value: Callable[..., float] | None, seed: int | None = None
) -> None:
    """Check ``alphabeta_value(game, state, alpha, beta)`` on 200 seeded trees.

    On every tree, called with (−∞, +∞) at the root, it must return the
    minimax value and evaluate (by ``game.utility``) exactly the leaves that a
    left-to-right α-β evaluates, in the same order. ``seed``: other trees (the
    grader's hidden cases).
    """
    answered(alphabeta_value)
    require(callable(alphabeta_value), say("ch04.not_a_function"))
    check_observed_alphabeta(observe(alphabeta_value), seed=seed)


def check_observed_alphabeta(
    observed: Callable[[GameTree], tuple[Any, list]], seed: int | None = None
) -> None:
    """The judgement of :func:`check_alphabeta_function`, on what :func:`observe` saw.

    The grader calls it with a replay of the values and leaves recorded in the
    student's kernel, so it decides in its own process.
    """
    trees = random_trees() if seed is None else random_trees(seed=seed)
    answers = []
    for tree in trees:
        value, leaves = observed(tree)
        answers.append((value, list(leaves)))
    expected = []
    for tree in trees:
        r = alphabeta(tree, trace=True)
        expected.append((r.value, r.trace.evaluated_leaves()))
    if answers == expected:
        passed()
        return
    leaves = [got for _, got in answers]
    for mistake, key in MISTAKES.items():
        if leaves == [mistaken_alphabeta(t, t.initial, mistake)[1] for t in trees]:
            fail(say("ch04.mistake", hint=say(key)))
    tree, (value, got), (right_value, right) = next(
        (t, a, e) for t, a, e in zip(trees, answers, expected, strict=True) if a != e
    )
    fail(_first_difference(tree, value, got, right_value, right))


def _first_difference(
    tree: GameTree, value: Any, got: list, right_value: float, right: list
) -> str:
    """A hint about the first thing the student's search does differently on ``tree``."""
    where = describe(tree)
    if got == right:
        return say("ch04.diff.value", tree=where, value=answer_text(value))
    if not got:
        return say("ch04.diff.no_leaf", tree=where)
    for i, leaf in enumerate(got):
        if got.count(leaf) > 1:
            return say("ch04.diff.twice", tree=where, leaf=leaf)
        if i >= len(right) or leaf != right[i]:
            if leaf not in right:
                return say("ch04.diff.extra", tree=where, leaf=leaf)
            skipped = right[i]
            if skipped not in got:
                return say("ch04.diff.skipped", tree=where, leaf=skipped)
            return say("ch04.diff.order", tree=where)
    return say("ch04.diff.stops", tree=where, leaf=right[len(got)])


# --- part 5: the decks' six-level tree: which cut prunes what --------------------------------

KIND_WORDS = {"alpha": "ch04.kind.alpha", "beta": "ch04.kind.beta"}
"""The key of each kind of cut's name, as a hint says it (``say(key)``)."""
KIND_RULES = {"alpha": "ch04.rule.alpha", "beta": "ch04.rule.beta"}
"""The key of each kind of cut's rule, as a hint says it (``say(key)``)."""


def pruned_kinds(tree: GameTree) -> dict[str, str]:
    """Every node a left-to-right α-β never generates on ``tree``, with the kind of its cut.

    The top of each pruned branch and every node below it, each with ``"alpha"`` or
    ``"beta"``: the kind of the cut that pruned the branch.
    """
    kinds = {}
    for cut in alphabeta(tree, trace=True).trace.cutoffs():
        for top in cut.pruned:
            kinds.update(dict.fromkeys(_below(tree, top), cut.kind))
    return kinds


def _labels(answer: Any, what: str) -> set[str]:
    answered(answer)
    require_type(answer, (set, frozenset, list, tuple), what)
    return {str(label) for label in answer}


def check_cut_kinds(
    tree: GameTree, alpha_cut: Any, beta_cut: Any, value: Any = None, move: Any = None
) -> None:
    """Check the nodes pruned by α cuts, those pruned by β cuts, and the root's value and move.

    ``alpha_cut`` and ``beta_cut`` hold labels (a set, list or tuple): the top of
    every branch pruned by a cut of that kind (where the course draws ×); nodes
    below them may be listed too, with the same kind. ``value`` is the root's
    backed-up value and ``move`` MAX's move there (a child of the root).
    """
    alpha, beta = _labels(alpha_cut, "alpha_cut"), _labels(beta_cut, "beta_cut")
    unknown = sorted((alpha | beta) - set(tree.labels), key=str)
    require(not unknown, say("ch04.no_such_node", nodes=", ".join(unknown)))
    both = sorted(alpha & beta, key=tree.labels.index)
    if both:
        fail(say("ch04.both_sets", node=both[0]))
    r = alphabeta(tree, trace=True)
    kinds = pruned_kinds(tree)
    tops = {top: cut.kind for cut in r.trace.cutoffs() for top in cut.pruned}
    given = {**dict.fromkeys(alpha, "alpha"), **dict.fromkeys(beta, "beta")}
    if given and given == {k: _other(v) for k, v in kinds.items() if k in given}:
        fail(
            say(
                "ch04.swapped_sets",
                rule_alpha=say(KIND_RULES["alpha"]),
                rule_beta=say(KIND_RULES["beta"]),
            )
        )
    for mistake, key in (("parent only", "ch04.cuts.parent_only"), ("strict", "ch04.cuts.strict")):
        cuts: dict[Any, str] = {}
        mistaken_alphabeta(tree, tree.initial, mistake, cuts)
        theirs = {label: kind for top, kind in cuts.items() for label in _below(tree, top)}
        if theirs != kinds and set(cuts) <= set(given) and given.items() <= theirs.items():
            fail(say(key))
    generated = sorted(set(given) - set(kinds), key=tree.labels.index)
    if generated:
        node = generated[0]
        leaf = tree.is_terminal(node)
        fail(say("ch04.evaluates_leaf_uncut" if leaf else "ch04.generates_node", node=node))
    for label in sorted(given, key=tree.labels.index):
        if given[label] != kinds[label]:
            fail(
                say(
                    "ch04.wrong_kind",
                    node=label,
                    kind=say(KIND_WORDS[given[label]]),
                    rule=say(KIND_RULES[kinds[label]]),
                )
            )
    missing = sorted(set(tops) - set(given), key=tree.labels.index)
    if missing:
        fail(_missed_cut_hint(tree, r, missing[0], len(missing)))
    answered(value)
    require(same_number(value, r.value), say("ch04.root_value"))
    answered(move)
    kids = tree.children(tree.initial)
    require(move in kids, say("ch04.move_not_child", children=", ".join(kids)))
    require(move == r.move, say("ch04.move_wrong", move=move))
    passed()


def _other(kind: str) -> str:
    return "beta" if kind == "alpha" else "alpha"


# --- part 4: the best move order -------------------------------------------------------------


def _shape(nested: Any) -> Any:
    """The tree up to the order of children: equal for two orderings of the same tree."""
    if isinstance(nested, (list, tuple)):
        return tuple(sorted((_shape(kid) for kid in nested), key=repr))
    return nested


def check_best_order(tree: GameTree, ordered: Any) -> None:
    """Check that ``ordered`` (nested lists) is ``tree`` with its children reordered so that a
    left-to-right α-β evaluates as few leaves as any order allows."""
    answered(ordered)
    require_type(ordered, (list, tuple), say("ch04.your_tree"))
    try:
        mine = GameTree.from_nested(ordered, tree.root_player)
    except GameTreeError as error:
        fail(say("ch04.not_nested", error=error))
    require(_shape(mine.to_nested()) == _shape(tree.to_nested()), say("ch04.not_reordered"))
    leaves = alphabeta(mine).stats.leaves
    fewest = alphabeta(reorder(tree, "best")).stats.leaves
    if leaves <= fewest:
        passed()
        return
    if mine == reorder(tree, "worst"):
        fail(say("ch04.order.worst", leaves=leaves))
    top_only = GameTree.from_nested(
        [tree.to_nested(kid) for kid in _root_order(tree, mine)], tree.root_player
    )
    if mine == top_only and mine != tree:
        fail(say("ch04.order.root_only", leaves=leaves))
    fail(say("ch04.order.fewer", leaves=leaves))


def _root_order(tree: GameTree, mine: GameTree) -> list[str]:
    """The root's children of ``tree`` in the order ``mine`` puts their subtrees."""
    left = list(tree.children(tree.initial))
    order = []
    for kid in mine.children(mine.initial):
        match = next(
            (k for k in left if tree.to_nested(k) == mine.to_nested(kid)),
            None,
        )
        if match is None:
            return list(tree.children(tree.initial))
        left.remove(match)
        order.append(match)
    return order


# --- how the instructor's grader reads each part (see coursekit.checks.parts) ---------------

EXERCISE = "04_alphabeta"
PARTS = {
    1: Value(
        ("values", "move"),
        lambda values, move: check_backed_up(TREE, values, move),
        by_hand=True,
    ),
    2: Value(("pruned",), lambda pruned: check_pruned(TREE, pruned), by_hand=True),
    3: Function(
        "alphabeta_value",
        check_observed_alphabeta,
        adapt=observe,
        forbidden=("coursekit.search.",),
    ),
    4: Value(("ordered",), lambda ordered: check_best_order(ORDER_TREE, ordered), by_hand=True),
    5: Value(
        ("alpha_cut", "beta_cut", "deck_value", "deck_move"),
        lambda alpha_cut, beta_cut, value, move: check_cut_kinds(
            DECK_TREE, alpha_cut, beta_cut, value, move
        ),
        by_hand=True,
    ),
}
