"""standings.html in a real browser: each game steps move by move with no kernel, light and dark.

The page is opened from a file, offline; every request off the machine is
aborted and recorded. Screenshots go to the artifacts folder
(``standings-light.png``, ``standings-dark.png``), to be looked at.
"""

from __future__ import annotations

import pytest

from coursekit.games import ConnectFour
from coursekit.tools.tournament.report import standings_page
from coursekit.tools.tournament.standings import standings_from_journal
from tests.tools.test_tourney_report import journal_of

pytestmark = pytest.mark.browser

MARKS_JS = "() => [...document.querySelectorAll('#ck-board .ck-cell')]" \
    ".filter((c) => /ck-[xo]/.test(c.className)).length"  # fmt: skip


@pytest.fixture(scope="module")
def page_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("standings")
    game = ConnectFour(rows=4, cols=5, k=4)
    journal = journal_of(folder, game, "connect4-small")
    standings = standings_from_journal(journal, rounds=3)
    journal.close()
    for lang, name in (("en", "standings.html"), ("zh", "standings.zh.html")):
        (folder / name).write_text(standings_page(standings, game, lang), encoding="utf-8")
    return folder / "standings.html", len(standings.games)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_game_steps_move_by_move_without_a_kernel(open_page, page_file, artifacts, scheme):
    path, games = page_file
    page, log = open_page("file://")
    page.emulate_media(color_scheme=scheme)
    page.goto(path.as_uri())
    assert page.locator("#ck-game option").count() == games
    page.select_option("#ck-game", "1")
    last = int(page.get_attribute("#ck-ply", "max"))
    assert page.evaluate(MARKS_JS) == last  # a loaded game shows its end
    page.click("button[data-go='start']")
    assert page.evaluate(MARKS_JS) == 0
    page.click("button[data-go='next']")
    page.click("button[data-go='next']")
    page.focus("#ck-board")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(MARKS_JS) == 3
    assert page.inner_text("#ck-move") == f"move 3 of {last}"
    page.click("button[data-go='back']")
    assert page.evaluate(MARKS_JS) == 2
    page.click(".ck-cross a >> nth=0")  # a result in the crosstable opens its game
    assert page.evaluate("() => location.hash").startswith("#game-")
    page.screenshot(path=str(artifacts / f"standings-{scheme}.png"), full_page=True)
    assert log.errors == [] and log.off_machine() == []


def test_the_chinese_page_steps_too(open_page, page_file):
    path, _ = page_file
    page, log = open_page("file://")
    page.goto(path.with_name("standings.zh.html").as_uri())
    page.click("button[data-go='start']")
    page.click("button[data-go='next']")
    assert page.inner_text("#ck-move").startswith("第 1 步")
    assert log.errors == [] and log.off_machine() == []
