"""A Chinese chapter in a real browser: every Chinese character is drawn, none is a box.

The Chinese chapter 00 is exported as a static page (``coursekit html``) and opened
offline in Chromium. For the prose and for a picture's text, each Chinese character is
drawn on a canvas in the font stack the page gives that text, and compared with a
character no font has (U+E000 in the private use area): a missing glyph is drawn as the
same empty box (.notdef) or as nothing. ``document.fonts.check`` answers ``true`` for
a font that is not installed at all, so it cannot be the test alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.languages import record

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
CHAPTER = ROOT / "notebooks" / "zh" / "00_start_here.ipynb"

# For the text of `selector`: the Chinese characters whose glyph looks like the missing one.
MISSING_GLYPHS_JS = """([selector, extra]) => {
  const element = document.querySelector(selector);
  if (!element) return {found: false};
  const family = getComputedStyle(element).fontFamily;
  const text = element.textContent + extra;
  const chars = [...new Set([...text].filter((c) => /[\\u4e00-\\u9fff]/.test(c)))];
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 48;
  const context = canvas.getContext('2d', {willReadFrequently: true});
  const image = (c) => {
    context.clearRect(0, 0, 48, 48);
    context.font = `32px ${family}`;
    context.textBaseline = 'top';
    context.fillText(c, 4, 4);
    return context.getImageData(0, 0, 48, 48).data.join(',');
  };
  const blank = image(' ');
  const box = image('\\ue000');
  const missing = chars.filter((c) => [box, blank].includes(image(c)));
  return {found: true, family, count: chars.length, missing};
}"""


# A node label as Graphviz writes one (its font-family attribute), in the first picture.
LABEL_JS = """() => {
  const svg = document.querySelector('.ck-graph-frame svg');
  const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
  text.setAttribute('font-family', 'Helvetica,sans-Serif');
  text.setAttribute('class', 'ck-test');
  text.textContent = '博弈树倒推值';
  svg.appendChild(text);
}"""


# Each Chinese edition's chapter 00, with a word its prose has, in its own characters.
EDITIONS = {"zh": "博弈树极小极大剪枝", "zh-Hant": "博弈樹極小極大剪枝"}


def chapter(code: str) -> Path:
    return ROOT / "notebooks" / record(code).folder / CHAPTER.name


@pytest.fixture(scope="module")
def page_path(course_exports) -> Path:
    """The Chinese chapter 00's static page, the session's (made once per test run)."""
    return course_exports.page(CHAPTER)


@pytest.mark.parametrize("code", EDITIONS)
def test_the_chinese_chapter_draws_every_chinese_character(
    open_page, course_exports, artifacts, code
):
    """In each edition: its page says its language's tag (the browser picks its glyphs by
    it), its prose and pictures have a glyph for every character, drawn by its own font
    first (Noto Sans CJK SC for zh, TC for zh-Hant: the records' fonts)."""
    language = record(code)
    page, log = open_page("file://")
    page.goto(course_exports.page(chapter(code)).as_uri())
    assert page.evaluate("document.documentElement.lang") == language.tag
    page.wait_for_selector(".ck-graph-frame svg g.node", timeout=60_000)
    page.evaluate("document.fonts.ready")
    page.screenshot(path=str(artifacts / f"chinese-00_start_here-{code}.png"), full_page=True)
    prose = page.evaluate(MISSING_GLYPHS_JS, [".jp-RenderedMarkdown", EDITIONS[code]])
    assert prose["found"] and prose["count"] > 10
    assert prose["missing"] == [], (
        f"no glyph in {prose['family']} for {''.join(prose['missing'])}: install a Chinese font "
        "(Debian/Ubuntu: apt-get install fonts-noto-cjk; coursekit doctor)"
    )
    page.evaluate(LABEL_JS)  # chapter 00's trees have no labels: give one a Chinese label
    picture = page.evaluate(MISSING_GLYPHS_JS, [".ck-graph-frame svg text.ck-test", ""])
    own = language.fonts[0]
    assert own in picture["family"], picture["family"]  # graph_view.font_rules()
    other = "Noto Sans CJK TC" if own.endswith("SC") else "Noto Sans CJK SC"
    assert picture["family"].index(own) < picture["family"].index(other), picture["family"]
    assert picture["missing"] == [], f"pictures: no glyph for {''.join(picture['missing'])}"
    assert page.evaluate(f"""document.fonts.check('16px "{own}"', '{EDITIONS[code]}')""")
    assert log.off_machine() == [] and log.errors == []


def test_a_character_no_font_has_is_caught(open_page, page_path):
    page, _ = open_page("file://")
    page.goto(page_path.as_uri())
    page.wait_for_selector(".jp-RenderedMarkdown")
    script = MISSING_GLYPHS_JS.replace("\\u4e00-\\u9fff", "\\ue000-\\ue0ff")
    assert script != MISSING_GLYPHS_JS
    found = page.evaluate(script, [".jp-RenderedMarkdown", "\ue001"])
    assert found["missing"] == ["\ue001"]  # the check can fail


def test_a_chinese_deck_draws_every_chinese_character(open_page, course_exports, artifacts):
    """A Chinese chapter's offline slides (chapter 04: prose, pictures and an explorer)."""
    deck = course_exports.deck(ROOT / "notebooks" / "zh" / "04_alphabeta.ipynb")
    page, log = open_page("file://")
    page.goto(deck.as_uri())
    page.wait_for_selector(".reveal.ready", timeout=30_000)
    page.evaluate("document.fonts.ready")
    page.screenshot(path=str(artifacts / "chinese-04_alphabeta-slide-1.png"))
    text = page.evaluate(MISSING_GLYPHS_JS, [".reveal .slides", ""])
    assert text["found"] and text["count"] > 100
    assert text["missing"] == [], f"slides: no glyph for {''.join(text['missing'])}"
    assert log.off_machine() == [] and log.errors == []
