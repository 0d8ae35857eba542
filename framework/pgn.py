"""Portable Game Notation: the records of a game written in SAN (chess), as chess programs,
databases and sites read them.

A record (``framework.records``) numbers every ply and names results by player
(``[Result "white"]``); PGN numbers moves in pairs (``1. e4 e5 2. Nf3``), names results
``1-0``, ``0-1``, ``1/2-1/2`` or ``*``, opens with the Seven Tag Roster (Event, Site, Date,
Round, White, Black, Result, in that order, ``?`` where unknown) and gives a game begun from
a position of its own as ``[SetUp "1"]`` and ``[FEN "…"]``. The record's other headers
(Seed, Plies, Termination, TimeControl, …) follow as tags of their own; what only boardspec
reads (the position's JSON, the notation, a study's seal) is left out: PGN is for export,
and a PGN file is not read back as a record.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from framework.records import DRAW, NOTATION, POSITION, Record, RecordError, header_key
from framework.seals import SEAL_HEADER

if TYPE_CHECKING:
    from framework.game import Game

#: The Seven Tag Roster, in the order the PGN standard (section 8.1.1) asks for.
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
#: Headers of a record that mean nothing to another program (or are said another way).
_OWN = {NOTATION, POSITION, SEAL_HEADER, "Game"}
_LINE = 79  # the standard's export format keeps lines under 80 characters


def writes_pgn(game: Game) -> bool:
    """Whether ``game``'s records can be written as PGN: two players, and SAN declared."""
    from framework.san import san_of

    return san_of(game) is not None and len(game.players) == 2


def pgn_of(records: Iterable[Record], game: Game) -> str:
    """``records`` (games of ``game``) as one PGN text, a blank line between games."""
    return "\n".join(_one(record, game) for record in records)


def _one(record: Record, game: Game) -> str:
    if not writes_pgn(game):
        raise RecordError(f"PGN is for two-player games written in SAN; {game.name}'s file "
                          "declares no notation.san (its records stay boardspec's own text)")
    start = record.start(game)
    written = record.in_notation(game)  # one SAN word a turn (checked as it is written)
    headers = written.headers
    result = _result(headers.get("Result", ""), game)
    tags = {key: "?" for key in ROSTER}
    tags["Event"] = f"{game.name} (boardspec)"
    tags["Date"] = "????.??.??"
    for key in ROSTER[:4]:
        if headers.get(key):
            tags[key] = headers[key]
    for seat, key in enumerate(("White", "Black")):
        tags[key] = headers.get(header_key(game.players[seat]), "?")
    tags["Result"] = result
    if POSITION in record.headers:
        tags["SetUp"], tags["FEN"] = "1", start.to_fen()
    for key, value in headers.items():
        if key not in tags and key not in _OWN and key not in (
                header_key(p) for p in game.players):
            tags[key] = value
    lines = [f'[{key} "{_escaped(value)}"]' for key, value in tags.items()]
    return "\n".join([*lines, "", *_wrapped(_movetext(written, start.fullmove,
                                                      start.to_move, result)), ""])


def _movetext(record: Record, fullmove: int, to_move: int, result: str) -> list[str]:
    """The moves as PGN numbers them: ``1. e4 e5``, ``12... Qh4`` where the side second in
    the turn order moves first (a game begun from a position)."""
    words: list[str] = []
    number, side = fullmove, to_move
    for index, turn in enumerate(record.turns):
        if side == 0:
            words.append(f"{number}.")
        elif index == 0:
            words.append(f"{number}...")
        words.append(" ".join(turn))
        side = 1 - side
        number += side == 0
    return [*words, result]


def _wrapped(words: list[str]) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > _LINE:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def _result(value: str, game: Game) -> str:
    """A record's ``Result`` (``white``, ``black``, ``draw``, ``unfinished``) as PGN's."""
    first, second = game.players
    return {first: "1-0", second: "0-1", DRAW: "1/2-1/2"}.get(value, "*")


def _escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')
