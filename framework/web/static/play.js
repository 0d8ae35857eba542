// The game page: draws the state the server sends, turns clicks into legal actions, and
// listens on the WebSocket for changes made by anyone else. Nothing here knows a game: the
// cells of the legal actions ("from", "to", "at") are all it uses.
"use strict";
(() => {
  const B = window.BOARDSPEC;
  const T = B.texts;
  const $ = (id) => document.getElementById(id);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
  const api = `/api/play/${B.id}`;
  // Seat tokens travel in the link's fragment (never sent to the server in a URL):
  // #s0=TOKEN gives seat 0; #invite1=TOKEN is a link this browser may hand to a friend.
  const params = new URLSearchParams(location.hash.slice(1));
  const tokens = {}, invites = {};
  for (const [key, value] of params) {
    const seat = /^s(\d+)$/.exec(key), invite = /^invite(\d+)$/.exec(key);
    if (seat) tokens[+seat[1]] = value;
    if (invite) invites[+invite[1]] = value;
  }
  let S = null;          // the last state received
  let selected = null;   // the cell of the piece picked, or null
  let showBoardAnyway = false;
  let loading = null;

  function mine() { return S && S.current_seat !== null && tokens[S.current_seat] !== undefined; }

  let again = false;
  async function load() {
    // One fetch at a time; a change announced during a fetch fetches once more after it.
    if (loading) { again = true; return loading; }
    loading = (async () => {
      try {
        do {
          again = false;
          const response = await fetch(`${api}?lang=${B.lang}`);
          if (response.ok) {
            const next = await response.json();
            if (!S || next.ply !== S.ply || next.version !== S.version) selected = null;
            S = next;
            render();
          }
        } while (again);
      } finally { loading = null; }
    })();
    return loading;
  }

  function say(text, error) {
    const box = $("message");
    box.textContent = text || "";
    box.className = error ? "error" : "";
  }

  // Drawing ------------------------------------------------------------------------------
  function render() {
    // For tests and scripts: what the page shows, in attributes.
    document.body.dataset.ply = S.ply;
    document.body.dataset.mine = mine() ? "yes" : "no";
    document.body.dataset.terminal = S.terminal ? "yes" : "no";
    document.body.dataset.version = S.version;
    $("title").textContent = S.name;
    document.title = `${S.name} — boardspec`;
    const book = $("rulebook");
    book.href = `/rulebooks/${B.lang}/${S.game}.html`;
    book.textContent = T.rulebook;
    $("board").innerHTML = S.svg;
    const svg = $("board").querySelector("svg");
    svg.addEventListener("click", onClick);
    drawMarks();
    renderStatus();
    renderChoices();
    renderSides();
    renderSeats();
    renderMoves();
    renderRules();
  }

  function cellCentre(svg, name) {
    const cell = svg.querySelector(`g.cell[data-cell="${CSS.escape(name)}"]`);
    if (!cell) return null;
    const box = cell.firstElementChild.getBBox();
    return [box.x + box.width / 2, box.y + box.height / 2, Math.min(box.width, box.height)];
  }

  function mark(svg, name, css, occupied) {
    const centre = cellCentre(svg, name);
    if (!centre) return;
    const [x, y, size] = centre;
    const circle = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    circle.setAttribute("cx", x);
    circle.setAttribute("cy", y);
    circle.setAttribute("class", css);
    circle.dataset.cell = name;
    if (css === "selected") {
      circle.setAttribute("r", size * 0.42);
      circle.setAttribute("fill", "none");
      circle.setAttribute("stroke", "#f4c20d");
      circle.setAttribute("stroke-width", 4);
    } else if (occupied && css === "target direct") {  // a piece to act on (grow, …)
      circle.setAttribute("r", size * 0.45);
      circle.setAttribute("fill", "transparent");
      circle.setAttribute("stroke", "#1f6fd6");
      circle.setAttribute("stroke-opacity", 0.6);
      circle.setAttribute("stroke-width", 3);
    } else if (occupied) {  // a piece to attack: a dashed ring, as in the rulebooks
      circle.setAttribute("r", size * 0.45);
      circle.setAttribute("fill", "transparent");
      circle.setAttribute("stroke", "#1f6fd6");
      circle.setAttribute("stroke-width", 3);
      circle.setAttribute("stroke-dasharray", "5 3");
    } else {
      circle.setAttribute("r", size * 0.13);
      circle.setAttribute("fill", "#1f6fd6");
      circle.setAttribute("fill-opacity", css === "target direct" ? 0.45 : 1);
    }
    svg.appendChild(circle);
  }

  function drawMarks() {
    const svg = $("board").querySelector("svg");
    svg.querySelectorAll(".target, .selected").forEach((e) => e.remove());
    if (!mine()) return;
    const occupied = new Set([...svg.querySelectorAll("g.piece")].map((g) => g.dataset.cell));
    const seen = new Set();
    const add = (name, css) => {
      if (name && !seen.has(name)) { seen.add(name); mark(svg, name, css, occupied.has(name)); }
    };
    if (selected) {
      mark(svg, selected, "selected");
      for (const a of S.legal) if (a.from === selected) add(a.to || a.at, "target");
    }
    // Actions played on one cell (a clone, a placement, a build) are shown all the time.
    for (const a of S.legal) if (!a.from) add(a.to || a.at, "target direct");
  }

  function renderStatus() {
    const box = $("status");
    box.className = "";
    if (S.terminal) {
      const r = S.result;
      box.textContent = `${T.over}: ` + (r.winners.length ? fill(T.wins, {player: r.labels.join(", ")}) : T.draw);
      box.classList.add("over");
      if (Object.keys(tokens).length) {  // the same seats and links, a new game
        const again = button(T.play_again, restartWithNewRules);
        again.id = "play-again";
        box.append(" ", again);
      }
      return;
    }
    let text = fill(T.to_play, {player: S.to_move_label});
    if (S.phase) text += ` — ${S.setup ? T.setup + ": " : T.phase + " "}${S.phase_label}`;
    const seat = S.seats[S.current_seat];
    if (mine()) text += ` (${T.your_turn})`;
    else if (S.thinking) text += ` — ${fill(T.thinking, {player: `${S.to_move_label} (${seat.agent})`})}`;
    else if (seat) text += ` — ${fill(T.waiting, {player: S.to_move_label})}`;
    if (!Object.keys(tokens).length) text += ` — ${T.watching}`;
    if (S.agent_error) text += ` — ${S.agent_error}`;
    box.textContent = text;
  }

  function button(label, onclick) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", onclick);
    return b;
  }

  function renderChoices(list) {
    const box = $("choices");
    box.textContent = "";
    if (!mine()) return;
    if (list && list.length) {
      box.append(T.choose + " ");
      for (const a of list) {
        const b = button(a.written || a.notation, () => send({action: a.notation}));
        b.dataset.action = a.notation;
        box.append(b);
      }
      return;
    }
    // Actions on no cell: a phase's skip, a pass, a choice of side.
    for (const a of S.legal) {
      if (!a.from && !a.to && !a.at) {
        const label = a.kind === "choose" && a.side ? (S.sides.find((s) => s.player === a.side) || {}).label || a.written || a.notation : a.written || a.notation;
        const b = button(label, () => send({action: a.notation}));
        b.dataset.action = a.notation;
        box.append(b);
      }
    }
  }

  function renderSides() {
    // One column per player, one row per quantity: on the board, counters, hands, supplies.
    const table = $("sides");
    table.textContent = "";
    const head = table.insertRow();
    head.append(document.createElement("th"));
    for (const side of S.sides) {
      const th = document.createElement("th");
      th.textContent = side.label;
      th.dataset.player = side.player;
      if (side.player === S.to_move) th.className = "to-move";
      head.append(th);
    }
    const rows = [[T.on_board, (side) => side.on_board]];
    for (const name of Object.keys(S.sides[0].counters)) rows.push([name, (side) => side.counters[name]]);
    for (const name of Object.keys(S.sides[0].hands || {})) rows.push([`${name} (${T.hand})`, (side) => side.hands[name]]);
    for (const name of Object.keys(S.sides[0].supplies)) rows.push([`${name} (${T.supply})`, (side) => side.supplies[name]]);
    for (const [label, value] of rows) {
      const row = table.insertRow();
      const th = document.createElement("th");
      th.textContent = label;
      row.append(th);
      for (const side of S.sides) {
        const cell = row.insertCell();
        cell.textContent = value(side) ?? "";
        cell.dataset.player = side.player;
      }
    }
  }

  function renderSeats() {
    $("seats-title").textContent = T.seats;
    const list = $("seats");
    list.textContent = "";
    for (const seat of S.seats) {
      const li = document.createElement("li");
      const who = seat.human ? (tokens[seat.seat] !== undefined ? T.you : T.person) : seat.agent;
      li.textContent = `${seat.label}: ${who}`;
      if (invites[seat.seat]) {
        const input = document.createElement("input");
        input.readOnly = true;
        input.className = "invite";
        input.dataset.seat = seat.seat;
        input.value = `${location.origin}/play/${S.id}#s${seat.seat}=${invites[seat.seat]}`;
        input.title = fill(T.invite, {player: seat.label});
        li.append(document.createElement("br"), fill(T.invite, {player: seat.label}), input);
      }
      list.append(li);
    }
  }

  function renderMoves() {
    $("moves-title").textContent = T.moves;
    const list = $("moves");
    list.textContent = "";
    for (const turn of S.turns) {
      const li = document.createElement("li");
      li.textContent = `${turn.label}: ${(turn.written || turn.actions).join(" ")}`;
      list.append(li);
    }
    list.scrollTop = list.scrollHeight;
    const links = $("downloads");
    links.textContent = "";
    for (const [format, label] of [["text", T.record_text], ["json", T.record_json]]) {
      const a = document.createElement("a");
      a.href = `${api}/record?format=${format}`;
      a.textContent = label;
      a.setAttribute("download", "");
      a.id = `record-${format}`;
      links.append(a, " ");
    }
  }

  function renderRules() {
    const broken = S.file_errors && S.file_errors.length;
    $("rules-errors").hidden = !broken;
    if (broken) {
      $("rules-errors-title").textContent = T.rules_broken;
      const list = $("rules-errors-list");
      list.textContent = "";
      for (const e of S.file_errors) { const li = document.createElement("li"); li.textContent = e.text; list.append(li); }
      $("show-board").textContent = T.show_board;
    }
    $("board-area").hidden = broken && !showBoardAnyway;
    const changed = !broken && S.file_version && S.file_version !== S.version;
    $("rules-changed").hidden = !changed;
    $("rules-changed-text").textContent = T.rules_changed;
    $("restart-new").textContent = T.restart_new;
    $("restart-new").hidden = !Object.keys(tokens).length;
  }

  // Playing ------------------------------------------------------------------------------
  function onClick(event) {
    const target = event.target.closest("[data-cell]");
    if (!target || !S) return;
    const name = target.dataset.cell;
    if (!mine()) { say(S.terminal ? T.over : T.not_your_turn, true); return; }
    say("");
    if (selected) {
      const found = S.legal.filter((a) => a.from === selected && (a.to === name || a.at === name));
      if (found.length) return choose(found);
      if (name === selected) { selected = null; drawMarks(); renderChoices(); return; }
    }
    const fromHere = S.legal.filter((a) => a.from === name);
    const here = S.legal.filter((a) => !a.from && (a.to === name || a.at === name));
    if (fromHere.length) {
      selected = name;
      drawMarks();
      renderChoices(here);
      return;
    }
    if (here.length) return choose(here);
    // No legal action there: the server says why (and nothing changes).
    send(selected ? {from: selected, to: name} : {at: name});
    selected = null;
    drawMarks();
  }

  function choose(list) {
    if (list.length === 1) send({action: list[0].notation});
    else renderChoices(list);
  }

  async function send(body) {
    const seat = S.current_seat;
    const response = await fetch(`${api}/apply?lang=${B.lang}`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({...body, ply: S.ply, token: tokens[seat]}),
    });
    const data = await response.json();
    if (!response.ok) {
      say(`${T.not_played}: ${data.error}`, true);
      if (response.status === 409) await load();
      return;
    }
    selected = null;
    if (data.state.ply > S.ply) {  // the socket may have brought this state (or a newer) first
      S = data.state;
      render();
    }
  }

  async function restartWithNewRules() {
    const token = Object.values(tokens)[0];
    const response = await fetch(`${api}/restart?lang=${B.lang}`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({token}),
    });
    const data = await response.json();
    if (!response.ok) { say(data.error, true); return; }
    S = data.state;
    selected = null;
    render();
  }

  // Live updates ---------------------------------------------------------------------------
  function connect() {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${api}/ws`);
    ws.onopen = () => { $("connection").hidden = true; load(); };
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "rules" || !S || message.ply !== S.ply) load();
    };
    ws.onclose = () => {
      $("connection").textContent = T.disconnected;
      $("connection").hidden = false;
      setTimeout(connect, 500);
    };
  }

  function languages() {
    const nav = $("languages");
    for (const [code, name] of Object.entries(B.languages)) {
      const a = document.createElement("a");
      a.href = `?lang=${code}${location.hash}`;
      a.textContent = name;
      a.lang = code;
      if (code === B.lang) a.className = "current";
      nav.append(a);
    }
  }

  $("show-board").addEventListener("click", () => { showBoardAnyway = true; renderRules(); });
  $("restart-new").addEventListener("click", restartWithNewRules);
  languages();
  load().then(connect);
})();
