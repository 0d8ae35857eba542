"""Played games: one ``GameSession`` per game, and ``Sessions``, the bounded set of them held
in memory (the rest wait in the store and are replayed when asked for).

Every change goes through ``GameSession.play``, which checks everything on a copy first (the
seat's token, the ply the request was made at, each action's legality) and only then replaces
the state, so a refused request leaves the game exactly as it was.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from framework.engine.bits import iter_bits
from framework.engine.chance import CHANCE, sample
from framework.engine.view import known_to
from framework.errors import BoardspecError, IllegalActionError, NotationError
from framework.web.clocks import Clock, TimeControl, TimeControlError
from framework.web.library import Library, compile_rules
from framework.web.store import Store, StoredGame

if TYPE_CHECKING:
    from framework.agents.base import Agent
    from framework.engine.state import State
    from framework.game import Game
    from framework.records import Record

HUMAN = "human"
#: Kept among a game's stored plies where a seat resigned (never an action's notation).
RESIGN = "(resigns)"
#: Kept likewise where the players agreed to a draw.
AGREED = "(draw agreed)"
#: Kept likewise where a seat's time ran out (its flag fell).
TIMEOUT = "(time)"
#: A player's name is at most this many characters (after its spaces are tidied).
MAX_NAME = 40
#: What a seat may offer the others: a draw, to take back its last turn, a new game.
OFFERS = ("draw", "undo", "rematch")
#: Budgets above these would let one game hold a core for minutes.
MAX_SECONDS = 30.0
MAX_DEPTH = 8
MAX_ITERATIONS = 200_000
MAX_ACTIONS_PER_REQUEST = 64
#: Agents' seeds are stored as SQLite integers (signed 64 bits).
MAX_SEED = 2**63 - 1
#: Games one client (an address) may create in ``GAMES_WINDOW`` seconds.
MAX_GAMES_PER_CLIENT = 100
GAMES_WINDOW = 3600.0
#: The database is not grown past this (bytes): new games are refused, play goes on.
MAX_DB_BYTES = 256 * 2**20


class WebError(BoardspecError):
    """A refused request: ``status`` is its HTTP status, the message says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def check_seat_spec(spec: Any, player: str) -> str:
    """``human`` or an agent spec within the server's budgets."""
    from framework.agents import AgentSpecError, parse_agent

    if not isinstance(spec, str) or not spec.strip():
        raise WebError(422, f"seat of {player}: expected 'human' or an agent such as "
                            f"'random', 'greedy', 'alphabeta:d3', 'mcts:1s'; found {spec!r}")
    spec = spec.strip()
    try:
        parsed = parse_agent(spec)
    except AgentSpecError as exc:
        raise WebError(422, f"seat of {player}: {exc}") from None
    options = parsed.options
    if options.get("seconds", 0) > MAX_SECONDS or options.get("depth", 0) > MAX_DEPTH or \
            options.get("iterations", 0) > MAX_ITERATIONS:
        raise WebError(422, f"seat of {player}: {spec!r} is beyond this server's budgets "
                            f"(at most {MAX_SECONDS:g}s, depth {MAX_DEPTH}, "
                            f"{MAX_ITERATIONS} iterations)")
    return parsed.text if not parsed.is_human else HUMAN


def check_name(name: Any) -> str | None:
    """A player's name as given: its runs of spaces made one, no control or format
    characters, at most ``MAX_NAME`` characters; None for none. (Pages show it as text and
    records quote it: it is never markup.)"""
    if name is None:
        return None
    if not isinstance(name, str):
        raise WebError(422, f"a player's name must be a text, found {str(name)[:40]!r}")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") and not c.isspace()
           for c in name):
        raise WebError(422, "a player's name may not hold control or invisible characters")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise WebError(422, f"a player's name has at most {MAX_NAME} characters; this one "
                            f"has {len(name)}")
    return name or None


def check_clock(text: Any) -> TimeControl | None:
    try:
        return TimeControl.parse(text)
    except TimeControlError as exc:
        raise WebError(422, str(exc)) from None


@dataclass
class Ply:
    notation: str
    seat: int
    player: str  # the player who took it
    key: tuple[object, ...]  # the turn it belongs to (``turn_key`` before it)
    cell: int = -1  # where it played (shown ringed until the next one)
    src: int = -1  # where the piece came from (shown beside ``cell``)
    #: Cells whose piece the ply took off the board (captured, starved, ...).
    removed: tuple[int, ...] = ()
    chose: int = -1  # the side a choice of side took
    #: In a game with hidden information: whether the ply changed what each seat knows
    #: (its information state), one flag per seat, then a spectator's (``known_to``).
    changed: tuple[bool, ...] = ()


