"""Notation words in the rulebook languages: Spanish ``C5+pata`` for the file's ``C5+leg``.

A game file writes some actions with words of its own: an optional phase's ``skip``, the
``leg`` of ``attribute_notation: {legs: leg}`` or any word of a ``notation:`` template, a
player's name (``white@D2``, the pie rule's ``white``), a ``pass`` word. ``notation.words``
gives, per language, how that language writes each of them; a word the file leaves out is
looked up in the gettext catalogs under the context ``notation`` (boardspec's own catalogs
give the engine's default words ``skip`` and ``pass``; a package's catalogs, found through
``boardspec.locales``, may give its own), and otherwise stays as the file writes it.

Only words are translated, never cell names: in an action of a ``moves`` phase (and of its
presets ``walk``, ``build``, ``clone_or_jump``) the letters of the option's template outside
``{from}``/``{to}``/``{at}``; in any other action, each run of letters that stands apart
(``white`` in ``white@D2``) and is not a cell's name.

The engine, records, JSON, FEN, examples and tests keep the file's notation (the canonical
one): this module only writes actions for people (the rulebooks, ``boardspec play --lang``,
the web app) and reads what people type, in either form, back to the same action.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from framework.errors import (
    IllegalActionError,
    NotationError,
    SpecError,
    SpecIssue,
    quoted_input,
)
from framework.plugins import pgettext, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.spec.yamlsource import YamlSource

#: gettext context of a notation word in the catalogs (``msgctxt "notation"``).
WORD_CONTEXT = "notation"
#: A word of a notation outside templates, and what a translation must be: one run of
#: letters, digits or underscores (a word with a digit is never translated: a cell's name).
WORD = re.compile(r"\w+")
LETTERS = re.compile(r"[^\W\d_]+")
PLACEHOLDER = re.compile(r"(\{(?:from|to|at)\})")
#: Legal actions quoted in an error message, at most.
SHOWN_LEGAL = 12
#: The engine's own default words (an optional phase's ``skip``, a ``pass`` a file may
#: choose), marked here so that Babel extracts them into boardspec's catalogs.
DEFAULT_WORDS = (pgettext("notation", "skip", untranslated),
                 pgettext("notation", "pass", untranslated))


def notation_words(game: CompiledGame) -> tuple[str, ...]:
    """Every word the game's notation writes, in the order of the file's blocks."""
    cells = set(game.board.names) | set(game.board.written)
    found: list[str] = []
    for block in _blocks(game):
        templates = _templates_of(block)
        if templates is not None:
            for template in templates.values():
                for part in PLACEHOLDER.split(template):
                    if not PLACEHOLDER.fullmatch(part):
                        found += LETTERS.findall(part)
            skip = getattr(block, "skip", None)
            texts = [skip.notation] if skip is not None else []
        else:
            space = block.action_space()
            texts = [a.notation for a in space] if space else list(block.notation_examples)
        for text in texts:
            found += [w for w in WORD.findall(text) if w not in cells
                      and not any(ch.isdigit() for ch in w)]
    found += [w for w in WORD.findall(game.spec.notation.pass_)
              if not any(ch.isdigit() for ch in w)]
    return tuple(dict.fromkeys(found))


def folded(text: str) -> str:
    """Text as typed text is compared: case aside, and Russian ё as the е most people type."""
    return text.lower().replace("ё", "е")


def _templates_of(block: Any) -> dict[tuple[str, str], str] | None:
    """A ``moves`` phase's notation template of each (kind, attribute) it makes; None for a
    block of another kind."""
    from framework.plugins import plugins

    if not isinstance(block, plugins("phases")["moves"]):
        return None
    # Options sharing a kind (a man's and a king's jump) write it alike: the first tells.
    return {key: options[0].template for key, options in block.applies.items()}


def _blocks(game: CompiledGame) -> list[Any]:
    """The file's setup steps and turn phases, as written (a restricted phase's block, not
    its wrapper: ``TurnPhase.block``)."""
    return [*game.setups, *(phase.block for phase in game.turn_phases)]


def _template_regex(template: str, cell: str) -> re.Pattern[str]:
    """A template's regular expression, each placeholder a named group (again: the same)."""
    seen: set[str] = set()
    parts = []
    for part in PLACEHOLDER.split(template):
        if PLACEHOLDER.fullmatch(part):
            name = part[1:-1]
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{cell})")
            seen.add(name)
        else:
            parts.append(re.escape(part))
    return re.compile("".join(parts), re.IGNORECASE)


