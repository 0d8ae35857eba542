"""Zones, forward and relative directions, and the ``no_legal_move`` lose/win policies."""

from __future__ import annotations

import pickle

import pytest

from framework import SpecError, load_game_text
from framework.check.runner import check_game
from framework.game import Game


def game_with(players: str = "[white, black]", board: str =
              "{type: grid, rows: 4, columns: 4, adjacency: king}", zones: str = "",
              extra: str = "") -> Game:
    return load_game_text(f"""
name: Zones test
players: {players}
board: {board}
pieces: {{stone: {{}}}}
turn: [{{name: place, type: moves, options: [{{type: place}}]}}]
{zones}
{extra}
""")  # type: ignore[return-value]


def cells(game: Game, mask: int) -> set[str]:
    return {game.board.names[i] for i in range(game.board.size) if mask >> i & 1}


def test_zone_items_are_cells_rows_columns_and_edges_joined() -> None:
    game = game_with(zones="zones: {mixed: [a1, {row: 4}, {column: d}], "
                           "north: [{edge: n}], corner: [{edge: s}, {edge: w}]}")
    assert cells(game, game.zone_mask("mixed", 0)) == {"a1", "a4", "b4", "c4", "d4", "d1",
                                                       "d2", "d3"}
    assert cells(game, game.zone_mask("north", 1)) == {"a4", "b4", "c4", "d4"}
    assert cells(game, game.zone_mask("corner", 0)) == {"a1", "b1", "c1", "d1", "a2", "a3",
                                                        "a4"}


def test_a_zone_per_player_and_a_player_left_out_has_none() -> None:
    game = game_with(zones="zones: {far: {white: [{row: 4}], black: [{row: 1}]}, "
                           "mine: {white: [b2]}}")
    assert cells(game, game.zone_mask("far", 0)) == {"a4", "b4", "c4", "d4"}
    assert cells(game, game.zone_mask("far", 1)) == {"a1", "b1", "c1", "d1"}
    assert game.zones["mine"] == (1 << game.board.cell("b2"), 0)


def test_a_hole_is_in_no_zone_and_opens_an_edge() -> None:
    game = game_with(board="{type: grid, rows: 3, columns: 3, holes: [b3]}",
                     zones="zones: {top: [{row: 3}], north: [{edge: n}]}")
    assert cells(game, game.zone_mask("top", 0)) == {"a3", "c3"}
    assert cells(game, game.zone_mask("north", 0)) == {"a3", "b2", "c3"}


@pytest.mark.parametrize(("zones", "line", "message"), [
    ("zones: {z: [a9]}", 7, "unknown cell 'a9'"),
    ("zones: {z: [{row: 7}]}", 7, "no row 7"),
    ("zones: {z: [{column: q}]}", 7, "no column 'q'"),
    ("zones: {z: [{edge: up}]}", 7, "unknown direction 'up'"),
    ("zones: {z: {red: [a1]}}", 7, "unknown player 'red'"),
    ("zones: {z: [{row: 1, column: a}]}", 7, "zones"),
])
def test_a_bad_zone_is_refused_with_its_line(zones: str, line: int, message: str) -> None:
    with pytest.raises(SpecError) as error:
        game_with(zones=zones)
    text = str(error.value)
    assert message in text and f":{line}" in text


def test_forward_turns_into_relative_directions_on_a_king_grid() -> None:
    game = game_with(players="[{name: white, forward: n}, {name: black, forward: s}]")
    named = {name: [game.board.directions[game.board_direction(name, p)] for p in (0, 1)]
             for name in ("forward", "forward_left", "forward_right", "left", "right",
                          "backward", "backward_left", "backward_right")}
    assert named == {"forward": ["n", "s"], "forward_left": ["nw", "se"],
                     "forward_right": ["ne", "sw"], "left": ["w", "e"],
                     "right": ["e", "w"], "backward": ["s", "n"],
                     "backward_left": ["sw", "ne"], "backward_right": ["se", "nw"]}
    assert game.players == ("white", "black")
    assert type(game.players[0]) is str


