"""The built-in boards' direction names as words of the rulebook, in every language.

A grid's and a hex board's directions are compass points (``n``, ``ne``, ... ``nw``;
north is towards the higher ranks, the top of the diagrams). The rulebook writes them as
words, translated whole: a motion ("falls southwards", Spanish "hacia el sur") and a line
through a cell and both its ends ("north–south"). A custom board's own direction names
are shown as they are written in the game file.
"""

from __future__ import annotations

from framework.plugins import Translate, untranslated


def N_(text: str) -> str:  # gettext's "mark now, translate later" (see framework.i18n)
    return text


#: Moving in a direction: "the piece falls {motion}".
MOTIONS = {
    "n": N_("northwards (up)"), "ne": N_("north-eastwards"), "e": N_("eastwards"),
    "se": N_("south-eastwards"), "s": N_("southwards (down)"), "sw": N_("south-westwards"),
    "w": N_("westwards"), "nw": N_("north-westwards"),
}
#: A line along a direction and its opposite.
AXES = {
    frozenset({"n", "s"}): N_("north–south"), frozenset({"e", "w"}): N_("east–west"),
    frozenset({"ne", "sw"}): N_("north-east–south-west"),
    frozenset({"nw", "se"}): N_("north-west–south-east"),
}


def motion(direction: str, _: Translate = untranslated) -> str:
    """How a move in ``direction`` is said after a verb of motion: "southwards (down)"."""
    word = MOTIONS.get(direction)
    return _(word) if word else _("in direction {direction}").format(direction=direction)


def axis(direction: str, opposite: str, _: Translate = untranslated) -> str:
    """The line along ``direction`` and its ``opposite``: "north–south"."""
    word = AXES.get(frozenset({direction, opposite}))
    return _(word) if word else f"{direction}–{opposite}"


#: Sets of directions a rulebook names as one: a rook's four, a man's two diagonals.
GROUPS = {
    frozenset({"n", "e", "s", "w"}): N_("along a row or a column"),
    frozenset({"forward", "backward", "left", "right"}): N_("along a row or a column"),
    frozenset({"ne", "se", "sw", "nw"}): N_("diagonally"),
    frozenset({"forward_left", "forward_right", "backward_left", "backward_right"}):
        N_("diagonally"),
    frozenset({"forward_left", "forward_right"}): N_("diagonally forward"),
    frozenset({"backward_left", "backward_right"}): N_("diagonally backward"),
    frozenset({"n", "ne", "e", "se", "s", "sw", "w", "nw"}): N_("in any direction"),
    frozenset({"ne", "e", "se", "sw", "w", "nw"}): N_("in any direction"),
}
#: A player's own directions, one at a time.
RELATIVE = {
    "forward": N_("forward"), "backward": N_("backward"), "left": N_("to the left"),
    "right": N_("to the right"), "forward_left": N_("diagonally forward to the left"),
    "forward_right": N_("diagonally forward to the right"),
    "backward_left": N_("diagonally backward to the left"),
    "backward_right": N_("diagonally backward to the right"),
}


def directions_phrase(names: list[str] | tuple[str, ...], _: Translate = untranslated,
                      ) -> str:
    """Directions as a move's rulebook text says them, after its verb: a set of them by its
    name ("diagonally", "along a row or a column"), else each in words ("forward",
    "north-eastwards"), never a file's compass letter."""
    group = GROUPS.get(frozenset(names))
    if group:
        return _(group)
    from framework.plugins import join_words

    words = [_(RELATIVE[n]) if n in RELATIVE else motion(n, _) for n in names]
    return join_words(_, words, either=True)


#: A board's edge, the side of the diagrams it is drawn on.
EDGES = {"n": N_("the top edge"), "s": N_("the bottom edge"), "e": N_("the right edge"),
         "w": N_("the left edge")}


def edge_words(direction: str, _: Translate = untranslated) -> str:
    """The edge of the board with no neighbour in ``direction``: "the top edge"."""
    word = EDGES.get(direction)
    return _(word) if word else _("the edge {edge}").format(edge=direction)
