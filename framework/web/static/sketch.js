// Board sketching: a board from a template, cells and links added or removed by clicking,
// zones named, and the board: and zones: blocks of a game file to copy. The page keeps the
// sketch; the server changes it (POST /api/sketch), draws it as boardspec draws boards and
// writes its YAML, so what the page shows is what the game file will build.
"use strict";
(() => {
  const B = window.BOARDSPEC;
  const T = B.texts;
  const $ = (id) => document.getElementById(id);
  let view = null;   // the server's last answer: {sketch, yaml, game, svg, frame, errors}
  let first = null;  // the first cell of a link being drawn

  function labels() {
    $("title").textContent = T.sketch;
    $("template-label").textContent = T.sketch_template;
    $("players-label").textContent = T.sketch_players;
    $("start").textContent = T.sketch_start;
    $("mode-add").textContent = T.sketch_add_cell;
    $("mode-remove").textContent = T.sketch_remove_cell;
    $("mode-link").textContent = T.sketch_link;
    $("mode-zone").textContent = T.sketch_zone;
    $("zone-name-label").textContent = T.sketch_zone_name;
    $("help").textContent = T.sketch_help;
    $("export-title").textContent = T.sketch_export;
    $("copy").textContent = T.sketch_copy;
    $("game-title").textContent = T.sketch_game;
    for (const name of Object.keys(B.templates)) {
      const o = document.createElement("option");
      o.value = o.textContent = name;
      $("template").append(o);
    }
  }

  function options() {
    // Each option of the chosen template: a number box within its bounds, or a choice.
    const box = $("options");
    box.textContent = "";
    for (const [name, spec] of Object.entries(B.templates[$("template").value])) {
      const label = document.createElement("label");
      label.append(`${name} `);
      let input;
      if (typeof spec[0] === "string") {
        input = document.createElement("select");
        for (const value of spec.slice(1)) {
          const o = document.createElement("option");
          o.value = o.textContent = value;
          input.append(o);
        }
      } else {
        input = document.createElement("input");
        input.type = "number";
        input.min = spec[1];
        input.max = spec[2];
      }
      input.value = spec[0];
      input.name = name;
      label.append(input);
      box.append(label, " ");
    }
  }

  function players() {
    return $("players").value.split(/[\s,]+/).filter(Boolean);
  }

  async function ask(body) {
    const response = await fetch("/api/sketch", {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const data = await response.json();
    $("message").textContent = response.ok ? "" : data.error || response.statusText;
    $("message").className = response.ok ? "" : "error";
    if (response.ok) draw(data);
  }

  function draw(data) {
    view = data;
    first = null;
    $("board").innerHTML = data.svg;
    $("export").textContent = data.yaml;
    $("game").textContent = data.game;
    $("errors").textContent = "";
    for (const line of data.errors) {
      const li = document.createElement("li");
      li.textContent = line;
      $("errors").append(li);
    }
    const picker = $("zone-player");
    const chosen = picker.value;
    picker.textContent = "";
    for (const [value, label] of [["", T.sketch_every_player], ...data.sketch.players.map((p) => [p, p])]) {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = label;
      picker.append(o);
    }
    picker.value = [...picker.options].some((o) => o.value === chosen) ? chosen : "";
    const svg = $("board").querySelector("svg");
    if (svg) svg.addEventListener("click", onClick);
  }

  // Where a click lands, in the board's own units (the frame the server drew with).
  function boardPoint(svg, event) {
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const at = point.matrixTransform(svg.getScreenCTM().inverse());
    const F = view.frame;
    const x = F.sx * (at.x / F.unit + F.left);
    const y = F.sy * (F.top - at.y / F.unit);
    return [Math.round(x * 2) / 2, Math.round(y * 2) / 2];  // on a half-unit grid
  }

  function onClick(event) {
    if (!view) return;
    const mode = document.querySelector('input[name="mode"]:checked').value;
    const cell = event.target.closest("g.cell");
    const name = cell ? cell.dataset.cell : null;
    const sketch = view.sketch;
    if (mode === "add" && !name) ask({sketch, change: {add_cell: boardPoint(event.currentTarget, event)}});
    else if (mode === "remove" && name) ask({sketch, change: {remove_cell: name}});
    else if (mode === "link" && name) {
      if (first === null) {
        first = name;
        cell.querySelector("rect, polygon, circle").setAttribute("stroke", "#e0651b");
      } else if (first !== name) ask({sketch, change: {toggle_link: [first, name]}});
    } else if (mode === "zone" && name) {
      const player = $("zone-player").value || null;
      ask({sketch, change: {toggle_zone: $("zone-name").value.trim(), cell: name, player}});
    }
  }

  function startSketch(event) {
    if (event) event.preventDefault();
    const template = {type: $("template").value};
    for (const input of $("options").querySelectorAll("input, select")) {
      template[input.name] = input.type === "number" ? Number(input.value) : input.value;
    }
    ask({template, players: players()});
  }

  labels();
  options();
  $("template").addEventListener("change", options);
  $("sketch-start").addEventListener("submit", startSketch);
  $("copy").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("export").textContent));
  startSketch();
})();
