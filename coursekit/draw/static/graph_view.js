// coursekit's picture widget, front end (an anywidget ES module).
//
// The Python side (coursekit/draw/graph_view.py) sends a DOT source; this
// module lays it out with Graphviz compiled to WebAssembly, then:
//   - restyles the drawn SVG for a step of a step-through (no new layout);
//   - joins the arrows of each AND/OR connector with an arc;
//   - scales the picture to its container, never below 12 px text (then it
//     scrolls, with the root in view);
//   - picks text colours readable on JupyterLab's light and dark themes.
// The Graphviz module lives in ONE view-less "library" model per kernel; every
// picture holds a reference to it, and the page imports it once.

const PREFIX = "IPY_MODEL_";
const MIN_TEXT_PX = 12;
const ARC_RADIUS = 12; // points, as in coursekit.draw.andor
const SVG_NS = "http://www.w3.org/2000/svg";
const loaded = (globalThis.__coursekitGraphviz ??= new Map());

/** The Graphviz instance, loaded once per page from the library model's code. */
async function graphviz(model) {
  const ref = String(model.get("library") || "");
  const id = ref.startsWith(PREFIX) ? ref.slice(PREFIX.length) : ref;
  const library = await model.widget_manager.get_model(id);
  const key = library.get("sha256");
  if (!loaded.has(key)) {
    const code = library.get("code");
    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    loaded.set(
      key,
      import(/* webpackIgnore: true */ url).then((module) => module.Graphviz.load()),
    );
  }
  return loaded.get(key);
}

// ---------------------------------------------------------------- colours
const parsed = new Map();

/** ``colour`` (any CSS colour) as [r, g, b], or null for none/transparent; cached. */
function rgb(colour) {
  if (!colour) return null;
  if (!parsed.has(colour)) parsed.set(colour, parse(colour));
  return parsed.get(colour);
}

