"""Playing commands: ``play`` (people and computer agents in the terminal), ``replay``
(check a game record and show any ply of it) and ``match`` (tournaments with statistics).

Agents are given per seat by spec (``human``, ``random``, ``greedy``, ``alphabeta:d3``,
``mcts:2s``, …; see ``framework.agents.registry``). ``--seat PLAYER=AGENT`` names the agent
of the seat that starts as PLAYER, for any number of players; ``--white`` and ``--black``
the seats of the players so named (in a game without them, the first two seats), and
``--first``/``--second`` the first two seats whatever their names (a pie rule may later
swap the sides the seats play).
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from framework.cli import app
from framework.cli.options import (
    AddressOption,
    BackendOption,
    EngineOption,
    FenOption,
    GameArgument,
    ParamOption,
    PositionOption,
    check_backend,
    load,
    start_state,
    use_engine,
)
from framework.engine.chance import CHANCE, sample
from framework.engine.view import observed
from framework.limits import MAX_COUNT, MAX_JOBS

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from framework.agents.base import Agent
    from framework.backends import Backend
    from framework.engine.state import State
    from framework.game import Game
    from framework.match import GamePlan, GameSource, MatchResult
    from framework.records import Record
    from framework.study import StudyFolder

SIDE_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold yellow",
               "bold cyan", "bold bright_red", "bold bright_blue")  # up to MAX_PLAYERS
HELP = ("Type a move in the game's notation (a whole turn: its actions separated by spaces), "
        "or: ? (legal moves), undo, save [FILE], quit.")

WhiteSeat = Annotated[str | None, typer.Option(
    "--white", help="agent of the player named white (in a game with no such player: the "
    "first seat): human, random, greedy, alphabeta:d3, alphabeta:0.5s, mcts:2s, mcts:500i …")]
BlackSeat = Annotated[str | None, typer.Option(
    "--black", help="agent of the player named black (with no such player: the second "
    "seat; same choices)")]
FirstSeat = Annotated[str | None, typer.Option(
    "--first", help="agent of the first seat, whatever its player is called")]
SecondSeat = Annotated[str | None, typer.Option(
    "--second", help="agent of the second seat")]
Seats = Annotated[list[str] | None, typer.Option(
    "--seat", help="PLAYER=AGENT: the agent of the seat that starts as PLAYER (any number of "
    "players; repeat the option), e.g. --seat red=mcts:1s --seat green=greedy")]


# play ---------------------------------------------------------------------------------
@app.command()
def play(game_file: GameArgument, white: WhiteSeat = None, black: BlackSeat = None,
         first: FirstSeat = None, second: SecondSeat = None, seat: Seats = None,
         human: Annotated[str | None, typer.Option(
             help="the player you play (the other seats: --seat, --white/--black or "
                  "random)")] = None,
         seed: Annotated[int | None, typer.Option(help="random seed of the agents")] = None,
         max_plies: Annotated[int | None, typer.Option(
             min=1, max=MAX_COUNT, help="stop after this many actions")]
         = None,
         save: Annotated[Path | None, typer.Option(
             help="write the game record here at the end (.json for JSON)")] = None,
         quiet: Annotated[bool, typer.Option(help="print only the result")] = False,
         lang: Annotated[str, typer.Option(
             "--lang", help="language of the notation's words you type and see (en, es, pt, "
                            "ru, eo: Spanish C5+pata for C5+leg); records keep the game "
                            "file's words, and both forms are read")] = "en",
         engine: EngineOption = None, params: ParamOption = None,
         position: PositionOption = None, fen: FenOption = None,
         record_file: Annotated[Path | None, typer.Option(
             "--record", help="go on with the game of this record (text or JSON, as --save "
                              "writes it): its actions are replayed and checked, then play "
                              "goes on from where it stopped")] = None) -> None:
    """Play a game in the terminal: computer against computer (default: random agents),
    or you against an agent; from the start, a position (--position, --fen) or a saved
    game (--record)."""
    from rich.console import Console

    from framework.agents import AgentSpecError, parse_agent
    from framework.i18n import LANGUAGES

    if lang not in LANGUAGES:
        raise typer.BadParameter(f"expected one of {', '.join(LANGUAGES)}, found {lang!r}",
                                 param_hint="--lang")
    use_engine(engine)
    game = load(game_file, params)
    if human is not None and human not in game.players:
        raise typer.BadParameter(f"expected one of {', '.join(game.players)}, "
                                 f"found {human!r}", param_hint="--human")
    given = seats_given(game.players, {"--white": white, "--black": black, "--first": first,
                                       "--second": second}, seat or [], human)
    specs = ["random"] * len(game.players)
    for index, (spec, option) in given.items():
        try:
            parse_agent(spec)
        except AgentSpecError as exc:
            raise typer.BadParameter(str(exc), param_hint=option) from None
        specs[index] = spec
    if save is not None:
        from framework.safeio import check_output_file

        check_output_file(save, "record")  # before the game, not after it
    if record_file is not None and (position is not None or fen is not None):
        raise typer.BadParameter("a record begins where it says (its Position header): give "
                                 "--record or --position/--fen, not both",
                                 param_hint="--record")
    session = PlaySession(game, str(game_file), specs, seed, max_plies, save,
                          Console(highlight=False, soft_wrap=True), quiet, lang)
    if record_file is not None:
        session.resume(record_file)
    elif position is not None or fen is not None:
        session.begin_at(start_state(game, position, fen))
    if not session.run():
        raise typer.Exit(130)


def seats_given(players: tuple[str, ...], options: dict[str, str | None], seats: list[str],
                human: str | None = None) -> dict[int, tuple[str, str]]:
    """The agent spec of each seat given, by seat, with the option that gave it. Seats are
    taken by name: ``--white``/``--black`` are the seats of the players so named where the
    game has them (Hex: black begins, and ``--white`` is its second seat), else the first
    two; ``--first``/``--second`` the first two whatever their names; ``--seat
    PLAYER=AGENT`` and ``--human PLAYER`` the seat of PLAYER. A seat given twice is refused
    (``--white greedy --human white``), never one option silently dropped for another; a
    seat given by nobody plays ``random``."""
    given: dict[int, tuple[str, str]] = {}

    def give(index: int, spec: str, option: str) -> None:
        if index >= len(players):
            raise typer.BadParameter(f"this game has {len(players)} players",
                                     param_hint=option)
        if index in given:
            raise typer.BadParameter(f"the seat of {players[index]} is given twice: by "
                                     f"{given[index][1]} and by {option}", param_hint=option)
        given[index] = spec, option

    for option, spec in options.items():
        if spec is not None:
            name = option.removeprefix("--")
            positional = {"white": 0, "black": 1, "first": 0, "second": 1}[name]
            by_name = name in ("white", "black") and name in players
            give(players.index(name) if by_name else positional, spec, option)
    for item in seats:
        player, equals, spec = item.partition("=")
        if not equals or not player.strip() or not spec.strip():
            raise typer.BadParameter(f"expected PLAYER=AGENT (e.g. {players[0]}=random), "
                                     f"found {item!r}", param_hint="--seat")
        player = player.strip()
        if player not in players:
            raise typer.BadParameter(f"{player!r} is not a player of this game; expected one "
                                     f"of {', '.join(players)}", param_hint="--seat")
        give(players.index(player), spec.strip(), f"--seat {player}=")
    if human is not None:
        give(players.index(human), "human", f"--human {human}")
    return given


class PlaySession:
    """One game in the terminal: agents move by themselves, people type their moves."""

    def __init__(self, game: Game, game_file: str, specs: list[str], seed: int | None,
                 max_plies: int | None, save: Path | None, console: Console,
                 quiet: bool, lang: str = "en") -> None:
        from framework.agents import make_agent, parse_agent
        from framework.notation_words import words_in

        self.game = game
        self.game_file = game_file
        self.specs = specs
        self.seed = seed
        self.console = console
        self.quiet = quiet
        self.save_path = save
        self.interrupted = False
        self.limit = max_plies or game.spec.max_plies or 10_000
        self.humans = {seat for seat, s in enumerate(specs) if parse_agent(s).is_human}
        self.agents: dict[int, Agent] = {
            seat: make_agent(spec, game, None if seed is None else seed + seat)
            for seat, spec in enumerate(specs) if seat not in self.humans}
        self.state = game.new_initial_state()
        #: The dice: a generator of the game's seed (the same seed rolls the same dice).
        self.chance = random.Random(seed)
        #: How the notation is shown and read in the player's language (records: the file's).
        self.words = words_in(game, lang)
        #: (state before, seat, actions) of every turn played, for undo and the record.
        self.history: list[tuple[State, int, list[str]]] = []
        self._numbered: list[tuple[State, tuple[object, ...], int]] = []
        #: The position play began from when it is not the rules' start (the record's
        #: Position header), else None.
        self.start: State | None = None

    def begin_at(self, state: State) -> None:
        """Play from ``state`` (a position given on the command line) instead of the start."""
        self.start = state.clone()
        self.state = state

    def resume(self, path: Path) -> None:
        """Go on with the game of the record at ``path``: every action is checked as
        ``replay`` checks it (a record of another game or an illegal action is refused,
        naming the ply), and the turns played become this session's history, so that
        ``undo`` reaches back into them and ``--save`` writes the whole game."""
        from framework.records import POSITION, Record, RecordError

        try:
            record = Record.load(path).resolved(self.game)
            record.replay(self.game)  # checks every action before any becomes history
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None
        state = record.start(self.game)
        if POSITION in record.headers:
            self.start = state.clone()
        for turn in record.turns:
            for text in turn:
                before = state.clone()
                seat = CHANCE if state.is_chance_node() else state.current_player
                state.apply(text)
                self.history.append((before, seat, [text]))
        self.state = state
        if not self.quiet:
            self.console.print(f"resumed {path}: {self.plies} actions replayed", markup=False)

    @property
    def plies(self) -> int:
        return sum(len(actions) for _, _, actions in self.history)

    def run(self) -> bool:
        """Play to the end (or the ply limit, or a quit); False if stopped by Ctrl-C, in
        which case the game so far is still saved, marked unfinished."""
        from framework.backend_base import hold_point

        try:
            while not self.state.is_terminal() and self.plies < self.limit:
                seat = self.state.current_player
                if self.state.is_chance_node():
                    self._roll()
                elif seat in self.humans:
                    if not self._human_turn(seat):
                        break
                else:
                    self._agent_turn(seat)
                hold_point(1, len(self.history))
        except KeyboardInterrupt:
            self.interrupted = True
            self.console.print(f"\ninterrupted after {self.plies} actions")
        else:
            shown = self.state  # a game over shows all; one person so far sees its view
            if self.game.view is not None and not shown.is_terminal() and \
                    len(self.humans) == 1:
                shown = observed(shown, next(iter(self.humans)))
            self.console.print(board_text(shown))
            if not self.state.is_terminal():
                self.console.print(f"unfinished after {self.plies} actions")
        if self.save_path is not None:
            self._save(self.save_path)
        return not self.interrupted

    def _roll(self) -> None:
        """Chance plays (the dice), drawn with the session's generator and shown."""
        before = self.state.clone()
        outcome = sample(self.state, self.chance)
        self.state = self.state.child(outcome)
        self.history.append((before, CHANCE, [outcome.notation]))
        if not self.quiet:
            self.console.print(f"    chance: {self.words.write(outcome)}", markup=False)

    def _agent_turn(self, seat: int) -> None:
        agent = self.agents[seat]
        before = self.state.clone()
        actions = agent.act(self.state)
        # Played on a copy: a Ctrl-C in the middle leaves the state and the history agreeing.
        after = self.state.clone()
        played: list[str] = []
        shown: list[str] = []
        for action in actions:
            if after.is_terminal():
                break
            after.apply(action)
            played.append(action.notation)
            shown.append(self.words.write(action))
        self.state = after
        self.history.append((before, seat, played))
        if not self.quiet:
            side = self.game.players[before.to_move]
            note = f"  [dim]({escape(agent.info)})[/dim]" if agent.info and self.humans else ""
            number, going_on = self._turn_number()
            view = self.game.view
            if view is not None and self.humans - {seat}:
                shown = ["?"] * (len(shown) if view.spec.plies else 1)  # hidden
            self.console.print(f"{number:>3}{'…' if going_on else '.'} {escape(side)} "
                               f"({escape(agent.spec)}): {escape(' '.join(shown))}{note}")

    def _turn_number(self) -> tuple[int, bool]:
        """The number of the turn the last entry of the history belongs to, and whether it
        goes on a turn already shown (an agent may play a turn one action at a time: a
        walk, then a build, is one turn, numbered once)."""
        from framework.engine.turns import turn_key

        numbered = self._numbered  # (state before, its turn's key, number) per entry
        del numbered[len(self.history):]
        while numbered and numbered[-1][0] is not self.history[len(numbered) - 1][0]:
            numbered.pop()  # an undo took the tail away and play went on from there
        for before, _, _ in self.history[len(numbered):]:
            key = turn_key(before)
            last = numbered[-1] if numbered else None
            going_on = last is not None and last[1] == key
            numbered.append((before, key, last[2] if going_on and last else
                             (last[2] + 1 if last else 1)))
        going_on = len(numbered) > 1 and numbered[-2][1] == numbered[-1][1]
        return numbered[-1][2], going_on

    def _human_turn(self, seat: int) -> bool:
        """Ask until a legal turn is typed; False when the player quits (or input ends)."""
        from framework.errors import IllegalActionError, NotationError

        # With hidden information the person sees only the seat's view.
        self.console.print(board_text(observed(self.state, seat)))
        self._show_moves()
        while True:
            try:
                text = input(f"{self.game.players[self.state.to_move]} to play> ").strip()
            except EOFError:
                self.console.print("\nend of input: the game stops here")
                return False
            command, _, rest = text.partition(" ")
            if not text:
                continue
            if text in ("?", "moves"):
                self._show_moves()
            elif text in ("help", "h"):
                self.console.print(HELP)
            elif text in ("quit", "exit"):
                return False
            elif text == "undo":
                if self._undo():
                    return True
            elif command == "save":
                self._save(Path(rest.strip()) if rest.strip() else
                           self.save_path or Path("game-record.txt"), typed=True)
            else:
                before = self.state.clone()
                try:
                    played = self._apply_typed(text)
                except (IllegalActionError, NotationError) as exc:
                    self.console.print(f"[bold]not played:[/bold] {escape(str(exc))}",
                                       markup=True)
                    continue
                self.history.append((before, seat, played))
                return True

    def _apply_typed(self, text: str) -> list[str]:
        """Apply the typed actions on a copy; only if all are legal does the game change.
        Where the game file declares SAN, one word may be a whole turn in SAN (``Nf3``)."""
        from framework.errors import IllegalActionError, NotationError
        from framework.san import san_of

        san = san_of(self.game)
        illegal: IllegalActionError | None = None  # well-formed SAN that no legal move fits
        unread: NotationError | None = None  # no SAN at all
        if san is not None and len(text.split()) == 1:
            try:
                turn = san.read(self.state, text)
            except NotationError as exc:
                unread = exc  # unless it is the file's own notation (g1f3), read below
            except IllegalActionError as exc:
                illegal = exc
            else:
                for action in turn.actions:
                    self.state.apply(action)
                return [a.notation for a in turn.actions]
        trial = self.state.clone()
        played = []
        for part in text.split():
            try:
                action = self.words.parse(trial, part)
            except NotationError as exc:
                if illegal is not None:  # Ke3 is a move, only not a legal one
                    raise illegal from None
                if unread is not None:  # neither form: say both
                    raise NotationError(f"{unread}; or the game file's own actions "
                                        f"({str(exc).partition('expected ')[2] or exc})"
                                        ) from None
                raise
            trial.apply(action)
            played.append(action.notation)
        self.state = trial
        return played

    def _undo(self) -> bool:
        """Take back the last turn of a person and everything after it."""
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i][1] in self.humans:
                self.state = self.history[i][0]
                del self.history[i:]
                self.console.print(f"undone: back to turn {i + 1}")
                return True
        self.console.print("nothing to undo")
        return False

    def _show_moves(self) -> None:
        moves = [self.words.write(a) for a in self.state.legal_actions()]
        self.console.print(f"legal ({len(moves)}): " + " ".join(moves), markup=False)

    def record(self) -> Record:
        from framework.match import game_headers
        from framework.records import Record, header_key, result_of, turn_lines

        headers = {"Game": self.game.name, **game_headers(self.game, self.game_file)}
        for seat, spec in enumerate(self.specs):
            headers[header_key(self.game.players[seat])] = spec
        if self.seed is not None:
            headers["Seed"] = str(self.seed)
        if self.start is not None:
            from framework.records import POSITION, position_header

            headers[POSITION] = position_header(self.start)
        if self.interrupted and not self.state.is_terminal():
            headers["Termination"] = "interrupted"
        headers["Result"] = result_of(self.state)
        headers["Plies"] = str(self.plies)
        return Record(headers, turn_lines((before, actions)
                                          for before, _, actions in self.history))

    def _save(self, path: Path, *, typed: bool = False) -> None:
        """Save the record; a ``save`` typed during the game that fails is reported and the
        game goes on."""
        from framework.errors import OutputError

        try:
            record = self.record()  # a text record in SAN where the file declares it
            written = (record if path.suffix.lower() == ".json" else
                       record.in_notation(self.game)).save(path)
        except OutputError as exc:
            if not typed:
                raise
            self.console.print(f"[bold]not saved:[/bold] {escape(str(exc))}", markup=True)
            return
        self.console.print(f"saved {written} ({self.plies} plies)", markup=False)


