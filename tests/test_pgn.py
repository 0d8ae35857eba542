"""PGN export of chess records, and the SAN records of matches and tournaments.

python-chess is the oracle: it reads every PGN we write with no error, and its board after
the moves is our board after the record's actions."""

from __future__ import annotations

import io
import json
from pathlib import Path

import chess
import chess.pgn
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from framework import load_game
from framework.agents import make_agent
from framework.match import play_game
from framework.pgn import pgn_of
from framework.records import POSITION, Record, RecordError
from framework.study import StudyFolder

from .conftest import ROOT


def placement(fen: str) -> str:
    """Placement, side to move, castling rights and en passant cell of a FEN: what both
    programs must agree on (python-chess writes an en passant cell only when a capture
    there is legal, as FEN's 2024 reading does; compared only where both give one)."""
    board, side, rights, _passant = fen.split()[:4]
    return f"{board} {side} {rights}"


def read_back(text: str) -> list[chess.pgn.Game]:
    stream, games = io.StringIO(text), []
    while (found := chess.pgn.read_game(stream)) is not None:
        assert not found.errors, found.errors
        games.append(found)
    return games


def random_records(count: int, plies: int) -> list[Record]:
    game = load_game("chess")
    return [play_game(game, [make_agent("random", game, seed=s),
                             make_agent("random", game, seed=s + 100)],
                      max_plies=plies, headers={"Seed": str(s)}) for s in range(count)]


def test_python_chess_reads_our_pgn_to_the_same_positions() -> None:
    game = load_game("chess")
    records = random_records(3, 80)
    games = read_back(pgn_of(records, game))
    assert len(games) == len(records)
    for record, found in zip(records, games, strict=True):
        board = found.end().board()
        assert placement(board.fen()) == placement(record.verify(game).to_fen())
        assert len(list(found.mainline_moves())) == len(record.turns)
        assert found.headers["White"] == "random" and found.headers["Seed"] == \
            record.headers["Seed"]
        expected = {"white": "1-0", "black": "0-1", "draw": "1/2-1/2"}.get(
            record.headers["Result"], "*")
        assert found.headers["Result"] == expected
        assert "Notation" not in found.headers and "Game" not in found.headers


def test_a_mate_and_a_game_begun_from_a_position() -> None:
    game = load_game("chess")
    mate = Record({"White": "me", "Black": "you", "Result": "black"},
                  [["f2f3"], ["e7e5"], ["g2g4"], ["d8h4"]])
    text = pgn_of([mate], game)
    assert "1. f3 e5 2. g4 Qh4# 0-1" in text
    assert read_back(text)[0].end().board().is_checkmate()
    # Black to move at move 12: PGN numbers the first move "12...", and gives the FEN.
    start = game.state_from_fen("4k3/8/8/8/8/8/4P3/4K2R b K - 0 12")
    begun = Record({"Result": "unfinished", POSITION: json.dumps(start.to_json())},
                   [["e8d7"], ["e1g1"]])
    text = pgn_of([begun], game)
    assert "12... Kd7 13. O-O *" in text
    found = read_back(text)[0]
    assert found.headers["SetUp"] == "1" and found.headers["FEN"].startswith("4k3/")
    assert found.end().board().piece_at(chess.F1) == chess.Piece(chess.ROOK, chess.WHITE)


def test_pgn_is_refused_for_a_game_without_san() -> None:
    ataxx = load_game("ataxx")
    with pytest.raises(RecordError, match=r"declares no notation\.san"):
        pgn_of([Record({"Result": "unfinished"}, [])], ataxx)


def test_a_study_folder_writes_chess_in_san_and_reads_it_back(tmp_path: Path) -> None:
    game = load_game("chess")
    record = random_records(1, 40)[0]
    folder = StudyFolder(tmp_path, {"kind": "test"}, 1, game=game)
    assert folder.open() == {}
    folder.write(0, record)
    written = Record.from_text((tmp_path / "game-0001.txt").read_text(encoding="utf-8"))
    assert written.headers["Notation"] == "SAN"
    assert written.turns == record.in_notation(game).turns != record.turns
    again = StudyFolder(tmp_path, {"kind": "test"}, 1, game=game).open()
    assert again[0].turns == record.turns  # the engine's actions again, seal checked


def test_the_pgn_command_exports_a_folder(tmp_path: Path) -> None:
    from framework.cli import _register, app

    game = load_game("chess")
    folder = StudyFolder(tmp_path / "out", {"kind": "test"}, 2, game=game)
    folder.open()
    for index, record in enumerate(random_records(2, 30)):
        record.headers["File"] = str(ROOT / "games" / "chess.yaml")
        folder.write(index, record)
    _register()
    out = tmp_path / "games.pgn"
    result = CliRunner().invoke(app, ["pgn", str(tmp_path / "out"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(read_back(out.read_text(encoding="utf-8"))) == 2
    result = CliRunner().invoke(app, ["pgn", str(tmp_path)])  # no records in it
    assert result.exit_code != 0 and "holds no game records" in str(result.exception)


def test_the_web_app_gives_a_chess_record_as_pgn() -> None:
    from framework.web import create_app

    files = [ROOT / "games" / "chess.yaml", ROOT / "games" / "ataxx.yaml"]
    with TestClient(create_app(files), base_url="http://localhost") as client:
        response = client.post("/api/play", json={"game": "chess", "seats": ["human",
                                                                          "human"]})
        data = response.json()
        assert data["state"]["record_formats"] == ["text", "json", "pgn"]
        moved = client.post(f"/api/play/{data['id']}/apply", json={
            "token": data["tokens"][0], "ply": 0, "action": "g1f3"})
        assert moved.status_code == 200, moved.text
        pgn = client.get(f"/api/play/{data['id']}/record?format=pgn")
        assert pgn.status_code == 200 and pgn.headers["content-type"].startswith(
            "application/x-chess-pgn")
        assert [m.uci() for m in read_back(pgn.text)[0].mainline_moves()] == ["g1f3"]
        assert "1. Nf3 *" in pgn.text
        other = client.post("/api/play", json={"game": "ataxx"}).json()
        assert other["state"]["record_formats"] == ["text", "json"]
        refused = client.get(f"/api/play/{other['id']}/record?format=pgn")
        assert refused.status_code == 422 and "'text' or 'json'" in refused.text
