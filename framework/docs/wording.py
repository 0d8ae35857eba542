"""Examples put into words: what each action of an example does and what followed, read off
the engine (the states before and after), for the examples whose game file gives no caption,
and the meaning of each form of the notation.

The sentences are generic over the kinds of action the built-in blocks make (``walk``,
``attack``, ``create``, ``grow``, ``clone``, ``jump``, ``place``, ``choose``, ``skip``,
``pass``); an action of a kind a third-party block invents is shown by its notation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING

from framework.notation_words import shown
from framework.plugins import Translate, counted, in_case, join_words, ngettext
from framework.render.svg import pieces_of

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State


#: One-letter names that keep their case at the start of a sentence: the players of the
#: game being written (Ataxx's x and o are symbols, not words). Set by the rulebook.
SYMBOLS: ContextVar[frozenset[str]] = ContextVar("SYMBOLS", default=frozenset())


def capitalised(text: str) -> str:
    """A sentence's capital, but not on a one-letter player name (``SYMBOLS``)."""
    first = re.match(r"(\w)\b", text)
    if first and first.group(1) in SYMBOLS.get():
        return text
    return text[:1].upper() + text[1:]


def natural(names: Sequence[str]) -> list[str]:
    """Cell names in reading order: a2 before a10."""
    return sorted(names, key=lambda n: [int(p) if p.isdigit() else p
                                        for p in re.split(r"(\d+)", n)])


def action_sentence(game: CompiledGame, before: State, action: Action, _: Translate,
                    written: str | None = "") -> str:
    """What ``action``, played in ``before``, does: "White moves the adaptoid on D6 to C5",
    followed by how it is written: ``written`` ("" for the action's own notation; None for
    nothing, an action inside a turn the game writes as one word: ``turn_writing``)."""
    names = game.board.written
    if before.setup < len(game.setups):  # seats act in the setup, before sides are chosen
        seat = before.current_player
        player = _("the {seat} player").format(seat=_(("first", "second")[seat % 2]))
    else:
        player = _(game.players[before.to_move])
    pieces = pieces_of(before)
    mover = pieces.get(action.src)
    piece = _(mover.kind) if mover else _(game.piece_kinds[0]) if game.piece_kinds else ""
    src = names[action.src] if action.src >= 0 else ""
    dst = names[action.dst] if action.dst >= 0 else ""
    at = names[action.at] if action.at >= 0 else ""
    words = {"player": player, "piece": piece, "src": src, "dst": dst, "at": at}
    # The moved piece is the object of the sentence: its accusative where a language
    # declines it (Russian «перемещают пешку»).
    moved = dict(words, piece=in_case(_, "object", mover.kind) if mover else piece)
    kind = action.kind
    if kind == "walk":
        text = _("{player} moves the {piece} on {src} to {dst}").format(**moved)
    elif kind == "attack":
        text = _("{player} moves the {piece} on {src} onto the enemy on {dst}, an attack"
                 ).format(**moved)
    elif kind == "create" or (kind == "place" and action.side < 0):
        # A ``place`` primitive's action (no side named: the mover's own piece).
        text = _("{player} places a new {piece} on {at}").format(**words)
    elif kind == "grow":
        words["attribute"] = counted(_, action.attribute, 1)
        words["piece"] = _(pieces[action.at].kind) if action.at in pieces else piece
        text = _("{player} adds one {attribute} to the {piece} on {at}").format(**words)
    elif kind == "clone":
        text = _("{player} clones a piece onto {dst}").format(**words)
    elif kind == "jump":
        text = _("{player} jumps from {src} to {dst}").format(**words)
    elif kind == "place":
        words["owner"] = _(game.players[action.side])
        text = _("{player} places one of {owner}'s pieces on {at}").format(**words)
    elif kind == "remove":
        words["piece"] = _(pieces[action.at].kind) if action.at in pieces else piece
        text = _("{player} takes the {piece} on {at} off the board").format(**words)
    elif kind == "choose":
        text = _("{player} chooses to play {side}").format(
            player=player, side=_(game.players[action.side]))
    elif kind == "skip":
        text = _("{player} skips the {phase} step").format(player=player, phase=_(action.phase))
    elif kind == "pass":
        text = _("{player} cannot move and passes").format(player=player)
    elif kind == "stop":  # a chain of jumps ended by choice
        text = _("{player} stops the chain of jumps there").format(player=player)
    elif kind == "roll":  # a chance outcome: the dice, as the notation writes them
        text = _("the dice are rolled: {dice}").format(dice=action.attribute) \
            if "-" in action.attribute else \
            _("the die is rolled: {dice}").format(dice=action.attribute)
    elif kind == "deal":  # chance deals pieces onto cells (a shuffle setup)
        text = _("chance deals the pieces, numbered in the order of the cells: "
                 "{values}").format(values=action.attribute)
    elif kind == "pass_turn":  # a pass by choice (the pass_turn primitive)
        text = _("{player} passes").format(player=player)
    elif kind == "swap":
        text = _("{player} swaps: the first player's piece becomes theirs").format(
            player=player)
    elif action.src >= 0 and action.at >= 0 and _line_of(game, action) is not None:
        text = _line_moved(game, before, action, words, _)
    elif action.src >= 0 and action.dst >= 0:  # a piece's own move (chess's, draughts')
        text = _moved(game, before, action, words, _)
    elif action.dst >= 0 and action.dst in pieces_of(before.child(action)):  # a shot arrow
        made = pieces_of(before.child(action))[action.dst]
        text = _("{player} places a new {piece} on {at}").format(
            player=player, piece=_(made.kind), at=dst)
    elif action.attribute in game.piece_kinds:  # a choice of kind (a promotion's)
        text = _("{player} chooses a {kind}").format(  # the object: «elektas damon»
            player=player, kind=in_case(_, "object", action.attribute))
    elif action.at >= 0 and kind in _sowing_kinds(game):
        # A sowing's kind names its way round when the file offers two (Bao's clockwise).
        text = _("{player} sows from {at}").format(**words) if kind == "sow" else \
            _("{player} sows from {at}, {way}").format(**words, way=_(kind))
    elif action.at >= 0:
        text = _("{player} plays on {at}").format(**words)
    else:
        text = _("{player} plays {action}").format(player=player, action=shown(action))
    if written == "":
        written = shown(action)
    return capitalised(text) + f" ({written})" * (kind not in ("pass",) and bool(written))


