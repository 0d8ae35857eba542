// The list of games: start one (each seat a person or an agent) or watch a recent one.
"use strict";
(() => {
  const B = window.BOARDSPEC;
  const T = B.texts;
  const $ = (id) => document.getElementById(id);
  const AGENTS = B.agents;  // by strength: weak, medium, strong
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");

  function seatLabel(spec) {
    // A seat as the game list offers it: a player, or an agent and its strength.
    if (spec === "human") return T.player;
    const name = spec.split(":")[0];
    const strength = (AGENTS[name] || []).indexOf(spec);
    return strength >= 0 ? `${T[name]}, ${[T.weak, T.medium, T.strong][strength]}` : T[name] || name;
  }

  function resultLabel(result, game) {
    if (result === "unfinished") return T.in_progress;
    if (result === "draw") return T.draw;
    const label = (player) => (game ? game.player_labels[game.players.indexOf(player)] : null) || player;
    return fill(T.wins, {player: result.split("+").map(label).join(", ")});
  }

  function option(value, label) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = label;
    return o;
  }

  function seatPicker(game, index) {
    const label = document.createElement("label");
    label.append(`${game.player_labels[index]}: `);
    const who = document.createElement("select");
    who.name = `seat${index}`;
    who.append(option("you", T.you), option("friend", T.friend), option("random", T.random),
      option("greedy", T.greedy), option("alphabeta", T.alphabeta), option("mcts", T.mcts));
    who.value = index === 0 ? "you" : "random";
    const strength = document.createElement("select");
    strength.name = `strength${index}`;
    strength.append(option("0", T.weak), option("1", T.medium), option("2", T.strong));
    strength.value = "1";
    const update = () => { strength.hidden = !(who.value in AGENTS); };
    who.addEventListener("change", update);
    update();
    label.append(who, " ", strength);
    return label;
  }

  // One field per parameter of the game file (a number, a switch or a choice), its
  // default chosen; the description and the values allowed show as its tooltip.
  function parameterField(parameter) {
    const label = document.createElement("label");
    label.className = "parameter";
    label.title = [parameter.name, parameter.allowed].filter(Boolean).join(": ");
    // What it changes, in the page's language; the file's key stays in the tooltip.
    label.append(`${parameter.label || parameter.description || parameter.name}: `);
    let input;
    if (parameter.type === "choice") {
      input = document.createElement("select");
      parameter.choices.forEach((c) => input.append(option(c, c)));
      input.value = parameter.default;
    } else if (parameter.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = parameter.default;
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.step = parameter.type === "int" ? "1" : "any";
      if (parameter.min !== null) input.min = parameter.min;
      if (parameter.max !== null) input.max = parameter.max;
      input.value = parameter.default;
    }
    input.name = `param-${parameter.name}`;
    label.append(input);
    return label;
  }

  function parameterValues(game, form) {
    const values = {};
    for (const parameter of game.parameters || []) {
      const input = form.elements[`param-${parameter.name}`];
      if (parameter.type === "bool") values[parameter.name] = input.checked;
      else if (parameter.type === "choice") values[parameter.name] = input.value;
      else values[parameter.name] = Number(input.value);
    }
    return values;
  }

  function clockField() {
    // The time control: none, or minutes + seconds added after each turn.
    const label = document.createElement("label");
    label.append(`${T.clock}: `);
    const select = document.createElement("select");
    select.name = "clock";
    for (const control of B.clocks) select.append(option(control, control === "none" ? T.no_clock : control));
    label.append(select);
    return label;
  }

  function nameField() {
    // The player's name (kept in this browser for the next game).
    const label = document.createElement("label");
    label.append(`${T.your_name}: `);
    const input = document.createElement("input");
    input.name = "name";
    input.maxLength = 40;
    input.autocomplete = "nickname";
    try { input.value = localStorage.getItem("boardspec:name") || ""; } catch (e) { /* none kept */ }
    label.append(input);
    return label;
  }

  async function start(game, form) {
    const seats = [], mine = [], friends = [];
    game.players.forEach((_, i) => {
      const who = form.elements[`seat${i}`].value;
      if (who === "you" || who === "friend") {
        seats.push("human");
        (who === "you" ? mine : friends).push(i);
      } else if (who in AGENTS) {
        seats.push(AGENTS[who][+form.elements[`strength${i}`].value]);
      } else seats.push(who);
    });
    const name = form.elements.name.value;
    try { localStorage.setItem("boardspec:name", name); } catch (e) { /* this page only */ }
    const names = game.players.map((_, i) => (mine.includes(i) && name.trim() ? name : null));
    const response = await fetch("/api/play", {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({game: game.slug, seats, parameters: parameterValues(game, form),
                            clock: form.elements.clock.value, names}),
    });
    const data = await response.json();
    if (!response.ok) { $("message").textContent = data.error; $("message").className = "error"; return; }
    const hash = [...mine.map((i) => `s${i}=${data.tokens[i]}`),
                  ...friends.map((i) => `invite${i}=${data.tokens[i]}`)].join("&");
    location.href = `${data.url}?lang=${B.lang}#${hash}`;
  }

  async function main() {
    $("title").textContent = T.games;
    $("sketch-link").textContent = T.sketch;
    for (const [code, name] of Object.entries(B.languages)) {
      const a = document.createElement("a");
      a.href = `?lang=${code}`;
      a.textContent = name;
      if (code === B.lang) a.className = "current";
      $("languages").append(a);
    }
    const games = (await (await fetch(`/api/games?lang=${B.lang}`)).json()).games;
    const known = Object.fromEntries(games.map((g) => [g.slug, g]));
    if (!games.length) $("games").textContent = T.no_games;
    for (const game of games) {
      const article = document.createElement("article");
      article.dataset.game = game.slug;
      const h = document.createElement("h2");
      h.textContent = game.label;
      const book = document.createElement("a");
      book.href = `/rulebooks/${B.lang}/${game.slug}.html`;
      book.textContent = T.rulebook;
      article.append(h);
      const p = document.createElement("p");
      p.textContent = game.about;
      article.append(p);
      if (game.errors.length) {
        const errors = document.createElement("p");
        errors.className = "errors";
        errors.textContent = game.errors.map((e) => e.text).join("\n");
        article.append(errors);
      }
      if (game.playable) {
        const form = document.createElement("form");
        game.players.forEach((_, i) => form.append(seatPicker(game, i)));
        (game.parameters || []).forEach((p) => form.append(parameterField(p)));
        form.append(clockField(), nameField());
        const go = document.createElement("button");
        go.type = "submit";
        go.textContent = `${T.new_game}`;
        form.append(go, " ", book);
        form.addEventListener("submit", (e) => { e.preventDefault(); start(game, form); });
        article.append(form);
      }
      $("games").append(article);
    }
    $("recent-title").textContent = T.recent;
    for (const game of (await (await fetch("/api/recent")).json()).games) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `/play/${game.id}?lang=${B.lang}`;
      const card = known[game.game];
      a.textContent = `${card ? card.label : game.game}: ${game.seats.map(seatLabel).join(" – ")} · ` +
        `${fill(T.plies, {n: game.plies})} · ${resultLabel(game.result, card)}`;
      li.append(a);
      $("recent").append(li);
    }
  }
  main();
})();
