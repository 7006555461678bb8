"""Every chapter's slides and static HTML page, offline and with no kernel: pictures and steps.

Each chapter notebook found on disk (``notebooks/NN_*.ipynb``) is exported twice,
as offline reveal.js slides (``coursekit slides --offline``) and as a static HTML
page (``coursekit html``), and each export is opened from ``file://`` in headless
Chromium with every request that would leave the machine aborted and recorded.
There is no kernel behind these pages. The tests check that

- every picture the executed notebook holds is drawn: each picture widget
  (``GraphView``, alone or inside an explorer) has laid out an SVG (or shows its
  text line), each SVG written into an HTML output is there and each image has
  loaded — the numbers come from the notebook's outputs and widget state, so a
  picture that does not render fails the test;
- every step-through (a ``GraphView`` with steps) steps in the page: its own
  buttons, or the explorer's slider linked to it in the page (``jslink``), change
  the drawn nodes and the caption — on slides after turning to the slide that
  holds it (reveal.js's API);
- nothing was requested off the machine, no file was missing, no script failed.

The notebook is run once per test run and both exporters use that run (their own code path
otherwise); each export is made once and shared with the other tests that measure it.
Screenshots: ``build/test-artifacts/offline-exports/``.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

from coursekit.tools.site import slides

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
KINDS = ("slides", "html")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
REFERENCE = "IPY_MODEL_"
REVEAL = f"{slides.OFFLINE_URLS['reveal_url_prefix']}/dist/reveal.js"
SVG_TAG = re.compile(r"<svg[\s>]")
IMG_TAG = re.compile(r"<img[\s>]")
DRAW_TIMEOUT_MS = 60_000
# An explorer's step buttons, by class, and the step a click leads to from step k of n.
STEP_BUTTONS = {
    "ck-step-last": lambda k, n: n,
    "ck-step-back": lambda k, n: k - 1,
    "ck-step-first": lambda k, n: 0,
    "ck-step-next": lambda k, n: k + 1,
}


# --- what the executed notebook holds ------------------------------------------------------


@dataclass(frozen=True)
class Stepper:
    """A control in the page that moves a step-through: the explorer's slider, ``jslink``-ed.

    ``css_class`` is the slider's own class (``ck-step``), ``low``/``high`` its range,
    ``value`` where it stands in the export.
    """

    css_class: str
    description: str
    low: int
    high: int
    value: int


@dataclass(frozen=True)
class Graph:
    """One picture widget (``GraphView``) as stored in the widget state."""

    model_id: str
    drawn: bool  # has a DOT source (else it shows a line of text)
    text: str
    steps: int  # the number of steps of its step-through (0: none)
    step: int
    controls: bool  # shows its own step buttons
    stepper: Stepper | None
    buttons: tuple[str, ...] = ()  # the explorer's step buttons, by class (STEP_BUTTONS)


@dataclass(frozen=True)
class Expected:
    """What a page made from an executed notebook must show, counted from its outputs."""

    widgets: dict[str, list[Graph]]  # widget-view output's model id → its pictures, in layout order
    svgs: int  # SVGs written into HTML (or image/svg+xml) outputs
    images: int  # PNG/JPEG images and <img> in HTML outputs
    widget_svgs: dict[str, int]  # widget-view output's model id → SVGs in its HTML widgets
    widget_images: dict[str, int]  # … and <img> in its HTML widgets
    unmarked: list[str]  # buttons beside a step-through that look like step buttons, unclassed

    @property
    def graphs(self) -> list[Graph]:
        return [graph for graphs in self.widgets.values() for graph in graphs]


def shown_cells(nb: nbformat.NotebookNode, kind: str) -> Iterator[nbformat.NotebookNode]:
    """The cells whose outputs the export shows.

    A static page shows every cell; slides leave out ``skip`` cells, put ``notes``
    cells into the speaker notes and drop the outputs of cells tagged ``hide-output``.
    """
    for cell in nb.cells:
        if kind == "slides":
            slide_type = cell.metadata.get("slideshow", {}).get("slide_type", "-")
            if slide_type in ("skip", "notes") or "hide-output" in cell.metadata.get("tags", []):
                continue
        yield cell


def references(value) -> Iterator[str]:
    """The model ids that a piece of widget state refers to (``"IPY_MODEL_…"``)."""
    if isinstance(value, str) and value.startswith(REFERENCE):
        yield value[len(REFERENCE) :]
    elif isinstance(value, list):
        for item in value:
            yield from references(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from references(item)


def laid_out(state: dict, model_id: str) -> list[str]:
    """The widget ``model_id`` and the widgets shown inside it, depth first in layout order."""
    order, stack = [], [model_id]
    while stack:
        current = stack.pop()
        if current not in state or current in order:
            continue
        order.append(current)
        model = state[current]["state"]
        inside = list(references(model.get("children", [])))
        for output in model.get("outputs", []):  # an Output widget showing widgets
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view:
                inside.append(view["model_id"])
        stack.extend(reversed(inside))
    return order


def stepper_of(state: dict, view_id: str) -> Stepper | None:
    """The slider linked in the page (``jslink``) to the ``step`` of picture ``view_id``."""
    for model in state.values():
        if model["model_name"] not in ("LinkModel", "DirectionalLinkModel"):
            continue
        ends = [model["state"].get("source"), model["state"].get("target")]
        ends = [(next(references(end[0]), None), end[1]) for end in ends if end]
        if (view_id, "step") not in ends:
            continue
        (other, _trait) = next(end for end in ends if end != (view_id, "step"))
        control = state[other]["state"]
        classes = [c for c in control.get("_dom_classes", []) if c.startswith("ck-")]
        assert state[other]["model_name"].endswith("SliderModel") and classes, (
            f"the step of picture {view_id} is linked to a {state[other]['model_name']} "
            f"with classes {control.get('_dom_classes')}: this test knows sliders with a ck- class"
        )
        return Stepper(
            classes[0],
            control.get("description", ""),
            int(control["min"]),
            int(control["max"]),
            int(control["value"]),
        )
    return None


def expected_in(nb: nbformat.NotebookNode, kind: str) -> Expected:
    """Count the pictures that the export ``kind`` of the executed ``nb`` must draw."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    widgets: dict[str, list[Graph]] = {}
    widget_svgs: dict[str, int] = {}
    widget_images: dict[str, int] = {}
    unmarked: list[str] = []
    svgs = images = 0
    for cell in shown_cells(nb, kind):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            view = data.get(WIDGET_VIEW)
            if view and view["model_id"] in state:  # the page shows the widget, nothing else
                shown = laid_out(state, view["model_id"])
                buttons = step_buttons(state, shown)
                widgets[view["model_id"]] = [
                    graph_of(state, model_id, buttons)
                    for model_id in shown
                    if "dot" in state[model_id]["state"]
                ]
                if any(graph.steps for graph in widgets[view["model_id"]]):
                    unmarked += unmarked_step_buttons(state, shown)
                html = "".join(
                    state[model_id]["state"].get("value", "")
                    for model_id in shown
                    if state[model_id]["model_name"] in ("HTMLModel", "HTMLMathModel")
                )
                widget_svgs[view["model_id"]] = len(SVG_TAG.findall(html))
                widget_images[view["model_id"]] = len(IMG_TAG.findall(html))
            elif "text/html" in data:
                svgs += len(SVG_TAG.findall(data["text/html"]))
                images += len(IMG_TAG.findall(data["text/html"]))
            elif "image/svg+xml" in data:
                svgs += 1
            elif "image/png" in data or "image/jpeg" in data:
                images += 1
    return Expected(widgets, svgs, images, widget_svgs, widget_images, unmarked)


