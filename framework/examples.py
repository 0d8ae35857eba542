"""Run the worked examples of a game file (``examples:``) against the engine.

An example starts from a position (JSON, a FEN string, or the game's start), plays its
``actions`` in notation, then checks what ``expect`` says:

- ``targets`` / ``targets_include`` / ``targets_exclude``: the destination cells of the
  legal actions, restricted to those whose source is the cell ``piece`` and/or whose kind
  is ``kind`` (a walk's target, a create's cell);
- ``legal`` / ``illegal``: actions (in notation) that must or must not be legal now;
- ``position``: only the keys given must match the position JSON; ``cells`` is compared
  whole (the board must be exactly that), other mappings key by key;
- ``terminal`` and ``winner``.

``run_example`` returns the failures as sentences (an empty list: the example holds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.errors import BoardspecError, IllegalActionError

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.game import Game
    from framework.spec.models import ExampleSpec, ExpectSpec


def run_example(game: Game, example: ExampleSpec) -> list[str]:
    try:
        state = start_of(game, example)
    except BoardspecError as exc:
        return [f"the position cannot be set up: {exc}"]
    for i, text in enumerate(example.actions, start=1):
        try:
            state.apply(text)
        except BoardspecError as exc:
            return [f"action {i} ({text!r}) fails: {exc}"]
    return _check(game, state, example.expect)


def run_examples(game: Game) -> list[tuple[str, list[str]]]:
    """(name, failures) for every example of the game, in file order."""
    return [(e.name, run_example(game, e)) for e in game.spec.examples]


def start_of(game: Game, example: ExampleSpec) -> State:
    """The position an example starts from, before its actions."""
    if example.position is not None:
        state: State = game.state_from_json(example.position)
        return state
    if example.fen is not None:
        state = game.state_from_fen(example.fen)
        return state
    state = game.new_initial_state()
    return state


def _check(game: Game, state: State, expect: ExpectSpec) -> list[str]:
    failures: list[str] = []
    failures += _targets(game, state, expect)
    for text in expect.legal:
        try:
            state.parse_action(text)
        except BoardspecError as exc:
            failures.append(f"{text!r} should be legal: {exc}")
    for text in expect.illegal:
        try:
            state.parse_action(text)
            failures.append(f"{text!r} should not be legal")
        except IllegalActionError:
            pass
        except BoardspecError as exc:
            failures.append(f"{text!r} is not an action of the game: {exc}")
    if expect.position is not None:
        failures += _position(game, state, expect.position)
    if expect.terminal is not None and state.is_terminal() != expect.terminal:
        failures.append("the game should be over" if expect.terminal
                        else "the game should not be over")
    if expect.winners is not None:
        wanted = sorted(game.players.index(p) for p in expect.winners)
        if sorted(state.winners or ()) != wanted:
            found = [game.players[s] for s in sorted(state.winners or ())]
            failures.append(f"the winners should be {', '.join(expect.winners)}, found "
                            f"{', '.join(found) or 'none'}")
    if expect.winner is not None:
        winners = sorted(game.players[s] for s in state.winners or ())
        if winners != [expect.winner]:
            failures.append(f"the winner should be {expect.winner}, found "
                            f"{', '.join(winners) or 'none'}")
    return failures


def target_cells(state: State, expect: ExpectSpec) -> set[int]:
    """Where the legal actions go (``dst``, else ``at``): those of the piece on
    ``expect.piece`` when given, of kind ``expect.kind`` when given."""
    src = state.game.board.cell(expect.piece) if expect.piece else None
    found = set()
    for action in state.legal_actions():
        if src is not None and action.src != src:
            continue
        if expect.kind is not None and action.kind != expect.kind:
            continue
        cell = action.dst if action.dst >= 0 else action.at
        if cell >= 0:
            found.add(cell)
    return found


def _targets(game: Game, state: State, expect: ExpectSpec) -> list[str]:
    lists = expect.targets is not None or expect.targets_include or expect.targets_exclude
    if not lists:
        return []
    names = game.board.names
    found = {names[cell] for cell in target_cells(state, expect)}
    what = " ".join(x for x in (expect.kind or "", f"from {expect.piece}"
                                if expect.piece else "") if x) or "of the legal actions"
    failures = []
    shown = ", ".join(sorted(found)) or "none"
    if expect.targets is not None and found != {_name(game, c) for c in expect.targets}:
        failures.append(f"the targets {what} should be exactly "
                        f"{', '.join(sorted(expect.targets))}; found {shown}")
    missing = [c for c in expect.targets_include if _name(game, c) not in found]
    if missing:
        failures.append(f"the targets {what} should include {', '.join(missing)}; "
                        f"found {shown}")
    extra = [c for c in expect.targets_exclude if _name(game, c) in found]
    if extra:
        failures.append(f"the targets {what} should not include {', '.join(extra)}; "
                        f"found {shown}")
    return failures


def _name(game: Game, cell: str) -> str:
    return game.board.names[game.board.cell(cell)]


def _position(game: Game, state: State, expected: dict[str, Any]) -> list[str]:
    actual = state.to_json()
    failures = []
    for key, want in expected.items():
        if key == "cells":
            want = _normal_cells(game, want)
            have = actual["cells"]
        else:
            have = actual.get(key)
            if isinstance(want, dict) and isinstance(have, dict):
                want, have = _given(want, have), _given(want, have, actual=True)
        if want != have:
            failures.append(f"{key} should be {want!r}, found {have!r}")
    return failures


def _given(want: dict[str, Any], have: dict[str, Any], *, actual: bool = False
           ) -> dict[str, Any]:
    """The keys of ``want``, recursively, from ``want`` (or from ``have`` when ``actual``)."""
    out: dict[str, Any] = {}
    for key, value in want.items():
        other = have.get(key)
        if isinstance(value, dict) and isinstance(other, dict):
            out[key] = _given(value, other, actual=actual)
        else:
            out[key] = other if actual else value
    return out


def _normal_cells(game: Game, cells: dict[str, Any]) -> dict[str, Any]:
    """Cells as the position JSON writes them (piece named, every attribute given)."""
    probe = game.state_from_json({"cells": cells})
    normal: dict[str, Any] = probe.to_json()["cells"]
    return normal
