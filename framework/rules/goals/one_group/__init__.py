"""``one_group``: a player whose pieces all form one group of touching pieces wins (Lines
of Action).

```yaml
board: {type: grid, rows: 8, columns: 8, adjacency: king}   # touching: the 8 neighbours
goals:
  - {type: one_group}
tie_break: last_mover   # both players joined by one move: the mover wins
```

Two pieces touch when their cells are linked on the board (its ``adjacency``); a group is
a set of a player's pieces each reachable from the others through touching pieces. A
player with one piece left has one group; a player with none has no group and does not win
this way. ``piece`` counts only one kind (the player's other pieces then do not matter).
The whole board is looked at on every goal check, so a group joined by a capture of the
other player's pieces counts too; if two players have one group each at the same check,
the game's ``tie_break`` decides. ``connect`` is the goal of a group that reaches zones
(Hex); this one asks for every piece, wherever it stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.moves.groups import Links
from framework.plugins import GoalParams, Translate, untranslated
from framework.rules.goals.sides import SideGoal

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class OneGroupParams(GoalParams):
    type: Literal["one_group"]
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")


class OneGroup(SideGoal):
    """All of a player's pieces in one group wins."""

    keyword = "one_group"
    reference = ".reference:RefOneGroup"
    native = ".native:OneGroupPiece"
    Params = OneGroupParams

    def __init__(self, params: OneGroupParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.links = Links.of(game.board)

    def joined(self, pieces: int) -> bool:
        """Whether ``pieces`` (at least one) are one group over the board's links."""
        if not pieces:
            return False
        return self.links.group_of((pieces & -pieces).bit_length() - 1, pieces) == pieces

    def met(self, state: State, side: int, pieces: int) -> bool:
        return self.joined(pieces)

    def reason(self, state: State, _: Translate = untranslated) -> str:
        return _("all the pieces in one group")

    def describe(self, _: Translate = untranslated) -> str:
        if self.params.piece:
            text = _("A player whose pieces of kind {piece} all form one group wins: each "
                     "of them touches another, so that every one can be reached from any "
                     "other through touching pieces.").format(piece=_(self.params.piece))
        else:
            text = _("A player whose pieces all form one group wins: each of them touches "
                     "another, so that every one can be reached from any other through "
                     "touching pieces.")
        return text + " " + _("A single piece is a group; a player with no piece has none.")
