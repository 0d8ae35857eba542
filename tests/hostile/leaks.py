"""View-leak checks for the fuzzer (issue 48): in a game with hidden information (``view:``)
nothing a seat is told may depend on what its view hides, by any route.

The checks work on *twin games*: two games played from the start that one seat, A, cannot
tell apart (the Python engine's information state of A is the same after every ply) while
the other seats' hidden pieces differ wherever the game lets them. Whatever A is told about
the one must then be what it is told about the other, byte for byte:

- the Python state (:func:`check_python`): A's observation and information state, as text
  and tensors, its legal actions and whole turns, and the view itself against an oracle
  written here from the file's ``view:`` (a hidden piece of another side is shown only on a
  public cell or a cell A has found);
- the web API (:func:`web_answers`): every reading route of ``boardspec serve``, as A and as
  a spectator, and what their WebSockets were pushed, after every ply;
- the native batches (:func:`check_batches`): ``NativeVectorEnv`` and ``NativeAgentBatch``
  observations equal each side's view of the Python state.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING, Any

from framework.engine.bits import iter_bits
from framework.engine.view import (
    determinised,
    information_state_string,
    information_state_tensor,
    observation_string,
    observation_tensor,
    observed,
    side_of,
)

if TYPE_CHECKING:
    from framework import Game, State

#: The seat whose answers are compared (the other seats' pieces are what it must not see).
A = 0


def knows(state: State, seat: int = A) -> tuple[Any, ...]:
    """Everything the engine says ``seat`` knows: its information state, whose turn it is
    and whether the game is over."""
    return (information_state_string(state, seat), state.current_player, state.is_terminal())


def _after(state: State, notation: str) -> State:
    then = state.clone()
    then.apply(notation)
    return then


@dataclass
class Twins:
    """Two games seat A cannot tell apart: each ply as (seat, action notation)."""

    first: list[tuple[int, str]]
    second: list[tuple[int, str]]
    #: The positions after each ply (the start first), of each game.
    states: list[tuple[State, State]]

    @property
    def differ(self) -> bool:
        """Whether the two games' true positions ever differed (the check had a chance)."""
        return any(one.to_json() != two.to_json() for one, two in self.states)


def twin_games(game: Game, rng: Random, plies: int = 40, tries: int = 30) -> Twins:
    """Play one random game, and beside it another that A cannot tell from it. A plays the
    same actions in both, never one that would tell them apart (a try that finds a piece in
    one game only). The other seats play whole turns: in the first game at random, in the
    second a turn drawn at random (up to ``tries`` times) among those that leave A knowing
    the same when it is to move again, preferably of other actions, of as many tries or of
    one more (where A is not told how many were made). The games stop where no such turn
    or action is found, at the end, or after ``plies``; ``states`` holds both games at each
    end of a turn."""
    one, two = game.new_initial_state(), game.new_initial_state()
    twins = Twins([], [], [(one.clone(), two.clone())])
    while not one.is_terminal() and len(twins.first) < plies:
        mover = one.current_player
        assert two.current_player == mover
        legal = one.legal_actions()
        if not legal:
            break
        if mover == A:
            # What A may do is part of what it knows: the same in both games.
            assert sorted(a.notation for a in two.legal_actions()) == \
                sorted(a.notation for a in legal)
            action = rng.choice(legal).notation
            candidates = [a.notation for a in legal]
            rng.shuffle(candidates)
            candidates.sort(key=lambda n: n != action)
            found = next((n for n in candidates
                          if knows(_after(one, n)) == knows(_after(two, n))), None)
            if found is None:
                break
            one.apply(found)
            two.apply(found)
            twins.first.append((A, found))
            twins.second.append((A, found))
        else:
            turn = _turn(one, rng, plies - len(twins.first), rng.choice([0, 0, 1, 2]))
            aim = knows(one)
            other = None
            for attempt in range(tries):
                trial = two.clone()
                # One more try than in the first game (unless A is told), or as many.
                taken = _turn(trial, rng, plies, len(turn) - attempt % 2,
                              avoid={n for _, n in turn})
                if knows(trial) == aim:
                    other = taken
                    two = trial
                    break
            if other is None:
                break
            twins.first += turn
            twins.second += other
        twins.states.append((one.clone(), two.clone()))
    return twins


def _turn(state: State, rng: Random, limit: int, tries: int,
          avoid: Collection[str] = ()) -> list[tuple[int, str]]:
    """Play the turn of the seat to move in ``state`` (until another seat is to move, the
    game ends or ``limit`` plies): ``tries`` actions after which it is still to move (a
    try that finds a hidden piece) where it has them, then one that ends its turn, each
    drawn at random, preferably not in ``avoid``."""
    seat = state.current_player
    played: list[tuple[int, str]] = []
    while not state.is_terminal() and state.current_player == seat and len(played) < limit:
        legal = [a.notation for a in state.legal_actions()]
        if not legal:
            break
        rng.shuffle(legal)
        again = len(played) < tries
        legal.sort(key=lambda n: ((_after(state, n).current_player == seat) != again,
                                  n in avoid))
        state.apply(legal[0])
        played.append((seat, legal[0]))
    return played


