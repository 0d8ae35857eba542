"""Write docs/coverage.md from docs/coverage.yaml: how much of Ludii's library boardspec covers.

The data file holds one record per sampled game (tools/ludii_sample.py draws the sample);
this script adds the counts per category and overall, and ranks the missing capabilities
by how many sampled games each stands in the way of.

    python tools/coverage_report.py           # rewrite docs/coverage.md
    python tools/coverage_report.py --check   # exit 1 if docs/coverage.md is out of date
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "coverage.yaml"
REPORT = ROOT / "docs" / "coverage.md"
STATUSES = ("yes", "partly", "no")
# Not a capability of the vocabulary: the game was not measured within the effort.
UNMEASURED = "unmeasured"

Game = dict[str, Any]


def load(path: Path = DATA) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def at_end(game: Game) -> Game:
    """The game as the end-of-wave measurement found it: its ``final`` record over the
    baseline one (name, path and category stay the baseline's)."""
    return {**game, **(game.get("final") or {})}


def capabilities_of(game: Game) -> list[str]:
    """The distinct capabilities a game's missing rules name, in their first order."""
    seen: list[str] = []
    for rule in game.get("missing") or []:
        if rule["capability"] not in seen:
            seen.append(rule["capability"])
    return seen


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "–"


def _status_table(games: list[Game]) -> list[str]:
    by_category: dict[str, Counter[str]] = defaultdict(Counter)
    for game in games:
        by_category[game["category"]][game["status"]] += 1
    lines = [
        "| category | games | yes | partly | no | yes % |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    total: Counter[str] = Counter()
    for category in sorted(by_category):
        counts = by_category[category]
        total.update(counts)
        lines.append(_status_row(category, counts))
    lines.append(_status_row("**all**", total))
    return lines


def _status_row(label: str, counts: Counter[str]) -> str:
    size = sum(counts.values())
    cells = " | ".join(str(counts[s]) for s in STATUSES)
    return f"| {label} | {size} | {cells} | {_percent(counts['yes'], size)} |"


def _ranking(data: dict[str, Any], games: list[Game]) -> list[str]:
    blocking: dict[str, list[str]] = defaultdict(list)
    for game in games:
        for capability in capabilities_of(game):
            blocking[capability].append(game["name"])
    ranked = sorted((c for c in blocking if c != UNMEASURED), key=lambda c: (-len(blocking[c]), c))
    meaning: dict[str, str] = data["capabilities"]
    lines = [
        "| rank | capability | games it is missing for | what it is | games |",
        "| --- | --- | --- | --- | --- |",
    ]
    for rank, capability in enumerate(ranked, 1):
        names = ", ".join(sorted(blocking[capability]))
        count = len(blocking[capability])
        lines.append(f"| {rank} | {capability} | {count} | {meaning[capability]} | {names} |")
    return lines


def _one_away(games: list[Game]) -> list[str]:
    alone: dict[str, list[str]] = defaultdict(list)
    for game in games:
        needed = capabilities_of(game)
        if game["status"] != "yes" and len(needed) == 1 and needed[0] != UNMEASURED:
            alone[needed[0]].append(game["name"])
    lines = ["| capability | games it alone stands between |", "| --- | --- |"]
    for capability in sorted(alone, key=lambda c: (-len(alone[c]), c)):
        names = ", ".join(sorted(alone[capability]))
        lines.append(f"| {capability} ({len(alone[capability])}) | {names} |")
    return lines


def _game_table(games: list[Game]) -> list[str]:
    final = any(g.get("final") for g in games)
    lines = [
        "| game | category | status | missing (capability: rule) | our file |"
        + (" at the end |" if final else ""),
        "| --- | --- | --- | --- | --- |" + (" --- |" if final else ""),
    ]
    for game in sorted(games, key=lambda g: (g["category"], g["name"])):
        missing = "; ".join(
            f"{rule['capability']}: {rule['rule']}" for rule in game.get("missing") or []
        )
        file = f"`{game['file']}`" if game.get("file") else ""
        row = f"| {game['name']} | {game['category']} | {game['status']} | {missing} | {file} |"
        if final:
            row += f" {at_end(game)['status']} |"
        lines.append(row.replace("||", "| |"))
    return lines


def render(data: dict[str, Any]) -> str:
    """The whole of docs/coverage.md for this data."""
    games: list[Game] = data["games"]
    statuses = Counter(g["status"] for g in games)
    unmeasured = [g["name"] for g in games if UNMEASURED in capabilities_of(g)]
    parts = [
        "# Coverage against Ludii's library",
        "",
        "<!-- Generated by tools/coverage_report.py from docs/coverage.yaml: edit those. -->",
        "",
        "Can a designer write their game in boardspec's YAML? This page measures it on a",
        "uniformly random sample of Ludii's board games (`Common/res/lud/board/` of",
        "github.com/Ludeme/Ludii, every category), each tried as a new user would, from its",
        "`.lud` rules. The candidate list is `tools/ludii/board-files.txt` (its header says",
        "how it was made and what it lacks); `tools/ludii_sample.py` leaves out the games",
        "already bundled (`tools/ludii/bundled.txt`) and draws the sample with",
        "`random.Random(seed)`. The records are in `docs/coverage.yaml`.",
        "",
        f"- measurement: **{data['measurement']}**, {data['date']}",
        f"- sample: {len(games)} games, seed {data['seed']}",
        f"- effort: {data['effort'].strip()}",
        "",
        "A game is **yes** when its file validates, plays to an end, passes `boardspec check`",
        "at the default budget and agrees with an independent reference in the tests (it is",
        "then bundled in `games/`); **partly** when it was written with rules left out or",
        "changed, or looked expressible but was not written within the effort (capability",
        f"`{UNMEASURED}`); **no** when a rule it needs has no construct.",
        "",
        "## Results",
        "",
        f"{statuses['yes']} of {len(games)} yes ({_percent(statuses['yes'], len(games))}), "
        f"{statuses['partly']} partly, {statuses['no']} no.",
        "",
        *_status_table(games),
        "",
        "## What is missing, ranked",
        "",
        "Each capability is counted once for every sampled game that needs it and lacks it",
        "(a game usually needs several: adding one capability unlocks the games for which it",
        "is the only one missing, below). This is what boardspec cannot yet do, and the order",
        "in which to add it.",
        "",
        *_ranking(data, games),
        "",
        "### One capability away",
        "",
        "The games a single capability stands between (with nothing else missing):",
        "",
        *_one_away(games),
        "",
    ]
    if unmeasured:
        parts += [
            f"Not measured within the effort ({len(unmeasured)}, counted as partly): "
            + ", ".join(sorted(unmeasured))
            + ".",
            "",
        ]
    if data.get("final"):
        parts += _final_section(data, [at_end(g) for g in games])
    parts += ["## Every sampled game", "", *_game_table(games), ""]
    return "\n".join(parts)


def _final_section(data: dict[str, Any], games: list[Game]) -> list[str]:
    """The second measurement, on the same sample: each game's ``final`` record."""
    statuses = Counter(g["status"] for g in games)
    single = sorted(g["name"] for g in games if g.get("units_used_by_one"))
    lines = [
        f"## At the end of the wave ({data['final']['date']})",
        "",
        "The same sample measured again after the wave's vocabulary work: "
        f"{statuses['yes']} of {len(games)} yes ({_percent(statuses['yes'], len(games))}), "
        f"{statuses['partly']} partly, {statuses['no']} no.",
        "",
        *_status_table(games),
        "",
        "What is still missing, ranked:",
        "",
        *_ranking(data, games),
        "",
    ]
    if single:
        lines += [
            "Yes with a unit that only this sampled game uses (`units_used_by_one`): "
            + ", ".join(single)
            + ".",
            "",
        ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the report is stale")
    args = parser.parse_args()
    text = render(load())
    if args.check:
        if REPORT.read_text(encoding="utf-8") != text:
            sys.exit(f"{REPORT} is out of date: run python tools/coverage_report.py")
        return
    REPORT.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
