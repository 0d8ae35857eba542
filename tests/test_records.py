"""Game records: text and JSON round-trips, replay to any ply, refusal of bad records."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework import CompiledGame
from framework.agents import make_agent
from framework.match import play_game
from framework.records import Record, RecordError


def a_record(game: CompiledGame, plies: int | None = None) -> Record:
    agents = [make_agent("greedy" if seat == 0 else "random", game, seat + 1)
              for seat in range(len(game.players))]
    return play_game(game, agents, max_plies=plies, headers={"Seed": "1"})


def test_text_and_json_round_trip(any_game: CompiledGame, tmp_path: Path) -> None:
    record = a_record(any_game, plies=40)
    for name in ("game.txt", "game.json"):
        again = Record.load(record.save(tmp_path / name))
        assert again.headers == record.headers and again.turns == record.turns
    assert Record.from_text(record.to_text()).to_text() == record.to_text()


def test_replay_verifies_and_stops_at_any_ply(assimilation: CompiledGame) -> None:
    record = a_record(assimilation)
    final = record.verify(assimilation)
    assert final.is_terminal() and record.result in assimilation.players
    state = assimilation.new_initial_state()
    for ply, text in enumerate(record.plies[:5], start=1):
        state.apply(text)
        assert record.replay(assimilation, ply) == state
    assert record.replay(assimilation, 0) == assimilation.new_initial_state()
    with pytest.raises(RecordError, match="ply 999 is out of range"):
        record.replay(assimilation, 999)


def test_multi_action_turns_are_kept_whole(any_game: CompiledGame) -> None:
    record = a_record(any_game, plies=12)
    again = Record.from_text(record.to_text())
    assert again.turns == record.turns
    assert again.replay(any_game) == record.replay(any_game)


def test_a_tampered_record_is_refused_with_its_ply(assimilation: CompiledGame) -> None:
    record = a_record(assimilation)
    record.turns[4] = ["a1a1"]
    with pytest.raises(RecordError, match=r"ply 5 \(turn 5, 'a1a1'\) is refused: 'a1a1' is "
                                          r"not legal here: .*legal:"):
        record.verify(assimilation)
    record.turns[4] = ["hello"]
    with pytest.raises(RecordError, match=r"ply 5 .*'hello' is not an action of Assimilation"):
        record.verify(assimilation)


def test_a_wrong_result_or_game_is_refused(assimilation: CompiledGame,
                                           ataxx: CompiledGame) -> None:
    record = a_record(assimilation)
    record.headers["Result"] = "draw"
    with pytest.raises(RecordError, match="claims the result 'draw'"):
        record.verify(assimilation)
    with pytest.raises(RecordError, match="this record is of 'Assimilation', not of 'Ataxx'"):
        record.replay(ataxx)


def test_unreadable_records_say_where(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "Ataxx"]\n\n1. b6\n3. f2\n')
    with pytest.raises(RecordError, match=r"bad.txt:4: expected turn 2, found turn 3"):
        Record.load(bad)
    bad.write_text('[Game "Ataxx"]\nb6 f2\n')
    with pytest.raises(RecordError, match=r"bad.txt:2: expected a header"):
        Record.load(bad)
    bad.write_text('{"turns": []}')
    with pytest.raises(RecordError, match="not a boardspec record"):
        Record.load(bad)


def test_each_line_is_one_turn(any_game: CompiledGame) -> None:
    from framework.engine.turns import turn_key

    agents = [make_agent("mcts:10i" if seat == 0 else "random", any_game, seat + 1)
              for seat in range(len(any_game.players))]
    record = play_game(any_game, agents, max_plies=60)
    state = any_game.new_initial_state()
    for number, line in enumerate(record.turns):
        key = turn_key(state)
        for text in line:
            assert turn_key(state) == key, f"turn {number + 1} spans two turns"
            state.apply(text)
        if number + 1 < len(record.turns):
            assert state.is_terminal() or turn_key(state) != key, \
                f"turn {number + 1} was split over two lines"


def test_a_record_says_why_the_game_ended(tmp_path: Path) -> None:
    from framework import load_game

    hex_game = load_game("hex")
    record = a_record(hex_game)
    assert record.result in hex_game.players and record.ending == "connect"
    again = Record.load(record.save(tmp_path / "hex.txt"))
    assert '[Ending "connect"]' in record.to_text() and again.ending == "connect"
    again.verify(hex_game)
    again.headers["Ending"] = "line"  # not what ended it
    with pytest.raises(RecordError, match=r"Ending header says 'line'.*'connect'"):
        again.verify(hex_game)
    # Stopped at the ply limit: the cap is the reason; no legal move left: that.
    capped = a_record(hex_game, plies=6)
    assert capped.result == "unfinished" and capped.ending == "max_plies"
    capped.verify(hex_game)
    assimilation = load_game("assimilation")
    assert a_record(assimilation).ending == "no_legal_move"
