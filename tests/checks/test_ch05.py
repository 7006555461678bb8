"""The checks of exercise set 05: right answers pass, typical mistakes get their own hints."""

from __future__ import annotations

import re

import chess
import pytest

from coursekit.checks import ch05
from coursekit.checks.common import SUCCESS_LINE
from coursekit.checks.public.ch05 import QUIET_OR_NOT
from coursekit.games import MAX, ConnectFour

VALUES = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9, "k": 0}
POSITIONS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r4rk1/pp3ppp/2b5/8/8/2N5/PPB2PPP/3R2K1 b - - 0 1",
]
# The labels of part (c), worked by hand: B (Black takes on d4), D (en passant), E (a
# promotion), F (Rd8 mates: no capture, yet the value swings all the way) and G (Rxa8) are not
# quiet; A is quiet, and in C only Black, not to move, could take.
NOT_QUIET = {"B", "D", "E", "F", "G"}


def passes(capsys):
    return capsys.readouterr().out.strip().endswith(SUCCESS_LINE)


def counter(values=VALUES, swap=False):
    """A material count from the FEN's letters, with the given values (a mistake or not)."""

    def count(fen):
        white = sum(values[c.lower()] for c in fen.split()[0] if c.isupper())
        black = sum(values[c] for c in fen.split()[0] if c.islower())
        return (black, white) if swap else (white, black)

    return count


def whole_string(fen):
    """The mistake of counting every letter of the FEN, castling rights and "b" included."""
    white = sum(VALUES[c.lower()] for c in fen if c.isupper() and c.lower() in VALUES)
    black = sum(VALUES[c] for c in fen if c.islower() and c in VALUES)
    return white, black


# --- part (a) ----------------------------------------------------------------------------------


def test_side_material_by_hand():
    # 8 pawns, 2 knights, 2 bishops, 2 rooks and a queen: 8 + 6 + 6 + 10 + 9 = 39 a side.
    assert ch05.side_material(POSITIONS[0]) == (39, 39)
    # White: rook 5, knight 3, bishop 3, five pawns; Black: two rooks, a bishop, five pawns.
    assert ch05.side_material(POSITIONS[1]) == (16, 18)


def test_part_a_right_answer_passes(capsys):
    ch05.check_material(counter(), POSITIONS)
    assert passes(capsys)


@pytest.mark.parametrize(
    ("student", "hint"),
    [
        (counter(swap=True), "White and Black are swapped"),
        (counter({**VALUES, "k": 100}), "are you counting the kings"),
        (counter({**VALUES, "k": 3}), "are you counting the kings"),
        (counter({**VALUES, "b": 3.5}), "off by the bishops"),
        (counter({**VALUES, "r": 4}), "count every piece of each side"),
        (whole_string, "counts letters outside the board"),
        (lambda fen: 0, "should return a pair"),
        (None, "no answer yet"),
    ],
)
def test_part_a_mistakes_get_hints(student, hint):
    with pytest.raises(AssertionError, match=hint):
        ch05.check_material(student, POSITIONS)


def test_part_a_unwritten_function_gets_a_hint():
    def material_count(fen):
        raise NotImplementedError

    with pytest.raises(AssertionError, match="NotImplementedError"):
        ch05.check_material(material_count, POSITIONS)


# --- part (b) ----------------------------------------------------------------------------------

GAME = ConnectFour()
CENTRE = sum(GAME.cell(row, 3) for row in range(GAME.rows))


def windows_by_fullness(state):
    score = 0
    for w in GAME.windows:
        x, o = (w & state.x).bit_count(), (w & state.o).bit_count()
        score += (0, 0, 1, 10, 0)[x] if o == 0 else 0
        score -= (0, 0, 1, 10, 0)[o] if x == 0 else 0
    return score


def test_part_b_a_stronger_evaluation_passes(capsys):
    ch05.check_beats_baseline(windows_by_fullness)
    assert passes(capsys)


def test_part_b_the_wrong_sign_gets_its_hint():
    with pytest.raises(AssertionError, match="its negation would win: EVAL is always from MAX"):
        ch05.check_beats_baseline(lambda s: -windows_by_fullness(s))


