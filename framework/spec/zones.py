"""Zones: named sets of cells, the same for every player or one per player.

```yaml
zones:
  centre: [d4, e4, d5, e5]                          # a list of cells
  far_rows: {white: [{row: 8}], black: [{row: 1}]}  # one set per player
  files: [{column: a}, {column: h}]                 # whole columns
  north: [{edge: n}]                                # cells with no neighbour to the north
  fork_s: [{side: s, corners: false}]               # one side of a hexagon, corners left out
  corner_e: [{corner: e}]                           # one corner cell
```

A zone is a list whose items are cell names, ``{row: N}`` (the row numbered N in the cell
names, 1 the first), ``{column: x}`` (the column lettered x), ``{edge: d}`` (every cell
with no neighbour in board direction d), ``{corner: d}`` (the corner cell of the board's
outline that lies to compass direction d of its centre) or ``{side: d}`` (the cells along the
side of the outline facing compass direction d, its two corners too unless ``corners:
false``; see ``framework.board.outline`` for the names each board has); the zone is their
union. Written as a mapping from
player names to such lists, a zone is one set per player (each player named once; a player
left out has an empty zone). Blocks name zones (a goal's target rows, a promotion zone); the
compiler lowers each to one int cell mask per player.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pydantic import Field

from framework.board.outline import outline_of
from framework.plugins import Rule

if TYPE_CHECKING:
    import networkx as nx

    from framework.plugins import Translate
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


class CornerZone(Rule):
    """One corner cell of the board's outline."""

    corner: str = Field(min_length=1, description="the compass direction of the corner "
                                                  "from the board's centre (n, ne, e, ...)")


class SideZone(Rule):
    """The cells along one side of the board's outline."""

    side: str = Field(min_length=1, description="the compass direction the side faces (n, "
                                                "ne, e, ...)")
    corners: bool = Field(default=True, description="whether the side's two corner cells "
                                                    "belong to it")


ZoneItem = str | RowZone | ColumnZone | EdgeZone | CornerZone | SideZone
ZoneCells = list[ZoneItem]
ZoneSpec = ZoneCells | dict[str, ZoneCells]


def outline_words(_: Translate, item: CornerZone | SideZone) -> str:
    """``the ne corner``, ``the s side``, ``the s side without its corners``."""
    if isinstance(item, CornerZone):
        return _("the {direction} corner").format(direction=item.corner)
    if item.corners:
        return _("the {direction} side").format(direction=item.side)
    return _("the {direction} side without its corners").format(direction=item.side)


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
        elif isinstance(item, CornerZone):
            corner = outline_of(graph).corners.get(item.corner)
            found = [corner] if corner is not None else []
        elif isinstance(item, SideZone):
            outline = outline_of(graph)
            found = list(outline.sides.get(item.side, ()))
            if not item.corners:
                found = [n for n in found if n not in outline.corners.values()]
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
                if isinstance(item, CornerZone | SideZone):
                    outline = outline_of(graph)
                    kind, named = (("corner", outline.corners) if isinstance(item, CornerZone)
                                   else ("side", outline.sides))
                    name = item.corner if isinstance(item, CornerZone) else item.side
                    if name not in named:
                        known = ", ".join(named) or "none"
                        yield (*loc, i, kind), (f"unknown {kind} {name!r}; this board's "
                                                f"{kind}s are: {known}")
                if isinstance(item, EdgeZone) and item.edge not in directions:
                    yield (*loc, i, "edge"), (f"unknown direction {item.edge!r}; expected "
                                              f"one of: {', '.join(directions) or 'none'}")
            for i, cell in zone_cells(items, graph):
                item = items[i]
                if cell is None and not isinstance(item, CornerZone | SideZone) \
                        and not (isinstance(item, EdgeZone) and item.edge not in directions):
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