def step_buttons(state: dict, shown: list[str]) -> tuple[str, ...]:
    """The classes of the step buttons (:data:`STEP_BUTTONS`) among the widgets ``shown``."""
    return tuple(
        css
        for model_id in shown
        if state[model_id]["model_name"] == "ButtonModel"
        for css in state[model_id]["state"].get("_dom_classes", [])
        if css in STEP_BUTTONS
    )


ARROWS = re.compile("[‹›«»]")


def unmarked_step_buttons(state: dict, shown: list[str]) -> list[str]:
    """Buttons among ``shown`` that look like step buttons (‹ › « ») but lack a step class."""
    return [
        state[model_id]["state"].get("description", "")
        for model_id in shown
        if state[model_id]["model_name"] == "ButtonModel"
        and ARROWS.search(state[model_id]["state"].get("description", ""))
        and not set(state[model_id]["state"].get("_dom_classes", [])) & set(STEP_BUTTONS)
    ]


def graph_of(state: dict, model_id: str, buttons: tuple[str, ...] = ()) -> Graph:
    model = state[model_id]["state"]
    steps = int((model.get("steps") or {}).get("count", 0))
    return Graph(
        model_id=model_id,
        drawn=bool(model["dot"]),
        text=model.get("text", ""),
        steps=steps,
        step=int(model.get("step", 0)),
        controls=bool(model.get("controls", True)),
        stepper=stepper_of(state, model_id) if steps else None,
        buttons=buttons if steps else (),
    )


