"""What one viewer may read of a played game: every answer ``boardspec serve`` gives about a
game (its state, legal actions and turns, the inspector, a replay, its record, the move list
and the version pushed on its WebSocket) is read through a ``Sight``, never from the game's
true state directly.

With perfect information a viewer reads the whole game. In a game with hidden information
(``view:`` in its file) it reads what the seats its tokens prove see (none: a spectator's,
only what is public), and nothing computed from what they do not see: the position is their
view (``shown_to``), the moves those they know of (``known_plies``), the version the plies
that changed what they know (``seen_by``); only the seat to move reads legal actions (what a
player may do is part of what it knows); whole turns are searched on its view, never on the
true position; and what only the true position can answer (the record, the moves replayed
under an edited file, the number of plies) waits until the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from framework.engine.view import shown_to
from framework.web.sessions import GameSession, Ply, WebError

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.engine.turns import Turn


@dataclass(frozen=True)
class Sight:
    """The game of ``session`` as the viewer holding ``seats`` may read it."""

    session: GameSession
    seats: tuple[int, ...]

    @property
    def hidden(self) -> bool:
        """Whether the game hides information (a ``view:``): what this viewer reads is
        then its own view."""
        return self.session.game.view is not None

    @property
    def secret(self) -> bool:
        """Whether what only the true game tells is still kept from every viewer: a game
        with hidden information that is not over."""
        return self.hidden and not self.session.state.is_terminal()

    def refuse_while_secret(self, what: str) -> None:
        """A 403 for ``what`` while the game hides information and is not over."""
        if self.secret:
            raise WebError(403, f"this game hides information: {what} is given once the "
                                "game is over")

    @cached_property
    def state(self) -> State:
        """The position now as the viewer sees it (the state itself without a view)."""
        return self.sees(self.session.state)

    def sees(self, state: State) -> State:
        """``state`` (the game now or a past position of it) as the viewer sees it."""
        return shown_to(state, list(self.seats))

    @property
    def version(self) -> int:
        """The game's version as this viewer is shown it (``GameSession.seen_by``)."""
        return self.session.seen_by(list(self.seats))

    def plies(self, plies: list[Ply] | None = None) -> list[Ply]:
        """``plies`` (default: the game's) as far as the viewer knows they were played."""
        return self.session.known_plies(self.session.plies if plies is None else plies,
                                        list(self.seats))

    @property
    def may_act(self) -> bool:
        """Whether the viewer may read the legal actions now: with hidden information only
        the seat to move does (its actions tell what it sees)."""
        return not self.hidden or self.session.state.current_player in self.seats

    def legal(self) -> list[Action]:
        """The legal actions the viewer may read (none: not its to read)."""
        state = self.session.state
        return state.legal_actions() if self.may_act and not state.is_terminal() else []

    def legal_turns(self) -> list[Turn]:
        """The whole turns the mover may play, as far as it can tell: searched on its view
        (the true position would say where a try finds a hidden piece)."""
        if not self.may_act:
            return []
        return self.state.clone().legal_turns()

    def after_turns(self, count: int) -> tuple[State, list[Ply]]:
        """The position after the first ``count`` turns of the viewer's move list, and the
        plies that led to it (the viewer's ``shown_to`` of it is what it saw then)."""
        if not self.hidden:
            return self.session.after_turns(count)
        ends = [end for _turn, end in self.move_list_with_ends()]
        if not 0 <= count <= len(ends):
            raise WebError(422, f"'turn' must be from 0 to {len(ends)} (the turns played), "
                                f"found {count}")
        plies = self.session.plies[:ends[count - 1] if count else 0]
        return self.session._replayed(plies), plies

    def move_list(self) -> list[dict[str, Any]]:
        """The move list as the viewer may read it: another seat's hidden actions are not
        listed (and, unless every player knows how many were played, its turns in a row are
        one)."""
        if not self.hidden:
            return self.session.turns()
        return [turn for turn, _end in self.move_list_with_ends()]

    def move_list_with_ends(self) -> list[tuple[dict[str, Any], int]]:
        """The viewer's move list (a game with a view), each turn with the number of plies
        played by its end."""
        view = self.session.game.view
        assert view is not None
        shown: list[tuple[dict[str, Any], int]] = []
        played = 0
        for turn in self.session.turns(self.plies()):
            played += len(turn["actions"])
            if turn["seat"] in self.seats:
                shown.append((turn, played))
            elif shown and shown[-1][0].get("hidden") and \
                    shown[-1][0]["seat"] == turn["seat"] and not view.spec.plies:
                shown[-1] = (shown[-1][0], played)
            else:
                shown.append(({**turn, "actions": [], "removed": [], "chose": "",
                               "hidden": True}, played))
        for number, (turn, _end) in enumerate(shown, 1):
            turn["number"] = number
        return shown

    def played_since(self, start: int) -> list[str]:
        """The actions played from ply ``start`` on that the viewer may read: all of them
        with perfect information, else only those of its own seats."""
        return [p.notation for p in self.session.plies[start:]
                if not self.hidden or p.seat in self.seats]

    def inspect(self, state: State, lang: str, *, now: bool) -> dict[str, Any]:
        """What the state inspector shows of ``state`` (the game now, ``now``, or a past
        position): its view, with the legal actions the viewer may read."""
        from framework.web.bench import inspect

        legal = (self.legal() if now else []) if self.hidden else None
        return inspect(self.session.game, self.sees(state), lang, legal=legal)


def sight_of(session: GameSession, seats: list[int]) -> Sight:
    return Sight(session, tuple(sorted(set(seats))))
