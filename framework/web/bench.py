"""The designer's bench: positions checked and drawn for the position editor, the state
inspector's view of a state, and a game's moves replayed under an edited rules file.

None of it changes a game: the editor's positions become games only through ``POST
/api/play`` (its ``position``), and an edited file's rules only through the restart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.errors import BoardspecError, PositionError
from framework.web.sessions import WebError

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.game import Game
    from framework.web.sessions import GameSession

#: Legal actions listed by the editor and the inspector (beyond: counted, not listed).
MAX_LISTED = 300


def palette(game: Game, _: Any) -> dict[str, Any]:
    """What the position editor offers for ``game``: the sides, the kinds of piece placed
    on cells (their symbol per side and their numbered attributes), the counters, the
    numbers kept in slots (hands, piles, clocks), the steps a position may be at, and
    whether the game has a position string (FEN)."""
    table = game.slots
    pieces = []
    for kind in game.piece_kinds:
        piece = game.spec.pieces[kind]
        if piece.piles is not None:  # a number on each cell: a slot of its own
            continue
        # Drawn as the board draws it where the file gives a picture, else its letter.
        glyphs = {p: piece.glyphs.get(p) or piece.glyph or piece.symbols.get(p, "")
                  for p in game.players}
        pieces.append({"kind": kind, "label": _(kind), "symbols": glyphs,
                       "attributes": [{"name": name, "label": _(name), "max": spec.max}
                                      for name, spec in piece.attributes.items()]})
    numbers = [table.slots[i].name for i in table.written
               if table.slots[i].kind == "int" and table.slots[i].scope == "position"]
    from framework.render.svg import _ink, player_colour

    colours = [player_colour(game, side) for side in range(len(game.players))]
    return {"sides": [{"player": p, "label": _(p), "fill": colours[s], "ink": _ink(colours[s])}
                      for s, p in enumerate(game.players)],
            "pieces": pieces, "counters": [{"name": c, "label": _(c)} for c in game.counters],
            "numbers": numbers, "phases": [p.name for p in game.phases],
            "setups": [s.name for s in game.setups],
            "fen": game.spec.notation.fen is not None}


def actions_of(state: State, words: Any, legal: list[Action] | None = None
               ) -> dict[str, Any]:
    """The legal actions of ``state`` (or ``legal``, those a viewer may read) in notation
    and as the page's language writes them."""
    if legal is None:
        legal = [] if state.is_terminal() else state.legal_actions()
    return {"count": len(legal), "actions": [
        {"notation": a.notation, "written": words.write(a)} for a in legal[:MAX_LISTED]]}


def check_position(game: Game, body: dict[str, Any], lang: str, _: Any) -> dict[str, Any]:
    """A position the editor sent (``position`` JSON or ``fen``) read by the engine: if it
    is a position of ``game``, its JSON as the CLI reads it (``boardspec show --position``),
    its FEN where the game has one, its picture and its legal actions; if not, why in
    words, and a picture of the pieces that could be placed."""
    from framework.notation_words import words_in
    from framework.render.svg import Marks, board_svg

    position, fen = body.get("position"), body.get("fen")
    if (position is None) == (fen is None):
        raise WebError(422, "give 'position' (position JSON) or 'fen', one of them")
    if fen is not None and not isinstance(fen, str):
        raise WebError(422, f"'fen' must be text, found {str(fen)[:60]!r}")
    if position is not None and not isinstance(position, dict):
        raise WebError(422, f"'position' must be a JSON object, found {str(position)[:60]!r}")
    found: dict[str, Any] = {"palette": palette(game, _)}
    try:
        state = game.state_from_json(position) if position is not None else \
            game.state_from_fen(str(fen))
    except (PositionError, BoardspecError) as exc:
        sketch = _sketch(game, position) if position is not None else None
        found.update(valid=False, error=str(exc),
                     svg=board_svg(sketch, Marks(), game.name, _, zones=True) if sketch else "")
        return found
    words = words_in(game, lang)
    found.update(valid=True, error="", position=state.to_json(),
                 fen=state.to_fen() if found["palette"]["fen"] else None,
                 svg=board_svg(state, Marks(), game.name, _, zones=True),
                 terminal=state.is_terminal(),
                 legal=actions_of(state, words))
    return found


