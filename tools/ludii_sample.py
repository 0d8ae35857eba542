"""Draw the coverage sample: a uniformly random set of Ludii board games, reproducibly.

The candidates are the files listed in tools/ludii/board-files.txt (one path under Ludii's
Common/res/lud/board/ a line, with the index's version count), one per game name (a game
moved between folders is listed under each path it had; the path with most stored versions
stands for it), less the games already bundled in games/ (tools/ludii/bundled.txt). The
draw is ``random.Random(seed).sample`` over the candidates sorted by path, so the same list
and seed give the same sample on any machine.

    python tools/ludii_sample.py [--seed N] [--count K]
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILE_LIST = HERE / "ludii" / "board-files.txt"
BUNDLED = HERE / "ludii" / "bundled.txt"
LUDII_ROOT = "Common/res/lud/board/"
DEFAULT_SEED = 20261207
DEFAULT_COUNT = 50


@dataclass(frozen=True)
class Candidate:
    """One Ludii game: its name, its path under LUDII_ROOT, and its category folder."""

    name: str
    path: str
    versions: int

    @property
    def category(self) -> str:
        return self.path.split("/", 1)[0]

    @property
    def ludii_path(self) -> str:
        return LUDII_ROOT + self.path


def _data_lines(path: Path) -> list[list[str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append(line.split("\t"))
    return rows


def bundled_names(path: Path = BUNDLED) -> dict[str, str]:
    """Ludii name -> our game file, for the games games/ already has."""
    return {row[0]: row[1] for row in _data_lines(path)}


def candidates(list_path: Path = FILE_LIST, bundled_path: Path = BUNDLED) -> list[Candidate]:
    """Every game of the list not bundled here, one per name, sorted by path."""
    best: dict[str, Candidate] = {}
    for rel, versions, _commit in _data_lines(list_path):
        name = rel.rsplit("/", 1)[-1].removesuffix(".lud")
        found = Candidate(name, rel, int(versions))
        kept = best.get(name)
        # Most stored versions wins; among equals the first path by name, so the choice
        # never depends on the list's order.
        if kept is None or (found.versions, kept.path) > (kept.versions, found.path):
            best[name] = found
    skip = bundled_names(bundled_path)
    return sorted((c for c in best.values() if c.name not in skip), key=lambda c: c.path)


def draw(seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT) -> list[Candidate]:
    """The sample, in draw order."""
    return random.Random(seed).sample(candidates(), count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    args = parser.parse_args()
    pool = candidates()
    print(f"# seed {args.seed}, {args.count} of {len(pool)} candidates from {FILE_LIST.name}")
    for game in draw(args.seed, args.count):
        print(f"{game.category}\t{game.name}\t{game.ludii_path}")


if __name__ == "__main__":
    main()
