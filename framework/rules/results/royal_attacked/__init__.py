"""``royal_attacked`` (a result rule): a game that ends without a winner is lost by the
player to move if its royal piece is attacked, and a draw otherwise.

```yaml
restrictions:
  - {type: royal, piece: king}
no_legal_move: end_game            # the default: no legal move ends the game …
result: {type: royal_attacked, piece: king}   # … checkmate loses, stalemate draws
```

With the ``royal`` restriction, a player with no legal move whose king is attacked is
checkmated (every other player wins); one whose king is not attacked is stalemated (a
draw). A goal that ends the game "to be scored" is scored the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.engine.bits import iter_bits
from framework.moves.attacks import attacks_of
from framework.plugins import Result, ResultParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class RoyalAttackedParams(ResultParams):
    type: Literal["royal_attacked"]
    piece: str = Field(description="the royal kind")


class RoyalAttacked(Result):
    """Checkmate loses; a game that ends otherwise is a draw."""

    keyword = "royal_attacked"
    reference = ".reference:RefRoyalAttacked"
    native = ".native:RoyalAttackedPiece"
    Params = RoyalAttackedParams

    def __init__(self, params: RoyalAttackedParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.kind = game.piece_kinds.index(params.piece)

    def winners(self, state: State) -> frozenset[int]:
        me = state.to_move
        attacks = attacks_of(self.game)
        royal = state.owner[me] & state.kinds[self.kind]
        if any(attacks.attacked(state, c, me) for c in iter_bits(royal)):
            return frozenset(range(len(state.owner))) - {me}
        return frozenset()

    def reason(self, state: State, _: Translate = untranslated) -> str:
        return _("checkmate") if state.winners else _("stalemate")

    def describe(self, _: Translate = untranslated) -> str:
        return _("A player who has no legal move loses if its {piece} is attacked "
                 "(checkmate); otherwise the game is a draw (stalemate).").format(
                     piece=_(self.params.piece))
