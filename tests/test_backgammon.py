"""Backgammon (``roll`` + ``race``, chance nodes) side by side with OpenSpiel's C++
``backgammon`` (2.0.2, its defaults: win/loss scoring, max_player_turns = 500).

How the two map (in this test, never in the game file): OpenSpiel's point ``pos`` 0..23 is
x's track index ``pos`` and o's ``23 - pos`` (our cell ``p{24 - pos}``); its bar is 24 and
a pass part 25. A player action is ``digit0 + 26 * digit1``, plus 676 when the first die
played is not the higher one. Its first chance node's outcome ``k`` is the ``k // 2``-th
pair of different dice with ``k % 2`` starting (ours lists them in the same order); later
outcomes are named by their dice, read from OpenSpiel's own outcome strings.

At every step both sides are compared: the current player (chance included), the legal
actions, the chance outcomes with their probabilities, the terminal flag and the returns.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from types import SimpleNamespace

import pyspiel
import pytest

from framework import SpecError, load_game, load_game_text
from framework.agents.evaluation import Evaluator
from framework.agents.mcts import DEFAULT_ROLLOUT, MctsAgent
from framework.check.properties import chance_well_formed, terminal_iff_no_action
from framework.engine.action import Action
from framework.engine.chance import CHANCE
from framework.engine.state import TERMINAL, State
from framework.interop.openspiel import spiel_game_info
from framework.perft import perft
from framework.rules.phases.race import BAR, Race

from .conftest import ROOT
from .spiel import openspiel_perft

GAME = load_game(ROOT / "games" / "backgammon.yaml")
SPIEL = pyspiel.load_game("backgammon")
MOVE = next(p for p in GAME.phases if isinstance(p, Race))


def _dice_of_outcomes() -> dict[str, int]:
    """Our roll's dice ("3-5") → OpenSpiel's outcome id after the first roll."""
    state = SPIEL.new_initial_state()
    state.apply_action(0)
    state.apply_action(state.legal_actions()[0])
    found = {}
    for outcome, _ in state.chance_outcomes():
        text = re.search(r"roll: (\d)(\d)", state.action_to_string(CHANCE, outcome))
        assert text is not None
        found[f"{text[1]}-{text[2]}"] = outcome
    return found


REGULAR = _dice_of_outcomes()


def spiel_id(ours: State, action: Action) -> int:
    """OpenSpiel's id of one of our actions in our state ``ours``."""
    if action.kind == "roll":
        if action.side >= 0:  # the opening roll: (pair, starter) in OpenSpiel's order
            openings = [a for a, _ in ours.chance_outcomes()]
            return openings.index(action)
        return REGULAR[action.attribute]
    side = ours.to_move
    dice = [ours.vars[s] for s in MOVE.die_slots]
    digits = [25, 25]
    high_first = False
    for i, (t, d) in enumerate(Race.steps_of(action)):
        digits[i] = 24 if t == BAR else (t if side == 0 else 23 - t)
        if i == 0:
            high_first = d == max(dice)
    return digits[0] + 26 * digits[1] + (0 if high_first else 676)


def compare(ours: State, theirs: pyspiel.State) -> str | None:
    """The first difference between the two states, or None."""
    if ours.is_terminal() != theirs.is_terminal():
        return f"terminal: ours {ours.is_terminal()}, OpenSpiel {theirs.is_terminal()}"
    if ours.returns() != pytest.approx(theirs.returns()):
        return f"returns: ours {ours.returns()}, OpenSpiel {theirs.returns()}"
    player = ours.current_player
    if (player if player != TERMINAL else -4) != theirs.current_player():
        return f"current player: ours {player}, OpenSpiel {theirs.current_player()}"
    if theirs.is_terminal():
        return None
    if ours.is_chance_node() != theirs.is_chance_node():
        return "chance node on one side only"
    if theirs.is_chance_node():
        mine = sorted((spiel_id(ours, a), float(p)) for a, p in ours.chance_outcomes())
        spiel = sorted(theirs.chance_outcomes())
        if [i for i, _ in mine] != [i for i, _ in spiel] or \
                [p for _, p in mine] != pytest.approx([p for _, p in spiel], abs=1e-12):
            return f"chance outcomes: ours {mine}, OpenSpiel {spiel}"
    mapped = sorted(spiel_id(ours, a) for a in ours.legal_actions())
    if mapped != sorted(theirs.legal_actions()):
        return (f"legal actions: ours only {sorted(set(mapped) - set(theirs.legal_actions()))}"
                f", OpenSpiel only {sorted(set(theirs.legal_actions()) - set(mapped))}, "
                f"duplicates {len(mapped) - len(set(mapped))}")
    return None


