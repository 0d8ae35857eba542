"""``build``: bring a new bare piece onto the board, or add to an attribute of one of your
pieces — from your supply, within the caps.

```yaml
turn:
  - name: build
    type: build
    piece: adaptoid               # the kind created (default: the first)
    create: adjacent_to_own       # an empty cell next to one of your pieces; or anywhere;
                                  # null: no creating
    attributes: [legs, pincers]   # which attributes may grow
    grow_by: 1
    attribute_notation: {legs: leg, pincers: pincer}   # a grow is written D5+leg
    when_impossible: skip         # mandatory, but passed over when nothing is possible
```

A create is written ``+D4``; a grow ``D5+leg``. A create needs a piece of the kind in the
owner's supply; a grow needs ``grow_by`` units of the attribute in supply, and respects the
attribute's ``max`` and the piece's ``max_attributes_total``. With ``when_impossible:
end_game`` a player who cannot build ends the game (``no_legal_move`` decides).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.supply import attribute_supply, attribute_total, limits, piece_supply
from framework.limits import MAX_COUNT
from framework.phases.optional import OptionalPhaseParams, cell_pattern, skip_action
from framework.plugins import Phase, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class BuildParams(OptionalPhaseParams):
    type: Literal["build"]
    piece: str | None = Field(default=None, description="the kind created (default: the first)")
    create: Literal["adjacent_to_own", "anywhere"] | None = Field(
        default="adjacent_to_own", description="where a new piece may go; null = no creating")
    attributes: list[str] = Field(default_factory=list,
                                  description="the attributes a grow may add to")
    grow_by: int = Field(default=1, ge=1, le=MAX_COUNT)
    attribute_notation: dict[str, str] = Field(
        default_factory=dict, description="how each attribute is written in a grow "
                                          "(default: its name)")
    when_impossible: Literal["skip", "end_game"] = "skip"


class Build(Phase):
    """Create a piece or grow one of yours."""

    keyword = "build"
    Params = BuildParams

    def __init__(self, params: BuildParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        names = board.names
        self.skip_when_impossible = params.when_impossible == "skip"
        self.kind = game.piece_kinds.index(params.piece) if params.piece else 0
        self.grown = tuple(game.attributes.index(a) for a in params.attributes)
        self.limits = limits(game)
        # Kinds whose pieces carry each grown attribute, as one mask test per cell.
        self.carriers = tuple(
            tuple(k for k, carried in enumerate(self.limits.carried_by) if a in carried)
            for a in self.grown)
        written = [params.attribute_notation.get(a, a) for a in params.attributes]
        self.creates = tuple(Action(self.name, "create", at=c, notation=f"+{names[c]}")
                             for c in range(board.size))
        self.grows = tuple(tuple(Action(self.name, "grow", at=c, attribute=attribute,
                                        notation=f"{names[c]}+{w}")
                                 for attribute, w in zip(params.attributes, written,
                                                         strict=True))
                           for c in range(board.size))
        self.skip = skip_action(params)
        cell = cell_pattern(names)
        alternatives = "|".join(re.escape(w) for w in written)
        patterns = []
        examples: list[str] = []
        if params.create:
            patterns.append(rf"\+{cell}")
            examples.append(f"+{names[0]}")
        if written:
            patterns.append(f"{cell}\\+(?:{alternatives})")
            examples.append(f"{names[0]}+{written[0]}")
        if self.skip:
            patterns.append(re.escape(self.skip.notation))
            examples.append(self.skip.notation)
        self.pattern = "|".join(patterns)
        self.notation_examples = tuple(examples)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: Any
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        for name in params.attribute_notation:
            if name not in params.attributes:
                yield (*loc, "attribute_notation", name), (
                    f"{name!r} is not one of this phase's 'attributes' "
                    f"({', '.join(params.attributes) or 'none'})")
        written = [params.attribute_notation.get(a, a) for a in params.attributes]
        if len(set(written)) < len(written):
            yield (*loc, "attribute_notation"), "two attributes are written the same way"
        if params.create is None and not params.attributes:
            yield loc, "this build can neither create ('create') nor grow ('attributes')"

    # Moves ---------------------------------------------------------------------------
    def _create_cells(self, state: State) -> int:
        mode = self.params.create
        if mode is None:
            return 0
        me = state.to_move
        left = piece_supply(state, me, self.kind)
        if left is not None and left <= 0:
            return 0
        empty = state.empty()
        if mode == "anywhere":
            return empty
        near = 0
        neighbours = self.game.board.neighbour_masks
        for c in iter_bits(state.owner[me]):
            near |= neighbours[c]
        return near & empty

    def _grow_cells(self, state: State, g: int) -> int:
        """The cells of the mover's pieces that may grow the ``g``-th grown attribute."""
        me = state.to_move
        a = self.grown[g]
        by = self.params.grow_by
        left = attribute_supply(state, me, a)
        if left is not None and left < by:
            return 0
        candidates = 0
        for kind in self.carriers[g]:
            candidates |= state.owner[me] & state.kinds[kind]
        values = state.attrs[a]
        cells = 0
        for c in iter_bits(candidates):
            kind = state.kind_of(c)
            cap = self.limits.attribute_max[kind][a]
            total = self.limits.total_max[kind]
            if cap is not None and values[c] + by > cap:
                continue
            if total is not None and attribute_total(state, c) + by > total:
                continue
            cells |= 1 << c
        return cells

    def actions(self, state: State) -> list[Action]:
        result = [self.creates[c] for c in iter_bits(self._create_cells(state))]
        for g in range(len(self.grown)):
            result += [self.grows[c][g] for c in iter_bits(self._grow_cells(state, g))]
        if self.skip:
            result.append(self.skip)
        return result

    def has_action(self, state: State) -> bool:
        if self.skip or self._create_cells(state):
            return True
        return any(self._grow_cells(state, g) for g in range(len(self.grown)))

    def apply(self, state: State, action: Action) -> None:
        if action.kind == "skip":
            return
        if action.kind == "create":
            state.place(action.at, state.to_move, self.kind)
        else:
            a = self.game.attributes.index(action.attribute)
            state.attrs[a][action.at] += self.params.grow_by

    # Rulebook --------------------------------------------------------------------------
    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        piece = p.piece or self.game.piece_kinds[0]
        options = []
        if p.create == "adjacent_to_own":
            options.append(_("create a new bare {piece} from your supply on an empty cell "
                             "next to one of your pieces").format(piece=_(piece)))
        elif p.create == "anywhere":
            options.append(_("create a new bare {piece} from your supply on any empty cell"
                             ).format(piece=_(piece)))
        if p.attributes:
            options.append(_("add {n} {attributes} from your supply to one of your pieces"
                             ).format(n=p.grow_by,
                                      attributes=_(" or ").join(_(a) for a in p.attributes)))
        text = _("Then {options}.").format(options=_(", or ").join(options))
        kind = self.game.spec.pieces[piece]
        if kind.max_attributes_total is not None and p.attributes:
            text += " " + _("No {piece} carries more than {n} {attributes} in all.").format(
                piece=_(piece), n=kind.max_attributes_total,
                attributes=_(" and ").join(_(a) for a in kind.attributes))
        if p.optional:
            text += " " + _("This step is optional: write {skip} to skip it.").format(
                skip=p.skip)
        elif p.when_impossible == "skip":
            text += " " + _("This step is mandatory, but skipped when nothing can be built.")
        return text
