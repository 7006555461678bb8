"""Benchmark: MCTS (UCT) with 1,000 playouts per move against depth-4 α-β on Connect Four.

Run from the repository root::

    python bench/mcts_vs_alphabeta.py            # writes bench/mcts_vs_alphabeta.md
    python bench/mcts_vs_alphabeta.py --games 8  # a quicker look (not written)

One match of forty games per number of playouts (100, 300 and 1,000 per move):
how the score grows with the work MCTS is given.

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
from typing import Any

from machine import describe

from coursekit.games import ConnectFour
from coursekit.search import MatchEngine, match, score_interval

NOTE = Path(__file__).with_name("mcts_vs_alphabeta.md")
GAMES = 40
PLAYOUTS = 1_000
DEPTH = 4
SEED = 7
SWEEP = (100, 300, 1_000)
"""Playouts per move of the rows of the note (the last is the issue's 1,000)."""


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


def play(game: ConnectFour, playouts: int, games: int) -> tuple[Any, MatchEngine, float]:
    """One seeded match of MCTS with ``playouts`` per move against α-β; its time too."""
    mcts, alphabeta = engines(playouts)
    started = time.perf_counter()
    result = match(game, mcts, alphabeta, games=games, opening_plies=2, seed=SEED)
    return result, mcts, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--playouts", type=int, nargs="*", default=list(SWEEP))
    args = parser.parse_args()
    game = ConnectFour()
    rows, headline, seconds = [], None, 0.0
    for playouts in args.playouts:
        result, mcts, took = play(game, playouts, args.games)
        seconds += took
        points = result.points(mcts.name)
        low, high = score_interval(points, args.games)
        row = {r.engine: r for r in result.table()}[mcts.name]
        missed = missed_blocks(game, result, mcts.name)
        rows.append((playouts, row, points, low, high, missed))
        print(result)
        print(f"MCTS {playouts}: {points / args.games:.1%} (95 % interval {low:.1%} … {high:.1%})")
        if playouts == PLAYOUTS:
            headline = result
    if args.games != GAMES or tuple(args.playouts) != SWEEP or headline is None:
        return
    lines = [
        "# MCTS (UCT) against α-β on Connect Four",
        "",
        f"{datetime.date.today()}, {describe()}; `python bench/mcts_vs_alphabeta.py` "
        f"({seconds:,.0f} s).",
        f"{GAMES} games per row from {GAMES // 2} seeded two-ply openings (seed {SEED}), each "
        f"played with both colours; MCTS seeded (seed 1 at every move), α-β to depth "
        f"{DEPTH} with `ConnectFour.evaluate` (open lines of four).",
        "",
        "| MCTS playouts per move | wins | draws | losses | MCTS score | 95 % interval "
        "| losses to a threat left open |",
        "|---:|---:|---:|---:|---:|---|---:|",
        *(
            f"| {playouts:,} | {row.wins} | {row.draws} | {row.losses} | "
            f"{points / GAMES:.1%} | {low:.1%} … {high:.1%} | {missed} |"
            for playouts, row, points, low, high, missed in rows
        ),
        "",
        f"The {PLAYOUTS:,}-playout match in full:",
        "",
        "```",
        str(headline),
        "```",
        "",
    ]
    NOTE.write_text("\n".join(lines))
    print(f"wrote {NOTE}")


if __name__ == "__main__":
    main()
