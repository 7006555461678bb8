"""standings.html: the ranking, a chart, the crosstable, every game replayable; all escaped."""

from __future__ import annotations

import json
import re

import pytest

from coursekit.games import ConnectFour, TicTacToe
from coursekit.search.match import MatchEngine, play_game
from coursekit.tools.tournament.journal import Journal, JournalEntry
from coursekit.tools.tournament.records import GameRecord, Pairing, Settings
from coursekit.tools.tournament.report import page_name, replay_data, standings_page
from coursekit.tools.tournament.standings import standings_from_journal

HOSTILE = "x</script><script>alert(1)</script>"
NOTE = "crashed: </script><img src=x onerror=alert(2)>"


def journal_of(tmp_path, game, game_name: str) -> Journal:
    """A finished round robin of three entries (one with a hostile name), real games."""
    journal = Journal.open(tmp_path / "j.sqlite", Settings(game=game_name, depth=1), resume=False)
    names = ["alpha", "beta", HOSTILE]
    entries = [JournalEntry(n, name, f"{n}.py", "0", "") for n, name in enumerate(names)]
    journal.add_entries(
        [*entries, JournalEntry(3, "broken<i>", "3.py", "0", "SyntaxError: <oops>")]
    )
    pairings = [Pairing(1, 1, 0, 1), Pairing(1, 2, 2, None), Pairing(2, 1, 1, 2),
                Pairing(2, 2, 0, None), Pairing(3, 1, 2, 0), Pairing(3, 2, 1, None)]  # fmt: skip
    journal.add_pairings(pairings)
    for p in pairings:
        if p.second is None:
            continue
        first, second = names[p.first], names[p.second]
        played = play_game(game, MatchEngine(first, depth=1), MatchEngine(second, depth=2))
        forfeit = HOSTILE if HOSTILE in (first, second) and p.round == 3 else None
        journal.add_game(
            GameRecord(p.round, p.board, 1, first, second, (), played.moves,
                       -1 if forfeit == first else 1 if forfeit else played.outcome,
                       forfeit, NOTE if forfeit else "", (0.1, 0.2), (3, 3)),
            run=1,
        )  # fmt: skip
    return journal


@pytest.fixture(params=["tictactoe", "connect4-small"])
def standings(request, tmp_path):
    game = TicTacToe() if request.param == "tictactoe" else ConnectFour(rows=4, cols=5, k=4)
    journal = journal_of(tmp_path, game, request.param)
    yield standings_from_journal(journal, rounds=3), game
    journal.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_nothing_an_entry_controls_reaches_the_page_unescaped(standings, lang):
    page = standings_page(*standings, lang=lang)
    assert "<script>alert" not in page and "<img src=x" not in page and "<i>" not in page
    assert page.count("<script") == 2  # the games' data and the replay script, nothing else
    data = re.search(r"<script type='application/json' id='ck-games'>(.*?)</script>", page, re.S)
    decoded = json.loads(data.group(1))
    assert any(HOSTILE in g["label"] for g in decoded["games"])  # as text, intact
    fetched = re.findall(r"""(?:src|href)\s*=\s*['"]?(?:https?:)?//|url\((?!#)|@import""", page)
    assert fetched == []  # the page asks for nothing off the machine


def test_each_game_replays_to_its_final_position(standings):
    standings, game = standings
    data = replay_data(standings, game, "en")
    assert len(data["games"]) == len(standings.games) == 3
    for record, replay in zip(standings.games, data["games"], strict=True):
        cells = ["."] * (data["rows"] * data["cols"])
        for changes in replay["steps"]:
            assert len(changes) == 1  # one piece a move in these games
            for cell, mark in changes:
                cells[cell] = mark
        state = game.initial
        for move in record.moves:
            state = game.result(state, move)
        assert cells == game.to_text(state).split()
        assert replay["moves"] == [str(m) for m in record.moves]


def test_the_page_speaks_the_language_asked_and_links_the_other(standings):
    english, chinese = (standings_page(*standings, lang=lang) for lang in ("en", "zh"))
    assert "<h2>Standings</h2>" in english and "Crosstable" in english
    assert "排名表" in chinese and "交叉表" in chinese and "逐步回放对局" in chinese
    assert f"href='{page_name('zh')}'" in english and f"href='{page_name('en')}'" in chinese
    assert "<html lang='zh-Hans'>" in chinese and "繁體中文" in chinese  # from the records
    assert "Noto Sans CJK SC" in chinese.split("</style>")[0]
    assert "<svg" in english  # the ratings chart
    assert "SyntaxError: &lt;oops&gt;" in english  # the disqualified, with the reason