def _sowing_kinds(game: CompiledGame) -> frozenset[str]:
    """The action kinds of the game's ``sow`` options."""
    return frozenset(option.params.kind for phase in game.turn_phases
                     for option in getattr(phase.block, "options", ())
                     if getattr(option, "keyword", "") == "sow")


def turn_writing(game: CompiledGame, steps: Sequence[tuple[State, Action, State]]
                 ) -> list[str | None]:
    """How each action of ``steps`` is written after its sentence: its own notation ("");
    or, in a game whose file declares SAN, nothing inside a turn and the whole turn's SAN
    at its last action ("O-O", "exd6", "e8=N": what chess players read)."""
    from framework.engine.turns import Turn, turn_key
    from framework.san import san_of

    san = san_of(game)
    if san is None:
        return [""] * len(steps)
    writing: list[str | None] = []
    begun = 0  # the index of the step the current turn began with
    for index, (_before, _action, after) in enumerate(steps):
        start = steps[begun][0]
        if after.is_terminal() or turn_key(after) != turn_key(start) or \
                index == len(steps) - 1:
            turn = Turn(tuple(action for _b, action, _a in steps[begun:index + 1]))
            writing.append(san.write(start, turn))
            begun = index + 1
        else:
            writing.append(None)
    return writing


def written_action(game: CompiledGame, state: State, text: str) -> str:
    """An example's action (``expect.legal`` / ``illegal``) as the rulebook shows it: in
    SAN where the file declares it and the action is a whole turn by itself, else in the
    game's notation. An action the engine cannot even play here keeps its text."""
    from framework.engine.turns import Turn, turn_key
    from framework.errors import BoardspecError
    from framework.notation_words import shown_text
    from framework.san import san_of

    san = san_of(game)
    if san is None:
        return shown_text(text)
    try:
        action = state.parse_action(text)
        after = state.clone()
        after.apply_unchecked(action)
        if after.is_terminal() or turn_key(after) != turn_key(state):
            return san.write(state, Turn((action,)))
    except BoardspecError:  # refused here: written as far as SAN can without playing it
        attempt = san.write_attempt(state, text)
        if attempt is not None:
            return attempt
    return shown_text(text)


