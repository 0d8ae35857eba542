"""``view:``: what each player sees of the game (hidden information), read from the file.

```yaml
view:
  hide: [mark]        # a player sees only its own marks and the ones it has found
  plies: true         # a player knows how many actions have been played (dark hex)
```

Without ``view:`` every player sees everything (perfect information). With it, a piece of a
kind under ``hide`` is seen by its owner, by everyone on a cell of the ``public`` zone, and
by a player who has found it (a blind placement, ``place`` with ``blind: true``, finds the
piece it bumps into). ``hands: own`` keeps each player's hand from the others. A player's
information state holds what it sees now and the actions it took (``moves: own``) or every
action (``moves: all``), and with ``plies: true`` how many actions were played in all.
The engine's side lives in ``framework/engine/view.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from framework.plugins import Rule

Loc = tuple[str | int, ...]


class ViewSpec(Rule):
    """What each player sees (``view:``)."""

    hide: list[str] = Field(min_length=1, description="the kinds of piece a player sees "
                            "only where they are its own, public or found")
    public: str | None = Field(default=None, description="a zone whose cells every player "
                               "sees")
    hands: Literal["open", "own"] = Field(default="open", description="own: a player sees "
                                          "only its own hand")
    moves: Literal["own", "all"] = Field(default="own", description="the actions a "
                                         "player's information state lists: its own, or all")
    plies: bool = Field(default=False, description="true: a player knows how many actions "
                        "were played in all")


def view_issues(spec: Any) -> Iterator[tuple[Loc, str]]:
    """What ``view:`` names must exist, and a view must hide something it can hide."""
    view = spec.view
    if view is None:
        return
    for i, kind in enumerate(view.hide):
        if kind not in spec.pieces:
            yield ("view", "hide", i), (f"unknown piece {kind!r}; expected one of: "
                                        f"{', '.join(spec.pieces)}")
    if view.public is not None and view.public not in spec.zones:
        yield ("view", "public"), (f"unknown zone {view.public!r}; expected one of: "
                                   f"{', '.join(spec.zones) or 'none (the file has no zones)'}")
    if view.hands == "own" and not any(p.hand for p in spec.pieces.values()):
        yield ("view", "hands"), ("hands: own hides the players' hands, and no piece is "
                                  "kept in hand: leave it out")
