"""Hypothesis strategies for any compiled game.

- :func:`reached` — a state reached by random legal play from the start or from one of the
  file's example positions: a whole play is drawn, then the state to check along it, so
  hypothesis shrinks a failure to the shortest action sequence and the earliest choices.
- :func:`arbitrary` — a position the file allows, built as position JSON: any pieces on any
  cells within the supplies and caps, gaps, counters, clocks, side to move and phase.
- :func:`walk` — random legal play driven from inside a test (``st.data()``), calling back
  after every action; declared invariants use it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from hypothesis import strategies as st

from framework.check.trail import Subject, Trail, Violation
from framework.spec.declared import pile_slots

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.game import Game


@cache
def choice(n: int) -> st.SearchStrategy[int]:
    """An index among ``n`` actions (strategies are cached: building one costs more than
    drawing from it)."""
    return st.integers(0, n - 1)


def pick(items: list[Any]) -> st.SearchStrategy[Any]:
    """One of ``items``, evenly (hypothesis favours the first of a ``sampled_from``; the
    first start, the game's own, is still where failures shrink to)."""
    return st.integers(0, 1 << 32).map(lambda n: items[random.Random(n).randrange(len(items))])


def starts(game: Game) -> tuple[list[tuple[Trail, State]], list[str]]:
    """The game's start and each example position (after its actions), with notes on the
    examples that could not be set up."""
    found: list[tuple[Trail, State]] = [(Trail("the start", None), game.new_initial_state())]
    notes: list[str] = []
    for example in game.spec.examples:
        try:
            if example.fen is not None:
                state = game.state_from_fen(example.fen)
            elif example.position is not None:
                state = game.state_from_json(example.position)
            else:
                state = game.new_initial_state()
            for notation in example.actions:
                state.apply(notation)
        except Exception as exc:  # reported, and that example is not used as a start
            notes.append(f"example {example.name!r} could not be set up: {exc}")
            continue
        found.append((Trail(f"example {example.name!r}", state.to_json()), state))
    return found, notes


def default_depth(game: Game) -> int:
    """How many actions random play may take to reach a state to check."""
    return min(game.spec.max_plies or 300, 300)


def reached(game: Game, depth: int | None = None) -> st.SearchStrategy[Subject]:
    begin, _ = starts(game)
    depth = default_depth(game) if depth is None else depth

    @st.composite
    def play(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Subject:
        trail, start = draw(pick(begin))
        path: list[tuple[State, str]] = []  # each state with the action played from it
        state = start.clone()
        while len(path) < depth:
            actions = state.legal_actions()
            if not actions:
                break
            action = actions[draw(choice(len(actions)))]
            path.append((state.clone(), action.notation))
            so_far = Trail(trail.label, trail.start, [n for _, n in path[:-1]])
            play_legal(state, action, so_far)
        # The state to check is picked evenly along the whole play, so the middle of a game
        # is checked as often as its start (hypothesis draws favour small numbers, so the
        # pick goes through a seeded Random). The runner then cuts a failing play to its
        # shortest failing prefix.
        k = random.Random(draw(st.integers(0, 1 << 32))).randrange(len(path) + 1)
        if k < len(path):
            state = path[k][0]
        before = path[k - 1][0] if k else None
        return Subject(state, before, Trail(trail.label, trail.start,
                                            [n for _, n in path[:k]]))
    return play()


def play_legal(state: State, action: Action, trail: Trail) -> None:
    """Play an action taken from ``state.legal_actions()``; an engine error doing so is a
    failure of the game, reported with the play that led there."""
    before = state.clone()
    try:
        state.apply_unchecked(action)
    except Exception as exc:
        raise Violation(f"the legal action {action.notation!r} fails: "
                        f"{type(exc).__name__}: {exc}", Subject(before, None, trail)) from exc


def walk(game: Game, data: Any, depth: int,
         check: Callable[[State, State | None], str | None]) -> int:
    """Random legal play of up to ``depth`` actions from a start drawn from ``data``;
    ``check(state, before)`` runs at the start and after every action, and a message from
    it raises :class:`Violation`. Returns the number of states checked."""
    begin, _ = starts(game)
    trail, start = data.draw(pick(begin))
    state, before = start.clone(), None
    checked = 0
    for step in range(data.draw(st.integers(0, depth)) + 1):
        checked += 1
        message = check(state, before)
        if message:
            raise Violation(message, Subject(state, before, trail))
        actions = state.legal_actions()
        if not actions or step == depth:
            break
        action = actions[data.draw(choice(len(actions)))]
        before = state.clone()
        play_legal(state, action, trail)
        trail = trail.extended(action.notation)
    return checked


def _attribute_values(game: Game, kind: str) -> st.SearchStrategy[dict[str, int]]:
    piece = game.spec.pieces[kind]
    fields = {}
    for name, spec in piece.attributes.items():
        caps = [c for c in (spec.max, spec.supply, piece.max_attributes_total) if c is not None]
        fields[name] = st.integers(0, min(caps, default=6))
    return st.fixed_dictionaries(fields)


def _cell(game: Game) -> st.SearchStrategy[dict[str, Any] | None]:
    """What one cell holds: nothing, or a piece of any kind and owner with attributes."""
    def piece(kind: str) -> st.SearchStrategy[dict[str, Any]]:
        # A kind with symbols for some players only (a king one side has) is theirs: a
        # position string could not write it for another player.
        symbols = game.spec.pieces[kind].symbols
        owners = [p for p in game.players if p in symbols] if symbols else game.players
        return st.builds(lambda owner, values: {"owner": owner, "piece": kind, **values},
                         st.sampled_from(owners or game.players), _attribute_values(game, kind))
    placed = [k for k in game.piece_kinds if game.spec.pieces[k].piles is None]
    return st.one_of(st.none(), *(piece(kind) for kind in placed))


def _within_limits(game: Game, cells: dict[str, dict[str, Any]]) -> None:
    """Drop pieces over a player's supply and trim attributes over a cap or a supply, in
    board order, so the position is one the file allows."""
    pieces = game.spec.pieces
    used: dict[tuple[str, str], int] = {}
    for name in [n for n in game.board.names if n in cells]:
        entry = cells[name]
        owner, kind = entry["owner"], entry["piece"]
        bounds = pieces[kind].on_board
        caps = [c for c in (pieces[kind].supply, bounds.max if bounds else None)
                if c is not None]
        if caps and used.get((owner, kind), 0) >= min(caps):
            del cells[name]
            continue
        used[(owner, kind)] = used.get((owner, kind), 0) + 1
        total_cap = pieces[kind].max_attributes_total
        total = 0
        for attribute, spec in pieces[kind].attributes.items():
            room = [entry[attribute]]
            if spec.supply is not None:
                room.append(spec.supply - used.get((owner, attribute), 0))
            if total_cap is not None:
                room.append(total_cap - total)
            entry[attribute] = max(0, min(room))
            used[(owner, attribute)] = used.get((owner, attribute), 0) + entry[attribute]
            total += entry[attribute]
    _fill_on_board(game, cells, used)


def _fill_on_board(game: Game, cells: dict[str, dict[str, Any]],
                   used: dict[tuple[str, str], int]) -> None:
    """Put the pieces a kind's ``on_board`` asks for (a royal piece each) on the first
    empty cells, so the position is one of play."""
    empty = [n for n in game.board.names if n not in cells]
    for kind, piece in game.spec.pieces.items():
        least = piece.on_board.min if piece.on_board else 0
        for owner in game.players:
            while used.get((owner, kind), 0) < least and empty:
                cells[empty.pop(0)] = {"owner": owner, "piece": kind}
                used[(owner, kind)] = used.get((owner, kind), 0) + 1


def _phases(game: Game) -> list[str | None]:
    deciding = [p.name for p in game.phases if p.decides]
    return [None, *deciding] if len(game.phases) > 1 else [None]


def _halfmove_cap(game: Game) -> int:
    limits = [getattr(g.params, "limit", 0) for g in game.goals]
    return max([*limits, 10]) + 1


def arbitrary(game: Game) -> st.SearchStrategy[Subject]:
    names = list(game.board.names)
    board = st.lists(_cell(game), min_size=len(names), max_size=len(names))
    piles = pile_slots(game.spec)

    @st.composite
    def position(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Subject:
        contents = draw(board)
        cells = {n: c for n, c in zip(names, contents, strict=True) if c is not None}
        _within_limits(game, cells)
        gaps = sorted(draw(st.sets(st.sampled_from(names), max_size=4)) - set(cells))
        data: dict[str, Any] = {"game": game.name, "to_move": draw(st.sampled_from(game.players)),
                                "cells": cells, "gaps": gaps}
        phase = draw(st.sampled_from(_phases(game)))
        if phase is not None:
            data["phase"] = phase
        if game.counters:
            data["counters"] = {p: {c: draw(st.integers(0, 10)) for c in game.counters}
                                for p in game.players}
        for slot in piles:  # a kind kept in piles: a number per cell
            data[slot.name] = draw(st.integers(0, 2 * slot.default + 3))
        data["halfmove"] = draw(st.integers(0, _halfmove_cap(game)))
        data["fullmove"] = draw(st.integers(1, 500))
        trail = Trail("an arbitrary position", data)
        try:
            state = game.state_from_json(data)
        except Exception as exc:
            raise Violation(f"a position the file allows was refused: {exc}", None,
                            trail) from exc
        return Subject(state, None, trail)

    return position()


def states(game: Game, depth: int | None = None) -> st.SearchStrategy[Subject]:
    """Reached states first (hypothesis shrinks toward them), then arbitrary positions."""
    return st.one_of(reached(game, depth), arbitrary(game))


def sample(items: list[Any], limit: int) -> Iterator[Any]:
    """At most ``limit`` items spread evenly over ``items`` (deterministic)."""
    if len(items) <= limit:
        yield from items
        return
    step = len(items) / limit
    for i in range(limit):
        yield items[int(i * step)]
