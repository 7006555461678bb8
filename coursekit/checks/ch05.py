"""Checks for exercise set 05 (evaluation functions).

Every expected answer is computed here with coursekit's own chess and Connect
Four code: material with :data:`~coursekit.games.chess_game.PIECE_VALUES`,
quietness from the legal moves (captures and promotions by
:meth:`~coursekit.games.chess_game.Chess.noisy_moves`, and checks), and the
strength of an evaluation by playing a seeded :func:`~coursekit.search.match`.
Hints say what is wrong, never what is right.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from numbers import Real
from typing import Any

import chess

from coursekit.checks.common import (
    answer_text,
    answered,
    call_student,
    fail,
    passed,
    require,
    require_type,
)
from coursekit.checks.parts import Function, Value
from coursekit.checks.public.ch05 import POSITIONS, QUIET_OR_NOT
from coursekit.games import MAX, ConnectFour
from coursekit.games.chess_game import PIECE_VALUES, Chess
from coursekit.games.playout import random_line
from coursekit.search.match import MatchEngine, match
from coursekit.text import say

EXTRA_POSITIONS = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "6k1/5ppp/8/8/8/8/1B3PPP/1B4K1 w - - 0 1",
    "3qk3/8/8/8/8/8/8/2B1K1N1 b - - 0 1",
    "8/2b5/4k3/8/8/3K4/8/R7 w - - 0 1",
]
"""Positions the check adds to the notebook's: uneven bishops, lone kings, no pawns."""

MATCH_DEPTH = 2
MATCH_GAMES = 20
MATCH_SEED = 5
"""Part (b)'s match: α-β at this depth, this many games (each opening with both colours)."""


# --- part (a): material -----------------------------------------------------------------------


def side_material(fen: str) -> tuple[int, int]:
    """(White's material, Black's material) with the course's values; kings count 0."""
    board = Chess().parse(fen).board
    return tuple(  # type: ignore[return-value]
        sum(value * len(board.pieces(kind, colour)) for kind, value in PIECE_VALUES.items())
        for colour in (chess.WHITE, chess.BLACK)
    )


def _bishops(fen: str) -> tuple[int, int]:
    board = Chess().parse(fen).board
    return len(board.pieces(chess.BISHOP, chess.WHITE)), len(
        board.pieces(chess.BISHOP, chess.BLACK)
    )


def _is_pair(got: Any) -> bool:
    return (
        isinstance(got, tuple)
        and len(got) == 2
        and all(isinstance(x, Real) and not isinstance(x, bool) for x in got)
    )


def _material_mistake(answers: dict[str, Any], fen: str) -> str | None:
    """A hint naming the usual mistake behind the wrong pair for ``fen``, or ``None``.

    ``answers`` holds the student's pair for every position: a mistake is named
    only when it explains all of them (kings counted: the same surplus on each
    side everywhere; bishops: a surplus proportional to the bishops everywhere).
    """
    got = answers[fen]
    if not isinstance(got, tuple) or len(got) != 2:
        return say("ch05.not_a_pair", fen=repr(fen))
    if not _is_pair(got):
        return say("ch05.not_numbers", fen=repr(fen), got=answer_text(got))
    if got == side_material(fen)[::-1]:
        return say("ch05.swapped", fen=repr(fen))
    if not all(_is_pair(pair) for pair in answers.values()):
        return None
    whole = {f: whole_string_material(f) for f in answers}
    if any(whole[f] != side_material(f) for f in answers) and all(
        answers[f] == whole[f] for f in answers
    ):
        return say("ch05.whole_string", fen=repr(fen))
    surplus = {
        f: (pair[0] - side_material(f)[0], pair[1] - side_material(f)[1])
        for f, pair in answers.items()
    }
    if len({s for pair in surplus.values() for s in pair}) == 1:
        return say("ch05.kings", fen=repr(fen), extra=f"{surplus[fen][0]:g}")
    per_bishop = set()
    for f, (extra_w, extra_b) in surplus.items():
        for extra, count in zip((extra_w, extra_b), _bishops(f), strict=True):
            if count:
                per_bishop.add(extra / count)
            elif extra:
                per_bishop.add(math.nan)
    if len(per_bishop) == 1 and not any(math.isnan(x) for x in per_bishop):
        return say("ch05.bishops", fen=repr(fen))
    return None