def _line_of(game: CompiledGame, action: Action) -> tuple[tuple[int, ...], bool] | None:
    """The cells of the line of pieces a ``push`` action moves and whether it goes along
    its line (None: the action moves no line)."""
    for phase in game.phases:
        for option in getattr(phase, "options", ()):
            how = getattr(option, "how", None) if getattr(option, "several", False) else None
            if how is not None and action in how:
                cells, _way, in_line = how[action]
                return cells, in_line
    return None


def _line_moved(game: CompiledGame, before: State, action: Action, words: dict[str, str],
                _: Translate) -> str:
    """A line of pieces moving one cell (``push``): along its line, pushing the enemy
    pieces ahead, or sideways."""
    found = _line_of(game, action)
    assert found is not None
    cells, in_line = found
    if len(cells) == 1:
        return _moved(game, before, action, words, _)
    names = game.board.written
    line = dict(words, n=str(len(cells)), at=names[cells[-1]])
    if not in_line:
        return _("{player} moves the line of {n} pieces from {src} to {at} one cell "
                 "sideways, the piece on {src} onto {dst}").format(**line)
    text = _("{player} moves the line of {n} pieces from {src} to {at} one cell along its "
             "line, its front piece onto {dst}").format(**line)
    then, now = pieces_of(before), pieces_of(before.child(action))
    mover = before.to_move
    if sum(p.side != mover for p in then.values()) > sum(p.side != mover for p in
                                                         now.values()):
        text += _(", pushing the enemy pieces ahead of it, one of them off the board")
    elif before.owner_of(action.dst) >= 0:
        text += _(", pushing the enemy pieces ahead of it")
    return text


def _moved(game: CompiledGame, before: State, action: Action, words: dict[str, str],
           _: Translate) -> str:
    """A move of a piece from one cell to another, with what it took and any other piece
    of the mover's that moved with it (castling's rook), read off the engine."""
    names = game.board.written
    then, now = pieces_of(before), pieces_of(before.child(action))
    mover = then[action.src]
    text = _("{player} moves the {piece} on {src} to {dst}").format(
        **dict(words, piece=in_case(_, "object", mover.kind)))
    taken = [(cell, p) for cell, p in then.items() if p.side != mover.side and (
        cell not in now or now[cell].side != p.side)]
    if taken:
        text += " " + _("and captures the {piece} on {cell}").format(
            piece=_(taken[0][1].kind), cell=names[taken[0][0]]) if len(taken) == 1 else \
            " " + _("and captures {n} pieces").format(n=len(taken))
    from framework.docs.diagrams import moved_pieces

    for src, dst in moved_pieces(before, action, before.child(action))[1:]:  # a rook
        text += ", " + _("and the {piece} on {src} to {dst}").format(
            piece=_(then[src].kind), src=names[src], dst=names[dst])
    kind_after = now.get(action.dst)
    if kind_after is not None and kind_after.kind != mover.kind:
        text += ", " + _("which becomes a {piece}").format(piece=_(kind_after.kind))
    return text


