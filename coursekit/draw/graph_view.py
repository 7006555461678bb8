"""Pictures laid out in the browser: a DOT source drawn by Graphviz compiled to WebAssembly.

Python builds a picture with the ``graphviz`` package as before (a
:class:`~coursekit.draw.base.Picture`, whose ``.source`` tests read); a
:class:`GraphView` sends that DOT source to the page, where a WebAssembly build
of Graphviz (npm ``@hpcc-js/wasm-graphviz``, vendored in ``draw/static/``)
lays it out. No ``dot`` program is needed.

A step-through sends the layout once plus a compact :class:`StepThrough`: for
each node and edge the steps at which its look changes and a few named styles.
The slider and buttons drawn beside the picture restyle the SVG in the page, so
stepping works with no kernel behind it (static HTML, slides); with a kernel,
``step`` syncs back to Python.

The library travels once per page: it lives in one view-less
:class:`GraphLibrary` model per kernel, which every picture references.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import itertools
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anywidget
import graphviz
import traitlets
from ipywidgets import widget_serialization

from coursekit.errors import CoursekitError
from coursekit.languages import font_stack, record, records
from coursekit.text import language, say

STATIC = Path(__file__).with_name("static")
LIBRARY_FILE = STATIC / "graphviz-wasm.js"
LIBRARY_RECORD = STATIC / "graphviz-wasm.json"


@functools.cache
def library_code() -> str:
    """The vendored Graphviz ES module, after checking it against its recorded SHA-256.

    Raises
    ------
    CoursekitError
        When the file differs from ``graphviz-wasm.json`` (run
        ``scripts/refresh_graphviz_wasm.py``).
    """
    record = json.loads(LIBRARY_RECORD.read_text())
    data = LIBRARY_FILE.read_bytes()
    if hashlib.sha256(data).hexdigest() != record["sha256"]:
        raise CoursekitError(
            f"{LIBRARY_FILE.name} does not match the SHA-256 in {LIBRARY_RECORD.name}: "
            "run scripts/refresh_graphviz_wasm.py to vendor it again"
        )
    return data.decode("utf-8")


class GraphLibrary(anywidget.AnyWidget):
    """The WebAssembly Graphviz as a widget model with no view: one per kernel.

    Get it with :func:`graph_library`; every :class:`GraphView` refers to it.
    """

    _esm = "export default {};"
    code = traitlets.Unicode("").tag(sync=True)
    sha256 = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Unicode("").tag(sync=True)


_LIBRARY: list[GraphLibrary] = []


def graph_library() -> GraphLibrary:
    """The kernel's :class:`GraphLibrary` (made on first use, again after it was closed)."""
    if not _LIBRARY or _LIBRARY[0].comm is None:
        record = json.loads(LIBRARY_RECORD.read_text())
        _LIBRARY[:] = [
            GraphLibrary(code=library_code(), sha256=record["sha256"], version=record["version"])
        ]
    return _LIBRARY[0]


