"""What ``boardspec bench`` measures: one ``Figure`` per row of its table, in order."""

from __future__ import annotations

from dataclasses import dataclass

#: Games of the match figures (Assimilation, random against random, seats swapped).
MATCH_GAMES = 1000


@dataclass(frozen=True)
class Figure:
    name: str
    what: str
    unit: str
    higher_is_better: bool
    peer: bool = False
    target: float | None = None  # the ratio ours/peer we must reach
    peer_runs: int | None = None  # a peer too slow to run every repeat: at most this often
    peer_name: str = "python-ataxx"  # whose figure the peer column holds
    floor: float | None = None  # the value ours must reach, whatever the peer's


FIGURES: tuple[Figure, ...] = (
    Figure("ataxx_perft5", "Ataxx perft(5) from the start", "s", False, peer=True, target=10),
    Figure("ataxx_playouts", "Ataxx random playouts, start to end", "games/s", True,
           peer=True, target=5),
    Figure("adaptoid_playouts", "Adaptoid random playouts, start to end", "games/s", True),
    Figure("othello_playouts", "Othello random playouts, start to end (peer: OpenSpiel's "
           "C++ othello)", "games/s", True, peer=True, peer_name="OpenSpiel"),
    Figure("connect_four_playouts", "Connect Four random playouts, start to end (peer: "
           "OpenSpiel's C++ connect_four, its C++ random bots)", "games/s", True, peer=True,
           peer_name="OpenSpiel"),
    Figure("chess_playouts", "Chess random playouts, start to end (peer: OpenSpiel's C++ "
           "chess, its C++ random bots)", "games/s", True, peer=True, peer_name="OpenSpiel"),
    Figure("chess_perft4", "Chess perft(4) from the start (by turns)", "s", False, peer=True,
           target=1 / 3, peer_name="python-chess"),
    Figure("adaptoid_perft_turns2", "Adaptoid perft by turns, depth 2 (mid-game)", "s", False),
    Figure("adaptoid_perft_turns3", "Adaptoid perft by turns, depth 3 (mid-game)", "s", False),
    Figure("load_first", "load + compile, first call in a process (slowest game)", "ms",
           False),
    Figure("load_again", "load + compile, later calls (slowest game)", "ms", False),
    Figure("help", "`boardspec --help`, whole process", "ms", False),
    Figure("state_bytes", "bytes per state (mid-game Ataxx / Adaptoid)", "B", False,
           peer=True),
    Figure("match_local_1", f"{MATCH_GAMES:,}-game random match, 1 process (wall clock)",
           "games/s", True),
    Figure("match_local_2", f"{MATCH_GAMES:,}-game random match, pool of 2 processes "
           "(wall clock)", "games/s", True),
    Figure("match_ray_1", f"{MATCH_GAMES:,}-game random match, Ray with 1 CPU (wall clock)",
           "games/s", True),
    Figure("match_ray_2", f"{MATCH_GAMES:,}-game random match, Ray with 2 CPUs (wall clock)",
           "games/s", True),
    # The native backend (framework/native, the [fast] extra): framework/bench/native.py.
    Figure("native_perft5", "Ataxx perft(5), native kernels", "s", False, peer=True,
           target=1000),
    Figure("native_perft6", "Ataxx perft(6), native kernels (peer: one run)", "s", False,
           peer=True, peer_runs=1),
    Figure("native_playouts", "Ataxx random playouts, native kernels", "games/s", True,
           peer=True),
    Figure("native_c4_playouts", "Connect Four random playouts, native kernels (peer: "
           "OpenSpiel's C++ through pyspiel)", "games/s", True, peer=True, target=1,
           peer_name="OpenSpiel"),
    Figure("native_othello_playouts", "Othello random playouts, native kernels (peer: "
           "OpenSpiel's C++ othello, its C++ random bots)", "games/s", True, peer=True,
           target=1, peer_name="OpenSpiel"),
    Figure("native_breakthrough_playouts", "Breakthrough random playouts, native kernels "
           "(peer: OpenSpiel's C++ breakthrough, its C++ random bots)", "games/s", True,
           peer=True, target=1, peer_name="OpenSpiel"),
    Figure("native_checkers_playouts", "English draughts random playouts, native kernels "
           "(peer: OpenSpiel's C++ checkers, its C++ random bots)", "games/s", True,
           peer=True, target=1, peer_name="OpenSpiel"),
    Figure("native_chess_perft5", "Chess perft(5) from the start (by turns), native kernels "
           "(peer: python-chess, one run)", "s", False, peer=True, peer_runs=1,
           peer_name="python-chess"),
    Figure("native_chess_perft5_process", "Chess perft(5) from the start (by turns), "
           "`boardspec perft --backend native` as a whole process, run before (peer: "
           "python-chess's whole process, one run)", "s", False, peer=True, peer_runs=1,
           target=20, peer_name="python-chess"),
    Figure("native_chess_playouts", "Chess random playouts, native kernels (peer: "
           "OpenSpiel's C++ chess, its C++ random bots)", "games/s", True, peer=True,
           target=1, peer_name="OpenSpiel"),
    *(Figure(f"native_{name}_plies", f"{what} random playouts per ply, native kernels (peer: "
             "OpenSpiel's C++ game in the faster of its C++ loops, uniform random bots "
             "through evaluate_bots or MCTSBot's random rollouts; its plies counted "
             "untimed)",
             "plies/s", True, peer=True, target=1, peer_name="OpenSpiel")
      for name, what in (("go9", "Go 9×9"), ("go19", "Go 19×19"),
                         ("amazons", "Amazons (a ply: a whole turn)"), ("y", "Y"),
                         ("havannah", "Havannah (side 8)"), ("hex11", "Hex 11×11"),
                         ("gomoku", "Gomoku 15×15"), ("lines_of_action", "Lines of Action"),
                         ("pentago", "Pentago (a ply: a placement and its twist)"),
                         ("phantom_ttt", "Phantom tic-tac-toe (a ply: a try)"),
                         ("dark_hex", "Dark Hex 3×3 (a ply: a try)"),
                         ("tic_tac_toe", "Tic-tac-toe"), ("connect_four", "Connect Four"),
                         ("othello", "Othello (a pass is a ply)"),
                         ("breakthrough", "Breakthrough"),
                         ("checkers", "English draughts (a ply: one jump of a chain)"),
                         ("chess", "Chess"), ("clobber", "Clobber"),
                         ("dots_and_boxes", "Dots and Boxes"),
                         ("kalah", "Kalah (OpenSpiel's mancala)"),
                         ("nine_mens_morris", "Nine Men's Morris (a ply: a whole turn, the "
                          "removal after a mill in it)"),
                         ("shogi", "Shogi (a ply: a move or a drop, its promotion in it, "
                          "as OpenSpiel's actions)"),
                         ("backgammon", "Backgammon (a ply: chance's roll, or a play of "
                          "both dice, as OpenSpiel's actions)"))),
    Figure("native_vector_steps", "Connect Four, 4,096 games stepped together in the kernels "
           "with random legal actions, per game step (peer: OpenSpiel's C++ connect_four, "
           "its C++ random bots, per ply)", "steps/s", True, peer=True, target=1,
           peer_name="OpenSpiel", floor=5e6),
    Figure("native_compile_cold", "Ataxx native kernels: compile, empty cache", "s", False),
    Figure("native_compile_cached", "Ataxx native kernels: load from numba's cache", "s",
           False),
    Figure("native_alphabeta_d4", "alphabeta:d4:native deciding in 5 Breakthrough positions "
           "(peer: alphabeta:d4:python, the Python agent with its transposition table)", "s", False,
           peer=True, peer_name="Python alphabeta"),
    Figure("native_mcts", "MCTS native vs Python playouts, Ataxx, 0.05 s/move: native's "
           "score", "%", True),
)
#: Figures that need Ray (the [ray] extra): run only when it is installed.
RAY_FIGURES = ("match_ray_1", "match_ray_2")
#: Figures that need numba (the [fast] extra).
NATIVE_FIGURES = tuple(f.name for f in FIGURES if f.name.startswith("native_"))
