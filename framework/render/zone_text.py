"""The file's zones drawn in text, for ``boardspec show``: the zones as the pictures split
and order them (``framework.render.svg.drawn_zones``), on the text board
(``framework.render.text.board_lines``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.render.svg import drawn_zones, zone_title
from framework.render.text import board_lines

if TYPE_CHECKING:
    from framework.engine.state import State


def zone_lines(state: State) -> list[str]:
    """The file's zones drawn in text (``boardspec show``): a key giving each zone (per
    player where it is one set per player, as the pictures draw them) a letter, then the
    board with each cell's letters (``.``: in no zone)."""
    game = state.game
    zones = drawn_zones(game)
    if not zones:
        return []
    letters = [chr(ord("A") + k) if k < 26 else chr(ord("a") + k - 26)
               for k in range(min(len(zones), 52))]
    labels = ["".join(letter for letter, zone in zip(letters, zones, strict=False)
                      if zone.cells >> cell & 1) or "." for cell in range(game.board.size)]
    key = "  ".join(f"{letter} {zone_title(game, zone)}"
                    for letter, zone in zip(letters, zones, strict=False))
    return ["zones: " + key, *board_lines(state, labels)]