@dataclass
class StepThrough:
    """The steps of a step-through, described compactly for the browser.

    ``styles`` names a few looks (Graphviz-like keys: ``color``, ``fillcolor``,
    ``fontcolor``, ``penwidth``, ``opacity``). Each item (a node by its DOT name,
    an edge as ``"a->b"``) lists the steps at which its look changes; from such
    a step on it has that style (and, optionally, a new label). Before its
    first change an item looks as drawn.

    Examples
    --------
    >>> steps = StepThrough(styles={"seen": {"color": "#1f5fbf"}}, count=2)
    >>> steps.change("A", 1, "seen", label="3")
    >>> steps.change("A->B", 2, "seen")
    >>> steps.as_dict()["items"]
    {'A': [[1, 'seen', '3']], 'A->B': [[2, 'seen']]}
    >>> steps.change("A", 0, "seen")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    coursekit.errors.CoursekitError: step: item 'A' changes at step 0 after step 1; ...
    """

    styles: dict[str, dict[str, Any]]
    count: int = 0
    captions: list[str] = field(default_factory=list)
    items: dict[str, list[list[Any]]] = field(default_factory=dict)

    def change(
        self, item: str, step: int, style: str, label: str | list[str] | None = None
    ) -> None:
        """From ``step`` on, ``item`` looks like ``styles[style]`` (with ``label``, if given:
        a text for its first text line, or a list of texts for its text lines in order).

        Raises
        ------
        CoursekitError
            For an unknown style, a step outside ``0..count`` or out of order.
        """
        if style not in self.styles:
            raise CoursekitError(
                say("errors.draw.style", styles=sorted(self.styles), style=repr(style))
            )
        if not 0 <= step <= self.count:
            raise CoursekitError(say("errors.draw.step", count=self.count, step=step))
        changes = self.items.setdefault(item, [])
        if changes and changes[-1][0] > step:
            raise CoursekitError(
                say("errors.draw.step_order", item=repr(item), step=step, before=changes[-1][0])
            )
        changes.append([step, style] if label is None else [step, style, label])

    def as_dict(self) -> dict[str, Any]:
        """The JSON-ready description the browser reads.

        Long runs have thousands of captions, mostly alike: beyond
        :data:`DEFLATE_CAPTIONS_FROM` characters they travel zlib-compressed and
        base64-encoded (``captions_deflated``; the page inflates them with the
        browser's ``DecompressionStream``), a tenth of their size or less.

        >>> steps = StepThrough(styles={}, count=9_999)
        >>> steps.captions = [f"minimax: step {k} of 9,999, enter B" for k in range(10_000)]
        >>> sent = steps.as_dict()
        >>> sent["captions"], captions_of(sent) == steps.captions
        ([], True)
        """
        description = {
            "count": self.count,
            "styles": self.styles,
            "items": self.items,
            "captions": self.captions,
        }
        if sum(map(len, self.captions)) > DEFLATE_CAPTIONS_FROM:
            packed = json.dumps(self.captions, ensure_ascii=False).encode("utf-8")
            description["captions"] = []
            description["captions_deflated"] = base64.b64encode(zlib.compress(packed, 9)).decode()
        return description

    def look_at(self, item: str, step: int) -> tuple[str | None, Any]:
        """The style name and label of ``item`` at ``step`` (None, None: as drawn).

        The browser computes the same; Python tests read it here.
        """
        current: list[Any] | None = None
        for change in self.items.get(item, []):
            if change[0] > step:
                break
            current = change
        if current is None:
            return None, None
        return current[1], current[2] if len(current) > 2 else None


DEFLATE_CAPTIONS_FROM = 20_000
"""Captions longer than this in all (characters) travel compressed (:meth:`StepThrough.as_dict`)."""


def captions_of(description: dict[str, Any]) -> list[str]:
    """The captions of a step-through as the page reads them (inflated when compressed)."""
    packed = description.get("captions_deflated")
    if packed:
        return json.loads(zlib.decompress(base64.b64decode(packed)).decode("utf-8"))
    return list(description.get("captions", []))


PICTURE_TEXT = '.ck-graph-frame svg text[font-family^="Helvetica"]'
"""The text of a picture: Graphviz writes its labels in Helvetica."""


def font_rules() -> str:
    """The CSS that draws the pictures' Chinese: after Graphviz's own Helvetica and
    sans-serif, the fonts of the picture's language (its ``lang``, a record's tag) first,
    then the other languages' — for a picture of no known language, all of them. (The
    stacks come from the records, not from ``coursekit.draw.fonts``, which is matplotlib's:
    a page's pictures need no numpy, and the lab's offline kernel has none.)

    >>> rules = font_rules()
    >>> ':lang(zh-Hant) .ck-graph-frame svg text[font-family^="Helvetica"]' in rules
    True
    >>> rules.index('"Noto Sans CJK TC"', rules.index(":lang(zh-Hant)")) < rules.index(
    ...     '"Noto Sans CJK SC"', rules.index(":lang(zh-Hant)"))
    True
    """

    def rule(selector: str, fonts: tuple[str, ...]) -> str:
        stack = ", ".join(f'"{font}"' for font in fonts)
        return f"{selector} {{\n  font-family: Helvetica, sans-serif, {stack};\n}}\n"

    every = tuple(dict.fromkeys(font for one in records() for font in one.fonts))
    rules = [rule(PICTURE_TEXT, every)]
    for one in records():
        if one.fonts:
            rules.append(rule(f".ck-graph:lang({one.tag}) {PICTURE_TEXT}", font_stack(one.code)))
    return "".join(rules)


