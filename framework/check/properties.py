"""The properties ``boardspec check`` tests.

State properties take one :class:`Subject` (a reached or arbitrary state) and return a
message when the property does not hold. Every game must keep the conformance properties;
the reference property compares the engine with the reference interpreter. Declared
invariants and termination are checked along whole plays (see :mod:`framework.check.runner`).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from framework.check.strategies import sample
from framework.engine.chance import CHANCE
from framework.engine.state import TERMINAL
from framework.errors import IllegalActionError, NotationError

if TYPE_CHECKING:
    from framework.check.reference import ReferenceGame
    from framework.check.trail import Subject
    from framework.engine.state import State
    from framework.game import Game

#: Actions tried per state by the properties that play every action (the rest are sampled).
ACTIONS_PER_STATE = 64


@dataclass(frozen=True)
class StateProperty:
    name: str
    check: Callable[[Game, Subject], str | None]


def _notations(state: State) -> list[str]:
    return [a.notation for a in state.legal_actions()]


def _snapshot(state: State) -> tuple[Any, ...]:
    return state.key(), json.dumps(state.to_json(), sort_keys=True)


def unique_and_deterministic(game: Game, subject: Subject) -> str | None:
    state = subject.state
    actions = state.legal_actions()
    if len(set(actions)) != len(actions):
        return f"legal actions repeat: {sorted(_notations(state))}"
    notations = [a.notation for a in actions]
    if len(set(notations)) != len(notations):
        twice = sorted({n for n in notations if notations.count(n) > 1})
        return f"two legal actions share the notation {twice[0]!r}"
    if state.legal_actions() != actions or state.clone().legal_actions() != actions:
        return "legal actions come in a different order when asked again (or on a clone)"
    if state.count_legal_actions() != len(actions):
        return (f"count_legal_actions() is {state.count_legal_actions()}, "
                f"but there are {len(actions)} legal actions")
    return None


def every_action_applies(game: Game, subject: Subject) -> str | None:
    state = subject.state
    for action in sample(state.legal_actions(), ACTIONS_PER_STATE):
        by_action, by_notation = state.clone(), state.clone()
        try:
            by_action.apply(action)
        except Exception as exc:
            return f"the legal action {action.notation!r} fails: {type(exc).__name__}: {exc}"
        try:
            by_notation.apply(action.notation)
        except Exception as exc:
            return (f"the legal action {action.notation!r}, given as text, fails: "
                    f"{type(exc).__name__}: {exc}")
        if by_action.to_json() != by_notation.to_json():
            return f"{action.notation!r} as an action and as text lead to different states"
    return None


def _candidates(game: Game, subject: Subject) -> list[str]:
    """Well-formed actions that are likely illegal here: the previous state's, the other
    side's in this position, the pass, and text that is no action at all."""
    state = subject.state
    found: list[str] = []
    if subject.before is not None:
        found += _notations(subject.before)
    data = state.to_json()
    data.pop("result", None)
    for player in game.players:
        if player != data["to_move"] and "setup" not in data:
            with contextlib.suppress(Exception):  # only a source of candidates
                found += _notations(game.state_from_json({**data, "to_move": player}))
    found += [game.pass_action.notation, "", "zz99", "??"]
    legal = set(_notations(state))
    return list(dict.fromkeys(n for n in found if n not in legal))


def illegal_refused(game: Game, subject: Subject) -> str | None:
    state = subject.state
    before = _snapshot(state)
    for notation in sample(_candidates(game, subject), ACTIONS_PER_STATE):
        try:
            state.apply(notation)
        except (IllegalActionError, NotationError):
            pass
        except Exception as exc:
            return (f"the illegal action {notation!r} raised {type(exc).__name__} instead of "
                    f"IllegalActionError or NotationError: {exc}")
        else:
            return f"the illegal action {notation!r} was accepted"
        if _snapshot(state) != before:
            return f"refusing the illegal action {notation!r} changed the state"
    legal = state.legal_actions()
    if subject.before is not None:
        for action in subject.before.legal_actions():
            if action in legal:
                continue
            try:
                state.apply(action)
            except IllegalActionError:
                pass
            else:
                return f"the illegal action object {action!r} was accepted"
            if _snapshot(state) != before:
                return f"refusing the illegal action {action.notation!r} changed the state"
            break
    return None


