"""Attacks are the primitive's own capability (issue 51): whether a move could capture on a
cell is asked of each option (``Primitive.capturing``, ``captures_on``, ``attack_check``;
the reference twin's ``attacks``), never of a keyword list in ``framework/moves/attacks.py``
or ``framework/reference/attacks.py``.

A third-party primitive, ``lunge``, steps onto an empty cell and captures the enemy piece
on the cell beyond, in the same direction (an approach capture): it captures off its
landing cell. Beside a royal king, the engine (asking the plugin's ``captures_on``) and
the reference twin (playing the plugin's twin) agree at every ply of random games; with
the default ``captures_on`` (targets holding an enemy piece) they would not, since a
lunge never lands on a piece. Natively, the plugin's kernel piece gives its moves and its
attacks (``attack_lines``), and perft equals the Python engine's."""

from __future__ import annotations

import random
from pathlib import Path

from framework import load_game_text
from framework.check.reference import ReferenceGame
from framework.moves.attacks import attacks_of

from .third_party import installed

LUNGE = '''
"""``lunge``: step onto an empty cell, capturing the enemy piece just beyond."""
from typing import Literal
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.kernel.pieces import FromSourcesPiece
from framework.moves.base import Primitive, own_of_kind, kind_index, written
from framework.plugins import OptionParams
from framework.reference.moves import RefPrimitive, tagged

class LungeParams(OptionParams):
    type: Literal["lunge"]
    piece: str | None = None
    notation: str = "{from}{to}"

class Lunge(Primitive):
    keyword = "lunge"
    reference = ":RefLunge"
    native = ":LungePiece"
    Params = LungeParams

    def __init__(self, params, phase, game):
        super().__init__(params, phase, game)
        board = game.board
        self.template = "{from}{to}"
        self.piece = kind_index(game, params.piece)
        # per cell: (landing, beyond) along n, e, s, w
        self.pairs = []
        for c in range(board.size):
            row = []
            for name in ("n", "e", "s", "w"):
                d = board.directions.index(name)
                land = board.step[c][d]
                if land >= 0:
                    row.append((land, board.step[land][d]))
            self.pairs.append(tuple(row))
        self.moves = tuple({land: Action(phase, "lunge", src=c, dst=land,
                                         notation=written(self.template, board.written,
                                                          c, land))
                            for land, _ in self.pairs[c]} for c in range(board.size))

    @classmethod
    def kinds_of(cls, params):
        return (("lunge", ""),)

    def sources(self, state, masks):
        return own_of_kind(state, masks, self.piece)

    def targets(self, state, masks, src):
        found = 0
        for land, _ in self.pairs[src]:
            if masks.empty >> land & 1:
                found |= 1 << land
        return found

    def captures_on(self, state, masks, src):
        found = 0
        for land, beyond in self.pairs[src]:
            if masks.empty >> land & 1 and beyond >= 0 and masks.enemy >> beyond & 1:
                found |= 1 << beyond
        return found

    def action(self, masks, src, dst):
        return self.moves[src][dst]

    def apply(self, state, action):
        src, dst = action.src, action.dst
        beyond = next(b for land, b in self.pairs[src] if land == dst)
        state.move_piece(src, dst)
        if beyond >= 0 and state.owner_of(beyond) not in (-1, state.to_move):
            state.remove(beyond)
        self.landed_on(state, dst)

    def action_space(self):
        return tuple(a for row in self.moves for a in row.values())

    def describe(self, _=None):
        return "a lunge"


class LungePiece(FromSourcesPiece):
    """Its native kernel piece: a step onto an empty neighbour, the enemy piece beyond
    captured; its attacks (attack_lines) read backwards from the cell."""

    KNOWN = frozenset({"piece", "notation"})
    PLACES = False
    WIDE = True

    def __init__(self, option, index):
        super().__init__(option, index)
        size = self.size = option.game.board.size
        land, beyond = [0] * size, [-1] * (size * size)
        for c, row in enumerate(option.pairs):
            for near, far in row:
                land[c] |= 1 << near
                beyond[c * size + near] = far
        self.land = self.table("LAND", land)
        self.beyond = self.table("BEYOND", beyond, "int64")
        if option.piece >= 0:
            self.sources = f"(own & {self.m.get(f'KINDS + {option.piece}')})"

    def _from(self, s):
        return f"{self.m.row(self.land, s)} & empty"

    def apply(self):
        m = self.m
        return ["move_piece(st, src, dst)", f"b = {self.beyond}[src * {self.size} + dst]",
                "if b >= 0:", "    for s in range(S):",
                f"        if s != side and {m.test(m.get('s'), 'b')}:",
                "            capture(st, b, side)", *self.landing(False)]

    @staticmethod
    def attack_lines(attacks, i, option, pieces):
        size = option.game.board.size
        pairs = [[-1] * 8 for _ in range(size)]  # per cell: up to 4 (lunger, landing)
        for src, row in enumerate(option.pairs):
            for near, far in row:
                if far >= 0:
                    k = pairs[far].index(-1)
                    pairs[far][k:k + 2] = [src, near]
        table = attacks.table(f"LUNGE{i}", [v for row in pairs for v in row], "int64")
        m = attacks.m
        return ["    for j in range(4):", f"        f = {table}[cell * 8 + 2 * j]",
                f"        near = {table}[cell * 8 + 2 * j + 1]",
                f"        if f >= 0 and {m.test(pieces, 'f')} and not {m.test('occ', 'near')}:",
                "            return True"]


class RefLunge(RefPrimitive):
    @staticmethod
    def moves(phase, option, s):
        board = phase.board
        found = {}
        for src in s.pieces_of(s.to_move, option.piece):
            for d in ("n", "e", "s", "w"):
                land = board.step(src, d)
                if land is None or land in s.cells or land in s.gaps:
                    continue
                beyond = board.step(land, d)

                def play(t, src=src, land=land, beyond=beyond):
                    t.cells[land] = t.cells.pop(src)
                    if beyond in t.cells and t.cells[beyond]["owner"] != t.to_move:
                        del t.cells[beyond]
                found[src + land] = tagged("lunge", play)
        return found
'''