class GraphView(anywidget.AnyWidget):
    """A picture drawn in the page from its DOT source, optionally with a step-through.

    Examples
    --------
    >>> from coursekit.draw import Picture
    >>> p = Picture()
    >>> p.edge("A", "B")
    >>> view = GraphView()
    >>> view.show(p)
    >>> "A -> B" in view.source
    True
    >>> view.show_text("nothing to draw"); view.source, view.text
    ('', 'nothing to draw')
    """

    _esm = STATIC / "graph_view.js"
    _css = (STATIC / "graph_view.css").read_text(encoding="utf-8") + font_rules()

    library = traitlets.Instance(GraphLibrary).tag(sync=True, **widget_serialization)
    dot = traitlets.Unicode("").tag(sync=True)
    engine = traitlets.Unicode("dot").tag(sync=True)
    text = traitlets.Unicode("").tag(sync=True)
    root = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    steps = traitlets.Dict().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    controls = traitlets.Bool(True).tag(sync=True)
    lang = traitlets.Unicode("").tag(sync=True)
    """The BCP-47 tag of the language the picture speaks (set when it is made): the page
    draws its Chinese with that language's fonts and glyphs."""
    keep_places = traitlets.Int(0).tag(sync=True)
    """0: every new layout starts afresh. Any other number: a new layout keeps every node
    of the last one drawn under the same number where it was (the page pins the old
    positions and places new nodes beside them); change the number to start afresh."""
    """Show the step-through's own « ‹ slider › » (explorers that have a step slider of their
    own link it to ``step`` and turn these off)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("library", graph_library())
        kwargs.setdefault("lang", record(language()).tag)
        super().__init__(**kwargs)
        self.add_class("ck-picture")
        self._source_at: Callable[[int], str] | None = None

    @traitlets.validate("step")
    def _step_in_range(self, proposal: dict) -> int:
        count = int(self.steps.get("count", 0)) if self.steps else 0
        return max(0, min(count, int(proposal["value"])))

    @property
    def source(self) -> str:
        """The DOT source of what is shown (at the current step, when the steps' own
        pictures were given to :meth:`show`); empty while a text is shown."""
        if self._source_at is not None and self.dot:
            return self._source_at(self.step)
        return self.dot

    @property
    def value(self) -> str:
        """What the view shows: the text, or else the DOT source."""
        return self.text or self.dot

    def show(
        self,
        picture: graphviz.Digraph | graphviz.Graph,
        steps: StepThrough | None = None,
        *,
        step: int | None = None,
        root: str = "",
        source_at: Callable[[int], str] | None = None,
    ) -> None:
        """Draw ``picture``; with ``steps``, a step-through (at ``step``, default: kept).

        ``source_at(k)`` gives the DOT source of step k's own picture; then :attr:`source`
        answers with the current step's (for tests; nothing of it is sent to the page).
        """
        description = steps.as_dict() if steps is not None else {}
        self._source_at = source_at or _constant(picture.source)
        caption = getattr(picture, "caption", None) if steps is None else None
        if caption:  # shown above the picture, where scrolling never hides it
            picture = picture.without_caption()
        with self.hold_sync():
            self.caption = caption or ""
            self.text = ""
            self.engine = picture.engine
            self.root = root
            self.steps = description
            self.dot = picture.source
            if step is not None:
                self.step = step
            else:
                self.step = self.step  # re-clamped to the new count

    def show_text(self, text: str) -> None:
        """Replace the picture by a short text."""
        self._source_at = None
        with self.hold_sync():
            self.dot = ""
            self.steps = {}
            self.text = str(text)

    def busy_while(self) -> _Busy:
        """``with view.busy_while(): ...`` shows "computing…" over the picture meanwhile."""
        return _Busy(self)


def _constant(source: str) -> Callable[[int], str]:
    return lambda _step: source


class _Busy:
    def __init__(self, view: GraphView) -> None:
        self.view = view

    def __enter__(self) -> GraphView:
        self.view.busy = True
        return self.view

    def __exit__(self, *exc: object) -> None:
        self.view.busy = False


MAX_BROWSER_STEPS = 400
"""The most pictures :func:`step_through` compares (it costs steps × items): a longer run
gives only the pictures of the steps at which something drawn changes
(:func:`step_through_at`), as the tree explorer does."""

HIDDEN = "hidden"


CHANGED = "#c2185b"
"""The text colour of a node or edge whose text changed at this step (``highlight_changes``)."""


def step_through(
    pictures: list[Any], *, layout: Any = None, highlight_changes: bool = False
) -> tuple[Any, StepThrough]:
    """One layout and the steps between ``pictures`` (the same drawing at steps 0, 1, …).

    The last picture is laid out (it holds every node, label and α/β that any step
    shows, so space is kept for all of them); for each earlier step every node and
    edge gets the look it has in that step's picture: colours, fill, pen, dashes,
    its label lines, or hidden when that picture lacks it. Each picture's graph label
    becomes the step's caption. Node names must mean the same node in every picture.

    Parameters
    ----------
    pictures:
        :class:`~coursekit.draw.base.Picture` objects, one per step (at least one); all
        but the last may be drawn inside :func:`~coursekit.draw.base.looks_only`.
    layout:
        The picture to lay out instead of the last one: a superset of every step's
        nodes and edges (what a step lacks is hidden), so that places stay put.
    highlight_changes:
        Write in :data:`CHANGED` the texts that changed since the step before.

    Returns
    -------
    The layout (the last picture without its graph label) and the :class:`StepThrough`.

    Raises
    ------
    CoursekitError
        When ``pictures`` is empty.

    See Also
    --------
    step_through_at : the same from the pictures of the steps where something changes.

    Examples
    --------
    >>> from coursekit.draw import Picture
    >>> steps = []
    >>> for k in range(3):
    ...     p = Picture()
    ...     p.node("a", str(k), color="red" if k == 2 else "black")
    ...     p.attr(label=f"after {k} steps")
    ...     steps.append(p)
    >>> layout, through = step_through(steps)
    >>> through.count, through.captions[1], "after" in layout.source
    (2, 'after 1 steps', False)
    >>> [change[0] for change in through.items["a"]]
    [0, 1, 2]
    """
    if not pictures:
        raise CoursekitError(say("errors.draw.no_pictures"))
    return step_through_at(
        list(enumerate(pictures)),
        [p.caption or "" for p in pictures],
        layout=layout,
        highlight_changes=highlight_changes,
    )


def step_through_at(
    pictures: list[tuple[int, Any]],
    captions: list[str],
    *,
    layout: Any = None,
    highlight_changes: bool = False,
) -> tuple[Any, StepThrough]:
    """Like :func:`step_through`, from the pictures of only the steps where the drawing changes.

    A long run (tens of thousands of steps) changes its drawing at few of them: give
    ``(step, picture)`` for step 0 and each step whose picture differs from the step
    before (in increasing order, the last step last); every step between two of them
    looks like the earlier one. ``captions`` has one caption per step, so the run has
    ``len(captions) - 1`` steps.

    Raises
    ------
    CoursekitError
        When ``pictures`` is empty, does not start at step 0, is out of order, or does
        not end at the last step.

    Examples
    --------
    >>> from coursekit.draw import Picture
    >>> def drawn(value):
    ...     p = Picture()
    ...     p.node("a", value)
    ...     return p
    >>> layout, through = step_through_at(
    ...     [(0, drawn("?")), (3, drawn("7")), (5, drawn("7"))], [f"step {k}" for k in range(6)]
    ... )
    >>> through.count, through.items["a"], through.captions[4]
    (5, [[0, 's0', ['?']], [3, 's0', ['7']]], 'step 4')
    >>> through.look_at("a", 2), through.look_at("a", 4)
    (('s0', ['?']), ('s0', ['7']))
    """
    if not pictures:
        raise CoursekitError(say("errors.draw.no_pictures"))
    at = [k for k, _ in pictures]
    last = len(captions) - 1
    if at[0] != 0 or at[-1] != last or any(a >= b for a, b in itertools.pairwise(at)):
        raise CoursekitError(
            say("errors.draw.picture_steps", last=last, first_at=at[0], last_at=at[-1])
        )
    final = pictures[-1][1] if layout is None else layout
    through = StepThrough(styles={}, count=last)
    through.captions = list(captions)
    names: dict[tuple, str] = {}
    for item, final_attrs in final.looks.items():
        is_edge = "->" in item
        final_lines = _lines(item, final_attrs)
        previous: tuple | None = None
        shown_before: list[str] | None = None
        for k, picture in pictures:
            attrs = picture.looks.get(item)
            look = _look(attrs, is_edge)
            lines = _aligned(_lines(item, attrs), final_lines) if attrs is not None else None
            if highlight_changes and look != (HIDDEN,):
                changed = shown_before is not None and lines != shown_before
                look = (*look[:2], CHANGED, *look[3:]) if changed else look
            shown_before = lines if look != (HIDDEN,) else None
            if (look, lines) == previous:
                continue
            previous = (look, lines)
            name = names.setdefault(look, f"s{len(names)}")
            through.styles[name] = _style(look)
            through.change(item, k, name, label=lines)
    return final.without_caption(), through


def _look(attrs: dict[str, str] | None, is_edge: bool) -> tuple:
    if attrs is None:
        return (HIDDEN,)
    style = set(attrs.get("style", "").split(","))
    color = attrs.get("color", "black")
    fill = attrs.get("fillcolor", color) if "filled" in style and not is_edge else "none"
    pen = attrs.get("penwidth", "2" if "bold" in style else "1")
    dash = "5,2" if "dashed" in style else "1,3" if "dotted" in style else "none"
    shown = "0" if "invis" in style else "1"
    return (color, fill, attrs.get("fontcolor", "black"), pen, dash, shown)


def _style(look: tuple) -> dict[str, str]:
    if look == (HIDDEN,):
        return {"opacity": "0"}
    color, fill, fontcolor, pen, dash, shown = look
    return {
        "color": color,
        "fillcolor": fill,
        "fontcolor": fontcolor,
        "penwidth": pen,
        "dash": dash,
        "opacity": shown,
    }


_TAG = re.compile(r"<[^>]*>")
_NEWLINE = re.compile(r"\\[nlr]|\n")
_LAST_BREAK = re.compile(r"\\[nlr]$")


def _lines(item: str, attrs: dict[str, str]) -> tuple[list[str], list[str]] | None:
    """The text lines Graphviz draws for a node or edge: its label's, then its xlabel's.

    None for an HTML-like label (its texts are not simple lines). A node without a
    label shows its name; an empty label draws no text, a blank one a blank line.
    """
    default = "" if "->" in item else item
    label = attrs.get("label", default)
    if label.startswith("<"):
        if "<TABLE" in label.upper():
            return None
        # an HTML-like label: one text per <BR/>-separated piece, tags left out
        pieces = re.split(r"<BR\s*/?>", label[1:-1], flags=re.IGNORECASE)
        label = "\\n".join(html.unescape(_TAG.sub("", piece)) for piece in pieces)
    xlabel = attrs.get("xlabel", "")
    label = _LAST_BREAK.sub("", label)  # a break that ends the last line starts no new one
    return (
        _NEWLINE.split(label) if label else [],
        _NEWLINE.split(xlabel) if xlabel else [],
    )


def _aligned(lines: tuple[list[str], list[str]] | None, final: tuple | None) -> list[str] | None:
    """``lines`` padded or cut to the text elements of the final (laid out) picture."""
    if lines is None or final is None:
        return None
    label, xlabel = lines
    size, xsize = len(final[0]), len(final[1])
    return (label + [""] * size)[:size] + (xlabel + [""] * xsize)[:xsize]


VISITED = {"color": "#1f5fbf", "penwidth": "2.5", "fontcolor": "#1f5fbf"}
WAITING = {"color": "#9a9a9a", "fontcolor": "#767676"}


def example_step_through(n: int, branching: int = 3) -> tuple[graphviz.Digraph, StepThrough]:
    """A tree of ``n`` nodes (``branching`` children each, breadth first) and a step-through
    in which node k and the arrow into it are reached at step k and show their number.

    Used by the browser tests and the benchmark (``bench/pictures.md``).

    >>> tree, steps = example_step_through(4, 3)
    >>> tree.source.count("->"), steps.count
    (3, 3)
    >>> steps.look_at("n2", 1), steps.look_at("n2", 2)
    (('waiting', None), ('visited', '2'))
    """
    if n < 1 or branching < 1:
        raise CoursekitError(say("errors.draw.example_size", n=n, branching=branching))
    # a plain Digraph with the course's fonts (Picture's module shows pictures through this one)
    font = {"fontname": "Helvetica", "fontsize": "12"}
    tree = graphviz.Digraph("example", node_attr=font, graph_attr={"bgcolor": "transparent"})
    steps = StepThrough(styles={"waiting": WAITING, "visited": VISITED}, count=n - 1)
    steps.captions = [f"step {k}: node n{k} reached" for k in range(n)]
    for k in range(n):
        tree.node(f"n{k}", "?", shape="box" if _depth(k, branching) % 2 == 0 else "circle")
        steps.change(f"n{k}", 0, "waiting")
        steps.change(f"n{k}", k, "visited", label=str(k))
        if k:
            parent = (k - 1) // branching
            tree.edge(f"n{parent}", f"n{k}")
            steps.change(f"n{parent}->n{k}", 0, "waiting")
            steps.change(f"n{parent}->n{k}", k, "visited")
    return tree, steps


def _depth(k: int, branching: int) -> int:
    depth = 0
    while k:
        k = (k - 1) // branching
        depth += 1
    return depth
