"""Hidden information: Phantom tic-tac-toe and Dark Hex side by side with OpenSpiel 2.0.2's
``phantom_ttt`` and ``dark_hex`` (their defaults), and the views' own guarantees.

Cells: OpenSpiel's tic-tac-toe numbers them 0..8 row by row from the top left (action
``3·r + c`` is our column ``c``, rank ``3 − r``); its Hex from the bottom row up (action
``3·r + c`` is our column ``c``, rank ``r + 1``: ``c1`` is 2). OpenSpiel writes a view as one
line of ``. x o`` per row, from its row 0; an information state adds (Dark Hex) the number
of actions played and then the player's own actions as ``player,action``.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pyspiel
import pytest

from framework import load_game
from framework.engine.state import State
from framework.game import Game
from tests.conftest import ROOT

GAMES = {"phantom_ttt": "phantom-tic-tac-toe", "dark_hex": "dark-hex"}


@cache
def ours(name: str) -> Game:
    return load_game(ROOT / "games" / f"{GAMES[name]}.yaml")


def cell_of(name: str, action: int) -> str:
    r, c = divmod(action, 3)
    return f"{'abc'[c]}{3 - r if name == 'phantom_ttt' else r + 1}"


def action_of(name: str, cell: str) -> int:
    return next(a for a in range(9) if cell_of(name, a) == cell)


def board_rows(name: str, text: str) -> list[str]:
    """Our observation string's board as OpenSpiel writes it: its rows, ``. x o``."""
    rows = [line.split()[1:] for line in text.splitlines() if line.split() and
            line.split()[0].isdigit()]
    cells = {f"{'abc'[c]}{3 - i}": ch for i, row in enumerate(rows) for c, ch in enumerate(row)}
    return ["".join(cells[cell_of(name, 3 * r + c)] for c in range(3)) for r in range(3)]


def their_observation(name: str, text: str) -> str:
    """Our observation string written as OpenSpiel writes the same view."""
    return "\n".join(board_rows(name, text))


def their_information(name: str, text: str, player: int) -> str:
    """Our information state string written as OpenSpiel writes it."""
    lines = text.splitlines()
    moves = lines[-1].removeprefix("moves:").split()
    found = their_observation(name, text) + "\n"
    plies = [line for line in lines if line.startswith("plies: ")]
    if plies:
        found += plies[0].removeprefix("plies: ") + "\n"
    return found + "".join(f"{player},{action_of(name, m)} " for m in moves)


def their_tensor(name: str, game: Game, tensor: list[float]) -> list[float]:
    """Our observation tensor's pieces as OpenSpiel's observation tensor lays them out:
    per cell state (phantom_ttt: empty, o, x planes; dark_hex: nine hex cell states per
    cell, of which a view uses only o, empty and x)."""
    names = game.observer.plane_names
    area = game.observer.area
    offsets = game.observer.offsets
    board = game.board
    x_plane, o_plane = (names.index(f"piece:{game.piece_kinds[0]}:{p}")
                        for p in game.players)
    planes: list[list[float]] = [[], [], []]  # empty, o, x, by OpenSpiel's action order
    for action in range(9):
        at = offsets[board.cell(cell_of(name, action))]
        x, o = tensor[x_plane * area + at], tensor[o_plane * area + at]
        planes[0].append(1.0 - x - o)
        planes[1].append(o)
        planes[2].append(x)
    if name == "phantom_ttt":
        return [v for plane in planes for v in plane]
    found = []
    for action in range(9):  # hex: states -4..4 one-hot, white -1, empty 0, black 1
        cell = [0.0] * 9
        cell[3], cell[4], cell[5] = planes[1][action], planes[0][action], planes[2][action]
        found += cell
    return found


def plain_states(name: str, tensor: Any) -> list[float]:
    """OpenSpiel's observation tensor with one difference of Dark Hex folded away: the stone
    that wins is written in its player's view as Hex's "win" cell state (-4 or 4) where
    every other stone is plain (-1 or 1); our planes have no such state."""
    values = list(tensor)
    if name == "dark_hex":
        for cell in range(9):
            for win, plain in ((0, 3), (8, 5)):
                if values[9 * cell + win]:
                    values[9 * cell + win], values[9 * cell + plain] = 0.0, 1.0
    return values


