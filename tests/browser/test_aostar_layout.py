"""The AO* explorer in a real JupyterLab: an h edit moves no node and highlights what it changed.

A fresh JupyterLab (every request off the machine blocked) runs a notebook
holding one :class:`~coursekit.widgets.AOStarExplorer`. The test types a new
h(n4) into the h table and checks, in the drawn SVG, that every node is where
it was (the ellipses' coordinates, read through each node group's ``<title>``),
that the page did not lay the picture out again, that n4's text and the texts
of the nodes whose q it changed are written in the edit colour and no other
node's are, and that this colour reads (WCAG AA)
on its background in the light and the dark theme. Then it removes a rule: the
rule is hidden and still no node moves, until "reset layout" lays the graph out anew.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from coursekit.andor.aostar import ao_star
from coursekit.andor.examples import course_example
from coursekit.draw.andor import EDITED
from tests.conftest import jupyter_lab

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
NOTEBOOK = "aostar_layout.ipynb"
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
AA = 4.5
EXPLORER = ".ck-aostar-explorer"

# Each node of the explorer's picture: its name (first text), where its outline is drawn,
# whether it is hidden at this cycle, and its text colour and background as the page shows.
NODES_JS = """(selector) => {
  const parse = (c) => {
    const m = c && c.match(/[\\d.]+/g);
    if (!m || c === 'none') return null;
    if (m.length > 3 && Number(m[3]) === 0) return null;
    return m.slice(0, 3).map(Number);
  };
  const paper = (el) => {
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c) return c;
    }
    return [255, 255, 255];
  };
  const graph = document.querySelector(selector + ' .ck-graph');
  const nodes = {};
  for (const g of graph.querySelectorAll('svg g.node')) {
    const title = g.querySelector(':scope > title').textContent;
    const shapes = [...g.querySelectorAll('ellipse')];
    let background = paper(graph);
    for (const s of shapes) background = parse(getComputedStyle(s).fill) || background;
    const text = g.querySelector('text');
    nodes[title] = {
      name: text.textContent,
      texts: [...g.querySelectorAll('text')].map((t) => t.textContent),
      at: shapes.map((s) => [s.getAttribute('cx'), s.getAttribute('cy'), s.getAttribute('rx')]),
      textAt: [...g.querySelectorAll('text')].map(
        (t) => [t.getAttribute('x'), t.getAttribute('y')]),
      anchors: [...g.querySelectorAll('text')].map((t) => t.getAttribute('text-anchor')),
      hidden: g.classList.contains('ck-hidden'),
      fill: parse(getComputedStyle(text).fill),
      background,
    };
  }
  return {nodes, drawn: graph.dataset.drawn};
}"""


def luminance(rgb: list[float]) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    hi, lo = sorted([luminance(a), luminance(b)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def hex_rgb(colour: str) -> list[int]:
    return [int(colour[i : i + 2], 16) for i in (1, 3, 5)]


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """A fresh JupyterLab serving a notebook with one AO* explorer; (base URL, token)."""
    work = tmp_path_factory.mktemp("lab-aostar")
    root = work / "root"
    root.mkdir()
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("from coursekit.widgets import AOStarExplorer\nAOStarExplorer()")
    ]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(notebook, root / NOTEBOOK)
    with jupyter_lab(work, root, python_path=str(HERE.parents[1])) as (base, token):
        yield base, token


def by_name(found: dict) -> dict[str, dict]:
    return {node["name"]: {**node, "title": title} for title, node in found["nodes"].items()}


def test_an_h_edit_moves_no_node_and_highlights_what_it_changed(lab, open_page, artifacts):
    base, token = lab
    page, log = open_page(base)
    page.goto(f"{base}/lab/tree/{NOTEBOOK}?token={token}&reset")
    page.locator(".jp-StatusBar-Widget", has_text=KERNEL_IDLE).wait_for(timeout=120_000)
    page.locator("li.lm-MenuBar-item", has_text="Run").click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()
    page.locator(f"{EXPLORER} .ck-graph svg g.node").first.wait_for(timeout=120_000)
    page.locator(".jp-StatusBar-Widget", has_text=KERNEL_IDLE).wait_for(timeout=60_000)
    page.wait_for_timeout(500)
    before = page.evaluate(NODES_JS, EXPLORER)
    nodes = by_name(before)
    assert set(nodes) == {f"n{i}" for i in range(9)}, nodes.keys()
    assert "h=1 q=1" in nodes["n4"]["texts"][1]
    teal = hex_rgb(EDITED)
    assert all(node["fill"] != teal for node in nodes.values()), "no node is marked yet"

    box = page.locator(f"{EXPLORER} .ck-h-input input[placeholder='h(n4)']")
    box.fill("4")
    box.press("Enter")
    page.locator(f"{EXPLORER} .ck-result", has_text="cost 8").wait_for(timeout=30_000)
    page.wait_for_function(
        "([sel, title]) => [...document.querySelectorAll(sel + ' .ck-graph g.node')]"
        ".some((g) => g.querySelector(':scope > title').textContent === title"
        " && g.querySelectorAll('text')[1].textContent.startsWith('h=4'))",
        arg=[EXPLORER, nodes["n4"]["title"]],
        timeout=30_000,
    )
    page.wait_for_timeout(300)
    page.screenshot(path=artifacts / "aostar-layout-edited-light.png", full_page=True)
    after = page.evaluate(NODES_JS, EXPLORER)
    assert after["drawn"] == before["drawn"], "the picture was laid out again"
    edited = by_name(after)
    for name, node in nodes.items():
        assert edited[name]["title"] == node["title"]
        assert edited[name]["at"] == node["at"], f"{name} moved"
        assert edited[name]["textAt"] == node["textAt"], f"{name}'s text moved"
    assert edited["n4"]["texts"][1].startswith("h=4")
    # the values, shorter than the layout's placeholder h=0000 q=0000, are centred on the node
    centre = float(edited["n4"]["at"][0][0])
    assert edited["n4"]["anchors"][1] == "middle"
    assert float(edited["n4"]["textAt"][1][0]) == pytest.approx(centre, abs=0.5)
    # the edit colour is AA on white already, so the page keeps it as it is
    # n4, and the nodes whose q the new h(n4) changed through the revisions (worked out here
    # from AO* itself: with h(n4) = 4 those are n0, n1, n2, n3 and n4)
    before_q = ao_star(course_example(), "n0").q
    after_q = ao_star(course_example().with_h({"n4": 4}), "n0").q
    revised = {n for n, q in after_q.items() if before_q.get(n, q) != q}
    assert revised == {"n0", "n1", "n2", "n3", "n4"}
    marked = {name for name, node in edited.items() if node["fill"] == teal and not node["hidden"]}
    assert marked == {"n4"} | {n for n in revised if not edited[n]["hidden"]}
    assert contrast(edited["n4"]["fill"], edited["n4"]["background"]) >= AA

    # the dark theme: the page recolours the mark until it reads there too
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme',"
        " {theme: 'JupyterLab Dark'})"
    )
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    page.wait_for_timeout(1000)
    page.screenshot(path=artifacts / "aostar-layout-edited-dark.png", full_page=True)
    dark = by_name(page.evaluate(NODES_JS, EXPLORER))
    red, green, blue = dark["n4"]["fill"]
    assert red < green and red < blue, f"n4 is not written in teal: {dark['n4']['fill']}"
    for name, node in dark.items():
        if not node["hidden"]:
            assert contrast(node["fill"], node["background"]) >= AA, name

    # a rule removed: hidden, and still nothing moves; "reset layout" lays the rest out anew
    rules = page.locator(f"{EXPLORER} .ck-rules-input textarea")
    rules.fill(rules.input_value().replace("n2 -> n3\n", ""))
    rules.press("Tab")  # the box reports its text when it loses the focus
    ghosts = page.locator(f"{EXPLORER} .ck-layout-ghosts", has_text="1 rule")
    ghosts.wait_for(timeout=30_000)
    page.wait_for_timeout(300)
    ghosts.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "aostar-layout-rule-removed-dark.png", full_page=True)
    removed = page.evaluate(NODES_JS, EXPLORER)
    assert removed["drawn"] == before["drawn"], "the picture was laid out again"
    for name, node in by_name(removed).items():
        assert node["at"] == nodes[name]["at"], f"{name} moved"
    page.locator(f"{EXPLORER} button.ck-layout-reset").click()
    ghosts.wait_for(state="hidden", timeout=30_000)
    page.wait_for_function(
        "([sel, n]) => Number(document.querySelector(sel + ' .ck-graph').dataset.drawn) > n",
        arg=[EXPLORER, int(before["drawn"])],
        timeout=30_000,
    )

    # a rule added: the layout grows, and every node already drawn keeps its place
    # (the page pins them and puts the new parts beside them, covering none)
    page.wait_for_timeout(500)
    kept = page.evaluate(NODES_JS, EXPLORER)
    rules.fill(rules.input_value() + "\nn3 -> n4\n")
    rules.press("Tab")
    page.wait_for_function(
        "([sel, n]) => Number(document.querySelector(sel + ' .ck-graph').dataset.drawn) > n",
        arg=[EXPLORER, int(kept["drawn"])],
        timeout=30_000,
    )
    page.wait_for_timeout(500)
    page.screenshot(path=artifacts / "aostar-layout-rule-added-dark.png", full_page=True)
    grown = by_name(page.evaluate(NODES_JS, EXPLORER))
    old = by_name(kept)
    assert set(old) <= set(grown)

    def centre(node: dict) -> tuple[float, float]:
        cx, cy, _ = node["at"][0]
        return float(cx), float(cy)

    x0, y0 = centre(old["n0"])
    x1, y1 = centre(grown["n0"])
    for name, node in old.items():
        x, y = centre(node)
        nx, ny = centre(grown[name])
        assert (nx - x1, ny - y1) == (pytest.approx(x - x0, abs=1), pytest.approx(y - y0, abs=1)), (
            f"{name} moved"
        )
    shown = [(*centre(node), float(node["at"][0][2])) for node in grown.values()]
    for i, (ax, ay, ar) in enumerate(shown):
        for bx, by, br in shown[i + 1 :]:
            assert abs(ax - bx) >= ar + br or abs(ay - by) >= 20, "two nodes cover each other"
    assert not log.blocked, f"requests off the machine: {log.blocked}"
