"""``no_pieces``: the game ends when a side has no piece on the board.

```yaml
goals:
  - {type: no_pieces, then: score}        # Ataxx: the result rule (majority) decides
  - {type: no_pieces, then: opponent_wins}
```

``opponent_wins``: the last player with pieces wins (with two, the opponent); with more
players, one without pieces is out and the others play on until only one has pieces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.plugins import Goal, GoalParams, Translate, Verdict, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class NoPiecesParams(GoalParams):
    type: Literal["no_pieces"]
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")
    then: Literal["score", "opponent_wins"] = Field(
        default="score", description="the game ends and the result rule scores it, or the "
                                     "other player wins")


class NoPieces(Goal):
    """A side without pieces ends the game."""

    keyword = "no_pieces"
    reference = ".reference:RefNoPieces"
    native = ".native:NoPiecesPiece"
    Params = NoPiecesParams

    def __init__(self, params: NoPiecesParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1

    def evaluate(self, state: State) -> Verdict | None:
        kind_mask = state.kinds[self.kind] if self.kind >= 0 else -1
        for mask in state.owner:  # checked on every turn: the common "no" is kept cheap
            if not mask & kind_mask:
                break
        else:
            return None
        if self.params.then == "score":
            return Verdict(score=True)
        # The last side with pieces wins (two players: the opponent); while two or more have
        # some, the others play on. When none has, all do, and the tie_break settles it.
        survivors = [s for s, m in enumerate(state.owner) if m & kind_mask]
        if len(survivors) > 1:
            return None
        return Verdict(frozenset(survivors or range(len(state.owner))))

    def reason(self, state: State, _: Translate = untranslated) -> str:
        return _("no pieces left")

    def describe(self, _: Translate = untranslated) -> str:
        if self.params.then == "score":
            return _("When a player has no piece left on the board, the game ends and is "
                     "scored.")
        if len(self.game.players) > 2:
            return _("When only one player has pieces left on the board, that player wins.")
        return _("When a player has no piece left on the board, the other player wins.")