function parse(colour) {
  const probe = document.createElement("span");
  probe.style.color = colour;
  if (!probe.style.color) return null;
  document.body.appendChild(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  const parts = value.match(/[\d.]+/g);
  if (!parts) return null;
  if (parts.length > 3 && Number(parts[3]) === 0) return null; // transparent
  return parts.slice(0, 3).map(Number);
}

function luminance([r, g, b]) {
  const lin = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** ``colour`` moved towards black or white until it reads on ``background`` (WCAG AA). */
function readable(colour, background) {
  if (!colour || !background) return colour;
  let c = colour.slice();
  const target = luminance(background) > 0.4 ? [0, 0, 0] : [255, 255, 255];
  for (let i = 0; i < 12 && contrast(c, background) < 4.6; i++) {
    c = c.map((v, k) => Math.round(v + (target[k] - v) * 0.25));
  }
  return c;
}

const css = (c) => `rgb(${c[0]},${c[1]},${c[2]})`;

function pageBackground(el) {
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
    const bg = rgb(getComputedStyle(node).backgroundColor);
    if (bg) return bg;
  }
  return [255, 255, 255];
}

function pageInk(el) {
  return rgb(getComputedStyle(el).color) || [0, 0, 0];
}

// ---------------------------------------------------------------- the drawn SVG
function shapesOf(group) {
  return group.querySelectorAll(":scope > ellipse, :scope > polygon, :scope > path, :scope > polyline, :scope > a > ellipse, :scope > a > polygon, :scope > a > path");
}

function textsOf(group) {
  return group.querySelectorAll("text");
}

/** Every node and edge group of ``svg`` by the text of its <title>. */
function indexGroups(svg) {
  const groups = new Map();
  for (const g of svg.querySelectorAll("g.node, g.edge, g.cluster")) {
    const title = g.querySelector(":scope > title");
    if (title) groups.set(title.textContent, g);
  }
  return groups;
}

function remember(element, saved) {
  if (!saved.has(element)) {
    saved.set(element, {
      stroke: element.getAttribute("stroke"),
      fill: element.getAttribute("fill"),
      width: element.getAttribute("stroke-width"),
      dash: element.getAttribute("stroke-dasharray"),
      text: element.tagName === "text" ? element.textContent : null,
      opacity: element.getAttribute("opacity"),
      x: element.getAttribute("x"),
      anchor: element.getAttribute("text-anchor"),
    });
  }
  return saved.get(element);
}

function restore(element, original) {
  for (const [name, attr] of [["stroke", "stroke"], ["fill", "fill"], ["width", "stroke-width"], ["dash", "stroke-dasharray"], ["opacity", "opacity"], ["x", "x"], ["anchor", "text-anchor"]]) {
    if (original[name] === null) element.removeAttribute(attr);
    else element.setAttribute(attr, original[name]);
  }
  if (original.text !== null) element.textContent = original.text;
}

/** Apply a named style (color, fillcolor, fontcolor, penwidth, dash, opacity) to a node or edge. */
function applyStyle(group, style, label, saved) {
  const isEdge = group.classList.contains("edge");
  // a node or edge that this step does not have yet: invisible, and not counted as drawn
  group.classList.toggle("ck-hidden", Boolean(style && String(style.opacity) === "0"));
  for (const shape of shapesOf(group)) {
    const original = remember(shape, saved);
    restore(shape, original);
    if (!style) continue;
    if (style.color) {
      shape.setAttribute("stroke", style.color);
      // an arrowhead is filled with its edge's colour
      if (isEdge && shape.tagName === "polygon") shape.setAttribute("fill", style.color);
    }
    if (style.fillcolor && !isEdge) shape.setAttribute("fill", style.fillcolor);
    if (style.penwidth) shape.setAttribute("stroke-width", style.penwidth);
    if (style.dash) {
      if (style.dash === "none") shape.removeAttribute("stroke-dasharray");
      else shape.setAttribute("stroke-dasharray", style.dash);
    }
    if (style.opacity !== undefined) shape.setAttribute("opacity", style.opacity);
  }
  const texts = textsOf(group);
  texts.forEach((text, i) => {
    const original = remember(text, saved);
    restore(text, original);
    if (style && style.fontcolor) text.setAttribute("fill", style.fontcolor);
    if (style && style.opacity !== undefined) text.setAttribute("opacity", style.opacity);
    // a label: a text for the first line, or a list with a text for each line in order
    if (Array.isArray(label)) text.textContent = label[i] ?? "";
    else if (i === 0 && label !== undefined && label !== null) text.textContent = label;
    if (text.textContent !== original.text) centreLine(group, text, texts);
  });
}

/** Centre a new text on its node, when Graphviz wrote the line from its start.
 *
 * An HTML-like label's lines are written from their left end, placed for the text laid out
 * (a layout whose labels hold placeholders, ``h=0000``, keeps the same places for every
 * step); a shorter text would then sit off centre. A line that is one text alone is centred. */
function centreLine(group, text, texts) {
  if (text.getAttribute("text-anchor") !== "start" || !group.classList.contains("node")) return;
  const y = text.getAttribute("y");
  if ([...texts].some((other) => other !== text && other.getAttribute("y") === y)) return;
  const shape = shapesOf(group)[0];
  const x = shape ? middleX(shape) : null;
  if (x === null) return;
  text.setAttribute("text-anchor", "middle");
  text.setAttribute("x", String(x));
}

/** The middle of a node's shape across, read from its attributes: its box (getBBox) is
 * empty while its picture is not laid out in the page, e.g. on a slide not shown yet. */
function middleX(shape) {
  if (shape.tagName === "ellipse") return parseFloat(shape.getAttribute("cx"));
  const points = (shape.getAttribute("points") || "").trim().split(/\s+/)
    .map((pair) => parseFloat(pair.split(",")[0])).filter(Number.isFinite);
  if (points.length) return (Math.min(...points) + Math.max(...points)) / 2;
  const box = shape.getBBox();
  return box.width ? box.x + box.width / 2 : null;
}

/** Whether ``svg`` is laid out in the page now (a hidden one has empty boxes). */
function rendered(svg) {
  const box = svg.getBBox();
  return box.width > 0 || box.height > 0;
}

/** Make every text of ``svg`` readable on its background, in the current theme. */
function fixColours(svg, el, saved) {
  const paper = pageBackground(el);
  const ink = pageInk(el);
  for (const shape of svg.querySelectorAll("[stroke]")) {
    const stroke = shape.getAttribute("stroke");
    if (stroke === "black" || stroke === "#000000") shape.style.stroke = css(ink);
    else shape.style.stroke = "";
  }
  for (const shape of svg.querySelectorAll("polygon[fill], path[fill], ellipse[fill]")) {
    const fill = shape.getAttribute("fill");
    if (fill === "black" || fill === "#000000") shape.style.fill = css(ink);
    else if (fill === "white" || fill === "#ffffff") shape.style.fill = css(paper);
    else shape.style.fill = "";
  }
  const behind = backgrounds(svg, paper);
  for (const text of svg.querySelectorAll("text")) {
    const background = behind.get(text);
    const own = text.getAttribute("fill");
    const wanted = own && own !== "black" && own !== "#000000" ? rgb(own) : luminance(background) > 0.4 ? [17, 17, 17] : ink;
    text.style.fill = css(readable(wanted || ink, background));
  }
}

/** The colour painted behind each text of ``svg``: the fill of the last shape drawn before the
 * text that covers the middle of the text (a board's highlighted cell covers one mark, not the
 * node's value under the board), else ``paper``. */
function backgrounds(svg, paper) {
  const filled = []; // shapes drawn so far that paint a fill: [shape, its box, its colour]
  const found = new Map();
  for (const item of svg.querySelectorAll("text, polygon, ellipse, path, rect, polyline")) {
    if (item.tagName !== "text") {
      const fill = item.style.fill || item.getAttribute("fill");
      const colour = fill && fill !== "none" ? rgb(fill) : null;
      if (colour && item.getAttribute("opacity") !== "0" && !item.closest(".ck-hidden")) {
        filled.push([item, item.getBBox(), colour]);
      }
      continue;
    }
    const box = item.getBBox();
    const point = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2);
    let colour = paper;
    for (let i = filled.length - 1; i >= 0; i--) {
      const [shape, b, c] = filled[i];
      if (point.x < b.x || point.x > b.x + b.width || point.y < b.y || point.y > b.y + b.height) continue;
      if (shape.isPointInFill(point)) {
        colour = c;
        break;
      }
    }
    found.set(item, colour);
  }
  return found;
}

