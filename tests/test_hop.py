"""The ``hop`` primitive beyond English draughts: over own or any piece, without capture,
chains that may stop, relative directions, and its reference twin."""

from __future__ import annotations

from typing import Any

import pytest

from framework import SpecError, load_game_text
from framework.check.runner import check_game
from framework.rules.moves.hop import Hop

from .conftest import ROOT

HOPPERS = """
name: Hoppers
players: [{name: red, forward: n}, {name: blue, forward: s}]
board: {type: grid, rows: 6, columns: 6, adjacency: king}
pieces:
  stone: {symbols: {red: r, blue: b}}
setup:
  - type: fixed
    cells: {a1: red, b1: red, c1: red, b2: red, d6: blue, e6: blue, f6: blue, e5: blue}
turn:
  - name: move
    type: moves
    options:
      - {type: reach, distance: 1, directions: [forward, forward_left, forward_right],
         notation: "{from}-{to}"}
      - {type: hop, directions: [forward, forward_left, forward_right, left, right],
         over: any, capture: false, resets_halfmove_clock: false}
      - {type: hop, directions: [backward], kind: capture, chain: may}
no_legal_move: lose
goals:
  - {type: halfmove_clock, limit: 30}
max_plies: 400
"""


def test_hoppers_agree_with_the_reference_and_keep_every_property() -> None:
    game = load_game_text(HOPPERS)
    report = check_game(game, examples=12, random_seed=5)
    failed = [(o.name, o.status, o.note) for o in report.outcomes
              if o.status not in ("passed", "not required")]
    assert not failed


def test_a_hop_over_an_own_piece_captures_nothing_and_keeps_directions_per_player() -> None:
    game = load_game_text(HOPPERS)
    state = game.new_initial_state()
    legal = {a.notation for a in state.legal_actions()}
    # b1 hops north over b2 to b3 (an own piece, not captured); a1 may not hop east over
    # b1 to c1 (taken) and red's "backward" captures go south, off the board here.
    assert "b1xb3" in legal and "a1xc1" not in legal
    state.apply("b1xb3")
    assert state.to_json()["cells"]["b2"]["owner"] == "red"
    blue = {a.notation for a in state.legal_actions()}
    assert "e6xe4" in blue  # blue's forward is south: e6 over e5 to e4


def test_a_chain_that_may_go_on_offers_stop() -> None:
    game = load_game_text(HOPPERS)
    state = game.state_from_json({"to_move": "red", "cells": {
        "c5": "red", "c4": "blue", "c2": "blue", "f6": "blue"}})
    assert "c5xc3" in {a.notation for a in state.legal_actions()}
    state.apply("c5xc3")  # captures c4; c2 can be jumped next, backward again
    assert state.to_json()["chain"] == "c3"
    assert {a.notation for a in state.legal_actions()} == {"c3xc1", "stop"}
    state.apply("stop")
    assert state.to_move == 1 and "c2" in state.to_json()["cells"]


def test_under_compulsory_capture_a_chain_that_may_stop_still_may() -> None:
    """Fanorona's rule: the first capture is forced, its going on is not. Before, the
    compulsory rule took the stop away, so ``chain: may`` played as ``must``."""
    game = load_game_text(HOPPERS + "restrictions: [{type: compulsory, kinds: [capture]}]\n")
    state = game.state_from_json({"to_move": "red", "cells": {
        "c5": "red", "c4": "blue", "c2": "blue", "f6": "blue", "a1": "red"}})
    assert {a.notation for a in state.legal_actions()} == {"c5xc3"}  # forced
    state.apply("c5xc3")
    assert {a.notation for a in state.legal_actions()} == {"c3xc1", "stop"}
    report = check_game(game, examples=8, random_seed=2)
    assert not [(o.name, o.note) for o in report.outcomes
                if o.status not in ("passed", "not required")]