def test_expectations_are_read_from_the_widget_state():
    """The counting above finds pictures inside explorers, their order and their sliders."""

    def model(name: str, **fields) -> dict:
        return {"model_name": name, "state": fields}

    state = {
        "box": model(
            "VBoxModel",
            children=[f"{REFERENCE}slider", f"{REFERENCE}inner", f"{REFERENCE}plot"],
        ),
        "inner": model(
            "HBoxModel",
            children=[f"{REFERENCE}back", f"{REFERENCE}next", f"{REFERENCE}a", f"{REFERENCE}b"],
        ),
        "back": model("ButtonModel", _dom_classes=["ck-step-back"], description="‹ Back"),
        "next": model("ButtonModel", _dom_classes=["ck-step"], description="step ›"),
        "a": model("AnyModel", dot="digraph {x}", steps={"count": 3}, step=3, controls=False),
        "b": model("AnyModel", dot="", text="nothing yet"),
        "plot": model("HTMLModel", value="<div><svg width='9'></svg></div>"),
        "slider": model(
            "IntSliderModel", _dom_classes=["ck-step"], description="step", min=0, max=3, value=3
        ),
        "link": model(
            "LinkModel",
            source=[f"{REFERENCE}slider", "value"],
            target=[f"{REFERENCE}a", "step"],
        ),
        "alone": model("AnyModel", dot="digraph {y}"),
    }
    view = {"version_major": 2, "version_minor": 0}

    def shown(model_id: str) -> dict:
        return nbformat.v4.new_output(
            "display_data", data={WIDGET_VIEW: {**view, "model_id": model_id}}
        )

    cells = [
        nbformat.v4.new_code_cell(outputs=[shown("box")]),
        nbformat.v4.new_code_cell(
            outputs=[
                nbformat.v4.new_output(
                    "display_data", data={"text/html": "<svg></svg><img src=x>"}
                ),
                nbformat.v4.new_output("display_data", data={"image/png": "AAAA"}),
            ]
        ),
        nbformat.v4.new_code_cell(outputs=[shown("alone")]),
    ]
    cells[2].metadata["tags"] = ["hide-output"]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["widgets"] = {WIDGET_STATE: {"state": state}}

    page = expected_in(nb, "html")
    assert [g.model_id for g in page.graphs] == ["a", "b", "alone"]
    assert page.graphs[0].stepper == Stepper("ck-step", "step", 0, 3, 3)
    assert (page.graphs[0].buttons, page.graphs[1].buttons) == (("ck-step-back",), ())
    assert (page.graphs[1].drawn, page.graphs[1].text) == (False, "nothing yet")
    assert (page.svgs, page.images) == (1, 2)
    assert page.widget_svgs == {"box": 1, "alone": 0}
    assert page.unmarked == ["step ›"]  # a step button the page could not step with
    assert [g.model_id for g in expected_in(nb, "slides").graphs] == ["a", "b"]


# --- the exports: the session's, made once per test run (``course_exports``) --------------------


def exported(exports, kind: str, notebook: Path) -> tuple[Path, nbformat.NotebookNode]:
    """The export ``kind`` of ``notebook`` and the executed notebook it was made from."""
    path = exports.deck(notebook) if kind == "slides" else exports.page(notebook)
    return path, exports.executed(notebook)


# --- in the page -------------------------------------------------------------------------------

# Where the export shows outputs: a static page everywhere, slides outside the speaker notes.
SCOPE = {"slides": ".reveal .slides", "html": "body"}
PICTURES = ".ck-graph, .jp-OutputArea-output img, .jp-OutputArea-output svg"