// ---------------------------------------------------------------- AND/OR connector arcs
function drawArcs(svg) {
  for (const old of svg.querySelectorAll("path.ck-arc")) old.remove();
  const fans = new Map();
  for (const g of svg.querySelectorAll("g[id^='ck_fan_']")) {
    const parts = g.id.split("_");
    if (parts.length === 3) {
      const dot = g.querySelector("ellipse");
      if (dot) fans.set(g.id, { group: g, x: +dot.getAttribute("cx"), y: +dot.getAttribute("cy"), arrows: [] });
      g.classList.remove("node");
      g.classList.add("ck-fan");
    }
  }
  for (const g of svg.querySelectorAll("g[id^='ck_fan_']")) {
    const parts = g.id.split("_");
    const fan = fans.get(parts.slice(0, 3).join("_"));
    const path = g.querySelector("path");
    // ck_fan_N_K is the K-th arrow of fan N (ck_fan_N_stem joins it to its parent)
    if (parts.length === 4 && /^\d+$/.test(parts[3]) && fan && path) fan.arrows.push(path);
  }
  for (const fan of fans.values()) {
    if (fan.arrows.length < 2) continue;
    const angles = fan.arrows.map((path) => angleAtRadius(fan, path));
    const arc = document.createElementNS(SVG_NS, "path");
    arc.setAttribute("class", "ck-arc");
    arc.setAttribute("fill", "none");
    arc.setAttribute("d", arcPath(fan, angles));
    arc.ck_arrow = fan.arrows[0];
    fan.group.appendChild(arc);
  }
  colourArcs(svg);
}

/** An arc takes the colour and width of its connector's first arrow (also during a step-through). */
function colourArcs(svg) {
  for (const arc of svg.querySelectorAll("path.ck-arc")) {
    const arrow = arc.ck_arrow;
    if (!arrow) continue;
    const look = getComputedStyle(arrow);
    arc.style.stroke = look.stroke;
    arc.style.strokeWidth = look.strokeWidth;
    arc.style.opacity = look.opacity;
  }
}

function angleAtRadius(fan, path) {
  const length = path.getTotalLength();
  for (let s = 0; s <= length; s += 0.5) {
    const p = path.getPointAtLength(s);
    if (Math.hypot(p.x - fan.x, p.y - fan.y) >= ARC_RADIUS) return Math.atan2(p.y - fan.y, p.x - fan.x);
  }
  const p = path.getPointAtLength(length);
  return Math.atan2(p.y - fan.y, p.x - fan.x);
}

function arcPath(fan, angles) {
  const full = 2 * Math.PI;
  const sorted = angles.map((a) => ((a % full) + full) % full).sort((a, b) => a - b);
  const gaps = sorted.map((a, i) => (((sorted[(i + 1) % sorted.length] - a) % full) + full) % full);
  let widest = 0;
  gaps.forEach((g, i) => { if (g > gaps[widest]) widest = i; });
  const start = sorted[(widest + 1) % sorted.length];
  const span = full - gaps[widest];
  const end = start + span;
  const r = ARC_RADIUS;
  const x1 = fan.x + r * Math.cos(start), y1 = fan.y + r * Math.sin(start);
  const x2 = fan.x + r * Math.cos(end), y2 = fan.y + r * Math.sin(end);
  return `M${x1.toFixed(2)},${y1.toFixed(2)} A${r},${r} 0 ${span > Math.PI ? 1 : 0},1 ${x2.toFixed(2)},${y2.toFixed(2)}`;
}

// ---------------------------------------------------------------- size
const PX_PER_PT = 4 / 3;

/** The smallest text of ``svg``, in the units of its viewBox (points); null before layout. */
function smallestText(svg) {
  const box = svg.viewBox.baseVal;
  // on the screen, where a deck's scale and the picture's own scaling both show
  const shown = svg.getBoundingClientRect().width;
  if (!box || !box.width || !shown) return null;
  let smallest = Infinity;
  for (const text of svg.querySelectorAll("text")) {
    if (!text.textContent.trim()) continue;
    const size = parseFloat(text.getAttribute("font-size") || "14");
    const m = text.getScreenCTM();
    if (m && size) smallest = Math.min(smallest, size * Math.hypot(m.a, m.b));
  }
  return Number.isFinite(smallest) ? (smallest * box.width) / shown : null;
}

/** The box (on the screen) of the root and, once a search has chosen its move, of that move:
 * the bold edge from the root (the principal line is drawn 2.5 pt wide) and its child. */
function rootAndChoice(svg, rootTitle, groups) {
  let root = rootTitle ? groups.get(rootTitle) : null;
  if (!root) {
    let top = Infinity;
    for (const g of svg.querySelectorAll("g.node")) {
      const box = g.getBoundingClientRect();
      if (box.top < top) { top = box.top; root = g; }
    }
  }
  if (!root) return null;
  const name = root.querySelector(":scope > title").textContent;
  const boxes = [root.getBoundingClientRect()];
  for (const [title, g] of groups) {
    if (!title.startsWith(`${name}->`) || g.classList.contains("ck-hidden")) continue;
    const line = g.querySelector(":scope > path");
    if (!line || parseFloat(line.getAttribute("stroke-width") || "1") < 2.5) continue;
    boxes.push(g.getBoundingClientRect());
    const child = groups.get(title.slice(name.length + 2));
    if (child) boxes.push(child.getBoundingClientRect());
  }
  return {
    root: boxes[0],
    left: Math.min(...boxes.map((b) => b.left)),
    right: Math.max(...boxes.map((b) => b.right)),
  };
}