# The Python state ---------------------------------------------------------------------
def oracle_shown(state: State, side: int) -> int:
    """The cells whose piece ``side`` may see, from the file's ``view:`` alone: every cell
    but those holding a hidden kind of another side that is neither on ``side``'s public
    zone nor found by ``side`` (``found.<player>``)."""
    game = state.game
    view = game.spec.view
    assert view is not None
    hidden_kinds = {game.piece_kinds.index(k) for k in view.hide}
    player = game.players[side]
    found = state.vars[game.slots.index[f"found.{player}"]]
    public = game.zones[view.public][side] if view.public else 0
    hidden = 0
    for cell in iter_bits(state.occupied()):
        if state.owner_of(cell) != side and state.kind_of(cell) in hidden_kinds \
                and not (found | public) >> cell & 1:
            hidden |= 1 << cell
    return game.board.all_mask & ~hidden


def check_view(state: State, seat: int) -> None:
    """``seat``'s view of ``state`` shows exactly the pieces the oracle lets it see, each
    where the true state has it."""
    side = side_of(state, seat)
    seen = observed(state, seat)
    shown = oracle_shown(state, side)
    for owner, (true, mask) in enumerate(zip(state.owner, seen.owner, strict=True)):
        assert mask == true & shown, (state.game.name, seat, owner, bin(mask), bin(true))
    for kind, (true, mask) in enumerate(zip(state.kinds, seen.kinds, strict=True)):
        assert mask == true & shown, (state.game.name, seat, kind)


def told_in_python(state: State, seat: int = A) -> tuple[Any, ...]:
    """Everything the Python state tells ``seat``."""
    told: tuple[Any, ...] = (observation_string(state, seat), observation_tensor(state, seat),
                             information_state_string(state, seat),
                             information_state_tensor(state, seat))
    if state.current_player == seat and not state.is_terminal():
        mine = observed(state, seat).clone()
        told += (sorted(a.notation for a in state.legal_actions()),
                 sorted(t.notation for t in mine.legal_turns()))
    return told


def searched(state: State, seat: int) -> tuple[Any, ...]:
    """What an agent searching ``state`` for ``seat`` starts from that ``seat`` knows:
    its observation, the actions it remembers, its legal actions, whose turn it is. (A
    determinisation forgets the other seats' records, so with ``plies: true`` it does not
    keep the count of plays; nothing the agents read depends on that count.)"""
    view = state.game.view
    assert view is not None
    return (observation_string(state, seat), observation_tensor(state, seat),
            [a.notation for a in view.remembered_by(state, side_of(state, seat))],
            sorted(a.notation for a in state.legal_actions()), state.current_player)


def check_python(twins: Twins, rng: Random) -> None:
    """Every position of the twin games: each seat's view against the oracle; A told the
    same of both; a determinisation for the mover indistinguishable to it."""
    for one, two in twins.states:
        for state in (one, two):
            for seat in range(len(state.game.players)):
                check_view(state, seat)
            if not state.is_terminal() and state.current_player >= 0:
                mover = state.current_player
                guess = determinised(state, rng)
                assert searched(guess, mover) == searched(state, mover)
        assert told_in_python(one) == told_in_python(two)


# The web API --------------------------------------------------------------------------
def _normalised(text: str, secrets: list[str]) -> str:
    for secret in secrets:
        text = text.replace(secret, "<secret>")
    return text