def clones_independent(game: Game, subject: Subject) -> str | None:
    state = subject.state
    before = _snapshot(state)
    copy = state.clone()
    if _snapshot(copy) != before or copy != state:
        return "a clone differs from its original"
    actions = state.legal_actions()
    if not actions:
        return None
    copy.apply(actions[-1])
    if _snapshot(state) != before:
        return f"playing {actions[-1].notation!r} on a clone changed the original"
    original, spare = state.clone(), state.clone()
    original.apply(actions[0])
    if _snapshot(spare) != before:
        return f"playing {actions[0].notation!r} on the original changed its clone"
    return None


def json_round_trip(game: Game, subject: Subject) -> str | None:
    state = subject.state
    data = state.to_json()
    again = game.state_from_json(json.loads(json.dumps(data)))
    # The history of positions (a repetition's) is not part of the position: a position
    # read back starts a history of its own, so the one the state went through is carried
    # over for the comparison of what follows.
    again.trail = state.trail
    if again.to_json() != data:
        return (f"reading the position JSON back gives a different position: "
                f"{_diff(data, again.to_json(), ('written', 'read back'))}")
    if _notations(again) != _notations(state):
        return "the position read back from JSON has other legal actions"
    for action in sample(state.legal_actions(), 8):
        if again.child(action).to_json() != state.child(action).to_json():
            return f"after {action.notation!r}, the position read back from JSON differs"
    return None


def notation_round_trip(game: Game, subject: Subject) -> str | None:
    state = subject.state
    for action in state.legal_actions():
        if state.parse_action(action.notation) != action:
            return f"{action.notation!r} reads back as {state.parse_action(action.notation)!r}"
        if state.parse_action(action.notation.upper()) != action and \
                state.parse_action(action.notation.lower()) != action:
            return f"{action.notation!r} does not read back regardless of case"
    from framework.notation_words import translation_problem

    translated = translation_problem(state, list(sample(state.legal_actions(), 8)))
    if translated:
        return f"in a translated notation, {translated}"
    fen = game.spec.notation.fen
    if fen is not None and state.setup >= len(game.setups) and state.phase == 0:
        text = state.to_fen()
        again = game.state_from_fen(text).to_fen()
        if again != text:
            return f"the FEN {text!r} reads back as {again!r}"
    return None


def terminal_iff_no_action(game: Game, subject: Subject) -> str | None:
    state = subject.state
    actions = state.legal_actions()
    if state.is_terminal() != (not actions):
        return (f"is_terminal() is {state.is_terminal()} but there are {len(actions)} legal "
                "actions")
    if state.is_terminal() != (state.current_player == TERMINAL):
        return f"current_player is {state.current_player} when is_terminal() is " \
               f"{state.is_terminal()}"
    if state.is_chance_node() != (state.current_player == CHANCE):
        return f"current_player is {state.current_player} when is_chance_node() is " \
               f"{state.is_chance_node()}"
    if not state.is_terminal() and not state.is_chance_node() and \
            state.current_player not in range(len(game.players)):
        return f"current_player {state.current_player} is no seat of the game"
    passing = game.pass_action in actions
    if passing and game.spec.no_legal_move != "pass":
        return "a pass is legal, but the file says a player without a move ends the game"
    if passing and len(actions) != 1:
        return f"a pass is offered beside other actions: {_notations(state)}"
    return None


def chance_well_formed(game: Game, subject: Subject) -> str | None:
    """At a chance node: the outcomes are exactly the legal actions (no player's action
    among them), each with a probability in (0, 1], summing to 1. Elsewhere asking for
    them is refused."""
    state = subject.state
    if not state.is_chance_node():
        try:
            state.chance_outcomes()
        except ValueError:
            return None
        return "chance_outcomes() answered where a player decides (or the game is over)"
    outcomes = state.chance_outcomes()
    actions = state.legal_actions()
    if [a for a, _ in outcomes] != actions:
        return (f"the chance outcomes {[a.notation for a, _ in outcomes][:8]} are not the "
                f"legal actions {_notations(state)[:8]}")
    if any(not 0 < p <= 1 for _, p in outcomes):
        return f"a chance outcome has probability outside (0, 1]: {outcomes[:4]}"
    total = sum(p for _, p in outcomes)
    if total != 1:
        return f"the chance outcomes' probabilities sum to {total}, not 1"
    return None


