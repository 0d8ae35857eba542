"""What one player sees of a state: the game's ``view:`` (``framework/spec/view.py``) at play.

Every game has observations and information states, OpenSpiel's way, in strings and flat
tensors. A game without ``view:`` has perfect information: a player observes the whole
state. With a view, a player's observation is the state with what it cannot see taken away
(:func:`seen_by`): the pieces of hidden kinds that are neither its own, nor on a public
cell, nor found by it; the others' hands with ``hands: own``. Its information state adds
what it remembers: the actions it took (or all of them, ``moves: all``) and, with
``plies: true``, how many were played.

A player finds a piece by bumping into it (``place`` with ``blind: true``): the cells found
are kept per player in the slot ``found.<player>``, part of the position. The actions a
player remembers are kept in ``moves.<player>``, a record of the game rather than of the
position: not written in position JSON (a position read back remembers nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from framework.engine.bits import iter_bits
from framework.engine.chance import drawn_by_chance
from framework.engine.slots import HALFMOVE, found_slot, hand_slot_name, moves_slot

if TYPE_CHECKING:
    from random import Random

    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State


def remembered(value: int) -> tuple[Action, ...]:
    """The actions a ``moves.<player>`` slot holds."""
    return cast("tuple[Action, ...]", value) if value else ()


class View:
    """The compiled ``view:`` of one game (``game.view``; None: perfect information)."""

    def __init__(self, game: CompiledGame) -> None:
        spec = game.spec.view
        assert spec is not None
        self.game = game
        self.spec = spec
        self.hidden = tuple(game.piece_kinds.index(k) for k in spec.hide)
        sides = range(len(game.players))
        self.public = tuple(game.zones[spec.public][s] if spec.public else 0 for s in sides)
        index = game.slots.index
        self.found = tuple(index[found_slot(p).name] for p in game.players)
        self.moves = tuple(index[moves_slot(p).name] for p in game.players)
        self.hands = tuple(tuple(index[hand_slot_name(p, k)] for k, piece in
                                 game.spec.pieces.items() if piece.hand)
                           for p in game.players) if spec.hands == "own" else ()
        #: The most actions one player's record holds in the information tensor.
        self.capacity = game.spec.max_plies or game.board.size

    def visible(self, state: State, side: int) -> int:
        """The cells whose piece ``side`` sees (every cell without a hidden piece)."""
        hidden = 0
        for kind in self.hidden:
            hidden |= state.kinds[kind]
        shown = state.owner[side] | self.public[side] | state.vars[self.found[side]]
        return state.game.board.all_mask & ~(hidden & ~shown)

    def seen_by(self, state: State, side: int) -> State:
        """A copy of ``state`` holding only what ``side`` sees."""
        seen = state.clone()
        unseen = ~self.visible(state, side)
        seen.owner = [m & ~unseen for m in seen.owner]
        seen.kinds = [m & ~unseen for m in seen.kinds]
        for values in seen.attrs:
            for c in range(len(values)):
                if unseen >> c & 1:
                    values[c] = 0
        if not self.spec.plies:  # the clock counts every try: how many were made is hidden
            seen.vars[HALFMOVE] = 0
        for other, slots in enumerate(self.hands):
            if other != side:
                for i in slots:
                    seen.vars[i] = 0
        for other, i in enumerate(self.found):
            if other != side:
                seen.vars[i] = 0
        for other, i in enumerate(self.moves):
            if other != side:
                seen.vars[i] = 0
        return seen

    def record(self, state: State, action: Action) -> None:
        """Remember ``action`` for the players who see it (before it is played)."""
        mover = state.to_move
        for side, i in enumerate(self.moves):
            if side == mover or self.spec.moves == "all":
                state.vars[i] = cast(int, (*remembered(state.vars[i]), action))

    def remembered_by(self, state: State, side: int) -> tuple[Action, ...]:
        return remembered(state.vars[self.moves[side]])

    def plies(self, state: State) -> int:
        """The actions played in all (every player's record counted once)."""
        if self.spec.moves == "all":
            return len(remembered(state.vars[self.moves[0]]))
        return sum(len(remembered(state.vars[i])) for i in self.moves)


def side_of(state: State, player: int) -> int:
    """The side seat ``player`` plays; a ValueError naming the seats if there is none."""
    seats = state.seat_of_side
    if player not in seats:
        raise ValueError(f"seat {player}: {state.game.name} has seats 0..{len(seats) - 1}")
    return seats.index(player)


def observed(state: State, player: int) -> State:
    """The state as seat ``player`` sees it (the state itself with perfect information)."""
    view = state.game.view
    return state if view is None else view.seen_by(state, side_of(state, player))


def observation_string(state: State, player: int) -> str:
    """What seat ``player`` sees now, written out: the board, whose move (or the result),
    the step; the whole state when nothing is hidden."""
    return state.game.observer.string(observed(state, player), player)


def observation_tensor(state: State, player: int) -> list[float]:
    """``observation_string`` as the game's observation planes (``game.observer``)."""
    return state.game.observer.tensor(observed(state, player), player)


def information_state_string(state: State, player: int) -> str:
    """Everything seat ``player`` knows: with perfect information the whole state (its
    position JSON); with a view, its observation, how many actions were played
    (``plies: true``) and the actions it remembers, oldest first."""
    view = state.game.view
    if view is None:
        return state.to_json_string()
    side = side_of(state, player)
    lines = [observation_string(state, player)]
    if view.spec.plies:
        lines.append(f"plies: {view.plies(state)}")
    lines.append("moves: " + " ".join(a.notation for a in view.remembered_by(state, side)))
    return "\n".join(lines)


def information_state_tensor(state: State, player: int) -> list[float]:
    """The observation tensor, then (with a view) the number of plays (``plies: true``)
    and one block of ``num_distinct_actions`` per remembered action, one-hot, up to the
    view's capacity (the game's ``max_plies``, else its number of cells)."""
    values = observation_tensor(state, player)
    view = state.game.view
    if view is None:
        return values
    codec = state.game.codec
    width = codec.num_distinct_actions
    if view.spec.plies:
        values.append(float(view.plies(state)))
    record = [0.0] * (view.capacity * width)
    for i, action in enumerate(view.remembered_by(state, side_of(state, player))
                               [:view.capacity]):
        record[i * width + codec.index(action)] = 1.0
    return values + record


def information_state_size(game: CompiledGame) -> int:
    """The length of ``information_state_tensor`` in ``game``."""
    size = game.observer.size
    view = game.view
    if view is None:
        return size
    return size + int(view.spec.plies) + view.capacity * game.codec.num_distinct_actions


def public_state(state: State) -> State:
    """``state`` as someone who plays no side sees it (a spectator): no hidden piece but
    those on public cells."""
    view = state.game.view
    if view is None:
        return state
    hidden = 0
    for kind in view.hidden:
        hidden |= state.kinds[kind]
    shown = state.game.board.all_mask
    for side in range(len(state.owner)):
        shown &= ~(hidden & ~view.public[side])
    seen = view.seen_by(state, 0)
    seen.owner = [m & shown for m in state.owner]
    seen.kinds = [m & shown for m in state.kinds]
    for values in seen.attrs:
        for c in range(len(values)):
            if not shown >> c & 1:
                values[c] = 0
    for i in (*view.found, *view.moves, *(i for slots in view.hands for i in slots)):
        seen.vars[i] = 0  # (seen_by kept side 0's own hand, found cells and record)
    return seen


def shown_to(state: State, seats: list[int]) -> State:
    """``state`` as a viewer holding ``seats`` sees it: the view of the seat that decides
    now if it holds it, else of its first seat; a spectator's (no seat) sees only what is
    public. The state itself for a game without a view."""
    if state.game.view is None:
        return state
    if not seats:
        return public_state(state)
    seat = state.current_player if state.current_player in seats else seats[0]
    return observed(state, seat)


def known_to(state: State, seats: list[int]) -> str:
    """Everything a viewer holding ``seats`` knows of ``state``, as one text: the
    information state of each seat it holds (a spectator, holding none: the public state,
    with the number of actions played when ``plies: true`` makes it public), then whose turn
    it is and the result. Two states a viewer cannot tell apart give the same text, so a
    server can tell a viewer that something changed exactly when this text does (and never
    how often the others acted unseen). With perfect information it is the whole state."""
    view = state.game.view
    if view is None:
        return state.to_json_string()
    if seats:
        lines = [information_state_string(state, seat) for seat in seats]
    else:
        lines = [state.game.observer.string(public_state(state))]
        if view.spec.plies:
            lines.append(f"plies: {view.plies(state)}")
    # Whose turn it is, what chance drew (the dice) and how the game ended are shown to
    # every viewer: they are part of what it knows even where a game's observation would
    # not write them.
    result = "playing" if state.winners is None else \
        "won by: " + " ".join(map(str, sorted(state.winners)))
    lines.append(f"seat to act: {state.current_player}; {result}")
    drawn = drawn_by_chance(state)
    if drawn:
        lines.append("drawn: " + " ".join(map(str, drawn)))
    return "\n".join(lines)


def determinised(state: State, rng: Random) -> State:
    """A state the player to move cannot tell from ``state``: what it sees is kept, and
    every piece it does not see is put back, kind for kind, on a cell drawn at random among
    those it does not see occupied (a determinisation, for agents that search a whole
    state). The others' found cells and remembered actions are forgotten. How many pieces
    each player holds is kept: in the bundled games a player can count them (each turn
    places one)."""
    view = state.game.view
    if view is None or state.is_terminal():
        return state
    side = state.to_move
    shown = view.visible(state, side)
    guess = state.clone()
    taken: list[tuple[int, int]] = []  # (owner, kind) of every piece the mover cannot see
    for cell in iter_bits(state.occupied() & ~shown):
        taken.append((state.owner_of(cell), state.kind_of(cell)))
        guess.remove(cell)
    free = [c for c in iter_bits(state.game.board.all_mask & ~guess.occupied()
                                 & ~state.gaps & ~state.vars[view.found[side]])]
    for (owner, kind), cell in zip(taken, rng.sample(free, len(taken)), strict=True):
        guess.place(cell, owner, kind)
    for other in range(len(state.owner)):
        if other != side:
            guess.vars[view.found[other]] = 0
            guess.vars[view.moves[other]] = 0
    return guess