# Per widget output: its pictures (drawn SVG, text, step), and the SVGs and images of its HTML
# parts; then the SVGs and images of the other outputs. Hosts get data-ck-view = model id.
FOUND_JS = """(scope) => {
  const root = document.querySelector(scope);
  const shown = (el) => !el.closest('aside.notes');
  const topSvgs = (svgs) => svgs.filter((svg) => !svg.parentElement.closest('svg'));
  const loaded = (img) => img.complete && img.naturalWidth > 0;
  const views = [...root.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-view+json"]')].filter(shown);
  const widgets = views.map((script) => {
    const host = script.parentElement;
    const id = JSON.parse(script.textContent).model_id;
    host.dataset.ckView = id;
    const own = (selector) => [...host.querySelectorAll(selector)]
        .filter((el) => !el.closest('.ck-graph'));
    const graphs = [...host.querySelectorAll('.ck-graph')].map((g) => {
      const frame = g.querySelector('.ck-graph-frame');
      const svg = frame && frame.querySelector(':scope > svg');
      return {
        svg: Boolean(svg && svg.querySelector('g.node, g.edge')),
        text: frame ? frame.textContent.trim() : '',
        step: g.dataset.step === undefined ? null : Number(g.dataset.step),
      };
    });
    const images = own('img');
    return {id, graphs, svgs: topSvgs(own('svg')).length, images: images.length,
            broken: images.filter((i) => !loaded(i)).length};
  });
  const outputs = [...root.querySelectorAll('.jp-OutputArea-output')].filter(shown);
  const inOutputs = (selector) => outputs.flatMap((o) => [...o.querySelectorAll(selector)])
      .filter((el) => !el.closest('.ck-graph, .jupyter-widgets'));
  const images = inOutputs('img');
  return {
    widgets,
    svgs: topSvgs(inOutputs('svg')).length,
    images: images.length,
    broken: images.filter((i) => !loaded(i)).map((i) => i.src.slice(0, 60)),
  };
}"""

DRAWN_JS = """([scope, wanted]) => {
  const root = document.querySelector(scope);
  const graphs = [...root.querySelectorAll('.ck-graph')].filter((g) => !g.closest('aside.notes'));
  const done = graphs.filter((g) => g.querySelector('.ck-graph-frame > svg')
      || g.querySelector('.ck-graph-frame').textContent.trim()).length;
  const images = [...root.querySelectorAll('.jp-OutputArea-output img')];
  return done >= wanted && images.every((i) => i.complete);
}"""

# What a picture shows: each node's and edge's shapes (stroke, fill, opacity, drawn or hidden)
# and texts, its caption and its step.
LOOK_JS = """(g) => {
  const look = (el) => [el.getAttribute('stroke'), el.getAttribute('fill'),
      el.getAttribute('opacity'), el.style.stroke, el.style.fill].join(' ');
  const items = {};
  for (const item of g.querySelectorAll('.ck-graph-frame svg g.node, .ck-graph-frame svg g.edge')) {
    const title = item.querySelector(':scope > title');
    items[title ? title.textContent : '?'] = [
      item.classList.contains('ck-hidden') ? 'hidden' : 'shown',
      ...[...item.querySelectorAll('ellipse, polygon, path, polyline')].map(look),
      ...[...item.querySelectorAll('text')].map((t) => t.textContent + ' ' + look(t)),
    ].join(' | ');
  }
  return {items, caption: g.querySelector('.ck-graph-caption').textContent,
          step: Number(g.dataset.step)};
}"""

TO_SLIDE_JS = """(el, src) => new Promise((done) => require([src], (R) => {
  const section = el.closest('section');
  const at = R.getIndices(section);
  R.slide(at.h, at.v);
  done([at.h, at.v]);
}))"""


def open_export(open_page, kind: str, path: Path, wanted: int):
    """Open ``path`` offline and wait until ``wanted`` pictures are drawn (or the time is up)."""
    page, log = open_page("file://")
    page.goto(path.as_uri())
    if kind == "slides":
        page.wait_for_selector(".reveal.ready", timeout=30_000)
    from playwright.sync_api import TimeoutError as NotDrawn

    # a picture that never draws: the assertions after this say which
    with contextlib.suppress(NotDrawn):
        page.wait_for_function(DRAWN_JS, arg=[SCOPE[kind], wanted], timeout=DRAW_TIMEOUT_MS)
    return page, log


