"""Pig, a dice game (骰子游戏) small enough to value exactly: chapter 7's game of chance.

The rules (Pig is a folk game; Neller and Presser, "Optimal Play of the Dice
Game Pig", *The UMAP Journal* 25(1), 2004, solved it to 100 points):

- On your turn you roll a die as often as you like, adding each roll to a
  *turn total*; you may **hold** (bank the turn total into your score and pass
  the turn) or **roll** again.
- A roll of 1 ends your turn and loses the turn total.
- Whoever reaches ``target`` points wins at once.

Here the game is kept small and finite for exact search: each player has at
most ``turns`` turns; when they are used up, the higher score wins (equal
scores: a draw). Rolling is a chance node (机会节点) with six outcomes of
probability 1/6, and the same player moves again after a roll that is not 1.

>>> game = Pig(target=4, turns=1)
>>> s = game.result(game.initial, "roll")
>>> game.is_chance(s), game.chance_outcomes(s)[0]
(True, (1, Fraction(1, 6)))
>>> s = game.result(s, 3)                  # rolled a 3: turn total 3, MAX again
>>> s.turn_total, game.to_move(s), game.actions(s)
(3, MAX, ('roll', 'hold'))
>>> game.result(game.result(s, "roll"), 1).turn_total   # a 1: the 3 is lost
0
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from coursekit.games.base import MAX, MIN, GameError, Player
from coursekit.text import say

ROLL, HOLD = "roll", "hold"
SIXTH = Fraction(1, 6)
OUTCOMES = tuple((face, SIXTH) for face in range(1, 7))


class PigState(NamedTuple):
    """A position of Pig: both scores, the turn so far and whose it is."""

    max_score: int
    min_score: int
    turn_total: int
    player: Player
    turns_left: int
    """Turns not yet finished, both players' together (the current one included)."""
    rolling: bool = False
    """True while the die is in the air: a chance node."""


class Pig:
    """Pig to ``target`` points, each player with at most ``turns`` turns (module docstring).

    Parameters
    ----------
    target : int
        The score that wins at once (2 or more).
    turns : int
        Turns per player (1 or more).

    Raises
    ------
    GameError
        When ``target`` or ``turns`` is not a whole number in range.
    """

    def __init__(self, target: int = 6, turns: int = 2) -> None:
        for name, number, low in (("target", target, 2), ("turns", turns, 1)):
            if isinstance(number, bool) or not isinstance(number, int) or number < low:
                raise GameError(
                    say("errors.whole_at_least", name=name, least=low, value=repr(number))
                )
        self.target = target
        self.turns = turns
        self.initial = PigState(0, 0, 0, MAX, 2 * turns)

    def __repr__(self) -> str:
        return f"Pig(target={self.target}, turns={self.turns})"

    def to_move(self, state: PigState) -> Player:
        """The player whose turn it is (at a chance node: the one who rolled)."""
        return state.player

    def actions(self, state: PigState) -> tuple[str, ...]:
        """``("roll", "hold")`` while the game goes on."""
        return () if self.is_terminal(state) or state.rolling else (ROLL, HOLD)

    def is_chance(self, state: PigState) -> bool:
        """True while the die is in the air."""
        return state.rolling

    def chance_outcomes(self, state: PigState) -> tuple[tuple[int, Fraction], ...]:
        """The six faces, each with probability 1/6."""
        return OUTCOMES if state.rolling else ()

    def result(self, state: PigState, action: str | int) -> PigState:
        """After ``"roll"`` (a chance node), ``"hold"``, or a face 1–6 of the rolled die."""
        if state.rolling:
            if action not in range(1, 7):
                raise GameError(say("errors.games.pig.die", action=repr(action)))
            if action == 1:
                return self._next_turn(state, banked=0)
            return state._replace(turn_total=state.turn_total + action, rolling=False)
        if action == ROLL:
            return state._replace(rolling=True)
        if action == HOLD:
            return self._next_turn(state, banked=state.turn_total)
        raise GameError(say("errors.games.pig.move", action=repr(action)))

    def _next_turn(self, state: PigState, banked: int) -> PigState:
        max_score, min_score = state.max_score, state.min_score
        if state.player is MAX:
            max_score += banked
        else:
            min_score += banked
        return PigState(max_score, min_score, 0, state.player.opponent, state.turns_left - 1)

    def score(self, state: PigState, player: Player) -> int:
        """``player``'s score with the turn total counted (what holding now would give)."""
        own = state.max_score if player is MAX else state.min_score
        return own + (state.turn_total if state.player is player else 0)

    def is_terminal(self, state: PigState) -> bool:
        """Someone has reached the target (counting the turn total), or no turns are left."""
        if state.rolling:
            return False
        return (
            state.turns_left == 0
            or self.score(state, MAX) >= self.target
            or self.score(state, MIN) >= self.target
        )

    def utility(self, state: PigState, player: Player = MAX) -> int:
        """+1 for a win of ``player``, −1 for a loss, 0 for a draw (finished games only)."""
        if not self.is_terminal(state):
            raise GameError(say("errors.games.pig.not_over", state=state))
        mine, theirs = self.score(state, MAX), self.score(state, MIN)
        sign = (mine > theirs) - (mine < theirs)
        return sign * player.sign

    def evaluate(self, state: PigState) -> Fraction:
        """e(p): the score difference (turn total counted) over the target, from MAX's side
        (a fraction, so that expected values stay exact)."""
        return Fraction(self.score(state, MAX) - self.score(state, MIN), self.target)

    def move_text(self, action: str | int) -> str:
        """A move in the reader's language (``"roll"`` is 掷骰 in Chinese); a die's face as is.

        >>> Pig().move_text("hold"), Pig().move_text(3)
        ('hold', '3')
        """
        if action in (ROLL, HOLD):
            return say(f"printed.pig.{action}")
        return str(action)

    def to_text(self, state: PigState) -> str:
        """One line: scores, turn total, whose turn."""
        values = {
            "max_score": state.max_score,
            "min_score": state.min_score,
            "player": state.player,
            "turn_total": state.turn_total,
            "turns": state.turns_left,
        }
        return say("printed.pig.rolling" if state.rolling else "printed.pig.state", **values)
