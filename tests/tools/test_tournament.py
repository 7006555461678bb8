"""The class tournament: entries play in their own processes; a crash or a time-out loses."""

from __future__ import annotations

import csv
import textwrap

import pytest

from coursekit.tools.cli import main
from coursekit.tools.tournament.command import TournamentError, run_tournament

HONEST = {
    # e(p) of the course: open lines for x minus open lines for o
    "course": "from coursekit.games import TicTacToe\n_g = TicTacToe()\n"
    "def evaluate(state):\n    return _g.evaluate(state)\n",
    # material does not exist in tic-tac-toe: a constant is a legal (weak) evaluation
    "flat": "def evaluate(state):\n    return 0\n",
    # likes the centre
    "centre": "def evaluate(state):\n    return (state.x >> 4 & 1) - (state.o >> 4 & 1)\n",
    "reversed": "from coursekit.games import TicTacToe\n_g = TicTacToe()\n"
    "def evaluate(state):\n    return -_g.evaluate(state)\n",
}
# crashes in the middle of a game (never on the nearly empty sample positions)
CRASHES = textwrap.dedent(
    """
    def evaluate(state):
        if bin(state.x | state.o).count("1") >= 4:
            raise ZeroDivisionError("my bug")
        return 0
    """
)
# thinks far too long once the board fills up
SLOW = textwrap.dedent(
    """
    import time
    def evaluate(state):
        if bin(state.x | state.o).count("1") >= 4:
            time.sleep(5)
        return 0
    """
)
BROKEN = {
    "syntax": "def evaluate(state)\n    return 0\n",
    "text": "def evaluate(s):\n    return 'big'\n",
}


@pytest.fixture(scope="module")
def entries(tmp_path_factory):
    folder = tmp_path_factory.mktemp("entries")
    files = {**HONEST, "crashes": CRASHES, "slow": SLOW, **BROKEN}
    for name, code in files.items():
        (folder / f"{name}.py").write_text(code)
    return folder, sorted(folder.glob("*.py"))


@pytest.fixture(scope="module")
def standings(entries):
    _, paths = entries
    return run_tournament(
        paths, game="tictactoe", seconds=0.05, games=2, opening_plies=1, search="minimax"
    )


def test_entries_that_cannot_play_are_disqualified_with_the_reason(standings):
    problems = {e.name: e.problem for e in standings.disqualified}
    assert set(problems) == {"syntax", "text"}
    assert "SyntaxError" in problems["syntax"]
    assert "'big'" in problems["text"] and "not a finite number" in problems["text"]


def test_every_pair_plays_and_every_point_is_accounted_for(standings):
    result = standings.result
    players = {"course", "flat", "centre", "reversed", "crashes", "slow"}
    assert set(result.engines) == players
    assert len(result.games) == 15 * 2
    assert sum(row.points for row in result.table()) == len(result.games)
    for row in result.table():
        assert row.games == 10 and row.wins + row.draws + row.losses == 10


def test_a_crash_or_a_time_out_loses_the_game_and_is_named(standings):
    result = standings.result
    for g in result.games:
        failing = {"crashes", "slow"} & {g.max_engine, g.min_engine}
        if failing and g.forfeit:
            assert g.forfeit in failing
            assert g.points(g.forfeit) == 0
    notes = {g.forfeit: g.note for g in result.games if g.forfeit}
    assert "ZeroDivisionError: my bug" in notes["crashes"]
    assert "exceeded its time" in notes["slow"]
    rows = {row.engine: row for row in result.table()}
    # against every honest entry they fail and lose; between them, whoever moves first fails first
    cross = result.crosstable()
    for failing in ("crashes", "slow"):
        assert all(cross[failing][honest] == 0 for honest in HONEST)
    assert cross["crashes"]["slow"] + cross["slow"]["crashes"] == 2
    assert rows["crashes"].losses + rows["slow"].losses == 10 + 10 - 2


def test_the_command_writes_csv_and_html(entries, tmp_path, capsys):
    _, paths = entries
    chosen = [p for p in paths if p.stem in ("course", "flat", "crashes", "syntax")]
    code = main(
        ["tournament", *map(str, chosen), "--game", "tictactoe", "--time", "0.05",
         "--search", "minimax", "--out", str(tmp_path)]
    )  # fmt: skip
    assert code == 0
    with (tmp_path / "standings.csv").open() as file:
        rows = list(csv.DictReader(file))
    ranked = [r for r in rows if r["rank"]]
    ratings = [float(r["rating"]) for r in ranked]  # ranked by μ − 3σ, points beside it
    assert ratings == sorted(ratings, reverse=True)
    for r in ranked:
        assert abs(float(r["rating"]) - (float(r["mu"]) - 3 * float(r["sigma"]))) < 0.02
    assert {r["entry"] for r in ranked} == {"course", "flat", "crashes"}
    assert rows[-1]["entry"] == "syntax" and not rows[-1]["rank"]
    by_name = {r["entry"]: r for r in rows}
    assert by_name["syntax"]["problems"].startswith("disqualified: SyntaxError")
    assert "crashed" in by_name["crashes"]["problems"]
    page = (tmp_path / "standings.html").read_text()
    assert "Crosstable" in page and "course" in page and "SyntaxError" in page
    assert "course" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("paths", "options", "message"),
    [
        ([], {}, "at least two entries"),
        (["missing.py"], {}, "no such file"),
        (["README.md"], {}, "a .py file or a notebook"),
        (["x.py"], {"game": "go"}, "unknown game 'go'"),
        (["x.py"], {"search": "psychic"}, "no search algorithm called"),
    ],
)
def test_bad_tournaments_are_refused(paths, options, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "README.md").write_text("hello")
    (tmp_path / "x.py").write_text("def evaluate(s):\n    return 0\n")
    with pytest.raises(TournamentError, match=message):
        run_tournament(paths, **options)