#: OpenSpiel's scoring_type → our parameter ``scoring``.
OUR_SCORING = {"winloss_scoring": "winloss", "enable_gammons": "gammons",
               "full_scoring": "full"}


def play(games: int, seed: int, scoring: str = "winloss_scoring",
         ends: list[float] | None = None) -> tuple[int, int]:
    """Random games on both sides, the same choices (chance's too) from one ``rng``, scored
    by OpenSpiel's ``scoring_type`` (our parameter ``scoring``): returns (games, steps
    compared) and adds the winner's return of each game to ``ends``; fails at the first
    difference."""
    ours_game = GAME if scoring == "winloss_scoring" else \
        load_game(ROOT / "games" / "backgammon.yaml", {"scoring": OUR_SCORING[scoring]})
    spiel_game = pyspiel.load_game("backgammon", {"scoring_type": scoring})
    rng = random.Random(seed)
    steps = 0
    for game in range(games):
        ours, theirs = ours_game.new_initial_state(), spiel_game.new_initial_state()
        while True:
            difference = compare(ours, theirs)
            assert difference is None, f"game {game}, step {steps}: {difference}\n{theirs}"
            steps += 1
            if theirs.is_terminal():
                if ends is not None:
                    ends.append(max(theirs.returns()))
                break
            by_id = {spiel_id(ours, a): a for a in ours.legal_actions()}
            chosen = rng.choice(sorted(by_id))
            theirs.apply_action(chosen)
            ours.apply(by_id[chosen])
    return games, steps


def test_perft_counts_chance_outcomes_as_openspiel_does() -> None:
    # One ply per dice outcome, as OpenSpiel counts (its documented 30, 758, 27288).
    start = GAME.new_initial_state()
    assert [perft(start, d) for d in (1, 2, 3)] == [30, 758, 27288]
    assert openspiel_perft(SPIEL.new_initial_state(), 2) == 758


def test_chance_nodes_through_the_state_api() -> None:
    start = GAME.new_initial_state()
    assert start.is_chance_node() and start.current_player == CHANCE
    outcomes = start.chance_outcomes()
    assert [a for a, _ in outcomes] == start.legal_actions()
    assert sum(p for _, p in outcomes) == 1 and {p for _, p in outcomes} == {Fraction(1, 30)}
    start.apply("roll:3-5:o")
    assert not start.is_chance_node() and start.current_player == 1
    with pytest.raises(ValueError, match="where a player decides"):
        start.chance_outcomes()
    start.apply("p12-p17,p12-p15")  # o plays the five, then the three; chance rolls for x
    assert start.is_chance_node() and len(start.chance_outcomes()) == 36
    start.apply("roll:4-4")  # doubles: x plays the four twice, both dice each time
    start.apply("p13-p9,p13-p9")
    assert start.current_player == 0 and not start.is_chance_node()
    start.apply("p24-p20,p24-p20")
    assert start.is_chance_node()  # and now o's roll


def test_a_few_games_agree_with_openspiel() -> None:
    assert play(3, seed=27)[1] > 300


@pytest.mark.slow
def test_two_hundred_games_agree_with_openspiel() -> None:
    games, steps = play(200, seed=2027)
    assert games == 200 and steps > 20_000


def test_check_knows_chance_nodes_and_catches_a_broken_roll(
        monkeypatch: pytest.MonkeyPatch) -> None:
    start = GAME.new_initial_state()
    subject = SimpleNamespace(state=start)
    assert chance_well_formed(GAME, subject) is None  # type: ignore[arg-type]
    assert terminal_iff_no_action(GAME, subject) is None  # type: ignore[arg-type]
    moved = SimpleNamespace(state=start.child(start.legal_actions()[0]))
    assert chance_well_formed(GAME, moved) is None  # type: ignore[arg-type]
    roll = GAME.phases[0]
    outcomes = roll.outcomes(start)
    monkeypatch.setattr(roll, "actions", lambda state: [a for a, _ in outcomes[1:]])
    found = chance_well_formed(GAME, subject)  # type: ignore[arg-type]
    assert found is not None and "are not the legal actions" in found  # one roll lost
    monkeypatch.setattr(roll, "outcomes", lambda state: outcomes[1:])
    found = chance_well_formed(GAME, subject)  # type: ignore[arg-type]
    assert found == "the chance outcomes' probabilities sum to 29/30, not 1"


def test_validate_refuses_a_race_without_its_roll() -> None:
    text = (ROOT / "games" / "backgammon.yaml").read_text(encoding="utf-8")
    broken = text.replace("    roll: roll\n", "    roll: move\n")
    with pytest.raises(SpecError, match="'move' must be a roll phase before 'move'"):
        load_game_text(broken)
    opening = text.replace("    dice: 2\n", "    dice: 3\n")
    with pytest.raises(SpecError, match="'higher_starts' is one die for each of two players"):
        load_game_text(opening)