GAME = """\
name: Lunges
description: Kings and lungers.
players: [{name: white, forward: n}, {name: black, forward: s}]
board: {type: grid, rows: 5, columns: 5, adjacency: king}
pieces:
  king:
    symbols: {white: K, black: k}
    moves: [{type: step, to: empty_or_enemy}]
  lunger:
    symbols: {white: L, black: l}
    moves: [{type: lunge}]
setup:
  - type: fixed
    cells:
      c1: {owner: white, piece: king}
      a1: {owner: white, piece: lunger}
      e1: {owner: white, piece: lunger}
      b2: {owner: white, piece: lunger}
      c5: {owner: black, piece: king}
      a5: {owner: black, piece: lunger}
      e5: {owner: black, piece: lunger}
      d4: {owner: black, piece: lunger}
turn:
  - {name: move, type: moves, piece_moves: true}
restrictions:
  - {type: royal, piece: king}
no_legal_move: end_game
result: {type: royal_attacked, piece: king}
goals:
  - {type: outcome, winner: draw, if: {type: turn, at_least: 30}}
max_plies: 58
"""


def test_a_third_party_primitive_attacks_as_it_captures_for_the_engine_and_the_twin(
        tmp_path: Path) -> None:
    with installed(tmp_path, "lunging", LUNGE,
                   "[boardspec.rules]\nmoves.lunge = lunging:Lunge\n"):
        game = load_game_text(GAME, "lunges.yaml")
        ref = ReferenceGame(game.spec)
        rng = random.Random(11)
        checks = 0
        for _ in range(8):
            state = game.new_initial_state()
            while not state.is_terminal():
                mirror = ref.from_json(state.to_json())
                ours = sorted(a.notation for a in state.legal_actions())
                assert ours == sorted(ref.legal(mirror)), state.to_json()
                assert state.returns() == ref.returns(mirror)
                king = state.owner[state.to_move] & state.kinds[0]
                if king:
                    cell = king.bit_length() - 1
                    attacks = attacks_of(game)
                    checks += attacks.attacked(state, cell, state.to_move)
                    assert attacks.attacked(state, cell, state.to_move) == \
                        attacks.attacked_generic(state, cell, state.to_move)
                state.apply(rng.choice(ours))
            assert state.returns() == ref.returns(ref.from_json(state.to_json()))
        assert checks > 0  # the lungers did give check, off their landing cells
        # natively too: its kernel piece moves and attacks as the plugin says
        from framework.native import NativeGame, support_of
        from framework.perft import perft

        assert support_of(game) is None
        native = NativeGame(game)
        state = game.new_initial_state()
        for _ in range(24):
            if state.is_terminal():
                break
            assert native.perft(native.encode(state), 3) == perft(state, 3), state.to_json()
            state.apply(rng.choice([a.notation for a in state.legal_actions()]))
