// The designer's bench beside the game page (play.js): a position editor whose positions
// the engine reads (errors in words) and that starts a game from there, a state inspector,
// and opening a record to step through. Like play.js it knows no game: the server says what
// may be placed (the palette) and draws every board.
"use strict";
(() => {
  const B = window.BOARDSPEC;
  const T = B.texts;
  const P = B.page;
  const $ = (id) => document.getElementById(id);
  const el = (tag, props = {}, ...children) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === "dataset") Object.assign(e.dataset, v);
      else if (k in e) e[k] = v;
      else e.setAttribute(k, v);
    }
    e.append(...children);
    return e;
  };
  const post = (url, body) => fetch(url, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});

  let inspecting = false;
  let inspected = null;  // the key of the position last inspected
  let E = null;          // the editor: {position, found, brush, asked}

  function labels() {
    $("bench-title").textContent = T.bench;
    $("edit-position").textContent = T.edit_position;
    $("edit-position").hidden = !!E;
    $("inspect-toggle").textContent = T.inspect;
    $("inspect-toggle").setAttribute("aria-pressed", inspecting ? "true" : "false");
    $("open-record-text").textContent = T.open_record;
  }

  B.onDraw = () => {
    labels();
    if (inspecting) inspect();
  };

  // The state inspector --------------------------------------------------------------------
  function shownQuery() {
    const V = P.view;
    return `${V ? `turn=${V.viewing}&` : ""}inspect=1&${P.query()}`;
  }

  async function inspect(force) {
    const S = P.state;
    if (!S) return;
    const key = `${S.version} ${S.ply} ${P.view ? P.view.viewing : ""}`;
    if (!force && key === inspected) return;
    inspected = key;
    // With the page's seat tokens: a game with hidden information shows the seat's view.
    const response = await P.call(`${P.api}?${shownQuery()}`);
    if (!response.ok || inspected !== key) return;
    drawInspector((await response.json()).inspect);
  }

  function table(rows, id) {
    const t = el("table", {id});
    for (const cells of rows) {
      const row = t.insertRow();
      cells.forEach((text, i) => row.append(el(i ? "td" : "th", {}, String(text))));
    }
    return t;
  }

  function sideLabel(player) {
    return (P.state.sides.find((s) => s.player === player) || {}).label || player;
  }

  function drawInspector(seen) {
    const box = $("inspector");
    box.hidden = false;
    box.textContent = "";
    const where = seen.setup ? [T.insp_setup, seen.setup] : [T.insp_phase, seen.phase];
    box.append(el("h3", {}, T.inspector),
               table([where, [T.insp_to_move, sideLabel(seen.to_move)],
                      [T.insp_fullmove, seen.fullmove]], "insp-where"));
    const counters = Object.keys(Object.values(seen.counters)[0] || {});
    if (counters.length) {
      const players = Object.keys(seen.counters);
      box.append(el("h3", {}, T.editor_counters),
                 table([["", ...players.map(sideLabel)],
                        ...counters.map((c) => [c, ...players.map((p) => seen.counters[p][c])])],
                       "insp-counters"));
    }
    box.append(el("h3", {}, T.insp_slots), table(seen.slots.map((slot) => [
      slot.name, `${JSON.stringify(slot.value)}${slot.default ? ` ${T.insp_default}` : ""}`]),
                                                 "insp-slots"));
    box.append(el("h3", {id: "insp-legal-title"}, P.fill(T.insp_legal, {n: seen.legal.count})));
    const list = el("ol", {id: "insp-legal"});
    for (const a of seen.legal.actions) {
      list.append(el("li", {dataset: {notation: a.notation}},
                     a.written && a.written !== a.notation ? `${a.notation} — ${a.written}` : a.notation));
    }
    box.append(list);
  }

  $("inspect-toggle").addEventListener("click", () => {
    inspecting = !inspecting;
    labels();
    if (inspecting) inspect(true);
    else $("inspector").hidden = true;
  });

  // The position editor --------------------------------------------------------------------
  async function openEditor() {
    // From the position shown (the game now, or an earlier one looked at).
    const response = await fetch(`${P.api}?${shownQuery()}`);
    if (!response.ok) return;
    const seen = (await response.json()).inspect;
    E = {position: seen.position, found: null, brush: null, asked: 0};
    B.editing = true;
    labels();
    await check();
  }

  function leaveEditor() {
    E = null;
    B.editing = false;
    $("editor").hidden = true;
    $("editor").textContent = "";
    P.redraw();
  }

  async function check(body) {
    // The engine reads the position (or a FEN): the answer draws the board and says why
    // a position is not one of the game's.
    const asked = ++E.asked;
    const S = P.state;
    const response = await post(`/api/games/${encodeURIComponent(S.game)}/position?lang=${B.lang}`,
                                {...(body || {position: E.position}), parameters: S.parameters});
    const found = await response.json();
    if (!E || asked !== E.asked) return;
    if (!response.ok) { found.valid = false; found.svg = E.found ? E.found.svg : ""; found.palette = E.found && E.found.palette; }
    if (found.valid) E.position = found.position;
    E.found = found;
    drawEditor();
  }

  function edit(name) {
    const cells = E.position.cells = E.position.cells || {};
    const now = cells[name];
    const owner = now && (typeof now === "string" ? now : now.owner);
    const kind = now && (typeof now === "string" ? E.found.palette.pieces[0].kind : now.piece);
    delete E.position.result;  // an edited position is judged again
    const wasGap = (E.position.gaps || []).includes(name);
    E.position.gaps = (E.position.gaps || []).filter((g) => g !== name);
    if (E.brush && E.brush.gap) {  // a blocked cell: on, or off again
      if (!wasGap) E.position.gaps.push(name);
      delete cells[name];
    } else if (!E.brush || (owner === E.brush.player && kind === E.brush.kind)) delete cells[name];
    else cells[name] = {owner: E.brush.player, piece: E.brush.kind, ...E.brush.attributes};
    check();
  }

  function numberInput(value, onchange, data) {
    const input = el("input", {type: "number", min: 0, value: value ?? 0, dataset: data});
    input.addEventListener("change", () => onchange(Math.max(0, Math.floor(+input.value || 0))));
    return input;
  }

  function drawEditor() {
    const {found, position} = E;
    const palette = found.palette;
    const box = $("editor");
    box.hidden = false;
    box.textContent = "";
    box.append(el("p", {}, T.editor_help));
    const brushes = el("p", {id: "editor-palette"});
    for (const side of palette.sides) {
      for (const piece of palette.pieces) {
        const chosen = E.brush && E.brush.player === side.player && E.brush.kind === piece.kind;
        const b = el("button", {type: "button", className: "brush", title: `${side.label}: ${piece.label}`,
                                dataset: {player: side.player, kind: piece.kind}},
                     piece.symbols[side.player] || `${side.label} ${piece.label}`);
        b.setAttribute("aria-pressed", chosen ? "true" : "false");
        b.style.background = side.fill;  // in the side's colour, as the board draws it
        b.style.color = side.ink;
        b.addEventListener("click", () => {
          E.brush = {player: side.player, kind: piece.kind, attributes: {}};
          for (const a of piece.attributes) E.brush.attributes[a.name] = a.name === "count" ? 1 : 0;
          drawEditor();
        });
        brushes.append(b, " ");
      }
    }
    const erase = el("button", {type: "button", className: "brush", id: "editor-erase"}, T.erase);
    erase.setAttribute("aria-pressed", E.brush ? "false" : "true");
    erase.addEventListener("click", () => { E.brush = null; drawEditor(); });
    const block = el("button", {type: "button", className: "brush", id: "editor-block"}, T.block);
    block.setAttribute("aria-pressed", E.brush && E.brush.gap ? "true" : "false");
    block.addEventListener("click", () => { E.brush = {gap: true}; drawEditor(); });
    brushes.append(erase, " ", block);
    box.append(brushes);
    const piece = E.brush && palette.pieces.find((p) => p.kind === E.brush.kind);
    if (piece && piece.attributes.length) {
      const attrs = el("p", {id: "editor-attributes"});
      for (const a of piece.attributes) {
        attrs.append(`${a.label} `, numberInput(E.brush.attributes[a.name],
          (v) => { E.brush.attributes[a.name] = a.max === null ? v : Math.min(v, a.max); }, {attribute: a.name}), " ");
      }
      box.append(attrs);
    }
    // Who moves, and where in the turn.
    const toMove = el("select", {id: "editor-to-move"});
    for (const side of palette.sides) toMove.append(el("option", {value: side.player}, side.label));
    toMove.value = position.to_move || palette.sides[0].player;
    toMove.addEventListener("change", () => { position.to_move = toMove.value; delete position.result; check(); });
    const step = el("select", {id: "editor-step"});
    step.append(el("option", {value: ""}, T.turn_start));
    for (const name of palette.phases) step.append(el("option", {value: `phase:${name}`}, `${T.insp_phase}: ${name}`));
    for (const name of palette.setups) step.append(el("option", {value: `setup:${name}`}, `${T.insp_setup}: ${name}`));
    step.value = position.setup ? `setup:${position.setup}` : position.phase ? `phase:${position.phase}` : "";
    step.addEventListener("change", () => {
      delete position.phase; delete position.setup; delete position.result;
      const [what, name] = step.value.split(":");
      if (what) position[what] = name;
      check();
    });
    box.append(el("p", {}, `${T.editor_to_move} `, toMove, ` ${T.editor_step} `, step));
    if (palette.counters.length) {
      const row = el("p", {id: "editor-counters"}, `${T.editor_counters}: `);
      for (const side of palette.sides) {
        for (const c of palette.counters) {
          const values = ((position.counters || {})[side.player]) || {};
          row.append(`${side.label} ${c.label} `, numberInput(values[c.name], (v) => {
            position.counters = position.counters || {};
            position.counters[side.player] = {...(position.counters[side.player] || {}), [c.name]: v};
            check();
          }, {player: side.player, counter: c.name}), " ");
        }
      }
      box.append(row);
    }
    if (palette.numbers.length) {
      const row = el("p", {id: "editor-numbers"}, `${T.editor_numbers}: `);
      for (const name of palette.numbers) {
        row.append(`${name} `, numberInput(position[name], (v) => { position[name] = v; check(); }, {name}), " ");
      }
      box.append(row);
    }
    const status = el("p", {id: "editor-status", role: "alert"});
    if (found.valid) {
      status.textContent = found.terminal ? P.fill(T.editor_over, {game: P.state.name})
        : P.fill(T.editor_valid, {game: P.state.name, n: found.legal.count});
    } else {
      status.className = "error";
      status.textContent = `${T.editor_invalid} ${found.error}`;
    }
    box.dataset.valid = found.valid ? "yes" : "no";
    box.append(status);
    const json = el("textarea", {id: "editor-json", rows: 4, spellcheck: false, value: JSON.stringify(position)});
    const readJson = el("button", {type: "button", id: "editor-read-json"}, T.read_json);
    readJson.addEventListener("click", () => {
      let data;
      try { data = JSON.parse(json.value); } catch (e) {
        E.found = {...E.found, valid: false, error: String(e.message || e)};
        drawEditor();
        return;
      }
      E.position = data;
      check();
    });
    box.append(el("p", {}, el("label", {htmlFor: "editor-json"}, T.editor_json), el("br"), json, el("br"), readJson));
    if (palette.fen) {
      const fen = el("input", {id: "editor-fen", type: "text", size: 40, spellcheck: false, value: found.fen || ""});
      const readFen = el("button", {type: "button", id: "editor-read-fen"}, T.read_fen);
      readFen.addEventListener("click", () => check({fen: fen.value}));
      box.append(el("p", {}, `${T.editor_fen} `, fen, " ", readFen));
    }
    const clear = el("button", {type: "button", id: "editor-clear"}, T.clear_board);
    clear.addEventListener("click", () => { E.position.cells = {}; delete E.position.result; check(); });
    const start = el("button", {type: "button", id: "editor-start", disabled: !found.valid}, T.start_here);
    start.addEventListener("click", startHere);
    const leave = el("button", {type: "button", id: "editor-leave"}, T.leave_editor);
    leave.addEventListener("click", leaveEditor);
    box.append(el("p", {}, clear, " ", start, " ", leave));
    // The board: the server's picture of the position, each cell a click that edits it.
    $("board").innerHTML = found.svg || "";
    const svg = $("board").querySelector("svg");
    if (svg) {
      svg.addEventListener("click", (event) => {
        const cell = event.target.closest("[data-cell]");
        if (cell) edit(cell.dataset.cell);
      });
      for (const cell of svg.querySelectorAll("g.cell")) cell.setAttribute("tabindex", "0");
      svg.addEventListener("keydown", (event) => {
        const cell = event.target.closest("g.cell");
        if (cell && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); edit(cell.dataset.cell); }
      });
    }
  }

  async function open(body) {
    // A new game of this file (and setting), every seat a person of this browser but
    // those played by agents: the page goes on to it.
    const S = P.state;
    const response = await post("/api/play", {game: S.game, parameters: S.parameters, ...body});
    const data = await response.json();
    if (!response.ok) return data.error;
    const fragment = new URLSearchParams();
    data.tokens.forEach((token, seat) => { if (token) fragment.set(`s${seat}`, token); });
    if (body.record) fragment.set("turn", "0");
    location.assign(`/play/${data.id}?lang=${B.lang}#${fragment}`);
    return "";
  }

  async function startHere() {
    const seats = [...P.state.seats].sort((a, b) => a.seat - b.seat).map((s) => s.agent);
    const error = await open({seats, position: E.position});
    if (error) { E.found = {...E.found, valid: false, error}; drawEditor(); }
  }

  $("edit-position").addEventListener("click", openEditor);
  $("open-record").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const text = await file.text();
    event.target.value = "";
    const box = $("bench-message");
    box.textContent = "";
    box.className = "";
    const error = await open({seats: P.state.seats.map(() => "human"), record: text,
                              parameters: undefined});
    if (error) { box.textContent = `${T.record_bad} ${error}`; box.className = "error"; }
  });
  labels();
})();
