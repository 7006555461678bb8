// standings.html (coursekit.tools.tournament.report): replay a game move by move, no kernel.
// The data holds each game as the cells that change at each ply; a position is the
// first k plies applied to an empty board.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("ck-games").textContent);
  const select = document.getElementById("ck-game");
  const board = document.getElementById("ck-board");
  const slider = document.getElementById("ck-ply");
  const counter = document.getElementById("ck-move");
  const list = document.getElementById("ck-moves");
  const marks = data.discs ? { x: "", o: "" } : { x: "\u00d7", o: "\u25cb" };
  const cells = [];
  let game = data.games[0];
  let ply = 0;

  board.className = data.discs ? "ck-discs" : "ck-marks";
  board.style.gridTemplateColumns = "repeat(" + data.cols + ", auto)";
  for (let i = 0; i < data.rows * data.cols; i++) {
    const cell = document.createElement("div");
    cell.className = "ck-cell";
    board.appendChild(cell);
    cells.push(cell);
  }
  data.games.forEach(function (g, index) {
    const option = document.createElement("option");
    option.value = String(index);
    option.textContent = g.label;
    select.appendChild(option);
  });

  function draw() {
    const now = new Array(cells.length).fill(".");
    let last = [];
    for (let k = 0; k < ply; k++) {
      for (const [cell, mark] of game.steps[k]) now[cell] = mark;
      last = game.steps[k].map(function (change) { return change[0]; });
    }
    cells.forEach(function (cell, i) {
      cell.className = "ck-cell" + (now[i] === "." ? "" : " ck-" + now[i]) +
        (last.indexOf(i) >= 0 ? " ck-last" : "");
      cell.textContent = marks[now[i]] || "";
    });
    slider.value = String(ply);
    counter.textContent = data.words.move_of.replace("{k}", ply).replace("{n}", game.steps.length);
    Array.from(list.children).forEach(function (item, k) {
      item.classList.toggle("ck-now", k === ply - 1);
    });
  }

  function load(index) {
    game = data.games[index];
    select.value = String(index);
    slider.max = String(game.steps.length);
    list.textContent = "";
    game.steps.forEach(function (_, k) {
      const item = document.createElement("li");
      const opening = k < game.opening ? " (" + data.words.opening + ")" : "";
      item.textContent = (k + 1) + ". " + game.moves[k] + opening;
      if (k < game.opening) item.className = "ck-opening";
      item.addEventListener("click", function () { ply = k + 1; draw(); });
      list.appendChild(item);
    });
    ply = game.steps.length;
    draw();
  }

  function go(where) {
    const end = game.steps.length;
    ply = { start: 0, back: Math.max(0, ply - 1), next: Math.min(end, ply + 1), end: end }[where];
    draw();
  }

  select.addEventListener("change", function () { load(Number(select.value)); });
  slider.addEventListener("input", function () { ply = Number(slider.value); draw(); });
  document.querySelectorAll("[data-go]").forEach(function (button) {
    button.addEventListener("click", function () { go(button.dataset.go); });
  });
  board.addEventListener("keydown", function (event) {
    if (event.key === "ArrowLeft") go("back");
    if (event.key === "ArrowRight") go("next");
  });
  function fromHash() {
    const index = data.games.findIndex(function (g) { return "#" + g.id === location.hash; });
    if (index >= 0) {
      load(index);
      document.getElementById("games").scrollIntoView();
    }
  }
  window.addEventListener("hashchange", fromHash);
  load(0);
  fromHash();
})();