def whole_string_material(fen: str) -> tuple[int, int]:
    """The usual mistake of part (a): every letter of the whole FEN string counted as a piece.

    >>> whole_string_material("4k3/8/8/8/8/8/8/4K3 b Qq - 0 1")
    (9, 12)
    """
    values = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9, "k": 0}
    white = sum(values[c.lower()] for c in fen if c.isupper() and c.lower() in values)
    black = sum(values[c] for c in fen if c.islower() and c in values)
    return white, black


def random_positions(seed: int, count: int = 20) -> list[str]:
    """``count`` positions of seeded random games, 10 to 80 plies in (FEN)."""
    rng = random.Random(seed)
    game = Chess()
    found = []
    for _ in range(count):
        state = game.initial
        for move in random_line(game, rng.randint(10, 80), rng):
            state = game.result(state, move)
        found.append(state.fen)
    return found


def check_material(
    material_count: Callable[[str], Any],
    positions: Sequence[str] | None = None,
    seed: int | None = None,
) -> None:
    """Check ``material_count(fen) == (White's material, Black's material)`` on many positions.

    ``positions``: :data:`POSITIONS` unless given; the check adds
    :data:`EXTRA_POSITIONS`, and with a ``seed`` (the grader's) positions of
    seeded random games.
    """
    answered(material_count)
    require(callable(material_count), say("ch05.not_a_material_function"))
    cases = [*(POSITIONS if positions is None else positions), *EXTRA_POSITIONS]
    if seed is not None:
        cases += random_positions(seed)
    answers = {}
    for fen in cases:
        got = call_student(material_count, (fen,), lambda f: say("ch05.position", fen=repr(f)))
        answers[fen] = tuple(got) if isinstance(got, list) else got
    for fen, got in answers.items():
        if got != side_material(fen):
            fail(
                _material_mistake(answers, fen)
                or say("ch05.wrong_pair", got=answer_text(got), fen=repr(fen))
            )
    passed()


# --- part (b): an evaluation for Connect Four ---------------------------------------------


def check_beats_baseline(evaluation: Callable[[Any], Any], seed: int | None = None) -> None:
    """Check that ``evaluation`` wins a seeded α-β match against e(p) on 6×7 Connect Four.

    Both engines search :data:`MATCH_DEPTH` plies from the same seeded
    openings (:data:`MATCH_SEED`, or ``seed``: the grader's), each with both
    colours; the evaluation passes with more points than the course's
    open-lines e(p).
    """
    answered(evaluation)
    require(callable(evaluation), say("ch05.not_an_evaluation"))
    game = ConnectFour()
    baseline = game.evaluate
    seed = MATCH_SEED if seed is None else seed
    state = game.result(game.result(game.initial, 3), 2)
    for probe in (game.initial, state):
        value = call_student(
            evaluation, (probe,), lambda s: say("ch05.board", board=game.to_text(s))
        )
        require(
            isinstance(value, Real) and not isinstance(value, bool) and not math.isnan(value),
            say("ch05.not_a_number", got=answer_text(value)),
        )
    yours, base = _engine_names()
    result = _match(game, evaluation, baseline, seed)
    mine, theirs = result.points(yours), result.points(base)
    if mine > theirs:
        print(result)
        passed()
        return

    def for_x(state: Any) -> Any:  # a side-to-move value seen from x's side
        value = evaluation(state)
        return value if game.to_move(state) is MAX else -value

    score = {"mine": f"{mine:g}", "games": MATCH_GAMES}
    mover = _match(game, for_x, baseline, seed)
    if mover.points(yours) > mover.points(base):
        fail(say("ch05.for_the_mover", **score))
    flipped = _match(game, lambda s: -evaluation(s), baseline, seed)
    if flipped.points(yours) > flipped.points(base):
        fail(say("ch05.negated", **score))
    fail(say("ch05.weak", theirs=f"{theirs:g}", **score))


