"""Board sketching (issue 58): start a board from a template, add and remove cells and
links, name zones, and export the ``board:`` and ``zones:`` blocks of a game file.

A *sketch* is plain JSON, what the page keeps and sends back with each change::

    {"template": {"type": "grid", "rows": 3, "columns": 3, "adjacency": "orthogonal"},
     "shape": "square", "players": ["white", "black"],
     "cells": {"a1": [0, 0], ...}, "links": [["a1", "b1"], ...],
     "zones": {"home": {"white": ["a1"], "black": ["c3"]}, "centre": ["b2"]}}

The templates are built by boardspec's own boards (grid, hexhex and star are those board
types; a ring, a track and Alquerque's lines are custom boards), so a sketch starts as
exactly the board the engine would build. The export writes the template's own block
while the cells and links are still the template's (cells removed become its ``holes:``),
else a ``custom`` board listing every cell and link; either way it is read back through
the game file loader around a minimal game (:func:`exported_game`), and an export that does
not read says why. Nothing here runs code from the sketch: names are checked against the
cell-name pattern, numbers are bounded, the sizes capped by the board limits.
"""

from __future__ import annotations

import math
import re
from typing import Any

from framework.limits import MAX_CELL_NAME, MAX_CELLS, MAX_LINKS

#: Each template's options, their defaults and bounds: (default, least, most).
TEMPLATES: dict[str, dict[str, tuple[Any, ...]]] = {
    "grid": {"rows": (5, 1, 26), "columns": (5, 1, 26),
             "adjacency": ("orthogonal", "orthogonal", "diagonal", "king")},
    "hex": {"side": (3, 2, 13)},
    "ring": {"cells": (12, 3, 64)},
    "track": {"cells": (10, 2, 64)},
    "star": {"points": (2, 1, 6)},
    "alquerque": {"size": (5, 3, 9)},
}
NAME = re.compile(r"^\w+$")
ZONE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
MAX_ZONES = 64
MAX_PLAYERS = 8


class SketchError(ValueError):
    """A sketch or a change to it that cannot be: said in words for the page."""


def _option(template: str, name: str, given: Any) -> Any:
    default, *allowed = TEMPLATES[template][name]
    if given is None:
        return default
    if isinstance(default, str):
        if given not in allowed:
            raise SketchError(f"{template}: {name} is one of {', '.join(allowed)}, "
                              f"found {str(given)[:40]!r}")
        return given
    if isinstance(given, bool) or not isinstance(given, int) or \
            not allowed[0] <= given <= allowed[1]:
        raise SketchError(f"{template}: {name} is a whole number from {allowed[0]} to "
                          f"{allowed[1]}, found {str(given)[:40]!r}")
    return given


def template_block(template: dict[str, Any]) -> dict[str, Any]:
    """The template as the ``board:`` block of a game file builds it (ring, track and
    Alquerque: as their custom board)."""
    if not isinstance(template, dict):
        raise SketchError("a template is a JSON object: {\"type\": \"grid\", ...}")
    kind = template.get("type")
    if kind not in TEMPLATES:
        raise SketchError(f"unknown template {str(kind)[:40]!r}; expected one of: "
                          f"{', '.join(TEMPLATES)}")
    unknown = set(template) - {"type", *TEMPLATES[kind]}
    if unknown:
        raise SketchError(f"{kind}: unknown option {sorted(unknown)[0]!r}; expected: "
                          f"{', '.join(TEMPLATES[kind])}")
    options = {name: _option(kind, name, template.get(name)) for name in TEMPLATES[kind]}
    if kind == "grid":
        return {"type": "grid", **options}
    if kind == "hex":
        return {"type": "hexhex", "side": options["side"]}
    if kind == "star":
        return {"type": "star", "points": options["points"]}
    if kind == "ring":
        n = options["cells"]
        radius = 1 / (2 * math.sin(math.pi / n))  # neighbours one unit apart
        cells = {f"c{k}": [round(radius * math.sin(2 * math.pi * k / n), 3),
                           round(radius * math.cos(2 * math.pi * k / n), 3)] for k in range(n)}
        return {"type": "custom", "shape": "circle", "cells": cells,
                "links": [f"c{k}-c{(k + 1) % n}" for k in range(n)]}
    if kind == "track":
        n = options["cells"]
        return {"type": "custom", "shape": "square",
                "cells": {f"t{k + 1}": [float(k), 0.0] for k in range(n)},
                "links": [f"t{k + 1}-t{k + 2}" for k in range(n - 1)]}
    size = options["size"]  # Alquerque: points on lines, the diagonals every other point
    cells = {f"{chr(97 + c)}{r + 1}": [float(c), float(r)]
             for r in range(size) for c in range(size)}
    links = []
    for r in range(size):
        for c in range(size):
            here = f"{chr(97 + c)}{r + 1}"
            steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if (r + c) % 2 == 0 else [])
            for dr, dc in steps:
                if 0 <= r + dr < size and 0 <= c + dc < size:
                    links.append(f"{here}-{chr(97 + c + dc)}{r + dr + 1}")
    return {"type": "custom", "shape": "circle", "cells": cells, "links": links}


