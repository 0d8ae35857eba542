"""Zones: named sets of cells, the same for every player or one per player.

```yaml
zones:
  centre: [d4, e4, d5, e5]                          # a list of cells
  far_rows: {white: [{row: 8}], black: [{row: 1}]}  # one set per player
  files: [{column: a}, {column: h}]                 # whole columns
  north: [{edge: n}]                                # cells with no neighbour to the north
```

A zone is a list whose items are cell names, ``{row: N}`` (the row numbered N in the cell
names, 1 the first), ``{column: x}`` (the column lettered x) or ``{edge: d}`` (every cell
with no neighbour in board direction d); the zone is their union. Written as a mapping from
player names to such lists, a zone is one set per player (each player named once; a player
left out has an empty zone). Blocks name zones (a goal's target rows, a promotion zone); the
compiler lowers each to one int cell mask per player.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pydantic import Field

from framework.plugins import Rule

if TYPE_CHECKING:
    import networkx as nx

    from framework.spec.yamlsource import Loc


class RowZone(Rule):
    """Every cell of one row."""

    row: int = Field(ge=1, description="the row's number as cell names write it (1: the "
                                       "first)")


class ColumnZone(Rule):
    """Every cell of one column."""

    column: str = Field(min_length=1, description="the column's letter as cell names write it")


class EdgeZone(Rule):
    """The cells on one edge of the board."""

    edge: str = Field(min_length=1, description="a board direction: every cell with no "
                                                "neighbour that way")


ZoneItem = str | RowZone | ColumnZone | EdgeZone
ZoneCells = list[ZoneItem]
ZoneSpec = ZoneCells | dict[str, ZoneCells]


def zone_cells(items: ZoneCells, graph: nx.Graph) -> Iterator[tuple[int, str | None]]:
    """The cells of a zone's items, as (item index, cell name); ``None`` for an item that
    names nothing on this board (reported by :func:`zone_issues`)."""
    real = [n for n in graph.nodes if not graph.nodes[n]["hole"]]
    for i, item in enumerate(items):
        if isinstance(item, str):
            yield i, item if item in real else None
            continue
        if isinstance(item, RowZone):
            found = [n for n in real if graph.nodes[n]["row"] == item.row - 1]
        elif isinstance(item, ColumnZone):
            found = [n for n in real if graph.nodes[n]["col"] == _column_number(item.column)]
        else:
            found = [n for n in real
                     if not any(graph.edges[n, m].get("dirs", {}).get(n) == item.edge
                                and not graph.nodes[m]["hole"] for m in graph.neighbors(n))]
        if not found:
            yield i, None
        for name in found:
            yield i, name


def _column_number(letter: str) -> int:
    return ord(letter.lower()) - ord("a") if len(letter) == 1 and letter.isalpha() else -1


def per_player(spec: ZoneSpec, players: tuple[str, ...]) -> dict[str, ZoneCells]:
    if isinstance(spec, dict):
        return {p: spec.get(p, []) for p in players}
    return dict.fromkeys(players, spec)


def zone_cell_names(spec: Any, name: str, player: str, graph: nx.Graph) -> frozenset[str]:
    """The names of the cells zone ``name`` holds for ``player`` (the reference
    interpreter's reading of a zone, straight from the file's items)."""
    items = per_player(spec.zones[name], tuple(str(p) for p in spec.players))[player]
    return frozenset(c for _, c in zone_cells(items, graph) if c is not None)


def zone_issues(spec: Any, graph: nx.Graph) -> Iterator[tuple[Loc, str]]:
    """What is wrong in the ``zones:`` block: unknown players, cells, rows, columns,
    directions."""
    directions = tuple(graph.graph.get("directions", ()))
    for name, zone in spec.zones.items():
        lists = zone.items() if isinstance(zone, dict) else [(None, zone)]
        for player, items in lists:
            loc: tuple[str | int, ...] = ("zones", name) if player is None \
                else ("zones", name, player)
            if player is not None and player not in spec.players:
                yield loc, (f"unknown player {player!r}; expected one of: "
                            f"{', '.join(spec.players)}")
                continue
            for i, item in enumerate(items):
                if isinstance(item, EdgeZone) and item.edge not in directions:
                    yield (*loc, i, "edge"), (f"unknown direction {item.edge!r}; expected "
                                              f"one of: {', '.join(directions) or 'none'}")
            for i, cell in zone_cells(items, graph):
                item = items[i]
                if cell is None and not (isinstance(item, EdgeZone)
                                         and item.edge not in directions):
                    yield (*loc, i), _nothing(item)


def _nothing(item: ZoneItem) -> str:
    if isinstance(item, str):
        return f"unknown cell {item!r}: the board has no such cell"
    if isinstance(item, RowZone):
        return f"the board has no row {item.row}"
    if isinstance(item, ColumnZone):
        return f"the board has no column {item.column!r}"
    return "no cell lies on that edge"


def compile_zones(spec: Any, graph: nx.Graph, ids: dict[str, int]
                  ) -> dict[str, tuple[int, ...]]:
    """Each zone as one cell mask per player (in the order of ``players``)."""
    players = tuple(spec.players)
    zones: dict[str, tuple[int, ...]] = {}
    for name, zone in spec.zones.items():
        masks = []
        for items in per_player(zone, players).values():
            masks.append(sum({1 << ids[c] for _, c in zone_cells(items, graph)
                              if c is not None and c in ids}))
        zones[name] = tuple(masks)
    return zones