/** Scroll ``frame`` sideways, if need be, to bring the root and the move chosen from it into
 * view (centred together when both fit, else the root in the middle); what is in view stays. */
function showRoot(svg, frame, rootTitle, groups) {
  const found = rootAndChoice(svg, rootTitle, groups);
  if (!found) return;
  const frameBox = frame.getBoundingClientRect();
  if (found.left >= frameBox.left && found.right <= frameBox.right) return;
  const both = found.right - found.left <= frameBox.width;
  const middle = both ? (found.left + found.right) / 2 : found.root.left + found.root.width / 2;
  // (client rectangles are on the screen; a slide deck may scale them)
  const zoom = frameBox.width / frame.offsetWidth || 1;
  frame.scrollLeft += (middle - (frameBox.left + frameBox.width / 2)) / zoom;
}

/** Scale ``svg`` to its frame: never wider than the frame unless text would drop below 12 px. */
function fit(svg, frame, rootTitle, groups) {
  const natural = parseFloat(svg.getAttribute("width")) * PX_PER_PT;
  if (!natural) return;
  if (frame.closest(".reveal")) {
    fitSlide(svg, frame, rootTitle, groups);
    return;
  }
  if (!frame.clientWidth) return; // not laid out yet (a hidden tab): fitted when it shows
  svg.style.width = `${natural}px`;
  svg.style.height = "auto";
  svg.style.maxWidth = "none";
  const smallest = smallestText(svg) * PX_PER_PT; // in px at the natural size
  const room = frame.clientWidth;
  let scale = Math.min(1, room / natural);
  // no text smaller than 12 px: a wider picture scrolls instead
  if (smallest && smallest * scale < MIN_TEXT_PX) {
    scale = MIN_TEXT_PX / smallest;
  }
  svg.style.width = `${natural * scale}px`;
  frame.classList.toggle("ck-graph-scrolls", natural * scale > room + 1);
  if (natural * scale > room + 1) showRoot(svg, frame, rootTitle, groups); // keep the root in view
}

// On a reveal.js slide (1280×720 CSS px, scaled as a whole to the screen) a picture is shown
// whole: as large as the width of its column and the height the slide has left (shared with
// the slide's other pictures) allow, clear of reveal.js's arrows in the slide's corner, and
// never with text larger than the slide's body (SLIDE_MAX_TEXT_PX). Its text is then what the
// room allows: 20 px and more for most, down to SLIDE_FIT_PX (14 px as shown, read from the
// room as an overview) for a large one. Only a picture that would need smaller text keeps that
// size and scrolls, the root in view, with a note over its corner and a click showing it over
// the whole slide (its text never below SLIDE_OVERVIEW_PX); the slide test fails on such a
// picture: give it more room on its slide, or draw less of it.
const SLIDE_FIT_PX = 14.6; // 14 px as shown on a 1280×720 screen (reveal.js keeps a 4 % margin)
const SLIDE_OVERVIEW_PX = 14.6; // shown whole over the slide after a click: the same floor
const SLIDE_MAX_TEXT_PX = 30; // the slide's body text: no picture text larger than it
const SLIDE_MIN_HEIGHT_PX = 160;
// kept free under a slide's last line: a slide's content within 95 % of its height, or the
// deck makes it scroll (setScrollingSlide in coursekit_reveal/index.html.j2)
const SLIDE_SPARE_PX = 40;

const SLIDE_CROP_PT = 3; // of the 4-pt margin Graphviz leaves around a picture

/** What the page writes around a picture (the note that it goes on, the buttons' tooltips), in the
 * notebook's language: the view's ``words`` (printed_draw.json of the language's locale), sent by
 * the kernel and stored with the widget, so a static page or a slide deck has them too.
 * ``{name}`` in a word is filled in from ``fields``. */
