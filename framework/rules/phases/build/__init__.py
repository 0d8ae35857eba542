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

A preset: it expands into a ``moves`` phase of a ``place`` primitive (the create) and one
``grow`` primitive per attribute (``framework/rules/moves/``), which do all the work.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.limits import MAX_COUNT
from framework.rules.moves.grow import GrowParams
from framework.rules.moves.place import PlaceParams
from framework.rules.phases.moves import Moves, MovesParams
from framework.moves.optional import OptionalPhaseParams
from framework.plugins import (
    Translate,
    counted,
    join_words,
    many,
    ngettext,
    untranslated,
)

if TYPE_CHECKING:
    from framework.spec.semantics import SpecContext


class BuildParams(OptionalPhaseParams):
    type: Literal["build"]
    piece: str | None = Field(default=None, description="the kind created (default: the first)")
    create: Literal["adjacent_to_own", "anywhere"] | None = Field(
        default="adjacent_to_own", description="where a new piece may go; null = no creating")
    attributes: list[str] = Field(default_factory=list,
                                  description="the attributes a grow may add to")
    grow_by: int = Field(default=1, ge=1, le=MAX_COUNT, description="how much one growth adds")
    attribute_notation: dict[str, str] = Field(
        default_factory=dict, description="how each attribute is written in a grow "
                                          "(default: its name)")
    when_impossible: Literal["skip", "end_game"] = Field(
        default="skip", description="when nothing can be built: the step is passed over, or "
                                    "the game ends as for a player without a move")


class Build(Moves):
    """Create a piece or grow one of yours."""

    keyword = "build"
    reference = None
    no_twin_reason = ("a preset of the moves phase: checked and compiled as the "
                      "moves phase it expands into")
    native = None
    Params = BuildParams

    @classmethod
    def expand(cls, params: Any) -> MovesParams:
        options: list[Any] = []
        if params.create:
            options.append(PlaceParams(type="place", piece=params.piece, where=params.create,
                                       kind="create", notation="+{to}"))
        for attribute in params.attributes:
            written = params.attribute_notation.get(attribute, attribute)
            options.append(GrowParams(type="grow", attribute=attribute, by=params.grow_by,
                                      notation="{at}+" + written))
        return MovesParams(name=params.name, type="moves", optional=params.optional,
                           skip=params.skip, when_impossible=params.when_impossible,
                           options=options)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
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

    # Rulebook --------------------------------------------------------------------------
    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        piece = p.piece or self.game.piece_kinds[0]
        kind = self.game.spec.pieces[piece]
        bare = join_words(_, [many(_, a) for a in kind.attributes], negated=True)
        options = []
        if p.create == "adjacent_to_own":
            options.append((_("place a new {piece} from your supply, with no {attributes}, on "
                              "an empty cell next to one of your {pieces}") if bare else
                            _("place a new {piece} from your supply on an empty cell next to "
                              "one of your {pieces}")).format(
                piece=_(piece), attributes=bare, pieces=many(_, piece)))
        elif p.create == "anywhere":
            options.append((_("place a new {piece} from your supply, with no {attributes}, on "
                              "any empty cell") if bare else
                            _("place a new {piece} from your supply on any empty cell")).format(
                piece=_(piece), attributes=bare))
        if p.attributes:
            grown = join_words(_, [ngettext("one {attribute}", "{n} {attribute}", p.grow_by, _)
                                   .format(n=p.grow_by, attribute=counted(_, a, p.grow_by))
                                   for a in p.attributes], either=True)
            options.append(_("add {grown} from your supply to one of your {pieces} on the "
                             "board").format(grown=grown, pieces=many(_, piece)))
        text = (_("Then you may {options}.") if p.optional else
                _("Then you must {options}.")).format(options=_(", or ").join(options))
        if kind.max_attributes_total is not None and p.attributes:
            text += " " + _("No {piece} may carry more than {n} {attributes} in all.").format(
                piece=_(piece), n=kind.max_attributes_total,
                attributes=join_words(_, [many(_, a) for a in kind.attributes]))
        if not p.optional and p.when_impossible == "skip":
            text += " " + _("When nothing can be built, this step is skipped.")
        return text
