// Measured in the page by tests/browser/test_pictures.py (an arrow function of the limits).
// Pictures wider than their cell, a scrolled picture whose root is out of view or whose root's
// chosen move (the bold edge and its child) is, text below limits.px, text cut off by the edge
// of its picture, a node's label (<name>_label, beside it on its rank) not beside its own node,
// text whose contrast with the colour painted behind it is below limits.aa (WCAG).
(limits) => {
  const parse = (c) => {
    const m = c && c.match(/[\d.]+/g);
    if (!m || c === 'none') return null;
    if (m.length > 3 && Number(m[3]) === 0) return null;
    return m.slice(0, 3).map(Number);
  };
  const lum = (rgb) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2]);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const background = (el) => {
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c) return c;
    }
    return [255, 255, 255];
  };
  // the colour really painted behind the middle of a text: the fill of the last shape drawn
  // before it that covers that point (whatever node or cell it belongs to), else the paper
  const painted = new Map(); // svg → its shapes that paint a fill, in drawing order
  const behind = (text, paper) => {
    const svg = text.ownerSVGElement;
    if (!painted.has(svg)) {
      const shapes = [];
      for (const s of svg.querySelectorAll('polygon, ellipse, path, rect, polyline')) {
        if (s.closest('.ck-hidden') || Number(getComputedStyle(s).opacity) === 0) continue;
        const fill = parse(getComputedStyle(s).fill);
        if (fill) shapes.push([s, s.getBBox(), fill]);
      }
      painted.set(svg, shapes);
    }
    const box = text.getBBox();
    const point = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2);
    let bg = paper;
    for (const [s, b, fill] of painted.get(svg)) {
      if (!(s.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
      const inside = point.x >= b.x && point.x <= b.x + b.width && point.y >= b.y && point.y <= b.y + b.height;
      if (inside && s.isPointInFill(point)) bg = fill;
    }
    return bg;
  };
  const out = {pictures: 0, wide: [], hidden_root: [], hidden_choice: [], scrolls: [], small: [],
               clipped: [], misplaced: [], contrast: [], texts: 0};
  const shown = (el) => !el.closest('.ck-hidden');
  const titleOf = (g) => g.querySelector(':scope > title').textContent;
  // the root's chosen move, when the frame scrolls: the bold edge from it and its child in view
  const choiceHidden = (g, frame, root) => {
    const nodes = new Map([...g.querySelectorAll('g.node')].map((n) => [titleOf(n), n]));
    const name = [...nodes].find(([, n]) => n.getBoundingClientRect().top === root.top);
    if (!name) return false;
    for (const edge of g.querySelectorAll('g.edge')) {
      const [tail, head] = titleOf(edge).split('->');
      const line = edge.querySelector(':scope > path');
      if (tail !== name[0] || !shown(edge) || !line) continue;
      if (parseFloat(line.getAttribute('stroke-width') || '1') < 2.5 || !nodes.has(head)) continue;
      const r = nodes.get(head).getBoundingClientRect();
      if (r.right > frame.right + 1 || r.left < frame.left - 1) return true;
    }
    return false;
  };
  // a label node beside its own node: on its rank, left of it, no other node between them
  const misplaced = (g) => {
    const boxes = [...g.querySelectorAll('g.node')].filter(shown).map((n) => [titleOf(n), n.getBoundingClientRect()]);
    const found = new Map(boxes);
    const wrong = [];
    for (const [title, label] of boxes) {
      if (!title.endsWith('_label') || !found.has(title.slice(0, -6))) continue;
      const own = found.get(title.slice(0, -6));
      const middle = (label.top + label.bottom) / 2;
      const beside = middle >= own.top - 2 && middle <= own.bottom + 2 && label.right <= own.left + 2;
      const between = boxes.some(([other, b]) => other !== title && other !== title.slice(0, -6)
        && !other.endsWith('_label') && !other.endsWith('_name') && b.left >= label.right - 2
        && b.right <= own.left + 2 && b.bottom > middle && b.top < middle);
      if (!beside || between) wrong.push(title);
    }
    return wrong;
  };
  const graphs = [...document.querySelectorAll('.ck-graph')].filter((g) => g.querySelector('svg'));
  out.pictures = graphs.length;
  graphs.forEach((g, i) => {
    const box = g.getBoundingClientRect();
    // the column: the cell (its width is the notebook's, whatever its outputs hold)
    const host = (g.closest('.jp-Cell') || document.body).getBoundingClientRect();
    if (box.right > host.right + 1 || box.left < host.left - 1) {
      out.wide.push(`picture ${i}: ${box.left | 0}..${box.right | 0} px in ${host.left | 0}..${host.right | 0} px`);
    }
    const frameEl = g.querySelector('.ck-graph-frame');
    const frame = frameEl.getBoundingClientRect();
    if (frameEl.scrollWidth > frameEl.clientWidth + 1) {
      out.scrolls.push(`picture ${i}: ${frameEl.scrollWidth} px in ${frameEl.clientWidth} px`);
    }
    let top = null;
    for (const node of g.querySelectorAll('g.node')) {
      const r = node.getBoundingClientRect();
      if (!top || r.top < top.top) top = r;
    }
    if (top && (top.right < frame.left || top.left > frame.right)) out.hidden_root.push(`picture ${i}`);
    if (top && frameEl.scrollWidth > frameEl.clientWidth + 1 && choiceHidden(g, frame, top)) {
      out.hidden_choice.push(`picture ${i}`);
    }
    for (const title of misplaced(g)) out.misplaced.push(`picture ${i}: ${title}`);
    const svg = g.querySelector('svg');
    const view = svg.viewBox.baseVal;
    const paper = background(g);
    for (const t of g.querySelectorAll('svg text')) {
      if (!t.textContent.trim() || t.closest('.ck-hidden')) continue;  // not drawn at this step
      out.texts++;
      const px = parseFloat(t.getAttribute('font-size')) * Math.abs(t.getScreenCTM().a);
      if (px < limits.px - 0.05) out.small.push(`picture ${i} "${t.textContent}": ${px.toFixed(1)} px`);
      // compared on the screen: a picture Graphviz scaled down to its size= holds its text in a
      // scaled group, so the text's own box and the viewBox are in different units
      const b = t.getBoundingClientRect();
      const edge = svg.getBoundingClientRect();
      if (view && view.width && (b.left < edge.left - 0.5 || b.right > edge.right + 0.5)) {
        out.clipped.push(`picture ${i} "${t.textContent}"`);
      }
      const bg = behind(t, paper);
      const fg = parse(getComputedStyle(t).fill) || [0, 0, 0];
      const r = ratio(fg, bg);
      if (r < limits.aa) out.contrast.push(`picture ${i} "${t.textContent}": ${r.toFixed(2)}`);
    }
  });
  // a matplotlib plot in a widget (its text drawn as paths): its smallest text is 11 px at
  // its own size (tests/widgets/test_payoff_editor.py), so it must not be shown smaller
  for (const svg of document.querySelectorAll('.ck-plot svg')) {
    const own = parseFloat(svg.getAttribute('width')) * 4 / 3;
    const shown = svg.getBoundingClientRect().width;
    if (own && shown && shown < own * 0.99) out.small.push(`a plot shown at ${(100 * shown / own).toFixed(0)} % of its size`);
  }
  const html = '.ck-payoff th, .ck-payoff td, .ck-legend, .ck-graph-caption, .ck-graph-readout, .ck-graph-button';
  for (const el of document.querySelectorAll(html)) {
    if (!el.textContent.trim() || el.offsetParent === null) continue;
    out.texts++;
    const fg = parse(getComputedStyle(el).color);
    const r = ratio(fg, background(el));
    if (r < limits.aa) out.contrast.push(`"${el.textContent.trim().slice(0, 30)}": ${r.toFixed(2)}`);
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < limits.px - 0.05) out.small.push(`"${el.textContent.trim().slice(0, 30)}": ${px} px`);
  }
  return out;
}