def test_relative_directions_a_board_lacks_are_none() -> None:
    orthogonal = game_with(players="[{name: a, forward: n}, {name: b, forward: s}]",
                           board="{type: grid, rows: 3, columns: 3, adjacency: orthogonal}")
    assert orthogonal.board_direction("forward_left", 0) == -1
    assert orthogonal.board.directions[orthogonal.board_direction("left", 0)] == "w"
    # A draughts-like diagonal board: north is forward though no link runs north.
    diagonal = game_with(players="[{name: a, forward: n}, {name: b, forward: s}]",
                         board="{type: grid, rows: 3, columns: 3, adjacency: diagonal}")
    assert diagonal.board_direction("forward", 0) == -1
    assert [diagonal.board.directions[diagonal.board_direction(n, 1)]
            for n in ("forward_left", "forward_right")] == ["se", "sw"]


def test_relative_directions_on_a_hex_board_turn_by_sixty_degrees() -> None:
    game = game_with(players="[{name: a, forward: ne}, {name: b, forward: sw}]",
                     board="{type: hexhex, side: 3}")
    board = game.board
    assert board.directions[game.board_direction("forward", 0)] == "ne"
    right = board.directions[game.board_direction("forward_right", 0)]
    assert round((board.bearings[right] - board.bearings["ne"]) % 360) == 60
    assert game.board_direction("right", 0) == -1  # no hex direction is at 90°


def test_forward_must_be_a_direction_and_given_to_every_player() -> None:
    with pytest.raises(SpecError, match="unknown direction 'up'"):
        game_with(players="[{name: a, forward: up}, {name: b, forward: s}]")
    with pytest.raises(SpecError, match="missing for b"):
        game_with(players="[{name: a, forward: n}, b]")
    with pytest.raises(SpecError, match="player"):
        game_with(players="[{name: a, ahead: n}, b]")


def test_a_game_with_forward_and_zones_pickles() -> None:
    game = game_with(players="[{name: a, forward: n}, {name: b, forward: s}]",
                     zones="zones: {far: {a: [{row: 4}], b: [{row: 1}]}}")
    again = pickle.loads(pickle.dumps(game))
    assert again.forward == ("n", "s") and again.zones == game.zones


STUCK = """
name: Last placement
players: [white, black]
board: {{type: grid, rows: 1, columns: 3}}
pieces: {{stone: {{}}}}
turn: [{{name: place, type: moves, options: [{{type: place}}]}}]
no_legal_move: {policy}
max_plies: 3
"""


@pytest.mark.parametrize(("policy", "winner"), [("lose", "white"), ("win", "black")])
def test_the_stuck_player_loses_or_wins(policy: str, winner: str) -> None:
    game: Game = load_game_text(STUCK.format(policy=policy))  # type: ignore[assignment]
    state = game.new_initial_state()
    for cell in ("a1", "b1", "c1"):  # black is to move on a full board
        state.apply(state.parse_action(cell))
    assert state.is_terminal()
    assert [game.players[w] for w in sorted(state.winners or ())] == [winner]
    returns = dict(zip(game.players, state.returns(), strict=True))
    assert returns[winner] == max(returns.values()) > min(returns.values())
    report = check_game(game, examples=20)
    assert [(o.name, o.failure) for o in report.failed] == []


ZONED = """
name: Home rows
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces: {stone: {}}
zones:
  home: {white: [{row: 1}], black: [{row: 3}]}
turn: [{name: place, type: moves, options: [{type: place, zone: home}]}]
no_legal_move: lose
max_plies: 6
"""


def test_a_placement_may_be_kept_to_the_movers_zone() -> None:
    game: Game = load_game_text(ZONED)  # type: ignore[assignment]
    state = game.new_initial_state()
    assert sorted(a.notation for a in state.legal_actions()) == ["a1", "b1", "c1"]
    state.apply(state.parse_action("b1"))
    assert sorted(a.notation for a in state.legal_actions()) == ["a3", "b3", "c3"]
    from framework.docs.rulebook import render_rulebook

    text, _ = render_rulebook(game, "en", "md", "home")
    assert "only on the cells of home" in text  # (a zone without a term: its cells)
    report = check_game(game, examples=20)
    assert [(o.name, o.failure) for o in report.failed] == []


def test_a_placement_zone_must_be_declared() -> None:
    with pytest.raises(SpecError, match="unknown zone 'away'"):
        load_game_text(ZONED.replace("zone: home}", "zone: away}"))