class GameSession:
    """One game being played: rules, seats, the state and the actions that led to it."""

    def __init__(self, stored: StoredGame, game: Game,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.stored = stored
        self.game = game
        #: The server's clock (a test's fake one advances when the test says).
        self.now = now
        self.clock = Clock.from_json(stored.clock, len(stored.seats), now) \
            if stored.clock else None
        #: The seat whose time ran out, if one's did (the game is over then).
        self.flagged: int | None = None
        if len(stored.names) != len(stored.seats):
            stored.names = [*stored.names[:len(stored.seats)],
                            *[None] * (len(stored.seats) - len(stored.names))]
        self.state: State = self.initial(game)
        self.plies: list[Ply] = []
        self.agents: dict[int, Agent] = {}
        self.lock = asyncio.Lock()
        self.agent_task: asyncio.Task[None] | None = None
        self.agent_error = ""
        self.sockets: set[Any] = set()
        #: The seats each open WebSocket said it holds (presence: who has the game open).
        self.present: dict[Any, list[int]] = {}
        #: The version of the game (``seen_by``) each open WebSocket was last told of.
        self.sent: dict[Any, int] = {}
        #: Set (and replaced) at every change: what a request waiting for a move awaits.
        self.changed = asyncio.Event()
        self.touched = time.monotonic()
        #: The seat that resigned, if one did (the game is over then).
        self.resigned: int | None = None
        #: Whether the players agreed to a draw (the game is over then).
        self.agreed = False
        #: An offer waiting for the other seats' answer: (what, the seat that made it).
        self.offer: tuple[str, int] | None = None
        #: The parameters and ``keep`` of the restart offered, while one is (``offer``).
        self.restart_asked: tuple[Any, bool] = ({}, False)
        #: The id of the rematch, once one is agreed (each seat's token opens it).
        self.rematch: str | None = None
        #: Each turn's actions, its SAN and the state after it, for games whose notation
        #: declares SAN (``san_turns``): kept so that a payload writes only new turns.
        self._san: list[tuple[tuple[str, ...], str, State]] = []
        for notation, seat in stored.plies:
            if notation == RESIGN:
                self._resign(seat)
                break
            if notation == AGREED:
                self._agree()
                break
            if notation == TIMEOUT:
                self._flag(seat)
                break
            try:
                self.state, plies = self._trial([notation], seat)
            except BoardspecError:
                break  # cannot happen with unchanged rules; keep what replays
            self.plies += plies
        self.roll_dice()
        self._stored_update()

    # Facts ------------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def ply(self) -> int:
        return len(self.plies)

    def seen_by(self, seats: list[int]) -> int:
        """The version of the game a viewer holding ``seats`` is shown (none: a
        spectator): the number of plies with perfect information; with hidden information
        the number of plies that changed what the viewer knows. It is what the viewer is
        sent as ``ply`` and sends back with a move (the stale check), so that it never
        learns how many actions the others played unseen (a try that found a hidden
        piece)."""
        if self.game.view is None:
            return self.ply
        return sum(1 for p in self.plies if self._news(p, seats))

    def plies_seen_by(self, seats: list[int], version: int) -> int:
        """How many plies had been played when the viewer of ``seats`` was last shown
        ``version`` (``seen_by``): the plies after that count are news to it."""
        if self.game.view is None:
            return version
        count = 0
        for index, ply in enumerate(self.plies):
            if self._news(ply, seats):
                if count == version:
                    return index
                count += 1
        return self.ply

    def known_plies(self, plies: list[Ply], seats: list[int]) -> list[Ply]:
        """``plies`` as far as the last one that changed what a viewer holding ``seats``
        knows: the later ones (another seat's tries, found and not shown to it) are not
        yet news to it, even that they were played (its move list, its last move)."""
        if self.game.view is None:
            return plies
        end = next((i + 1 for i in range(len(plies) - 1, -1, -1)
                    if self._news(plies[i], seats)), 0)
        return plies[:end]

    def _news(self, ply: Ply, seats: list[int]) -> bool:
        """Whether ``ply`` changed what a viewer holding ``seats`` knows."""
        held = [s for s in seats if 0 <= s < len(ply.changed) - 1]
        if not ply.changed:
            return True  # (not looked at: counted, as with perfect information)
        return any(ply.changed[s] for s in held) if held else ply.changed[-1]

    @property
    def version(self) -> str:
        from framework.web.library import version_of

        return version_of(self.stored.rules)

    def initial(self, game: Game) -> State:
        """The position the game starts from under the rules ``game``: the one it was
        started from (a PositionError if those rules do not read it), else the rules'
        own start."""
        if not self.stored.position:
            return game.new_initial_state()
        return game.state_from_json(self.stored.position)

    def seat_spec(self, seat: int) -> str:
        return self.stored.seats[seat]

    def agent_to_move(self) -> int | None:
        seat = self.state.current_player
        if self.state.is_terminal() or seat < 0 or self.seat_spec(seat) == HUMAN:
            return None
        return seat

    def seats_of_token(self, token: Any) -> list[int]:
        """The seats a token opens (a creator playing both seats may send either)."""
        if not token or not isinstance(token, str) or not token.isascii():
            return []  # tokens are ASCII (a lone surrogate "\ud800" cannot even be encoded)
        given = token.encode("utf-8")
        return [seat for seat, known in enumerate(self.stored.tokens)
                if known and secrets.compare_digest(known.encode("ascii"), given)]

    def announce(self) -> None:
        """Wake whoever waits for this game to change."""
        self.changed.set()
        self.changed = asyncio.Event()

    # Playing ----------------------------------------------------------------------------
    def check_turn(self, token: Any, ply: Any, seats: list[int] | None = None) -> int:
        """The seat that may move now with ``token`` at ``ply``, or a WebError. ``ply`` is
        the game's version as the request's viewer, holding ``seats`` (default: the
        token's), was shown it (``seen_by``): with hidden information the plies that
        changed what it knows, not every ply."""
        state = self.state
        if state.is_terminal():
            raise WebError(409, "the game is over")
        if not isinstance(ply, int) or isinstance(ply, bool):
            raise WebError(422, f"'ply' must be the game's ply as it was sent to you (an "
                                f"integer), found {ply!r}")
        now = self.seen_by(self.seats_of_token(token) if seats is None else seats)
        if ply != now:
            raise WebError(409, f"stale request: it was made at ply {ply}, the game is at "
                                f"ply {now}; reload the game")
        seat = state.current_player
        player = self.game.players[state.to_move]
        if self.seat_spec(seat) != HUMAN:
            raise WebError(409, f"{player} is played by {self.seat_spec(seat)}, not by a "
                                "person")
        if seat not in self.seats_of_token(token):
            raise WebError(403, f"only the holder of {player}'s seat link can move for "
                                f"{player}" + ("" if token else " (no seat token given)"))
        return seat

    def play(self, notations: list[str], seat: int, lang: str = "en") -> list[str]:
        """Apply actions of ``seat`` (all or none), typed as the game file or the language
        ``lang`` writes them; their notations as the engine (and the record) writes them.
        A move that comes after its seat's time ran out is refused: the flag has fallen."""
        if self.check_flag():
            raise WebError(409, "the game is over: time ran out")
        self.state, plies = self._trial(notations, seat, lang)
        self.plies += plies
        self.offer = None  # an offer stands until the next move
        self.roll_dice()
        if self.clock is not None:
            self.clock.turn_played(seat, self._clock_seat())
        self._stored_update()
        return [p.notation for p in plies]

    def play_each(self, notations: list[str], seat: int, lang: str = "en"
                  ) -> tuple[list[str], str]:
        """Play ``notations`` one by one, each as a request of its own (``play``), up to
        the first that is refused: the notations played, and why the next was refused (""
        if none was). A game with hidden information plays a request's actions so: all or
        none would tell, by where a request was refused, what the seat cannot see (a try
        that would have found a hidden piece), without its playing it."""
        played: list[str] = []
        for text in notations:
            try:
                played += self.play([text], seat, lang)
            except WebError as exc:
                if not played:
                    raise
                return played, str(exc)
        return played, ""

    def _clock_seat(self) -> int | None:
        """The seat whose clock runs now: the one to decide (none once the game is over)."""
        seat = self.state.current_player
        return None if self.state.is_terminal() or seat < 0 else seat

    def check_flag(self) -> bool:
        """Whether the game is lost on time now: the running clock's time is up, so its
        seat loses (as a resignation does). Asked before every move and every reading."""
        if self.clock is None or self.state.is_terminal():
            return False
        seat = self.clock.fallen()
        if seat is None:
            return False
        self._flag(seat)
        self._stored_update()
        return True

    def _flag(self, seat: int) -> None:
        self._lost_by(seat)
        self.flagged = seat
        if self.clock is not None:
            self.clock.flag(seat)

    def set_name(self, token: Any, name: Any) -> list[int]:
        """The person of ``token`` names themself (their seats' name); the seats named."""
        seats = self.seats_of_token(token)
        if not seats:
            raise WebError(403, "only a player of this game (a seat link) can give a name")
        for seat in seats:
            self.stored.names[seat] = check_name(name)
        return seats

    def roll_dice(self) -> None:
        """Play the chance nodes reached (dice): the server rolls, never a client. The
        generator is the game's seed and the ply (a seeded game rolls the same dice when
        replayed), else the system's; the rolls are plies of the chance seat (CHANCE)."""
        while self.state.is_chance_node():
            seed = None if self.stored.seed is None else self.stored.seed * 100_003 + self.ply
            rng = random.Random(seed) if seed is not None else random.SystemRandom()
            outcome = sample(self.state, rng)
            self.state, plies = self._trial([outcome.notation], CHANCE)
            self.plies += plies

    def _trial(self, notations: list[str], seat: int, lang: str = "en", *,
               game: Game | None = None, start: State | None = None
               ) -> tuple[State, list[Ply]]:
        """The state after ``notations`` played by ``seat`` from ``start`` (default: the
        game now) under the rules ``game`` (default: its own), and their plies."""
        from framework.engine.turns import turn_key
        from framework.notation_words import words_in

        game = game or self.game
        words = words_in(game, lang)
        if not notations:
            raise WebError(422, "no action given")
        if len(notations) > MAX_ACTIONS_PER_REQUEST:
            raise WebError(422, f"at most {MAX_ACTIONS_PER_REQUEST} actions per request")
        trial = (start or self.state).clone()
        plies = []
        # With hidden information, what each seat (then a spectator) knows, to tell which
        # plies change it (``seen_by``).
        viewers: list[list[int]] = [[s] for s in range(len(game.players))] + [[]] \
            if game.view is not None else []
        known = [known_to(trial, v) for v in viewers]
        for i, text in enumerate(notations):
            if trial.is_terminal() or trial.current_player != seat:
                done = " ".join(notations[:i])
                raise WebError(409, f"{text!r} cannot be played: the turn is over after "
                                    f"{done!r}" if i else "the game is over"
                               if trial.is_terminal() else
                               f"{text!r} cannot be played: it is not that seat's turn")
            try:
                action = words.parse(trial, text)
            except NotationError as exc:
                raise WebError(422, str(exc)) from None
            except IllegalActionError as exc:
                raise WebError(409, str(exc)) from None
            player = game.players[trial.to_move] if trial.setup >= len(
                game.setups) else game.players[seat]
            cell = action.dst if action.dst >= 0 else action.at
            before, owners, kinds_before = trial.occupied(), trial.owner[:], trial.kinds[:]
            key = turn_key(trial)
            trial.apply_unchecked(action)
            arrived = trial.occupied() & ~before
            if action.src < 0 and arrived and arrived & (arrived - 1) == 0:
                cell = arrived.bit_length() - 1  # where a dropped piece fell to
            # Taken off: a cell emptied (not the mover's origin), or an enemy's piece
            # replaced by the mover's on its target (an attack).
            gone = before & ~trial.occupied() & ~(1 << action.src if action.src >= 0 else 0)
            gone &= ~_moved_along(kinds_before, owners, trial, gone, arrived & ~(1 << cell)
                                  if cell >= 0 else arrived)
            if action.src >= 0 and cell >= 0 and before >> cell & 1 and \
                    trial.owner_of(cell) >= 0 and not owners[trial.owner_of(cell)] >> cell & 1:
                gone |= 1 << cell
            removed = tuple(c for c in range(game.board.size) if gone >> c & 1)
            now = [known_to(trial, v) for v in viewers]
            changed = tuple(a != b for a, b in zip(known, now, strict=True))
            known = now
            plies.append(Ply(action.notation, seat, player, key, cell, action.src, removed,
                             action.side if action.kind == "choose" else -1, changed))
        return trial, plies

    def resign(self, token: Any) -> int:
        """The seat of ``token`` gives the game up (the one to move, for a token of
        several): every other side wins. Its seat, or a WebError."""
        seats = self.seats_of_token(token)
        if not seats:
            raise WebError(403, "only a player of this game (a seat link) can resign")
        if self.state.is_terminal():
            raise WebError(409, "the game is over")
        seat = self.state.current_player if self.state.current_player in seats else seats[0]
        self._resign(seat)
        if self.clock is not None:
            self.clock.stop()
        self._stored_update()
        return seat

    def _resign(self, seat: int) -> None:
        self._lost_by(seat)
        self.resigned = seat

    def _lost_by(self, seat: int) -> None:
        """End the game (on a copy: the plies' states stay) with every side but the one
        ``seat`` plays winning: a resignation, or a flag fallen."""
        sides = self.state.seat_of_side
        self.state = self.state.clone()
        self.state.finish(frozenset(side for side in range(len(sides)) if sides[side] != seat))

    # Offers: a draw, taking a turn back, a rematch ---------------------------------------
    def make_offer(self, token: Any, kind: Any) -> str:
        """The seat of ``token`` offers ``kind`` to the other seats: ``agreed`` when no
        other person holds a seat (an agent takes a move back or a rematch at once, but
        plays on rather than draw: ``declined``), else ``pending`` until one answers."""
        if kind not in OFFERS:
            raise WebError(422, f"'offer' must be one of {', '.join(OFFERS)}; found {kind!r}")
        seat = self._offering_seat(token, kind)
        others = [s for s, spec in enumerate(self.stored.seats)
                  if s not in self.seats_of_token(token)]
        people = [s for s in others if self.seat_spec(s) == HUMAN]
        if people:
            self.offer = (kind, seat)
            return "pending"
        if kind == "draw" and others:
            return "declined"
        self._carry_out(kind, seat)
        return "agreed"

    def other_people(self, seats: list[int]) -> list[int]:
        """The seats a person holds besides ``seats`` (those a request's tokens prove)."""
        return [s for s, spec in enumerate(self.stored.seats)
                if s not in seats and spec == HUMAN]

    def ask_restart(self, token: Any, parameters: Any, keep: bool) -> str:
        """The seat of ``token`` offers to restart the game (under ``parameters``, going
        on from the last move the new rules take if ``keep``): ``pending`` until another
        person answers (``answer_offer``), as a take-back is."""
        seat = self._offering_seat(token, "restart")
        self.offer = ("restart", seat)
        self.restart_asked = (parameters, keep)
        return "pending"

    def _offering_seat(self, token: Any, kind: str) -> int:
        seats = self.seats_of_token(token)
        if not seats:
            raise WebError(403, "only a player of this game (a seat link) can make an offer")
        over = self.state.is_terminal()
        if kind == "rematch" and not over:
            raise WebError(409, "a rematch is offered once the game is over")
        if kind != "rematch" and over:
            raise WebError(409, "the game is over")
        if self.offer is not None and self.offer[1] not in seats:
            raise WebError(409, "another offer waits for your answer")
        seat = self.state.current_player if self.state.current_player in seats else seats[0]
        if kind == "undo":
            mine = [p.seat for p in self.plies if p.seat in seats]
            if not mine:
                raise WebError(409, "you have no move to take back")
            seat = mine[-1]
        return seat

    def answer_offer(self, token: Any, accept: Any) -> str:
        """A person of another seat answers the waiting offer: ``agreed`` or ``declined``."""
        if self.offer is None:
            raise WebError(409, "no offer waits for an answer")
        if not isinstance(accept, bool):
            raise WebError(422, f"'accept' must be true or false, found {accept!r}")
        kind, seat = self.offer
        seats = [s for s in self.seats_of_token(token) if s != seat]
        if not seats:
            raise WebError(403, "only another player of this game can answer the offer")
        self.offer = None
        if not accept:
            return "declined"
        self._carry_out(kind, seat)
        return "agreed"

    def _carry_out(self, kind: str, seat: int) -> None:
        if kind == "draw":
            self._agree()
            self._stored_update()
        elif kind == "undo":
            self._take_back(seat)
        # a rematch is made by Sessions.rematch (a new game), and a restart with the rules
        # as they are when it is agreed, by the caller

    def _agree(self) -> None:
        self.state = self.state.clone()
        self.state.finish(frozenset())
        self.agreed = True
        if self.clock is not None:
            self.clock.stop()

    def _take_back(self, seat: int) -> None:
        """Take back the last turn ``seat`` played and every turn after it, so that it is
        that seat's turn again (lichess's takeback)."""
        keep = max(i for i, p in enumerate(self.plies) if p.seat == seat)
        key = self.plies[keep].key
        while keep > 0 and self.plies[keep - 1].key == key and self.plies[keep - 1].seat == seat:
            keep -= 1  # the whole turn: each of its actions
        self.plies = self.plies[:keep]
        self.state = self._replayed(self.plies)
        self.roll_dice()  # (the dice of the turn taken back are kept: a roll is no turn)
        self.agents = {}  # an agent's search tree belongs to the position it was made in
        if self.clock is not None:  # the time used is not given back; the mover's runs
            self.clock.charge()
            self.clock.running = self._clock_seat() if self.plies else None
        self._stored_update()

    def resolve(self, src: str | None, dst: str | None, at: str | None) -> str:
        """The one legal action that a click designates by its cells (``from``/``to``, or
        ``at``); a WebError saying what is legal from there when none or several do."""
        names = self.game.board.names
        for label, name in (("from", src), ("to", dst), ("at", at)):
            if name is not None and (not isinstance(name, str) or name not in names):
                raise WebError(422, f"{label!r}: {name!r} is not a cell of "
                                    f"{self.game.name}")
        legal = [a.to_json(self.game) for a in self.state.legal_actions()]
        if src is not None:
            found = [a for a in legal if a.get("from") == src and dst in (a.get("to"),
                                                                          a.get("at"))]
            where = f"from {src} to {dst}"
            near = [a["notation"] for a in legal if a.get("from") == src]
        else:
            cell = at or dst
            found = [a for a in legal if "from" not in a and cell in (a.get("to"), a.get("at"))]
            where = f"on {cell}"
            near = [a["notation"] for a in legal if cell in (a.get("from"), a.get("to"),
                                                           a.get("at"))]
        if len(found) == 1:
            return str(found[0]["notation"])
        if found:
            raise WebError(409, f"several actions {where}: "
                                f"{', '.join(a['notation'] for a in found)}; name one")
        hint = f"; legal there: {', '.join(near)}" if near else ""
        shown = ", ".join(a["notation"] for a in legal[:12])
        more = f", … ({len(legal)} in all)" if len(legal) > 12 else ""
        raise WebError(409, f"no legal action {where}{hint or f'; legal now: {shown}{more}'}")

    def restart(self, text: str, game: Game) -> None:
        """Start again from the beginning, with (possibly new) rules."""
        self.stored.rules = text
        self.stored.parameters = dict(game.parameters)
        self.game = game
        seats = len(game.players)  # the new rules may seat more or fewer players
        if seats != len(self.stored.seats):
            self.stored.seats = [*self.stored.seats[:seats],
                                 *["random"] * (seats - len(self.stored.seats))]
            self.stored.tokens = [*self.stored.tokens[:seats],
                                  *[None] * (seats - len(self.stored.tokens))]
        try:
            self.state = self.initial(game)
        except BoardspecError:  # the new rules do not read its start: theirs, then
            self.stored.position = ""
            self.state = game.new_initial_state()
        self.plies = []
        self.resigned = None
        self.agreed = False
        self.flagged = None
        if self.clock is not None:
            self.clock = Clock(self.clock.control, len(self.stored.seats), self.now)
        self.stored.names = [*self.stored.names[:seats],
                             *[None] * (seats - len(self.stored.names))]
        self.offer = None
        self.rematch = None
        self.agents = {}
        self.agent_error = ""
        self.roll_dice()
        self._stored_update()

    def replay_under(self, game: Game) -> tuple[State, list[Ply], str]:
        """The game's moves played again under the rules ``game`` (an edited file): the
        state and the plies as far as they stay legal, and why the next one does not
        ("" when every one does)."""
        try:
            state = self.initial(game)
        except BoardspecError as exc:
            return game.new_initial_state(), [], f"the starting position does not read " \
                                                  f"under these rules: {exc}"
        kept: list[Ply] = []
        for ply in self.plies:
            try:
                state, plies = self._trial([ply.notation], ply.seat, game=game, start=state)
            except BoardspecError as exc:
                return state, kept, str(exc)
            kept += plies
        return state, kept, ""

    def keep_under(self, text: str, game: Game) -> int:
        """Go on under new rules from the last move they still take (``replay_under``): the
        plies kept."""
        state, plies, _ = self.replay_under(game)
        self.restart(text, game)
        if plies:
            self.state, self.plies = state, plies
            self.roll_dice()
            self._stored_update()
        return len(plies)

    def agent_for(self, seat: int) -> Agent:
        from framework.agents import make_agent

        agent = self.agents.get(seat)
        if agent is None:
            seed = None if self.stored.seed is None else self.stored.seed + seat + self.ply
            agent = make_agent(self.seat_spec(seat), self.game, seed)
            self.agents[seat] = agent
        return agent

    def _stored_update(self) -> None:
        from framework.records import result_of

        self.stored.plies = [(p.notation, p.seat) for p in self.plies]
        if self.resigned is not None:
            self.stored.plies.append((RESIGN, self.resigned))
        if self.agreed:
            self.stored.plies.append((AGREED, -1))
        if self.flagged is not None:
            self.stored.plies.append((TIMEOUT, self.flagged))
        self.stored.result = result_of(self.state)
        self.stored.clock = self.clock.to_json() if self.clock is not None else {}

    # Reading ----------------------------------------------------------------------------
    def turns(self, plies: list[Ply] | None = None) -> list[dict[str, Any]]:
        """The move list (of ``plies``, default the game's): one entry per turn, its
        actions in order."""
        turns: list[dict[str, Any]] = []
        last: tuple[object, ...] | None = None
        # Where the written move marks its captures itself (SAN's Bxb6, draughts' 28x19),
        # the move list does not mark them again with the cells taken off.
        marked = self.game.spec.notation.san is not None or self.game.board.numbers
        for ply in self.plies if plies is None else plies:
            if turns and ply.key == last:
                turns[-1]["actions"].append(ply.notation)
            else:
                turns.append({"number": len(turns) + 1, "player": ply.player,
                              "seat": ply.seat, "actions": [ply.notation], "removed": [],
                              "chose": "", "marked": bool(marked)})
                last = ply.key
            names = self.game.board.names
            turns[-1]["removed"] += [names[c] for c in ply.removed]
            if ply.chose >= 0:
                turns[-1]["chose"] = self.game.players[ply.chose]
        return turns

    def san_turns(self, turns: list[dict[str, Any]]) -> list[str] | None:
        """Each turn of the move list in Standard Algebraic Notation, where the game file
        declares it (``notation.san``), else None; turns already written are kept."""
        from framework.san import san_of

        san = san_of(self.game)
        if san is None:
            return None
        kept = self._san
        for index, turn in enumerate(turns):
            actions = tuple(turn["actions"])
            if index < len(kept) and kept[index][0] == actions:
                continue
            del kept[index:]
            before = kept[-1][2] if kept else self.initial(self.game)  # (or a position's)
            played = before.parse_turn(" ".join(actions))
            after = before.clone()
            for action in played.actions:
                after.apply_unchecked(action)
            kept.append((actions, san.write(before, played), after))
        del kept[len(turns):]
        return [written for _, written, _ in kept]

    def after_turns(self, count: int) -> tuple[State, list[Ply]]:
        """The position after the first ``count`` turns of the move list, and the plies
        that led to it (for stepping back through the game)."""
        turns = self.turns()
        if not 0 <= count <= len(turns):
            raise WebError(422, f"'turn' must be from 0 to {len(turns)} (the turns played), "
                                f"found {count}")
        plies = self.plies[:sum(len(t["actions"]) for t in turns[:count])]
        return self._replayed(plies), plies

    def _replayed(self, plies: list[Ply]) -> State:
        """The position the game's first ``plies`` lead to (each already played once)."""
        state = self.initial(self.game)
        for ply in plies:
            state.apply(ply.notation)
        return state

    def record(self) -> Record:
        from framework.records import Record, header_key, parameters_header

        # The file's name only (rows of older servers kept the path on the server).
        headers = {"Game": self.game.name, "File": PurePath(self.stored.file).name,
                   "Site": "boardspec serve", "Id": self.id,
                   "Date": time.strftime("%Y.%m.%d", time.gmtime(self.stored.created))}
        for seat, spec in enumerate(self.stored.seats):  # a person by name, where given
            headers[header_key(self.game.players[seat])] = self.stored.names[seat] or spec
        if self.clock is not None:
            headers["TimeControl"] = self.clock.control.pgn()
        if self.stored.seed is not None:
            headers["Seed"] = str(self.stored.seed)
        if self.game.parameters:
            headers["Parameters"] = parameters_header(self.game.parameters)
        if self.stored.position:
            from framework.records import POSITION, position_header

            headers[POSITION] = position_header(self.initial(self.game))
        headers["Result"] = self.stored.result
        if self.resigned is not None:
            from framework.records import RESIGNATION

            headers["Termination"] = RESIGNATION
        if self.agreed:
            from framework.records import AGREEMENT

            headers["Termination"] = AGREEMENT
        if self.flagged is not None:
            from framework.records import TIME_FORFEIT

            headers["Termination"] = TIME_FORFEIT
        headers["Plies"] = str(self.ply)
        return Record(headers, [t["actions"] for t in self.turns()])


def read_record(value: Any) -> Record:
    """A record sent by a page: its text (PGN-like) or its JSON form, as text or as the
    JSON object; a WebError saying what is wrong."""
    from framework.limits import MAX_RECORD_BYTES
    from framework.records import Record, RecordError
    from framework.safeio import load_json

    try:
        if isinstance(value, dict):
            return Record.from_json(value)
        if not isinstance(value, str) or not value.strip():
            raise WebError(422, "'record' must be a game record: its text, as the record "
                                "download writes it, or its JSON")
        if len(value) > MAX_RECORD_BYTES:
            raise WebError(413, f"the record is over {MAX_RECORD_BYTES:,} characters")
        if value.lstrip().startswith("{"):
            return Record.from_json(load_json(value, "the record", RecordError))
        return Record.from_text(value)
    except RecordError as exc:
        raise WebError(422, str(exc)) from None


def starting_point(game: Game, position: Any, fen: Any, record: Record | None
                   ) -> tuple[State | None, list[tuple[str, int]]]:
    """Where a new game starts (None: the rules' own start) and the moves already played
    (a record's, each with the seat that played it), every one checked by the engine."""
    from framework.errors import PositionError
    from framework.records import POSITION, RecordError

    given = [k for k, v in (("position", position), ("fen", fen), ("record", record))
             if v is not None]
    if len(given) > 1:
        raise WebError(422, f"give one of 'position', 'fen' and 'record', not "
                            f"{' and '.join(repr(k) for k in given)}")
    try:
        if position is not None:
            if not isinstance(position, dict | str):
                raise WebError(422, "'position' must be position JSON (an object)")
            return game.state_from_json(position), []
        if fen is not None:
            if not isinstance(fen, str) or not fen.strip():
                raise WebError(422, "'fen' must be the game's position string")
            return game.state_from_fen(fen), []
    except PositionError as exc:
        raise WebError(422, f"the position: {exc}") from None
    if record is None:
        return None, []
    try:
        record.replay(game)  # every move checked, the first refused named in words
        state = record.start(game)
    except RecordError as exc:
        raise WebError(422, f"the record: {exc}") from None
    start = state.clone() if POSITION in record.headers else None
    plies = []
    for text in record.plies:
        plies.append((text, state.current_player))
        state.apply(text)
    return start, plies


def _plain(value: Any) -> bool:
    """A parameter value a request may give: a number, true or false, a short text."""
    if isinstance(value, bool | int):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str) and len(value) <= 100