class NotationWords:
    """How one language writes a game's actions, and how it reads them back."""

    def __init__(self, game: CompiledGame, lang: str) -> None:
        from framework.i18n import translations
        from framework.moves.optional import cell_pattern

        self.game = game
        self.lang = lang
        self._ = translations(lang).gettext
        given = game.spec.notation.words.get(lang, {})
        canonical = notation_words(game)
        cells = {n.lower() for n in game.board.names}
        taken = {w.lower() for w in canonical} | cells
        # The game file's own words (checked when it loads), then the catalogs' for the
        # words it leaves out: a catalog's word that does not fit this game (a cell's name,
        # a word already used) is left out, and the file's word stays.
        mine = {w: given[w] for w in canonical if w in given and given[w] != w}
        used = taken | {t.lower() for t in mine.values()}
        words: dict[str, str] = {}
        for word in canonical:
            if word in mine:
                words[word] = mine[word]
                continue
            written = pgettext(WORD_CONTEXT, word, self._)
            if written == word or not WORD.fullmatch(written) or written.lower() in used:
                continue
            words[word] = written
            used.add(written.lower())
        #: The file's word → this language's, for the words written otherwise here.
        self.words = words
        self._lower = {w.lower(): t for w, t in words.items()}
        self._reverse = {folded(t): w for w, t in words.items()}
        cell = cell_pattern(game.board.written)
        self._by_action: dict[tuple[str, str, str], tuple[re.Pattern[str], str]] = {}
        for block in _blocks(game):
            for (kind, attribute), template in (_templates_of(block) or {}).items():
                self._by_action[block.name, kind, attribute] = (
                    _template_regex(template, cell), self._template(template))
        self._written: dict[Action, str] = {}

    # Writing --------------------------------------------------------------------------
    def _template(self, template: str) -> str:
        return "".join(part if PLACEHOLDER.fullmatch(part) else LETTERS.sub(
            lambda m: self._lower.get(m.group().lower(), m.group()), part)
            for part in PLACEHOLDER.split(template))

    def _tokens(self, text: str) -> str:
        return WORD.sub(lambda m: self._lower.get(m.group().lower(), m.group()), text)

    @staticmethod
    def _fill(template: str, found: re.Match[str]) -> str:
        return PLACEHOLDER.sub(lambda m: found.group(m.group()[1:-1]), template)

    def write(self, action: Action) -> str:
        """``action`` as this language writes it (its notation when no word differs)."""
        if not self.words:
            return action.notation
        known = self._written.get(action)
        if known is None:
            known = self.write_text(action.notation, (action.phase, action.kind,
                                                      action.attribute))
            self._written[action] = known
        return known

    def write_text(self, text: str, key: tuple[str, str, str] | None = None) -> str:
        """A notation written as in the game file (an example's action), in this language;
        ``key`` (phase, kind, attribute) names the template it was written with, if known."""
        if not self.words:
            return text
        candidates = [self._by_action[key]] if key in self._by_action else \
            [] if key is not None else list(self._by_action.values())
        for regex, translated in candidates:
            found = regex.fullmatch(text)
            if found:
                return self._fill(translated, found)
        return self._tokens(text)

    def pairs(self) -> list[tuple[str, str]]:
        """(this language's word, the file's word) for every word written otherwise."""
        return [(t, w) for w, t in self.words.items()]

    # Reading --------------------------------------------------------------------------
    def read(self, text: str) -> str:
        """Typed text with this language's words put back as the file writes them."""
        return WORD.sub(lambda m: self._reverse.get(folded(m.group()), m.group()), text)

    def parse(self, state: State, text: str) -> Action:
        """The legal action ``text`` names, written in this language or as the game file
        writes it; else a NotationError or IllegalActionError in this language, quoting
        the input and saying what was expected, written in this language."""
        if self.lang == "en" and not self.words:
            return state.parse_action(text)
        wanted = text.strip()
        low = folded(wanted)
        for action in state.legal_actions():
            if folded(action.notation) == low or folded(self.write(action)) == low:
                return action
        try:
            return state.parse_action(self.read(wanted))
        except IllegalActionError:
            raise IllegalActionError(self.not_legal(state, wanted)) from None
        except NotationError:
            raise NotationError(self.not_an_action(wanted)) from None

    def examples(self) -> list[str]:
        """One written action of each form, in this language (for error messages)."""
        game = self.game
        blocks: list[Any] = [*game.phases, *game.setups]
        found = [self.write_text(e) for b in blocks for e in b.notation_examples]
        if game.spec.no_legal_move == "pass":
            found.append(self.write_text(game.pass_action.notation))
        return list(dict.fromkeys(found))

    def not_an_action(self, text: str) -> str:
        _ = self._
        return _("{input} is not an action of {game}; expected an action written like "
                 "{examples}").format(input=quoted_input(text), game=_(self.game.name),
                                      examples=", ".join(repr(e) for e in self.examples()))

    def not_legal(self, state: State, text: str) -> str:
        _ = self._
        if state.is_terminal():
            return _("{input} is not legal here: the game is over").format(
                input=quoted_input(text))
        game = self.game
        if state.setup < len(game.setups):
            player = _("the {seat} player").format(
                seat=_(("first", "second")[state.current_player % 2]))
        else:
            player = _(game.players[state.to_move])
        legal = [self.write(a) for a in state.legal_actions()]
        shown = ", ".join(legal[:SHOWN_LEGAL])
        if len(legal) > SHOWN_LEGAL:
            shown += " " + _("… ({n} in all)").format(n=len(legal))
        return _("{input} is not legal here ({player} to play); legal: {actions}").format(
            input=quoted_input(text), player=player, actions=shown or "—")


