"""Every bundled game as an OpenSpiel game, run by OpenSpiel's own tests, bots and search."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from framework import load_game

from .conftest import GAME_FILES

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
evaluate_bots = pytest.importorskip("open_spiel.python.algorithms.evaluate_bots")
uniform_random = pytest.importorskip("open_spiel.python.bots.uniform_random")
openspiel = pytest.importorskip("framework.interop.openspiel")

ROOT = Path(__file__).resolve().parent.parent
IDS = [p.stem for p in GAME_FILES]


@pytest.mark.parametrize("path", GAME_FILES, ids=IDS)
def test_every_game_registers_and_loads_by_name(path: Path) -> None:
    name = openspiel.register(path)
    assert openspiel.register(path) == name  # registering again is harmless
    assert name in pyspiel.registered_names()
    game = pyspiel.load_game(name)
    ours = load_game(path)
    assert game.num_distinct_actions() == ours.codec.num_distinct_actions
    assert game.num_players() == len(ours.players)
    assert game.max_game_length() == (ours.spec.max_plies or 10_000)
    assert game.observation_tensor_shape() == list(ours.observer.shape)
    assert game.get_type().information == (
        pyspiel.GameType.Information.PERFECT_INFORMATION if ours.view is None
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION)  # a view hides something
    assert game.get_type().long_name == f"{ours.name} (boardspec)"


def test_a_players_parameter_reaches_openspiel_as_its_int() -> None:
    """Ataxx's ``players`` (a choice of 2 or 4) is an int to OpenSpiel, as its own games'
    ``players`` are; the type spans both counts and is zero-sum only if all were two."""
    four = openspiel.load(ROOT / "games" / "ataxx.yaml", parameters={"players": 4})
    kind = four.get_type()
    assert four.num_players() == 4 and (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(four, num_sims=1, serialize=False, verbose=False)
    assert openspiel.load(ROOT / "games" / "ataxx.yaml").num_players() == 2
    with pytest.raises(pyspiel.SpielError, match="players"):
        pyspiel.load_game(kind.short_name, {"players": "4"})  # text: not its type
    only_two = openspiel.load(ROOT / "games" / "tic-tac-toe.yaml").get_type()
    assert only_two.utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("path", GAME_FILES, ids=IDS)
def test_openspiel_random_simulation_test_passes(path: Path) -> None:
    game = openspiel.load(path)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_actions_speak_our_notation_and_states_follow_our_engine() -> None:
    game = openspiel.load(ROOT / "games" / "ataxx.yaml")
    ours = game.compiled
    state = game.new_initial_state()
    mine = ours.new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert [state.action_to_string(a) for a in legal] == \
            [ours.codec.action(i).notation for i in ours.codec.legal_indices(mine)]
        action = int(rng.choice(legal))
        assert state.string_to_action(state.action_to_string(action)) == action
        state.apply_action(action)
        mine.apply(ours.codec.action(action))
        assert state.board_state == mine
        assert state.current_player() == (mine.current_player if not mine.is_terminal()
                                           else pyspiel.PlayerId.TERMINAL)
    assert state.returns() == mine.returns()
    assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [0.0, 0.0]


def test_an_illegal_action_is_refused_with_its_notation() -> None:
    state = openspiel.load(ROOT / "games" / "ataxx.yaml").new_initial_state()
    illegal = next(a for a in range(530) if a not in state.legal_actions())
    with pytest.raises(Exception, match="is not legal here"):
        state.apply_action(illegal)


def test_observations_are_our_planes() -> None:
    game = openspiel.load(ROOT / "games" / "adaptoid.yaml")
    state = game.new_initial_state()
    for action in ("white@D2", "black@D6", "black"):
        state.apply_action(state.string_to_action(action))
    ours = state.board_state
    observer = game.compiled.observer
    for seat in (0, 1):
        assert state.observation_tensor(seat) == pytest.approx(observer.tensor(ours, seat))
        assert state.observation_string(seat) == observer.string(ours, seat)
    from open_spiel.python.observation import make_observation

    observation = make_observation(game)
    observation.set_from(state, 1)
    assert observation.dict["observation"].shape == observer.shape
    d2 = game.compiled.board.cell("D2")
    plane = observer.plane_names.index("piece:adaptoid:white")
    row, col = divmod(observer.offsets[d2], observer.shape[2])
    assert observation.dict["observation"][plane, row, col] == 1.0
    assert state.information_state_string(0)  # perfect recall: the history


def test_games_and_states_pickle() -> None:
    game = openspiel.load(ROOT / "games" / "hexxagon.yaml")
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.history()) == 3  # a clone is independent


def test_a_game_without_a_declared_length_ends_as_a_draw_at_the_cap(tmp_path: Path) -> None:
    text = (ROOT / "games" / "web.yaml").read_text().replace("max_plies: 11", "max_plies: 3")
    path = tmp_path / "short-web.yaml"
    path.write_text(text)
    state = openspiel.load(path).new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 3 and state.truncated
    assert state.returns() == [0.0, 0.0]


def test_a_name_already_taken_is_refused() -> None:
    openspiel.register(ROOT / "games" / "web.yaml")
    with pytest.raises(ValueError, match="already registered"):
        openspiel.register(ROOT / "games" / "ataxx.yaml", "boardspec_web")


def play(game: object, bots: list[object], seed: int) -> list[float]:
    return list(evaluate_bots.evaluate_bots(game.new_initial_state(),  # type: ignore[attr-defined]
                                            bots, np.random.RandomState(seed)))


def mcts_bot(game: object, simulations: int, seed: int) -> object:
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng),
                        random_state=rng)


def test_openspiel_mcts_plays_our_games() -> None:
    game = openspiel.load(ROOT / "games" / "web.yaml")
    for seed in range(2):
        returns = play(game, [mcts_bot(game, 30, seed),
                              uniform_random.UniformRandomBot(1, np.random.RandomState(seed))],
                       seed)
        assert returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    state = openspiel.load(ROOT / "games" / "adaptoid.yaml").new_initial_state()
    bot = mcts_bot(state.get_game(), 10, 0)
    assert bot.step(state) in state.legal_actions()  # type: ignore[attr-defined]


def mcts_wins_against_random(stem: str, simulations: int, seed: int) -> bool:
    """One game of OpenSpiel's MCTS bot against its random bot; MCTS plays each seat in
    turn (by the seed's parity). Module-level, so that worker processes can run it."""
    game = openspiel.load(ROOT / "games" / f"{stem}.yaml")
    seat = seed % 2
    bots: list[object] = [None, None]
    bots[seat] = mcts_bot(game, simulations, seed)
    bots[1 - seat] = uniform_random.UniformRandomBot(1 - seat, np.random.RandomState(seed))
    return play(game, bots, seed)[seat] > 0


@pytest.mark.slow
@pytest.mark.parametrize("stem", ["adaptoid", "assimilation"])
def test_openspiel_mcts_beats_openspiel_random(stem: str) -> None:
    # A Python game under OpenSpiel's Python MCTS is slow (every rollout step crosses
    # between C++ and Python): the 50 games are shared out over the machine's cores.
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        wins = sum(pool.map(mcts_wins_against_random, [stem] * 50, [20] * 50, range(50)))
    assert wins >= 45, f"MCTS won {wins} of 50"


class LinearNet(mcts.Evaluator):  # type: ignore[misc]
    """An AlphaZero-shaped evaluator small enough for a test: a softmax policy over every
    action index and a tanh value, both linear in the observation planes."""

    def __init__(self, game: object, seed: int) -> None:
        size = int(np.prod(game.observation_tensor_shape()))  # type: ignore[attr-defined]
        actions = game.num_distinct_actions()  # type: ignore[attr-defined]
        rng = np.random.RandomState(seed)
        self.policy = rng.normal(0, 0.01, (size, actions))
        self.value = rng.normal(0, 0.01, size)

    def outputs(self, obs: object, mask: object) -> tuple[object, float]:
        logits = np.where(mask, obs @ self.policy, -np.inf)
        probs = np.exp(logits - logits.max())
        return probs / probs.sum(), float(np.tanh(obs @ self.value))

    def evaluate(self, state: object) -> object:
        player = state.current_player()  # type: ignore[attr-defined]
        _, value = self.outputs(np.array(state.observation_tensor(player)),  # type: ignore[attr-defined]
                                np.array(state.legal_actions_mask(player), bool))  # type: ignore[attr-defined]
        return np.array([value, -value] if player == 0 else [-value, value])

    def prior(self, state: object) -> list[tuple[int, float]]:
        player = state.current_player()  # type: ignore[attr-defined]
        probs, _ = self.outputs(np.array(state.observation_tensor(player)),  # type: ignore[attr-defined]
                                np.array(state.legal_actions_mask(player), bool))  # type: ignore[attr-defined]
        return [(a, float(probs[a])) for a in state.legal_actions()]  # type: ignore[attr-defined]

    def loss_and_step(self, batch: list[tuple[object, object, object, float]],
                      rate: float) -> float:
        total = 0.0
        for obs, mask, target, outcome in batch:
            probs, value = self.outputs(obs, mask)
            total += -float(np.sum(target * np.log(probs + 1e-12))) + (value - outcome) ** 2
            self.policy -= rate * np.outer(obs, probs - target)
            self.value -= rate * 2 * (value - outcome) * (1 - value ** 2) * obs
        return total / len(batch)


def test_an_alphazero_style_loop_runs_on_a_yaml_game() -> None:
    """Self-play with PUCT search guided by a network, then training on the visit counts
    and outcomes: the shapes OpenSpiel's AlphaZero relies on (observation tensor, a policy
    over num_distinct_actions, the legal-action mask) fit, and the loss goes down."""
    game = openspiel.load(ROOT / "games" / "web.yaml")
    net = LinearNet(game, 0)
    batch = []
    for seed in range(3):
        bot = mcts.MCTSBot(game, 1.5, 16, net, solve=False,
                           random_state=np.random.RandomState(seed),
                           child_selection_fn=mcts.SearchNode.puct_value,
                           dirichlet_noise=(0.25, 1.0))
        state = game.new_initial_state()
        trajectory = []
        while not state.is_terminal():
            player = state.current_player()
            root = bot.mcts_search(state)
            target = np.zeros(game.num_distinct_actions())
            for child in root.children:
                target[child.action] = child.explore_count
            target /= target.sum()
            trajectory.append((np.array(state.observation_tensor(player)),
                               np.array(state.legal_actions_mask(player), bool), target,
                               player))
            state.apply_action(root.best_child().action)
        returns = state.returns()
        batch += [(obs, mask, target, returns[player])
                  for obs, mask, target, player in trajectory]
    first = net.loss_and_step(batch, 0.01)
    for _ in range(20):
        last = net.loss_and_step(batch, 0.01)
    assert last < first