def _graph_of(block: dict[str, Any]) -> Any:
    from pydantic import TypeAdapter

    from framework.board import BoardSpec, build_board

    return build_board(TypeAdapter(BoardSpec).validate_python(block))


def start(template: dict[str, Any], players: list[str] | None = None) -> dict[str, Any]:
    """A new sketch: the template's board, its cells and links as boardspec builds them."""
    block = template_block(template)
    graph = _graph_of(block)
    kept = [n for n in graph.nodes if not graph.nodes[n]["hole"]]
    if block["type"] == "custom":  # in the template's own order (a ring round from c0)
        kept = [n for n in block["cells"] if n in kept]
    return {"template": dict(template), "shape": graph.graph.get("shape", "circle"),
            "players": _players(players or ["white", "black"]),
            "cells": {n: [round(float(v), 3) for v in graph.nodes[n]["pos"]] for n in kept},
            "links": sorted(sorted((a, b)) for a, b in graph.edges if a in kept and b in kept),
            "zones": {}}


def _players(players: Any) -> list[str]:
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS or \
            not all(isinstance(p, str) and NAME.match(p) and len(p) <= MAX_CELL_NAME
                    for p in players) or len(set(players)) != len(players):
        raise SketchError(f"players: two to {MAX_PLAYERS} different names of letters, digits "
                          "and _")
    return list(players)


def checked(sketch: Any) -> dict[str, Any]:
    """``sketch`` as the page sent it, every part checked (names, numbers, sizes), the
    links and zones only between and of its cells."""
    if not isinstance(sketch, dict):
        raise SketchError("a sketch is a JSON object")
    cells = sketch.get("cells")
    if not isinstance(cells, dict) or not 1 <= len(cells) <= MAX_CELLS:
        raise SketchError(f"cells: one to {MAX_CELLS} cells, by name")
    clean: dict[str, list[float]] = {}
    for name, pos in cells.items():
        if not NAME.match(name) or len(name) > MAX_CELL_NAME:
            raise SketchError(f"a cell name is letters, digits and _ (at most "
                              f"{MAX_CELL_NAME}), found {name[:40]!r}")
        if not isinstance(pos, list) or len(pos) != 2 or not all(
                isinstance(v, int | float) and not isinstance(v, bool) and abs(v) <= 1e4
                for v in pos):
            raise SketchError(f"cell {name}: its place is [x, y], two numbers")
        clean[name] = [round(float(pos[0]), 3), round(float(pos[1]), 3)]
    links = sketch.get("links", [])
    if not isinstance(links, list) or len(links) > MAX_LINKS:
        raise SketchError(f"links: at most {MAX_LINKS} pairs of cells")
    pairs = set()
    for link in links:
        if not isinstance(link, list) or len(link) != 2 or link[0] == link[1] or \
                not all(isinstance(c, str) and c in clean for c in link):
            raise SketchError(f"a link joins two cells of the sketch, found {str(link)[:60]}")
        pairs.add(tuple(sorted(link)))
    shape = sketch.get("shape", "circle")
    if shape not in ("square", "hex", "circle"):
        raise SketchError("shape: square, hex or circle")
    players = _players(sketch.get("players", ["white", "black"]))
    zones = sketch.get("zones", {})
    if not isinstance(zones, dict) or len(zones) > MAX_ZONES:
        raise SketchError(f"zones: at most {MAX_ZONES}, by name")
    clean_zones: dict[str, Any] = {}
    for name, zone in zones.items():
        if not ZONE_NAME.match(name) or len(name) > 40:
            raise SketchError(f"a zone name is letters, digits and _, found {name[:40]!r}")
        parts = zone if isinstance(zone, dict) else {None: zone}
        kept: dict[Any, list[str]] = {}
        for player, items in parts.items():
            if player is not None and player not in players:
                raise SketchError(f"zone {name}: unknown player {str(player)[:40]!r}")
            if not isinstance(items, list) or not all(isinstance(c, str) for c in items):
                raise SketchError(f"zone {name}: a list of cell names")
            kept[player] = [c for c in dict.fromkeys(items) if c in clean]  # gone cells out
        clean_zones[name] = kept.get(None, kept)
    template = sketch.get("template")
    return {"template": template if isinstance(template, dict) else None, "shape": shape,
            "players": players, "cells": clean, "links": sorted(list(p) for p in pairs),
            "zones": clean_zones}