function word(node, key, fields = {}) {
  const view = node.closest(".ck-graph");
  const text = (view && view.ckWords && view.ckWords[key]) || "";
  return text.replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

/** Crop most of Graphviz's empty margin (once per drawing): on a slide every pixel counts. */
function cropMargin(svg) {
  if (svg.dataset.cropped) return;
  svg.dataset.cropped = "1";
  const box = svg.viewBox.baseVal;
  if (!box || box.width <= 4 * SLIDE_CROP_PT || box.height <= 4 * SLIDE_CROP_PT) return;
  const c = SLIDE_CROP_PT;
  svg.setAttribute("viewBox", `${box.x + c} ${box.y + c} ${box.width - 2 * c} ${box.height - 2 * c}`);
}

/** The height (slide px) of what ``slide`` shows: from the top of its first block to the bottom
 * of its last (a slide's section may be as tall as the screen whatever it holds, so its own
 * height says nothing; a picture's part scrolled out of its frame does not count). */
function usedHeight(slide) {
  let top = Infinity;
  let bottom = -Infinity;
  for (const child of slide.children) {
    if (child.tagName === "SECTION" || child.tagName === "ASIDE") continue;
    for (const box of child.getClientRects()) {
      top = Math.min(top, box.top);
      bottom = Math.max(bottom, box.bottom);
    }
  }
  const zoom = slide.getBoundingClientRect().height / slide.offsetHeight || 1;
  return bottom > top ? (bottom - top) / zoom : 0;
}

/** Give ``svg`` its size on a slide: ``perUnit`` px per unit of its viewBox ``box``. */
function sized(svg, box, perUnit) {
  svg.style.maxWidth = "none";
  svg.style.maxHeight = "none"; // (the deck's own limit for pictures: this one is sized here)
  svg.style.width = `${box.width * perUnit}px`;
  svg.style.height = `${box.height * perUnit}px`;
}

/** The height (slide px) that ``svg``, as placed now, may have so that it ends above
 * reveal.js's arrows in the corner of the slide, when it reaches across them; else null. */
function heightClearOfArrows(svg, frame, deck) {
  const arrows = deck.querySelector(":scope > .controls");
  if (!arrows || !arrows.getClientRects().length) return null;
  const a = arrows.getBoundingClientRect();
  const s = svg.getBoundingClientRect();
  if (s.right <= a.left || s.bottom <= a.top || !a.width) return null;
  const zoom = frame.getBoundingClientRect().width / frame.offsetWidth || 1;
  return Math.max(SLIDE_MIN_HEIGHT_PX, (a.top - s.top) / zoom - 4);
}

function fitSlide(svg, frame, rootTitle, groups) {
  const slide = frame.closest("section");
  const deck = frame.closest(".reveal");
  if (!slide || !frame.offsetWidth) return; // a slide not shown: fitted when it shows
  cropMargin(svg);
  const box = svg.viewBox.baseVal;
  const units = smallestText(svg);
  if (!box || !box.width || !box.height) return;
  // shown whole, the picture covers the slide (coursekit_slides.css): all of it is its room
  const whole = frame.classList.contains("ck-graph-whole");
  const room = frame.clientWidth;
  // else the height the slide has left, shared with the other pictures on the slide
  const slideHeight = parseFloat(getComputedStyle(deck.querySelector(".slides")).height) || 720;
  const pictures = slide.querySelectorAll(".ck-graph-frame svg").length || 1;
  const before = usedHeight(slide);
  const left = (slideHeight - SLIDE_SPARE_PX - before) / pictures;
  const tall = whole ? frame.clientHeight : Math.max(SLIDE_MIN_HEIGHT_PX, frame.offsetHeight + left);
  // px per viewBox unit: as large as the room allows, within the text limits
  const limited = (high) => {
    const perUnit = Math.min(room / box.width, high / box.height);
    if (!units) return perUnit;
    const least = (whole ? SLIDE_OVERVIEW_PX : SLIDE_FIT_PX) / units;
    return Math.max(Math.min(perUnit, SLIDE_MAX_TEXT_PX / units), least);
  };
  let perUnit = limited(tall);
  sized(svg, box, perUnit);
  const clear = whole ? null : heightClearOfArrows(svg, frame, deck);
  if (clear !== null && clear < box.height * perUnit) {
    perUnit = limited(clear);
    sized(svg, box, perUnit);
  }
  const width = box.width * perUnit;
  const height = box.height * perUnit;
  const wide = width > room + 1;
  const high = height > tall + 1;
  frame.style.maxHeight = high && !whole ? `${tall}px` : "";
  frame.style.overflowY = high ? "auto" : "";
  frame.classList.toggle("ck-graph-scrolls", wide || high);
  frame.title = whole ? word(frame, "tip_legible") : wide || high ? word(frame, "tip_whole") : "";
  // said on the slide, not only in a tooltip: the picture goes on beyond its frame
  const stage = frame.parentElement;
  stage.classList.toggle("ck-graph-continues", wide || high);
  const note = stage.querySelector(".ck-graph-more");
  if (note) note.textContent = word(frame, whole ? "more_scroll" : "more_click");
  if (wide) showRoot(svg, frame, rootTitle, groups);
  if (Math.abs(usedHeight(slide) - before) > 1) {
    // reveal.js centres a slide by its height when it is shown: centre it again
    window.dispatchEvent(new Event("resize"));
  }
}

// ---------------------------------------------------------------- keeping places
// A view with ``keep_places`` (the AO* explorer) keeps every node where it was when a new
// layout brings more nodes: the new graph is laid out by dot to learn where its new nodes
// belong, those are moved by the shift of the kept ones and away from any node they would
// cover, and Graphviz then draws the graph with every position given (neato -n2).

/** Each node of ``dot`` laid out by dot: its name → {x, y, w, h} in points. */
function placesOf(gv, dot, engine = "dot", options = undefined) {
  const json = JSON.parse(gv.layout(dot, "json", engine, options));
  const places = new Map();
  for (const o of json.objects || []) {
    if (o.nodes || !o.pos) continue; // a subgraph, or the graph itself
    const [x, y] = o.pos.split(",").map(Number);
    places.set(o.name, { x, y, w: Number(o.width) * 72, h: Number(o.height) * 72 });
  }
  return places;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

function covers(a, b, gap = 12) {
  return Math.abs(a.x - b.x) < (a.w + b.w) / 2 + gap && Math.abs(a.y - b.y) < (a.h + b.h) / 2 + gap;
}

/** Where every node of the new layout ``fresh`` goes when the nodes of ``kept`` stay;
 * null when kept nodes, grown wider, would now cover each other (then lay out afresh). */
function keptPlaces(fresh, kept) {
  const common = [...fresh.keys()].filter((name) => kept.has(name));
  const dx = median(common.map((n) => kept.get(n).x - fresh.get(n).x));
  const dy = median(common.map((n) => kept.get(n).y - fresh.get(n).y));
  const placed = new Map();
  for (const name of common) placed.set(name, { ...fresh.get(name), x: kept.get(name).x, y: kept.get(name).y });
  const old = [...placed.values()];
  if (old.some((a, i) => old.slice(i + 1).some((b) => covers(a, b, 0)))) return null;
  for (const [name, node] of fresh) {
    if (placed.has(name)) continue;
    const spot = { ...node, x: node.x + dx, y: node.y + dy };
    while ([...placed.values()].some((other) => covers(spot, other))) spot.x += 18;
    placed.set(name, spot);
  }
  return placed;
}

/** ``dot`` with every node pinned at ``places`` (a later attribute statement wins in DOT). */
function pinned(dot, places) {
  const pins = [...places].map(([name, p]) => `"${name.replace(/"/g, '\\"')}" [pos="${p.x.toFixed(2)},${p.y.toFixed(2)}!"];`);
  const end = dot.lastIndexOf("}");
  return `${dot.slice(0, end)}${pins.join("\n")}\n}`;
}

// ---------------------------------------------------------------- step buttons with no kernel
// An explorer's step buttons are Python buttons with these classes: with a kernel, Python
// moves the explorer's slider, which is linked to the picture in the page. With no kernel
// behind the page (exported slides, static HTML; the widget renderer then marks every view
// "jupyter-widgets-disconnected") they would be dead, so the page steps the picture itself.
const STEP_BUTTONS = {
  "ck-step-first": (k, n) => 0,
  "ck-step-back": (k, n) => k - 1,
  "ck-step-next": (k, n) => k + 1,
  "ck-step-last": (k, n) => n,
};
const STEP_BUTTON = Object.keys(STEP_BUTTONS).map((c) => `button.${c}`).join(", ");
const NO_KERNEL = "jupyter-widgets-disconnected";

/** The widget boxes around ``el``, innermost first (a picture shown alone has none). */
function boxesAround(el) {
  const boxes = [];
  for (let box = el.parentElement?.closest(".widget-container"); box; box = box.parentElement?.closest(".widget-container")) {
    boxes.push(box);
  }
  return boxes;
}

/** The step buttons of the explorer around the picture ``el`` (innermost box that has any). */
function stepButtonsOf(el) {
  for (const box of boxesAround(el)) {
    const buttons = box.querySelectorAll(STEP_BUTTON);
    if (buttons.length) return [...buttons];
  }
  return [];
}

/** One listener per page: a dead step button asks the picture of its explorer to step. */
function listenToStepButtons() {
  if (globalThis.__coursekitStepButtons) return;
  globalThis.__coursekitStepButtons = true;
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest(STEP_BUTTON) : null;
    if (!button || !button.classList.contains(NO_KERNEL)) return; // with a kernel, Python steps
    const role = Object.keys(STEP_BUTTONS).find((c) => button.classList.contains(c));
    for (const box of boxesAround(button)) {
      const picture = box.querySelector(".ck-graph");
      if (picture) {
        picture.dispatchEvent(new CustomEvent("ck-step-button", { detail: role }));
        return;
      }
    }
  });
}