def board_text(state: State) -> Text:
    """The board as rich text: each side's pieces in its own colour, then the status."""
    from rich.text import Text

    from framework.render.text import board_text as plain
    from framework.render.text import cell_label

    game = state.game
    labels_by_side: dict[str, int] = {}
    for cell in range(game.board.size):
        side = state.owner_of(cell)
        if side >= 0:
            labels_by_side[cell_label(state, cell)] = side
    text = Text()
    lines = plain(state).splitlines()
    for number, line in enumerate(lines):
        row = Text(line)
        if number < len(lines) - 1:
            for label, side in labels_by_side.items():
                row.highlight_regex(rf"(?<=[\s=]){re.escape(label)}(?=\s|$)",
                                    SIDE_STYLES[side % len(SIDE_STYLES)])
        text.append_text(row)
        text.append("\n" if number < len(lines) - 1 else "")
    return text


# replay -------------------------------------------------------------------------------
@app.command()
def replay(record_file: Annotated[Path, typer.Argument(help="game record (text or JSON)")],
           ply: Annotated[int | None, typer.Option(
               min=0, help="show the position after this many actions (default: the end)")]
           = None,
           game_file: Annotated[Path | None, typer.Option(
               "--game", help="the game file (default: the record's File header)")] = None,
           params: ParamOption = None) -> None:
    """Check that every action of a record is legal and that the result is right, then
    show the position at a ply."""
    from rich.console import Console

    from framework.records import Record, RecordError

    record = Record.load(record_file)
    path = game_file or record.game_file()
    if path is None:
        raise RecordError(f"{record_file}: the record names no game file (File header); "
                          "give one with --game")
    # The record's Parameters header sets its variant up; --param overrides a value.
    given = record.parameters() | {n: v for n, v in (p.split("=", 1) for p in params or ()
                                                     if "=" in p)}
    game = load(path, [f"{name}={value}" for name, value in given.items()])
    record = record.resolved(game)  # a record written in SAN read as the file's actions
    final = record.verify(game)
    console = Console(highlight=False, soft_wrap=True)
    total = len(record.plies)
    state = final if ply is None or ply == total else record.replay(game, ply)
    shown = total if ply is None else ply
    players = ", ".join(f"{p}: {record.player(game, seat)}"
                        for seat, p in enumerate(game.players))
    console.print(f"{game.name} ({players}), {total} plies, result {record.result}: "
                  "every action verified", markup=False)
    console.print(f"position after ply {shown}:")
    console.print(board_text(state))


