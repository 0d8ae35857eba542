"""Zones drawn (issue 58): every picture of a board (the rulebook's starting position,
``boardspec show --svg``, the web app's board, the print-and-play board) draws the file's
zones, a zone of one set per player in that player's colour, a zone the same for every
player dashed in a colour of its own, each a line just inside the outline of its cells.

The tests read the SVG: which cells each zone's lines lie in (the nearest cell centre of
the picture), that the lines close round the zone, and the colours."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework import load_game
from framework.game import Game
from framework.render.svg import SHARED_ZONE_COLOURS, board_svg, player_colour

from .conftest import ROOT

GAMES = ROOT / "games"
NS = "{http://www.w3.org/2000/svg}"

L_ZONES = """\
name: L zones
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces:
  stone: {symbols: {white: x, black: o}}
zones:
  corner: {white: [a1, a2, b1], black: [c3]}
  middle: [b2]
  across: [a1, b2, c3]
turn:
  - name: place
    type: moves
    options: [{type: place, piece: stone, where: anywhere}]
result: {type: majority, equal: draw}
"""


def svg_of(game: Game) -> ET.Element:
    return ET.fromstring(board_svg(game.new_initial_state(), zones=True))


def centres(svg: ET.Element) -> dict[str, tuple[float, float]]:
    """Each cell's centre as the picture draws it (from its square, hexagon or circle)."""
    found = {}
    for g in svg.iter(f"{NS}g"):
        if g.get("class") != "cell":
            continue
        shape = next(iter(g))
        if shape.tag == f"{NS}rect":
            x, y, w, h = (float(shape.get(k, 0)) for k in ("x", "y", "width", "height"))
            found[g.get("data-cell", "")] = (x + w / 2, y + h / 2)
        elif shape.tag == f"{NS}polygon":
            points = [tuple(map(float, p.split(","))) for p in shape.get("points", "").split()]
            found[g.get("data-cell", "")] = (sum(p[0] for p in points) / len(points),
                                             sum(p[1] for p in points) / len(points))
        else:
            found[g.get("data-cell", "")] = (float(shape.get("cx", 0)),
                                             float(shape.get("cy", 0)))
    return found


def zone_groups(svg: ET.Element) -> dict[tuple[str, str], ET.Element]:
    """The zone groups by (zone, player), the player '' for a zone shared by every one."""
    return {(g.get("data-zone", ""), g.get("data-player", "")): g for g in svg.iter(f"{NS}g")
            if g.get("class") == "zone"}


def coloured(group: ET.Element) -> ET.Element:
    """The group of the zone's own colour (the first one is its dark rim)."""
    return list(group.iter(f"{NS}g"))[2]


def lines_of(group: ET.Element) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [((float(e.get("x1", 0)), float(e.get("y1", 0))),
             (float(e.get("x2", 0)), float(e.get("y2", 0))))
            for e in coloured(group).iter(f"{NS}line")]


def nearest(point: tuple[float, float], cells: dict[str, tuple[float, float]]) -> str:
    return min(cells, key=lambda name: math.dist(point, cells[name]))


def cells_under(group: ET.Element, cells: dict[str, tuple[float, float]]) -> set[str]:
    """The cells the zone's lines run in (each line's midpoint), or its rings ring."""
    found = {nearest(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), cells)
             for a, b in lines_of(group)}
    for ring in coloured(group).iter(f"{NS}circle"):
        found.add(nearest((float(ring.get("cx", 0)), float(ring.get("cy", 0))), cells))
    return found


def zone_cells(game: Game, zone: str, side: int) -> set[str]:
    mask = game.zones[zone][side]
    return {game.board.names[c] for c in range(game.board.size) if mask >> c & 1}


