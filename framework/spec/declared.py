"""The state slots a game file's blocks declare (``framework/engine/slots.py``), read from
the file's model alone: the compiler numbers them, and the checks of meaning look names up
in them (``notation.fen.fields``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from framework.engine.slots import Slot, hand_slot_name, pile_slot_name, view_slots
from framework.plugins import PluginKind, plugins
from framework.spec.piece_moves import piece_options
from framework.spec.regions import region_slots


def declared_slots(spec: Any) -> list[tuple[str, Slot]]:
    """(who declares it, slot) for every slot of every block and every kind's own move."""
    declared: list[tuple[str, Slot]] = []
    blocks: list[tuple[PluginKind, str, Any]] = [
        *(("setups", "setup", p) for p in spec.setup),
        *(("phases", "turn", p) for p in spec.turn),
        *(("goals", "goals", p) for p in spec.goals),
        *((("results", "result", spec.result),) if spec.result else ()),
        *(("restrictions", "restrictions", p) for p in spec.restrictions),
    ]
    for kind, key, params in blocks:
        cls = plugins(kind)[params.type]
        who = f"{key} block {params.type!r}"
        declared += [(who, slot) for slot in cls.declare_slots(params)]
        declared += [(who, slot) for slot in cls.player_slots(params, spec.players)]
        declared += [(who, slot) for slot in condition_slots(params)]
    for loc, option in piece_options(spec):  # a kind's own moves may keep state too
        who = f"{'.'.join(map(str, loc))} ({option.type})"
        unit = plugins("moves")[option.type]
        declared += [(who, slot) for slot in unit.declared_slots(option)]
        declared += [(who, slot) for slot in condition_slots(option)]
    declared += [("pieces", slot) for slot in hand_slots(spec)]
    declared += [("pieces", slot) for slot in pile_slots(spec)]
    declared += [("view", slot) for slot in view_slots(spec)]
    declared += [("regions", slot) for slot in region_slots(spec)]
    return declared


def pile_slots(spec: Any) -> list[Slot]:
    """One slot per cell and kind kept in piles (``pieces.<kind>.piles``): how many of that
    kind the cell holds, starting with the number its zone says (an unknown zone, refused
    by validate, starts nothing)."""
    piled = [(kind, piece.piles) for kind, piece in spec.pieces.items()
             if piece.piles is not None]
    if not piled:
        return []
    from framework.board import build_board  # the board's cells: only a game with piles
    from framework.spec.zones import zone_cell_names

    graph = build_board(spec.board)
    cells = [n for n in graph.nodes if not graph.nodes[n]["hole"]]
    found: list[Slot] = []
    for kind, piles in piled:
        start: dict[str, int] = {}
        for zone, n in piles.items():
            if zone in spec.zones:
                for player in spec.players:
                    for cell in zone_cell_names(spec, zone, str(player), graph):
                        start[cell] = n
        found += [Slot(pile_slot_name(kind, c), default=start.get(c, 0)) for c in cells]
    return found


def hand_slots(spec: Any) -> list[Slot]:
    """One slot per player and kind kept in hand (``pieces.<kind>.hand``): the pieces of
    that kind the player still holds, starting full (or at its ``in_hand``)."""
    return [Slot(hand_slot_name(str(player), kind),
                 default=piece.supply if piece.in_hand is None else piece.in_hand)
            for kind, piece in spec.pieces.items() if piece.hand
            for player in spec.players]


def condition_slots(params: Any) -> list[Slot]:
    """The slots the conditions of every ``if:`` inside a block read (its own, its move
    options', their consequences')."""
    found: list[Slot] = []
    conditions = plugins("conditions")
    for condition in getattr(params, "if_", ()):
        found += conditions[condition.type].slots
    for field in type(params).model_fields:
        value = getattr(params, field)
        for item in value if isinstance(value, list | tuple) else (value,):
            if isinstance(item, BaseModel) and field != "if_":
                found += condition_slots(item)
    return found