def translation_problem(state: State, picked: list[Action]) -> str | None:
    """Why the translated notation of ``state``'s legal actions would not read back in some
    language (two actions written alike, a written action read as another), or None; the
    ``picked`` actions are also read back in full (``boardspec check``)."""
    game = state.game
    actions = state.legal_actions()
    canonical = {folded(a.notation): a for a in actions}
    for lang in ("es", "pt", "ru", "eo"):
        words = words_in(game, lang)
        if not words.words:
            continue
        written: dict[str, Action] = {}
        for action in actions:
            text = folded(words.write(action))
            other = written.setdefault(text, action)
            if other != action or canonical.get(text, action) != action:
                twin = other if other != action else canonical[text]
                return (f"{lang}: {action.notation!r} and {twin.notation!r} are both written "
                        f"{words.write(action)!r}")
        for action in picked:
            try:
                back = words.parse(state.clone(), words.write(action))
            except (NotationError, IllegalActionError) as exc:
                return f"{lang}: {words.write(action)!r} ({action.notation}) does not read: {exc}"
            if back != action:
                return (f"{lang}: {words.write(action)!r} ({action.notation}) reads back as "
                        f"{back.notation!r}")
    return None


#: The notation words of the rulebook being written (set by ``framework.docs.rulebook``);
#: None: actions are shown as the game file writes them.
WRITING: ContextVar[NotationWords | None] = ContextVar("WRITING", default=None)


def shown(action: Action) -> str:
    """``action`` as the rulebook being written shows it."""
    words = WRITING.get()
    return words.write(action) if words is not None else action.notation


def shown_text(text: str) -> str:
    """A notation of the game file (an example's action) as the rulebook shows it."""
    words = WRITING.get()
    return words.write_text(text) if words is not None else text


def words_in(game: CompiledGame, lang: str) -> NotationWords:
    """The notation words of ``game`` in ``lang`` (made once per game and language)."""
    made: dict[str, NotationWords] = game.__dict__.setdefault("_notation_words", {})
    if lang not in made:
        made[lang] = NotationWords(game, lang)
    return made[lang]


# Checking a game file's words -----------------------------------------------------------
def check_words(game: CompiledGame, src: YamlSource | None) -> None:
    """A SpecError naming every wrong entry of ``notation.words``."""
    issues = [src.issue(loc, message) if src else SpecIssue("<spec>", 0, 0, "", message)
              for loc, message in word_issues(game)]
    if issues:
        raise SpecError(issues)


def word_issues(game: CompiledGame) -> Iterator[tuple[tuple[str | int, ...], str]]:
    from framework.i18n import LANGUAGES

    words = notation_words(game)
    known = {w.lower(): w for w in words}
    cells = {n.lower(): n for n in game.board.names}
    languages = [code for code in LANGUAGES if code != "en"]
    for lang, table in game.spec.notation.words.items():
        loc: tuple[str | int, ...] = ("notation", "words", lang)
        if lang not in languages:
            yield loc, (f"{lang!r} is not a language the notation can be translated into "
                        f"(the file's own words are the English ones); expected one of: "
                        f"{', '.join(languages)}")
            continue
        seen: dict[str, str] = {}
        for word, written in table.items():
            here = (*loc, word)
            if word not in words:
                listed = ", ".join(words) or ("none (every action is written with cell names "
                                              "and signs only)")
                yield here, (f"{word!r} is not a word of this game's notation; its words are: "
                             f"{listed}")
                continue
            if not WORD.fullmatch(written) or any(ch.isdigit() for ch in written):
                yield here, (f"{written!r} must be one word of letters (no spaces, signs or "
                             "digits), so that it cannot be read as a cell or as two words")
            elif written.lower() in cells:
                yield here, (f"{written!r} is the name of cell {cells[written.lower()]}: an "
                             "action with it would read two ways")
            elif known.get(written.lower(), word) != word:
                yield here, (f"{written!r} is how the game file writes "
                             f"{known[written.lower()]!r}: an action with it would read two "
                             "ways")
            elif written.lower() in seen:
                yield here, (f"{written!r} is also the {lang} word for "
                             f"{seen[written.lower()]!r}: an action with it would read two "
                             "ways")
            seen.setdefault(written.lower(), word)