class Sessions:
    """The games held in memory, at most ``limit`` (least recently used ones without a
    viewer or a thinking agent are dropped; they stay in the store)."""

    def __init__(self, store: Store, library: Library, limit: int = 256, *,
                 games_per_client: int = MAX_GAMES_PER_CLIENT,
                 window: float = GAMES_WINDOW, max_db_bytes: int = MAX_DB_BYTES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.library = library
        self.limit = limit
        self.live: OrderedDict[str, GameSession] = OrderedDict()
        self.games_per_client = games_per_client
        self.window = window
        self.max_db_bytes = max_db_bytes
        self.clock = clock
        #: When each client created its recent games (oldest first).
        self.created: dict[str, deque[float]] = {}

    def _admit(self, client: str) -> None:
        """Refuse a game beyond the client's share, or beyond the database's size."""
        now = self.clock()
        times = self.created.setdefault(client, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.games_per_client:
            raise WebError(429, f"this client has created {len(times)} games in the last "
                                f"{self.window / 60:g} minutes; that is the limit: play one "
                                "of them, or come back later")
        if self.store.size() >= self.max_db_bytes:
            raise WebError(429, f"this server holds all the games it can keep "
                                f"({self.max_db_bytes // 2**20} MB); no new game for now")
        times.append(now)
        if len(self.created) > 10_000:  # forget the quietest clients, not the machine's RAM
            for known in [c for c, t in self.created.items() if not t][:5_000]:
                del self.created[known]

    def create(self, slug: Any, seats: Any, seed: Any = None, client: str = "",
               parameters: Any = None, clock: Any = None, names: Any = None, *,
               position: Any = None, fen: Any = None, record: Any = None
               ) -> tuple[GameSession, list[str | None]]:
        """A new game of the file ``slug``: from its rules' start, or from ``position``
        (position JSON), ``fen`` (the game's position string) or the end of ``record`` (a
        record's text or JSON, its moves the game's first); ``clock`` its time control,
        ``names`` the players' names by seat."""
        entry = self.library.get(slug) if isinstance(slug, str) else None
        if entry is None:
            known = ", ".join(self.library.files) or "none"
            raise WebError(404, f"no game {slug!r} on this server; games: {known}")
        game = entry.game
        if game is None:
            raise WebError(409, f"{entry.file} does not load: "
                                f"{entry.errors[0]['text'] if entry.errors else 'unknown'}")
        players = list(game.players)
        if seats is None:
            seats = [HUMAN] + ["random"] * (len(players) - 1)
        if not isinstance(seats, list) or len(seats) != len(players):
            raise WebError(422, f"'seats' must list one entry per player ({', '.join(players)})"
                                f", each 'human' or an agent; found {seats!r}")
        specs = [check_seat_spec(s, p) for s, p in zip(seats, players, strict=True)]
        loaded = read_record(record) if record is not None else None
        named = loaded.headers.get("Game", game.name) if loaded is not None else game.name
        if named != game.name:  # (before its parameters, which another game may not have)
            raise WebError(422, f"the record: this record is of {named!r}, not of "
                                f"{game.name!r}")
        if loaded is not None and not parameters and loaded.parameters():
            parameters = loaded.parameters()
        control = check_clock(clock)
        if names is None:
            names = [None] * len(players)
        if not isinstance(names, list) or len(names) != len(players):
            raise WebError(422, f"'names' must list one name (or null) per player "
                                f"({', '.join(players)}); found {str(names)[:80]!r}")
        given = [check_name(n) for n in names]
        if any(n and spec != HUMAN for n, spec in zip(given, specs, strict=True)):
            raise WebError(422, "only a person's seat takes a name (an agent is named by "
                                "what it is)")
        if parameters:
            game = self.setting(entry.text, entry.file, parameters)
        start, plies = starting_point(game, position, fen, loaded)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or not 0 <= seed <= MAX_SEED):
            shown = repr(seed) if len(repr(seed)) <= 40 else repr(seed)[:37] + "..."
            raise WebError(422, f"'seed' must be a whole number from 0 to 2**63 - 1, found "
                                f"{shown}")
        self._admit(client)
        tokens: list[str | None] = [secrets.token_urlsafe(18) if s == HUMAN else None
                                    for s in specs]
        stored = StoredGame(id=secrets.token_urlsafe(9), slug=entry.slug, file=entry.file,
                            rules=entry.text, seats=specs, tokens=tokens, seed=seed,
                            parameters=dict(game.parameters), plies=plies,
                            position="" if start is None else json.dumps(
                                start.to_json(), ensure_ascii=False), names=given)
        if control is not None:
            stored.clock = Clock(control, len(specs), self.clock).to_json()
        session = GameSession(stored, game, self.clock)
        self.store.save(stored)
        self._hold(session)
        return session, tokens

    @staticmethod
    def setting(text: str, file: str, parameters: Any) -> Game:
        """The game of a rules text under parameter values a request gives (a mapping of
        names to values, each checked as ``--param`` checks it)."""
        from framework.spec.params import MAX_PARAMETERS, ParameterError

        if not isinstance(parameters, dict) or len(parameters) > MAX_PARAMETERS or \
                not all(isinstance(k, str) and _plain(v) for k, v in parameters.items()):
            shown = repr(parameters) if len(repr(parameters)) <= 60 else \
                repr(parameters)[:57] + "..."
            raise WebError(422, f"'parameters' must map parameter names to values (numbers, "
                                f"true or false, short texts), such as {{\"size\": 7}}; found "
                                f"{shown}")
        try:
            return compile_rules(text, file, parameters)
        except ParameterError as exc:
            raise WebError(422, str(exc)) from None
        except BoardspecError as exc:
            raise WebError(422, f"{file} does not load with these parameters: {exc}") from None

    def get(self, game_id: str) -> GameSession:
        session = self.live.get(game_id)
        if session is None:
            stored = self.store.load(game_id) if len(game_id) <= 64 else None
            if stored is None:
                raise WebError(404, f"no game with id {game_id!r}")
            try:
                game = compile_rules(stored.rules, stored.file, stored.parameters)
            except BoardspecError as exc:
                raise WebError(500, f"game {game_id}: its stored rules no longer load: "
                                    f"{exc}") from None
            session = GameSession(stored, game, self.clock)
            self._hold(session)
        else:
            self.live.move_to_end(game_id)
        session.touched = time.monotonic()
        return session

    def rematch(self, session: GameSession) -> str:
        """The next game of the same rules and setting, the seats turned by one (the sides
        swapped for two players): each seat's agent and token go with the person, so the
        same seat links open it. Its id (made once; asked again, the same)."""
        if session.rematch is None:
            turn = len(session.stored.seats) - 1  # seat i's person plays seat i+1's side
            seats = session.stored.seats[turn:] + session.stored.seats[:turn]
            tokens = session.stored.tokens[turn:] + session.stored.tokens[:turn]
            names = session.stored.names[turn:] + session.stored.names[:turn]
            stored = StoredGame(id=secrets.token_urlsafe(9), slug=session.stored.slug,
                                file=session.stored.file, rules=session.stored.rules,
                                seats=seats, tokens=tokens, seed=None,
                                parameters=dict(session.stored.parameters),
                                position=session.stored.position,  # (a study's, again)
                                names=names)
            if session.clock is not None:  # the same time control, the clocks full
                stored.clock = Clock(session.clock.control, len(seats), self.clock).to_json()
            self.store.save(stored)
            self._hold(GameSession(stored, session.game, self.clock))
            session.rematch = stored.id
        return session.rematch

    def archive(self, session: GameSession) -> str:
        """Keep a copy of the game as it is, read-only (no seat tokens), under a new id."""
        from dataclasses import replace

        copy = replace(session.stored, id=secrets.token_urlsafe(9),
                       tokens=[None] * len(session.stored.tokens),
                       plies=list(session.stored.plies))
        self.store.save(copy)
        return copy.id

    def save(self, session: GameSession) -> None:
        self.store.save_plies(session.stored)
        if session.state.is_terminal() and not session.sockets:
            # A finished game nobody watches leaves memory (it is in the store).
            self.live.pop(session.id, None)

    def save_all(self, session: GameSession) -> None:
        self.store.save(session.stored)

    def _hold(self, session: GameSession) -> None:
        self.live[session.id] = session
        if len(self.live) <= self.limit:
            return
        for game_id, held in list(self.live.items()):
            if len(self.live) <= self.limit:
                break
            busy = held.sockets or (held.agent_task and not held.agent_task.done())
            if not busy and held is not session:
                del self.live[game_id]


def _moved_along(kinds: list[int], owners: list[int], after: State, gone: int,
                 arrived: int) -> int:
    """The cells of ``gone`` whose piece moved rather than left the board: a piece of the
    same owner and kind arrived on a cell of ``arrived`` (castling's rook, emptied from h1
    and now on f1, is no capture)."""
    moved = 0
    for cell in iter_bits(gone):
        owner = next((s for s, mask in enumerate(owners) if mask >> cell & 1), -1)
        kind = next((k for k, mask in enumerate(kinds) if mask >> cell & 1), -1)
        match = arrived & after.owner[owner] & after.kinds[kind] if owner >= 0 and \
            kind >= 0 else 0
        if match:
            moved |= 1 << cell
            arrived &= ~(match & -match)  # each arrival explains one departure
    return moved