def _new_name(cells: dict[str, Any]) -> str:
    k = len(cells) + 1
    while f"n{k}" in cells:
        k += 1
    return f"n{k}"


def change(sketch: Any, op: dict[str, Any]) -> dict[str, Any]:
    """``sketch`` (checked) after one change the page asks for:

    - ``{"add_cell": [x, y]}`` (named ``n<k>``, the first free; linked to the cells one
      unit away, else to the nearest), ``{"remove_cell": name}`` (its links and its place
      in zones go with it);
    - ``{"toggle_link": [a, b]}``: a link between two cells added, or removed if there;
    - ``{"toggle_zone": name, "cell": c, "player": p}``: the cell put in the zone (of
      player ``p``, or of every player without one) or taken out of it;
      ``{"remove_zone": name}``.
    """
    sketch = checked(sketch)
    cells, links, zones = sketch["cells"], sketch["links"], sketch["zones"]
    if "add_cell" in op:
        pos = op["add_cell"]
        if not isinstance(pos, list) or len(pos) != 2 or not all(
                isinstance(v, int | float) and not isinstance(v, bool) and abs(v) <= 1e4
                for v in pos):
            raise SketchError("add_cell: the place [x, y], two numbers")
        if len(cells) >= MAX_CELLS:
            raise SketchError(f"a board has at most {MAX_CELLS} cells")
        if any(math.dist(pos, p) < 0.3 for p in cells.values()):
            raise SketchError("a cell is there already")
        name = _new_name(cells)
        # Linked to the cells one unit away (a grid's or a hexagon's neighbours), else to the
        # nearest: a board is one piece, so a cell added is never left on its own.
        near = [c for c, p in cells.items() if math.dist(pos, p) <= 1.01]
        if not near:
            near = [min(cells, key=lambda c: math.dist(pos, cells[c]))]
        cells[name] = [round(float(pos[0]), 3), round(float(pos[1]), 3)]
        sketch["links"] = sorted([*links, *(sorted([name, c]) for c in near)])
    elif "remove_cell" in op:
        name = op["remove_cell"]
        if name not in cells:
            raise SketchError(f"no cell {str(name)[:40]!r} to remove")
        if len(cells) == 1:
            raise SketchError("a board keeps one cell at least")
        del cells[name]
        sketch["links"] = [link for link in links if name not in link]
        for zone, parts in zones.items():
            zones[zone] = [c for c in parts if c != name] if isinstance(parts, list) else \
                {p: [c for c in items if c != name] for p, items in parts.items()}
    elif "toggle_link" in op:
        pair = op["toggle_link"]
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1] or \
                not all(c in cells for c in pair):
            raise SketchError("toggle_link: two different cells of the sketch")
        key = sorted(pair)
        sketch["links"] = [link for link in links if link != key] if key in links \
            else sorted([*links, key])
    elif "toggle_zone" in op:
        name, cell, player = op["toggle_zone"], op.get("cell"), op.get("player")
        if not isinstance(name, str) or not ZONE_NAME.match(name) or len(name) > 40:
            raise SketchError("a zone name is letters, digits and _ (not first a digit)")
        if cell not in cells:
            raise SketchError(f"no cell {str(cell)[:40]!r} to put in zone {name}")
        if player is not None and player not in sketch["players"]:
            raise SketchError(f"unknown player {str(player)[:40]!r}")
        if name not in zones and len(zones) >= MAX_ZONES:
            raise SketchError(f"at most {MAX_ZONES} zones")
        zone = zones.get(name, {} if player is not None else [])
        if (player is None and isinstance(zone, dict)) or \
                (player is not None and isinstance(zone, list) and zone):
            raise SketchError(f"zone {name} is " + ("one set per player: choose the player"
                                                     if isinstance(zone, dict) else
                                                     "the same for every player"))
        if player is None:
            items = zone if isinstance(zone, list) else []
            zones[name] = [c for c in items if c != cell] if cell in items else [*items, cell]
        else:
            parts = zone if isinstance(zone, dict) else {}
            items = parts.get(player, [])
            parts[player] = [c for c in items if c != cell] if cell in items else \
                [*items, cell]
            zones[name] = parts
    elif "remove_zone" in op:
        zones.pop(op["remove_zone"], None)
    else:
        raise SketchError("a change is one of add_cell, remove_cell, toggle_link, "
                          "toggle_zone, remove_zone")
    return sketch