def test_the_reference_catches_a_hop_that_forgets_its_capture(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from framework.check.reference import ReferenceGame

    position = {"to_move": "red", "cells": {"c5": "red", "c4": "blue", "f6": "blue"}}
    game = load_game_text(HOPPERS)
    reference = ReferenceGame(game.spec)

    def after_both() -> tuple[object, object]:
        state = game.state_from_json(position)
        state.apply("c5xc3")
        theirs = reference.play(reference.from_json(position), "c5xc3")
        return state.to_json()["cells"], reference.to_json(theirs)["cells"]

    ours, theirs = after_both()
    assert ours == theirs and "c4" not in ours

    def no_capture(self: Hop, state: Any, action: Any) -> None:
        state.move_piece(action.src, action.dst)

    monkeypatch.setattr(Hop, "apply", no_capture)
    ours, theirs = after_both()
    assert ours != theirs  # the c4 piece the engine forgot to take


def test_a_chain_without_capture_is_refused_unless_it_never_revisits() -> None:
    text = HOPPERS.replace("kind: capture, chain: may", "kind: capture, chain: may, "
                                                        "capture: false")
    with pytest.raises(SpecError, match="capture nothing needs revisit: false"):
        load_game_text(text)


def test_an_unknown_direction_is_located() -> None:
    text = HOPPERS.replace("directions: [backward]", "directions: [down]")
    with pytest.raises(SpecError, match="unknown direction 'down'"):
        load_game_text(text)


def _checkers_with_longest() -> str:
    text = (ROOT / "games" / "checkers.yaml").read_text(encoding="utf-8")
    return text.replace("{type: compulsory, kinds: [jump]}",
                        "{type: compulsory, kinds: [jump], longest: true}")


def test_longest_keeps_only_the_chains_that_take_the_most() -> None:
    position = {"to_move": "black", "cells": {
        "a3": "black", "c3": "black", "b4": "white", "d4": "white", "f6": "white",
        "h8": "white"}}
    plain = load_game_text((ROOT / "games" / "checkers.yaml").read_text(encoding="utf-8"))
    assert {a.notation for a in plain.state_from_json(position).legal_actions()} == \
        {"a3xc5", "c3xa5", "c3xe5"}
    game = load_game_text(_checkers_with_longest())
    state = game.state_from_json(position)
    assert [a.notation for a in state.legal_actions()] == ["c3xe5"]
    state.apply("c3xe5")
    assert [a.notation for a in state.legal_actions()] == ["e5xg7"]
    assert "longest run" not in game.restrictions[0].describe()  # the rulebook's wording
    assert "Capturing is compulsory" in game.restrictions[0].describe()
    assert "takes the most pieces" in game.restrictions[0].describe()


def test_longest_agrees_with_the_reference() -> None:
    game = load_game_text(_checkers_with_longest())
    report = check_game(game, examples=6, random_seed=3)
    failed = [(o.name, o.status, o.note) for o in report.outcomes
              if o.status not in ("passed", "not required")]
    assert not failed


def test_one_primitive_for_two_pieces_may_share_a_kind() -> None:
    # English draughts: a man's jump and a king's are both "jump"; the piece on the source
    # cell says which option plays it.
    game = load_game_text((ROOT / "games" / "checkers.yaml").read_text(encoding="utf-8"))
    state = game.state_from_json({"to_move": "black", "cells": {
        "c3": "black", "e3": {"owner": "black", "piece": "king"}, "d4": "white",
        "f2": "white", "h8": "white"}})
    jumps = {a.notation: a for a in state.legal_actions()}
    assert set(jumps) == {"c3xe5", "e3xc5", "e3xg1"}
    assert {a.kind for a in jumps.values()} == {"jump"}
    state.apply("e3xg1")  # the king's option: backward, which a man's may not do
    assert state.to_json()["cells"]["g1"] == {"owner": "black", "piece": "king"}
    space = game.phases[0].action_space()
    assert len(space) == len(set(space))  # a cell pair both could jump is numbered once


def test_two_options_for_one_piece_may_not_share_a_kind() -> None:
    text = HOPPERS.replace("directions: [backward], kind: capture", "directions: [backward]")
    with pytest.raises(SpecError, match="both make actions of kind 'hop'"):
        load_game_text(text)


#: Hoppers whose capture hops from up to two cells away onto one of the two cells beyond,
#: the pieces it takes staying until its chain is over: numbers, not just ``any``.
LONG = HOPPERS.replace("{type: hop, directions: [backward], kind: capture, chain: may}",
                       "{type: hop, directions: [backward, backward_left, backward_right], "
                       "kind: capture, chain: must, approach: 2, landing: 2, "
                       "removed: at_end}")


def test_long_range_hops_with_numbers_agree_with_the_reference() -> None:
    game = load_game_text(LONG)
    state = game.state_from_json({"to_move": "red", "cells": {
        "c6": "red", "c3": "blue", "f6": "blue"}})
    # Backward from c6: c5 and c4 empty, over c3, onto c2 or c1 (two beyond at most); c1 is
    # the edge. Backward to the left (b5, a4) and right (d5, e4, f3): nothing to jump.
    assert sorted(a.notation for a in state.legal_actions()) == ["c6xc1", "c6xc2"]
    report = check_game(game, examples=8, random_seed=3)
    failed = [(o.name, o.status, o.note) for o in report.outcomes
              if o.status not in ("passed", "not required")]
    assert not failed


@pytest.mark.parametrize(("change", "message"), [
    ("chain: must, approach: 2, landing: 2, removed: at_end",
     "removed: at_end takes the captured pieces off when the chain is over"),
    ("chain: must, approach: 2, landing: 2, removed: at_end, capture: false",
     "removed: at_end says when a captured piece leaves: it needs capture: true")])
def test_removed_at_end_needs_a_chain_that_must_go_on_and_a_capture(change: str,
                                                                    message: str) -> None:
    text = LONG.replace("chain: must, approach: 2, landing: 2, removed: at_end", change)
    text = text.replace("chain: must,", "chain: may,", 1) if "capture: false" not in change \
        else text
    with pytest.raises(SpecError, match=message):
        load_game_text(text)