def test_a_zone_of_each_player_is_drawn_in_its_cells_and_its_colour() -> None:
    game = load_game(GAMES / "breakthrough.yaml")
    svg = svg_of(game)
    cells, groups = centres(svg), zone_groups(svg)
    assert set(groups) == {("far_row", "white"), ("far_row", "black")}
    for side, player in enumerate(game.players):
        group = groups["far_row", player]
        assert cells_under(group, cells) == zone_cells(game, "far_row", side)
        assert coloured(group).get("stroke") == player_colour(game, side)
        assert group.get("pointer-events") == "none"  # the cells under it still take clicks
        assert group.find(f"{NS}title").text == f"far row ({player})"  # type: ignore[union-attr]


def test_a_zone_the_same_for_every_player_is_dashed_in_a_colour_of_its_own() -> None:
    game = load_game(GAMES / "tablut.yaml")
    svg = svg_of(game)
    groups = zone_groups(svg)
    throne = groups["throne", ""]
    assert coloured(throne).get("stroke") == SHARED_ZONE_COLOURS[0]
    assert coloured(throne).get("stroke-dasharray")
    assert cells_under(throne, centres(svg)) == zone_cells(game, "throne", 0)
    assert all(player == "" or not coloured(g).get("stroke-dasharray")
               for (_zone, player), g in groups.items())


def test_hexagons_and_circles_carry_their_zones() -> None:
    hex_game = load_game(GAMES / "hex.yaml", {"size": 5})
    svg = svg_of(hex_game)
    for side, player in enumerate(hex_game.players):
        for zone in ("first_side", "second_side"):
            if zone_cells(hex_game, zone, side):
                group = zone_groups(svg)[zone, player]
                assert cells_under(group, centres(svg)) == zone_cells(hex_game, zone, side)
    kalah = load_game(GAMES / "kalah.yaml")
    svg = svg_of(kalah)
    store = zone_groups(svg)["store", kalah.players[0]]
    assert not lines_of(store)  # circles are ringed, not outlined
    assert cells_under(store, centres(svg)) == zone_cells(kalah, "store", 0)


def endpoints_pair_up(lines: list[tuple[tuple[float, float], tuple[float, float]]]) -> bool:
    """Whether the lines close round: every end meets exactly one other line's end."""
    ends = [(round(x, 1), round(y, 1)) for line in lines for x, y in line]
    return all(ends.count(end) == 2 for end in ends)


def test_the_lines_close_round_convex_and_l_shaped_zones(tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text(L_ZONES, encoding="utf-8")
    game = load_game(path)
    svg = svg_of(game)
    groups, cells = zone_groups(svg), centres(svg)
    corner = groups["corner", "white"]
    assert cells_under(corner, cells) == {"a1", "a2", "b1"}
    assert len(lines_of(corner)) == 8 and endpoints_pair_up(lines_of(corner))  # an L's sides
    assert cells_under(groups["corner", "black"], cells) == {"c3"}
    assert len(lines_of(groups["corner", "black"])) == 4
    # Three squares meeting at their corners alone: three closed squares.
    across = groups["across", ""]
    assert len(lines_of(across)) == 12 and endpoints_pair_up(lines_of(across))
    breakthrough = svg_of(load_game(GAMES / "breakthrough.yaml"))
    row = zone_groups(breakthrough)["far_row", "white"]
    assert endpoints_pair_up(lines_of(row))  # a whole row: one long closed rectangle
    hex_svg = svg_of(load_game(GAMES / "hex.yaml", {"size": 5}))
    assert all(endpoints_pair_up(lines_of(g)) for g in zone_groups(hex_svg).values())


def inset(group: ET.Element, cells: dict[str, tuple[float, float]], cell: str) -> float:
    """How far from the centre of ``cell`` the zone's nearest line runs."""
    def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
        (x1, y1), (x2, y2), (px, py) = a, b, cells[cell]
        return abs((x2 - x1) * (y1 - py) - (x1 - px) * (y2 - y1)) / math.dist(a, b)
    return min(distance(a, b) for a, b in lines_of(group)
               if nearest(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), cells) == cell)