# pgn ----------------------------------------------------------------------------------
@app.command()
def pgn(records: Annotated[list[Path], typer.Argument(
            help="game records (text or JSON), or folders of them (a match's, a "
                 "tournament's: their game-*.txt or game-*.json)")],
        out: Annotated[Path | None, typer.Option(
            help="the PGN file to write (default: standard output)")] = None,
        game_file: Annotated[Path | None, typer.Option(
            "--game", help="the game file (default: each record's File header)")] = None
        ) -> None:
    """Write game records of a game in SAN (chess) as one PGN file, for chess programs
    and databases: every record is verified first, and nothing is written if one fails."""
    from framework.pgn import pgn_of
    from framework.records import Record, RecordError
    from framework.safeio import write_text

    games = []
    for path in _record_files(records):
        record = Record.load(path)
        where = game_file or record.game_file()
        if where is None:
            raise RecordError(f"{path}: the record names no game file (File header); "
                              "give one with --game")
        game = load(where, [f"{n}={v}" for n, v in record.parameters().items()])
        record = record.resolved(game)
        try:
            record.verify(game)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None
        games.append((record, game))
    text = "\n".join(pgn_of([record], game) for record, game in games)
    if out is None:
        sys.stdout.write(text)
    else:
        write_text(out, text, "PGN file")
        print(f"{out}: {len(games)} games", file=sys.stderr)