def _sketch(game: Game, position: dict[str, Any]) -> State | None:
    """The pieces of a position that does not read, placed as far as each can be (for the
    editor's picture): a piece of no known side, kind or cell is left out."""
    from framework.engine.state import State

    state = State(game)
    state.setup = len(game.setups)
    cells = position.get("cells")
    if not isinstance(cells, dict):
        return state
    for name, entry in list(cells.items())[:game.board.size]:
        owner = entry if isinstance(entry, str) else \
            entry.get("owner") if isinstance(entry, dict) else None
        kind = entry.get("piece", game.piece_kinds[0]) if isinstance(entry, dict) else \
            game.piece_kinds[0]
        if name in game.board.names and owner in game.players and kind in game.piece_kinds \
                and state.owner_of(game.board.names.index(name)) < 0:
            state.place(game.board.names.index(name), game.players.index(owner),
                        game.piece_kinds.index(kind))
    return state


def inspect(game: Game, state: State, lang: str, legal: list[Action] | None = None
            ) -> dict[str, Any]:
    """What the state inspector shows: where the turn is (setup step or phase, by their
    names in the file), every slot with its value, the counters and the legal actions
    (``legal``: those given, in a game that hides information the ones its viewer may read;
    default: the state's)."""
    from framework.engine.slots import flags_text
    from framework.notation_words import words_in

    names = game.board.names
    remembering = game.view.moves if game.view is not None else ()
    slots = []
    for index, slot in enumerate(game.slots.slots):
        value = state.vars[index]
        if slot.kind == "cell":
            shown: Any = names[value] if value >= 0 else None
        elif slot.kind == "cells":
            shown = [names[c] for c in range(len(names)) if value >> c & 1]
        elif slot.kind == "bool":
            shown = bool(value)
        elif slot.kind == "flags":
            shown = flags_text(slot, value)
        elif index in remembering:  # the actions a player remembers (0: none yet)
            shown = [a.notation for a in value] if isinstance(value, tuple) else []
        else:
            shown = value
        slots.append({"name": slot.name, "kind": slot.kind, "scope": slot.scope,
                      "value": shown, "default": value == slot.default})
    in_setup = state.setup < len(game.setups)
    return {"setup": game.setups[state.setup].name if in_setup else "",
            "phase": "" if in_setup else game.phases[state.phase].name,
            "to_move": game.players[state.to_move], "fullmove": state.fullmove,
            "counters": {p: dict(zip(game.counters, state.counters[s], strict=True))
                         for s, p in enumerate(game.players)},
            "slots": slots, "position": state.to_json(),
            "legal": actions_of(state, words_in(game, lang), legal)}


def replay_report(session: GameSession, game: Game, lang: str) -> dict[str, Any]:
    """The game's moves played again under the rules ``game``: how many stay legal, and
    the first that does not (its turn, its player, the action, the engine's reason)."""
    from framework.notation_words import words_in

    _state, kept, reason = session.replay_under(game)
    found: dict[str, Any] = {"plies": session.ply, "kept": len(kept),
                             "turns_kept": _turns(kept), "reason": reason}
    if reason and len(kept) < session.ply:
        stop = session.plies[len(kept)]
        found.update(turn=_turns(session.plies[:len(kept) + 1]), player=stop.player,
                     action=_written(session, stop.notation, len(kept), words_in(
                         session.game, lang)))
    return found


def _turns(plies: list[Any]) -> int:
    return sum(1 for i, p in enumerate(plies) if i == 0 or p.key != plies[i - 1].key)


def _written(session: GameSession, notation: str, ply: int, words: Any) -> str:
    """A ply's action as the page's language writes it (under the game's own rules)."""
    try:
        state = session._replayed(session.plies[:ply])
        return str(words.write(state.parse_action(notation)))
    except BoardspecError:
        return notation