def test_the_distance_term_is_the_pip_count() -> None:
    # The start: x has 2×24 + 5×13 + 3×8 + 5×6 = 167 pips to go, and so has o.
    start = GAME.new_initial_state()
    assert MOVE.distance(start, 0) == MOVE.distance(start, 1) == 167
    start.apply("roll:3-5:o")
    start.apply("p12-p17,p12-p15")  # o moves 8 pips
    assert MOVE.distance(start, 1) == 159
    evaluate = Evaluator(GAME)
    assert evaluate.distances == [(MOVE, -0.1)] and not evaluate.flat
    assert evaluate(start, 1) == pytest.approx(0.8)  # o is 8 pips ahead, at 0.1 a pip
    start.apply("roll:6-3")
    start.apply("p24-p18,p18-p15")  # x hits o's blot on p15: it has the whole track to go
    assert start.counters[1][MOVE.bar] == 1
    assert MOVE.distance(start, 1) == 159 - 10 + 25 and MOVE.distance(start, 0) == 158


def test_validate_refuses_a_distance_on_a_phase_that_measures_none() -> None:
    text = (ROOT / "games" / "backgammon.yaml").read_text(encoding="utf-8")
    broken = text.replace("{distance: move,", "{distance: roll,")
    with pytest.raises(SpecError, match=r"the phase 'roll' \(roll\) has no distance to "
                                        r"measure; a distance term names a phase of type race"):
        load_game_text(broken)
    with pytest.raises(SpecError, match="unknown phase 'moves'"):
        load_game_text(text.replace("{distance: move,", "{distance: moves,"))


def test_mcts_plays_out_to_the_end_only_when_the_evaluation_is_flat() -> None:
    text = (ROOT / "games" / "backgammon.yaml").read_text(encoding="utf-8")
    flat = load_game_text(text.replace("{distance: move, weight: -0.1}",
                                       "{distance: move, weight: 0}"))
    assert Evaluator(flat).flat
    assert MctsAgent(flat, seed=1).rollout == 1503  # the game's max_plies
    assert MctsAgent(flat, seed=1, rollout=7).rollout == 7  # asked for: kept
    assert MctsAgent(GAME, seed=1).rollout == DEFAULT_ROLLOUT


def test_the_rulebook_says_the_dice_stacks_and_counters_in_words() -> None:
    from framework.docs.rulebook import render_rulebook

    text = render_rulebook(GAME, "en", "md", "backgammon")[0]
    assert "Each player starts with 15 checkers." in text  # stacks counted, not 4 points
    assert "A cell holds one stack of one player's checkers, at most 15 of them" in text
    assert "Each player counts their checkers on the bar, starting from 0." in text
    assert "A player who reaches 15 checkers borne off wins." in text
    assert "Each turn begins with a roll of 2 dice of 6 faces." in text
    assert "a die bears one off from the point that far from the end" in text
    assert "*Chance decides next: roll.*" in text  # the start is the opening roll
    for wrong in ("borne_offs", "their bars", "carries count", "x to move"):
        assert wrong not in text


def test_margins_score_gammons_and_backgammons_as_openspiel_does() -> None:
    ends: list[float] = []
    assert play(4, seed=1, scoring="full_scoring", ends=ends)[1] > 500
    assert sorted(ends) == [1.0, 2.0, 2.0, 3.0]  # a single win, two gammons, a backgammon
    game = load_game(ROOT / "games" / "backgammon.yaml", {"scoring": "full"})
    info = spiel_game_info(game)
    assert (info.min_utility, info.max_utility) == (-3.0, 3.0)
    assert (spiel_game_info(GAME).min_utility, spiel_game_info(GAME).max_utility) == (-1, 1)


@pytest.mark.slow
@pytest.mark.parametrize("scoring", ["enable_gammons", "full_scoring"])
def test_two_hundred_games_agree_with_openspiel_on_margins(scoring: str) -> None:
    ends: list[float] = []
    games, steps = play(200, seed=2028, scoring=scoring, ends=ends)
    assert games == 200 and steps > 20_000
    assert set(ends) == ({1.0, 2.0, 3.0} if scoring == "full_scoring" else {1.0, 2.0})


def test_validate_refuses_margins_that_cannot_be_read() -> None:
    text = (ROOT / "games" / "backgammon.yaml").read_text(encoding="utf-8")
    wrong = text.replace("then: [{value: 2, if: {type: counter, counter: borne_off,",
                         "then: [{value: 2, if: {type: counter, counter: borne,")
    with pytest.raises(SpecError, match=r"margins\[0\]\.if\.counter: unknown counter "
                                        r"'borne'"):
        load_game_text(wrong, parameters={"scoring": "gammons"})