def play_side_by_side(name: str, games: int, seed: int) -> dict[tuple[float, ...], int]:
    """Random games chosen among OpenSpiel's actions and played in both; at every step the
    current player, the legal actions, both players' observation and information state
    strings and observation tensors, the terminal flag and the returns must agree."""
    rng = random.Random(seed)
    spiel = pyspiel.load_game(name)
    game = ours(name)
    outcomes: dict[tuple[float, ...], int] = {}
    for _ in range(games):
        mine, theirs = game.new_initial_state(), spiel.new_initial_state()
        while True:
            where = str(theirs)
            assert mine.is_terminal() == theirs.is_terminal(), where
            assert mine.returns() == pytest.approx(theirs.returns()), where
            for p in (0, 1):
                assert their_observation(name, mine.observation_string(p)) == \
                    theirs.observation_string(p), where
                assert their_information(name, mine.information_state_string(p), p) == \
                    theirs.information_state_string(p), where
                assert their_tensor(name, game, mine.observation_tensor(p)) == \
                    plain_states(name, theirs.observation_tensor(p)), where
            if theirs.is_terminal():
                break
            assert mine.current_player == theirs.current_player(), where
            legal = {cell_of(name, a): a for a in theirs.legal_actions()}
            assert sorted(a.notation for a in mine.legal_actions()) == sorted(legal), where
            cell = rng.choice(sorted(legal))
            theirs.apply_action(legal[cell])
            mine.apply(cell)
        key = tuple(theirs.returns())
        outcomes[key] = outcomes.get(key, 0) + 1
    return outcomes


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_few_games_agree_with_openspiel_step_by_step(name: str) -> None:
    assert sum(play_side_by_side(name, 3, seed=27).values()) == 3


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_two_hundred_games_agree_with_openspiel_step_by_step(name: str) -> None:
    outcomes = play_side_by_side(name, 200, seed=2027)
    assert sum(outcomes.values()) == 200
    assert len(outcomes) >= 2  # both sides win some: the games are really played out


def test_a_try_on_a_hidden_mark_shows_it_and_the_mover_tries_again() -> None:
    game = ours("phantom_ttt")
    state = game.new_initial_state()
    state.apply("b2")  # x
    assert "x" not in "".join(board_rows("phantom_ttt", state.observation_string(1)))
    state.apply("b2")  # o bumps into it
    assert state.current_player == 1
    assert board_rows("phantom_ttt", state.observation_string(1))[1] == ".x."
    assert "b2" not in {a.notation for a in state.legal_actions()}
    assert state.to_json()["found.o"] == ["b2"]
    state.apply("a1")
    assert state.current_player == 0
    # x never learns of the try: its information state is as it was after its own move.
    assert state.information_state_string(0).endswith("moves: b2")


def test_a_perfect_information_game_observes_the_whole_state() -> None:
    game = load_game(ROOT / "games" / "tic-tac-toe.yaml")
    state = game.new_initial_state()
    state.apply("b2")
    assert state.information_state_string(1) == state.to_json_string()
    assert state.observation_tensor(0) == game.observer.tensor(state, 0)
    assert state.information_state_tensor(1) == state.observation_tensor(1)
    assert "x" in state.observation_string(1)


def test_an_information_state_tensor_has_one_fixed_length() -> None:
    from framework.engine.view import information_state_size

    game = ours("dark_hex")
    state = game.new_initial_state()
    sizes = set()
    rng = random.Random(3)
    while not state.is_terminal():
        sizes |= {len(state.information_state_tensor(p)) for p in (0, 1)}
        state.apply(rng.choice(state.legal_actions()))
    assert sizes == {information_state_size(game)}


def _spec_error(text: str) -> str:
    from framework.errors import SpecError
    from framework.game import load_game_text

    with pytest.raises(SpecError) as caught:
        load_game_text(text)
    return str(caught.value)


PHANTOM = (ROOT / "games" / "phantom-tic-tac-toe.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "said"), [
    ("  hide: [mark]", "  hide: [stone]", "unknown piece 'stone'"),
    ("view:\n  hide: [mark]", "view:\n  hide: [mark]\n  hands: own", "no piece is kept in hand"),
    ("view:\n  hide: [mark]", "view:\n  hide: [mark]\n  public: centre", "unknown zone"),
    ("view:\n  hide: [mark]   # a player sees their own marks and the ones they have bumped "
     "into\n", "", "the game has no view"),
    ("blind: true}", "blind: true, ko: true}", "ko does not go with blind"),
])
def test_views_and_blind_placements_that_cannot_act_are_refused(
        old: str, new: str, said: str) -> None:
    assert old in PHANTOM
    assert said in _spec_error(PHANTOM.replace(old, new))