def changed(before: dict, after: dict) -> list[str]:
    """The nodes and edges whose look or text differs between two ``LOOK_JS`` readings."""
    return [item for item, look in after["items"].items() if before["items"].get(item) != look]


def step_in_page(page, host, graph: Graph, index: int) -> tuple[dict, dict]:
    """Move the step-through ``graph`` (the ``index``-th picture in ``host``) by its page controls.

    Returns its look before and after. A picture with its own buttons goes to its first
    step (or, when it stands there, its last); an explorer's slider is pressed Home (or End).
    """
    element = host.locator(".ck-graph").nth(index)
    before = element.evaluate(LOOK_JS)
    if graph.controls:
        button = "«" if before["step"] > 0 else "»"
        element.locator(f"button.ck-graph-button:text-is('{button}')").click()
        target = 0 if button == "«" else graph.steps
    else:
        stepper = graph.stepper
        assert stepper is not None, (
            f"picture {graph.model_id} has {graph.steps} steps but neither its own buttons nor "
            "a slider linked to it in the page (jslink): it cannot step without a kernel"
        )
        handle = host.locator(f".{stepper.css_class} .noUi-handle").first
        handle.focus()
        page.keyboard.press("Home" if stepper.value > stepper.low else "End")
        target = stepper.low if stepper.value > stepper.low else stepper.high
    wait_for_step(element, target)
    return before, element.evaluate(LOOK_JS)


def wait_for_step(element, k: int) -> None:
    """Wait (at most 5 s) until the picture ``element`` shows step ``k``."""
    element.evaluate(
        "(g, k) => new Promise((done) => { const t0 = Date.now(); const poll = () =>"
        " (Number(g.dataset.step) === k || Date.now() - t0 > 5000) ? done() : setTimeout(poll, 20);"
        " poll(); })",
        k,
    )


def assert_stepped(before: dict, after: dict, what: str) -> None:
    """The picture moved to another step, and its drawn nodes and its caption changed."""
    assert after["step"] != before["step"], f"{what}: the picture stayed at step {before['step']}"
    assert changed(before, after), (
        f"{what}: from step {before['step']} to {after['step']} no drawn node or edge changed"
    )
    assert after["caption"] != before["caption"], (
        f"{what}: from step {before['step']} to {after['step']} the caption stayed "
        f"{after['caption']!r}"
    )


# The order the explorer's step buttons are clicked in: each present one moves the picture at
# least once, whichever of them an explorer has, and the last click leaves a step in between.
CLICKS = (
    "ck-step-last",
    "ck-step-back",
    "ck-step-first",
    "ck-step-next",
    "ck-step-last",
    "ck-step-back",
)


def click_step_buttons(host, graph: Graph, index: int, where: str) -> None:
    """Click the explorer's step buttons (:data:`CLICKS`): each click steps as it says."""
    element = host.locator(".ck-graph").nth(index)
    moved = set()
    for css in CLICKS:
        if css not in graph.buttons:
            continue
        before = element.evaluate(LOOK_JS)
        target = max(0, min(graph.steps, STEP_BUTTONS[css](before["step"], graph.steps)))
        if target == before["step"]:  # e.g. "next" on the last step: nothing to show
            continue
        host.locator(f"button.{css}").first.click(timeout=5_000)
        wait_for_step(element, target)
        after = element.evaluate(LOOK_JS)
        what = f"{where}: the explorer's button .{css} (picture {graph.model_id})"
        assert after["step"] == target, f"{what}: step {after['step']}, expected {target}"
        assert_stepped(before, after, what)
        if graph.stepper is not None:  # the explorer's slider follows the picture
            readout = host.locator(f".{graph.stepper.css_class} .widget-readout").first
            assert readout.inner_text().strip() == str(target), f"{what}: the slider stayed"
        moved.add(css)
    assert moved == set(graph.buttons), f"{where}: step buttons never clicked: {graph.buttons}"


# --- the tests -----------------------------------------------------------------------------------