def test_part_b_the_side_to_moves_view_gets_its_hint():
    def for_the_mover(state):
        value = windows_by_fullness(state)
        return value if GAME.to_move(state) is MAX else -value

    with pytest.raises(AssertionError, match="it seems to value a position for the side to move"):
        ch05.check_beats_baseline(for_the_mover)


def test_part_b_a_weak_evaluation_gets_the_general_hint():
    def centre_only(state):
        return (state.x & CENTRE).bit_count() - (state.o & CENTRE).bit_count()

    with pytest.raises(AssertionError, match="it has to score more"):
        ch05.check_beats_baseline(centre_only)


def test_part_b_the_baseline_itself_does_not_pass():
    with pytest.raises(AssertionError, match="has to score more"):
        ch05.check_beats_baseline(GAME.evaluate)


@pytest.mark.parametrize(
    ("student", "hint"),
    [
        (lambda s: "big", "should return a number"),
        (lambda s: s.z, "raised AttributeError"),
        (None, "no answer yet"),
    ],
)
def test_part_b_broken_evaluations_get_hints(student, hint):
    with pytest.raises(AssertionError, match=hint):
        ch05.check_beats_baseline(student)


# --- part (c) ----------------------------------------------------------------------------------


def test_not_quiet_by_hand():
    assert ch05.not_quiet(QUIET_OR_NOT) == NOT_QUIET


def python_chess_noisy(fen):
    """The side to move has a capture, a promotion, a check or a mate (python-chess alone)."""
    board = chess.Board(fen)
    for move in board.legal_moves:
        if board.is_capture(move) or move.promotion or board.gives_check(move):
            return True
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return True
    return False


@pytest.mark.parametrize("label", sorted(QUIET_OR_NOT))
def test_part_c_every_position_with_pending_noise_counts_as_not_quiet(label):
    fen = QUIET_OR_NOT[label]
    assert (label in ch05.not_quiet(QUIET_OR_NOT)) == python_chess_noisy(fen)
    assert (label in NOT_QUIET) == python_chess_noisy(fen)


def test_part_c_the_mate_in_one_is_not_quiet():
    board = chess.Board(QUIET_OR_NOT["F"])
    board.push_san("Rd8")
    assert board.is_checkmate()
    assert ch05.noise(QUIET_OR_NOT["F"]) == ["check", "mate"]


def test_part_c_right_answer_passes(capsys):
    ch05.check_not_quiet(QUIET_OR_NOT, NOT_QUIET)
    assert passes(capsys)
    ch05.check_not_quiet(QUIET_OR_NOT, sorted(NOT_QUIET))
    assert passes(capsys)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (NOT_QUIET | {"C"}, "only the side NOT to move could capture"),
        (NOT_QUIET | {"A"}, "Position A is quiet: the side to move has no capture"),
        (NOT_QUIET - {"F"}, "a check, and above all a mate, swings the value"),
        (NOT_QUIET - {"F", "D"}, r"misses 2 positions .* and every check"),
        (NOT_QUIET - {"D"}, r"misses a position .* en passant"),
        (NOT_QUIET - {"D", "E"}, "misses 2 positions"),
        (NOT_QUIET | {"Z"}, "There is no position Z"),
        ("BDEG", "should be of type"),
        (None, "no answer yet"),
    ],
)
def test_part_c_mistakes_get_hints(answer, hint):
    with pytest.raises(AssertionError, match=hint):
        ch05.check_not_quiet(QUIET_OR_NOT, answer)


# --- what the grader reads ----------------------------------------------------------------------


def test_the_grader_s_seed_brings_positions_of_random_games(capsys):
    assert ch05.random_positions(3) == ch05.random_positions(3) != ch05.random_positions(4)
    ch05.check_material(counter(), seed=3)
    assert passes(capsys)
    with pytest.raises(AssertionError, match="off by the bishops"):
        ch05.check_material(counter({**VALUES, "b": 3.5}), seed=3)


def test_the_grader_s_seed_changes_the_openings_and_a_good_evaluation_still_wins(capsys):
    ch05.check_beats_baseline(windows_by_fullness, seed=123)
    assert passes(capsys)