def web_answers(path: Path, plies: list[tuple[int, str]]) -> list[str]:
    """Play ``plies`` on a server of its own (each by its seat's token); at the end of every
    turn, every answer A and a spectator read and what their WebSockets were pushed since,
    A's own moves' answers included, as text with the game's id and tokens taken out, while
    the game is not over (then the record and the whole game are everyone's). Also asserts
    that the pieces A is shown are those of A's Python view."""
    from starlette.testclient import TestClient

    from framework import load_game
    from framework.web import create_app

    game = load_game(path)
    state = game.new_initial_state()
    answers: list[str] = []
    with TestClient(create_app([path]), base_url="http://localhost") as client:
        created = client.post("/api/play", json={"game": path.stem,
                                                 "seats": ["human", "human"], "seed": 1})
        assert created.status_code == 201, created.text
        game_id, tokens = created.json()["id"], created.json()["tokens"]
        secrets = [game_id, *tokens]
        headers = [{"X-Boardspec-Tokens": t} for t in tokens]
        base = f"/api/play/{game_id}"

        def told(label: str, response: Any) -> Any:
            body = response.json() if response.headers.get("content-type", "").startswith(
                "application/json") else response.text
            if isinstance(body, dict):
                for listed in body.get("games", []):
                    listed.pop("updated", None)  # (/api/recent: when it was written)
            if not state.is_terminal():
                answers.append(_normalised(f"{label} {response.status_code} "
                                           f"{json.dumps(body, sort_keys=True)}", secrets))
            return body

        def read(label: str, url: str, who: dict[str, str]) -> Any:
            return told(label, client.get(url, headers=who))

        def look() -> None:
            mine = read("A", f"{base}?inspect=1", headers[A])
            seen = observed(state, A)
            assert mine["pieces"] == {game.board.names[c]: game.players[seen.owner_of(c)]
                                      for c in iter_bits(seen.occupied())}, mine["pieces"]
            read("A legal", f"{base}/legal?turns=1", headers[A])
            read("A replay", f"{base}/replay", headers[A])
            read("A record", f"{base}/record?format=json", headers[A])
            read("spectator", f"{base}?inspect=1", {})
            read("recent", "/api/recent", {})

        with client.websocket_connect(f"ws://localhost{base}/ws") as mine, \
                client.websocket_connect(f"ws://localhost{base}/ws") as watching:
            sockets = {"A": mine, "spectator": watching}
            for socket in sockets.values():
                socket.receive_json()  # (the version on connecting)
            mine.send_json({"type": "hello", "tokens": [tokens[A]]})
            mine.receive_json()  # (its presence)

            def pushed() -> None:
                """What each socket heard since: a name given makes every page hear a
                presence after whatever the game pushed before it."""
                client.post(f"{base}/name", json={"token": tokens[A], "name": "A"})
                for who, socket in sockets.items():
                    heard = []
                    while (message := socket.receive_json()) != {"type": "presence"}:
                        heard.append(message)
                    if not state.is_terminal():
                        answers.append(f"{who} pushed {json.dumps(heard)}")

            look()
            pushed()
            for seat, action in plies:
                ply = client.get(base, headers=headers[seat]).json()["ply"]
                done = client.post(f"{base}/apply", headers=headers[seat],
                                   json={"token": tokens[seat], "ply": ply, "action": action})
                assert done.status_code == 200 and done.json()["played"] == [action], \
                    done.text
                state.apply(action)
                if seat == A:
                    told("A moves", done)
                if seat == A or state.is_terminal() or state.current_player == A:
                    look()  # (A's ply, or the end of another seat's turn: A to move)
                    pushed()
    return answers


def check_web(path: Path, twins: Twins) -> None:
    """A and a spectator read the same of both twin games, by every route."""
    first, second = web_answers(path, twins.first), web_answers(path, twins.second)
    assert len(first) == len(second)
    for one, two in zip(first, second, strict=True):
        assert one == two


# The native batches ---------------------------------------------------------------------
def planes(state: State, seat: int) -> Any:
    """The cells each side holds as seat ``seat`` sees them: (sides, cells) of 0 and 1."""
    import numpy as np

    seen = observed(state, seat)
    return np.array([[mask >> c & 1 for c in range(state.game.board.size)]
                     for mask in seen.owner], np.int8)


def check_batches(game: Game, env: Any, agents: Any, seed: int,
                  choices: list[int]) -> None:
    """Step ``env`` (a NativeVectorEnv) and ``agents`` (a NativeAgentBatch) of ``game`` in
    lockstep with Python states, each game's action the ``choices``' next index into its
    legal actions: every observation is each side's view of the Python state."""
    import numpy as np

    count = env.num_envs
    obs, info = env.reset(seed=seed)
    agents.reset(seed=seed)
    states = [game.new_initial_state() for _ in range(count)]
    turn = iter(choices)
    for _ in range(len(choices) // count):
        for i, state in enumerate(states):
            mover = state.current_player
            assert (obs[i] == planes(state, mover)).all()
            for agent, side in agents.side_of.items():
                seat = state.seat_of_side[side]
                mine = agents.observe(agent)["observation"][i]
                assert (mine == planes(state, seat)[agents._order[agent]]).all()
        picked = []
        for state in states:
            legal = state.legal_actions()
            picked.append(game.codec.index(legal[next(turn) % len(legal)]))
        actions = np.array(picked, dtype=np.int64)
        obs, _rewards, done, _truncated, info = env.step(actions)
        agents.step(actions)
        for i, state in enumerate(states):
            mover = state.current_player
            state.apply(game.codec.action(int(actions[i])).notation)
            assert bool(done[i]) == state.is_terminal()
            if done[i]:
                assert (info["final_obs"][i] == planes(state, mover)).all()
                states[i] = game.new_initial_state()
