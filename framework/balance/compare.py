"""``boardspec balance --compare``: two or more settings of a game's parameters side by
side.

Each setting is a study of its own (``OUT/<setting>/``, resumable as any study); the
comparison sets each level's numbers of every setting beside those of the first (the
first player's score over the finished games, draws, unfinished games, the median length,
the endings), each difference with its 95 % interval (Newcombe's, from the two Wilson
intervals), beside Ludii's measures (branching factor, decisiveness, lead changes, drama)
and how often each rule fires, and says what to try when a side is favoured: the setting
closest to an even game among those compared (a komi, a compensation, a rule switched),
the value of a number the settings vary where the first player's score crosses 50 %
(interpolated between the two settings either side), else the pie rule.

``--search NAME=LOW:HIGH`` looks for that value itself (:func:`search_compensation`): a
study at each end, then at the middle of the two settings either side of 50 %, so many
times (bisection), and the comparison of every setting it played.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment

from framework.balance.analysis import compare_share
from framework.balance.report import pct, signed
from framework.study import write_atomic

#: What each level's comparison sets beside the first setting's: (key, how it is read).
SHARES = ("draw", "unfinished")
#: Ludii's measures of each setting (``framework.balance.analysis.ludii_metrics``).
LUDII = ("branching", "decisiveness", "lead_changes", "drama")


def numbers_of(settings: Sequence[str]) -> tuple[str, list[float]] | None:
    """The one parameter the settings set to different numbers, and its number in each
    (``komi=0``, ``komi=6.5``: ``('komi', [0.0, 6.5])``); None when the settings differ in
    anything else, or in no number."""
    parsed = []
    for setting in settings:
        pairs = [p.split("=", 1) for p in setting.split(",") if p.strip()]
        if any(len(p) != 2 for p in pairs):
            return None
        parsed.append({k.strip(): v.strip() for k, v in pairs})
    if not parsed or len({tuple(sorted(p)) for p in parsed}) != 1:
        return None
    varying = [k for k in parsed[0] if len({p[k] for p in parsed}) > 1]
    if len(varying) != 1:
        return None
    name = varying[0]
    try:
        return name, [float(p[name]) for p in parsed]
    except ValueError:
        return None


def crossing(points: Sequence[tuple[float, float]]) -> tuple[float, int] | None:
    """Where the first player's score crosses 50 % along ``points`` ((value, score)),
    interpolated between the nearest two values either side, and the index (in value
    order) of the lower of the two; None where no two settings lie either side."""
    ordered = sorted(points)
    best: tuple[float, int] | None = None
    for i in range(len(ordered) - 1):
        (a, sa), (b, sb) = ordered[i], ordered[i + 1]
        if (sa - 0.5) * (sb - 0.5) > 0 or sa == sb:
            continue
        value = a + (0.5 - sa) * (b - a) / (sb - sa)
        if best is None or abs(b - a) < abs(ordered[best[1] + 1][0] - ordered[best[1]][0]):
            best = (value, i)
    return best


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def compensation(rows: list[dict[str, Any]]) -> str:
    """Where the settings vary one number, the value at which the first player's score
    would be 50 % (``komi=0`` 80 %, ``komi=12`` 30 %: "komi ≈ 7.2 would even it"), else
    empty."""
    found = numbers_of([r["setting"] for r in rows])
    if found is None:
        return ""
    name, values = found
    points = [(v, r["score"]) for v, r in zip(values, rows, strict=True)]
    cross = crossing(points)
    if cross is None:
        return ""
    value, i = cross
    ordered = sorted(points)
    (a, sa), (b, sb) = ordered[i], ordered[i + 1]
    return (f"{name} ≈ {_number(value)} would even it (interpolated between {name}="
            f"{_number(a)} at {100 * sa:.1f} % and {name}={_number(b)} at {100 * sb:.1f} %; "
            f"try --compare {name}={_number(value)})")


def search_compensation(name: str, low: float, high: float,
                        study: Callable[[str], dict[str, Any]], *, steps: int = 3,
                        whole: bool = False, level: int = -1
                        ) -> list[tuple[str, dict[str, Any]]]:
    """Look for the value of ``name`` between ``low`` and ``high`` at which the first
    player's score (of the study's ``level``, the last by default: the strongest agent) is
    50 %: a study at each end (``study(setting)`` runs one, ``name=value``), then, while
    the two ends lie either side of 50 % and ``steps`` are left, one at their middle (a
    whole number when ``whole``), which replaces the end on its side. Returns every
    (setting, report) played, in the order played."""
    played: list[tuple[str, dict[str, Any]]] = []

    def score_at(value: float) -> float:
        setting = f"{name}={_number(value)}"
        report = study(setting)
        played.append((setting, report))
        points, n = _score(report["levels"][level])
        return points / n if n else 0.5

    ends = [(low, score_at(low)), (high, score_at(high))]
    for _step in range(steps):
        (a, sa), (b, sb) = ends
        if (sa - 0.5) * (sb - 0.5) > 0 or sa == 0.5 or sb == 0.5:
            break  # no crossing between the ends (or an end is even already)
        middle = (a + b) / 2
        if whole:
            middle = float(round(middle))
            if middle in (a, b):
                break
        score = score_at(middle)
        ends = [(a, sa), (middle, score)] if (sa - 0.5) * (score - 0.5) <= 0 \
            else [(middle, score), (b, sb)]
    return played


def setting_slug(setting: str) -> str:
    """The folder of a setting's study: ``komi=6.5,swap=true`` → ``komi-6.5_swap-true``."""
    parts = [re.sub(r"[^A-Za-z0-9.]+", "-", p.strip()).strip("-")
             for p in setting.split(",") if p.strip()]
    return "_".join(parts) or "default"


