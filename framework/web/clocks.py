"""Chess clocks for served games: a time control chosen at the start (``5+3``: five minutes
each, three seconds added after every turn; ``none``), kept by the server.

The server's clock is the only one that counts: a monotonic clock (injectable, so that tests
advance a fake one and never wait), read when a turn ends and when anyone looks at the game.
The seat to move is charged from the moment its turn began; a seat's clock first runs once
the game's first turn has been played (nobody loses on time before the game has begun). A
clock is stored with its game as the time each seat has left and whose clock runs; a server
that stops charges the running clock up to the stop, and one that restarts (even after a
kill) starts that clock again from what was stored: the time the server was down is nobody's.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: The longest control and increment a game may ask for (a day, an hour).
MAX_MINUTES = 24 * 60
MAX_INCREMENT = 3600
#: The controls the new-game card offers (any other within the bounds may be asked for).
OFFERED = ("none", "1+0", "3+2", "5+3", "10+5", "15+10", "30+0")
#: ASCII digits only (``framework.numerals``): ``\d`` would take ``٣+٢``.
_CONTROL = re.compile(r"([0-9]{1,4}(?:\.[0-9]{1,3})?)\+([0-9]{1,4})")


class TimeControlError(ValueError):
    """A time control that is not ``minutes+increment`` within the bounds."""


@dataclass(frozen=True)
class TimeControl:
    """Minutes each seat starts with and seconds added after each of its turns."""

    minutes: float
    increment: int

    @property
    def seconds(self) -> float:
        return self.minutes * 60

    def __str__(self) -> str:
        return f"{self.minutes:g}+{self.increment}"

    def pgn(self) -> str:
        """The PGN ``TimeControl`` header: seconds, then the increment (``300+3``)."""
        return f"{self.seconds:g}+{self.increment}"

    @classmethod
    def parse(cls, text: Any) -> TimeControl | None:
        """``"5+3"`` (minutes + increment in seconds); ``None``, ``""`` or ``"none"``: no
        clock."""
        if text is None or text in ("", "none", "-"):
            return None
        found = _CONTROL.fullmatch(text) if isinstance(text, str) else None
        if found is None:
            shown = repr(text) if len(repr(text)) <= 40 else repr(text)[:37] + "..."
            raise TimeControlError(f"'clock' must be 'none' or minutes+increment such as "
                                   f"'5+3' (five minutes, three seconds a turn); found {shown}")
        minutes, increment = float(found.group(1)), int(found.group(2))
        if not 0 < minutes <= MAX_MINUTES or increment > MAX_INCREMENT:
            raise TimeControlError(f"'clock' {text!r}: the minutes must be above 0 and at most "
                                   f"{MAX_MINUTES}, the increment at most {MAX_INCREMENT} s")
        return cls(minutes, increment)


class Clock:
    """The seats' clocks of one game: ``left`` seconds each, one of them running since
    ``since`` (a reading of ``now``), or none."""

    def __init__(self, control: TimeControl, seats: int, now: Callable[[], float],
                 left: list[float] | None = None, running: int | None = None) -> None:
        self.control = control
        self.now = now
        self.left = list(left) if left is not None else [control.seconds] * seats
        self.running = running
        self.since = now()
        #: The seat whose flag fell, once one did.
        self.flagged: int | None = None

    def remaining(self, seat: int) -> float:
        """What ``seat`` has left at this moment (never below 0)."""
        left = self.left[seat]
        if seat == self.running:
            left -= self.now() - self.since
        return max(0.0, left)

    def fallen(self) -> int | None:
        """The running seat if its time is up (its flag falls), else None."""
        if self.running is not None and self.remaining(self.running) <= 0:
            return self.running
        return None

    def charge(self) -> None:
        """Take the running seat's time used so far off its clock (it goes on running)."""
        if self.running is not None:
            at = self.now()
            self.left[self.running] = max(0.0, self.left[self.running] - (at - self.since))
            self.since = at

    def turn_played(self, mover: int, next_seat: int | None) -> None:
        """``mover`` played (a whole turn when ``next_seat`` differs): charge it, add the
        increment at the end of its turn, and run ``next_seat``'s clock (None: none runs,
        the game is over or no person or agent is to move)."""
        self.charge()
        if next_seat != mover and 0 <= mover < len(self.left):
            self.left[mover] += self.control.increment
        self.running = next_seat
        self.since = self.now()

    def stop(self) -> None:
        self.charge()
        self.running = None

    def flag(self, seat: int) -> None:
        self.charge()
        self.left[seat] = 0.0
        self.flagged = seat
        self.running = None

    # Stored with the game --------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        self.charge()
        return {"control": str(self.control),
                "left": [round(x, 3) for x in self.left], "running": self.running,
                "flagged": self.flagged}

    @classmethod
    def from_json(cls, data: dict[str, Any], seats: int, now: Callable[[], float]
                  ) -> Clock | None:
        control = TimeControl.parse(data.get("control"))
        if control is None:
            return None
        left = data.get("left")
        if not isinstance(left, list) or len(left) != seats or \
                not all(isinstance(x, int | float) and math.isfinite(x) for x in left):
            left = None
        running = data.get("running")
        clock = cls(control, seats, now, left,
                    running if isinstance(running, int) and 0 <= running < seats else None)
        flagged = data.get("flagged")
        clock.flagged = flagged if isinstance(flagged, int) and 0 <= flagged < seats else None
        return clock

    def shown(self) -> dict[str, Any]:
        """What the page shows: the control, each seat's time left now, whose runs."""
        return {"control": str(self.control), "increment": self.control.increment,
                "left": [round(self.remaining(s), 3) for s in range(len(self.left))],
                "running": self.running, "flagged": self.flagged}

    def share(self) -> float:
        """The thinking time an agent to move may take: a twentieth of what it has left
        and most of its increment (it never runs out however long the game)."""
        seat = self.running
        if seat is None:
            return math.inf
        left = self.remaining(seat)
        return max(0.05, min(left / 2, left / 20 + self.control.increment * 0.8))
