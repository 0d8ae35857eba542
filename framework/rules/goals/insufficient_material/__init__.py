"""``insufficient_material``: the game is a draw when the pieces left on the board are one of
the declared combinations that cannot win (chess's dead positions by material).

```yaml
zones:
  dark: [a1, c1, e1, g1, b2, d2, f2, h2, …]   # the dark cells
goals:
  - type: insufficient_material
    ignore: [king]                         # never counted
    draws:
      - {pieces: {}}                       # the kings alone
      - {pieces: {knight: 1}}              # a single knight, whoever owns it
      - {pieces: {bishop: any}, shade: dark}   # bishops only, all on cells of one colour
```

The pieces of every player are counted together, by kind, leaving out the kinds in
``ignore``. A combination of ``draws`` matches when every kind it names is on the board as
many times as it says (``any``: any number, none included) and no other counted kind is
on the board; with ``shade``, the pieces of the kinds it names must moreover all stand on
cells of that zone or all off it (bishops that all move on one colour). When any
combination matches at a check, the game ends in a draw.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.limits import MAX_COUNT
from framework.plugins import (
    Goal,
    GoalParams,
    Loc,
    Rule,
    Translate,
    Verdict,
    counted,
    join_words,
    many,
    untranslated,
)
from framework.spec.terms import zone_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class Material(Rule):
    """One combination of pieces that cannot win."""

    pieces: dict[str, int | Literal["any"]] = Field(
        default_factory=dict, description="kind → how many of it are on the board "
        "(any: any number); the kinds not named must be absent")
    shade: str | None = Field(default=None, description="a zone: the named pieces all "
                              "stand on its cells or all off them")


class InsufficientMaterialParams(GoalParams):
    type: Literal["insufficient_material"]
    ignore: list[str] = Field(default_factory=list, description="kinds never counted (the "
                              "kings)")
    draws: list[Material] = Field(min_length=1, max_length=MAX_COUNT,
                                  description="the combinations that cannot win")


class InsufficientMaterial(Goal):
    """A draw when the material left cannot win."""

    keyword = "insufficient_material"
    Params = InsufficientMaterialParams
    reference = ".reference:RefInsufficientMaterial"
    native = ".native:InsufficientMaterialPiece"

    def __init__(self, params: InsufficientMaterialParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        kinds = game.piece_kinds
        #: The kinds that count, and per combination: (wanted count per counted kind, -1
        #: for any), and the mask of the shade zone with the kinds it is about (or 0).
        self.counted = tuple(k for k, name in enumerate(kinds) if name not in params.ignore)
        self.combinations: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
        for m in params.draws:
            wanted = tuple(-1 if m.pieces.get(kinds[k]) == "any" else
                           int(m.pieces.get(kinds[k], 0)) for k in self.counted)
            shade = game.zone_mask(m.shade, 0) if m.shade else 0
            shaded = tuple(kinds.index(n) for n in m.pieces) if m.shade else ()
            self.combinations.append((wanted, shade, shaded))
        #: The counted kinds no combination allows: one of them on the board is enough
        #: material (a pawn, a rook, a queen), the check most positions stop at.
        self.decisive = tuple(k for i, k in enumerate(self.counted)
                              if all(w[i] == 0 for w, _, _ in self.combinations))

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        for i, name in enumerate(params.ignore):
            if name not in ctx.pieces:
                yield (*loc, "ignore", i), ctx.unknown("piece", name, ctx.pieces)
        for i, m in enumerate(params.draws):
            for name, n in m.pieces.items():
                if name not in ctx.pieces:
                    yield (*loc, "draws", i, "pieces"), ctx.unknown("piece", name, ctx.pieces)
                elif name in params.ignore:
                    yield (*loc, "draws", i, "pieces"), (
                        f"{name!r} is in ignore, so it is never counted: leave it out here")
                elif isinstance(n, int) and n < 0:
                    yield (*loc, "draws", i, "pieces"), f"{name}: a count is 0 or more"
            if m.shade is not None:
                if m.shade not in ctx.zones:
                    yield (*loc, "draws", i, "shade"), ctx.unknown("zone", m.shade, ctx.zones)
                elif not m.pieces:
                    yield (*loc, "draws", i, "shade"), (
                        "a shade is about the pieces the combination names: name some")

    def evaluate(self, state: State) -> Verdict | None:
        kinds = state.kinds
        for k in self.decisive:
            if kinds[k]:
                return None
        counts = [kinds[k].bit_count() for k in self.counted]
        for wanted, shade, shaded in self.combinations:
            if any(w >= 0 and w != n for w, n in zip(wanted, counts, strict=True)):
                continue
            if shade:
                on = 0
                for k in shaded:
                    on |= kinds[k]
                if on & shade and on & ~shade:
                    continue
            return Verdict()
        return None

    def reason(self, state: State, _: Translate = untranslated) -> str:
        return _("insufficient material")

    def describe(self, _: Translate = untranslated) -> str:
        parts = []
        for m in self.params.draws:
            named = [(_("any number of {piece}").format(piece=many(_, p)) if n == "any" else
                      _("{n} {piece}").format(n=n, piece=counted(_, p, n)))
                     for p, n in m.pieces.items()]
            text = ", ".join(named) if named else _("nothing")
            if m.shade:
                text += " " + _("(all on {zone} or all off them)").format(
                    zone=zone_words(self.game, m.shade, _))
            parts.append(text)
        ignored = join_words(_, [many(_, p) for p in self.params.ignore])
        lead = _("Insufficient material: the game is a draw when the pieces left on the "
                 "board")
        if ignored:
            lead += " " + _("(not counting {pieces})").format(pieces=ignored)
        return _("{lead} are one of: {choices}.").format(lead=lead, choices="; ".join(parts))