// ---------------------------------------------------------------- text boxes that apply on a key
// ipywidgets' text areas send their text to the kernel when the focus leaves them. An explorer's
// box of class ck-apply-on-enter (coursekit.widgets.base.applies_on_enter) applies it on Enter
// as well (Shift+Enter: a new line), and every text area of a widget on Ctrl+Enter: the page
// tells the box's view that its text changed, as leaving it does (the focus stays).
const APPLY_ON_ENTER = "ck-apply-on-enter";

function listenToApplyKeys() {
  if (globalThis.__coursekitApplyKeys) return;
  globalThis.__coursekitApplyKeys = true;
  document.addEventListener("keydown", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLTextAreaElement) || event.key !== "Enter" || event.isComposing) return;
    const onEnter = box.closest(`.${APPLY_ON_ENTER}`) && !event.shiftKey && !event.altKey;
    const withCtrl = (event.ctrlKey || event.metaKey) && box.closest(".widget-textarea");
    if (!onEnter && !withCtrl) return;
    event.preventDefault();
    event.stopPropagation(); // (not JupyterLab's "run the cell")
    box.dispatchEvent(new Event("change", { bubbles: true }));
  }, true);
}

function button(text, title) {
  const b = document.createElement("button");
  b.className = "ck-graph-button jupyter-button";
  b.textContent = text;
  b.title = title;
  return b;
}