def _record_files(paths: list[Path]) -> list[Path]:
    """``paths``, each folder replaced by its finished games' records, in order."""
    from framework.records import RecordError
    from framework.study import finished_records

    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            inside = finished_records(path)
            if not inside:
                raise RecordError(f"{path} holds no game records (game-0001.txt, …)")
            found += inside
        else:
            found.append(path)
    return found


# match --------------------------------------------------------------------------------
@app.command()
def match(game_file: GameArgument,
          agents: Annotated[str, typer.Option(
              help="comma-separated agent specs, e.g. mcts:0.2s,alphabeta:d3")],
          games: Annotated[int, typer.Option(
              min=1, help="games per pair of agents (more than two players: games in all, "
                          "seats rotated)")] = 100,
          jobs: Annotated[int | None, typer.Option(
              min=1, max=MAX_JOBS, help="local processes (default 1), or the CPUs of a Ray "
                                     "started here (default: all)")] = None,
          seed: Annotated[int, typer.Option(help="match seed (same seed, same games)")] = 0,
          max_plies: Annotated[int | None, typer.Option(
              min=1, max=MAX_COUNT, help="stop a game unfinished after this many actions")]
            = None,
          out: Annotated[Path | None, typer.Option(
              help="directory for the game records (each written as its game ends) and "
                   "summary.json; the same command again continues an unfinished match")]
          = None,
          as_json: Annotated[bool, typer.Option(
              "--json", help="write records as JSON instead of text")] = False,
          backend: BackendOption = "local", engine: EngineOption = None,
          address: AddressOption = None, params: ParamOption = None) -> None:
    """Play agents against each other, seats swapped every game, and print statistics:
    wins per side and per agent, draws, with 95 % confidence intervals."""
    from rich.console import Console

    from framework.bundled import game_path
    from framework.match import GameSource, MatchResult, record_problem, schedule
    from framework.study import StudyFolder, file_digest

    check_backend(backend, address)
    use_engine(engine)
    specs = agent_specs(agents)
    game = load(game_file, params)  # a bad game file is reported before any process starts
    if out is not None:
        from framework.safeio import check_output_dir

        check_output_dir(out, "match folder")  # before the first game, not after it
    plans = schedule(specs, games, seed, len(game.players))
    folder = done = None
    if out is not None:
        identity = {"kind": "match", "game_file": str(game_file),
                    "game_sha256": file_digest(game_path(game_file)), "agents": specs,
                    "games_per_pair": games, "seed": seed, "max_plies": max_plies}
        if game.parameters:  # a match folder of another variant is not this match
            identity["parameters"] = game.parameters
        folder = StudyFolder(out, identity, len(plans), as_json=as_json, game=game)
        done = folder.open(lambda i, record: record_problem(plans[i], record, game,
                                                            max_plies))
        if done:
            print(f"{out}: {len(done)} of {len(plans)} games already played; "
                  "continuing", file=sys.stderr)
    records = run_with_progress(
        GameSource.read(game_file, game.parameters), plans, backend=backend, jobs=jobs,
        address=address, max_plies=max_plies, done=done, folder=folder)
    result = MatchResult(game.players, [records[i] for i in sorted(records)])
    wide = Console(highlight=False)  # never cut an agent's name in a narrow or piped output
    wide.width = max(wide.width, 110)
    wide.print(*statistics_tables(result))
    if folder is not None and out is not None:
        summary = {"game_file": str(game_file), "agents": specs, "games_per_pair": games,
                   "seed": seed, **result.summary()}
        folder.write_json("summary.json", summary)
        print(f"{out}: {result.games} records and summary.json", file=sys.stderr)


