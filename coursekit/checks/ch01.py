"""Checks for exercise set 01, game theory basics (``exercises/01_game_theory.ipynb``).

Every expected answer is computed here from the problem with coursekit's own
algorithms; hints say what is wrong, never what is right.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from coursekit.checks.common import (
    answer_text,
    answered,
    digest,
    fail,
    passed,
    require,
    require_type,
    run_cases,
    same_number,
)
from coursekit.checks.parts import Function, Value
from coursekit.checks.public.ch01 import exercise_game, rules_data
from coursekit.gametheory import NormalFormGame, SmartPigs
from coursekit.text import say

# ---------------------------------------------------------------------- the problems


# The rules of part 4 as fingerprints (salted digests, common.digest): the package that
# students import holds no model of the narrow trough to copy.
_NARROW_TROUGH_FINGERPRINTS = {
    "food": "5262c7ac6b51b6c390e9ef580bd33cac5c0d1a0322d32de972d06102bd599e37",
    "cost": "96ab53a2aeaee6187bead671ec2bfed34e6dda68f317dac350f21c05a4c42855",
    "big_share": "c8d8ad72827a8d50f206282573fb15ed31a41a356391f70ed23267caf211ad60",
    "dispenser": "82289b06c0c2c599c71eeecf0fc929be362af117c74a4f77580d3ffcdfd9bfcc",
    "head_start[0]": "f62b1a844013da4531306b5d4e0595e50eab99eb7f59e32c4e28e5e1a808d023",
    "head_start[1]": "e1b6299a206e0d21c3e4ddd13e96471e2774558dafb44e2eb402dad4841b1e13",
}


def _matches_narrow_trough(field: str, value: object) -> bool:
    try:
        return digest(value, f"01_game_theory:{field}") == _NARROW_TROUGH_FINGERPRINTS[field]
    except TypeError:
        return False


# ---------------------------------------------------------------------- part 1
def _random_matrices(rng: random.Random) -> tuple[list[list[int]], list[list[int]]]:
    m, n = rng.randint(1, 4), rng.randint(1, 4)
    A = [[rng.randint(0, 3) for _ in range(n)] for _ in range(m)]  # small numbers: ties happen
    B = [[rng.randint(0, 3) for _ in range(n)] for _ in range(m)]
    return A, B


def _profiles(value: object) -> list[tuple[int, int]] | None:
    """A student's list of outcomes as sorted (int, int) pairs, or None if it is not one."""
    try:
        return sorted((int(i), int(j)) for i, j in value)  # type: ignore[union-attr]
    except (TypeError, ValueError):
        return None


def check_pure_equilibria(pure_nash: Callable, seed: int | None = None) -> None:
    """Part 1: ``pure_nash(A, B)`` lists all pure Nash equilibria (i, j) of any game
    (``seed``: other random games, as the grader uses)."""
    answered(pure_nash)
    require(callable(pure_nash), say("ch01.not_a_function", name="pure_nash"))
    rng = random.Random(101 if seed is None else seed)
    cases = [_random_matrices(rng) for _ in range(200)]
    cases.insert(0, ([[-0.5, -10], [0, -2]], [[-0.5, 0], [-10, -2]]))  # the prisoner's dilemma
    run_cases(
        lambda A, B: pure_nash([row[:] for row in A], [row[:] for row in B]),
        lambda A, B: sorted(NormalFormGame(A, B).pure_equilibria()),
        cases,
        describe=lambda A, B: say("ch01.game_pairs", A=A, B=B),
        same=lambda got, want: _profiles(got) == want,
    )
    passed()


# ---------------------------------------------------------------------- part 2
def _strategy(game: NormalFormGame, label: object) -> tuple[int, int]:
    for player in (0, 1):
        if label in game.labels(player):
            return player, game.labels(player).index(label)
    fail(say("ch01.not_a_strategy", label=repr(label)))


def check_elimination(steps: object) -> None:
    """Part 2: the strategies removed by iterated elimination of strictly dominated strategies,
    in an order in which each one is strictly dominated when it is removed."""
    answered(steps)
    require(isinstance(steps, (list, tuple)), say("ch01.steps_list"))
    game = exercise_game()
    rows, cols = list(range(3)), list(range(3))
    for k, label in enumerate(steps, start=1):
        player, index = _strategy(game, label)
        left = rows if player == 0 else cols
        require(index in left, say("ch01.already_removed", k=k, label=repr(label)))
        removable = {
            (d.player, d.strategy) for d in game.dominated(strict=True, rows=rows, cols=cols)
        }
        require(
            (player, index) in removable,
            say("ch01.not_dominated", k=k, label=repr(label)),
        )
        left.remove(index)
    require(
        not game.dominated(strict=True, rows=rows, cols=cols),
        say("ch01.keep_eliminating"),
    )
    passed()


# ---------------------------------------------------------------------- part 3
def _outcomes(game: NormalFormGame, value: object, what: str) -> set[tuple[int, int]]:
    answered(value)
    require(
        isinstance(value, (list, tuple, set, frozenset)),
        say("ch01.outcomes_list", what=what),
    )
    found = set()
    for pair in value:
        require(
            isinstance(pair, (list, tuple)) and len(pair) == 2,
            say("ch01.not_a_pair", pair=answer_text(pair), what=what),
        )
        require(
            pair[0] in game.row_labels and pair[1] in game.col_labels,
            say("ch01.unknown_labels", pair=answer_text(pair), what=what),
        )
        found.add((game.row_labels.index(pair[0]), game.col_labels.index(pair[1])))
    return found


