"""``draw`` (a result rule): a game that ends without a winner is a draw.

```yaml
no_legal_move: end_game   # the default: a full board leaves no placement, so the game ends
result: {type: draw}
```

Tic-tac-toe's full board: when no goal has named a winner and the game ends (the player to
move has no legal move, or a goal ends it to be scored), nobody wins. It is what a game with
no ``result`` rule does too; naming it puts the sentence in the rulebook and says that the
designer meant it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from framework.plugins import Result, ResultParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.engine.state import State


class DrawParams(ResultParams):
    type: Literal["draw"]


class Draw(Result):
    """Nobody wins."""

    keyword = "draw"
    reference = ".reference:RefDraw"
    native = ".native:DrawPiece"
    Params = DrawParams

    def winners(self, state: State) -> frozenset[int]:
        return frozenset()

    def reason(self, state: State, _: Translate = untranslated) -> str:
        return _("no move left")

    def describe(self, _: Translate = untranslated) -> str:
        if not self._places_pieces():  # a race, a game of moves: no board ever fills
            return _("A game that ends without a winner is a draw.")
        return _("A game that ends without a winner (for instance when the board is full) "
                 "is a draw.")

    def _places_pieces(self) -> bool:
        """Whether a move of the game puts a new piece on the board (so that a full board
        can end it)."""
        return any(getattr(option, "keyword", "") == "place"
                   for phase in self.game.phases for option in getattr(phase, "options", ()))