def agent_specs(agents: str, at_least: int = 2) -> list[str]:
    """The comma-separated computer agents of ``--agents``, each checked."""
    from framework.agents import AgentSpecError, parse_agent

    specs = [s.strip() for s in agents.split(",") if s.strip()]
    if len(specs) < at_least:
        raise typer.BadParameter("name at least two agents, e.g. mcts:500i,random",
                                 param_hint="--agents")
    for spec in specs:
        try:
            human = parse_agent(spec).is_human
        except AgentSpecError as exc:
            raise typer.BadParameter(str(exc), param_hint="--agents") from None
        if human:
            raise typer.BadParameter("games of a study are played by computer agents only",
                                     param_hint="--agents")
    return specs


def run_with_progress(source: GameSource, plans: list[GamePlan], *, backend: str | Backend,
                      jobs: int | None,
                      address: str | None, max_plies: int | None,
                      done: dict[int, Record] | None, folder: StudyFolder | None
                      ) -> dict[int, Record]:
    """Play the plans not yet done with a progress bar, each record written to ``folder``
    as its game ends. Ctrl-C stops the work (on every worker) and keeps what is written."""
    from contextlib import nullcontext

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from framework.backends import Backend, make_backend
    from framework.match import play_plans

    console = Console(stderr=True)
    finished = len(done or {})
    try:
        with make_backend(backend, jobs=jobs, address=address) if isinstance(backend, str) \
                else nullcontext(backend) as runner, Progress(
                "[progress.description]{task.description}", BarColumn(),
                MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                transient=True) as progress:
            where = "" if type(runner) is Backend else f" on {escape(runner.describe())}"
            task = progress.add_task(f"games{where}", total=len(plans), completed=finished)

            def on_game(index: int, record: Record) -> None:
                nonlocal finished
                if folder is not None:
                    folder.write(index, record)
                finished += 1
                progress.advance(task)

            return play_plans(source, plans, backend=runner, max_plies=max_plies, done=done,
                              on_game=on_game,
                              on_unfinished=folder.write_unfinished if folder else None)
    except KeyboardInterrupt:
        print(f"interrupted: {interrupted_summary(plans, finished, folder)}", file=sys.stderr)
        raise typer.Exit(130) from None


