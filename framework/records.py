"""Game records: who played, how it ended, and every action in notation.

The text form is PGN-like: header lines ``[Key "value"]``, a blank line, then one numbered
line per turn with the turn's actions (one or more, separated by spaces, as the engine
writes them):

```text
[Game "Assimilation"]
[File "games/assimilation.yaml"]
[White "mcts:0.2s"]
[Black "random"]
[Seed "1"]
[Result "white"]

1. b6
2. f2
3. a7c5
```

The player headers are keyed by the player that each seat starts as (``White`` = seat 0);
``Result`` is the winning player (several joined by ``+`` for a shared win), ``draw`` or
``unfinished``. ``Ending`` says why it ended: the keyword of the goal that ended it
(``connect``, ``no_pieces``; several joined by ``+`` when two were met at once),
``no_legal_move``, or ``max_plies`` for a game stopped unfinished at the ply limit. A game
begun from a position of its own (the web app's position editor) has the header
``Position``, that position's JSON on one line; its actions replay from there.
A game whose file declares Standard Algebraic Notation (``notation.san``: chess) is saved as
text by ``boardspec play`` and the web app with one word a turn as its players write it
(``1. e4``, ``2. Nf6``, ``3. e5``) and the header ``[Notation "SAN"]``; ``replay`` reads
either form. The JSON form (for programs) keeps the file's actions:
``{"format": "boardspec-record", "version": 1, "headers": {...}, "turns": [["b6"], ...]}``.
A ply is one action. ``replay`` plays the actions through the engine and refuses the first
one that is not legal, naming its ply, its turn and the engine's reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from framework.errors import BoardspecError, IllegalActionError, InputError, NotationError
from framework.limits import (
    MAX_HEADER_CHARS,
    MAX_RECORD_BYTES,
    MAX_RECORD_HEADERS,
    MAX_RECORD_LINES,
    MAX_RECORD_TURNS,
)
from framework.numerals import is_digits
from framework.safeio import load_json, read_text, write_json, write_text

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.engine.turns import Turn
    from framework.game import Game

FORMAT = "boardspec-record"
VERSION = 1
UNFINISHED = "unfinished"
#: The ``Termination`` header of a game a player resigned: its ``Result`` stands though the
#: moves stop short of an end.
RESIGNATION = "resignation"
#: ``Termination`` of a game the players agreed to draw (its ``Result`` is ``draw``).
AGREEMENT = "agreement"
#: ``Termination`` of a game lost on time (a clock's flag fell): its ``Result`` stands as
#: for a resignation.
TIME_FORFEIT = "time forfeit"
DRAW = "draw"
#: The header saying why a game ended (``State.ending``), and its value for a game stopped
#: unfinished at the ply limit.
ENDING, PLY_LIMIT = "Ending", "max_plies"
#: The header of a game's starting position, when it is not the rules' own start.
POSITION = "Position"
#: The header of a record whose turns are written in Standard Algebraic Notation, one word
#: a turn (``Record.in_notation``; read back by ``Record.resolved``).
NOTATION, SAN = "Notation", "SAN"
# Possessive: a long value is matched in one pass, never backtracked through.
_HEADER = re.compile(r'\[(\w+)\s+"((?:[^"\\]++|\\.)*+)"\]')


class RecordError(BoardspecError):
    """A record that cannot be read, or whose moves do not replay."""


def result_of(state: State) -> str:
    """``Result`` header value of a state: the winning player, ``draw`` or ``unfinished``."""
    if state.winners is None:
        return UNFINISHED
    if not state.winners:
        return DRAW
    return "+".join(state.game.players[s] for s in sorted(state.winners))


def ending_of(state: State) -> str:
    """``Ending`` header value of a state: what the engine says ended the game (empty for a
    position read as ended), or ``max_plies`` for a game still going (stopped at the cap)."""
    return state.ending if state.is_terminal() else PLY_LIMIT


def parameters_header(values: dict[str, Any]) -> str:
    """A game's parameter values as the ``Parameters`` header writes them: ``size=7
    swap=false``."""
    from framework.spec.params import show_value

    return " ".join(f"{name}={show_value(value)}" for name, value in sorted(values.items()))


def header_key(player: str) -> str:
    """The header naming the agent of the seat that starts as ``player``."""
    return player[:1].upper() + player[1:]


@dataclass
class Record:
    """One game: ordered headers and the turns, each a list of action notations."""

    headers: dict[str, str] = field(default_factory=dict)
    turns: list[list[str]] = field(default_factory=list)
    #: Where the record was read from (to find a relative game file).
    source: Path | None = None

    @property
    def plies(self) -> list[str]:
        return [action for turn in self.turns for action in turn]

    @property
    def result(self) -> str:
        return self.headers.get("Result", UNFINISHED)

    @property
    def ending(self) -> str:
        """Why the game ended (the ``Ending`` header; empty when the record does not say)."""
        return self.headers.get(ENDING, "")

    def player(self, game: Game, seat: int) -> str:
        return self.headers.get(header_key(game.players[seat]), "?")

    # Text and JSON --------------------------------------------------------------------
    def to_text(self) -> str:
        lines = [f'[{key} "{_escape(value)}"]' for key, value in self.headers.items()]
        lines.append("")
        lines += [f"{n}. {' '.join(turn)}" for n, turn in enumerate(self.turns, start=1)]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str, source: Path | None = None) -> Record:
        record = cls(source=source)
        where = str(source or "<record>")
        # A line's work is kept to what its first character calls for: a record may be
        # hundreds of thousands of turns long and is refused (or replayed) within the
        # budget of docs/limits.md; lines are counted before any is split, turns as read.
        lines = text.count("\n") + (not text.endswith("\n"))
        if lines > MAX_RECORD_LINES:
            raise RecordError(f"{where}: {lines:,} lines; a record has at most "
                              f"{MAX_RECORD_LINES:,} (see docs/limits.md)")
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if line.startswith("["):
                if len(line) > MAX_HEADER_CHARS + 80:
                    raise RecordError(f"{where}:{number}: a header of {len(line):,} "
                                      f"characters; a header's value has at most "
                                      f"{MAX_HEADER_CHARS:,} (see docs/limits.md)")
                # A header's value may hold braces (a Position's JSON): a {comment} is only
                # what follows it, as it is on a turn's line.
                header = _HEADER.match(line)
                if header and not line[header.end():].split("{", 1)[0].strip():
                    record.add_header(header.group(1), _unescape(header.group(2)),
                                      f"{where}:{number}")
                    continue
            if "{" in line:
                line = line.split("{", 1)[0].strip()  # {comments} are ignored
            if not line:
                continue
            # "12. b6": at most nine ASCII digits, a dot, the actions (no regex: cheaper).
            digits, dot, rest = line.partition(".")
            if not (dot and is_digits(digits, 9)):
                raise RecordError(f"{where}:{number}: expected a header like "
                                  f'[Game "Ataxx"] or a turn like "12. b6", found {raw[:80]!r}')
            if int(digits) != len(record.turns) + 1:
                raise RecordError(f"{where}:{number}: expected turn {len(record.turns) + 1}, "
                                  f"found turn {digits}")
            if len(record.turns) == MAX_RECORD_TURNS:
                raise RecordError(f"{where}:{number}: more than {MAX_RECORD_TURNS:,} turns; "
                                  f"a record has at most {MAX_RECORD_TURNS:,} (see "
                                  "docs/limits.md)")
            actions = rest.split()
            if not actions:
                raise RecordError(f"{where}:{number}: turn {digits} has no action")
            record.turns.append(actions)
        return record

    def add_header(self, key: str, value: str, where: str) -> None:
        """Add a header read from a file: each key once, values and their number bounded
        (a repeated header would say two things; a huge one would cost memory to replay)."""
        if key in self.headers:
            raise RecordError(f"{where}: the header {key!r} is given twice")
        if len(value) > MAX_HEADER_CHARS:
            raise RecordError(f"{where}: the header {key!r} is {len(value):,} characters "
                              f"long; at most {MAX_HEADER_CHARS:,} are read (see "
                              "docs/limits.md)")
        if len(self.headers) >= MAX_RECORD_HEADERS:
            raise RecordError(f"{where}: more than {MAX_RECORD_HEADERS} headers (see "
                              "docs/limits.md)")
        self.headers[key] = value

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "headers": dict(self.headers),
                "turns": [list(t) for t in self.turns]}

    @classmethod
    def from_json(cls, data: Any, source: Path | None = None) -> Record:
        where = str(source or "<record>")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{where}: not a boardspec record (expected a JSON object with "
                              f'"format": "{FORMAT}")')
        if data.get("version") != VERSION:
            raise RecordError(f"{where}: record format version {data.get('version')!r} is "
                              f"not one this boardspec reads (version {VERSION})")
        headers, turns = data.get("headers", {}), data.get("turns", [])
        if not isinstance(headers, dict) or not all(isinstance(v, str)
                                                    for v in headers.values()) \
                or not all(re.fullmatch(r"\w+", k) for k in headers):
            raise RecordError(f"{where}: 'headers' maps names to text")
        if isinstance(turns, list) and len(turns) > MAX_RECORD_TURNS:
            raise RecordError(f"{where}: {len(turns):,} turns; a record has at most "
                              f"{MAX_RECORD_TURNS:,} (see docs/limits.md)")
        if not isinstance(turns, list) or not all(
                isinstance(t, list) and t and all(isinstance(a, str) for a in t)
                for t in turns):
            raise RecordError(f"{where}: 'turns' is a list of turns, each a non-empty list "
                              'of actions in notation, e.g. [["b6"], ["f2"]]')
        record = cls(turns=[list(t) for t in turns], source=source)
        for key, value in headers.items():
            record.add_header(key, value, where)
        return record

    def save(self, path: str | Path) -> Path:
        """Write the record: JSON if the name ends in .json, text otherwise."""
        path = Path(path)
        if path.suffix.lower() == ".json":
            return write_json(path, self.to_json(), "record")
        return write_text(path, self.to_text(), "record")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        path = Path(path)
        try:
            text = read_text(path, MAX_RECORD_BYTES, "record")
        except InputError as exc:
            raise RecordError(str(exc)) from None
        if text.lstrip().startswith("{"):
            return cls.from_json(load_json(text, str(path), RecordError), path)
        return cls.from_text(text, path)

    # The players' notation ------------------------------------------------------------
    def in_notation(self, game: Game) -> Record:
        """A copy whose turns are written as the game's players write them, one word a turn
        (``Nf3``, ``e8=Q``), where the game file declares such a notation (``notation.san``),
        with the header ``Notation`` saying so; else the record itself."""
        from framework.san import san_of

        san = san_of(game)
        if san is None or self.headers.get(NOTATION) == SAN:
            return self
        state = self.start(game)  # (a Position header's, if it has one)
        turns: list[list[str]] = []
        for number, texts in enumerate(self.turns, start=1):
            turn = self._turn(state, texts, number)
            turns.append([san.write(state, turn)])
            for action in turn.actions:
                state.apply_unchecked(action)
        headers = dict(self.headers)
        headers[NOTATION] = SAN
        return Record(headers, turns, self.source)

    def resolved(self, game: Game) -> Record:
        """A copy in the game's own notation (one word an action) of a record whose
        ``Notation`` header says its turns are written in SAN; else the record itself. A
        turn that does not read is refused, naming it."""
        if self.headers.get(NOTATION) != SAN:
            return self
        from framework.san import read_turn

        state = self.start(game)
        turns: list[list[str]] = []
        for number, texts in enumerate(self.turns, start=1):
            try:
                turn = read_turn(state, " ".join(texts))
            except (IllegalActionError, NotationError) as exc:
                raise RecordError(f"turn {number} ({' '.join(texts)!r}) is refused: "
                                  f"{exc}") from None
            turns.append([a.notation for a in turn.actions])
            for action in turn.actions:
                state.apply_unchecked(action)
        headers = {k: v for k, v in self.headers.items() if k != NOTATION}
        return Record(headers, turns, self.source)

    @staticmethod
    def _turn(state: State, texts: list[str], number: int) -> Turn:
        try:
            return state.parse_turn(" ".join(texts))
        except (IllegalActionError, NotationError) as exc:
            raise RecordError(f"turn {number} ({' '.join(texts)!r}) is refused: "
                              f"{exc}") from None

    # Replaying ------------------------------------------------------------------------
    def parameters(self) -> dict[str, str]:
        """The game's parameter values named by the ``Parameters`` header (as text)."""
        found: dict[str, str] = {}
        for item in self.headers.get("Parameters", "").split():
            name, _, value = item.partition("=")
            found[name] = value
        return found

    def game_file(self) -> Path | None:
        """The game file named by the ``File`` header, as given or next to the record."""
        name = self.headers.get("File")
        if not name:
            return None
        path = Path(name)
        if not path.exists() and self.source is not None and not path.is_absolute():
            beside = self.source.parent / path
            if beside.exists():
                return beside
        return path

    def replay(self, game: Game, ply: int | None = None) -> State:
        """The state after ``ply`` actions (default: all), every action checked by the
        engine. A record of another game, or an action that is not legal, is refused."""
        if self.headers.get(NOTATION) == SAN:
            return self.resolved(game).replay(game, ply)
        named = self.headers.get("Game")
        if named is not None and named != game.name:
            raise RecordError(f"this record is of {named!r}, not of {game.name!r}")
        total = len(self.plies)
        declared = game.spec.max_plies
        if declared is not None and total > declared:  # refused before any is replayed
            raise RecordError(f"the record has {total:,} plies, but {game.name} lasts at "
                              f"most {declared:,} (max_plies)")
        if ply is not None and not 0 <= ply <= total:
            raise RecordError(f"ply {ply} is out of range: the record has {total} plies")
        state = self.start(game)
        done = 0
        for number, turn in enumerate(self.turns, start=1):
            for text in turn:
                if ply is not None and done >= ply:
                    return state
                try:
                    state.apply(text)
                except (IllegalActionError, NotationError) as exc:
                    raise RecordError(f"ply {done + 1} (turn {number}, {text!r}) is refused: "
                                      f"{exc}") from None
                done += 1
        return state

    def start(self, game: Game) -> State:
        """The position the record's actions start from: its ``Position`` header, else the
        rules' own start."""
        from framework.errors import PositionError

        written = self.headers.get(POSITION)
        if written is None:
            return game.new_initial_state()
        try:
            return game.state_from_json(written)
        except PositionError as exc:
            raise RecordError(f"the record's {POSITION} header: {exc}") from None

    def verify(self, game: Game) -> State:
        """Replay every action and check that the game ends as the ``Result`` header says."""
        if self.headers.get(NOTATION) == SAN:
            return self.resolved(game).verify(game)
        state = self.replay(game)
        found = result_of(state)
        plies = self.headers.get("Plies")
        if plies is not None and plies != str(len(self.plies)):
            raise RecordError(f"the record's Plies header says {plies!r}, but it has "
                              f"{len(self.plies)} plies")
        claimed = self.headers.get("Result")
        termination = self.headers.get("Termination")
        resigned = termination in (RESIGNATION, TIME_FORFEIT) and found == UNFINISHED \
            and claimed is not None and all(p in game.players for p in claimed.split("+"))
        agreed = termination == AGREEMENT and found == UNFINISHED and claimed == DRAW
        if claimed is not None and claimed != found and not (resigned or agreed):
            raise RecordError(f"the record claims the result {claimed!r}, but its "
                              f"{len(self.plies)} plies end {found!r}")
        ending = self.headers.get(ENDING)
        if ending is not None and ending != ending_of(state):
            raise RecordError(f"the record's {ENDING} header says {ending!r}, but its "
                              f"{len(self.plies)} plies end by {ending_of(state)!r}")
        return state


def position_header(state: State) -> str:
    """A position as the ``Position`` header writes it: its JSON on one line, a piece of
    the game's first kind with no attributes written by its owner alone (a full board of
    stones stays within a header's length)."""
    import json

    data = state.to_json()
    first = state.game.piece_kinds[0]
    data["cells"] = {name: entry["owner"] if set(entry) == {"owner", "piece"} and
                     entry["piece"] == first else entry
                     for name, entry in data["cells"].items()}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def turn_lines(steps: Iterable[tuple[State, list[str]]]) -> list[list[str]]:
    """Group played decisions into the record's turn lines: ``steps`` are (state before,
    actions played) in order; decisions made inside one turn share a line."""
    from framework.engine.turns import turn_key

    lines: list[list[str]] = []
    current: tuple[object, ...] | None = None
    for before, actions in steps:
        if not actions:
            continue
        key = turn_key(before)
        if lines and key == current:
            lines[-1].extend(actions)
        else:
            lines.append(list(actions))
            current = key
    return lines


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)
