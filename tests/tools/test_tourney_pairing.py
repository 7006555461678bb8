"""Pairing: a round robin meets every pair once; Swiss rounds are perfect matchings, no rematch."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.tools.tournament.pairing import (
    History,
    PairingError,
    round_robin_rounds,
    swiss_round,
)


def play_swiss(entries: int, rounds: int, seed: int, games: int = 1):
    """Pair ``rounds`` Swiss rounds of ``entries`` with random results.

    Returns the rounds, the history after them, and for each board its score gap when paired.
    Checks on the way that each bye goes to an entry with the fewest byes so far.
    """
    rng = random.Random(seed)
    history = History.empty(range(entries))
    played, gaps = [], []
    for number in range(1, rounds + 1):
        order = sorted(range(entries), key=lambda n: (-history.points[n], n))
        pairings = swiss_round(order, history, number)
        gaps += [abs(history.points[p.first] - history.points[p.second])
                 for p in pairings if p.second is not None]  # fmt: skip
        for p in pairings:
            if p.second is None:
                fewest = min(history.byes.get(n, 0) for n in range(entries))
                assert history.byes.get(p.first, 0) == fewest
                history.add_bye(p.first, games)
                continue
            for game in range(games):
                first, second = (p.first, p.second) if game % 2 == 0 else (p.second, p.first)
                history.add_game(first, second, rng.choice([0.0, 0.5, 1.0]))
        played.append(pairings)
    return played, history, gaps


def allowed_matching_exists(history: History, entries: int) -> bool:
    """Whether some pairing of everyone (and one bye) avoids every rematch."""
    graph = nx.Graph()
    graph.add_nodes_from(range(entries + entries % 2))
    graph.add_edges_from(
        (a, b) for a in range(entries) for b in range(a + 1, entries)
        if frozenset((a, b)) not in history.met
    )  # fmt: skip
    if entries % 2:
        graph.add_edges_from((a, entries) for a in range(entries))
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == graph.number_of_nodes()


def check_round(pairings, entries: int, met: set) -> None:
    """Every entry once (a perfect matching, and one bye when the field is odd); no rematch."""
    seen = [p.first for p in pairings] + [p.second for p in pairings if p.second is not None]
    assert sorted(seen) == list(range(entries))
    assert sum(p.second is None for p in pairings) == entries % 2
    assert [p.board for p in pairings] == list(range(1, len(pairings) + 1))
    for p in pairings:
        if p.second is not None:
            pair = frozenset((p.first, p.second))
            assert pair not in met, f"rematch {sorted(pair)} in round {p.round}"
            met.add(pair)


def test_a_swiss_of_64_entries_and_6_rounds_pairs_everyone_every_round_without_a_rematch():
    rounds, _, gaps = play_swiss(64, 6, seed=35)
    met: set = set()
    for pairings in rounds:
        check_round(pairings, 64, met)
    assert len(met) == 6 * 32
    # similar scores meet: nearly every board within half a point, none more than 1.5 apart
    assert sum(gap <= 0.5 for gap in gaps) >= 0.9 * len(gaps) and max(gaps) <= 1.5, gaps


@settings(max_examples=25, deadline=None)
@given(entries=st.integers(2, 17), seed=st.integers(0, 10**6), data=st.data())
def test_every_swiss_round_is_a_perfect_matching_without_rematches(entries, seed, data):
    rounds = data.draw(st.integers(1, min(entries - 1 + entries % 2, 5)))
    rng = random.Random(seed)
    history = History.empty(range(entries))
    met: set = set()
    for number in range(1, rounds + 1):
        order = sorted(range(entries), key=lambda n: (-history.points[n], n))
        try:
            pairings = swiss_round(order, history, number)
        except PairingError:  # refused only when no pairing without a rematch exists
            assert not allowed_matching_exists(history, entries)
            return
        check_round(pairings, entries, met)
        for p in pairings:
            if p.second is None:
                history.add_bye(p.first, 1)
            else:
                history.add_game(p.first, p.second, rng.choice([0.0, 0.5, 1.0]))


def test_scores_decide_who_meets_whom():
    history = History.empty(range(8))
    for winner, loser in ((0, 1), (2, 3), (4, 5), (6, 7)):
        history.add_game(winner, loser, 1.0)
    order = [0, 2, 4, 6, 1, 3, 5, 7]
    pairs = {frozenset((p.first, p.second)) for p in swiss_round(order, history, 2)}
    for pair in pairs:
        assert len({history.points[n] for n in pair}) == 1, pair  # winners meet winners


def test_colours_balance_when_a_pairing_plays_one_game():
    _, history, _ = play_swiss(16, 5, seed=3)
    assert all(abs(balance) <= 1 for balance in history.colour.values()), history.colour


def test_the_bye_goes_to_the_lowest_score_and_never_twice_while_others_had_none():
    rounds, _, _ = play_swiss(9, 5, seed=8)  # checks the fewest-byes rule as it goes
    byes = [p.first for pairings in rounds for p in pairings if p.second is None]
    assert len(byes) == len(set(byes)) == 5
    for pairings in rounds:
        bye = next(p.first for p in pairings if p.second is None)
        assert pairings[-1].first == bye  # the bye is listed last


def test_a_round_that_only_rematches_could_fill_is_refused():
    history = History.empty(range(4))
    for a, b in ((0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)):
        history.add_game(a, b, 0.5)
    with pytest.raises(PairingError, match="round 4 cannot be paired without a rematch"):
        swiss_round([0, 1, 2, 3], history, 4)


@pytest.mark.parametrize("entries", [2, 3, 6, 7, 12])
def test_a_round_robin_meets_every_pair_exactly_once(entries):
    rounds = round_robin_rounds(list(range(entries)))
    assert len(rounds) == entries - 1 + entries % 2
    met: set = set()
    for pairings in rounds:
        check_round(pairings, entries, met)
    assert len(met) == entries * (entries - 1) // 2
    first = Counter(p.first for pairings in rounds for p in pairings if p.second is not None)
    second = Counter(p.second for pairings in rounds for p in pairings if p.second is not None)
    for entry in range(entries):  # as balanced as an even or odd number of games allows
        assert abs(first[entry] - second[entry]) == (entries + 1) % 2, entry


PAIR_IN_ANOTHER_PROCESS = """
from coursekit.tools.tournament.pairing import History, swiss_round
history = History.empty(range(16))
for a in range(0, 16, 2):
    history.add_game(a, a + 1, 0.5)
print([(p.first, p.second) for p in swiss_round(list(range(16)), history, 2)])
"""


def pairing_in_a_process(hash_seed: int) -> str:
    environment = {"PYTHONHASHSEED": str(hash_seed), "PATH": "/usr/bin:/bin"}
    command = [sys.executable, "-c", PAIR_IN_ANOTHER_PROCESS]
    return subprocess.run(
        command, capture_output=True, text=True, check=True, env=environment
    ).stdout


def test_the_same_history_gives_the_same_round_in_any_process():
    assert len({pairing_in_a_process(seed) for seed in (1, 2, 3)}) == 1
