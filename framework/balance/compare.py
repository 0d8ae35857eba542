"""``boardspec balance --compare``: two or more settings of a game's parameters side by
side.

Each setting is a study of its own (``OUT/<setting>/``, resumable as any study); the
comparison sets each level's numbers of every setting beside those of the first (the
first player's score over the finished games, draws, unfinished games, the median length,
the endings), each difference with its 95 % interval (Newcombe's, from the two Wilson
intervals), and says what to try when a side is favoured: the setting closest to an even
game among those compared (a komi, a compensation, a rule switched), else the pie rule.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment

from framework.balance.analysis import compare_share
from framework.balance.report import pct, signed
from framework.study import write_atomic

#: What each level's comparison sets beside the first setting's: (key, how it is read).
SHARES = ("draw", "unfinished")


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
                "endings": {e["ending"]: e["games"] for e in other.get("endings", [])}})
        levels.append({"agent": level["agent"], "rows": rows,
                       "suggestion": _suggestion(rows, base["players"])})
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