def check_optima(pareto: object, collective: object) -> None:
    """Part 3: the Pareto-optimal outcomes and the collective optimum of the exercise game."""
    game = exercise_game()
    mine = _outcomes(game, pareto, say("ch01.pareto"))
    expected = set(game.pareto_optimal())
    require(
        mine <= expected,
        say("ch01.not_pareto"),
    )
    require(mine == expected, say("ch01.pareto_missing"))
    best = _outcomes(game, collective, say("ch01.collective"))
    require(
        best == set(game.collective_optimum()),
        say("ch01.not_collective"),
    )
    passed()


# ---------------------------------------------------------------------- part 4
def check_pigs_variant(rules: object, press_probabilities: object) -> None:
    """Part 4: the smart-pigs model of the narrow trough, and how often each pig presses."""
    answered(rules)
    require_type(rules, SmartPigs, "rules")
    for name in ("food", "cost", "big_share", "dispenser"):
        require(
            _matches_narrow_trough(name, getattr(rules, name)),
            say("ch01.rule_wrong", what=say(f"ch01.rule.{name}")),
        )
    for pig, name in ((0, "big"), (1, "small")):
        require(
            _matches_narrow_trough(f"head_start[{pig}]", rules.head_start[pig]),
            say(f"ch01.head_start.{name}"),
        )
    # the model is the right one: the equilibrium comes from a fresh copy of it
    wanted = SmartPigs(
        rules.food, rules.cost, tuple(rules.head_start), rules.big_share, rules.dispenser
    )
    answered(press_probabilities)
    require(
        isinstance(press_probabilities, (list, tuple)) and len(press_probabilities) == 2,
        say("ch01.two_numbers"),
    )
    [equilibrium] = wanted.game().mixed_equilibria()
    expected = (equilibrium.p[0], equilibrium.q[0])  # strategy 0 is "press"
    try:
        given = [float(x) for x in press_probabilities]
    except (TypeError, ValueError):
        fail(say("ch01.probabilities"))
    if all(x in (0.0, 1.0) for x in given):
        fail(say("ch01.no_pure"))
    for x, e, name in zip(given, expected, ("big", "small"), strict=True):
        require(
            same_number(x, e),
            say(f"ch01.press.{name}"),
        )
    passed()


# ---------------------------------------------------------------------- part 5
def _mixed_only_games(count: int, seed: int) -> list[tuple[list[list[int]], list[list[int]]]]:
    """Random 2×2 games whose only equilibrium is completely mixed (like matching pennies)."""
    rng = random.Random(seed)
    games: list[tuple[list[list[int]], list[list[int]]]] = []
    while len(games) < count:
        A = [[rng.randint(-9, 9) for _ in range(2)] for _ in range(2)]
        B = [[rng.randint(-9, 9) for _ in range(2)] for _ in range(2)]
        game = NormalFormGame(A, B)
        if not game.pure_equilibria() and not game.is_degenerate():
            games.append((A, B))
    return games


def _probability_pair(value: object) -> tuple[float, float] | None:
    try:
        p, q = value  # type: ignore[misc]
        return float(p), float(q)
    except (TypeError, ValueError):
        return None


def check_mixed_2x2(mixed_2x2: Callable, seed: int | None = None) -> None:
    """Part 5: ``mixed_2x2(A, B)`` returns (p, q) of a 2×2 game's completely mixed equilibrium
    (``seed``: other random games, as the grader uses)."""
    answered(mixed_2x2)
    require(callable(mixed_2x2), say("ch01.not_a_function", name="mixed_2x2"))

    def reference(A: list, B: list) -> tuple[Fraction, Fraction]:
        [e] = NormalFormGame(A, B).mixed_equilibria()
        return e.p[0], e.q[0]

    def same(got: object, want: tuple[Fraction, Fraction]) -> bool:
        pair = _probability_pair(got)
        return pair is not None and all(same_number(g, w) for g, w in zip(pair, want, strict=True))

    run_cases(
        lambda A, B: mixed_2x2([r[:] for r in A], [r[:] for r in B]),
        reference,
        _mixed_only_games(120, seed=5 if seed is None else seed),
        describe=lambda A, B: say("ch01.game_pq", A=A, B=B),
        same=same,
        diagnose=lambda got, A, B: _swapped_p_q(got, reference(A, B), A, B),
    )
    passed()


def _swapped_p_q(got: object, want: tuple[Fraction, Fraction], A: list, B: list) -> str | None:
    """The usual mistake: p and q swapped, each player mixing to make *itself* indifferent."""
    pair = _probability_pair(got)
    if pair is None or not all(same_number(g, w) for g, w in zip(pair, want[::-1], strict=True)):
        return None
    return say("ch01.swapped", A=A, B=B)


# --- how the instructor's grader reads each part (see coursekit.checks.parts) ---------------


def _rules_model(value: object) -> object:
    """A fresh SmartPigs from ``public.ch01.rules_data`` (in the grader); other values unchanged."""
    if isinstance(value, dict) and set(value) == {"SmartPigs"}:
        return SmartPigs(**value["SmartPigs"])
    return value


EXERCISE = "01_game_theory"
PARTS = {
    1: Function("pure_nash", check_pure_equilibria, forbidden=("coursekit.gametheory.",)),
    2: Value(("steps",), check_elimination, by_hand=True),
    3: Value(("pareto", "collective"), check_optima, by_hand=True),
    4: Value(
        ("rules", "press_probabilities"),
        check_pigs_variant,
        encode=rules_data,
        decode=_rules_model,
    ),
    5: Function("mixed_2x2", check_mixed_2x2, forbidden=("coursekit.gametheory.",)),
}