def _score(level: dict[str, Any]) -> tuple[float, int]:
    """The first player's points (wins + draws/2) and the finished games they are over."""
    first = level["first_player"]
    finished = first.get("finished", level["games"])
    return first["score"] * finished, finished


def compare_reports(reports: Sequence[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The comparison of the studies of ``reports`` ((setting, report), the first the
    base), level by level, with a suggestion for each level whose first setting favours a
    side."""
    base_setting, base = reports[0]
    levels = []
    for k, level in enumerate(base["levels"]):
        rows = []
        points0, n0 = _score(level)
        for setting, report in reports:
            other = report["levels"][k]
            points, n = _score(other)
            rows.append({
                "setting": setting, "games": other["games"],
                "score": other["first_player"]["score"],
                "ci95": other["first_player"]["ci95"],
                "score_difference": compare_share(points, n, points0 / n0 if n0 else 0.0,
                                                  n0),
                **{key: other["results"][key]["share"] for key in SHARES},
                **{f"{key}_difference": compare_share(
                    other["results"][key]["games"], other["games"],
                    level["results"][key]["share"], level["games"]) for key in SHARES},
                "median_length": other["length"]["median"],
                "endings": {e["ending"]: e["games"] for e in other.get("endings", [])},
                **{key: (other.get("ludii") or {}).get(key) for key in LUDII},
                "rules": {r["rule"]: r["per_game"] for r in other.get("rules", [])}})
        suggestion = _suggestion(rows, base["players"])
        even_at = compensation(rows)
        if suggestion and even_at:
            suggestion += f"; {even_at}"
        edge = level.get("edge_rule")
        if suggestion and edge and edge["spread"] >= 0.25:
            suggestion += (f"; in the first setting the rule most tied to who wins is "
                           f"{edge['rule']} ({edge['wins']:.1f} a game in the first player's "
                           f"wins, {edge['losses']:.1f} in its losses): a rule to change")
        levels.append({"agent": level["agent"], "rows": rows, "suggestion": suggestion,
                       "rules": sorted({rule for row in rows for rule in row["rules"]})})
    summary = [f"{lv['agent']}: {lv['suggestion']}" for lv in levels if lv["suggestion"]]
    return {"format": "boardspec-balance-compare", "version": 1, "game": base["game"],
            "base": base_setting, "settings": [s for s, _ in reports],
            "players": base["players"], "levels": levels,
            "summary": summary or ["no side is favoured in any setting at these sample "
                                   "sizes"]}


def _suggestion(rows: list[dict[str, Any]], players: dict[str, str]) -> str:
    """What to try when a setting favours a side: the setting closest to an even score
    whose interval holds 50 %, else the pie rule."""
    favoured = [r for r in rows if r["ci95"][0] > 0.5 or r["ci95"][1] < 0.5]
    if not favoured:
        return ""
    even = [r for r in rows if r["ci95"][0] <= 0.5 <= r["ci95"][1]]
    said = "; ".join(f"{r['setting']} favours "
                     f"{players['first'] if r['ci95'][0] > 0.5 else players['second']} "
                     f"({100 * r['score']:.1f} %)" for r in favoured)
    if even:
        best = min(even, key=lambda r: abs(r["score"] - 0.5))
        return f"{said}; closest to even: {best['setting']} ({100 * best['score']:.1f} %)"
    return (f"{said}; no setting compared is even: try the pie rule (the second player "
            "may take the first move as theirs) or a compensation between the settings")


TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{{ c.game }}: settings compared</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.45; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.note { color: #555; font-size: 0.9rem; }
</style></head><body>
<h1>{{ c.game }}: settings compared</h1>
<p>Each setting is a study of its own (its report is linked); each difference is to the
first setting, <code>{{ c.base }}</code>, with its 95 % interval (Newcombe).
{{ c.players.first }} moves first; the score is over the finished games.</p>
<ul>{% for line in c.summary %}<li>{{ line }}</li>{% endfor %}</ul>
{% for lv in c.levels %}<h2>{{ lv.agent }}</h2>
<table><tr><th>setting</th><th>games</th><th>first player's score</th><th>difference</th>
<th>draws</th><th>unfinished</th><th>median length</th><th>endings</th></tr>
{% for row in lv.rows %}<tr><td><a href="{{ slug(row.setting) }}/balance.html">{{
row.setting }}</a></td><td>{{ row.games }}</td>
<td>{{ pct(row.score) }} <span class="note">({{ pct(row.ci95[0]) }}–{{ pct(row.ci95[1])
}})</span></td>
<td>{{ signed(row.score_difference.difference) }} <span class="note">({{
signed(row.score_difference.difference_ci95[0]) }} to {{
signed(row.score_difference.difference_ci95[1]) }})</span></td>
<td>{{ pct(row.draw) }}</td><td>{{ pct(row.unfinished) }}</td><td>{{ row.median_length }}</td>
<td>{% for name, n in row.endings.items() %}{{ name }} {{ n }}{{ ", " if not loop.last
}}{% endfor %}</td></tr>
{% endfor %}</table>{% if lv.suggestion %}<p><b>{{ lv.suggestion }}</b></p>{% endif %}
<table class="ludii"><tr><th>setting</th><th>branching</th><th>decisiveness</th>
<th>lead changes</th><th>drama</th></tr>
{% for row in lv.rows %}<tr><td>{{ row.setting }}</td>
<td>{{ "–" if row.branching is none else "%.1f"|format(row.branching) }}</td>
<td>{{ "–" if row.decisiveness is none else pct(row.decisiveness) }}</td>
<td>{{ "–" if row.lead_changes is none else "%.1f"|format(row.lead_changes) }}</td>
<td>{{ "–" if row.drama is none else pct(row.drama) }}</td></tr>
{% endfor %}</table>
{% if lv.rules %}<table class="rules"><tr><th>rule (times a game)</th>{% for row in lv.rows
%}<th>{{ row.setting }}</th>{% endfor %}</tr>
{% for rule in lv.rules %}<tr><td>{{ rule }}</td>{% for row in lv.rows %}<td>{{
"–" if row.rules.get(rule) is none else "%.1f"|format(row.rules[rule]) }}</td>{% endfor
%}</tr>
{% endfor %}</table>{% endif %}
{% endfor %}
<p class="note">Made by <code>boardspec balance --compare</code>; the numbers are in
<a href="compare.json">compare.json</a>.</p>
</body></html>
"""


def write_comparison(comparison: dict[str, Any], out: Path) -> list[Path]:
    """``compare.json`` and ``compare.html`` into ``out`` (beside each setting's folder)."""
    out.mkdir(parents=True, exist_ok=True)
    env = Environment(autoescape=True)
    html = env.from_string(TEMPLATE).render(
        c=comparison, slug=setting_slug, pct=pct, signed=signed)
    return [write_atomic(out / "compare.json",
                         json.dumps(comparison, indent=1, ensure_ascii=False) + "\n"),
            write_atomic(out / "compare.html", html)]