def board_block(sketch: dict[str, Any]) -> dict[str, Any]:
    """The ``board:`` block of the sketch: the template's own while its links are the
    template's and no cell was added (a removed cell is one of its ``holes``), else a
    custom board of every cell and link."""
    template = sketch.get("template")
    if isinstance(template, dict):
        try:
            block = template_block(template)
            original = start(template, sketch["players"])
        except SketchError:
            block = None
        if block is not None and block["type"] != "custom":
            kept = set(sketch["cells"])
            ours = {n: p for n, p in original["cells"].items() if n in kept}
            links = [link for link in original["links"] if set(link) <= kept]
            if ours == sketch["cells"] and links == sketch["links"]:
                holes = [n for n in original["cells"] if n not in kept]
                return {**block, "holes": holes} if holes else block
    return {"type": "custom", "shape": sketch["shape"],
            "cells": {n: list(p) for n, p in sketch["cells"].items()},
            "links": [f"{a}-{b}" for a, b in sketch["links"]]}


def _number(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.1f}"


def _flow(items: list[str], indent: str, width: int = 88) -> list[str]:
    """``[a, b, c]`` wrapped to ``width``."""
    lines, line = [], indent + "["
    for i, item in enumerate(items):
        text = item + (", " if i < len(items) - 1 else "]")
        if len(line) + len(text) > width and line.strip() != "[":
            lines.append(line.rstrip())
            line = indent + " " + text
        else:
            line += text
    lines.append(line if items else indent + "[]")
    return lines


def export_yaml(sketch: dict[str, Any]) -> str:
    """The ``board:`` and ``zones:`` blocks, as a game file writes them."""
    block = board_block(sketch)
    out = ["board:"]
    if block["type"] != "custom":
        for key, value in block.items():
            if key == "holes":
                out += ["  holes:", *_flow(list(value), "    ")]
            else:
                out.append(f"  {key}: {value}")
    else:
        out += ["  type: custom", f"  shape: {block['shape']}", "  cells:"]
        out += [f"    {n}: [{_number(x)}, {_number(y)}]" for n, (x, y) in block["cells"].items()]
        out += ["  links:", *_flow(block["links"], "    ")]
    zones = sketch["zones"]
    kept = {name: zone for name, zone in zones.items()
            if (zone if isinstance(zone, list) else any(zone.values()))}
    if kept:
        out.append("zones:")
        for name, zone in kept.items():
            if isinstance(zone, list):
                out.append(f"  {name}: [{', '.join(zone)}]")
            else:
                out.append(f"  {name}:")
                out += [f"    {p}: [{', '.join(items)}]" for p, items in zone.items() if items]
    return "\n".join(out) + "\n"


