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