def views_hide(game: Game, subject: Subject) -> str | None:
    """A view never shows what it hides: take away a piece a player may not see (a few,
    sampled), and nothing that player observes or knows may change — its observation and
    information state. Which pieces a player may not see is read from the file's
    ``view:`` and the position JSON, not from the engine's view."""
    view = game.spec.view
    state = subject.state
    if view is None:
        return None
    data = state.to_json()
    for side, player in enumerate(game.players):
        zone = game.zones[view.public][side] if view.public is not None else 0
        public = {game.board.names[c] for c in range(game.board.size) if zone >> c & 1}
        found = set(data.get(f"found.{player}", ()))
        unseen = [name for name, entry in data["cells"].items()
                  if _piece_of(game, entry) in view.hide and _owner_of(entry) != player
                  and name not in public and name not in found]
        seat = state.seat_of_side[side]
        seen = _what_seat_knows(state, seat)
        for name in sample(sorted(unseen), 4):
            other = state.clone()
            other.remove(game.board.cell(name))
            if _what_seat_knows(other, seat) != seen:
                return (f"{player} cannot see the piece on {name}, yet what it observes "
                        f"changes when that piece is taken away: its view shows what it "
                        f"hides")
    return None


#: Checked for a game with a view only (``runner.plan``): the others hide nothing.
VIEWS_HIDE = StateProperty("a view never shows what it hides", views_hide)


def _pieces_on_board(state: State) -> int:
    return sum(state.height(cell) for cell in range(state.game.board.size))


def stacks_conserved(game: Game, subject: Subject) -> str | None:
    """A game of stacks that declares ``stacks.conserved``: every action leaves as many
    pieces on the board as there were (a capture only moves pieces between stacks)."""
    state = subject.state
    before = _pieces_on_board(state)
    for action in sample(state.legal_actions(), ACTIONS_PER_STATE):
        after = _pieces_on_board(state.child(action))
        if after != before:
            return (f"{action.notation!r} leaves {after} pieces on the board, where there "
                    f"were {before} (stacks.conserved says none leaves or comes)")
    return None


STACKS_CONSERVED = StateProperty("pieces on the board stay as many (stacks.conserved)",
                                 stacks_conserved)


def _piece_of(game: Game, entry: Any) -> str:
    return entry.get("piece", game.piece_kinds[0]) if isinstance(entry, dict) \
        else game.piece_kinds[0]


def _owner_of(entry: Any) -> str:
    return str(entry["owner"]) if isinstance(entry, dict) else str(entry)


def _what_seat_knows(state: State, seat: int) -> tuple[Any, ...]:
    return state.observation_tensor(seat), state.information_state_string(seat)


def returns_consistent(game: Game, subject: Subject) -> str | None:
    state = subject.state
    values = state.returns()
    if len(values) != len(game.players):
        return f"returns() has {len(values)} values for {len(game.players)} players"
    if not state.is_terminal():
        return None if all(v == 0 for v in values) else \
            f"returns() is {values} before the end of the game"
    worth = {1.0, *(level.value for level in game.spec.margins if level.value is not None)}
    differences = any(level.difference is not None for level in game.spec.margins)
    if differences and any(abs(v) > game.max_win_value() for v in values):
        return f"returns() {values} is beyond ±{game.max_win_value():g}, the widest margin"
    if not differences and any(v != 0.0 and abs(v) not in worth for v in values):
        allowed = ", ".join(f"±{w:g}" for w in sorted(worth))
        return f"returns() {values} holds values other than 0, {allowed}"
    if len(values) == 2 and sum(values) != 0:
        return f"returns() {values} does not sum to zero"
    won = max(values)
    result = state.to_json().get("result")
    if result is None:
        return "the game is over but the position JSON has no 'result'"
    named = [result["winner"]] if "winner" in result else result.get("winners", [])
    if named:
        expected = [-won] * len(values)
        for player in named:
            expected[state.seat_of_side[game.players.index(player)]] = won
        if values != expected:
            return f"the JSON names {', '.join(named)} as winning but returns() is {values}"
    elif any(values):
        return f"the JSON says draw but returns() is {values}"
    return None


def _normal(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "gaps": sorted(data.get("gaps", []))}


