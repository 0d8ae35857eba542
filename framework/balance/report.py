"""The balance report: ``balance.json``, ``balance.html`` and its SVG plots.

Plots are drawn with matplotlib (the ``[balance]`` extra), written as SVG files in
``plots/`` that the HTML page shows (and a README can show too). The SVG files are
reproducible: no date, fixed ids.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from jinja2 import Environment

from framework.balance.analysis import verdict
from framework.errors import BoardspecError
from framework.study import write_atomic

COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")
PUBLISHED_COLOUR = "#333333"
#: A level's outcomes, in the order the results plot stacks them.
OUTCOMES = ("first", "draw", "second", "unfinished")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise BoardspecError("the balance report draws its plots with matplotlib: "
                             "pip install 'boardspec[balance]'") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "boardspec-balance"
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, searchable
    matplotlib.rcParams["font.size"] = 10
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, path: Path) -> Path:
    from io import StringIO

    buffer = StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    fig.clf()
    return write_atomic(path, buffer.getvalue())


def plot_first_player(report: dict[str, Any], path: Path) -> Path:
    """The first player's score (wins + draws/2) at each strength, with its 95 % interval,
    and the published games' beside."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 0.55 * (len(report["levels"]) + 2) + 1.2))
    labels, scores, lows, highs, colours = [], [], [], [], []
    for i, level in enumerate(report["levels"]):
        first = level["first_player"]
        labels.append(f"{level['agent']} ({level['games']} games)")
        scores.append(100 * first["score"])
        lows.append(100 * (first["score"] - first["ci95"][0]))
        highs.append(100 * (first["ci95"][1] - first["score"]))
        colours.append(COLOURS[i % len(COLOURS)])
    published = report.get("published")
    if published:
        shares = published["shares"]
        m = published["games"]
        from framework.match import wilson

        score = shares["first"] + shares["draw"] / 2
        low, high = wilson(score * m, m)
        labels.append(f"rule page ({m:,} games)")
        scores.append(100 * score)
        lows.append(100 * (score - low))
        highs.append(100 * (high - score))
        colours.append(PUBLISHED_COLOUR)
    y = list(range(len(labels)))[::-1]
    ax.axvline(50, color="#999999", linewidth=1, linestyle="--")
    for yi, s, lo, hi, c in zip(y, scores, lows, highs, colours, strict=True):
        ax.errorbar([s], [yi], xerr=[[lo], [hi]], fmt="o", color=c, capsize=4)
        ax.annotate(f"{s:.1f} %", (s, yi), textcoords="offset points", xytext=(0, 7),
                    ha="center", fontsize=8)
    ax.set_yticks(y, labels)
    ax.set_xlabel(f"{report['players']['first']} (moves first): score %, 95 % interval")
    ax.set_title(f"{report['game']}: first player's score by strength")
    ax.set_ylim(-0.7, len(labels) - 0.3)
    return _save(fig, path)


def plot_outcomes(report: dict[str, Any], path: Path) -> Path:
    """Each level's games as one bar: won by the first player, drawn, won by the second,
    unfinished (an outcome of its own, never counted as the second player's)."""
    plt = _pyplot()
    rows = [(f"{lv['agent']}", *(lv["results"][key]["share"] for key in OUTCOMES))
            for lv in report["levels"]]
    if report.get("published"):
        s = report["published"]["shares"]
        rows.append(("rule page", s["first"], s["draw"], s["second"], 0.0))
    fig, ax = plt.subplots(figsize=(6.4, 0.5 * len(rows) + 1.4))
    y = list(range(len(rows)))[::-1]
    players = report["players"]
    labels = (f"won by {players['first']}", "draws", f"won by {players['second']}",
              "unfinished")
    colours = (COLOURS[0], "#bbbbbb", COLOURS[1], "#ffffff")
    left = [0.0] * len(rows)
    for column, (label, colour) in enumerate(zip(labels, colours, strict=True), start=1):
        widths = [100 * r[column] for r in rows]
        ax.barh(y, widths, left=left, color=colour, label=label,
                **({"hatch": "//", "edgecolor": "#777777"} if label == "unfinished" else {}))
        left = [a + b for a, b in zip(left, widths, strict=True)]
    for yi, row in zip(y, rows, strict=True):
        if row[1] >= 0.08:  # in white on the first player's bar, where it has room
            ax.text(1, yi, f"{100 * row[1]:.1f} %", va="center", color="white", fontsize=8)
    ax.set_yticks(y, [r[0] for r in rows])
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of games")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=4, frameon=False)
    ax.set_title("Results by strength")
    return _save(fig, path)


