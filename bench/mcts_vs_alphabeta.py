"""Benchmark: MCTS (UCT) with 1,000 playouts per move against depth-4 α-β on Connect Four.

Run from the repository root::

    python bench/mcts_vs_alphabeta.py            # writes bench/mcts_vs_alphabeta.md
    python bench/mcts_vs_alphabeta.py --games 8  # a quicker look (not written)

Forty seeded games (:func:`coursekit.search.match`): twenty random openings
of two plies, each played twice so that both engines move first once. MCTS
is seeded (``seed=1`` at every move), so the whole match is reproducible;
α-β uses the course's Connect Four evaluation (open lines of four for MAX
minus those for MIN). Besides the score, with a 95 % Wilson interval
(:func:`coursekit.search.score_interval`), the note counts how games were
lost: a win for α-β that MCTS could have stopped at once (an immediate
threat it let through) is the typical failure of random playouts, which
value a position by random games in which such threats are rarely punished.
"""

from __future__ import annotations

import argparse
import datetime
import time
from pathlib import Path

from machine import describe

from coursekit.games import ConnectFour
from coursekit.search import MatchEngine, match, score_interval

NOTE = Path(__file__).with_name("mcts_vs_alphabeta.md")
GAMES = 40
PLAYOUTS = 1_000
DEPTH = 4
SEED = 7


def engines(playouts: int = PLAYOUTS, depth: int = DEPTH) -> tuple[MatchEngine, MatchEngine]:
    """The two engines: seeded MCTS and α-β with the game's own evaluation."""
    mcts = MatchEngine(
        f"MCTS {playouts:,}", search="MCTS (UCT)", options={"playouts": playouts, "seed": 1}
    )
    alphabeta = MatchEngine(f"alpha-beta depth {depth}", search="alpha-beta", depth=depth)
    return mcts, alphabeta


def missed_blocks(game: ConnectFour, result, loser: str) -> int:
    """Games ``loser`` lost in which the winner's last move was a threat ``loser`` left open
    one move earlier (it could have played there itself)."""
    missed = 0
    for played in result.games:
        if played.points(loser) != 0:
            continue
        moves = played.moves
        state = game.initial
        for move in moves[:-2]:
            state = game.result(state, move)
        # state: before the loser's last move; the winner then won with moves[-1]
        if moves[-1] in game.actions(state) and moves[-2] != moves[-1]:
            missed += 1
    return missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--playouts", type=int, default=PLAYOUTS)
    args = parser.parse_args()
    game = ConnectFour()
    mcts, alphabeta = engines(args.playouts)
    started = time.perf_counter()
    result = match(game, mcts, alphabeta, games=args.games, opening_plies=2, seed=SEED)
    seconds = time.perf_counter() - started
    points = result.points(mcts.name)
    low, high = score_interval(points, args.games)
    row = {r.engine: r for r in result.table()}[mcts.name]
    print(result)
    print(f"MCTS scores {points / args.games:.1%} (95 % interval {low:.1%} … {high:.1%})")
    if args.games != GAMES or args.playouts != PLAYOUTS:
        return
    lines = [
        "# MCTS (UCT) against α-β on Connect Four",
        "",
        f"{datetime.date.today()}, {describe()}; `python bench/mcts_vs_alphabeta.py` "
        f"({seconds:,.0f} s).",
        f"{GAMES} games from {GAMES // 2} seeded two-ply openings (seed {SEED}), each played "
        f"with both colours; MCTS {PLAYOUTS:,} playouts per move (seed 1), α-β to depth "
        f"{DEPTH} with `ConnectFour.evaluate`.",
        "",
        "```",
        str(result),
        "```",
        "",
        f"MCTS: {row.wins} wins, {row.draws} draws, {row.losses} losses — "
        f"score {points / GAMES:.1%}, 95 % Wilson interval {low:.1%} … {high:.1%}.",
        f"Games MCTS lost to a winning move it could have blocked one move earlier: "
        f"{missed_blocks(game, result, mcts.name)} of {row.losses}.",
        "",
    ]
    NOTE.write_text("\n".join(lines))
    print(f"wrote {NOTE}")


if __name__ == "__main__":
    main()