def _diff(engine: dict[str, Any], reference: dict[str, Any],
          names: tuple[str, str] = ("engine", "reference")) -> str:
    engine, reference = _normal(engine), _normal(reference)
    ours, theirs = names
    parts = []
    for key in sorted(set(engine) | set(reference)):
        if key == "cells":
            continue
        if engine.get(key) != reference.get(key):
            parts.append(f"{key}: {ours} {engine.get(key)!r}, {theirs} {reference.get(key)!r}")
    cells_e, cells_r = engine.get("cells", {}), reference.get("cells", {})
    for cell in sorted(set(cells_e) | set(cells_r)):
        if cells_e.get(cell) != cells_r.get(cell):
            parts.append(f"{cell}: {ours} {cells_e.get(cell)!r}, {theirs} "
                         f"{cells_r.get(cell)!r}")
    return "; ".join(parts[:6]) + (f"; … ({len(parts)} differences)" if len(parts) > 6 else "")


def reference_agrees(ref: ReferenceGame) -> Callable[[Game, Subject], str | None]:
    def check(game: Game, subject: Subject) -> str | None:
        state = subject.state
        if subject.trail.start is None and not subject.trail.actions:
            ours, theirs = state.to_json(), ref.to_json(ref.initial())
            if _normal(ours) != _normal(theirs):
                return f"the start differs from the reference's: {_diff(ours, theirs)}"
        data = state.to_json()
        mirror = ref.from_json(data)
        if _normal(ref.to_json(mirror)) != _normal(data):
            return (f"the reference reads this position otherwise: "
                    f"{_diff(data, ref.to_json(mirror))}")
        if ref.keeps_history and subject.trail.actions:
            # A repetition reads the positions gone through, which position JSON does not
            # carry: the reference goes through them itself, from the trail's start.
            mirror = _replayed(ref, subject.trail)
        seat = ref.current_seat(mirror)
        if (TERMINAL if seat is None else seat) != state.current_player:
            return (f"current_player is {state.current_player}, the reference says "
                    f"{'TERMINAL' if seat is None else seat}")
        if ref.returns(mirror) != state.returns():
            return f"returns() is {state.returns()}, the reference says {ref.returns(mirror)}"
        moves = ref.legal(mirror)
        expected = sorted(moves)
        found = sorted(_notations(state))
        if found != expected:
            extra = sorted(set(found) - set(expected))
            missing = sorted(set(expected) - set(found))
            return (f"legal actions differ from the reference's: engine only {extra[:8]}, "
                    f"reference only {missing[:8]}")
        chooser = ref.setups[mirror.setup] if mirror.setup is not None else \
            ref.phases[mirror.phase]
        chances = getattr(chooser, "outcomes", None) if state.is_chance_node() else None
        if chances is not None:
            theirs_p = {name: p for name, (_, p) in chances(mirror).items()}
            ours_p = {a.notation: p for a, p in state.chance_outcomes()}
            if ours_p != theirs_p:
                return f"chance probabilities differ from the reference's: {ours_p}, {theirs_p}"
        for action in state.legal_actions():
            ours = state.child(action).to_json()
            # The reference's own effect for this notation, from the one list of its moves
            # (``ref.play`` would make the whole list again for each of a Go board's 362).
            theirs = ref.to_json(ref.play_effect(mirror, moves[action.notation]))
            if _normal(ours) != _normal(theirs):
                return f"after {action.notation!r}: {_diff(ours, theirs)}"
        return None
    return check


def _replayed(ref: ReferenceGame, trail: Any) -> Any:
    """The reference state the trail's actions lead to, from its start."""
    s = ref.initial() if trail.start is None else ref.from_json(trail.start)
    for notation in trail.actions:
        s = ref.play(s, notation)
    return s


CONFORMANCE: tuple[StateProperty, ...] = (
    StateProperty("legal actions unique, in a deterministic order", unique_and_deterministic),
    StateProperty("every legal action applies", every_action_applies),
    StateProperty("illegal actions refused, state unchanged", illegal_refused),
    StateProperty("clones independent", clones_independent),
    StateProperty("JSON round-trip", json_round_trip),
    StateProperty("notation round-trip", notation_round_trip),
    StateProperty("terminal exactly when no action", terminal_iff_no_action),
    StateProperty("returns only at the end, matching the result", returns_consistent),
    StateProperty("chance outcomes are the actions, probabilities summing to 1",
                  chance_well_formed),
)