def test_every_chapter_is_found():
    assert [path.stem[:2] for path in CHAPTERS][:1] == ["00"], "no chapter notebooks found"


def assert_drawn(expected: Expected, found: dict, where: str) -> None:
    """Every picture the notebook holds is drawn in the page (``found``: ``FOUND_JS``)."""
    # every picture widget: an SVG, or the line of text it was given
    shown = {widget["id"]: widget["graphs"] for widget in found["widgets"]}
    assert list(shown) == list(expected.widgets), f"{where}: the widget outputs differ"
    for view_id, graphs in expected.widgets.items():
        drawn = shown[view_id]
        assert len(drawn) == len(graphs), (
            f"{where}: widget {view_id} shows {len(drawn)} pictures, its state holds {len(graphs)}"
        )
        for graph, seen in zip(graphs, drawn, strict=True):
            if graph.drawn:
                assert seen["svg"], f"{where}: picture {graph.model_id} not drawn: {seen['text']!r}"
                assert seen["step"] == min(graph.step, graph.steps), (
                    f"{where}: picture {graph.model_id} shows step {seen['step']}, "
                    f"its state says {graph.step}"
                )
            else:
                assert seen["text"] == graph.text.strip(), f"{where}: {graph.model_id}'s text"
    # every SVG and image of the explorers' HTML parts
    for widget in found["widgets"]:
        assert widget["svgs"] == expected.widget_svgs[widget["id"]], (
            f"{where}: SVGs in the HTML parts of widget {widget['id']}"
        )
        assert widget["images"] == expected.widget_images[widget["id"]], (
            f"{where}: images in the HTML parts of widget {widget['id']}"
        )
        assert widget["broken"] == 0, f"{where}: images in widget {widget['id']} did not load"
    # every SVG and image written into the other outputs
    assert found["svgs"] == expected.svgs, f"{where}: SVGs in HTML outputs"
    assert found["images"] == expected.images, f"{where}: images"
    assert found["broken"] == [], f"{where}: images that did not load"


def show(page, kind: str, element) -> None:
    """Bring ``element`` into view: on slides, turn to its slide (reveal.js's API)."""
    if kind == "slides":
        element.evaluate(TO_SLIDE_JS, REVEAL)
        page.wait_for_timeout(300)  # the slide lays itself out
    else:
        element.scroll_into_view_if_needed()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda path: path.stem)
def test_export_draws_every_picture_and_steps_offline(
    chapter: Path, kind: str, course_exports, open_page, artifacts: Path
):
    path, nb = exported(course_exports, kind, chapter)
    expected = expected_in(nb, kind)
    page, log = open_export(open_page, kind, path, len(expected.graphs))
    where = f"{chapter.stem} ({kind})"
    assert_drawn(expected, page.evaluate(FOUND_JS, SCOPE[kind]), where)

    # every step-through steps with no kernel: the drawn nodes and the caption change
    assert expected.unmarked == [], (
        f"{where}: buttons beside a step-through without a step class {sorted(STEP_BUTTONS)}: "
        "they would be dead with no kernel"
    )
    shot = artifacts / "offline-exports" / f"{chapter.stem}-{kind}.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    stepped = False
    for view_id, graphs in expected.widgets.items():
        host = page.locator(f"[data-ck-view='{view_id}']")
        for index, graph in enumerate(graphs):
            if not (graph.drawn and graph.steps):
                continue
            show(page, kind, host.locator(".ck-graph").nth(index))
            before, after = step_in_page(page, host, graph, index)
            control = "its buttons" if graph.controls else "the explorer's slider"
            assert_stepped(before, after, f"{where}: picture {graph.model_id} moved by {control}")
            click_step_buttons(host, graph, index, where)
            if not stepped:  # the first step-through, stepped
                page.screenshot(path=shot)
                stepped = True
    if not stepped:  # the first picture
        first = page.locator(f"{SCOPE[kind]} :is({PICTURES}):not(aside.notes *)").first
        if first.count():
            show(page, kind, first)
        page.screenshot(path=shot)

    assert log.blocked == [], f"{where}: requests that would have left the machine"
    assert log.off_machine() == [], f"{where}: requests off the machine"
    assert log.failed == [], f"{where}: files the page asked for that are missing"
    assert log.errors == [], f"{where}: errors in the page"