def _engine_names() -> tuple[str, str]:
    """The names of the student's engine and of e(p)'s, as the printed match table shows them."""
    return say("ch05.engine_yours"), say("ch05.engine_baseline")


def _match(
    game: ConnectFour,
    evaluation: Callable[[Any], Any],
    baseline: Callable[[Any], Any],
    seed: int = MATCH_SEED,
) -> Any:
    def guarded(state: Any) -> float:
        try:
            return evaluation(state)
        except NotImplementedError:
            raise
        except Exception as error:  # the student's bug, reported as a hint
            fail(say("ch05.match_raised", error=type(error).__name__, message=error))

    yours, base = _engine_names()
    return match(
        game,
        MatchEngine(yours, evaluate=guarded, depth=MATCH_DEPTH),
        MatchEngine(base, evaluate=baseline, depth=MATCH_DEPTH),
        games=MATCH_GAMES,
        opening_plies=2,
        seed=seed,
    )


# --- part (c): which positions are not quiet -------------------------------------------------


def noise(fen: str) -> list[str]:
    """What makes ``fen`` not quiet for the side to move: its captures, promotions, checks, mates.

    A position is quiet when its value will not swing soon; a capture, a
    promotion or a check pending for the side to move (a mate above all) can
    swing it at once.

    >>> noise("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
    ['check', 'mate']
    """
    board = Chess().parse(fen).board
    found = set()
    for move in board.legal_moves:
        if board.is_capture(move):
            found.add("capture")
        if move.promotion:
            found.add("promotion")
        if board.gives_check(move):
            found.add("check")
            board.push(move)
            if board.is_checkmate():
                found.add("mate")
            board.pop()
    return sorted(found)


def not_quiet(positions: Mapping[str, str]) -> set[str]:
    """The labels of the positions where the side to move can capture, promote or give check."""
    return {label for label, fen in positions.items() if noise(fen)}


def _other_side_captures(fen: str) -> bool:
    board = Chess().parse(fen).board.copy()
    board.turn = not board.turn
    board.ep_square = None
    return any(board.is_capture(m) or m.promotion for m in board.pseudo_legal_moves)


def check_not_quiet(positions: Mapping[str, str], answer: Collection[Any] | None) -> None:
    """Check the labels of the positions that are not quiet (a capture, promotion or check
    pending for the side to move)."""
    answered(answer)
    require_type(answer, (set, frozenset, list, tuple), say("ch05.your_answer"))
    labels = {str(label) for label in answer}
    unknown = sorted(labels - set(positions))
    require(not unknown, say("ch05.unknown_labels", labels=", ".join(unknown)))
    expected = not_quiet(positions)
    wrong = sorted(labels - expected)
    if wrong:
        label = wrong[0]
        if _other_side_captures(positions[label]):
            fail(say("ch05.other_side", label=label))
        fail(say("ch05.is_quiet", label=label))
    missing = sorted(expected - labels)
    if missing:
        number = "one" if len(missing) == 1 else "many"
        if all(set(noise(positions[label])) <= {"check", "mate"} for label in missing):
            fail(say(f"ch05.misses_check.{number}", count=len(missing)))
        fail(say(f"ch05.misses.{number}", count=len(missing)))
    passed()


# --- what the grader reads ------------------------------------------------------------------

EXERCISE = "05_evaluation_functions"
PARTS = {
    1: Function(
        "material_count",
        lambda material_count, seed=None: check_material(material_count, seed=seed),
        forbidden=("coursekit.games.chess_game.", "coursekit.evaluation."),
    ),
    2: Function("my_evaluation", check_beats_baseline, forbidden=("coursekit.evaluation.",)),
    3: Value(("unquiet",), lambda unquiet: check_not_quiet(QUIET_OR_NOT, unquiet), by_hand=True),
}