def test_check_catches_a_view_that_shows_one_hidden_cell(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from framework.check import runner
    from framework.check.properties import StateProperty, views_hide
    from framework.check.runner import check_state_property
    from framework.check.strategies import states
    from framework.engine.view import View

    game = ours("phantom_ttt")
    prop = StateProperty("views hide", views_hide)
    assert check_state_property(game, prop, 20, 0, states(game)).status == "passed"
    honest = View.visible

    def leaky(self: View, state: State, side: int) -> int:
        shown = honest(self, state, side)
        hidden = state.occupied() & ~shown
        return shown | (hidden & -hidden)  # the lowest hidden piece is shown: the bug

    monkeypatch.setattr(View, "visible", leaky)
    monkeypatch.setattr(runner, "SHRINK_SECONDS", 0.5)  # shortening the play is not tested here
    outcome = check_state_property(game, prop, 20, 0, states(game))
    assert outcome.status == "failed" and outcome.failure is not None
    assert "its view shows what it hides" in outcome.failure.message


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_openspiel_adapter_gives_each_player_its_view(name: str) -> None:
    from framework.engine.view import information_state_size
    from framework.interop.openspiel import register

    game = pyspiel.load_game(register(ROOT / "games" / f"{GAMES[name]}.yaml"))
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_information_state_tensor
    assert game.information_state_tensor_size() == information_state_size(ours(name))
    state, mine = game.new_initial_state(), ours(name).new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        for p in (0, 1):
            assert state.observation_string(p) == mine.observation_string(p)
            assert state.information_state_string(p) == mine.information_state_string(p)
            assert list(state.observation_tensor(p)) == mine.observation_tensor(p)
            assert list(state.information_state_tensor(p)) == \
                mine.information_state_tensor(p)
        action = rng.choice(state.legal_actions())
        mine.apply(state.action_to_string(action))
        state.apply_action(action)
    assert state.returns() == mine.returns()


def test_each_pettingzoo_agent_observes_its_own_view() -> None:
    from framework.interop.pettingzoo import env

    aec = env(ours("phantom_ttt"))
    aec.reset(seed=0)
    game = ours("phantom_ttt")
    b2 = game.codec.index(game.new_initial_state().parse_action("b2"))
    aec.step(b2)  # x on b2, unseen by o
    names, area = game.observer.plane_names, game.observer.area
    x_plane = names.index("piece:mark:x")
    at = game.observer.offsets[game.board.cell("b2")]

    def sees_x_on_b2(agent: str) -> bool:
        return bool(aec.observe(agent)["observation"].reshape(-1)[x_plane * area + at])

    assert sees_x_on_b2("player_0") and not sees_x_on_b2("player_1")
    aec.step(b2)  # o bumps into it, and sees it from now on
    assert sees_x_on_b2("player_1")
    assert aec.agent_selection == "player_1"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_perft_counts_every_try_as_openspiel_does(name: str) -> None:
    from framework.perft import perft
    from tests.spiel import openspiel_perft

    start = pyspiel.load_game(name).new_initial_state()
    assert [perft(ours(name).new_initial_state(), d) for d in (1, 2, 3)] == \
        [openspiel_perft(start, d) for d in (1, 2, 3)]


def test_an_agent_searches_a_state_it_could_be_in_not_the_true_one() -> None:
    import random as random_module

    from framework.engine.view import determinised

    game = ours("phantom_ttt")
    state = game.new_initial_state()
    state.apply("b2")  # x; o to move, and o cannot see it
    places = set()
    for seed in range(20):
        guess = determinised(state, random_module.Random(seed))
        assert guess.observation_string(1) == state.observation_string(1)
        assert [m.bit_count() for m in guess.owner] == [1, 0]
        assert guess.legal_actions() == state.legal_actions()
        places |= {game.board.names[c] for c in range(9) if guess.owner[0] >> c & 1}
    assert len(places) > 3  # the guess does not know where the cross is
    from framework.agents.registry import make_agent

    agent = make_agent("mcts:30i", game, seed=1)
    assert agent.act(state)[0] in state.legal_actions()


def test_a_person_in_the_terminal_sees_only_its_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from rich.console import Console

    from framework.cli.play import PlaySession

    out = io.StringIO()
    game = ours("phantom_ttt")
    session = PlaySession(game, "phantom-tic-tac-toe.yaml", ["random", "human"], 3, None,
                          None, Console(file=out, width=100), quiet=False)
    monkeypatch.setattr("builtins.input", lambda _: "quit")
    session.run()
    printed = out.getvalue()
    crosses = [game.board.names[c] for c in range(9) if session.state.owner[0] >> c & 1]
    assert len(crosses) == 1  # random played x's first mark, then o quit
    boards = [line for line in printed.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    assert boards and not any("x" in line for line in boards), printed  # o sees no cross
    assert "x (random): ?" in printed  # the agent's move is not written either


def test_what_chance_drew_is_known_to_every_viewer_of_a_hidden_game() -> None:
    """A game with both a view and dice (Backgammon with the other side's checkers
    hidden): two rolls that leave the same seat to act and the same board are still told
    apart by each seat and by a spectator (the server pushes an update exactly when this
    text changes, so a roll the viewer did not see change would never reach its page)."""
    from framework.engine.chance import drawn_by_chance
    from framework.engine.view import known_to
    from framework.game import load_game_text

    text = (ROOT / "games" / "backgammon.yaml").read_text(encoding="utf-8")
    assert "\nturn:\n" in text
    game = load_game_text(text.replace("\nturn:\n", "\nview:\n  hide: [checker]\nturn:\n", 1))
    start = game.new_initial_state()
    assert start.is_chance_node() and drawn_by_chance(start) == []
    rolled = []
    for outcome in start.legal_actions():
        state = start.clone()
        state.apply(outcome)
        rolled.append(state)
    first, second = [s for s in rolled if s.current_player == rolled[0].current_player][:2]
    assert drawn_by_chance(first) != drawn_by_chance(second)
    assert first.to_json()["cells"] == second.to_json()["cells"]
    for seats in ([0], [1], []):
        assert known_to(first, seats) != known_to(second, seats), seats


def test_a_hand_kept_from_the_others_is_seen_by_its_owner_alone() -> None:
    """Shogi with ``view: {hide: [king], hands: own}``: once both hands hold pieces, each
    seat's observation writes its own hand and not the other's, a spectator sees neither,
    and every reader of the true state (the terminal's board) sees both. Two states that
    differ only in one side's hand look alike to the other seat and to a spectator."""
    from framework.engine.slots import hand_slot_name
    from framework.engine.view import known_to, observation_string
    from framework.game import load_game_text

    text = (ROOT / "games" / "shogi.yaml").read_text(encoding="utf-8")
    game = load_game_text(text.replace("\nturn:\n", "\nview:\n  hide: [king]\n  hands: own\n"
                                       "turn:\n", 1))
    rng = random.Random(3)
    state = game.new_initial_state()
    while not ("black hand" in str(state) and "white hand" in str(state)):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    black, white = (observation_string(state, seat).splitlines() for seat in (0, 1))
    assert any("black hand" in line for line in black)
    assert not any("white hand" in line for line in black)
    assert any("white hand" in line for line in white)
    assert not any("black hand" in line for line in white)
    assert "hand" not in known_to(state, [])
    richer = state.clone()
    richer.vars[game.slots.index[hand_slot_name("black", "gold")]] += 1
    assert known_to(richer, [0]) != known_to(state, [0])
    assert known_to(richer, [1]) == known_to(state, [1])
    assert known_to(richer, []) == known_to(state, [])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_mcts_searches_information_sets_and_reads_only_what_the_seat_sees(name: str) -> None:
    """``mcts`` in a game with a view draws a state the seat could be in at every
    iteration (information-set search): two true states the seat cannot tell apart get
    the same decision from the same seed, though the other's stones stand elsewhere."""
    from framework.agents.mcts import MctsAgent
    from framework.agents.registry import make_agent

    game = ours(name)
    first, second = game.new_initial_state(), game.new_initial_state()
    first.apply("a1")
    second.apply("c3" if name == "phantom_ttt" else "c2")
    assert first.observation_string(1) == second.observation_string(1)
    assert first.information_state_string(1) == second.information_state_string(1)
    assert first.to_json()["cells"] != second.to_json()["cells"]
    decisions = []
    for state in (first, second):
        agent = make_agent("mcts:60i", game, seed=4)
        assert isinstance(agent, MctsAgent) and agent.samples_information_sets
        decisions.append((agent.act(state), agent.info))
    assert decisions[0] == decisions[1]
    assert "over information sets" in decisions[0][1]