def plot_lengths(report: dict[str, Any], path: Path) -> Path:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    every = [n for level in report["levels"] for n in level["length"]["all"]]
    low, high = (min(every), max(every)) if every else (0, 1)
    width = max(1, (high - low + 1) // 30)
    edges = list(range(low, high + width + 1, width))  # the same bins for every level
    for i, level in enumerate(report["levels"]):
        lengths = level["length"]["all"]
        if lengths:
            ax.hist(lengths, bins=edges, histtype="step", linewidth=1.6,
                    weights=[100 / len(lengths)] * len(lengths),
                    color=COLOURS[i % len(COLOURS)],
                    label=f"{level['agent']} (median {level['length']['median']:g})")
    ax.set_xlabel(f"game length (plies; bins of {width})")
    ax.set_ylabel("% of games")
    ax.set_title("Game length")
    ax.legend(frameon=False)
    return _save(fig, path)


def plot_win_by_length(report: dict[str, Any], path: Path) -> Path:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    ax.axhline(50, color="#999999", linewidth=1, linestyle="--")
    for i, level in enumerate(report["levels"]):
        bins = level["by_length"]
        if not bins:
            continue
        x = [(b["plies"][0] + b["plies"][1]) / 2 for b in bins]
        y = [100 * b["share"] for b in bins]
        low = [100 * (b["share"] - b["ci95"][0]) for b in bins]
        high = [100 * (b["ci95"][1] - b["share"]) for b in bins]
        ax.errorbar(x, y, yerr=[low, high], marker="o", capsize=3,
                    color=COLOURS[i % len(COLOURS)], label=level["agent"])
    ax.set_xlabel("game length (plies; bins of about equal numbers of games)")
    ax.set_ylabel(f"won by {report['players']['first']} (%)")
    ax.set_ylim(0, 100)
    ax.set_title("First player's wins by game length")
    ax.legend(frameon=False)
    return _save(fig, path)


def plot_rules(report: dict[str, Any], path: Path) -> Path:
    plt = _pyplot()
    names: list[str] = []
    for level in report["levels"]:
        for rule in level["rules"]:
            if rule["rule"] not in names:
                names.append(rule["rule"])
    levels = report["levels"]
    fig, ax = plt.subplots(figsize=(6.4, 0.35 * len(names) * max(1, len(levels)) / 1.5 + 1.5))
    height = 0.8 / max(1, len(levels))
    for i, level in enumerate(levels):
        per_game = {r["rule"]: r["per_game"] for r in level["rules"]}
        y = [len(names) - 1 - k + (len(levels) / 2 - i - 0.5) * height
             for k in range(len(names))]
        ax.barh(y, [per_game.get(n, 0.0) for n in names], height=height,
                color=COLOURS[i % len(COLOURS)], label=level["agent"])
    ax.set_yticks(list(range(len(names)))[::-1], names)
    ax.set_xlabel("times per game")
    ax.set_title("How often each rule fires")
    ax.legend(frameon=False)
    return _save(fig, path)


PLOTS = {
    "first_player": plot_first_player,
    "outcomes": plot_outcomes,
    "lengths": plot_lengths,
    "win_by_length": plot_win_by_length,
    "rules": plot_rules,
}

TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{{ r.game }}: balance study</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.45; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; }
.note { color: #555; font-size: 0.9rem; }
</style></head><body>
<h1>{{ r.game }}: is it balanced?</h1>
<p>Each strength level is one agent playing itself, so a difference between the sides comes
from the rules, not from the players. {{ r.players.first }} moves first. Intervals are
95 % (Wilson). Study seed {{ r.seed }}, game file <code>{{ r.game_file }}</code>.</p>

<h2>Verdict</h2>
<ul>
{% for lv in r.levels %}<li><b>{{ lv.agent }}</b> ({{ lv.games }} games): {{
verdict(lv) }}.</li>
{% endfor %}</ul>

<img src="plots/first_player.svg" alt="first player's score by strength">

<h2>Results</h2>
<table><tr><th>level</th><th>games</th><th>won by {{ r.players.first }}</th><th>won by {{
r.players.second }}</th><th>draws</th><th>unfinished</th><th>median length</th></tr>
{% for lv in r.levels %}<tr><td>{{ lv.agent }}</td><td>{{ lv.games }}</td>
{% for key in ["first", "second", "draw", "unfinished"] %}<td>{{ pct(lv.results[key].share) }}
<span class="note">({{ pct(lv.results[key].ci95[0]) }}–{{ pct(lv.results[key].ci95[1])
}})</span></td>{% endfor %}<td>{{ lv.length.median }}</td></tr>
{% endfor %}
{% if r.published %}<tr><td>rule page</td><td>{{ "{:,}".format(r.published.games) }}</td>
<td>{{ pct(r.published.shares.first) }}</td><td>{{ pct(r.published.shares.second) }}</td>
<td>{{ pct(r.published.shares.draw) }}</td><td></td><td></td></tr>{% endif %}
</table>
<img src="plots/outcomes.svg" alt="results by strength">

{% if r.published %}<h2>Beside the published games</h2>
<p>{{ r.published.source }} ({{ "{:,}".format(r.published.games) }} games). Our shares minus
theirs, with the 95 % interval of the difference (Newcombe); "consistent" when it contains
0.</p>
<table><tr><th>level</th>{% for key in ["first", "second", "draw"] %}<th>{{ key }}</th>{%
endfor %}</tr>
{% for c in r.published.comparison %}<tr><td>{{ c.agent }}</td>
{% for key in ["first", "second", "draw"] %}<td>{{ signed(c[key].difference) }}
<span class="note">({{ signed(c[key].difference_ci95[0]) }} to {{
signed(c[key].difference_ci95[1]) }}{{ ", consistent" if c[key].consistent else "" }})</span>
</td>{% endfor %}</tr>
{% endfor %}</table>{% endif %}

{% if r.design %}<h2>Design findings</h2>
<p class="note">What these games show of rules that may not do what was meant, by line of
the game file (as <code>boardspec check --design</code> finds them).</p>
<ul>{% for f in r.design %}<li><code>{{ r.game_file }}:{{ f.line }}</code> {{ f.where }}: {{
f.message }}</li>
{% endfor %}</ul>{% endif %}

<h2>How the games ended</h2>
<p class="note">By what the engine says ended each game: the goal that was met,
<code>no_legal_move</code>, or <code>max_plies</code> for a game stopped unfinished at the
ply limit.</p>
<table><tr><th>level</th><th>ending</th><th>games</th><th>won by {{ r.players.first
}}</th><th>won by {{ r.players.second }}</th><th>draws</th><th>unfinished</th></tr>
{% for lv in r.levels %}{% for e in lv.endings or [] %}<tr><td>{{ lv.agent }}</td>
<td>{{ e.ending }}</td><td>{{ e.games }} ({{ pct(e.share) }})</td><td>{{ e.first }}</td>
<td>{{ e.second }}</td><td>{{ e.draws }}</td><td>{{ e.unfinished }}</td></tr>
{% endfor %}{% endfor %}</table>

{% if r.levels and r.levels[0].ludii %}<h2>Ludii's measures</h2>
<p class="note">As Ludii's <i>Evaluate</i> names them: the branching factor (legal actions
of a decision, on average), decisiveness (the games with a winner), and where a position
is led (a scoring result, else counted pieces) the lead changes per game and the drama
(of the won games, the share of rounds that ended with the winner behind or level).</p>
<table><tr><th>level</th><th>branching</th><th>decisiveness</th><th>lead changes</th>
<th>drama</th></tr>
{% for lv in r.levels %}{% set m = lv.ludii or {} %}<tr><td>{{ lv.agent }}</td>
<td>{{ "%.1f"|format(m.branching or 0) }}</td><td>{{ pct(m.decisiveness or 0) }}</td>
<td>{{ "–" if m.lead_changes is none else "%.1f"|format(m.lead_changes) }}</td>
<td>{{ "–" if m.drama is none else pct(m.drama) }}</td></tr>{% endfor %}</table>{% endif %}

