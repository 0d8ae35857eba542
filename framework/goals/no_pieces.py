"""``no_pieces``: the game ends when a side has no piece on the board.

```yaml
goals:
  - {type: no_pieces, then: score}        # Ataxx: the result rule (majority) decides
  - {type: no_pieces, then: opponent_wins}
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.plugins import Goal, Rule, Translate, Verdict, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class NoPiecesParams(Rule):
    type: Literal["no_pieces"]
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")
    then: Literal["score", "opponent_wins"] = Field(
        default="score", description="the game ends and the result rule scores it, or the "
                                     "other player wins")


class NoPieces(Goal):
    """A side without pieces ends the game."""

    keyword = "no_pieces"
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
        empty_sides = [s for s, m in enumerate(state.owner) if not m & kind_mask]
        if self.params.then == "score":
            return Verdict(score=True)
        # A side wins when every other side is empty: if all are, all win (tie_break).
        sides = range(len(state.owner))
        return Verdict(frozenset(s for s in sides
                                 if all(o == s or o in empty_sides for o in sides)))

    def describe(self, _: Translate = untranslated) -> str:
        if self.params.then == "score":
            return _("When a player has no piece left on the board, the game ends and is "
                     "scored.")
        return _("When a player has no piece left on the board, the other player wins.")
