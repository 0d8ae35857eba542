// The game page: draws the state the server sends, turns clicks into legal actions, and
// listens on the WebSocket for changes made by anyone else. Nothing here knows a game: the
// cells of the legal actions ("from", "to", "at") are all it uses.
"use strict";
(() => {
  const B = window.BOARDSPEC;
  const T = B.texts;
  const $ = (id) => document.getElementById(id);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
  // The faces of a six-sided die (a die of more faces is shown by its number alone).
  const FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];
  const api = `/api/play/${B.id}`;
  // Seat tokens travel in the link's fragment (never sent to the server in a URL):
  // #s0=TOKEN gives seat 0; #invite1=TOKEN is a link this browser may hand to a friend.
  // They are kept in this browser's storage and taken out of the address bar at once, so
  // that copying the address to invite someone never hands over one's own seat.
  const kept = `boardspec:${B.id}`;
  const tokens = {}, invites = {};
  let startTurn = null;  // #turn=N: open on the position after N turns (a record opened)
  try { Object.assign(tokens, (JSON.parse(localStorage.getItem(kept)) || {}).tokens || {});
        Object.assign(invites, (JSON.parse(localStorage.getItem(kept)) || {}).invites || {}); }
  catch (e) { /* storage refused or spoilt: the link's fragment alone */ }
  for (const [key, value] of new URLSearchParams(location.hash.slice(1))) {
    const seat = /^s(\d+)$/.exec(key), invite = /^invite(\d+)$/.exec(key);
    if (seat) tokens[+seat[1]] = value;
    if (invite) invites[+invite[1]] = value;
    if (key === "turn" && /^\d{1,6}$/.test(value)) startTurn = +value;
  }
  if (location.hash) {
    try { localStorage.setItem(kept, JSON.stringify({tokens, invites})); } catch (e) { /* kept in this page only */ }
    history.replaceState(null, "", location.pathname + location.search);
  }
  const watching = () => !Object.keys(tokens).length;
  // Every request names this page's seats in a header (never in a URL): in a game with
  // hidden information the server sends each seat only what it sees.
  function call(url, options = {}) {
    const headers = {...(options.headers || {}), "X-Boardspec-Tokens": Object.values(tokens).join(" ")};
    return fetch(url, {...options, headers});
  }
  let turned = null;  // the board turned half round by the player's choice (null: by seat)

  function flipped() {
    // By default one's own side is nearest: a browser whose seats all play sides after the
    // first sees the board turned.
    if (turned !== null) return turned;
    if (!S || watching()) return false;
    const sides = S.seats.filter((seat) => tokens[seat.seat] !== undefined)
      .map((seat) => S.players.indexOf(seat.player));
    return sides.length > 0 && !sides.includes(0);
  }
  const query = () => `lang=${B.lang}${flipped() ? "&flip=1" : ""}`;
  let S = null;          // the last state received
  let V = null;          // an earlier position looked at (the move list clicked), or null
  let asked = null;      // the turn last asked to be shown (null: the game now)
  let selected = null;   // the cell of the piece picked, or null
  let showBoardAnyway = false;
  let loading = null;

  function agentLabel(spec) {
    // An agent as the game list names it ("alpha-beta, medium"), never its spec.
    const name = spec.split(":")[0];
    const strength = (B.agents[name] || []).indexOf(spec);
    if (strength >= 0) return `${T[name]}, ${[T.weak, T.medium, T.strong][strength]}`;
    return T[name] || name;
  }

  function mine() { return S && S.current_seat !== null && tokens[S.current_seat] !== undefined; }

  let again = false;
  async function load() {
    // One fetch at a time; a change announced during a fetch fetches once more after it.
    if (loading) { again = true; return loading; }
    // "settled" tells a page driver (a test, an assistive tool) the board is drawn as the
    // server has it: no fetch under way that would redraw it under a click.
    document.body.dataset.settled = "no";
    loading = (async () => {  // (a choice being asked stays until answered)
      try {
        do {
          again = false;
          const response = await call(`${api}?${query()}`);
          if (response.ok) {
            const next = await response.json();
            if (!S || next.ply !== S.ply || next.version !== S.version) { selected = null; say(""); }
            S = next;
            if (S.flipped !== flipped()) again = true;  // the seats' side changed: turn
            render();
          }
        } while (again);
      } finally { loading = null; document.body.dataset.settled = "yes"; }
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
    $("title").textContent = S.title || S.name;
    document.title = `${S.title || S.name} — boardspec`;
    const book = $("rulebook");
    book.href = `/rulebooks/${B.lang}/${S.game}.html`;
    book.textContent = T.rulebook;
    drawBoard();
    renderStatus();
    renderChoices();
    renderSides();
    renderClocks();
    renderSounds();
    renderSeats();
    renderMoves();
    renderRules();
    if (B.onDraw) B.onDraw();
  }

  function drawBoard() {
    const P = V || S;  // the position shown: the game now, or an earlier one
    renderSteps();
    if (B.editing) return;  // the position editor draws its own board
    $("board").innerHTML = P.svg;
    const svg = $("board").querySelector("svg");
    svg.addEventListener("click", onClick);
    svg.addEventListener("keydown", onKey);
    svg.addEventListener("pointerdown", onPress);
    prepareCells(svg, P);
    if (!V) glide(svg);
    if (!V && mine() && S.continuing && S.last.to && !selected) {
      // The same piece goes on (a chain of hops): it stays picked, its next targets shown.
      const from = S.legal.filter((a) => a.from);
      if (from.length && from.every((a) => a.from === S.last.to)) selected = S.last.to;
    }
    if (!V) drawMarks();
    const shown = V ? V.viewing : S.turns.length;
    document.body.dataset.viewing = V ? V.viewing : "";
    $("history").hidden = !V;
    $("history-text").textContent = fill(T.viewing, {turn: shown, turns: S.turns.length});
    $("live").textContent = T.live;
    $("flip").textContent = T.flip;
    const resign = $("resign");
    resign.hidden = watching() || S.terminal || !!V;
    if (resign.dataset.confirm !== "yes") resign.textContent = T.resign;
    renderOffers();
    $("flip").setAttribute("aria-pressed", flipped() ? "true" : "false");
    markCurrent();
    if (B.onDraw) B.onDraw();
  }

  function renderSteps() {
    // Step through the game (a record opened, a game played): as the arrow keys do.
    const shown = V ? V.viewing : S.turns.length;
    $("steps").hidden = !S.turns.length;
    for (const [id, label, disabled] of [["step-first", T.step_first, shown === 0],
                                         ["step-back", T.step_back, shown === 0],
                                         ["step-forward", T.step_forward, !V],
                                         ["step-last", T.step_last, !V]]) {
      $(id).title = label;
      $(id).setAttribute("aria-label", label);
      $(id).disabled = disabled;
    }
  }

  function renderOffers() {
    // A draw, a take-back, a rematch: offered by one seat, answered by another person (an
    // agent answers at once: it takes back and plays again, but plays on rather than draw).
    const playing = !watching() && !V;
    const offer = S.offer;
    const mineTurns = S.turns.some((turn) => tokens[turn.seat] !== undefined);
    $("take-back").hidden = !playing || S.terminal || !mineTurns || !!offer;
    $("offer-draw").hidden = !playing || S.terminal || !!offer;
    $("rematch").hidden = !playing || !S.terminal || !!S.rematch || !!offer;
    $("take-back").textContent = T.take_back;
    $("offer-draw").textContent = T.offer_draw;
    $("rematch").textContent = T.rematch;
    const link = $("to-rematch");
    link.hidden = !S.rematch || watching();
    if (S.rematch) {
      // Each seat's token goes with its person to the next seat (the sides swapped).
      const n = S.seats.length, next = new URLSearchParams();
      for (const [seat, token] of Object.entries(tokens)) next.set(`s${(+seat + 1) % n}`, token);
      link.href = `/play/${S.rematch}?lang=${B.lang}#${next}`;
      link.textContent = T.to_rematch;
      // Agreed while this page was open: both players go on to it at once.
      if (knownRematch === null && !watching()) location.assign(link.href);
    }
    knownRematch = S.rematch || null;
    const box = $("offer");
    box.hidden = !offer || !!V;
    document.body.dataset.offer = offer ? offer.kind : "";
    if (!offer) return;
    const own = tokens[offer.seat] !== undefined;
    const answering = !own && !watching();
    $("offer-text").textContent = own ? T.offer_waiting
      : fill(T[`offers_${offer.kind}`], {player: offer.by});
    $("accept").hidden = $("decline").hidden = !answering;
    $("accept").textContent = T.accept;
    $("decline").textContent = T.decline;
  }

  let knownRematch;  // the rematch of the first state seen (undefined: none seen yet)

  function ownToken() {
    const seat = tokens[S.current_seat] !== undefined ? S.current_seat : Object.keys(tokens)[0];
    return tokens[seat];
  }

  async function offerOrAnswer(path, body) {
    const response = await call(`${api}/${path}?${query()}`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({token: ownToken(), ...body}),
    });
    const data = await response.json();
    if (!response.ok) { say(data.error, true); return; }
    say(data.outcome === "declined" ? T.offer_declined : "");
    S = data.state;
    selected = null;
    render();
  }

  function markCurrent() {
    const shown = V ? V.viewing : S.turns.length;
    for (const move of document.querySelectorAll("#moves .move")) {
      move.classList.toggle("current", +move.dataset.turn === shown);
    }
  }

  async function view(turn) {
    // Step through the game: the position after ``turn`` turns (the last one is live).
    if (!S) return;
    turn = Math.max(0, Math.min(turn, S.turns.length));
    asked = turn;  // keys pressed quickly step from here, not from the picture shown
    if (turn === S.turns.length) { asked = null; V = null; drawBoard(); return; }
    const response = await call(`${api}?turn=${turn}&${query()}`);
    if (!response.ok || asked !== turn) return;
    V = await response.json();
    selected = null;
    drawBoard();
  }

  document.addEventListener("keydown", (event) => {
    if (!S || B.editing || event.target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    const shown = asked ?? (V ? V.viewing : S.turns.length);
    const step = {ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: S.turns.length, Escape: S.turns.length}[event.key];
    if (event.key === "Escape" && !$("picker").hidden) { closePicker(); selected = null; drawMarks(); return; }
    if (step === undefined || (event.key === "Escape" && !V)) return;
    event.preventDefault();
    view(step);
  });

  function prepareCells(svg, P) {
    // Every cell is reachable with Tab and played with Enter or Space, as by a click; the
    // last move's cells are tinted, the forced pieces and a royal piece in check ringed.
    const tint = (name, css) => {
      const cell = svg.querySelector(`g.cell[data-cell="${CSS.escape(name)}"]`);
      if (!cell) return;
      const shape = cell.firstElementChild.cloneNode();
      shape.setAttribute("class", css);
      shape.removeAttribute("stroke");
      cell.insertBefore(shape, cell.firstElementChild.nextSibling);
    };
    if (P.last.from) tint(P.last.from, "last-from");
    if (P.last.to) tint(P.last.to, "last-to");
    for (const name of P.check) tint(name, "check");
    for (const name of (P.result && P.result.row) || []) tint(name, "winning");
    for (const cell of svg.querySelectorAll("g.cell")) {
      const name = cell.dataset.cell, piece = P.pieces[name];
      cell.setAttribute("tabindex", "0");
      cell.setAttribute("role", "button");
      cell.setAttribute("aria-label", piece ? `${name}: ${(S.sides.find((s) => s.player === piece) || {}).label || piece}` : name);
    }
    svg.removeAttribute("role");
  }

  function onKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    if (!$("picker").hidden) return;
    const cell = event.target.closest("g.cell");
    if (!cell) return;
    event.preventDefault();
    play(cell.dataset.cell);
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
    if (css === "forced") {  // a piece that must capture: a dashed red ring
      circle.setAttribute("r", size * 0.44);
      circle.setAttribute("fill", "none");
      circle.setAttribute("stroke", "#d62020");
      circle.setAttribute("stroke-width", 3);
      circle.setAttribute("stroke-dasharray", "4 3");
      circle.setAttribute("pointer-events", "none");
    } else if (css === "selected") {
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
    svg.querySelectorAll(".target, .selected, .forced").forEach((e) => e.remove());
    if (!mine()) return;
    if (!selected) for (const name of S.forced) mark(svg, name, "forced");
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
    for (const a of S.legal) if (!a.from) add(a.lands || a.to || a.at, "target direct");
  }

  function renderStatus() {
    const box = $("status");
    box.className = "";
    if (S.terminal) {
      const r = S.result;
      const why = r.said || (r.reason ? fill(T[`reason_${r.reason}`] || "", {n: r.n ?? "", counter: r.counter || "", player: r.resigned || ""}) : "");
      box.textContent = `${T.over}: ` + (r.winners.length ? fill(T.wins, {player: r.labels.join(", ")}) : T.draw) +
        (why ? ` — ${why}` : "") + (r.scores ? ` (${r.scores})` : "");
      box.dataset.reason = r.reason || "";
      box.classList.add("over");
      if (Object.keys(tokens).length) {  // the same seats and links, a new game
        const again = button(T.play_again, restartWithNewRules);
        again.id = "play-again";
        box.append(" ", again);
      }
      return;
    }
    let text = fill(T.to_play, {player: S.to_move_label});
    if (S.check.length) text += ` — ${T.check}`;
    if (S.setup) text += ` — ${T.setup}`;
    else if (S.phase) text += ` — ${S.phase_label}`;
    const seat = S.seats[S.current_seat];
    if (mine()) {
      text += ` (${T.your_turn})`;
      if (selected && S.continuing && selected === S.last.to) text += ` — ${T.go_on}`;
      else if (S.forced.length) text += ` — ${T.must_capture}`;
    } else if (S.thinking) text += ` — ${fill(T.thinking, {player: `${S.to_move_label} (${agentLabel(seat.agent)})`})}`;
    else if (seat) text += ` — ${fill(T.waiting, {player: S.to_move_label})}`;
    if (watching()) text += ` — ${T.watching}`;
    if (S.agent_error) text += ` — ${S.agent_error}`;
    box.textContent = text;
    renderDice();
    $("hint").textContent = S.hint || "";
    const [first, second] = S.piece_key;
    $("piece-key").textContent = first ? fill(second ? T.piece_key2 : T.piece_key,
      {numbers: S.piece_key.join(" · "), first, second}) : "";
  }

  function renderDice() {
    // The dice the server rolled for this turn: shown, never rolled here.
    const box = $("dice");
    const dice = S.dice || [];
    box.hidden = !dice.length;
    box.dataset.dice = dice.join(" ");
    box.textContent = dice.length ? fill(T.dice, {dice: dice.map((d) => FACES[d] ? `${FACES[d]} ${d}` : `${d}`).join("  ")}) : "";
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
        const b = button(a.label || a.written || a.notation, () => send({action: a.notation}));
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
    if (S.sides[0].score !== null && S.sides[0].score !== undefined) rows.push([T.score, (side) => side.score]);
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
    // An invite link being copied by hand stays selected through the redraw.
    const focused = document.activeElement;
    const keep = focused && focused.matches("input.invite") ? focused.dataset.seat : null;
    list.textContent = "";
    // By side, as the sides table: a choice of sides swaps who plays them, not the order.
    const order = S.sides.map((s) => s.player);
    for (const seat of [...S.seats].sort((a, b) => order.indexOf(a.player) - order.indexOf(b.player))) {
      const li = document.createElement("li");
      const here = S.online.includes(seat.seat);
      const who = seat.human ? (tokens[seat.seat] !== undefined ? T.you : T.person) : agentLabel(seat.agent);
      li.textContent = `${seat.label}: ${seat.name ? `${seat.name} — ${who}` : who}`;
      li.dataset.seat = seat.seat;
      if (seat.human && tokens[seat.seat] === undefined) {
        li.dataset.online = here ? "yes" : "no";
        li.append(` — ${here ? T.online : T.not_here}`);
      }
      if (invites[seat.seat]) {
        const input = document.createElement("input");
        input.readOnly = true;
        input.className = "invite";
        input.dataset.seat = seat.seat;
        input.value = `${location.origin}/play/${S.id}#s${seat.seat}=${invites[seat.seat]}`;
        input.title = fill(T.invite, {player: seat.label});
        const copy = button(copied[seat.seat] || T.copy, () => copyLink(seat.seat, input));
        copy.className = "copy";
        copy.dataset.seat = seat.seat;
        li.append(document.createElement("br"), fill(T.invite, {player: seat.label}), " ", copy, input);

      }
      list.append(li);
    }
    const kept = keep !== null && list.querySelector(`input.invite[data-seat="${keep}"]`);
    if (kept) { kept.focus(); kept.select(); }
    renderNaming();
  }

  function renderNaming() {
    // A person names themself (kept in this browser for the next game): the seat list
    // and the record show it. The field is left alone while it is being typed in.
    const form = $("naming");
    form.hidden = watching();
    if (form.hidden) return;
    $("name-label").textContent = T.your_name;
    $("save-name").textContent = T.save_name;
    const field = $("name");
    if (document.activeElement !== field) {
      const own = S.seats.find((seat) => tokens[seat.seat] !== undefined);
      field.value = (own && own.name) || storedName();
    }
  }

  function storedName() {
    try { return localStorage.getItem("boardspec:name") || ""; } catch (e) { return ""; }
  }

  $("naming").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("name").value;
    try { localStorage.setItem("boardspec:name", name); } catch (e) { /* this page only */ }
    for (const token of new Set(Object.values(tokens))) {
      const response = await fetch(`${api}/name?${query()}`, {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({token, name}),
      });
      const data = await response.json();
      if (!response.ok) { say(data.error, true); return; }
      S = data.state;
    }
    $("name").blur();
    say("");
    render();
  });

  // Sounds ---------------------------------------------------------------------------------
  // Off unless the player turns them on (kept in this browser): a move that arrives clicks,
  // the end of the game chimes. Made by the browser (WebAudio): no file to fetch.
  let sounds = false, heard = null, audio = null;
  try { sounds = localStorage.getItem("boardspec:sounds") === "on"; } catch (e) { /* off */ }

  function renderSounds() {
    const toggle = $("sounds");
    toggle.textContent = sounds ? T.sounds_on : T.sounds_off;
    toggle.setAttribute("aria-pressed", sounds ? "true" : "false");
    const now = {ply: S.ply, terminal: S.terminal};
    if (heard && heard.id === S.id && sounds && (now.ply > heard.ply || (now.terminal && !heard.terminal))) {
      sound(now.terminal ? "end" : "move");
    }
    heard = {...now, id: S.id};
  }

  function sound(kind) {
    // For tests: how many sounds were played, and the last one.
    document.body.dataset.sounds = String(+(document.body.dataset.sounds || 0) + 1);
    document.body.dataset.lastSound = kind;
    try {
      audio = audio || new AudioContext();
      const tone = audio.createOscillator(), gain = audio.createGain();
      const length = kind === "end" ? 0.6 : 0.08;
      tone.frequency.value = kind === "end" ? 660 : 440;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + length);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + length);
    } catch (e) { /* a browser without sound */ }
  }

  $("sounds").addEventListener("click", () => {
    sounds = !sounds;
    try { localStorage.setItem("boardspec:sounds", sounds ? "on" : "off"); } catch (e) { /* this page only */ }
    renderSounds();
  });

  // Clocks --------------------------------------------------------------------------------
  // The server keeps the time: each state says what every seat has left and whose clock
  // runs; the page counts the running one down from the moment it received it, and when
  // it shows zero asks the server, which decides whether the flag has fallen.
  let clockAt = 0, clockAsked = false;

  function renderClocks() {
    const box = $("clocks");
    const clock = S.clock;
    box.hidden = !clock;
    document.body.dataset.clock = clock ? clock.control : "";
    if (!clock) return;
    clockAt = performance.now();
    clockAsked = false;
    box.textContent = "";
    const order = S.sides.map((side) => side.seat);
    for (const seat of order) {
      const info = S.seats[seat];
      const span = document.createElement("span");
      span.className = "clock";
      span.dataset.seat = seat;
      span.dataset.left = clock.left[seat];
      span.dataset.running = clock.running === seat && !S.terminal ? "yes" : "no";
      span.dataset.label = `${info.label}${info.name ? ` (${info.name})` : ""}`;
      box.append(span);
    }
    tick();
  }

  function shownTime(seconds) {
    // Minutes and seconds (hours above an hour), the seconds rounded up: 0:00 is the end.
    const whole = Math.max(0, Math.ceil(seconds - 1e-9));
    const h = Math.floor(whole / 3600), m = Math.floor(whole / 60) % 60, s = whole % 60;
    const ss = String(s).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
  }

  function tick() {
    if (!S || !S.clock) return;
    const spent = (performance.now() - clockAt) / 1000;
    for (const span of document.querySelectorAll("#clocks .clock")) {
      const running = span.dataset.running === "yes";
      const left = +span.dataset.left - (running ? spent : 0);
      span.textContent = `${span.dataset.label} ${shownTime(left)}`;
      span.dataset.low = left < 10 ? "yes" : "no";
      if (running && left <= 0 && !clockAsked) { clockAsked = true; load(); }
    }
  }
  setInterval(tick, 250);

  const copied = {};  // by seat: what its copy button says after a click (kept across redraws)

  async function copyLink(seat, input) {
    // To the clipboard; where the browser refuses (no permission, an insecure page), the
    // link is selected for the player to copy by hand.
    try {
      await navigator.clipboard.writeText(input.value);
      copied[seat] = T.copied;
    } catch (e) {
      copied[seat] = T.copy_by_hand;
      input.focus();
      input.select();
    }
    renderSeats();
  }

  function renderMoves() {
    // Paired by turn as players read them: one row per round (the first player's turn
    // opens a row; a player already in the row opens the next one), numbered.
    $("moves-title").textContent = T.moves;
    const list = $("moves");
    list.textContent = "";
    let row = null, inRow = new Set();
    S.turns.forEach((turn, index) => {
      if (!row || turn.player === S.players[0] || inRow.has(turn.player)) {
        row = document.createElement("li");
        inRow = new Set();
        list.append(row);
      }
      inRow.add(turn.player);
      const move = document.createElement("button");
      move.type = "button";
      move.className = "move";
      move.dataset.turn = index + 1;
      move.dataset.player = turn.player;
      move.textContent = turn.chose_label ? fill(T.takes_side, {side: turn.chose_label})
        : turn.hidden ? "?" : (turn.written || turn.actions).join(" ");
      move.title = `${turn.label}: ${move.textContent}`;
      if (turn.removed && turn.removed.length) {  // what the turn took off the board
        move.title += ` — ${fill(T.taken_off, {cells: turn.removed.join(", ")})}`;
        if (!turn.marked) {  // a move written Bxb6 or 28x19 says so itself
          const gone = document.createElement("span");
          gone.className = "removed";
          gone.textContent = ` ×${turn.removed.join(" ×")}`;
          move.append(gone);
        }
      }
      move.addEventListener("click", () => view(index + 1));
      row.append(move);
    });
    markCurrent();
    list.scrollTop = list.scrollHeight;
    const links = $("downloads");
    links.textContent = "";
    for (const format of S.record_formats || ["text", "json"]) {
      const a = document.createElement("a");
      a.href = `${api}/record?format=${format}`;
      a.textContent = T[`record_${format}`] || format;
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
    if (changed) replayUnderNewRules();
    else { replayed = null; $("rules-replay").textContent = ""; $("keep-new").hidden = true; }
  }

  let replayed = null;  // {key, report}: the game's moves replayed under the file as it is

  async function replayUnderNewRules() {
    // Say how far the game's moves stay legal under the edited file, and offer to go on
    // from there (the restart stays on offer).
    const key = `${S.version} ${S.file_version} ${S.ply}`;
    if (replayed && replayed.key === key) return;
    replayed = {key, report: null};
    const response = await call(`${api}/replay?${query()}`);
    if (!response.ok || replayed.key !== key) return;
    const report = replayed.report = await response.json();
    const player = (S.sides.find((s) => s.player === report.player) || {}).label || report.player;
    let text = "";
    if (!report.reason) text = T.keep_all;
    else if (report.kept === 0 && !report.turn) text = fill(T.keep_position, {reason: report.reason});
    else text = fill(T.keep_stop, {turn: report.turn, player, action: report.action, reason: report.reason});
    $("rules-replay").textContent = text;
    const keep = $("keep-new");
    keep.dataset.kept = report.kept;
    keep.textContent = !report.reason ? T.keep_continue
      : report.turns_kept === 1 ? T.keep_first : fill(T.keep_from, {turn: report.turns_kept});
    keep.hidden = !Object.keys(tokens).length || !report.kept;
  }

  // Moving pieces: a glide from the last move's cell, and dragging ------------------------
  let glided = null;   // the ply last drawn {ply, moved}: a glide is played once, then marked
  let dropped = null;  // the cell a piece was dropped on by a drag (it is there: no glide)
  const stillness = window.matchMedia("(prefers-reduced-motion: reduce)");

  function glide(svg) {
    // A move that arrives (anyone's) glides its piece from its cell over ~150 ms. The state
    // is already drawn where it ends: the glide only offsets the piece at first, so nothing
    // waits for it, and a newer state simply draws over it.
    const {from, to} = S.last;
    // (Not the position a page opens on, nor one a take-back goes back to.)
    const onwards = glided !== null && S.ply > glided.ply;
    if (!glided || glided.ply !== S.ply) glided = {ply: S.ply, moved: false};
    const piece = to && from && from !== to &&
      svg.querySelector(`g.piece[data-cell="${CSS.escape(to)}"]`);
    if (!piece) return;
    if (onwards && dropped !== to && !stillness.matches) {
      const [fx, fy] = cellCentre(svg, from) || [], [tx, ty] = cellCentre(svg, to) || [];
      if (fx !== undefined && tx !== undefined && piece.animate) {
        piece.animate([{transform: `translate(${fx - tx}px, ${fy - ty}px)`}, {transform: "none"}],
                      {duration: 150, easing: "ease-out"});
        glided.moved = true;
      }
    }
    dropped = null;
    if (glided.moved) piece.dataset.glidedFrom = from;  // for tests: which move glided
  }

  let drag = null;       // a press on one's own piece: {cell, piece, x, y, moved, id}
  let dragged = false;   // a drag just ended: the click that follows it is not a click

  function svgPoint(svg, event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    return [point.x, point.y];
  }

  function onPress(event) {
    // Mouse, pen or finger on a piece that can move: it may be dragged to a target. A press
    // released where it began stays a click (click-click plays as before).
    if (event.button !== 0 || V || !mine() || !$("picker").hidden) return;
    const cell = event.target.closest("g.cell, g.piece");
    const name = cell && cell.dataset.cell;
    if (!name || !S.legal.some((a) => a.from === name)) return;
    const svg = event.currentTarget;
    const piece = svg.querySelector(`g.piece[data-cell="${CSS.escape(name)}"]`);
    if (!piece) return;
    const [x, y] = svgPoint(svg, event);
    drag = {cell: name, piece, svg, x, y, moved: false, id: event.pointerId};
    svg.addEventListener("pointermove", onDrag);
    svg.addEventListener("pointerup", onRelease);
    svg.addEventListener("pointercancel", onRelease);
  }

  function onDrag(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const [x, y] = svgPoint(drag.svg, event);
    const [dx, dy] = [x - drag.x, y - drag.y];
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) {  // picked up: its targets shown, as after a click on it
      drag.moved = true;
      // Held from now on (a press released where it began is left a plain click).
      drag.svg.setPointerCapture(drag.id);
      selected = drag.cell;
      drawMarks();
      renderChoices(S.legal.filter((a) => !a.from && (a.to === drag.cell || a.at === drag.cell)));
      renderStatus();
      drag.piece = drag.svg.querySelector(`g.piece[data-cell="${CSS.escape(drag.cell)}"]`);
      drag.piece.classList.add("dragging");
      drag.svg.appendChild(drag.piece);  // drawn above every other piece and mark
    }
    drag.piece.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  function cellAt(event) {
    // The cell under the pointer (the dragged piece lets the pointer through).
    for (const element of document.elementsFromPoint(event.clientX, event.clientY)) {
      const cell = element.closest("#board [data-cell]");
      if (cell && !cell.classList.contains("dragging")) return cell.dataset.cell;
    }
    return null;
  }

  function onRelease(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const {svg, piece, cell, moved} = drag;
    drag = null;
    svg.removeEventListener("pointermove", onDrag);
    svg.removeEventListener("pointerup", onRelease);
    svg.removeEventListener("pointercancel", onRelease);
    if (!moved) return;  // a click: the click handler plays it
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);  // only the click of this release is eaten
    piece.style.transform = "";
    piece.classList.remove("dragging");
    const target = event.type === "pointerup" ? cellAt(event) : null;
    const found = target && S.legal.filter((a) => a.from === cell && (a.to === target || a.at === target));
    if (found && found.length) {
      if (found.length === 1 && !found[0].then) {
        // Shown where it was dropped at once; the server's answer draws it for good.
        piece.style.transform = `translate(${offset(svg, cell, target)})`;
        dropped = target;
      }
      choose(found);
      return;
    }
    // Released off any target: the piece goes back, nothing picked, nothing sent.
    selected = null;
    drawMarks();
    renderChoices();
    renderStatus();
  }

  function offset(svg, from, to) {
    const [fx, fy] = cellCentre(svg, from), [tx, ty] = cellCentre(svg, to);
    return `${tx - fx}px, ${ty - fy}px`;
  }

  // Playing ------------------------------------------------------------------------------
  function onClick(event) {
    if (dragged) { dragged = false; return; }
    if (B.editing) return;
    const target = event.target.closest("[data-cell]");
    if (!target || !S) return;
    play(target.dataset.cell);
  }

  function play(name) {
    if (V) { say(T.viewing_past, true); return; }
    if (!mine()) {
      say(S.terminal ? T.over : watching() ? T.watching_no_move : T.not_your_turn, true);
      return;
    }
    say("");
    if (selected) {
      const found = S.legal.filter((a) => a.from === selected && (a.to === name || a.at === name));
      if (found.length) return choose(found);
      if (name === selected && !(S.continuing && selected === S.last.to)) {
        selected = null; drawMarks(); renderChoices(); renderStatus(); return;
      }
    }
    const fromHere = S.legal.filter((a) => a.from === name);
    const here = S.legal.filter((a) => !a.from && (a.to === name || a.at === name || a.lands === name));
    if (fromHere.length) {
      selected = name;
      drawMarks();
      renderChoices(here);
      renderStatus();
      return;
    }
    if (!here.length && S.pieces[name] === S.to_move && !S.legal.some((a) => a.to === name || a.at === name || a.lands === name)) {
      // Another piece of one's own: picked, even when it cannot move (nothing is sent).
      selected = null;
      drawMarks();
      renderChoices();
      say(S.forced.length ? T.must_capture : T.no_move_piece);
      return;
    }
    if (here.length) return choose(here);
    // No legal action there: the server says why (and nothing changes).
    send(selected ? {from: selected, to: name} : {at: name});
    selected = null;
    drawMarks();
  }

  function choose(list) {
    if (list.length === 1 && list[0].then) pick(list[0]);
    else if (list.length === 1) send({action: list[0].notation});
    else renderChoices(list);
  }

  function pick(action) {
    // A choice that follows the move in the same turn (a promotion): asked over the board,
    // by pictures, before anything is sent; the board stays where it is.
    const box = $("picker");
    box.textContent = "";
    const title = document.createElement("p");
    title.textContent = T.choose;
    box.append(title);
    for (const c of action.then) {
      const b = button("", () => { closePicker(); send({action: `${action.notation} ${c.notation}`}); });
      b.dataset.action = c.notation;
      b.title = c.label;
      const glyph = document.createElement("span");
      glyph.className = "glyph";
      glyph.textContent = c.glyph || c.written;
      glyph.style.background = c.fill;
      glyph.style.color = c.ink;
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = c.label;
      b.append(glyph, name);
      box.append(b);
    }
    box.append(button(T.cancel, () => { closePicker(); selected = null; drawMarks(); }));
    box.hidden = false;
    box.querySelector("button").focus();
  }

  function closePicker() { $("picker").hidden = true; $("picker").textContent = ""; }

  async function send(body) {
    const seat = S.current_seat;
    const response = await call(`${api}/apply?${query()}`, {
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
    // (hidden information: the actions are played one by one, up to one refused)
    if (data.refused) say(`${T.not_played}: ${data.refused}`, true);
    if (data.state.ply > S.ply) {  // the socket may have brought this state (or a newer) first
      S = data.state;
      render();
    }
  }

  async function restartWithNewRules(keep) {
    const token = Object.values(tokens)[0];  // any of this browser's seats
    const response = await call(`${api}/restart?${query()}`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({token, keep: keep === true}),
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
    ws.onopen = () => {
      $("connection").hidden = true;
      if (!watching()) ws.send(JSON.stringify({type: "hello", tokens: Object.values(tokens)}));
      load();
    };
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "offer" && message.outcome === "declined" && S && S.offer &&
          tokens[S.offer.seat] !== undefined) say(T.offer_declined);
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
      a.href = `?lang=${code}`;
      a.textContent = name;
      a.lang = code;
      if (code === B.lang) a.className = "current";
      nav.append(a);
    }
  }

  $("live").addEventListener("click", () => view(S.turns.length));
  $("resign").addEventListener("click", async () => {
    // Two clicks: the first asks to confirm (a slip of the mouse loses no game).
    const resign = $("resign");
    if (resign.dataset.confirm !== "yes") {
      resign.dataset.confirm = "yes";
      resign.textContent = T.resign_confirm;
      return;
    }
    resign.dataset.confirm = "";
    const seat = tokens[S.current_seat] !== undefined ? S.current_seat : Object.keys(tokens)[0];
    const response = await call(`${api}/resign?${query()}`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({token: tokens[seat]}),
    });
    const data = await response.json();
    if (!response.ok) { say(data.error, true); return; }
    S = data.state;
    render();
  });
  $("offer-draw").addEventListener("click", () => offerOrAnswer("offer", {offer: "draw"}));
  $("take-back").addEventListener("click", () => offerOrAnswer("offer", {offer: "undo"}));
  $("rematch").addEventListener("click", () => offerOrAnswer("offer", {offer: "rematch"}));
  $("accept").addEventListener("click", () => offerOrAnswer("answer", {accept: true}));
  $("decline").addEventListener("click", () => offerOrAnswer("answer", {accept: false}));
  $("flip").addEventListener("click", async () => {
    turned = !flipped();
    const shown = V ? V.viewing : null;
    await load();
    if (shown !== null) view(shown);
  });
  $("show-board").addEventListener("click", () => { showBoardAnyway = true; renderRules(); });
  $("restart-new").addEventListener("click", () => restartWithNewRules(false));
  $("keep-new").addEventListener("click", () => restartWithNewRules(true));
  $("step-first").addEventListener("click", () => view(0));
  $("step-back").addEventListener("click", () => view((asked ?? (V ? V.viewing : S.turns.length)) - 1));
  $("step-forward").addEventListener("click", () => view((asked ?? (V ? V.viewing : S.turns.length)) + 1));
  $("step-last").addEventListener("click", () => view(S.turns.length));
  // For the designer's bench (bench.js): the page's state and the few things it may do.
  B.page = {
    get state() { return S; }, get view() { return V; }, tokens, api, query, call, fill, say,
    load, redraw: () => { if (S) render(); },
    viewTurn: (turn) => view(turn),
  };
  languages();
  load().then(() => { if (startTurn !== null && S) view(startTurn); }).then(connect);
})();