<h2>Game length</h2>
<table><tr><th>level</th><th>mean</th><th>min</th><th>quartiles</th><th>max</th></tr>
{% for lv in r.levels %}<tr><td>{{ lv.agent }}</td><td>{{ "%.1f"|format(lv.length.mean) }}</td>
<td>{{ lv.length.min }}</td><td>{{ lv.length.quartiles|map("round", 1)|join(" / ") }}</td>
<td>{{ lv.length.max }}</td></tr>{% endfor %}</table>
<img src="plots/lengths.svg" alt="game length distribution">
<img src="plots/win_by_length.svg" alt="first player's wins by game length">

<h2>How often each rule fires</h2>
<p class="note">Decisions are actions by phase and kind; an automatic rule (an automatic
phase, or a consequence under a move's <code>then:</code>) fires when the engine runs it and
it changes the position (pieces counts the cells it changed; 0: it never fired); a skipped
phase is one a turn went without. Games: the share of games in which it happened.</p>
{% for lv in r.levels %}<h3>{{ lv.agent }}</h3>
<table><tr><th>rule</th><th>kind</th><th>times</th><th>per game</th><th>games</th>
<th>pieces</th></tr>
{% for rule in lv.rules %}<tr><td>{{ rule.rule }}</td><td>{{ rule.what }}</td>
<td>{{ rule.times }}</td><td>{{ "%.2f"|format(rule.per_game) }}</td>
<td>{{ pct(rule.games / lv.games if lv.games else 0) }}</td>
<td>{{ rule.pieces if rule.pieces is defined else "" }}</td></tr>
{% endfor %}</table>{% if lv.edge_rule %}<p class="note">The rule most tied to who wins:
<code>{{ lv.edge_rule.rule }}</code>, {{ "%.1f"|format(lv.edge_rule.wins) }} a game in the
first player's wins and {{ "%.1f"|format(lv.edge_rule.losses) }} in its losses.</p>
{% endif %}{% endfor %}
<img src="plots/rules.svg" alt="how often each rule fires">
<p class="note">Made by <code>boardspec balance</code>; the numbers are in
<a href="balance.json">balance.json</a>.</p>
</body></html>
"""


def pct(value: float) -> str:
    return f"{100 * value:.1f} %"


def signed(value: float) -> str:
    return f"{100 * value:+.1f} pt"


def _beside(game_file: str, out: Path) -> str:
    """The game file as the report names it: its path relative to the report's folder when
    it lies beside it (in the folder above: ``../games/hex.yaml``), else its name alone;
    never a path of this machine's."""
    path = Path(game_file).resolve()
    try:
        relative = Path(os.path.relpath(path, out.resolve()))
    except ValueError:  # another drive (Windows)
        return path.name
    return relative.as_posix() if relative.parts.count("..") <= 1 else path.name


def write_report(report: dict[str, Any], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    report = {**report, "game_file": _beside(str(report["game_file"]), out)}
    written = [write_atomic(out / "balance.json",
                            json.dumps(report, indent=1, ensure_ascii=False) + "\n")]
    for name, draw in PLOTS.items():
        written.append(draw(report, out / "plots" / f"{name}.svg"))
    env = Environment(autoescape=True, trim_blocks=False)
    html = env.from_string(TEMPLATE).render(r=report, pct=pct, signed=signed,
                                            verdict=verdict)
    written.append(write_atomic(out / "balance.html", html))
    return written