def test_zones_sharing_cells_are_drawn_one_inside_the_other() -> None:
    path = GAMES / "chess.yaml"
    game = load_game(path)
    svg = svg_of(game)
    groups, cells = zone_groups(svg), centres(svg)
    # White's start holds b2; the dark squares hold it too: the second runs further in.
    outer = inset(groups["start", "white"], cells, "b2")
    inner = inset(groups["dark", ""], cells, "b2")
    assert inner < outer - 3


@pytest.fixture(scope="module")
def cli() -> CliRunner:
    from framework.cli import _register

    _register()
    return CliRunner()


def test_show_draws_the_zones(cli: CliRunner, tmp_path: Path) -> None:
    from framework.cli import app

    out = tmp_path / "board.svg"
    result = cli.invoke(app, ["show", str(GAMES / "breakthrough.yaml"), "--svg", str(out)])
    assert result.exit_code == 0, result.output
    groups = zone_groups(ET.fromstring(out.read_text(encoding="utf-8")))
    assert set(groups) == {("far_row", "white"), ("far_row", "black")}


def test_the_web_app_draws_the_zones() -> None:
    from starlette.testclient import TestClient

    from framework.web import create_app

    with TestClient(create_app([GAMES]), base_url="http://localhost") as client:
        response = client.post("/api/play", json={"game": "breakthrough", "seed": 1})
        assert response.status_code == 201, response.text
        svg = ET.fromstring(response.json()["state"]["svg"])
    game = load_game(GAMES / "breakthrough.yaml")
    group = zone_groups(svg)["far_row", "black"]
    assert cells_under(group, centres(svg)) == \
        zone_cells(game, "far_row", game.players.index("black"))


def test_the_rulebook_draws_the_zones_at_the_start_and_says_whose(tmp_path: Path) -> None:
    from framework.docs.rulebook import write_rulebooks

    write_rulebooks([GAMES / "breakthrough.yaml"], tmp_path, ["en"], ["html"])
    html = (tmp_path / "en" / "breakthrough.html").read_text(encoding="utf-8")
    start = html[html.index('id="figure-start"'):] if 'id="figure-start"' in html else html
    assert 'class="zone" data-zone="far_row" data-player="white"' in start
    assert "A line inside the cells: the far row of the white player<" in html
    assert html.count('class="zone"') == 2  # the start alone, not every example


def test_show_in_the_terminal_writes_each_cell_s_zones(cli: CliRunner) -> None:
    from framework.cli import app

    result = cli.invoke(app, ["show", str(GAMES / "breakthrough.yaml")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    key = next(line for line in lines if line.startswith("zones: "))
    letter = {title: code for code, title in
              (part.split(" ", 1) for part in key[len("zones: "):].split("  "))}
    assert set(letter) == {"far row (white)", "far row (black)"}
    drawn = lines[lines.index(key) + 1:]
    assert drawn[0].split() == ["8", *[letter["far row (white)"]] * 8]
    assert drawn[7].split() == ["1", *[letter["far row (black)"]] * 8]
    assert all(set(row.split()[1:]) == {"."} for row in drawn[1:7])
    chess = cli.invoke(app, ["show", str(GAMES / "chess.yaml")]).output.splitlines()
    key = next(line for line in chess if line.startswith("zones: "))
    codes = {title: code for code, title in
             (part.split(" ", 1) for part in key[len("zones: "):].split("  "))}
    row_two = chess[chess.index(key) + 7].split()
    # b2 is in white's start and among the dark squares: both its letters.
    assert row_two[0] == "2" and row_two[2] == codes["start (white)"] + codes["dark"]


def test_the_print_and_play_board_carries_the_zones() -> None:
    from framework.docs.print_and_play import _board_pages
    from framework.plugins import untranslated

    pages = _board_pages(load_game(GAMES / "breakthrough.yaml"), "a4", untranslated)
    drawn = "".join(pages)
    for player in ("white", "black"):
        assert f'class="zone" data-zone="far_row" data-player="{player}"' in drawn
