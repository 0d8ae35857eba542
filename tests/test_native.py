"""The native backend (framework/native) against the Python engine, the reference.

For every bundled game the backend plays: perft from the start and from random positions,
and random games played by the kernels replayed action by action through ``State.apply``,
with the whole state and the legal actions compared after every action. The default run
is small; the issue's full counts (depth 4 from 50 positions, 1,000 games) are ``slow``.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from framework import load_game
from framework.engine.playout import random_playout
from framework.engine.turns import perft_turns
from framework.errors import BoardspecError, NativeFallback
from framework.game import Game
from framework.native import support_of
from framework.perft import perft

from .conftest import NATIVE_DEFAULT

GAMES = Path(__file__).resolve().parent.parent / "games"
#: A game the kernels do not play (its turns go in snake order).
SNAKE = GAMES.parent / "tests" / "data" / "native" / "snake-tic-tac-toe.yaml"
ALL_GAMES = sorted(p.stem for p in GAMES.glob("*.yaml"))
#: Variants played besides each file's defaults: ``hex-5`` is hex.yaml at size 5 (the
#: standard 11 × 11 has more cells than one 64-bit mask: tests/test_native_wide.py).
VARIANTS = {"hex-5": ("hex", {"size": 5})}


def load_named(name: str) -> Game:
    stem, parameters = VARIANTS.get(name, (name, {}))
    return load_game(GAMES / f"{stem}.yaml", parameters)


#: The games of one-word masks (at most 64 cells); the wider ones, whose compiles and
#: Python perfts cost more, are tests/test_native_wide.py's.
SUPPORTED = [g for g in [*ALL_GAMES, *VARIANTS]
             if (game := load_named(g)).board.size <= 64 and support_of(game) is None]


def test_the_ataxx_family_and_the_placement_games_are_supported() -> None:
    assert {"ataxx", "assimilation", "hexxagon", "tic-tac-toe", "connect-four", "othello",
            "breakthrough", "clobber", "checkers", "chess", "hex-5"} <= set(SUPPORTED)


#: Konane with its opening and its jumps chosen by how many stones are on the board, not
#: by the round: nothing keeps a jump out of a turn whose removal landed no piece.
KONANE_BY_COUNT = (("{type: turn, exactly: 1}", "{type: count, of: all, at_least: 35}"),
                   ("{type: turn, at_least: 2}", "{type: count, of: all, at_most: 34}"))


@pytest.mark.parametrize(("game", "changes", "reason"), [
    ("konane", KONANE_BY_COUNT, "lands no piece"),
    ("tic-tac-toe", (("turn:", "turn_order: snake\nturn:"),), "turn order 'snake'")])
def test_a_game_the_backend_cannot_play_is_refused_with_the_reason(
        game: str, changes: tuple[tuple[str, str], ...], reason: str) -> None:
    from framework.game import load_game_text

    text = (GAMES / f"{game}.yaml").read_text()
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    found = support_of(load_game_text(text, f"{game}.yaml"))
    assert found is not None and reason in found


def test_moves_phases_chosen_by_the_round_keep_each_other_out_of_a_turn() -> None:
    """Konane's opening removal lands no piece, and its jumps chain: the round, which no
    action changes, keeps the two phases apart, so the kernels play it."""
    assert "konane" in SUPPORTED


def test_a_parameter_no_piece_knows_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A block that grows a parameter is refused while its piece does not know it (set to
    its default, the parameter changes nothing and the game stays supported)."""
    from framework.rules.goals.line.native import LinePiece

    game = load_game(GAMES / "tic-tac-toe.yaml")
    monkeypatch.setattr(LinePiece, "KNOWN", frozenset({"length", "directions", "piece"}))
    assert support_of(game) is None  # exactly: false, the default
    text = (GAMES / "tic-tac-toe.yaml").read_text().replace(
        "{type: line, length: 3}", "{type: line, length: 3, exactly: true}")
    from framework.game import load_game_text

    found = support_of(load_game_text(text))
    assert found is not None and "line with exactly: True" in found


def test_the_pieces_of_every_module_are_listed() -> None:
    """Each keyword with a native piece is a block of the framework (the registry's units
    that name one)."""
    from framework.native.assemble import supported
    from framework.plugins import plugins

    found = supported()
    assert {"compulsory", "royal"} <= set(found["restrictions"])
    assert {"swap", "castle", "hop"} <= set(found["move primitives"])
    assert {"connect", "line"} <= set(found["goals"])
    known = {name for group in ("phases", "goals", "results", "restrictions", "moves")
             for name in plugins(group)}  # type: ignore[arg-type]
    assert {k for keywords in found.values() for k in keywords} <= known


