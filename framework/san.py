"""Standard Algebraic Notation: a whole turn written as chess players write it.

A game file asks for it with ``notation: {san: {pawn: pawn}}``; the letters of the kinds
come from the file (each kind's first player's symbol in upper case, or ``san.letters``).
A turn is written from the position before it and the position after it, so that nothing
in this module knows a game: the moving kind is the one on the first action's ``from``
cell, a capture is an enemy piece fewer, a promotion is another kind on the ``to`` cell at
the turn's end, castling is a route of a ``castle`` move of the moving kind, and check is
an attack on a royal kind (the ``royal`` restriction) of another side.

- ``Nf3`` — the kind's letter, then the cell it goes to; ``e4``: the pawn has none.
- ``Nbd7``, ``R1e2``, ``Qh4e1`` — the file, else the rank, else both, of the cell it leaves
  when another piece of its kind could go to the same cell.
- ``Bxe5``, ``exd6`` — ``x`` for a capture (a pawn's names the file it leaves).
- ``e8=Q`` — the kind it becomes; ``O-O`` / ``O-O-O`` — castling with the nearer / farther
  partner; ``+`` check, ``#`` check with no legal move left to the side in check.

Reading is lenient as people write: ``0-0`` for ``O-O``, marks (``+``, ``#``, ``!``, ``?``)
and a wrong ``x`` are not held against the text, ``e8Q`` is ``e8=Q``; the named move must be
the one legal turn that fits. Records, the web app and ``boardspec replay`` use it; the
engine's own notation (``e2e4``, ``e7e8 q``) stays the canonical one and is read as well.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from framework.engine.bits import iter_bits
from framework.errors import IllegalActionError, NotationError, quoted_input

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.engine.turns import Turn

#: A cell of a grid named as chess names its squares: file letters, then rank digits.
CELL = re.compile(r"([a-z]+)([0-9]+)")
SHORT, LONG = "O-O", "O-O-O"
#: A move other than castling; the board's own files and ranks fill in the blanks (a
#: file's letters alone, so that ``x`` is read as the capture's mark).
_MOVE = (r"(?P<letter>[A-Z])?(?P<file>{files})?(?P<rank>{ranks})?[x:]?"
         r"(?P<to>[a-z]+[0-9]+)(?:=?(?P<promotion>[A-Za-z]))?")
_MARKS = re.compile(r"[+#!?]+$")


class Algebraic:
    """How one game writes and reads its turns in SAN (made once per game: ``san_of``)."""

    def __init__(self, game: CompiledGame) -> None:
        spec = game.spec.notation.san
        assert spec is not None, "san_of() is for games whose notation declares san"
        self.game = game
        kinds = game.piece_kinds
        first = game.players[0]
        self.letters = {i: (spec.letters.get(k) or _symbol(game, k, first)).upper()
                        for i, k in enumerate(kinds)}
        self.pawn = kinds.index(spec.pawn)
        self.letters[self.pawn] = ""
        self.by_letter = {letter: i for i, letter in self.letters.items() if letter}
        self.royal = [kinds.index(r.piece) for r in game.spec.restrictions
                      if getattr(r, "type", None) == "royal"]
        names = game.board.names
        self.names = names
        self.files = [_parts(n)[0] for n in names]
        self.ranks = [_parts(n)[1] for n in names]
        self.cells = {n: i for i, n in enumerate(names)}
        self.move = re.compile(_MOVE.format(files=_any_of(self.files),
                                            ranks=_any_of(self.ranks)))
        #: (side, kind, from, to) of each castling route → O-O or O-O-O.
        self.castles = dict(_castles(game))

        self._legal: tuple[tuple[object, ...], list[Action]] | None = None

    def legal(self, state: State) -> list[Action]:
        """``state``'s legal actions, kept for the next call on the same position (writing
        each move of a position asks for them once)."""
        key = state.key()
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, state.legal_actions())
        return self._legal[1]

    # Writing --------------------------------------------------------------------------
    def write(self, state: State, turn: Turn) -> str:
        """``turn``, legal in ``state``, in SAN; the canonical notation of a turn SAN has
        no word for (a pass, a placement)."""
        first = turn.actions[0]
        src, dst = first.src, first.dst
        if src < 0 or dst < 0 or state.owner_of(src) < 0:
            return turn.notation
        mover, kind = state.owner_of(src), state.kind_of(src)
        after = state.clone()
        for action in turn.actions:
            after.apply_unchecked(action)
        castle = self.castles.get((mover, kind, src, dst))
        if castle is not None and self._partner_moved(state, after, mover, src, dst):
            return castle + self._check(after, mover)
        captures = _count(state, mover) > _count(after, mover)
        text = self._piece_move(kind, src, dst, captures, lambda: self._disambiguation(
            state, first, kind))
        now = after.kind_of(dst)
        if now >= 0 and now != kind and after.owner_of(dst) == mover:
            text += "=" + (self.letters[now] or "?")
        return text + self._check(after, mover)

    def write_attempt(self, state: State, text: str) -> str | None:
        """A move the rules refuse here (a rulebook's "but not Nc3"), written ``e2c3`` in
        the engine's notation, in SAN as far as it can be without playing it: the letter,
        ``x`` onto an enemy, the cell, or the castling word; no file or rank to tell pieces
        apart (none could play it) and no check mark. None if ``text`` names no piece's move
        from one cell to another."""
        found = re.fullmatch(r"([a-z]+[0-9]+)([a-z]+[0-9]+)", text.strip().lower())
        if found is None or any(c not in self.cells for c in found.groups()):
            return None
        src, dst = (self.cells[c] for c in found.groups())
        mover, kind = state.owner_of(src), state.kind_of(src)
        if mover < 0:
            return None
        castle = self.castles.get((mover, kind, src, dst))
        if castle is not None:
            return castle
        return self._piece_move(kind, src, dst, state.owner_of(dst) not in (-1, mover),
                                lambda: "")

    def _piece_move(self, kind: int, src: int, dst: int, captures: bool,
                    disambiguation: Callable[[], str]) -> str:
        """``Nbxd7``, ``exd6``, ``e4``: the letter (a pawn's capture names its file), what
        tells the piece apart (asked only for a piece with a letter), ``x``, the cell."""
        taken = "x" if captures else ""
        if kind == self.pawn:
            return (self.files[src] + taken if captures else "") + self.names[dst]
        return self.letters[kind] + disambiguation() + taken + self.names[dst]

    def _disambiguation(self, state: State, move: Action, kind: int) -> str:
        others = {a.src for a in self.legal(state)
                  if a.dst == move.dst and a.src >= 0 and a.src != move.src
                  and a.phase == move.phase and state.kind_of(a.src) == kind}
        if not others:
            return ""
        src = move.src
        if all(self.files[o] != self.files[src] for o in others):
            return self.files[src]
        if all(self.ranks[o] != self.ranks[src] for o in others):
            return self.ranks[src]
        return self.names[src]

    def _partner_moved(self, before: State, after: State, mover: int, src: int,
                       dst: int) -> bool:
        left = before.owner[mover] & ~after.owner[mover] & ~(1 << src)
        return bool(left) or after.owner[mover] & ~before.owner[mover] != 1 << dst

    def _check(self, after: State, mover: int) -> str:
        from framework.moves.attacks import attacks_of

        if not self.royal:
            return ""
        attacks = attacks_of(self.game)
        checked = [side for side in range(len(after.owner)) if side != mover
                   and any(attacks.attacked(after, cell, side)
                           for kind in self.royal
                           for cell in iter_bits(after.owner[side] & after.kinds[kind]))]
        if not checked:
            return ""
        probe = after.clone()
        probe.winners = None  # a draw rule that ended the game leaves the mate a mate
        return "+" if probe.legal_actions() else "#"

    # Reading --------------------------------------------------------------------------
    def read(self, state: State, text: str) -> Turn:
        """The legal turn ``text`` writes in SAN; a NotationError if it is no SAN of this
        game, an IllegalActionError if no legal turn (or more than one) fits it."""
        from framework.engine.turns import Turn

        wanted = _MARKS.sub("", text.strip()).replace("0", "O") \
            if text.strip().startswith("0-0") else _MARKS.sub("", text.strip())
        if wanted in (SHORT, LONG):
            firsts = [a for a in self.legal(state) if a.src >= 0 and self.castles.get(
                (state.owner_of(a.src), state.kind_of(a.src), a.src, a.dst)) == wanted]
            promotion = None
        else:
            found = self.move.fullmatch(wanted)
            if not found or found["to"] not in self.cells or (
                    found["letter"] and found["letter"] not in self.by_letter):
                raise NotationError(f"{quoted_input(text)} is not a move in algebraic "
                                    f"notation of {self.game.name}; expected a move like "
                                    "e4, Nf3, exd5, O-O or e8=Q")
            firsts = list(self._fitting(state, found))
            promotion = found["promotion"]
        turns = [t for t in (self._complete(state, a, promotion) for a in firsts) if t]
        if len(turns) != 1:
            every = state.legal_turns()
            legal = ", ".join(self.write(state, t) for t in every[:40])
            if len(every) > 40:
                legal += f", … ({len(every)} in all)"
            why = "no legal move fits it" if not turns else \
                f"it fits {len(turns)} legal moves: name the cell it leaves"
            raise IllegalActionError(f"{quoted_input(text)} is not legal here ({why}); legal: "
                                     f"{legal or 'none'}")
        return Turn(turns[0])

    def _fitting(self, state: State, found: re.Match[str]) -> Iterator[Action]:
        kind = self.by_letter[found["letter"]] if found["letter"] else self.pawn
        dst = self.cells[found["to"]]
        for action in self.legal(state):
            src = action.src
            if action.dst != dst or src < 0 or state.kind_of(src) != kind:
                continue
            if found["file"] and self.files[src] != found["file"]:
                continue
            if found["rank"] and self.ranks[src] != found["rank"]:
                continue
            if (state.owner_of(src), kind, src, dst) in self.castles and \
                    self._partner_moved(state, state.child(action), state.owner_of(src),
                                        src, dst):
                continue  # castling is O-O, not a king's move
            yield action

    def _complete(self, state: State, first: Action,
                  promotion: str | None) -> tuple[Action, ...] | None:
        """The whole turn that starts with ``first`` and makes the kind ``promotion`` names
        (or keeps the kind), or None when none does."""
        from framework.engine.turns import turn_key

        key, kind, dst = turn_key(state), state.kind_of(first.src), first.dst
        mover = state.owner_of(first.src)
        wanted = self.by_letter.get(promotion.upper()) if promotion else None
        if promotion and wanted is None:
            return None
        stack: list[tuple[State, tuple[Action, ...]]] = [(state.child(first), (first,))]
        while stack:
            node, done = stack.pop()
            if node.is_terminal() or turn_key(node) != key:
                now = node.kind_of(dst) if node.owner_of(dst) == mover else kind
                if now == (kind if wanted is None else wanted):
                    return done
                continue
            stack += [(node.child(a), (*done, a)) for a in node.legal_actions()]
        return None


def san_of(game: CompiledGame) -> Algebraic | None:
    """The game's SAN writer and reader (made once), or None if its file declares none."""
    if game.spec.notation.san is None:
        return None
    made = game.__dict__.get("_san")
    if made is None:
        made = game.__dict__["_san"] = Algebraic(game)
    return made


def written(state: State, turn: Turn) -> str:
    """``turn`` as the game's players write it: SAN where the file declares it, else the
    canonical notation."""
    san = san_of(state.game)
    return san.write(state, turn) if san is not None else turn.notation


def read_turn(state: State, text: str) -> Turn:
    """The legal turn ``text`` writes, in SAN (where the file declares it) or in the
    canonical notation (actions separated by spaces)."""
    san = san_of(state.game)
    if san is None or len(text.split()) != 1:
        return state.parse_turn(text)
    try:
        return san.read(state, text)
    except (NotationError, IllegalActionError) as exc:
        refused = exc  # perhaps the canonical notation (b1c3, 0000)
    try:
        return state.parse_turn(text)
    except NotationError:
        raise refused from None  # SAN's reason: the text looked like SAN, not like b1c3


# Checking a game file ---------------------------------------------------------------
def san_issues(game: CompiledGame) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """What makes the file's ``notation.san`` unusable, each with its place in the file."""
    spec = game.spec.notation.san
    if spec is None:
        return
    loc: tuple[str | int, ...] = ("notation", "san")
    kinds = game.piece_kinds
    if spec.pawn not in kinds:
        yield (*loc, "pawn"), (f"{spec.pawn!r} is not a kind of piece of this game; its "
                               f"kinds are: {', '.join(kinds)}")
    for kind in spec.letters:
        if kind not in kinds:
            yield (*loc, "letters", kind), (f"{kind!r} is not a kind of piece of this game; "
                                            f"its kinds are: {', '.join(kinds)}")
    bad = [n for n in game.board.names if not CELL.fullmatch(n)]
    if bad:
        yield loc, (f"algebraic notation names a cell by its file's letters and its rank's "
                    f"digits (a1), but this board has cells named {', '.join(bad[:3])}")
    letters: dict[str, str] = {}
    first = game.players[0]
    for kind in kinds:
        if kind == spec.pawn:
            continue
        letter = (spec.letters.get(kind) or _symbol(game, kind, first)).upper()
        if not re.fullmatch(r"[A-Z]", letter):
            yield (*loc, "letters"), (f"the kind {kind!r} needs one letter A–Z in algebraic "
                                      f"notation, not {letter!r}: give it under letters")
        elif letter in letters:
            yield (*loc, "letters"), (f"the kinds {letters[letter]!r} and {kind!r} are both "
                                      f"written {letter!r}: give one of them another letter")
        letters.setdefault(letter, kind)


def _symbol(game: CompiledGame, kind: str, player: str) -> str:
    symbols = game.spec.pieces[kind].symbols
    return symbols.get(player, "") if isinstance(symbols, dict) else str(symbols or "")


def _parts(name: str) -> tuple[str, str]:
    found = CELL.fullmatch(name)
    return (found.group(1), found.group(2)) if found else (name, "")


def _any_of(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


def _count(state: State, mover: int) -> int:
    return sum(m.bit_count() for side, m in enumerate(state.owner) if side != mover)


def _castles(game: CompiledGame) -> Iterator[tuple[tuple[int, int, int, int], str]]:
    cells = {n: i for i, n in enumerate(game.board.names)}
    files = {n: _parts(n)[0] for n in game.board.names}
    for index, piece in enumerate(game.spec.pieces.values()):
        routes = [r for move in piece.moves if getattr(move, "type", None) == "castle"
                  for r in move.routes]
        for route in routes:
            same = [r for r in routes if r.player == route.player and r.from_ == route.from_]
            near = min(_distance(files, r.from_, r.partner_from) for r in same)
            far = _distance(files, route.from_, route.partner_from) > near
            side = game.players.index(route.player)
            yield (side, index, cells[route.from_], cells[route.to]), LONG if far else SHORT


def _distance(files: dict[str, str], a: str, b: str) -> int:
    return abs(_file_number(files[a]) - _file_number(files[b]))


def _file_number(file: str) -> int:
    number = 0
    for letter in file:
        number = number * 26 + ord(letter) - ord("a") + 1
    return number