def consequences(game: CompiledGame, before: State, after: State, action: Action,
                 _: Translate) -> list[str]:
    """What else changed on the board and in the counters when ``action`` was played."""
    names = game.board.written
    from framework.docs.diagrams import removed_and_converted

    taken, turned = removed_and_converted(before, action, after)
    removed = [(names[cell], piece) for cell, pieces in sorted(taken.items())
               for piece in pieces]
    sentences = []
    by_cell: dict[str, list[str]] = {}
    for cell, piece in removed:
        by_cell.setdefault(cell, []).append(piece.kind)
    both = [cell for cell, kinds in by_cell.items() if len(kinds) == 2 and kinds[0] == kinds[1]]
    for cell in both:  # an attacker and its target taken together (Adaptoid's equal pincers)
        sentences.append(_("both {pieces} on {cell} are taken off the board").format(
            pieces=counted(_, by_cell[cell][0], 2), cell=cell))
    by_kind: dict[str, list[str]] = {}
    for cell, piece in removed:
        if cell not in both:
            by_kind.setdefault(piece.kind, []).append(cell)
    for kind, cells in by_kind.items():
        sentences.append(ngettext("the {piece} on {cells} is taken off the board",
                                  "the {piece} on {cells} are taken off the board", len(cells),
                                  _).format(piece=counted(_, kind, len(cells)),
                                            cells=join_words(_, cells)))
    if turned:
        side = pieces_of(after)[turned[0]].side
        sentences.append(ngettext("the enemy piece on {cells} becomes {player}'s",
                                  "the enemy pieces on {cells} become {player}'s",
                                  len(turned), _).format(cells=join_words(_, [names[c] for c in
                                                                            turned]),
                                                      player=_(game.players[side])))
    for c, counter in enumerate(game.counters):
        news = {after.counters[side][c] for side in range(len(game.players))}
        if len(news) == 1 and all(after.counters[side][c] != before.counters[side][c]
                                  for side in range(len(game.players))):
            new = news.pop()  # every player scored alike
            sentences.append(ngettext("each player now has {n} {counter}",
                                      "each player now has {n} {counter}", new, _).format(
                n=new, counter=counted(_, counter, new)))
            continue
        for side, player in enumerate(game.players):
            old, new = before.counters[side][c], after.counters[side][c]
            if new != old:
                sentences.append(ngettext("{player} now has {n} {counter}",
                                          "{player} now has {n} {counter}", new, _).format(
                    player=_(player), n=new, counter=counted(_, counter, new)))
    return [capitalised(s) for s in sentences]


def example_words(game: CompiledGame, steps: Sequence[tuple[State, Action, State]],
                  _: Translate) -> list[str]:
    """One sentence per action of an example, each with what followed."""
    out = []
    for (before, action, after), written in zip(steps, turn_writing(game, steps),
                                                strict=True):
        text = action_sentence(game, before, action, _, written)
        then = consequences(game, before, after, action, _)
        out.append(text + ".")
        if then:
            out.append("; ".join(then if not then else [then[0]] + [
                t if keeps_case(t, game) else t[:1].lower() + t[1:] for t in then[1:]]) + ".")
    return out


def keeps_case(text: str, game: CompiledGame) -> bool:
    """Whether a sentence starts with a name that keeps its capital (a cell name)."""
    return any(text.startswith(name) for name in game.board.names)


def targets_sentence(game: CompiledGame, state: State, cells: Sequence[int], piece: int,
                     kind: str | None, _: Translate) -> str:
    """What the blue dots of an example stand for."""
    names = join_words(_, natural([game.board.written[c] for c in cells]))
    player = _(game.players[state.to_move])
    if piece >= 0:
        return capitalised(_("The piece on {cell} may go to the cells marked with a dot: "
                             "{cells}.").format(cell=game.board.written[piece], cells=names))
    if kind == "create":
        return capitalised(_("{player} may place a new piece on the cells marked with a dot: "
                             "{cells}.").format(player=player, cells=names))
    return capitalised(_("The cells marked with a dot are where {player} may play: {cells}."
                         ).format(player=player, cells=names))