def test_restrictions_judged_two_ways_are_not_mixed() -> None:
    """``royal`` vets each move on a copy, ``compulsory`` filters the whole list: the
    Python engine applies them in file order, which the kernels do not follow, so a game
    with both stays on the Python engine and says why."""
    from framework.game import load_game_text

    text = (GAMES / "chess.yaml").read_text(encoding="utf-8")
    mixed = text.replace("restrictions:\n", "restrictions:\n  - {type: compulsory, kinds: "
                                             "[castle]}\n", 1)
    assert mixed != text
    found = support_of(load_game_text(mixed))
    assert found is not None and "judged move by move (royal) beside one judged on the " \
        "whole list of moves (compulsory)" in found


def native_pieces(game: Game) -> set[str]:
    """What a game's kernels are assembled from: its pieces' classes, and the plan's ways
    (chains a player may stop, folded choices, hands, phases chosen by their if:, ...)."""
    from framework.native.assemble import plan_of

    plan = plan_of(game)
    found = {type(plan.result).__qualname__}
    for group in ("moves", "consequences", "goals", "restrictions", "choices", "helpers",
                  "conditions"):
        found |= {type(piece).__qualname__ for piece in getattr(plan, group)}
    if plan.chance is not None:
        found.add(type(plan.chance).__qualname__)
    found |= {type(piece).__qualname__ for piece in plan.setups if piece is not None}
    ways = {"skippable": plan.skippable, "chaining": bool(plan.chaining),
            "stops": plan.stops, "trials": plan.trials, "hands": bool(plan.hands),
            "regions": bool(plan.regions), "slots": bool(plan.slots),
            "deciders": len(plan.deciders) > 1, "players": len(game.players) > 2,
            "blind": any(getattr(piece, "found", "") for piece in plan.moves),
            "straight": any(getattr(piece, "straight", "") for piece in plan.moves),
            "whole": plan.whole, "goal_checked": plan.goal_checked,
            "sequence": bool(plan.sequence),
            "attributes": bool(game.attributes)}
    return found | {way for way, used in ways.items() if used}


def test_the_default_runs_native_games_use_every_native_piece() -> None:
    """The games whose kernels the default run compiles (``NATIVE_DEFAULT``) use, between
    them, every piece and way any bundled game of one-word masks uses: a game whose pieces
    are new joins the set (or its compile is the default run's through another test)."""
    assert set(SUPPORTED) >= NATIVE_DEFAULT
    used = {g: native_pieces(load_named(g)) for g in SUPPORTED}
    covered = set().union(*(used[g] for g in NATIVE_DEFAULT))
    missing = {g: sorted(pieces - covered) for g, pieces in used.items() if pieces - covered}
    assert missing == {}


SLICE_ASSIGNMENT = re.compile(r"\[[^\]]*:[^\]]*\]\s*=[^=]")


def slice_assignments(source: str) -> list[str]:
    return [line for line in source.splitlines() if SLICE_ASSIGNMENT.search(line)]


@pytest.mark.parametrize("name", [g for g in [*ALL_GAMES, *VARIANTS]
                                  if support_of(load_named(g)) is None])
def test_no_generated_kernel_copies_a_state_by_slice_assignment(name: str) -> None:
    """A state is copied with ``copy_into``: numba compiles ``a[:] = b`` through its
    generic setitem, whose shape check formats an error message, a cold compile of
    seconds the first time a process meets it (docs/native.md, "Compilation")."""
    from framework.native.assemble import plan_of, source_of

    assert slice_assignments(source_of(plan_of(load_named(name)))) == []


def test_the_batch_and_search_modules_copy_no_state_by_slice_assignment() -> None:
    from framework.native.batch import BATCH
    from framework.native.search import SEARCH

    assert slice_assignments(BATCH) == slice_assignments(SEARCH) == []


