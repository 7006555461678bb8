// What the room sees of every picture of a reveal.js deck: walks every slide and, on each,
// every fragment step (nothing shown yet, then one more fragment at a time), and measures each
// picture shown there — a picture widget's SVG or an image of an output (a chart) — as it is
// on the screen:
//   share    the part of the picture that can be seen: a grid of points over the picture,
//            each counted when it is on the screen and the topmost thing there is the picture
//            itself (not clipped by a scroll frame, not under other text or reveal.js's arrows);
//   smallest the smallest text of a picture widget, in screen px (font size × its scale).
// Called by Playwright with [reveal.js's URL]; resolves to one record per picture and step.
async ([src]) => {
  const R = await new Promise((done) => require([src], done));
  const frames2 = () => new Promise((go) => requestAnimationFrame(() => requestAnimationFrame(go)));
  const GRID = 24;
  const drawn = async (slide) => {
    // a picture is drawn once its slide shows; wait until each frame has its SVG, none pending
    for (let t = 0; t < 100; t++) {
      const frames = [...slide.querySelectorAll(".ck-graph-frame")];
      const pending = slide.querySelector(".ck-graph[data-pending]");
      if (!pending && frames.every((f) => f.querySelector("svg") || f.textContent.trim())) return;
      await new Promise((go) => setTimeout(go, 100));
    }
  };
  const shown = (el) => {
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && el.getClientRects().length > 0
      && !el.closest(".fragment:not(.visible)");
  };
  const share = (picture) => {
    const box = picture.getBoundingClientRect();
    if (!box.width || !box.height) return 0;
    let seen = 0;
    for (let i = 0; i < GRID; i++) {
      for (let j = 0; j < GRID; j++) {
        const x = box.left + ((i + 0.5) * box.width) / GRID;
        const y = box.top + ((j + 0.5) * box.height) / GRID;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === picture || picture.contains(hit))) seen += 1;
      }
    }
    return seen / (GRID * GRID);
  };
  const smallest = (svg) => {
    let px = Infinity;
    for (const t of svg.querySelectorAll("text")) {
      if (!t.textContent.trim() || t.closest(".ck-hidden")) continue;
      const m = t.getScreenCTM();
      if (m) px = Math.min(px, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
    }
    return Number.isFinite(px) ? px : null;
  };
  const title = (slide) => {
    const heading = slide.querySelector("h1, h2, h3, h4");
    return heading ? heading.textContent.replace(/¶/g, "").trim().slice(0, 60) : "";
  };
  const out = [];
  for (const slide of R.getSlides()) {
    const at = R.getIndices(slide);
    R.slide(at.h, at.v, -1);
    for (let step = 0; ; step++) {
      await drawn(slide);
      await frames2();
      const pictures = [
        ...[...slide.querySelectorAll(".ck-graph-frame svg")],
        ...[...slide.querySelectorAll(".jp-OutputArea-output img")],
      ].filter(shown);
      pictures.forEach((picture, index) => {
        const box = picture.getBoundingClientRect();
        out.push({
          slide: `${at.h + 1}.${at.v + 1}`,
          h: at.h, v: at.v, step, index,
          title: title(slide),
          kind: picture.tagName.toLowerCase(),
          share: share(picture),
          smallest: picture.tagName.toLowerCase() === "svg" ? smallest(picture) : null,
          width: Math.round(box.width), height: Math.round(box.height),
        });
      });
      if (!R.availableFragments().next) break;
      R.nextFragment();
    }
  }
  return out;
}