// On a slide, an AND/OR picture drawn top to bottom (``digraph andor``, ``rankdir=TB``) that
// is not whole there at legible text (too tall: it would scroll) is laid out again from left
// to right: a tall graph then fits the wide slide, its text larger. Only on a slide: JupyterLab,
// the web book and the lab show the course's top-to-bottom figures.
const TOP_DOWN = /\brankdir=("?)TB\1(?=[\s,;\]])/;

function turnsOnSlides(dot) {
  return /^\s*(strict\s+)?digraph\s+andor\b/.test(dot) && TOP_DOWN.test(dot);
}

function sidewaysDot(dot) {
  return dot.replace(TOP_DOWN, "rankdir=LR");
}

/** Whether a picture fitted on its slide (fitSlide) is too tall for it, not too wide. */
function tooTallOnSlide(svg, frame) {
  if (!frame.closest(".reveal") || frame.classList.contains("ck-graph-whole")) return false;
  if (!frame.classList.contains("ck-graph-scrolls")) return false;
  return frame.style.overflowY === "auto" && svg.getBoundingClientRect().width
    <= frame.getBoundingClientRect().width + 1;
}

function render({ model, el }) {
  // jupyter-widgets: the class every ipywidgets view carries (page styles and tests look for it)
  el.classList.add("ck-graph", "jupyter-widgets");
  el.ckWords = model.get("words") || {};
  // its language's fonts and glyphs (font_rules() in graph_view.py; zh-Hant: traditional)
  if (model.get("lang")) el.lang = model.get("lang");
  const busy = document.createElement("div");
  busy.className = "ck-graph-busy";
  busy.textContent = word(el, "computing");
  const controls = document.createElement("div");
  controls.className = "ck-graph-controls";
  const first = button("«", word(el, "first"));
  const back = button("‹", word(el, "back"));
  const slider = document.createElement("input");
  slider.type = "range";
  slider.className = "ck-graph-step";
  slider.setAttribute("aria-label", word(el, "step"));
  const next = button("›", word(el, "next"));
  const last = button("»", word(el, "last"));
  const readout = document.createElement("span");
  readout.className = "ck-graph-readout";
  controls.append(first, back, slider, next, last, readout);
  const caption = document.createElement("div");
  caption.className = "ck-graph-caption";
  const frame = document.createElement("div");
  frame.className = "ck-graph-frame";
  // the frame and, over its corner on a slide, the note that the picture goes on
  const stage = document.createElement("div");
  stage.className = "ck-graph-stage";
  const more = document.createElement("div");
  more.className = "ck-graph-more";
  stage.append(frame, more);
  el.append(busy, controls, caption, stage);
  // on a slide: a click on a picture too large for legible text shows it whole, and back
  frame.addEventListener("click", () => {
    if (!svg || !frame.closest(".reveal")) return;
    const whole = frame.classList.contains("ck-graph-whole");
    if (!whole && !frame.classList.contains("ck-graph-scrolls")) return;
    // the overview covers the slide: the slide keeps its layout under it
    stage.style.minHeight = whole ? "" : `${stage.offsetHeight}px`;
    frame.classList.toggle("ck-graph-whole", !whole);
    fit(svg, frame, model.get("root"), groups);
  });

  let svg = null;
  let groups = new Map();
  let saved = new WeakMap();
  let drawing = 0;

  const steps = () => model.get("steps") || {};
  const count = () => Number(steps().count || 0);
  // a long run's captions arrive compressed (zlib, base64): inflated once per description
  let captions = [];
  let captionsLoaded = 0;
  let places = null; // with keep_places: where each node was drawn last (points)
  let placesEpoch = 0; // the keep_places number those places were drawn under

  async function loadCaptions() {
    const mine = ++captionsLoaded;
    const packed = steps().captions_deflated;
    captions = packed ? [] : steps().captions || [];
    showStep();
    if (!packed) return;
    try {
      const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
      const inflated = JSON.parse(await new Response(stream).text());
      if (mine !== captionsLoaded) return; // a newer description came meanwhile
      captions = inflated;
    } catch (error) {
      captions = [];
      caption.textContent = word(el, "no_captions", { error });
      return;
    }
    showStep();
  }

  function setStep(k) {
    const started = performance.now();
    k = Math.max(0, Math.min(count(), k));
    model.set("step", k);
    try {
      model.save_changes(); // no kernel (static HTML, slides): nothing to tell
    } catch (error) {
      /* the page has no comm */
    }
    showStep();
    // how long a step took in this page (read by the browser tests and bench/pictures.md)
    el.dataset.stepMs = (performance.now() - started).toFixed(2);
  }

  function showStep() {
    const k = Math.max(0, Math.min(count(), Number(model.get("step") || 0)));
    const n = count();
    controls.style.display = n > 0 && model.get("controls") !== false ? "" : "none";
    slider.min = 0;
    slider.max = n;
    slider.value = k;
    readout.textContent = word(el, "readout", { k, n });
    caption.textContent = captions[k] || model.get("caption") || "";
    caption.style.display = caption.textContent ? "" : "none";
    if (!svg) return;
    const styles = steps().styles || {};
    const items = steps().items || {};
    for (const [title, changes] of Object.entries(items)) {
      const group = groups.get(title);
      if (!group) continue;
      let current = null;
      for (const change of changes) {
        if (change[0] <= k) current = change;
        else break;
      }
      applyStyle(group, current ? styles[current[1]] : null, current ? current[2] : null, saved);
    }
    fixColours(svg, el, saved);
    colourArcs(svg);
    el.dataset.step = String(k);
    // no kernel: the explorer's step buttons follow the step here (Python cannot)
    for (const b of stepButtonsOf(el)) {
      if (n > 0 && b.classList.contains(NO_KERNEL)) {
        b.disabled = b.matches(".ck-step-first, .ck-step-back") ? k <= 0 : k >= n;
      }
    }
  }

  // While a drawing is under way the element says so (data-pending), for whoever waits for the
  // page to settle (the browser tests): a layout may first wait for the Graphviz module.
  let inFlight = 0;
  async function draw() {
    inFlight += 1;
    el.dataset.pending = "1";
    try {
      await layOut();
    } finally {
      inFlight -= 1;
      if (inFlight === 0) delete el.dataset.pending;
    }
  }

  // On a slide (see turnsOnSlides): the DOT laid out from left to right, and the DOT for which
  // that was tried and did not fit either (drawn top to bottom again).
  let sideways = null;
  let triedSideways = null;

  /** After a fit: turn a too tall AND/OR picture on a slide sideways; back if that does not
   * fit either (too wide then: an explorer's layout of every graph of the session). */
  function turnIfTooTall() {
    const dot = model.get("dot") || "";
    if (!svg || triedSideways === dot || !turnsOnSlides(dot)) return;
    if (sideways === dot) {
      if (!frame.classList.contains("ck-graph-scrolls")) return;
      triedSideways = dot;
      sideways = null;
    } else if (tooTallOnSlide(svg, frame)) {
      sideways = dot;
    } else {
      return;
    }
    places = null; // (a kept layout was made the other way)
    draw();
  }

  async function layOut() {
    const started = performance.now();
    const mine = ++drawing;
    const given = model.get("dot");
    const dot = given && sideways === given ? sidewaysDot(given) : given;
    if (!dot) {
      frame.textContent = model.get("text") || "";
      svg = null;
      showStep();
      return;
    }
    let gv;
    try {
      gv = await graphviz(model);
    } catch (error) {
      frame.textContent = word(el, "no_library", { error });
      return;
    }
    if (mine !== drawing) return;
    let out;
    try {
      const engine = model.get("engine") || "dot";
      const epoch = Number(model.get("keep_places") || 0);
      if (!epoch) {
        places = null;
        out = gv.layout(dot, "svg", engine);
      } else {
        const fresh = placesOf(gv, dot, engine);
        const same = places && placesEpoch === epoch && [...fresh.keys()].some((name) => places.has(name));
        const kept = same ? keptPlaces(fresh, places) : null;
        places = kept || fresh;
        placesEpoch = epoch;
        out = kept ? gv.layout(pinned(dot, kept), "svg", "neato", { nop: 2 }) : gv.layout(dot, "svg", engine);
      }
    } catch (error) {
      frame.textContent = `⚠ ${error.message || error}`;
      return;
    }
    frame.innerHTML = out;
    svg = frame.querySelector("svg");
    svg.removeAttribute("height");
    groups = indexGroups(svg);
    saved = new WeakMap();
    drawArcs(svg);
    showStep();
    fit(svg, frame, model.get("root"), groups);
    svg.dataset.sideways = dot !== given ? "1" : "";
    el.dataset.drawn = String(Number(el.dataset.drawn || 0) + 1);
    // how long the last layout and drawing took (the first one includes loading Graphviz)
    el.dataset.drawMs = (performance.now() - started).toFixed(2);
    el.dispatchEvent(new CustomEvent("ck-drawn", { bubbles: true }));
    turnIfTooTall();
  }

  function showBusy() {
    busy.style.display = model.get("busy") ? "" : "none";
    el.classList.toggle("ck-graph-is-busy", Boolean(model.get("busy")));
  }

  first.onclick = () => setStep(0);
  back.onclick = () => setStep(Number(model.get("step") || 0) - 1);
  next.onclick = () => setStep(Number(model.get("step") || 0) + 1);
  last.onclick = () => setStep(count());
  slider.oninput = () => setStep(Number(slider.value));
  const onStepButton = (event) => {
    if (count() > 0) setStep(STEP_BUTTONS[event.detail](Number(model.get("step") || 0), count()));
  };
  el.addEventListener("ck-step-button", onStepButton);
  listenToStepButtons();
  listenToApplyKeys();

  const redraw = () => draw();
  model.on("change:dot", redraw);
  model.on("change:text", redraw);
  model.on("change:steps", loadCaptions);
  model.on("change:step", showStep);
  model.on("change:caption", showStep);
  model.on("change:busy", showBusy);
  model.on("change:controls", showStep);
  // JupyterLab switches themes by toggling this attribute: recolour the text. Just then a
  // picture may not be rendered (its boxes empty: no fill is found behind a text, and the text
  // of a filled node, an AO* explorer's SOLVED node, took the dark theme's white ink: contrast
  // 1.23 on its light green): such a picture is recoloured in the next frames, or once it shows.
  let stale = false;
  const recolour = (frames = 10) => {
    if (!svg) return;
    fixColours(svg, el, saved);
    stale = !rendered(svg);
    if (stale && frames > 0) requestAnimationFrame(() => stale && recolour(frames - 1));
  };
  const resize = new ResizeObserver(() => {
    if (!svg) return;
    fit(svg, frame, model.get("root"), groups);
    if (stale) recolour(0);
    turnIfTooTall();
  });
  resize.observe(el);
  const shown = new IntersectionObserver(() => stale && recolour(0));
  shown.observe(el);
  const theme = new MutationObserver(() => recolour());
  theme.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name"] });
  showBusy();
  loadCaptions();
  draw();
  return () => {
    resize.disconnect();
    shown.disconnect();
    theme.disconnect();
    el.removeEventListener("ck-step-button", onStepButton);
    model.off("change:dot", redraw);
    model.off("change:text", redraw);
    model.off("change:steps", loadCaptions);
    model.off("change:step", showStep);
    model.off("change:caption", showStep);
    model.off("change:busy", showBusy);
    model.off("change:controls", showStep);
  };
}

export default { render };