def test_validate_says_whether_the_native_backend_plays_a_game() -> None:
    run = subprocess.run([sys.executable, "-m", "framework", "validate",
                          str(GAMES / "ataxx.yaml"), str(GAMES / "othello.yaml"),
                          str(GAMES / "breakthrough.yaml"), str(SNAKE)],
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert sum("native backend: yes" in line for line in lines) == 3
    assert any("native backend: no" in line and "snake" in line for line in lines)


def test_the_core_and_the_support_check_do_not_import_numba() -> None:
    code = ("import sys; from framework import load_game; from framework.native import "
            "support_of; from framework.cli.core import validate; "
            f"support_of(load_game({str(GAMES / 'ataxx.yaml')!r})); "
            "assert 'numba' not in sys.modules, 'numba imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


# With numba ------------------------------------------------------------------------------
numba = pytest.importorskip("numba")
from framework.native import NativeGame  # noqa: E402


@pytest.fixture(scope="module", params=[
    g if g in NATIVE_DEFAULT else pytest.param(g, marks=pytest.mark.slow) for g in SUPPORTED])
def native(request: pytest.FixtureRequest) -> NativeGame:
    return NativeGame(load_named(request.param))


def random_positions(native: NativeGame, count: int, seed: int) -> list:
    """Positions reached by random play from the start, none finished, each at the start
    of a turn (a native move is a whole turn)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = native.game.new_initial_state()  # type: ignore[attr-defined]
        random_playout(state, rng, rng.randrange(1, 30))
        if not state.is_terminal() and state.phase == 0:
            found.append(state)
    return found


def check_perft(native: NativeGame, state, depth: int) -> None:
    """Native perft against the Python engine's: by actions, or by turns when a choice is
    folded into the move (a native move is then a whole turn)."""
    count = perft_turns if native.plan.choices else perft
    st = native.encode(state)
    for d in range(depth + 1):
        leaves = native.perft(st, d)
        if leaves > 100_000:
            break  # the Python engine would take minutes (Pentago's third turn: 21,934,080)
        assert leaves == count(state, d), (state.to_fen(), d)


def test_perft_from_the_start(native: NativeGame) -> None:
    check_perft(native, native.game.new_initial_state(), 3)  # type: ignore[attr-defined]


def test_perft_from_random_positions(native: NativeGame) -> None:
    for state in random_positions(native, 5, seed=1):
        check_perft(native, state, 2)


def replay(native: NativeGame, seed: int, start=None, plies: int | None = None) -> int:
    """A random game of the kernels (its first ``plies`` moves, default the game's
    ``max_plies``), replayed through ``State.apply``; the states and the legal actions must
    agree after every action. Returns the plies."""
    state = start or native.game.new_initial_state()  # type: ignore[attr-defined]
    st = native.encode(state)
    _, moves = native.random_game(st, seed, plies)
    turns = bool(native.plan.choices)  # a native move is a whole turn: compare turns
    for ply, move in enumerate(moves):
        legal = native.legal(st)
        assert move in legal
        written = sorted(" ".join(a.notation for a in native.turn_of(state, m)) for m in legal)
        assert written == (sorted(t.notation for t in state.legal_turns()) if turns else
                           sorted(a.notation for a in state.legal_actions())), (seed, ply)
        actions = native.turn_of(state, move)
        assert native.move_of_turn(actions, state) == move
        for action in actions:
            state.apply(action)
        st = native.play(st, move)
        assert native.snapshot(st) == native.python_snapshot(state), (seed, ply)
    assert native.snapshot(st) == native.python_snapshot(state)
    return len(moves)


def test_random_games_replay_through_the_python_engine(native: NativeGame) -> None:
    for seed in range(8):
        replay(native, seed)


def test_playouts_end_with_a_result_and_repeat_for_a_seed(native: NativeGame) -> None:
    st = native.encode(native.game.new_initial_state())  # type: ignore[attr-defined]
    winners, plies = native.playouts(st, 50, seed=3)
    again, same = native.playouts(st, 50, seed=3)
    assert plies > 0 and plies == same and (winners == again).all()
    sides = 1 << len(native.game.players)
    assert all(-1 <= w < sides for w in winners.tolist())


def test_ataxx_perft_5_matches_the_published_count() -> None:
    native = NativeGame(load_game(GAMES / "ataxx.yaml"))
    st = native.encode(native.game.new_initial_state())  # type: ignore[attr-defined]
    assert native.perft(st, 5) == 4_752_668
    assert native.perft(st, 4, parallel=True) == 155_888
    assert sum(c for _, c in native.divide(st, 3)) == 6_460
    winners, plies = native.playouts(st, 100, seed=2, parallel=True)
    assert len(winners) == 100 and plies > 100 * 50
    assert set(winners.tolist()) <= {-1, 0, 1, 2}  # draws, x, o, unfinished


def test_a_finished_or_unsupported_state_is_handled() -> None:
    native = NativeGame(load_game(GAMES / "tic-tac-toe.yaml"))
    state = native.game.new_initial_state()  # type: ignore[attr-defined]
    for cell in ("a1", "b1", "a2", "b2", "a3"):
        state.apply(cell)
    st = native.encode(state)
    assert native.snapshot(st) == native.python_snapshot(state)
    assert native.perft(st, 1) == 0 and native.legal(st) == []
    with pytest.raises(BoardspecError, match="snake"):
        NativeGame(load_game(SNAKE))


#: The depth of the perft from 50 random positions where it is not 4: the Python engine's
#: chess perft by turns from 50 middle games at depth 4 takes hours (the published counts,
#: deeper, are in tests/test_native_chess.py).
RANDOM_DEPTH = {"Chess": 3}


@pytest.mark.slow
def test_the_issue_counts(native: NativeGame) -> None:
    """Depth 4 from the start and from 50 random positions; 1,000 random games."""
    check_perft(native, native.game.new_initial_state(), 4)  # type: ignore[attr-defined]
    for state in random_positions(native, 50, seed=2):
        check_perft(native, state, RANDOM_DEPTH.get(native.game.name, 4))
    for seed in range(1000):
        replay(native, 1000 + seed)


def test_perft_command_with_the_native_backend() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "framework", "perft", *args],
                              capture_output=True, text=True)

    found = run(str(GAMES / "ataxx.yaml"), "4", "--backend", "native")
    assert found.returncode == 0 and found.stdout.strip() == "155888"
    assert "native kernels" in found.stderr
    divided = run(str(GAMES / "connect-four.yaml"), "2", "--backend", "native", "--divide")
    assert divided.stdout.splitlines()[0] == "a: 7" and "total: 49" in divided.stdout
    # A game the kernels cannot play is counted by the Python engine, the reason said once.
    fallen = run(str(SNAKE), "3", "--backend", "native")
    snake = load_game(SNAKE)
    assert fallen.returncode == 0 and fallen.stdout.strip() == str(
        perft(snake.new_initial_state(), 3))
    assert fallen.stderr.count("cannot play") == 1 and "snake" in fallen.stderr
    assert "counting with the Python engine" in fallen.stderr


def test_rollout_values_are_the_evaluation_of_the_mcts_agent() -> None:
    """No plies: the native value of a position is ``Evaluator.squashed_all``."""
    import numpy as np

    from framework.agents.evaluation import Evaluator

    game = load_game(GAMES / "ataxx.yaml")
    native = NativeGame(game)
    evaluator = Evaluator(game)
    weights = np.array(evaluator.piece_weights)
    out = np.zeros(2)
    for state in random_positions(native, 10, seed=4):
        native.kernels.rollout_values(native.encode(state), 1, 0, 0, weights,
                                      evaluator.mobility, evaluator.scale, out)
        assert out.tolist() == pytest.approx(evaluator.squashed_all(state), abs=1e-12)
    native.kernels.rollout_values(native.encode(game.new_initial_state()), 4, 1, 10_000,
                                  weights, evaluator.mobility, evaluator.scale, out)
    assert out[0] == -out[1] and -1 <= out[0] <= 1  # whole games: wins and losses


def test_mcts_with_native_playouts_plays_legal_moves() -> None:
    from framework.agents.registry import make_agent

    game = load_game(GAMES / "ataxx.yaml")
    state = game.new_initial_state()
    agent = make_agent("mcts:60i:native", game, seed=5)
    again = make_agent("mcts:60i:native", game, seed=5)
    for _ in range(4):
        chosen = agent.decide(state)
        assert chosen == again.decide(state)  # the same seed, the same decisions
        assert chosen[0] in state.legal_actions()
        state.apply(chosen[0])


def test_mcts_native_on_a_game_the_kernels_cannot_play_says_so_once_and_plays() -> None:
    from framework.agents import base
    from framework.agents.registry import make_agent

    game = load_game(SNAKE)
    base.TOLD.difference_update([t for t in base.TOLD if t[0] == game.name])
    with pytest.warns(NativeFallback, match="snake") as told:
        agent = make_agent("mcts:8i:native", game, seed=1)
        make_agent("mcts:8i:native", game, seed=2)  # told already
    assert len(told) == 1 and agent.native is None and "in Python" in agent.native_note
    state = game.new_initial_state()
    assert agent.decide(state)[0] in state.legal_actions()


def test_mcts_native_leaves_a_game_scored_by_margins_to_python_playouts() -> None:
    """The kernels score a finished rollout as a win or a loss: Othello played for its
    disc margin (``scoring=margin``) keeps its playouts in Python, where a leaf's value is
    the margin as the game's returns are, and says why; its default scoring is native."""
    from framework.agents import base
    from framework.agents.registry import make_agent

    game = load_game(GAMES / "othello.yaml", {"scoring": "margin"})
    base.TOLD.difference_update([t for t in base.TOLD if t[0] == game.name])
    with pytest.warns(NativeFallback, match="margins"):
        agent = make_agent("mcts:8i:native", game, seed=1)
    assert agent.native is None and "in Python" in agent.native_note
    from framework.native import why_not_native

    assert why_not_native(load_game(GAMES / "othello.yaml")) is None


@pytest.mark.slow
def test_mcts_with_native_playouts_beats_mcts_with_python_playouts() -> None:
    """The issue's figure: at equal time per move on Ataxx, ≥ 70 % over 100 games."""
    from framework.bench.native import mcts_duel

    found = mcts_duel(games=100, seconds=0.05, seed=1)
    assert found["games"] == 100 and found["value"] >= 70, found


def test_an_optional_moves_phase_plays_its_skip() -> None:
    """``optional: true`` adds a skip action (listed last): the kernels play it too."""
    from framework.game import load_game_text

    text = (GAMES / "tic-tac-toe.yaml").read_text().replace(
        "    type: moves\n", "    type: moves\n    optional: true\n    skip: pass-turn\n", 1)
    game = load_game_text(text)
    assert support_of(game) is None
    native = NativeGame(game)
    start = game.new_initial_state()
    assert native.perft(native.encode(start), 3) == perft(start, 3)
    assert len(native.legal(native.encode(start))) == 10  # nine cells and the skip
    for seed in range(10):
        replay(native, seed, game.new_initial_state())


# Steps, leaps, zones, outflanking: the pieces beyond the bundled games' uses ----------------
STEPS = """
name: Knights and pawns
players:
  - {name: white, forward: n}
  - {name: black, forward: s}
board: {type: grid, rows: 6, columns: 6, adjacency: king}
zones:
  far: {white: [{row: 6}], black: [{row: 1}]}
pieces:
  pawn: {symbols: {white: P, black: p}}
  knight: {symbols: {white: N, black: n}}
setup:
  - type: fixed
    cells: {a1: {owner: white, piece: knight}, f1: {owner: white, piece: knight},
            a6: {owner: black, piece: knight}, f6: {owner: black, piece: knight},
            b2: white, c2: white, d2: white, e2: white, b5: black, c5: black, d5: black,
            e5: black}
turn:
  - name: move
    type: moves
    options:
      - {type: step, piece: pawn, directions: [forward], to: empty}
      - {type: step, piece: pawn, directions: [forward_left, forward_right], to: any,
         kind: take}
      - {type: leap, piece: knight, offsets: [[1, 2]], symmetric: true,
         to: empty_or_enemy, kind: jump}
no_legal_move: NO_MOVE
goals:
  - {type: reach_zone, zone: far, piece: pawn}
max_plies: 200
"""


def check_equivalence(game, games: int = 6) -> NativeGame:
    """Perft from the start and from random positions, and random games replayed."""
    native = NativeGame(game)
    check_perft(native, game.new_initial_state(), 3)
    for state in random_positions(native, 3, seed=5):
        check_perft(native, state, 2)
    for seed in range(games):
        replay(native, seed)
    return native


@pytest.mark.parametrize("no_move", ["win", "lose"])
def test_steps_leaps_zones_and_no_legal_move(no_move: str) -> None:
    """Forward-relative steps per player, ``to: any`` (an own piece is taken too), knight
    leaps, a zone per player for one kind, and the side without a move winning or
    losing."""
    from framework.game import load_game_text

    game = load_game_text(STEPS.replace("NO_MOVE", no_move))
    assert support_of(game) is None
    check_equivalence(game)


SLIDES = """
name: Rooks and runners
players:
  - {name: white, forward: n}
  - {name: black, forward: s}
board: {type: grid, rows: 6, columns: 6, adjacency: king, holes: [c3]}
pieces:
  rook: {symbols: {white: R, black: r}}
  runner: {symbols: {white: U, black: u}}
setup:
  - type: fixed
    cells: {a1: {owner: white, piece: rook}, f1: {owner: white, piece: rook},
            a6: {owner: black, piece: rook}, f6: {owner: black, piece: rook},
            b1: {owner: white, piece: runner}, e1: {owner: white, piece: runner},
            b6: {owner: black, piece: runner}, e6: {owner: black, piece: runner}}
turn:
  - name: move
    type: moves
    options:
      - {type: slide, piece: rook, directions: [n, e, s, w], to: empty_or_enemy}
      - {type: slide, piece: runner, directions: [forward, forward_left, forward_right],
         max: 2, to: empty_or_enemy, kind: run}
no_legal_move: lose
goals:
  - {type: no_pieces, then: opponent_wins}
max_plies: 120
"""


def test_slides_stop_at_pieces_holes_and_their_limit() -> None:
    """Rooks slide any distance, runners at most two cells along forward-relative
    directions; a hole, a piece or the edge ends a ray (a piece there may be taken)."""
    from framework.game import load_game_text

    game = load_game_text(SLIDES)
    assert support_of(game) is None
    check_equivalence(game)


def test_clobber_where_the_player_without_a_move_wins() -> None:
    from framework.game import load_game_text

    text = (GAMES / "clobber.yaml").read_text().replace("no_legal_move: lose",
                                                        "no_legal_move: win")
    native = check_equivalence(load_game_text(text))
    st = native.initial()
    winners, _ = native.playouts(st, 200, seed=1)
    # Clobber always ends with a player unable to move: that player (the mover) wins.
    assert set(winners.tolist()) == {1, 2}


@pytest.mark.parametrize(("board", "cells", "extra"), [
    # Walked directions: a hex board (rows of different lengths), a grid with holes.
    ("{type: hexhex, side: 4}", "{C3: x, D4: x, D5: o, E5: o, C4: o, D3: x}", ""),
    ("{type: grid, rows: 6, columns: 6, adjacency: king, holes: [b4, e3]}", None, ""),
    # Three players (a run may mix opponents), and flips limited to some directions.
    (None, "{c3: x, d4: x, c4: o, d3: o, b3: y, e4: y}", "three"),
    (None, None, "[n, e, s, w]"),
])
def test_outflanking_on_other_boards(board: str | None, cells: str | None,
                                     extra: str) -> None:
    from framework.game import load_game_text

    from .test_flanking import FIRST, GRID, START, game_text

    text = game_text(FIRST["place"], board=board or GRID, cells=cells or START,
                     directions="" if extra == "three" else extra)
    if extra == "three":
        text = text.replace("players: [x, o]", "players: [x, o, y]").replace(
            "{x: x, o: o}", "{x: x, o: o, y: y}")
    native = check_equivalence(load_game_text(text))
    # A board whose rows are not one id shift apart has its directions walked.
    assert ("_WALKED" in native.source) == (board is not None)


def test_othello_perft_matches_the_published_counts() -> None:
    from .test_othello import PUBLISHED

    native = NativeGame(load_game(GAMES / "othello.yaml"))
    st = native.initial()
    assert [native.perft(st, d) for d in range(1, 9)] == [PUBLISHED[d] for d in range(1, 9)]


def test_hex_swaps_to_the_mirror_cell_and_wins_by_a_chain() -> None:
    game = load_game(GAMES / "hex.yaml", {"size": 5})
    native = NativeGame(game)
    state = game.new_initial_state()
    state.apply("b1")
    st = native.encode(state)
    swap = next(m for m in native.legal(st) if native.action_of(state, m).notation == "swap")
    assert native.move_of(native.action_of(state, swap), state) == swap
    state.apply("swap")
    st = native.play(st, swap)
    assert native.snapshot(st) == native.python_snapshot(state)
    assert state.to_json()["cells"] == {"a2": {"owner": "white", "piece": "stone"}}
    # Black's chain a1-a5 joins rows 1 and 5 (a column of a hex rhombus touches row by row).
    won = game.state_from_json({"to_move": "white", "cells": {
        c: "black" for c in ("a1", "a2", "a3", "a4", "a5")}})
    st = native.encode(game.state_from_json({"to_move": "black", "cells": {
        c: "black" for c in ("a1", "a2", "a3", "a4")} | {"e1": "white"}}))
    a5 = next(m for m in native.legal(st) if m & 255 == game.board.cell("a5"))
    st = native.play(st, a5)
    assert won.is_terminal() and native.snapshot(st)[6] == frozenset({0})