def interrupted_summary(plans: list[GamePlan], finished: int, folder: StudyFolder | None
                        ) -> str:
    """What a Ctrl-C kept: the finished games, and the games stopped half-way."""
    if folder is None:
        return (f"{finished} of {len(plans)} games were played (give --out DIR to keep "
                "them and continue later)")
    # What is on disk: Ctrl-C may fall between a write and the count.
    finished = sum(folder.path_of(plan.index).exists() for plan in plans)
    partial = folder.unfinished()
    kept = f"{finished} of {len(plans)} games are in {folder.folder}"
    if partial:
        names = ", ".join(path.name for path in partial[:3]) + (", …" if len(partial) > 3
                                                                else "")
        kept += (f", and {len(partial)} unfinished game{'s' if len(partial) > 1 else ''} "
                 f"so far ({names})")
    return f"{kept}; run the same command again to play the rest"


def statistics_tables(result: MatchResult) -> list[object]:
    """Two rich tables: results by side, results by agent."""
    from rich.table import Table

    summary = result.summary()
    n = summary["games"]
    sides = Table(title=f"{n} games: results")  # names escaped: rich reads markup
    for column in ("result", "games", "%", "95 % CI"):
        sides.add_column(column, justify="left" if column == "result" else "right")
    for name, row in summary["results"].items():
        label = name if name in ("draw", "unfinished") else f"won by {name}"
        low, high = row["ci95"]
        sides.add_row(escape(label), str(row["games"]), f"{100 * row['share']:.2f}",
                      f"{100 * low:.1f}–{100 * high:.1f}")
    by_agent = Table(title="by agent (counted per seat played; score = wins + draws/2)")
    for column in ("agent", "games", "wins", "draws", "losses", "unfinished", "score %",
                   "95 % CI"):
        by_agent.add_column(column, justify="left" if column == "agent" else "right")
    for spec, row in summary["agents"].items():
        low, high = row["ci95"]
        by_agent.add_row(escape(spec), str(row["games"]), str(row["wins"]), str(row["draws"]),
                         str(row["losses"]), str(row["unfinished"]),
                         f"{100 * row['score']:.2f}", f"{100 * low:.1f}–{100 * high:.1f}")
    return [sides, by_agent]
