"""Features of a Connect Four position and a weighted evaluation built from them.

Every feature counts *windows*: the lines of k cells where a player could
still complete k in a row. A window is open for a player when the opponent
has no piece in it; the more of its cells a player already holds, the closer
it is to a win. Each feature is MAX's count minus MIN's, so positive is good
for MAX (``x``).

- ``open twos`` / ``open threes``: open windows holding k − 2 / k − 1 of a
  player's pieces (for k = 4: two and three in a line with room to grow);
- ``threats``: open windows holding k − 1 pieces whose empty cell can be
  played at once (a win next move unless the opponent blocks it);
- ``centre``: pieces in the middle column(s), which take part in the most
  windows.

>>> from coursekit.games import ConnectFour
>>> game = ConnectFour(rows=4, cols=5, k=3)
>>> s = game.parse('''
... . . . . .
... . . . . .
... . . . . .
... . x x . o
... ''')
>>> evaluate = connect_four_evaluation(game)
>>> [(t.name, t.value) for t in evaluate.terms(s)]
[('open twos', 3), ('open threes', 2), ('threats', 2), ('centre', 1)]
"""

from __future__ import annotations

from collections.abc import Callable

from coursekit.evaluation.weighted_linear import EvaluationError, Feature, WeightedLinear
from coursekit.games.connectfour import ConnectFour, ConnectFourState
from coursekit.text import say


def _open_windows(game: ConnectFour, pieces: int) -> Callable[[ConnectFourState], int]:
    """Windows open for a player that hold exactly ``pieces`` of the player's pieces."""
    windows = game.windows

    def count(state: ConnectFourState) -> int:
        mine = sum(1 for w in windows if not w & state.o and (w & state.x).bit_count() == pieces)
        theirs = sum(1 for w in windows if not w & state.x and (w & state.o).bit_count() == pieces)
        return mine - theirs

    return count


def _threats(game: ConnectFour) -> Callable[[ConnectFourState], int]:
    """Open windows one piece short of k whose empty cell is playable now."""
    windows = game.windows
    k = game.k
    bottom = sum(game.cell(0, c) for c in range(game.cols))

    def count(state: ConnectFourState) -> int:
        taken = state.x | state.o
        playable = ((taken << 1) | bottom) & ~taken  # the lowest empty cell of each column
        mine = theirs = 0
        for w in windows:
            empty = w & ~taken
            if empty.bit_count() != 1 or not empty & playable:
                continue
            if (w & state.x).bit_count() == k - 1:
                mine += 1
            elif (w & state.o).bit_count() == k - 1:
                theirs += 1
        return mine - theirs

    return count


def _centre(game: ConnectFour) -> Callable[[ConnectFourState], int]:
    """Pieces in the middle column (both middle columns when the width is even)."""
    middle = {(game.cols - 1) // 2, game.cols // 2}
    mask = sum(game.cell(r, c) for r in range(game.rows) for c in middle)

    def count(state: ConnectFourState) -> int:
        return (state.x & mask).bit_count() - (state.o & mask).bit_count()

    return count


def connect_four_evaluation(
    game: ConnectFour,
    *,
    twos: float = 1.0,
    threes: float = 4.0,
    threats: float = 16.0,
    centre: float = 2.0,
) -> WeightedLinear:
    """A weighted EVAL for Connect Four: open twos and threes, playable threats, the centre.

    Parameters
    ----------
    game : ConnectFour
        The board size and k that the windows are counted for.
    twos, threes, threats, centre : float
        The weights (a threat is worth more than an open three, which is worth
        more than an open two).

    Returns
    -------
    WeightedLinear
        Call it on a :class:`~coursekit.games.ConnectFourState`; won positions
        are the search's business (UTILITY), not EVAL's.

    Raises
    ------
    EvaluationError
        When ``game`` is not a :class:`~coursekit.games.ConnectFour`.
    """
    if not isinstance(game, ConnectFour):
        raise EvaluationError(say("errors.evaluation.game", kind="ConnectFour", game=game))
    k = game.k
    features = [
        Feature("open twos", _open_windows(game, k - 2), twos, "two short of a line, still open"),
        Feature("open threes", _open_windows(game, k - 1), threes, "one short, still open"),
        Feature("threats", _threats(game), threats, "one short, and playable next move"),
        Feature("centre", _centre(game), centre, "pieces in the middle column"),
    ]
    if k < 3:  # "two short of k" means empty windows: not a feature worth its cost
        features = features[1:]
    return WeightedLinear(features)