def test_every_part_is_declared():
    assert ch05.EXERCISE == "05_evaluation_functions"
    assert sorted(ch05.PARTS) == [1, 2, 3]
    assert ch05.PARTS[3].names == ("unquiet",)


# --- the hints in Chinese ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "hint"),
    [
        (lambda: ch05.check_material(counter(swap=True), POSITIONS), "你把白方和黑方弄反了"),
        (lambda: ch05.check_material(counter({**VALUES, "k": 100}), POSITIONS), "多算了 100 分"),
        (lambda: ch05.check_material(counter({**VALUES, "b": 3.5}), POSITIONS), "差在象上"),
        (
            lambda: ch05.check_material(counter({**VALUES, "r": 4}), POSITIONS),
            r"二元组 \(.*\) 不对",
        ),
        (lambda: ch05.check_material(whole_string, POSITIONS), "棋盘之外的字母"),
        (lambda: ch05.check_material(lambda fen: 0, POSITIONS), "应当返回一个二元组"),
        (lambda: ch05.check_material(lambda fen: (1, "2"), POSITIONS), "两项都应当是数"),
        (lambda: ch05.check_material(42, POSITIONS), "以 FEN 字符串为参数的函数"),
        (
            lambda: ch05.check_material(lambda fen: 1 / 0, POSITIONS),
            "在 局面 'rnbqkbnr/.*' 上抛出了 ZeroDivisionError",
        ),
        (lambda: ch05.check_beats_baseline(lambda s: -windows_by_fullness(s)), "把它取反就能赢"),
        (lambda: ch05.check_beats_baseline(GAME.evaluate), "你的得分必须比它多"),
        (lambda: ch05.check_beats_baseline(lambda s: "big"), "应当返回一个数"),
        (
            lambda: ch05.check_beats_baseline(lambda s: s.z),
            r"(?s)在 局面\n.*\n上抛出了 AttributeError",
        ),
        (lambda: ch05.check_beats_baseline(42), "以四子棋状态为参数的函数"),
        (lambda: ch05.check_not_quiet(QUIET_OR_NOT, NOT_QUIET | {"C"}), "只有不该走棋的一方"),
        (lambda: ch05.check_not_quiet(QUIET_OR_NOT, NOT_QUIET | {"A"}), "局面 A 是静止的"),
        (lambda: ch05.check_not_quiet(QUIET_OR_NOT, NOT_QUIET - {"F"}), "漏掉了一个.*将死"),
        (lambda: ch05.check_not_quiet(QUIET_OR_NOT, NOT_QUIET - {"D", "E"}), "漏掉了 2 个"),
        (lambda: ch05.check_not_quiet(QUIET_OR_NOT, NOT_QUIET | {"Z"}), "没有局面 Z"),
        (lambda: ch05.check_not_quiet(QUIET_OR_NOT, "BDEG"), "你的答案的类型应为"),
    ],
)
def test_the_hints_come_out_in_chinese(call, hint, chinese):
    with pytest.raises(AssertionError, match=hint) as failure:
        call()
    assert not re.search(r"\b(Your|the position|should)\b", str(failure.value))


def test_the_side_to_move_hint_in_chinese(chinese):
    def for_the_mover(state):
        value = windows_by_fullness(state)
        return value if GAME.to_move(state) is MAX else -value

    with pytest.raises(AssertionError, match="从轮到走棋的一方的角度"):
        ch05.check_beats_baseline(for_the_mover)


def test_a_crash_during_the_match_is_named_in_chinese(chinese):
    calls = []

    def breaks_later(state):
        calls.append(state)
        if len(calls) > 2:
            raise KeyError("oops")
        return 0

    with pytest.raises(AssertionError, match="在对局中抛出了 KeyError"):
        ch05.check_beats_baseline(breaks_later)


def test_the_success_line_in_chinese(capsys, chinese):
    ch05.check_not_quiet(QUIET_OR_NOT, NOT_QUIET)
    assert capsys.readouterr().out.strip() == "✔ 正确。"