def exported_game(sketch: dict[str, Any]) -> str:
    """A whole game file around the export: the sketch's players, one kind of stone placed
    anywhere, the most stones on the board winning (what the board is drawn and checked
    with, and a start for the designer's own rules)."""
    players = sketch["players"]
    symbols = ", ".join(f"{p}: {chr(97 + i)}" for i, p in enumerate(players))
    return (f"name: Sketch\nplayers: [{', '.join(players)}]\n" + export_yaml(sketch)
            + f"pieces:\n  stone: {{symbols: {{{symbols}}}}}\n"
            "turn:\n  - name: place\n    type: moves\n"
            "    options: [{type: place, piece: stone, where: anywhere}]\n"
            "result: {type: majority, equal: draw}\n")


def sketch_view(sketch: dict[str, Any], _: Any = None) -> dict[str, Any]:
    """What the page draws of a sketch: the sketch itself, its export, the whole game file
    around it, the picture boardspec draws of that game (zones drawn) with the frame that
    turns a click into board units, or the errors its export reads with."""
    from framework.errors import BoardspecError
    from framework.game import load_game_text
    from framework.render.svg import UNIT, _background, board_svg

    text = exported_game(sketch)
    found: dict[str, Any] = {"sketch": sketch, "yaml": export_yaml(sketch), "game": text,
                             "errors": [], "svg": "", "frame": None}
    try:
        game = load_game_text(text, "sketch.yaml")
    except BoardspecError as exc:  # drawn all the same, to go on changing it
        found["errors"] = [line for line in str(exc).splitlines() if line.strip()]
        found["svg"], found["frame"] = plain_svg(sketch)
        return found
    state = game.new_initial_state()
    found["svg"] = board_svg(state, title="sketch", zones=True,
                             **({"_": _} if _ is not None else {}))
    canvas = _background(game.board, state.gaps)[0]
    found["frame"] = {"left": canvas.left, "top": canvas.top, "unit": UNIT,
                      "sx": canvas.sx, "sy": canvas.sy}
    return found


def plain_svg(sketch: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A sketch whose export does not read (a board in two pieces), drawn from its own
    cells and links: each cell a circle named as the board pictures name them (``g.cell``,
    ``data-cell``), each link a line, in the frame boardspec's pictures use."""
    from html import escape

    from framework.render.svg import MARGIN, UNIT

    cells = sketch["cells"]
    xs = [p[0] for p in cells.values()]
    ys = [p[1] for p in cells.values()]
    left, top = min(xs) - MARGIN, max(ys) + MARGIN
    width, height = (max(xs) + MARGIN - left) * UNIT, (top - min(ys) + MARGIN) * UNIT

    def at(name: str) -> tuple[float, float]:
        x, y = cells[name]
        return round((x - left) * UNIT, 2), round((top - y) * UNIT, 2)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board" width="{width:.2f}" '
           f'height="{height:.2f}" viewBox="0 0 {width:.2f} {height:.2f}" role="img">',
           "<title>sketch</title>",
           f'<rect width="{width:.2f}" height="{height:.2f}" fill="#fff"/>']
    for a, b in sketch["links"]:
        (x1, y1), (x2, y2) = at(a), at(b)
        out.append(f'<line class="link" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                   'stroke="#8a7a5c" stroke-width="3"/>')
    for name in cells:
        cx, cy = at(name)
        out.append(f'<g class="cell" data-cell="{escape(name)}"><circle cx="{cx}" cy="{cy}" '
                   f'r="{UNIT * 0.4:.2f}" fill="#e9dcc0" stroke="#8a7a5c" stroke-width="1.5"/>'
                   f'<text x="{cx}" y="{cy + 0.32 * UNIT:.2f}" text-anchor="middle" '
                   f'font-family="sans-serif" font-size="9" fill="#7a6a4c">{escape(name)}'
                   "</text></g>")
    out.append("</svg>")
    return "\n".join(out), {"left": left, "top": top, "unit": UNIT, "sx": 1, "sy": 1}
